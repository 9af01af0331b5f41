"""Moving a database between backends: "migrating an existing SQLite
database into it (`agora migrate-db --from … --to …`, tested)" (issue 20),
and a PostgreSQL backup taken while the bot runs."""

from __future__ import annotations

import asyncio
import random

import pytest

from engine.store import NewNotice, SQLiteStore, UndoRequest, open_store
from engine.store.migrate import MigrationError, copy_database, main, migrate
from engine.tables import Tables
from engine.tables.commits import needs_snapshot
from tests.conftest import Clock, RecordingCourier
from tests.store.play import GUEST, HOST, play_one


async def play_some_games(where: str, games: int = 3, moves: int = 12) -> list[int]:
    """Real games through the table service: seats, a log, snapshots, the
    outbox (some delivered, some not), reminders, a take-back request and
    settings."""
    courier = RecordingCourier()
    tables = await Tables.open(where, courier=courier, clock=Clock(), run_bots=False)
    rng = random.Random(4)
    ids = []
    try:
        for channel in range(1, games + 1):
            record = await tables.create(
                channel_id=channel, user_id=HOST, name="Ἥρα", game="santorini", guild_id=77, seed=channel
            )
            await tables.join(record.id, GUEST, "guest")
            await tables.start(record.id, HOST)
            for _ in range(moves):
                await play_one(tables, record.id, rng)
            ids.append(record.id)
        await tables.settle()
        # a notice not delivered yet (the service would send it at its next flush)
        await tables.store.add_notices(ids[-1], moves, [NewNotice("private", {"text": "ἔτι"}, user_id=GUEST)])
        await tables.store.put_undo_request(UndoRequest(ids[0], 0, 3, 4, {"1": True}, 5.0))
        await tables.store.put_setting("guild", 77, "reminders", {"hours": 6})
    finally:
        await tables.close()
    return ids


async def every_row(store) -> dict[str, list[tuple]]:
    tables = await store.table_columns()
    found = {}
    for table, columns in tables.items():
        rows = [row async for batch in store.export_rows(table, columns) for row in batch]
        found[table] = sorted(rows, key=repr)
    return found


async def rows_at(where: str) -> dict[str, list[tuple]]:
    store = await open_store(where)
    try:
        return await every_row(store)
    finally:
        await store.close()


async def test_sqlite_to_postgresql_and_back_keeps_every_row(tmp_path, postgres_server):
    source = str(tmp_path / "agora.sqlite3")
    ids = await play_some_games(source)
    original = await rows_at(source)
    assert len(original["actions"]) > 30 and original["outbox"] and original["reminders"]
    assert any(row[7] is None for row in original["outbox"]), "an undelivered notice is part of the copy"

    postgres = await postgres_server.new_schema()
    copied = await migrate(source, postgres)
    assert copied == {table: len(rows) for table, rows in original.items()}
    assert await rows_at(postgres) == original

    back = str(tmp_path / "back.sqlite3")
    await migrate(postgres, back)
    assert await rows_at(back) == original

    # The copy is a working database: games resume, and ids go on past the copied ones.
    tables = await Tables.open(postgres, courier=RecordingCourier(), clock=Clock(), run_bots=False)
    try:
        assert await play_one(tables, ids[0], random.Random(1))
        record = await tables.create(channel_id=99, user_id=HOST, name="new", game="santorini")
        assert record.id == max(ids) + 1
        await tables.settle()
    finally:
        await tables.close()


async def test_a_copy_goes_only_into_an_empty_database(tmp_path, postgres_server):
    source = str(tmp_path / "agora.sqlite3")
    await play_some_games(source, games=1, moves=2)
    target = await postgres_server.new_schema()
    await migrate(source, target)
    with pytest.raises(MigrationError, match="not empty"):
        await migrate(source, target)
    with pytest.raises(MigrationError, match="same database"):
        await migrate(source, source)


async def test_the_command_line_reports_the_counts(tmp_path, postgres_server, capsys):
    source = str(tmp_path / "agora.sqlite3")
    await play_some_games(source, games=1, moves=2)
    target = await postgres_server.new_schema()
    assert await asyncio.to_thread(main, ["--from", source, "--to", target]) == 0
    assert "every table's count matches" in capsys.readouterr().out
    assert await asyncio.to_thread(main, ["--from", source, "--to", target]) == 1
    assert "not empty" in capsys.readouterr().err


async def test_a_short_copy_is_an_error(tmp_path):
    """The counts are compared at the end: a target that lost rows fails."""
    source = await SQLiteStore.open(tmp_path / "a.sqlite3")
    target = await SQLiteStore.open(tmp_path / "b.sqlite3")
    try:
        await source.put_setting("guild", 1, "a", 1)
        await source.put_setting("guild", 1, "b", 2)

        async def drop_one(table, columns, rows):
            await SQLiteStore.import_rows(target, table, columns, rows[1:])

        target.import_rows = drop_one
        with pytest.raises(MigrationError, match="settings: 2 rows"):
            await copy_database(source, target)
    finally:
        await source.close()
        await target.close()


async def test_a_postgresql_backup_taken_under_load_opens_and_matches(tmp_path, postgres_server):
    """``backup`` copies one snapshot into a SQLite file while moves go on."""
    url = await postgres_server.new_schema()
    ids = await play_some_games(url, games=2, moves=4)
    tables = await Tables.open(url, courier=RecordingCourier(), clock=Clock(), run_bots=False)
    copy = tmp_path / "backup.sqlite3"
    try:
        rng = random.Random(2)

        async def keep_playing() -> None:
            for _ in range(20):
                await play_one(tables, ids[1], rng)

        await asyncio.gather(keep_playing(), tables.store.backup(copy))
        await tables.settle()
    finally:
        await tables.close()
    backup = await SQLiteStore.open(copy)
    try:
        for game_id in ids:
            record = await backup.game(game_id)
            actions = await backup.actions(game_id)
            assert [a.seq for a in actions] == list(range(record.seq + 1)), "log and game row from one snapshot"
            # The snapshot is the one of the newest row written with one (needs_snapshot).
            newest = max(a.seq for a in actions if needs_snapshot(a.kind, a.seq, record.status != "active"))
            assert (await backup.snapshot(game_id))[0] == newest
    finally:
        await backup.close()
    assert not copy.with_name(copy.name + ".part").exists()
