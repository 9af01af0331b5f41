"""The store's seams with aiosqlite and SQLite, guarded so that a dependency
upgrade that moves them fails here, loudly, rather than in production."""

from __future__ import annotations

import asyncio
import sqlite3
import threading

import pytest

from engine.store import SeqConflict, SQLiteStore


@pytest.fixture
async def store(tmp_path):
    opened = await SQLiteStore.open(tmp_path / "store.sqlite3")
    yield opened
    await opened.close()


async def test_work_runs_on_the_connection_thread(store):
    """``Store._in_thread`` relies on aiosqlite's ``Connection._execute``."""
    seen = await store._in_thread(lambda connection: (threading.current_thread(), connection))
    thread, connection = seen
    assert thread is not threading.current_thread()
    assert isinstance(connection, sqlite3.Connection)


async def test_a_cancelled_writer_does_not_undo_the_writes_queued_with_it(store):
    game_ids = [
        await store.create_game(
            guild_id=None,
            channel_id=c,
            parent_id=None,
            game="santorini",
            options={},
            seed=1,
            host_id=None,
            settings={},
            seats=[],
        )
        for c in (1, 2)
    ]
    first = asyncio.ensure_future(store.commit(game_ids[0], 1, seat=0, kind="play", action="a", text="", state=None))
    second = asyncio.ensure_future(store.commit(game_ids[1], 1, seat=0, kind="play", action="b", text="", state=None))
    await asyncio.sleep(0)
    first.cancel()
    await second
    assert [a.action for a in await store.actions(game_ids[1])] == ["b"]
    # The cancelled caller's write may or may not have gone in, but never half of it.
    assert len(await store.actions(game_ids[0])) in (0, 1)


async def test_a_failed_statement_rolls_the_whole_transaction_back(store):
    await store._write([("CREATE TABLE t (x INTEGER UNIQUE)", ())])
    with pytest.raises(sqlite3.IntegrityError):
        await store._write([("INSERT INTO t VALUES (1)", ()), ("INSERT INTO t VALUES (1)", ())])
    assert [tuple(row) for row in await store._read("SELECT count(*) FROM t")] == [(0,)]
    assert [i for i in await store._write([("INSERT INTO t VALUES (?)", (7,))])] == [1]


async def test_a_taken_sequence_number_is_a_conflict_and_writes_nothing(store):
    game_id = await store.create_game(
        guild_id=None,
        channel_id=1,
        parent_id=None,
        game="santorini",
        options={},
        seed=1,
        host_id=None,
        settings={},
        seats=[],
    )
    await store.commit(game_id, 1, seat=0, kind="play", action="place c3", text="one", state={"n": 1})
    with pytest.raises(SeqConflict):
        await store.commit(game_id, 1, seat=1, kind="play", action="place c2", text="two", state={"n": 2})
    assert [a.action for a in await store.actions(game_id)] == ["place c3"]
    assert (await store.snapshot(game_id)) == (1, {"n": 1})


async def test_writes_that_queue_up_commit_together_and_fail_alone(store, monkeypatch):
    """Group commit: concurrent moves share one transaction, yet a move whose
    sequence number is taken fails by itself and the others stand."""
    ids = [
        await store.create_game(
            guild_id=None,
            channel_id=c,
            parent_id=None,
            game="santorini",
            options={},
            seed=1,
            host_id=None,
            settings={},
            seats=[],
        )
        for c in range(1, 6)
    ]
    await store.commit(ids[0], 1, seat=0, kind="play", action="first", text="", state=None)
    trips = []
    in_thread = store._in_thread

    async def counted(work):
        trips.append(work)
        return await in_thread(work)

    monkeypatch.setattr(store, "_in_thread", counted)
    order = [ids[1], ids[0], ids[2], ids[3], ids[4]]  # the taken one in the middle of the batch
    results = await asyncio.gather(
        *(
            store.commit(game_id, 1, seat=0, kind="play", action=f"move {game_id}", text="", state=None)
            for game_id in order
        ),
        return_exceptions=True,
    )
    assert len(trips) == 1, "the five writes that queued together go in one trip"
    assert isinstance(results[1], SeqConflict)
    assert not any(isinstance(r, BaseException) for i, r in enumerate(results) if i != 1)
    assert [a.action for a in await store.actions(ids[0])] == ["first"]
    for game_id in (ids[1], ids[2], ids[3], ids[4]):
        assert [a.action for a in await store.actions(game_id)] == [f"move {game_id}"]
