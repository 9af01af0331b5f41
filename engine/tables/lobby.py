"""Before a game starts: opening a lobby, taking and leaving seats, bots,
and the start."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from engine.core import AI_SEATS, Game, IllegalAction, resolve_options
from engine.store import ChannelBusy, GameRecord, SeatRecord
from engine.tables.bots import default_level
from engine.tables.model import PlayResult, TableError
from engine.tables.servers import ServerRules
from engine.tables.settings import DEFAULT_SETTINGS, check_settings


def playable_somehow(game: Game, options: dict[str, Any]) -> None:
    """Refuse at once options no table size can start with (a banned pair of
    gods, too few gods for any count), with the game's own message, instead
    of a lobby that can never start."""
    first: IllegalAction | None = None
    for players in range(game.min_players, game.max_players + 1):
        try:
            game.new(players, dict(options), 0)
            return
        except IllegalAction as error:
            first = first or error
    assert first is not None
    raise first


class Lobby(ServerRules):
    """The lobby: seats, bots and the start."""

    async def create(
        self,
        *,
        channel_id: int,
        user_id: int | None,
        name: str,
        game: str,
        options: Mapping[str, Any] | None = None,
        guild_id: int | None = None,
        parent_id: int | None = None,
        seed: int | None = None,
        settings: Mapping[str, Any] | None = None,
    ) -> GameRecord:
        """Open a lobby for ``game`` in a channel; the creator hosts it and takes
        the first seat (a ``user_id`` of None opens an empty, host-less lobby,
        as the terminal table does). A member who already hosts the server's
        limit of live games is refused."""
        async with self._one_opening_at_a_time(guild_id, user_id):
            await self.check_may_host(guild_id, user_id)
            chosen = self.game_for(game)
            resolved = resolve_options(chosen, options)
            playable_somehow(chosen, resolved)
            busy = await self.in_channel(channel_id)
            if busy is not None:
                raise self._busy_error(busy)
            table_settings = dict(DEFAULT_SETTINGS)
            table_settings.update(check_settings(settings or {}))
            try:
                game_id = await self.store.create_game(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    parent_id=parent_id,
                    game=chosen.name,
                    options=resolved,
                    seed=seed if seed is not None else secrets.randbits(63),
                    host_id=user_id,
                    settings=table_settings,
                    seats=[SeatRecord(0, user_id, name)] if user_id is not None else [],
                )
            except ChannelBusy:
                raise self._busy_error(await self.store.live_game_in(channel_id)) from None
        return (await self._live(game_id)).record

    def _busy_error(self, record: GameRecord | None) -> TableError:
        if record is None:
            return TableError("This channel already has a game.")
        title = self.game_for(record.game).title
        where = "waiting for players" if record.status == "lobby" else "in progress"
        return TableError(
            f"This channel already has a {title} game {where} (#{record.id}). Finish it, `/game abandon` it, "
            f"or start the new one in a thread with `/game new ... thread:true`."
        )

    async def join(self, game_id: int, user_id: int, name: str) -> GameRecord:
        async with self._held(game_id) as live:
            record = live.record
            self._require_lobby(record, "join")
            if record.seat_of(user_id) is not None:
                raise TableError("You are already seated in this game.")
            if len(record.seats) >= live.game.max_players:
                raise TableError(
                    f"This {live.game.title} game is full "
                    f"({live.game.max_players} players). Ask for a new one in a thread."
                )
            seats = record.seats + [SeatRecord(len(record.seats), user_id, name)]
            await self.store.replace_seats(game_id, seats)
            record.seats = seats
            return record

    async def add_bot(
        self, game_id: int, user_id: int, level: str | None = None, can_manage: bool = False
    ) -> GameRecord:
        async with self._held(game_id) as live:
            record = live.record
            self._require_lobby(record, "add a bot to")
            self._require_host(record, user_id, can_manage, "add a bot")
            levels = tuple(live.game.bot_levels)
            chosen = (level or default_level(live.game)).strip().lower()
            if chosen not in levels:
                raise TableError(f"{live.game.title} bots come in: {', '.join(levels)}; not {level!r}.")
            if len(record.seats) >= live.game.max_players:
                raise TableError(f"This {live.game.title} game is full ({live.game.max_players} players).")
            number = sum(1 for s in record.seats if s.user_id is None) + 1
            seats = record.seats + [SeatRecord(len(record.seats), None, f"Bot {number} ({chosen})", chosen)]
            await self.store.replace_seats(game_id, seats)
            record.seats = seats
            return record

    async def leave(self, game_id: int, user_id: int) -> GameRecord:
        async with self._held(game_id) as live:
            record = live.record
            if record.status == "active":
                raise TableError("The game has started: use `/game resign` to give up your seat.")
            self._require_lobby(record, "leave")
            seat = record.seat_of(user_id)
            if seat is None:
                raise TableError("You are not seated in this game.")
            kept = [s for s in record.seats if s.seat != seat]
            seats = [SeatRecord(i, s.user_id, s.name, s.bot, s.away) for i, s in enumerate(kept)]
            humans = [s for s in seats if s.user_id is not None]
            if not humans and record.host_id is not None:
                await self.store.update_game(game_id, status="abandoned", finished_at=self.clock())
                record.status = "abandoned"
                self._forget(game_id)
                return record
            await self.store.replace_seats(game_id, seats)
            record.seats = seats
            if record.host_id == user_id and humans:
                await self._hand_over(live, humans[0].user_id)
            return record

    async def kick(self, game_id: int, user_id: int, target_user_id: int, can_manage: bool = False) -> GameRecord:
        """The host (or Manage Channels) takes a player's seat in a lobby away."""
        async with self._held(game_id) as live:
            record = live.record
            self._require_lobby(record, "change")
            self._require_host(record, user_id, can_manage, "remove a player from the lobby")
            seat = record.seat_of(target_user_id)
            if seat is None:
                raise TableError("That member is not seated in this lobby.")
            if target_user_id == user_id:
                raise TableError("To give up your own seat, use `/game leave`.")
            name = record.seats[seat].name
            kept = [s for s in record.seats if s.seat != seat]
            seats = [SeatRecord(i, s.user_id, s.name, s.bot, s.away) for i, s in enumerate(kept)]
            await self.store.replace_seats(game_id, seats)
            record.seats = seats
            await self._note(live, f"🚪 {name} was removed from the lobby by its host.")
            return record

    async def remove_bot(self, game_id: int, user_id: int, can_manage: bool = False) -> GameRecord:
        """Take the last bot out of a lobby."""
        async with self._held(game_id) as live:
            record = live.record
            self._require_lobby(record, "change")
            self._require_host(record, user_id, can_manage, "remove a bot")
            bots = [s for s in record.seats if s.user_id is None]
            if not bots:
                raise TableError("There is no bot in this lobby.")
            kept = [s for s in record.seats if s.seat != bots[-1].seat]
            seats = [SeatRecord(i, s.user_id, s.name, s.bot, s.away) for i, s in enumerate(kept)]
            await self.store.replace_seats(game_id, seats)
            record.seats = seats
            return record

    async def start(self, game_id: int, user_id: int, can_manage: bool = False) -> PlayResult:
        async with self._held(game_id) as live:
            record, game = live.record, live.game
            self._require_lobby(record, "start")
            self._require_host(record, user_id, can_manage, "start the game")
            count = len(record.seats)
            if count < game.min_players:
                missing = game.min_players - count
                raise TableError(
                    f"{game.title} needs at least {game.min_players} players; {count} seated. "
                    f"{missing} more must `/game join` (or add a bot with `/game add-bot`)."
                )
            options = dict(record.options)
            rules_run = [s.seat for s in record.seats if s.bot in game.rulebook_levels]
            if rules_run:
                options[AI_SEATS] = rules_run
            state = game.new(count, options, record.seed)  # IllegalAction explains
            record.options = options
            now = self.clock()
            names = ", ".join(f"{s.name} ({game.seat_name(state, s.seat)})" for s in record.seats)
            text = f"{game.title} begins! Seats: {names}."
            live.state = state
            await self._commit(
                live,
                None,
                "start",
                "start",
                text,
                state,
                None,
                game_fields={"status": "active", "started_at": now, "options": options},
                opening=True,
            )
            return self._result(live, None, "start", text, True)

    def _require_lobby(self, record: GameRecord, verb: str) -> None:
        if record.status == "lobby":
            return
        if record.status == "active":
            raise TableError(f"The game has already started; you cannot {verb} it now.")
        raise TableError(f"This game is {record.status}; start a new one with `/game new`.")
