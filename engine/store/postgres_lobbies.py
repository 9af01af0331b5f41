"""The PostgreSQL store's queries for finding games (``engine.tables.discovery``):
a server's open lobbies, the games a member hosts, and the fleet-wide claim
on a periodic job. A part of ``PostgresStore``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import asyncpg

from engine.store.records import GameRecord
from engine.store.rows import dumps, loads


class PostgresLobbies:
    """Lobbies, hosts' open games, and job claims."""

    # What these methods use of the store they are part of (``PostgresStore``).
    _pool: asyncpg.Pool

    if TYPE_CHECKING:

        async def _games_where(self, where: str, *params: Any) -> list[GameRecord]: ...

    async def open_lobbies(self, guild_id: int | None = None) -> list[GameRecord]:
        """The lobbies (games not yet started) of one server, or of every
        server when ``guild_id`` is None, oldest first."""
        if guild_id is None:
            return await self._games_where("g.status = 'lobby'")
        return await self._games_where("g.status = 'lobby' AND g.guild_id = $1", guild_id)

    async def count_hosted_open_games(self, guild_id: int, user_id: int) -> int:
        """How many live games (lobbies and running ones) ``user_id`` hosts in the server."""
        return int(
            await self._pool.fetchval(
                "SELECT COUNT(*) FROM games WHERE guild_id = $1 AND host_id = $2 AND status IN ('lobby', 'active')",
                guild_id,
                user_id,
            )
        )

    async def claim_job(self, name: str, owner: str, now: float, every: float) -> bool:
        """Whether ``owner`` runs job ``name`` now: True, and the run recorded,
        unless someone ran it less than ``every`` seconds ago. The job's row
        is locked while it is read and written, so of processes asking at the
        same moment exactly one gets True."""
        async with self._pool.acquire() as db, db.transaction():
            await db.execute(
                "INSERT INTO settings (scope, scope_id, key, value) VALUES ('job', 0, $1, 'null')"
                " ON CONFLICT (scope, scope_id, key) DO NOTHING",
                name,
            )
            value = await db.fetchval(
                "SELECT value FROM settings WHERE scope = 'job' AND scope_id = 0 AND key = $1 FOR UPDATE", name
            )
            last = loads(value) if value is not None else None
            if isinstance(last, dict) and now < float(last.get("at", 0.0)) + every:
                return False
            await db.execute(
                "UPDATE settings SET value = $2 WHERE scope = 'job' AND scope_id = 0 AND key = $1",
                name,
                dumps({"at": now, "by": owner}),
            )
        return True
