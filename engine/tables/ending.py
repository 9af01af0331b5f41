"""Ending a game early: a resignation, or the host abandoning it."""

from __future__ import annotations

from engine.core import Outcome
from engine.store import GameRecord, NewNotice
from engine.tables.bots import default_level
from engine.tables.commits import Commits
from engine.tables.model import TableError, Unloadable, seat_label
from engine.tables.notices import outcome_text


class Ending(Commits):
    """Resigning and abandoning."""

    async def resign(self, game_id: int, user_id: int) -> str:
        async with self._held(game_id) as live:
            self._require_active(live.record)
            seat = self._seat_of(live, user_id)
            record = live.record
            label = seat_label(live, seat)
            humans_left = [s for s in record.seats if s.user_id is not None and s.seat != seat]
            if len(record.seats) == 2 or not humans_left:
                winners = tuple(s.seat for s in record.seats if s.seat != seat)
                scores = tuple(0.0 if s.seat == seat else 1.0 for s in record.seats)
                outcome = Outcome(scores, winners, f"{label} resigned")
                text = f"🏳️ {label} resigns."
                await self._commit(live, seat, "resign", "resign", text, live.state, live.state, ended=outcome)
                return text + "\n" + outcome_text(live, outcome)
            seat_record = record.seats[seat]
            seat_record.user_id, seat_record.bot, seat_record.away = (
                None,
                default_level(live.game, stand_in=True),
                False,
            )
            seat_record.name = f"{seat_record.name} (resigned)"
            text = f"🏳️ {label} resigns; a bot plays that seat from now on."
            await self.store.update_seat(record.id, seat_record)
            await self._commit(live, seat, "resign", "resign", text, live.state, live.state)
            if record.host_id == user_id:  # a player who left the table has no say in it
                await self._hand_over(live, humans_left[0].user_id)
            return text

    async def replace(
        self, game_id: int, user_id: int, seat: int, new_user_id: int, name: str, can_manage: bool = False
    ) -> str:
        """A person takes over a seat: from its player (by the host, Manage
        Channels, or the player handing it over), or from the bot standing in
        for someone who resigned or missed a deadline. The newcomer is sent
        the seat's private side at once."""
        async with self._held(game_id) as live:
            record = live.record
            self._require_active(record)
            if not 0 <= seat < len(record.seats):
                raise TableError(f"There is no seat {seat + 1}; the seats run from 1 to {len(record.seats)}.")
            seat_record = record.seats[seat]
            if seat_record.user_id != user_id:
                self._require_host(record, user_id, can_manage, "give another player's seat away")
            if record.seat_of(new_user_id) is not None:
                raise TableError(f"{name} already plays in this game.")
            if seat_record.user_id is None and seat_record.bot in live.game.rulebook_levels:
                raise TableError("That seat is one of the rulebook's own AI players; it stays with the rules.")
            label = seat_label(live, seat)
            old_user = seat_record.user_id
            seat_record.user_id, seat_record.name, seat_record.bot, seat_record.away = new_user_id, name, None, False
            await self.store.update_seat(game_id, seat_record)
            text = f"🔄 {name} takes over {label}."
            notices = [NewNotice("channel", {"text": text, "mentions": [new_user_id], "game": record.game})]
            if live.game.hidden_information:
                notices.append(
                    NewNotice(
                        "private",
                        {
                            "text": f"You took over a seat in {live.game.title} (#{record.id}). Here is what only you can see.",
                            "view": live.game.view(live.state, seat),
                            "names": [s.name for s in record.seats],
                            "game": record.game,
                            "seat": seat,
                        },
                        user_id=new_user_id,
                    )
                )
            await self.store.add_notices(game_id, record.seq, notices)
            live.privates = {}  # the next move compares this seat's secrets afresh
            if old_user is not None and record.host_id == old_user:
                await self._hand_over(live, new_user_id)
            self._after_commit(game_id)
            return text

    async def abandon(self, game_id: int, user_id: int, can_manage: bool = False) -> str:
        try:
            return await self._abandon(game_id, user_id, can_manage)
        except Unloadable:
            return await self._abandon_unloadable(game_id, user_id, can_manage)

    @staticmethod
    def _require_may_abandon(record: GameRecord, user_id: int, can_manage: bool) -> None:
        if record.status not in ("lobby", "active"):
            raise TableError(f"This game is already {record.status}.")
        if record.host_id != user_id and not can_manage:
            raise TableError("Only the host or a member with Manage Channels can abandon the game.")

    async def _abandon_unloadable(self, game_id: int, user_id: int, can_manage: bool) -> str:
        """Abandon a game whose state cannot be rebuilt: only its record changes."""
        record = await self.store.game(game_id)
        assert record is not None  # loading it failed after finding it
        self._require_may_abandon(record, user_id, can_manage)
        text = f"The {self.game_for(record.game).title} game #{record.id} was abandoned (it could not be loaded)."
        await self.store.update_game(game_id, status="abandoned", finished_at=self.clock())
        await self.store.add_notices(
            game_id, record.seq, [NewNotice("channel", {"text": text, "mentions": [], "game": record.game})]
        )
        self._forget(game_id)
        self._spawn(self.flush(game_id))
        return text

    async def _abandon(self, game_id: int, user_id: int, can_manage: bool) -> str:
        async with self._held(game_id) as live:
            record = live.record
            self._require_may_abandon(record, user_id, can_manage)
            text = f"The {live.game.title} game #{record.id} was abandoned."
            if record.status == "lobby":
                await self.store.update_game(game_id, status="abandoned", finished_at=self.clock())
                record.status = "abandoned"
                await self._note(live, f"🗑️ {text}")
            else:
                await self._commit(live, None, "abandon", "abandon", text, live.state, live.state, abandoned=True)
            self._forget(game_id)
            return text
