"""Game locks across a fleet on a real PostgreSQL (engine/store/postgres_locks.py):
"Moves, lobby changes and settings are serialised by the database (row locks
or advisory locks and a seq check)" (issue 20) — with the lock operations of
many games sent together, a few statements for many operations."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from engine.store import open_store
from engine.store.postgres_locks import GAME_LOCKS, LockLane
from tests.store.play import new_game


@pytest.fixture
async def two_stores(postgres_server):
    """Two stores on one database: two processes of a fleet."""
    url = await postgres_server.new_schema()
    first, second = await open_store(url), await open_store(url)
    yield first, second
    await first.close()
    await second.close()


async def test_a_game_held_by_one_process_waits_for_it_in_another_and_others_do_not(two_stores):
    first, second = two_stores
    held, other = await new_game(first, channel=1), await new_game(first, channel=2)
    async with first.game_lock(held):
        waiting = asyncio.ensure_future(_hold(second, held))
        async with second.game_lock(other):  # a game nobody holds: taken at once
            pass
        await asyncio.sleep(0.2)
        assert not waiting.done()
    await asyncio.wait_for(waiting, 10)


async def _hold(store, game_id: int) -> None:
    async with store.game_lock(game_id):
        pass


async def test_read_change_write_under_the_lock_loses_no_update_across_processes(two_stores):
    """Forty tasks in each of two processes, spread over five games, each
    reading a count from a game's settings, pausing, and writing it back
    plus one: any two in the same game at once would lose an update. (Within
    a process the service queues a game's tasks itself, one asyncio lock per
    game, as ``_held`` does: a session's advisory locks are re-entrant.)"""
    first, second = two_stores
    games = [await new_game(first, channel=c, settings={"count": 0}) for c in range(1, 6)]
    in_process = {(id(store), g): asyncio.Lock() for store in (first, second) for g in games}

    async def bump(store, game_id: int) -> None:
        async with in_process[id(store), game_id], store.game_lock(game_id):
            count = (await store.game(game_id)).settings["count"]
            await asyncio.sleep(0.001)
            await store.update_game(game_id, settings={"count": count + 1})

    await asyncio.gather(*(bump(store, games[i % 5]) for i in range(40) for store in (first, second)))
    assert [(await first.game(g)).settings["count"] for g in games] == [16] * 5


async def test_many_games_lock_operations_share_statements(two_stores, monkeypatch):
    """Fifty games held and given back at once: far fewer lane statements
    than the hundred lock operations."""
    store, _ = two_stores
    games = [await new_game(store, channel=c) for c in range(1, 51)]
    rounds = 0
    original = LockLane._round

    async def counted(self, tries, unlocks):
        nonlocal rounds
        rounds += 1
        await original(self, tries, unlocks)

    monkeypatch.setattr(LockLane, "_round", counted)
    await asyncio.gather(*(_hold(store, game_id) for game_id in games))
    await store._close_lock_lanes()  # sends what is still to give back
    assert rounds < 50, rounds


async def test_a_waiter_cancelled_takes_nothing_with_it(two_stores, postgres_server):
    """Cancelled while waiting, whether or not the lane took the lock for it
    meanwhile, it leaves the game free for the next process."""
    first, second = two_stores
    game_id = await new_game(first)
    async with first.game_lock(game_id):
        waiting = asyncio.ensure_future(_hold(second, game_id))
        await asyncio.sleep(0.05)
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
    lane = second._lane(game_id)
    cancelled = asyncio.ensure_future(lane.try_lock(GAME_LOCKS + game_id))
    await asyncio.sleep(0)  # asked: the lane's statement is out
    cancelled.cancel()
    await asyncio.sleep(0.3)  # the lane took it, found its waiter gone, and gave it back
    async with first.game_lock(game_id):  # neither process keeps it
        pass
    assert not await _held_anywhere(postgres_server, first, game_id)


async def test_a_process_that_dies_lets_go_of_its_games(two_stores, postgres_server):
    first, second = two_stores
    game_id = await new_game(first)
    taken = asyncio.Event()
    release = asyncio.Event()

    async def holder() -> None:
        async with first.game_lock(game_id):
            taken.set()
            await release.wait()

    task = asyncio.ensure_future(holder())
    await taken.wait()
    assert await _held_anywhere(postgres_server, first, game_id)
    first._lane(game_id)._db.terminate()  # the process's lock connection is gone, as if it had been killed
    await asyncio.wait_for(_hold(second, game_id), 10)
    release.set()
    await task


async def _held_anywhere(server, store, game_id: int) -> bool:
    """Whether any session holds the game's advisory lock."""
    key = GAME_LOCKS + game_id
    connection = await asyncpg.connect(server.url())
    try:
        return bool(
            await connection.fetchval(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted"
                " AND ((classid::bigint << 32) | objid::bigint) = $1",
                key,
            )
        )
    finally:
        await connection.close()
