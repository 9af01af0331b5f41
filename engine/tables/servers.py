"""A server's own rules for its tables, set by a member with Manage Server
and kept in the settings table under the scope ``guild``: how long a lobby
may wait for players (``lobby_idle_hours``, used by ``discovery``) and how
many live games one member may host (``max_open_games_per_user``, checked
when a lobby opens)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Mapping
from typing import Any

from engine.tables.commits import Commits
from engine.tables.model import TableError, duration

SERVER_DEFAULTS: dict[str, float] = {"lobby_idle_hours": 72.0, "max_open_games_per_user": 5}
"""Per-server settings: a lobby closes after ``lobby_idle_hours`` without a
join, a leave or a change of its settings; one member hosts at most
``max_open_games_per_user`` live games (lobbies and running ones) at once."""
SERVER_LIMITS: dict[str, tuple[float, float]] = {
    "lobby_idle_hours": (1.0, 24.0 * 30),
    "max_open_games_per_user": (1, 50),
}


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


class ServerRules(Commits):
    """Per-server settings and the limit on games one member hosts."""

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

    @contextlib.asynccontextmanager
    async def _one_opening_at_a_time(self, guild_id: int | None, user_id: int | None) -> AsyncIterator[None]:
        """A member's lobbies in a server open one after another, so two
        ``/game new`` at the same instant cannot both pass the limit. A lock
        in the process suffices: a server's commands all reach the process of
        its shard (DMs, shard 0's, open no lobby)."""
        if guild_id is None or user_id is None:
            yield
            return
        key = (guild_id, user_id)
        lock, users = self._opening_locks.get(key, (asyncio.Lock(), 0))
        self._opening_locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._opening_locks[key]
            if users == 1:
                del self._opening_locks[key]
            else:
                self._opening_locks[key] = (lock, users - 1)

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
