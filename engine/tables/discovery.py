"""Finding games: a server's open lobbies, invitations with a join button,
closing lobbies nobody comes to, and a limit on how many games one member
hosts in a server (no spam).

Two values are set per server by a member with Manage Server and kept in the
settings table under the scope ``guild``: ``lobby_idle_hours`` (how long a
lobby may go without anyone joining, leaving or changing a setting) and
``max_open_games_per_user`` (lobbies and running games one member may host).

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

SERVER_DEFAULTS: dict[str, float] = {"lobby_idle_hours": 72.0, "max_open_games_per_user": 5}
"""Per-server settings: a lobby closes after ``lobby_idle_hours`` without a
join, a leave or a change of its settings; one member hosts at most
``max_open_games_per_user`` live games (lobbies and running ones) at once."""
SERVER_LIMITS: dict[str, tuple[float, float]] = {
    "lobby_idle_hours": (1.0, 24.0 * 30),
    "max_open_games_per_user": (1, 50),
}
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


def games(count: int) -> str:
    """ "1 open game", "5 open games"."""
    return f"{count} open game{'' if count == 1 else 's'}"


def check_server_settings(changes: Mapping[str, Any]) -> dict[str, float]:
    """The changes, each checked; raises ``TableError`` naming what is allowed."""
    checked: dict[str, float] = {}
    for key, value in changes.items():
        if key not in SERVER_DEFAULTS:
            raise TableError(f"Unknown server setting {key!r}; they are {', '.join(SERVER_DEFAULTS)}.")
        whole = key == "max_open_games_per_user"
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (whole and value != int(value)):
            raise TableError(f"{key} must be {'a whole number' if whole else 'a number of hours'}.")
        low, high = SERVER_LIMITS[key]
        if not low <= value <= high:
            raise TableError(f"{key} must be between {low:g} and {high:g}; {value:g} is not.")
        checked[key] = int(value) if whole else float(value)
    return checked


def describe_server_settings(settings: Mapping[str, float]) -> str:
    """ "lobbies close after 3 days without players, each member hosts at most 5 open games"."""
    parts = []
    for key, value in settings.items():
        if key == "lobby_idle_hours":
            parts.append(f"lobbies close after {duration(value * 3600)} without players")
        else:
            parts.append(f"each member hosts at most {games(int(value))}")
    return ", ".join(parts)


class Discovery(Lobby):
    """Finding games. A part of ``Tables`` over the lobby, whose ``create``
    it guards with the server's limit on open games per member."""

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
        """Open a lobby (``Lobby.create``), unless its host already hosts as
        many open games in the server as it allows. The signature is
        ``Lobby.create``'s: mypy reports an override that falls out of step."""
        await self.check_may_host(guild_id, user_id)
        return await super().create(
            channel_id=channel_id,
            user_id=user_id,
            name=name,
            game=game,
            options=options,
            guild_id=guild_id,
            parent_id=parent_id,
            seed=seed,
            settings=settings,
        )

    # -- server settings -------------------------------------------------------------------

    async def server_settings(self, guild_id: int | None) -> dict[str, float]:
        """A server's settings, defaults filled in (a table outside any server has the defaults)."""
        settings = dict(SERVER_DEFAULTS)
        if guild_id is None:
            return settings
        for key in SERVER_DEFAULTS:
            stored = await self.store.get_setting("guild", guild_id, key)
            if stored is not None:
                settings[key] = stored
        return settings

    async def configure_server(
        self,
        guild_id: int | None,
        user_id: int,
        can_manage_server: bool = False,
        lobby_idle_hours: float | None = None,
        max_open_games_per_user: int | None = None,
    ) -> str:
        """Change a server's settings (Manage Server only); with nothing to
        change, say what they are."""
        if guild_id is None:
            raise TableError("Server settings belong to a server; run this in one.")
        given = {"lobby_idle_hours": lobby_idle_hours, "max_open_games_per_user": max_open_games_per_user}
        changes = check_server_settings({key: value for key, value in given.items() if value is not None})
        if not changes:
            current = await self.server_settings(guild_id)
            return f"⚙️ On this server: {describe_server_settings(current)}."
        if not can_manage_server:
            raise TableError("Only a member with Manage Server can change the server's settings.")
        for key, value in changes.items():
            await self.store.put_setting("guild", guild_id, key, value)
        return f"⚙️ <@{user_id}> set for this server: {describe_server_settings(changes)}."

    # -- the limit on open games -----------------------------------------------------------

    async def check_may_host(self, guild_id: int | None, user_id: int | None) -> None:
        """Refuse a member who already hosts as many live games in the server
        as it allows, naming them and how to close one. Front ends call it
        before any work a refusal would waste (opening a thread)."""
        if guild_id is None or user_id is None:
            return  # the terminal table, and host-less lobbies: no server to protect
        limit = int((await self.server_settings(guild_id))["max_open_games_per_user"])
        if await self.store.count_hosted_open_games(guild_id, user_id) < limit:
            return
        hosted = [
            record
            for record in await self.store.games_of_user(user_id)
            if record.guild_id == guild_id and record.host_id == user_id
        ]
        listed = ", ".join(
            f"#{record.id} {self.game_for(record.game).title} in <#{record.channel_id}> ({record.status})"
            for record in hosted[:10]
        )
        raise TableError(
            f"You already host {games(len(hosted))} on this server, its limit ({limit}): {listed}. "
            f"Close one first: `/game abandon` in its channel (or `/game leave` a lobby), or finish it. "
            f"A member with Manage Server can change the limit with `/game server-settings max_open_games:`."
        )

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
