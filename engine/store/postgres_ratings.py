"""The PostgreSQL store's ratings (``engine.tables.history``): the finished
games to rate, in the order they ended, and the ratings kept per game and
scope. A part of ``PostgresStore``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import asyncpg

from engine.store.postgres_sql import GAME_WITH_SEATS, SEAT_FIELDS, changed
from engine.store.records import ActionRecord, GameRecord
from engine.store.rows import game_from_row, seat_from_row


class PostgresRatings:
    """Ratings and the finished games they come from."""

    # What these methods use of the store they are part of (``PostgresStore``).
    _pool: asyncpg.Pool
    path: str

    # -- ratings (engine/tables/history.py) ----------------------------------------------------

    async def rated_records(
        self,
        *,
        guild_id: int | None = None,
        game: str | None = None,
        user_id: int | None = None,
        unrated_only: bool = False,
        with_actions: bool = True,
    ) -> list[tuple[GameRecord, list[ActionRecord]]]:
        """Finished games (never abandoned ones), in the order they ended, each
        with its ``play`` and ``undo`` rows (``text`` left out): what ratings
        and stats are computed from."""
        where, params = "g.status = 'finished'", []
        for column, value in (("guild_id", guild_id), ("game", game)):
            if value is not None:
                params.append(value)
                where += f" AND g.{column} = ${len(params)}"
        if user_id is not None:
            params.append(user_id)
            where += f" AND g.id IN (SELECT game_id FROM seats WHERE user_id = ${len(params)})"
        if unrated_only:
            where += " AND g.id NOT IN (SELECT game_id FROM rated_games)"
        async with self._pool.acquire() as db, db.transaction(isolation="repeatable_read", readonly=True):
            rows = await db.fetch(f"{GAME_WITH_SEATS} WHERE {where} ORDER BY g.finished_at, g.id", *params)
            action_rows = (
                await db.fetch(
                    "SELECT game_id, seq, seat, kind, action, at FROM actions WHERE kind IN ('play', 'undo')"
                    f" AND game_id IN (SELECT g.id FROM games g WHERE {where}) ORDER BY game_id, seq",
                    *params,
                )
                if with_actions
                else []
            )
        actions: dict[int, list[ActionRecord]] = {row["id"]: [] for row in rows}
        for a in action_rows:
            actions[a["game_id"]].append(ActionRecord(a["seq"], a["seat"], a["kind"], a["action"], "", a["at"]))
        return [
            (
                game_from_row(row, [seat_from_row(dict(zip(SEAT_FIELDS, seat))) for seat in row["seat_rows"]]),
                actions[row["id"]],
            )
            for row in rows
        ]

    async def ratings_of(
        self, *, game: str | None = None, scope: str = "all", user_id: int | None = None
    ) -> list[tuple[str, int, float, float, int, int]]:
        """Stored ratings in ``scope`` ('all' or a guild id as text), of one
        game and/or one user: (game, user_id, mu, sigma, played, won)."""
        where, params = "scope = $1", list[Any]([scope])
        for column, value in (("game", game), ("user_id", user_id)):
            if value is not None:
                params.append(value)
                where += f" AND {column} = ${len(params)}"
        rows = await self._pool.fetch(
            f"SELECT game, user_id, mu, sigma, played, won FROM ratings WHERE {where}", *params
        )
        return [tuple(row) for row in rows]  # type: ignore[misc]

    async def save_ratings(
        self, game_id: int, rows: Sequence[tuple[str, str, int, float, float, int, int]], now: float
    ) -> bool:
        """Count finished game ``game_id``: upsert its players' new ratings
        (game, scope, user_id, mu, sigma, played, won) and mark it rated, in
        one transaction. False (and nothing written) if it was rated already."""
        async with self._pool.acquire() as db, db.transaction():
            marked = await db.execute(
                "INSERT INTO rated_games (game_id, rated_at) VALUES ($1, $2) ON CONFLICT (game_id) DO NOTHING",
                game_id,
                now,
            )
            if not changed(marked):
                return False
            await db.executemany(
                "INSERT INTO ratings (game, scope, user_id, mu, sigma, played, won, updated_at)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (game, scope, user_id) DO UPDATE SET"
                " mu = excluded.mu, sigma = excluded.sigma, played = excluded.played, won = excluded.won,"
                " updated_at = excluded.updated_at",
                [(*row, now) for row in rows],
            )
        return True

    async def replace_ratings(
        self, rows: Sequence[tuple[str, str, int, float, float, int, int]], game_ids: Sequence[int], now: float
    ) -> None:
        """Replace every rating and rated-game mark at once (a rebuild)."""
        async with self._pool.acquire() as db, db.transaction():
            await db.execute("DELETE FROM ratings")
            await db.execute("DELETE FROM rated_games")
            await db.executemany(
                "INSERT INTO rated_games (game_id, rated_at) VALUES ($1, $2)", [(game_id, now) for game_id in game_ids]
            )
            await db.executemany(
                "INSERT INTO ratings (game, scope, user_id, mu, sigma, played, won, updated_at)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                [(*row, now) for row in rows],
            )
