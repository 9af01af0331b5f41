"""One read of a held game (``game_and_reminders``), on both backends: the
fresh look a fleet's process takes at a game each time it holds it, "caches
are checked against the stored seq" (issue 20), in one round trip on
PostgreSQL instead of two."""

from __future__ import annotations

from engine.store import ReminderRecord, SeatRecord
from tests.store.play import new_game


async def test_a_game_and_its_reminders_read_together_are_what_the_two_reads_give(store):
    seats = [SeatRecord(0, 11, "ann"), SeatRecord(1, None, "bot", bot="easy"), SeatRecord(2, 13, "cy", away=True)]
    game_id = await new_game(store, seats=seats, settings={"remind_hours": 4})
    other = await new_game(store, channel=2, seats=[SeatRecord(0, 11, "ann")])
    assert await store.game_and_reminders(game_id) == (await store.game(game_id), [])
    waits = [
        ReminderRecord(game_id, 2, 1, since=30.0, due_at=41.0, sent=2, muted=True, group_size=2),
        ReminderRecord(game_id, 0, 1, since=30.0, due_at=40.0, group_size=2),
    ]
    await store.commit(
        game_id, 0, seat=None, kind="start", action="", text="", state={"n": 0}, game_fields={"status": "active"}
    )
    await store.commit(game_id, 1, seat=1, kind="play", action="x", text="", state={"n": 1}, reminders=waits)
    await store.commit(
        other, 0, seat=None, kind="start", action="", text="", state={}, reminders=[ReminderRecord(other, 0, 0, 1, 2)]
    )
    record, reminders = await store.game_and_reminders(game_id)
    assert record == await store.game(game_id) and record.seq == 1 and record.seats == seats
    assert record.status == "active" and record.settings == {"remind_hours": 4}
    assert reminders == await store.reminders_of(game_id) == sorted(waits, key=lambda r: r.seat)
    assert await store.game_and_reminders(other + 1000) == (None, [])
