"""Moves on a cached game without holding it, on a real PostgreSQL (issue 20:
"a process never applies a move to a stale cached state (check the stored
seq before use)").

A process that has a game cached plays a move on it without the fleet's lock
and without reading the game again; the commit is guarded: it lands only if
the game's version (every write to its row, seats and reminders counts) is
still the one the cache holds and no process holds the game. Otherwise
nothing is written, and the move is judged again on the game read fresh
under the lock."""

from __future__ import annotations

import asyncio

import pytest

from engine.core import AgoraError
from engine.metrics import MOVES_JUDGED_AGAIN
from engine.store import GameChanged, NewNotice, ReminderRecord, SeatRecord, open_store
from engine.tables import Tables
from tests.store.play import GUEST, HOST, new_game


@pytest.fixture
async def pg_url(postgres_server):
    return await postgres_server.new_schema()


async def _commit(store, game_id: int, seq: int, guard: int | None = None) -> list[int]:
    return await store.commit(
        game_id,
        seq,
        seat=0,
        kind="play",
        action=f"move {seq}",
        text="",
        state={"seq": seq},
        notices=[NewNotice("channel", {"seq": seq})],
        reminders=[ReminderRecord(game_id, 1, seq, 0.0, 100.0)],
        guard=guard,
    )


async def _version(store, game_id: int) -> int:
    return (await store.game(game_id)).version


async def test_a_guarded_commit_lands_only_on_the_version_it_was_worked_out_on(pg_url):
    store = await open_store(pg_url)
    try:
        game_id = await new_game(store)
        read = await _version(store, game_id)
        assert len(await _commit(store, game_id, 1, guard=read)) == 1
        assert await _version(store, game_id) == read + 1
        with pytest.raises(GameChanged):
            await _commit(store, game_id, 2, guard=read)  # worked out on the game before move 1
        assert [a.seq for a in await store.actions(game_id)] == [1]
        assert [n.payload["seq"] for n in await store.pending_notices(game_id)] == [1]
        assert (await store.snapshot(game_id)) == (1, {"seq": 1})
        assert [r.seq for r in await store.reminders_of(game_id)] == [1]
        assert (await store.game(game_id)).seq == 1
    finally:
        await store.close()


async def test_a_guarded_commit_never_lands_while_another_process_holds_the_game(pg_url):
    """A process holding a game may be changing it: a guarded commit from
    another writes nothing meanwhile, and lands once the game is let go."""
    holder, mover = await open_store(pg_url), await open_store(pg_url)
    try:
        game_id = await new_game(holder)
        version = await _version(mover, game_id)
        async with holder.game_lock(game_id):
            with pytest.raises(GameChanged):
                await _commit(mover, game_id, 1, guard=version)
        await holder._close_lock_lanes()  # the lock is given back with the lane's next statement
        await _commit(mover, game_id, 1, guard=version)
        assert [a.seq for a in await mover.actions(game_id)] == [1]
    finally:
        await holder.close()
        await mover.close()


WRITES = {
    "update_game": lambda s, g: s.update_game(g, settings={"remind_hours": 6.0}),
    "update_seat": lambda s, g: s.update_seat(g, SeatRecord(0, GUEST, "guest", None)),
    "replace_seats": lambda s, g: s.replace_seats(g, [SeatRecord(0, HOST, "host", None)]),
    "mute_reminder": lambda s, g: s.mute_reminder(g, 1, 1),
    "reschedule_reminder": lambda s, g: s.reschedule_reminder(g, 1, 1, 500.0, 1),
    "send_reminder": lambda s, g: s.send_reminder(g, 1, [NewNotice("reminder", {})], 1, 1, 500.0, 1),
    "clear_reminders": lambda s, g: s.clear_reminders(g),
    "forget_user": lambda s, g: s.forget_user(HOST, "someone"),
    "commit": lambda s, g: _commit(s, g, 2),
}


