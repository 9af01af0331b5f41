"""The table service on both backends: "With AGORA_DB=postgresql://…, [Agora]
plays a whole game, resumes it, and writes no SQLite file" (issue 20)."""

from __future__ import annotations

import random

from engine.tables import Tables
from tests.conftest import Clock, RecordingCourier
from tests.store.play import GUEST, HOST, play_one


async def test_a_whole_game_is_played_resumed_and_replays_to_its_snapshot(store_url, tmp_path):
    courier = RecordingCourier()
    tables = await Tables.open(store_url, courier=courier, clock=Clock(), run_bots=False)
    rng = random.Random(11)
    try:
        record = await tables.create(channel_id=1, user_id=HOST, name="host", game="santorini", seed=5)
        await tables.join(record.id, GUEST, "guest")
        await tables.start(record.id, HOST)
        for _ in range(10):
            assert await play_one(tables, record.id, rng)
        await tables.settle()
    finally:
        await tables.close()

    # A new process: the game resumes from the store alone, and goes on to its end.
    tables = await Tables.open(store_url, courier=courier, clock=Clock(), run_bots=False)
    try:
        moves = 10
        while await play_one(tables, record.id, rng):
            moves += 1
            assert moves < 2000, "a random game of Santorini ends"
        await tables.settle()
        finished = await tables.store.game(record.id)
        assert finished.status == "finished" and finished.outcome
        assert finished.seq == (await tables.store.actions(record.id))[-1].seq
        assert await tables.verify(record.id), "replaying the log gives the snapshot"
        assert courier.texts(), "the channel posts went out"
    finally:
        await tables.close()
    if store_url.startswith("postgresql"):
        assert list(tmp_path.iterdir()) == [], "no SQLite file is written"
