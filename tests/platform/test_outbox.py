"""The outbox: every notice carries a stable nonce, failures back off, and a
notice that can never be delivered becomes a dead letter with its reason
instead of holding up the game's other posts."""

from __future__ import annotations

import asyncio
import random

import pytest

from engine.games import REGISTRY
from engine.tables import Notice, Tables, Undeliverable
from engine.tables.outbox import LONGEST_WAIT, MAX_ATTEMPTS, retry_delay
from tests.conftest import Clock
from tests.platform.test_tables import ALICE, BOB, lobby, started


class PoisonCourier:
    """Fails every delivery of one chosen notice (permanently or not) and
    delivers the rest."""

    def __init__(self, permanent: bool) -> None:
        self.permanent = permanent
        self.poisoned: int | None = None
        self.delivered: list[Notice] = []
        self.tries: dict[int, int] = {}

    async def deliver(self, notice: Notice) -> None:
        if self.poisoned is None and notice.kind == "channel":
            self.poisoned = notice.id
        if notice.id == self.poisoned:
            self.tries[notice.id] = self.tries.get(notice.id, 0) + 1
            if self.permanent:
                raise Undeliverable("NotFound 404: Unknown Channel")
            raise ConnectionError("Discord is unreachable")
        self.delivered.append(notice)


async def play_a_few(tables: Tables, game_id: int, moves: int) -> None:
    rng = random.Random(4)
    users = {0: ALICE, 1: BOB}
    for _ in range(moves):
        live = await tables._live(game_id)
        seat = live.game.to_move(live.state)[0]
        await tables.play(game_id, users[seat], rng.choice(await tables.legal(game_id, users[seat]))[0])
    await tables.settle()


def test_a_nonce_is_stable_short_and_unique_per_notice():
    first, second = Notice(7, 1, "channel", None, {}), Notice(8, 1, "channel", None, {})
    assert first.nonce == Notice(7, 2, "private", 5, {"text": "x"}).nonce, "the nonce depends on the row alone"
    assert first.nonce != second.nonce
    assert len(Notice(10**19, 1, "private", 1, {}).nonce + ".9") <= 25, "Discord takes nonces of 25 characters"


def test_backoff_doubles_up_to_a_ceiling():
    delays = [retry_delay(n) for n in range(1, MAX_ATTEMPTS + 1)]
    assert delays[:3] == [5.0, 10.0, 20.0]
    assert all(b >= a for a, b in zip(delays, delays[1:])) and max(delays) == LONGEST_WAIT


async def test_a_permanently_undeliverable_notice_is_set_aside_and_the_rest_flow(tmp_path):
    courier, clock = PoisonCourier(permanent=True), Clock()
    tables = await Tables.open(str(tmp_path / "a.sqlite3"), courier=courier, clock=clock)
    try:
        game_id = await started(tables)
        await play_a_few(tables, game_id, 6)
        assert courier.tries == {courier.poisoned: 1}, "a permanent failure is not retried"
        channel_posts = [n for n in courier.delivered if n.kind == "channel"]
        assert len(channel_posts) >= 3, "the posts after the poisoned one were delivered"
        assert await tables.store.pending_notices(game_id) == []
        dead = await tables.undeliverable(game_id)
        assert [(d[0], d[2]) for d in dead] == [(courier.poisoned, "NotFound 404: Unknown Channel")]
        assert "⚠️ 1 post could not be delivered (last: NotFound 404: Unknown Channel)" in await tables.status(game_id)
        await tables.flush_all(retry_now=True)
        assert courier.tries == {courier.poisoned: 1}, "a dead letter is never sent again"
    finally:
        await tables.close()


