"""Finding games: a server's open lobbies, invitations with a join button,
and closing lobbies nobody comes to after the server's ``lobby_idle_hours``
(``servers``, which also holds the limit on games one member hosts).

A lobby's last activity is noticed, not reported: each expiry sweep (the
reminder loop's, claimed so that one process of a fleet does it) compares a
fingerprint of the lobby's seats, host, options and settings with the one it
saw last, and a change restarts the lobby's idle time. So every way a lobby
can change counts, including ones added later, at the cost of a sweep's
interval of precision, which is nothing against days."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import AgoraError, Game, canonical_json
from engine.store import GameRecord, NewNotice
from engine.tables.lobby import Lobby
from engine.tables.model import TableError, duration

log = logging.getLogger("agora.tables")

EXPIRY_JOB = "lobby-expiry"
SWEEP_EVERY = 600.0
"""Seconds between two expiry sweeps across a fleet: the precision of a
lobby's idle time, and the price (one read per lobby) paid that often."""


@dataclass(frozen=True)
class LobbyListing:
    """An open lobby as ``/game lobbies`` shows it."""

    game_id: int
    game: str
    title: str
    host_id: int | None
    host_name: str
    seated: int
    min_players: int
    max_players: int
    options: dict[str, Any]
    """The options that differ from the game's defaults."""
    channel_id: int
    parent_id: int | None
    age: float
    """Seconds since the lobby opened."""

    @property
    def free(self) -> int:
        return max(0, self.max_players - self.seated)


