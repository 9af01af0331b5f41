"""The SQLite store's whole-database work: consistent backups while the bot
runs, copying every table to or from another store (``engine.store.migrate``),
and erasing a person's or a server's data. A part of ``SQLiteStore``."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from engine.store.sqlite_part import SQLitePart


class SQLiteCopies(SQLitePart):
    """Backups, copies and erasure."""

    # -- backups and people's data ----------------------------------------------------------

    async def backup(self, target: str | Path) -> None:
        """A consistent copy of the whole database at ``target``, taken while
        the bot keeps running: SQLite's online backup API reads one snapshot
        through a connection of its own (WAL lets writers go on meanwhile),
        into a file that is renamed into place only once complete."""
        target = Path(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".part")

        def copy() -> None:
            source = sqlite3.connect(self.path)
            try:
                destination = sqlite3.connect(partial)
                try:
                    source.backup(destination)
                    # One self-contained file: no -wal beside it to forget.
                    destination.execute("PRAGMA journal_mode = DELETE").fetchall()
                finally:
                    destination.close()
            finally:
                source.close()

        partial.unlink(missing_ok=True)
        await asyncio.to_thread(copy)
        os.replace(partial, target)

    async def forget_user(self, user_id: int, replacement: str) -> int:
        """Erase a person: their seats lose the user id and carry
        ``replacement`` as the name, their name leaves the log's lines, their
        pending DMs and settings go. Returns how many seats were changed."""
        names = [r[0] for r in await self._read("SELECT DISTINCT name FROM seats WHERE user_id = ?", (user_id,))]
        games = [r[0] for r in await self._read("SELECT DISTINCT game_id FROM seats WHERE user_id = ?", (user_id,))]
        statements: list[tuple[str, Sequence[Any]]] = []
        for name in names:
            for game_id in games:
                statements.append(
                    ("UPDATE actions SET text = replace(text, ?, ?) WHERE game_id = ?", (name, replacement, game_id))
                )
        statements += [
            (
                "UPDATE seats SET name = ?, user_id = NULL, away = 0,"
                " bot = CASE WHEN bot IS NULL THEN 'random' ELSE bot END WHERE user_id = ?",
                (replacement, user_id),
            ),
            ("DELETE FROM outbox WHERE user_id = ? AND delivered_at IS NULL", (user_id,)),
            ("DELETE FROM settings WHERE scope = 'user' AND scope_id = ?", (user_id,)),
            ("DELETE FROM settings WHERE scope = 'lobby' AND key = ?", (f"invited:{user_id}",)),
            ("DELETE FROM ratings WHERE user_id = ?", (user_id,)),
            ("UPDATE games SET host_id = NULL WHERE host_id = ?", (user_id,)),
        ]
        await self._write(statements)
        return len(games)

    async def delete_guild(self, guild_id: int) -> int:
        """Delete every game of a server and its settings; returns how many games."""
        ids = [r[0] for r in await self._read("SELECT id FROM games WHERE guild_id = ?", (guild_id,))]
        statements: list[tuple[str, Sequence[Any]]] = []
        for table in ("actions", "snapshots", "outbox", "reminders", "undo_requests", "seats", "rated_games"):
            statements += [(f"DELETE FROM {table} WHERE game_id = ?", (game_id,)) for game_id in ids]
        statements += [("DELETE FROM games WHERE id = ?", (game_id,)) for game_id in ids]
        statements += [
            ("DELETE FROM settings WHERE scope IN ('lobby', 'proposal') AND scope_id = ?", (game_id,))
            for game_id in ids
        ]
        statements.append(("DELETE FROM settings WHERE scope = 'guild' AND scope_id = ?", (guild_id,)))
        statements.append(("DELETE FROM ratings WHERE scope = ?", (str(guild_id),)))
        await self._write(statements)
        return len(ids)

    # -- moving a whole database (engine/store/migrate.py) ------------------------------------------

    async def table_columns(self) -> dict[str, list[str]]:
        """Every data table (not ``schema_version``) and its columns, in order."""
        async with self._lock:
            names = [
                r[0]
                for r in await self._db.execute_fetchall(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                    " AND name <> 'schema_version' ORDER BY name"
                )
            ]
            return {
                name: [r["name"] for r in await self._db.execute_fetchall(f'PRAGMA table_info("{name}")')]
                for name in names
            }

    async def table_references(self) -> dict[str, set[str]]:
        """Every data table and the tables its foreign keys point at."""
        tables = await self.table_columns()
        async with self._lock:
            return {
                name: {r["table"] for r in await self._db.execute_fetchall(f'PRAGMA foreign_key_list("{name}")')}
                for name in tables
            }

    async def count_rows(self, table: str) -> int:
        rows = await self._read(f'SELECT COUNT(*) FROM "{table}"')
        return rows[0][0]

    async def export_rows(
        self, table: str, columns: Sequence[str], batch_size: int = 5000
    ) -> AsyncIterator[list[tuple]]:
        """A table's rows (``columns`` of them), in batches, in rowid order."""
        listed = ", ".join(f'"{c}"' for c in columns)
        last = None
        while True:
            rows = await self._read(
                f'SELECT rowid, {listed} FROM "{table}" WHERE ? IS NULL OR rowid > ? ORDER BY rowid LIMIT ?',
                (last, last, batch_size),
            )
            if not rows:
                return
            last = rows[-1][0]
            yield [tuple(row)[1:] for row in rows]

    async def import_rows(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Insert rows as they are, ids included, in one transaction (an
        ``INTEGER PRIMARY KEY`` goes on from the largest id by itself)."""
        listed = ", ".join(f'"{c}"' for c in columns)
        async with self._transaction() as db:
            await db.executemany(f'INSERT INTO "{table}" ({listed}) VALUES ({", ".join("?" * len(columns))})', rows)
