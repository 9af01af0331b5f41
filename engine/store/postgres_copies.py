"""The PostgreSQL store's whole-database work: erasing a person's or a
server's data, copying every table to or from another store
(``engine.store.migrate``), and consistent backups into a SQLite file. A part
of ``PostgresStore``."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import asyncpg

from engine.store.postgres_sql import table_rows
from engine.store.rows import topological


class PostgresCopies:
    """Erasure, copies and backups."""

    # What these methods use of the store they are part of (``PostgresStore``).
    _pool: asyncpg.Pool
    path: str

    # -- people's data ----------------------------------------------------------------------------

    async def forget_user(self, user_id: int, replacement: str) -> int:
        """Erase a person: their seats lose the user id and carry
        ``replacement`` as the name, their name leaves the log's lines, their
        pending DMs and settings go. Returns how many seats were changed."""
        async with self._pool.acquire() as db, db.transaction():
            names = [r[0] for r in await db.fetch("SELECT DISTINCT name FROM seats WHERE user_id = $1", user_id)]
            games = [r[0] for r in await db.fetch("SELECT DISTINCT game_id FROM seats WHERE user_id = $1", user_id)]
            for name in names:
                await db.execute(
                    "UPDATE actions SET text = replace(text, $1, $2) WHERE game_id = ANY($3::bigint[])",
                    name,
                    replacement,
                    games,
                )
            await db.execute(
                "UPDATE seats SET name = $1, user_id = NULL, away = 0, bot = COALESCE(bot, 'random')"
                " WHERE user_id = $2",
                replacement,
                user_id,
            )
            await db.execute("DELETE FROM outbox WHERE user_id = $1 AND delivered_at IS NULL", user_id)
            await db.execute("DELETE FROM settings WHERE scope = 'user' AND scope_id = $1", user_id)
            await db.execute("DELETE FROM settings WHERE scope = 'lobby' AND key = $1", f"invited:{user_id}")
            await db.execute("DELETE FROM ratings WHERE user_id = $1", user_id)
            await db.execute(
                "UPDATE games SET host_id = NULLIF(host_id, $1), version = version + 1"
                " WHERE host_id = $1 OR id = ANY($2::bigint[])",
                user_id,
                games,
            )
        return len(games)

    async def delete_guild(self, guild_id: int) -> int:
        """Delete every game of a server and its settings; returns how many games."""
        async with self._pool.acquire() as db, db.transaction():
            ids = [r[0] for r in await db.fetch("SELECT id FROM games WHERE guild_id = $1", guild_id)]
            for table in ("actions", "snapshots", "outbox", "reminders", "undo_requests", "seats", "rated_games"):
                await db.execute(f"DELETE FROM {table} WHERE game_id = ANY($1::bigint[])", ids)
            await db.execute("DELETE FROM games WHERE id = ANY($1::bigint[])", ids)
            await db.execute(
                "DELETE FROM settings WHERE scope IN ('lobby', 'proposal') AND scope_id = ANY($1::bigint[])", ids
            )
            await db.execute("DELETE FROM settings WHERE scope = 'guild' AND scope_id = $1", guild_id)
            await db.execute("DELETE FROM ratings WHERE scope = $1", str(guild_id))
        return len(ids)

    # -- moving a whole database (engine/store/migrate.py) ------------------------------------------

    async def table_columns(self) -> dict[str, list[str]]:
        """Every data table (not ``schema_version``) and its columns, in order."""
        rows = await self._pool.fetch(
            "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()"
            " AND table_name <> 'schema_version' ORDER BY table_name, ordinal_position"
        )
        tables: dict[str, list[str]] = {}
        for row in rows:
            tables.setdefault(row["table_name"], []).append(row["column_name"])
        return tables

    async def table_references(self) -> dict[str, set[str]]:
        """Every data table and the tables its foreign keys point at."""
        references: dict[str, set[str]] = {name: set() for name in await self.table_columns()}
        for row in await self._pool.fetch(
            "SELECT c.conrelid::regclass::text AS source, c.confrelid::regclass::text AS target"
            " FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace"
            " WHERE c.contype = 'f' AND n.nspname = current_schema()"
        ):
            references.setdefault(row["source"], set()).add(row["target"])
        return references

    async def count_rows(self, table: str) -> int:
        return await self._pool.fetchval(f'SELECT COUNT(*) FROM "{table}"')

    async def export_rows(
        self, table: str, columns: Sequence[str], batch_size: int = 5000
    ) -> AsyncIterator[list[tuple]]:
        """A table's rows (``columns`` of them), in batches, from one snapshot."""
        async with self._pool.acquire() as db, db.transaction(isolation="repeatable_read", readonly=True):
            async for batch in table_rows(db, table, columns, batch_size):
                yield batch

    async def backup(self, target: str | Path) -> None:
        """A consistent copy of the whole database, taken while the bot keeps
        running, written as a SQLite file at ``target`` (renamed into place
        once complete): every table is read in one REPEATABLE READ
        transaction, that is from one snapshot. The copy opens as a SQLite
        store, and goes back with ``agora migrate-db --from COPY --to URL``.
        (``pg_dump`` is the PostgreSQL way; this one needs no client tools.)"""
        from engine.store.sqlite import SQLiteStore

        target = Path(target)
        partial = target.with_name(target.name + ".part")
        partial.unlink(missing_ok=True)
        copy = await SQLiteStore.open(partial)
        try:
            tables = await self.table_columns()
            if await copy.table_columns() != tables:
                raise RuntimeError(f"{self.path} and this Agora's SQLite schema differ; upgrade Agora first")
            async with self._pool.acquire() as db, db.transaction(isolation="repeatable_read", readonly=True):
                for table in topological(await self.table_references()):
                    async for batch in table_rows(db, table, tables[table], 5000):
                        await copy.import_rows(table, tables[table], batch)
        finally:
            await copy.close()
        os.replace(partial, target)

    async def import_rows(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Insert rows as they are, ids included, in one transaction (COPY),
        then move the table's id sequences past the largest id."""
        async with self._pool.acquire() as db, db.transaction():
            await db.copy_records_to_table(table, records=[tuple(row) for row in rows], columns=list(columns))
            for row in await db.fetch(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
                " AND table_name = $1 AND is_identity = 'YES'",
                table,
            ):
                column = row[0]
                await db.execute(
                    f'SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT MAX("{column}")'
                    f' FROM "{table}"), 0) + 1, false)',
                    f'"{table}"',
                    column,
                )
