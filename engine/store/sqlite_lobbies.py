"""The SQLite store's queries for finding games (``engine.tables.discovery``):
a server's open lobbies, the games a member hosts, and the fleet-wide claim
on a periodic job. A part of ``SQLiteStore``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.store.records import GameRecord
from engine.store.rows import dumps, loads
from engine.store.sqlite_part import SQLitePart


class SQLiteLobbies(SQLitePart):
    """Lobbies, hosts' open games, and job claims."""

    if TYPE_CHECKING:  # provided by ``SQLiteStore``

        async def _games_where(self, where: str, params: Sequence[Any]) -> list[GameRecord]: ...

    async def open_lobbies(self, guild_id: int | None = None) -> list[GameRecord]:
        """The lobbies (games not yet started) of one server, or of every
        server when ``guild_id`` is None, oldest first."""
        if guild_id is None:
            return await self._games_where("status = 'lobby'", ())
        return await self._games_where("status = 'lobby' AND guild_id = ?", (guild_id,))

    async def count_hosted_open_games(self, guild_id: int, user_id: int) -> int:
        """How many live games (lobbies and running ones) ``user_id`` hosts in the server."""
        rows = await self._read(
            "SELECT COUNT(*) FROM games WHERE guild_id = ? AND host_id = ? AND status IN ('lobby', 'active')",
            (guild_id, user_id),
        )
        return int(rows[0][0])

    async def claim_job(self, name: str, owner: str, now: float, every: float) -> bool:
        """Whether ``owner`` runs job ``name`` now: True, and the run recorded,
        unless someone ran it less than ``every`` seconds ago."""
        async with self._transaction() as db:
            rows = list(
                await db.execute_fetchall(
                    "SELECT value FROM settings WHERE scope = 'job' AND scope_id = 0 AND key = ?", (name,)
                )
            )
            last = loads(rows[0][0]) if rows else None
            if isinstance(last, dict) and now < float(last.get("at", 0.0)) + every:
                return False
            await db.execute(
                "INSERT INTO settings (scope, scope_id, key, value) VALUES ('job', 0, ?, ?)"
                " ON CONFLICT (scope, scope_id, key) DO UPDATE SET value = excluded.value",
                (name, dumps({"at": now, "by": owner})),
            )
        return True
