"""A SQLite store keeps each read game's pending notices in memory, changed
with every write of its own, so the flush after a move does not read the
file again. What it keeps must always be what the file holds: after every
kind of write of the outbox, and after another connection's commits."""

from __future__ import annotations

import random

import pytest

from engine.store import NewNotice, SeatRecord
from engine.store.sqlite import SQLiteStore
from tests.store.play import new_game

USER = 2**40


def notice(kind: str = "channel", user: int | None = None, text: str = "x") -> NewNotice:
    return NewNotice(kind, {"text": text}, user_id=user)


async def from_the_file(store: SQLiteStore, game_id: int) -> list[tuple]:
    """The pending notices as the file holds them (nothing kept is used)."""
    rows = await store._read(
        "SELECT id, seq, kind, user_id, payload, attempts, next_attempt_at FROM outbox"
        " WHERE game_id = ? AND delivered_at IS NULL AND failed_at IS NULL ORDER BY id",
        (game_id,),
    )
    return [tuple(r) for r in rows]


def as_rows(notices) -> list[tuple]:
    return [(n.id, n.seq, n.kind, n.user_id, n.stored_payload, n.attempts, n.next_attempt_at) for n in notices]


@pytest.fixture
async def sqlite(tmp_path):
    store = await SQLiteStore.open(tmp_path / "agora.sqlite3")
    yield store
    await store.close()


async def active_game(store: SQLiteStore, channel: int) -> int:
    game_id = await new_game(
        store, channel=channel, seats=[SeatRecord(0, USER, "ann"), SeatRecord(1, None, "bot", bot="random")]
    )
    await store.update_game(game_id, status="active")
    return game_id


async def test_every_write_of_the_outbox_keeps_what_is_kept_equal_to_the_file(sqlite):
    rng = random.Random(3)
    games = [await active_game(sqlite, channel) for channel in (1, 2, 3)]
    seqs = dict.fromkeys(games, 0)
    for game_id in games:
        await sqlite.pending_notices(game_id)  # read once: kept from now on
    for step in range(300):
        game_id = rng.choice(games)
        pending = await sqlite.pending_notices(game_id)
        roll = rng.random()
        if roll < 0.35:
            seqs[game_id] += 1
            kinds = [notice(), notice("private", USER, f"hand {step}")][: rng.randint(0, 2)]
            await sqlite.commit(
                game_id, seqs[game_id], seat=0, kind="play", action="a", text="a", state=None, notices=kinds
            )
        elif roll < 0.5:
            await sqlite.add_notices(game_id, seqs[game_id], [notice(text=f"note {step}")])
        elif roll < 0.6:
            await sqlite.send_reminder(game_id, seqs[game_id], [notice("reminder", USER)], 0, seqs[game_id], 1.0, 1)
        elif roll < 0.8 and pending:
            await sqlite.mark_delivered([n.id for n in rng.sample(pending, rng.randint(1, len(pending)))])
        elif roll < 0.9 and pending:
            retry = rng.choice([None, 1234.5])
            await sqlite.mark_failed(rng.choice(pending).id, "Discord said no", retry_at=retry, now=1.0)
        kept = sqlite._pending.known(game_id)
        assert kept is not None, "a game read once stays known"
        assert as_rows(kept) == await from_the_file(sqlite, game_id), f"step {step}"


async def test_the_flush_after_a_move_reads_nothing_from_the_file(sqlite, monkeypatch):
    game_id = await active_game(sqlite, 1)
    await sqlite.pending_notices(game_id)
    reads: list[str] = []
    execute = sqlite._db.execute_fetchall

    async def counting(sql, *args):
        reads.append(sql)
        return await execute(sql, *args)

    monkeypatch.setattr(sqlite._db, "execute_fetchall", counting)
    ids = await sqlite.commit(game_id, 1, seat=0, kind="play", action="a", text="a", state=None, notices=[notice()])
    assert [n.id for n in await sqlite.pending_notices(game_id)] == ids
    assert not [sql for sql in reads if "outbox" in sql], "the kept list answered"


async def test_a_write_that_names_the_outbox_without_saying_what_it_did_forgets_it(sqlite):
    game_id = await active_game(sqlite, 1)
    await sqlite.add_notices(game_id, 0, [notice("private", USER)])
    assert len(await sqlite.pending_notices(game_id)) == 1
    await sqlite.forget_user(USER, "a former player")  # deletes the user's undelivered DMs
    assert sqlite._pending.known(game_id) is None
    assert await sqlite.pending_notices(game_id) == []


async def test_another_connections_notice_is_seen(sqlite, tmp_path):
    game_id = await active_game(sqlite, 1)
    assert await sqlite.pending_notices(game_id) == []
    other = await SQLiteStore.open(tmp_path / "agora.sqlite3")  # an admin command, say
    try:
        [their_id] = await other.add_notices(game_id, 0, [notice(text="from elsewhere")])
    finally:
        await other.close()
    assert await sqlite.games_with_pending_notices() == [game_id], "the reminder loop's look"
    assert [n.id for n in await sqlite.pending_notices(game_id)] == [their_id]


async def test_another_connections_commit_is_seen_by_the_next_write(sqlite, tmp_path):
    game_id = await active_game(sqlite, 1)
    await sqlite.pending_notices(game_id)
    other = await SQLiteStore.open(tmp_path / "agora.sqlite3")
    try:
        [their_id] = await other.add_notices(game_id, 0, [notice(text="from elsewhere")])
    finally:
        await other.close()
    [mine] = await sqlite.add_notices(game_id, 0, [notice(text="mine")])
    assert [n.id for n in await sqlite.pending_notices(game_id)] == [their_id, mine]


async def test_a_list_cut_at_the_limit_is_not_kept(sqlite):
    game_id = await active_game(sqlite, 1)
    await sqlite.add_notices(game_id, 0, [notice(text=str(i)) for i in range(5)])
    assert len(await sqlite.pending_notices(game_id, limit=3)) == 3
    assert sqlite._pending.known(game_id) is None
    assert len(await sqlite.pending_notices(game_id)) == 5


async def test_a_slip_in_what_is_kept_never_loses_the_write(sqlite, monkeypatch, caplog):
    game_id = await active_game(sqlite, 1)
    await sqlite.pending_notices(game_id)

    def broken(rows, ids):
        raise KeyError("a bug")

    monkeypatch.setattr(sqlite._pending, "added", broken)
    [notice_id] = await sqlite.add_notices(game_id, 0, [notice()])
    assert sqlite._pending.known(game_id) is None, "forgotten, so read again"
    assert [n.id for n in await sqlite.pending_notices(game_id)] == [notice_id]
    assert "reading them from the file again" in caplog.text