async def test_a_failing_notice_backs_off_then_becomes_a_dead_letter_without_holding_up_dms(tmp_path):
    courier, clock = PoisonCourier(permanent=False), Clock()
    tables = await Tables.open(str(tmp_path / "b.sqlite3"), courier=courier, clock=clock)
    try:
        game_id = await started(tables)
        await play_a_few(tables, game_id, 2)
        poisoned = courier.poisoned
        assert courier.tries[poisoned] == 1
        pending = await tables.store.pending_notices(game_id)
        assert pending[0].id == poisoned and pending[0].attempts == 1
        assert pending[0].next_attempt_at == clock() + retry_delay(1)
        await tables.flush(game_id)
        assert courier.tries[poisoned] == 1, "not tried again before its backoff is over"
        for attempt in range(2, MAX_ATTEMPTS + 1):
            clock.now += retry_delay(attempt - 1)
            await tables.flush(game_id)
            assert courier.tries[poisoned] == attempt
        dead = await tables.undeliverable(game_id)
        assert [d[0] for d in dead] == [poisoned] and dead[0][2].startswith(f"gave up after {MAX_ATTEMPTS} attempts")
        assert await tables.store.pending_notices(game_id) == [], "the channel posts held behind it went out"
    finally:
        await tables.close()


class FirstTryFails:
    """Fails each notice's first delivery, so it is retried from the store."""

    def __init__(self) -> None:
        self.tried: dict[int, Notice] = {}
        self.delivered: list[Notice] = []

    async def deliver(self, notice: Notice) -> None:
        if notice.id not in self.tried:
            self.tried[notice.id] = notice
            raise ConnectionError("Discord is unreachable")
        self.delivered.append(notice)


@pytest.mark.parametrize("game", sorted(REGISTRY))
async def test_a_notice_delivered_from_memory_is_the_one_stored(tmp_path, game):
    """A notice just committed goes out from the payload still in memory;
    its retry reads it back from the outbox: both must be the same notice."""
    courier, clock = FirstTryFails(), Clock()
    tables = await Tables.open(str(tmp_path / "c.sqlite3"), courier=courier, clock=clock)
    try:
        game_id = await lobby(tables, (ALICE, "alice"), (BOB, "bob"), game=game)
        await tables.start(game_id, ALICE)
        await play_a_few(tables, game_id, 8)
        for _ in range(40):  # each retry lets the next one through, which fails once in turn
            clock.now += retry_delay(1)
            await tables.flush_all()
        assert await tables.store.pending_notices(game_id) == []
        assert courier.delivered and len(courier.delivered) == len(courier.tried)
        for notice in courier.delivered:
            first = courier.tried[notice.id]
            assert (first.kind, first.user_id, first.payload) == (notice.kind, notice.user_id, notice.payload)
    finally:
        await tables.close()


class HangsOnThird:
    """Delivers two notices, then hangs on the third until cancelled (a
    process stopped mid-flush)."""

    def __init__(self) -> None:
        self.delivered: list[Notice] = []
        self.hanging = asyncio.Event()

    async def deliver(self, notice: Notice) -> None:
        if len(self.delivered) == 2:
            self.hanging.set()
            await asyncio.Event().wait()
        self.delivered.append(notice)


async def test_a_flush_marks_what_it_delivered_in_one_write_even_when_cut_short(tmp_path):
    """Delivered notices are marked together when the flush ends, also when
    it ends by cancellation: nothing delivered is sent again, nothing
    undelivered is marked."""
    courier = HangsOnThird()
    tables = await Tables.open(str(tmp_path / "d.sqlite3"), courier=None)
    try:
        game_id = await started(tables)
        await play_a_few(tables, game_id, 4)  # no courier yet: every post waits in the outbox
        pending = await tables.store.pending_notices(game_id)
        assert len(pending) >= 3
        tables.courier = courier
        marks: list[list[int]] = []
        mark_delivered = tables.store.mark_delivered

        async def counted(ids):
            marks.append(list(ids))
            await mark_delivered(ids)

        tables.store.mark_delivered = counted
        flushing = asyncio.create_task(tables.flush(game_id))
        await courier.hanging.wait()
        flushing.cancel()
        with pytest.raises(asyncio.CancelledError):
            await flushing
        assert marks == [[n.id for n in courier.delivered]], "one write marks the two delivered"
        left = await tables.store.pending_notices(game_id)
        assert [n.id for n in left] == [n.id for n in pending[2:]], "the undelivered stay pending, in order"
    finally:
        await tables.close()
