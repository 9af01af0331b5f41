"""The two backends stay one interface: "One store interface, two backends
[...] The same schema migrations in both dialects" (issue 20)."""

from __future__ import annotations

import asyncio
import inspect

import asyncpg
import pytest

from engine.store import SQLiteStore, Store, open_store, schema, schema_pg
from engine.store.postgres import PostgresStore


def public_methods(cls) -> dict[str, inspect.Signature]:
    return {
        name: inspect.signature(member)
        for name, member in inspect.getmembers(cls, inspect.isfunction)
        if not name.startswith("_")
    }


def test_postgres_has_every_public_method_of_sqlite_with_the_same_signature():
    """A method added to the SQLite store must be added to PostgreSQL too
    (and the other way round), with the same parameters."""
    sqlite, postgres = public_methods(SQLiteStore), public_methods(PostgresStore)
    assert sorted(set(sqlite) ^ set(postgres)) == []
    differing = {
        name: (str(sqlite[name]), str(postgres[name]))
        for name in sqlite
        if name != "open" and sqlite[name] != postgres[name]
    }
    assert differing == {}


def test_both_backends_implement_the_store_protocol_as_declared():
    declared = {
        name: inspect.signature(member)
        for name, member in vars(Store).items()
        if inspect.isfunction(member) and not name.startswith("_")
    }
    for backend in (SQLiteStore, PostgresStore):
        methods = public_methods(backend)
        missing = sorted(set(declared) - set(methods))
        assert missing == [], f"{backend.__name__} lacks {missing}"
        assert {n: str(methods[n]) for n in declared if methods[n] != declared[n]} == {}


def test_the_dialects_have_the_same_migrations():
    assert len(schema.MIGRATIONS) == len(schema_pg.MIGRATIONS)


async def test_migrated_databases_have_the_same_tables_and_columns(tmp_path, postgres_server):
    sqlite = await open_store(tmp_path / "a.sqlite3")
    postgres = await open_store(await postgres_server.new_schema())
    try:
        assert await sqlite.schema_version() == await postgres.schema_version() == len(schema.MIGRATIONS)
        assert await sqlite.table_columns() == await postgres.table_columns()
        assert await sqlite.table_references() == await postgres.table_references()
    finally:
        await sqlite.close()
        await postgres.close()


async def test_processes_starting_together_apply_each_migration_once(store_url):
    """Migrations run at open under a lock (PostgreSQL: an advisory lock;
    SQLite: its write lock, the version read again under it): eight stores
    opening one new database at once all come up, at the newest version."""
    stores = await asyncio.gather(*(open_store(store_url) for _ in range(8)), return_exceptions=True)
    opened = [s for s in stores if not isinstance(s, BaseException)]
    try:
        assert [s for s in stores if isinstance(s, BaseException)] == []
        assert {await s.schema_version() for s in opened} == {len(schema.MIGRATIONS)}
        assert await opened[0].count_rows("games") == 0
    finally:
        for store in opened:
            await store.close()


async def test_acknowledged_commits_are_durable(postgres_server):
    """``synchronous_commit`` is on for the store's connections, whatever the
    server's default (a move is acknowledged once its commit is flushed)."""
    url = await postgres_server.new_schema()
    admin = await asyncpg.connect(postgres_server.url())
    try:
        await admin.execute("ALTER ROLE agora SET synchronous_commit = off")
        store = await PostgresStore.open(url)
        try:
            assert await store._pool.fetchval("SHOW synchronous_commit") == "on"
        finally:
            await store.close()
    finally:
        await admin.execute("ALTER ROLE agora RESET synchronous_commit")
        await admin.close()


async def test_a_newer_database_is_refused(postgres_server):
    url = await postgres_server.new_schema()
    store = await PostgresStore.open(url)
    await store._pool.execute("UPDATE schema_version SET version = version + 1")
    await store.close()
    with pytest.raises(RuntimeError, match="newer than this Agora"):
        await PostgresStore.open(url)


def test_the_url_shown_has_no_password():
    from engine.store.postgres import _without_password

    assert _without_password("postgresql://agora:s3cret@db:5432/agora") == "postgresql://agora@db:5432/agora"
    assert _without_password("postgresql://db/agora") == "postgresql://db/agora"


def test_the_pool_size_comes_from_the_url():
    from engine.store.postgres import DEFAULT_POOL_SIZE, _pool_size

    assert _pool_size("postgresql://db/agora") == ("postgresql://db/agora", DEFAULT_POOL_SIZE)
    assert _pool_size("postgresql://db/agora?pool_size=40&search_path=x") == ("postgresql://db/agora?search_path=x", 40)
    with pytest.raises(ValueError, match="pool_size"):
        _pool_size("postgresql://db/agora?pool_size=lots")


async def test_a_store_opens_at_most_pool_size_connections(postgres_server):
    url = await postgres_server.new_schema()
    store = await PostgresStore.open(f"{url}&pool_size=3")
    try:
        await asyncio.gather(*(store.count_games() for _ in range(30)))
        assert store._pool.get_max_size() == 3
    finally:
        await store.close()