def changed_options(game: Game, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options that differ from the game's defaults (the ones worth showing)."""
    return {
        name: value for name, value in options.items() if name in game.options and value != game.options[name].default
    }


def describe_options(options: Mapping[str, Any]) -> str:
    """``gods=artemis,demeter advanced=true``, as they are typed at ``/game new``."""
    parts = []
    for name, value in options.items():
        if isinstance(value, bool):
            shown = "true" if value else "false"
        elif isinstance(value, (list, tuple)):
            shown = ",".join(str(item) for item in value)
        else:
            shown = str(value)
        parts.append(f"{name}={shown}")
    return " ".join(parts)


def lobby_fingerprint(record: GameRecord) -> str:
    """What changes when someone joins, leaves, is kicked, or changes a
    setting, an option or the host."""
    shape = {
        "host": record.host_id,
        "seats": [[seat.user_id, seat.bot] for seat in record.seats],
        "options": record.options,
        "settings": record.settings,
    }
    return hashlib.sha256(canonical_json(shape).encode()).hexdigest()[:16]


class Discovery(Lobby):
    """Finding games: listing lobbies, inviting, closing idle lobbies."""

    # -- listing and inviting ----------------------------------------------------------------

    async def open_lobbies(self, guild_id: int | None) -> list[LobbyListing]:
        """The server's open lobbies with a free seat, newest first."""
        if guild_id is None:
            return []
        now = self.clock()
        listings = []
        for record in await self.store.open_lobbies(guild_id):
            game = self.registry.get(record.game)
            if game is None:  # a game this version no longer has
                continue
            host = next((seat for seat in record.seats if seat.user_id == record.host_id), None)
            listing = LobbyListing(
                game_id=record.id,
                game=record.game,
                title=game.title,
                host_id=record.host_id,
                host_name=host.name if host is not None else "nobody",
                seated=len(record.seats),
                min_players=game.min_players,
                max_players=game.max_players,
                options=changed_options(game, record.options),
                channel_id=record.channel_id,
                parent_id=record.parent_id,
                age=max(0.0, now - record.created_at),
            )
            if listing.free:
                listings.append(listing)
        return listings[::-1]

    async def invite(self, game_id: int, user_id: int, invitee_id: int) -> str:
        """A player seated in a lobby invites a member: a post in the lobby's
        channel that mentions them, with a join button. One invitation per
        member and lobby, so nobody is pinged over and over."""
        async with self._held(game_id) as live:
            record, game = live.record, live.game
            self._require_lobby(record, "invite to")
            seat = record.seat_of(user_id)
            if seat is None:
                raise TableError("Only the players seated in this lobby can invite; `/game join` it first.")
            if invitee_id == user_id:
                raise TableError("You are already seated here; invite someone else.")
            if record.seat_of(invitee_id) is not None:
                raise TableError(f"<@{invitee_id}> is already seated in this game.")
            if len(record.seats) >= game.max_players:
                raise TableError(f"This {game.title} game is full ({game.max_players} players); nobody can join it.")
            key = f"invited:{invitee_id}"
            if await self.store.get_setting("lobby", game_id, key) is not None:
                raise TableError(f"<@{invitee_id}> has already been invited to this lobby.")
            options = describe_options(changed_options(game, record.options))
            text = (
                f"📨 <@{invitee_id}>, {record.seats[seat].name} invites you to a **{game.title}** game "
                f"(#{record.id}, {len(record.seats)}/{game.max_players} seated"
                f"{f', options {options}' if options else ''}). Take a seat with the button or `/game join`."
            )
            await self.store.add_notices(
                game_id,
                record.seq,
                [NewNotice("invite", {"text": text, "mentions": [invitee_id], "game": record.game})],
            )
            await self.store.put_setting("lobby", game_id, key, self.clock())
        self._spawn(self.flush(game_id))
        return f"Invited <@{invitee_id}> to game #{game_id}; the invitation is posted in <#{record.channel_id}>."

    # -- closing lobbies nobody comes to --------------------------------------------------------

    async def expire_lobbies(self, now: float | None = None) -> int:
        """Close the lobbies idle for longer than their server allows, each
        with a public post; returns how many closed. Call periodically (the
        reminder loop): across a fleet one process sweeps at a time, at most
        every ``SWEEP_EVERY`` seconds."""
        now = self.clock() if now is None else now
        if not await self.store.claim_job(EXPIRY_JOB, self.owner, now, SWEEP_EVERY):
            return 0
        idle_hours: dict[int, float] = {}
        closed = 0
        for record in await self.store.open_lobbies(None):
            if record.guild_id is None:
                continue  # the terminal's tables belong to nobody's server
            if record.guild_id not in idle_hours:
                idle_hours[record.guild_id] = (await self.server_settings(record.guild_id))["lobby_idle_hours"]
            hours = idle_hours[record.guild_id]
            if now - await self._last_activity(record, now) < hours * 3600:
                continue
            try:
                closed += await self._expire(record.id, hours, now)
            except AgoraError as error:
                log.warning("lobby %s could not be closed: %s", record.id, error)
        return closed

    async def _last_activity(self, record: GameRecord, now: float) -> float:
        """When the lobby last changed, as the sweeps saw it. A lobby seen for
        the first time counts from now: it may have changed in a way no
        sweep saw (one opened before this version, or while the bot was down)."""
        seen = await self.store.get_setting("lobby", record.id, "activity")
        fingerprint = lobby_fingerprint(record)
        if isinstance(seen, dict) and seen.get("print") == fingerprint:
            return float(seen["at"])
        await self.store.put_setting("lobby", record.id, "activity", {"print": fingerprint, "at": now})
        return now

    async def _expire(self, game_id: int, hours: float, now: float) -> int:
        async with self._held(game_id) as live:
            record = live.record
            if record.status != "lobby" or now - await self._last_activity(record, now) < hours * 3600:
                return 0  # it started, closed or changed since the sweep read it
            await self.store.update_game(game_id, status="abandoned", finished_at=now)
            record.status = "abandoned"
            await self._note(
                live,
                f"⌛ Game #{game_id}'s lobby closed after {duration(hours * 3600)} without players. "
                f"Open a new one with `/game new`.",
            )
            self._forget(game_id)
        return 1
