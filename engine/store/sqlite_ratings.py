"""The SQLite store's ratings (``engine.tables.history``): the finished
games to rate, in the order they ended, and the ratings kept per game and
scope. A part of ``SQLiteStore``."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from engine.store.records import ActionRecord, GameRecord, SeatRecord
from engine.store.rows import game_from_row
from engine.store.sqlite_part import SQLitePart


class SQLiteRatings(SQLitePart):
    """Ratings and the finished games they come from."""

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
        where, params = "status = 'finished'", []
        for column, value in (("guild_id", guild_id), ("game", game)):
            if value is not None:
                where += f" AND {column} = ?"
                params.append(value)
        if user_id is not None:
            where += " AND id IN (SELECT game_id FROM seats WHERE user_id = ?)"
            params.append(user_id)
        if unrated_only:
            where += " AND id NOT IN (SELECT game_id FROM rated_games)"
        async with self._lock:
            rows = await self._db.execute_fetchall(f"SELECT * FROM games WHERE {where}", params)
            seat_rows = await self._db.execute_fetchall(
                f"SELECT * FROM seats WHERE game_id IN (SELECT id FROM games WHERE {where})", params
            )
            action_rows = (
                await self._db.execute_fetchall(
                    "SELECT game_id, seq, seat, kind, action, at FROM actions WHERE kind IN ('play', 'undo')"
                    f" AND game_id IN (SELECT id FROM games WHERE {where}) ORDER BY game_id, seq",
                    params,
                )
                if with_actions
                else []
            )
        seats: dict[int, list[SeatRecord]] = {row["id"]: [] for row in rows}
        for s in sorted(seat_rows, key=lambda s: (s["game_id"], s["seat"])):
            seats[s["game_id"]].append(SeatRecord(s["seat"], s["user_id"], s["name"], s["bot"], bool(s["away"])))
        actions: dict[int, list[ActionRecord]] = {row["id"]: [] for row in rows}
        for a in action_rows:
            actions[a["game_id"]].append(ActionRecord(a["seq"], a["seat"], a["kind"], a["action"], "", a["at"]))
        records = [game_from_row(row, seats[row["id"]]) for row in rows]
        records.sort(key=lambda record: (record.finished_at or 0.0, record.id))
        return [(record, actions[record.id]) for record in records]

    async def ratings_of(
        self, *, game: str | None = None, scope: str = "all", user_id: int | None = None
    ) -> list[tuple[str, int, float, float, int, int]]:
        """Stored ratings in ``scope`` ('all' or a guild id as text), of one
        game and/or one user: (game, user_id, mu, sigma, played, won)."""
        where, params = "scope = ?", list[Any]([scope])
        for column, value in (("game", game), ("user_id", user_id)):
            if value is not None:
                where += f" AND {column} = ?"
                params.append(value)
        rows = await self._read(f"SELECT game, user_id, mu, sigma, played, won FROM ratings WHERE {where}", params)
        return [tuple(row) for row in rows]  # type: ignore[misc]

    async def save_ratings(
        self, game_id: int, rows: Sequence[tuple[str, str, int, float, float, int, int]], now: float
    ) -> bool:
        """Count finished game ``game_id``: upsert its players' new ratings
        (game, scope, user_id, mu, sigma, played, won) and mark it rated, in
        one transaction. False (and nothing written) if it was rated already."""
        statements: list[tuple[str, Sequence[Any]]] = [
            ("INSERT INTO rated_games (game_id, rated_at) VALUES (?, ?)", (game_id, now))
        ]
        statements += [
            (
                "INSERT INTO ratings (game, scope, user_id, mu, sigma, played, won, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, scope, user_id) DO UPDATE SET"
                " mu = excluded.mu, sigma = excluded.sigma, played = excluded.played, won = excluded.won,"
                " updated_at = excluded.updated_at",
                (*row, now),
            )
            for row in rows
        ]
        try:
            await self._write(statements)
        except sqlite3.IntegrityError:
            return False
        return True

    async def replace_ratings(
        self, rows: Sequence[tuple[str, str, int, float, float, int, int]], game_ids: Sequence[int], now: float
    ) -> None:
        """Replace every rating and rated-game mark at once (a rebuild)."""
        async with self._transaction() as db:
            await db.execute("DELETE FROM ratings")
            await db.execute("DELETE FROM rated_games")
            await db.executemany(
                "INSERT INTO rated_games (game_id, rated_at) VALUES (?, ?)", [(game_id, now) for game_id in game_ids]
            )
            await db.executemany(
                "INSERT INTO ratings (game, scope, user_id, mu, sigma, played, won, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(*row, now) for row in rows],
            )