@pytest.mark.parametrize("write", sorted(WRITES))
async def test_every_write_to_a_game_counts_in_its_version(pg_url, write):
    """What a process caches of a game (its row, seats and reminders) cannot
    change without the version changing, or a guarded commit could land on
    a stale cache."""
    store = await open_store(pg_url)
    try:
        game_id = await new_game(store, seats=[SeatRecord(0, HOST, "host", None)], host_id=HOST)
        await _commit(store, game_id, 1)
        before = await _version(store, game_id)
        await WRITES[write](store, game_id)
        assert await _version(store, game_id) > before
    finally:
        await store.close()


@pytest.fixture
async def two_services(pg_url):
    """Two processes of a fleet, and a started two-player game both have cached."""
    a = Tables(await open_store(pg_url), run_bots=False)
    b = Tables(await open_store(pg_url), run_bots=False)
    game_id = (await a.create(channel_id=1, user_id=HOST, name="host", game="santorini", seed=3)).id
    await a.join(game_id, GUEST, "guest")
    await a.start(game_id, HOST)
    await b.record(game_id)
    yield a, b, game_id
    await a.close()
    await b.close()


async def _a_move(tables: Tables, game_id: int) -> tuple[int, str]:
    """(user, action): the first legal move of the seat to move, as the game is stored."""
    record = await tables.store.game(game_id)
    game = tables.registry[record.game]
    state = game.new(len(record.seats), record.options, record.seed)
    for row in await tables.store.actions(game_id):
        if row.kind == "play":
            state = game.play(state, row.seat, row.action)
    seat = game.to_move(state)[0]
    return record.seats[seat].user_id, game.legal(state, seat)[0]


async def test_a_move_on_an_up_to_date_cache_reads_nothing_and_takes_no_lock(two_services, monkeypatch):
    a, _, game_id = two_services
    reads = []
    monkeypatch.setattr(a.store, "game_and_reminders", lambda *args: reads.append(args))
    monkeypatch.setattr(a.store, "game_lock", lambda *args: reads.append(args))
    for seq in (1, 2, 3):
        result = await a.play(game_id, *await _a_move(a, game_id))
        assert result.seq == seq
    assert reads == []
    assert await a.verify(game_id)


async def test_a_move_on_a_cache_behind_the_database_is_judged_on_the_stored_game(two_services):
    """Process b moves; a, whose cache still has the first player to move,
    gets the second player's move: it is not refused as out of turn nor
    lost, and lands after b's."""
    a, b, game_id = two_services
    await a.record(game_id)
    assert (await b.play(game_id, *await _a_move(b, game_id))).seq == 1
    judged_again = MOVES_JUDGED_AGAIN._value.get()
    assert (await a.play(game_id, *await _a_move(a, game_id))).seq == 2
    assert MOVES_JUDGED_AGAIN._value.get() == judged_again + 1  # what an operator sees of it
    assert [row.seq for row in await a.store.actions(game_id)] == [0, 1, 2]
    assert await a.verify(game_id) and await b.verify(game_id)


async def test_a_setting_changed_elsewhere_is_seen_by_the_next_move(two_services):
    a, b, game_id = two_services
    await b.configure(game_id, HOST, remind_hours=7.0)
    await a.play(game_id, *await _a_move(a, game_id))
    assert (await a.record(game_id)).settings["remind_hours"] == 7.0
    assert (await a.store.game(game_id)).settings["remind_hours"] == 7.0


async def test_two_processes_moving_one_game_at_once_write_one_log(two_services):
    """Both processes race to play the same position's move many times: each
    move lands once, in a log that replays."""
    a, b, game_id = two_services

    async def mover(tables: Tables) -> int:
        landed = 0
        for _ in range(12):
            try:
                user, action = await _a_move(tables, game_id)
                await tables.play(game_id, user, action)
                landed += 1
            except AgoraError:  # the other process moved first: the move is refused (illegal now, or out of turn)
                pass
        return landed

    landed = sum(await asyncio.gather(mover(a), mover(b)))
    rows = await a.store.actions(game_id)
    assert [row.seq for row in rows] == list(range(len(rows)))
    assert landed == len(rows) - 1
    assert await a.verify(game_id) and await b.verify(game_id)
