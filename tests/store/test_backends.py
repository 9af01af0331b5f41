"""The store's guarantees, checked on both backends (SQLite and a real
PostgreSQL): "the same guarantees (append-only log with unique seq per game,
snapshot, outbox in the move's transaction, reminders)" (issue 20)."""

from __future__ import annotations

import asyncio

import pytest

from engine.store import (
    ChannelBusy,
    NewNotice,
    ReminderRecord,
    SeatRecord,
    SeqConflict,
    UndoRequest,
)
from tests.store.play import new_game

BIGGEST_ID = 2**63 - 1  # Discord ids go up to here


async def test_a_game_comes_back_as_it_was_stored(store):
    seats = [
        SeatRecord(0, BIGGEST_ID, "Ἀθηνᾶ"),
        SeatRecord(1, None, "bot", bot="hard"),
        SeatRecord(2, 7, "away", bot="easy", away=True),
    ]
    game_id = await new_game(
        store,
        channel=BIGGEST_ID,
        seats=seats,
        guild_id=BIGGEST_ID,
        parent_id=BIGGEST_ID - 1,
        options={"gods": ["Apollo"], "n": 1.5},
        seed=2**62 + 3,
        host_id=BIGGEST_ID,
        settings={"reminders": False},
    )
    record = await store.game(game_id)
    assert (record.guild_id, record.channel_id, record.parent_id, record.host_id) == (
        BIGGEST_ID,
        BIGGEST_ID,
        BIGGEST_ID - 1,
        BIGGEST_ID,
    )
    assert record.options == {"gods": ["Apollo"], "n": 1.5} and record.seed == 2**62 + 3
    assert record.settings == {"reminders": False} and record.status == "lobby" and record.seq == 0
    assert record.seats == seats and record.outcome is None and record.turn_lines == []
    assert isinstance(record.created_at, float)
    assert await store.live_game_in(BIGGEST_ID) == record
    assert await store.games_of_user(BIGGEST_ID) == [record]
    assert await store.count_games() == 1 and await store.game_ids() == [game_id]
    assert await store.game(game_id + 1000) is None


async def test_one_live_game_per_channel(store):
    """A live (lobby or active) game per channel; a finished one frees it."""
    first = await new_game(store, channel=5)
    with pytest.raises(ChannelBusy):
        await new_game(store, channel=5)
    await store.update_game(first, status="finished", outcome={"winner": 0}, finished_at=2.0)
    second = await new_game(store, channel=5)
    assert (await store.latest_game_in(5)).id == second
    await store.update_game(second, status="abandoned")
    assert (await store.latest_game_in(5)).id == second
    assert await store.live_game_in(5) is None
    assert (await store.game(first)).outcome == {"winner": 0}
    assert [g.id for g in await store.games_of_user(1, live_only=False)] == []


async def test_seats_are_replaced_and_updated(store):
    game_id = await new_game(store, seats=[SeatRecord(0, 1, "a")])
    await store.replace_seats(game_id, [SeatRecord(0, 1, "a"), SeatRecord(1, 2, "b")])
    await store.update_seat(game_id, SeatRecord(1, 2, "b", bot="medium", away=True))
    assert (await store.game(game_id)).seats == [SeatRecord(0, 1, "a"), SeatRecord(1, 2, "b", "medium", True)]
    await store.update_game(game_id, status="active", started_at=1.0)
    assert await store.active_games_with_bots() == [game_id]
    assert [g.id for g in await store.games_of_user(2)] == [game_id]
    with pytest.raises(ValueError):
        await store.update_game(game_id, seq=9)


async def test_a_move_and_all_that_follows_from_it_commit_together(store):
    game_id = await new_game(store, seats=[SeatRecord(0, 1, "a"), SeatRecord(1, 2, "b")])
    ids = await store.commit(
        game_id,
        1,
        seat=0,
        kind="play",
        action="place c3",
        text="a places",
        state={"board": "é", "n": [1, 2]},
        notices=[
            NewNotice("channel", {"text": "one"}),
            NewNotice("private", {"text": "two"}, user_id=2),
            NewNotice("channel", {"text": "three"}),
        ],
        game_fields={"status": "active", "turn_lines": ["a places"]},
        reminders=[ReminderRecord(game_id, 1, 1, since=10.0, due_at=20.0)],
    )
    assert len(ids) == 3 and ids == sorted(ids)
    pending = await store.pending_notices(game_id)
    assert [(n.id, n.kind, n.user_id, n.payload["text"]) for n in pending] == [
        (ids[0], "channel", None, "one"),
        (ids[1], "private", 2, "two"),
        (ids[2], "channel", None, "three"),
    ]
    record = await store.game(game_id)
    assert (record.seq, record.status, record.turn_lines) == (1, "active", ["a places"])
    assert await store.snapshot(game_id) == (1, {"board": "é", "n": [1, 2]})
    assert await store.current_seq(game_id) == 1
    assert [(a.seq, a.seat, a.kind, a.action, a.text) for a in await store.actions(game_id)] == [
        (1, 0, "play", "place c3", "a places")
    ]
    assert [(r.seat, r.seq, r.due_at) for r in await store.reminders_of(game_id)] == [(1, 1, 20.0)]
    # the next move's reminders replace the last one's; None leaves them alone
    await store.commit(
        game_id,
        2,
        seat=1,
        kind="play",
        action="x",
        text="",
        state=None,
        reminders=[
            ReminderRecord(game_id, 0, 2, since=30.0, due_at=40.0, group_size=2),
            ReminderRecord(game_id, 1, 2, since=30.0, due_at=41.0, muted=True),
        ],
    )
    await store.commit(game_id, 3, seat=0, kind="play", action="y", text="", state=None)
    assert [(r.seat, r.seq, r.due_at, r.muted, r.group_size) for r in await store.reminders_of(game_id)] == [
        (0, 2, 40.0, False, 2),
        (1, 2, 41.0, True, 1),
    ]
    assert await store.snapshot(game_id) == (1, {"board": "é", "n": [1, 2]}), "state=None keeps the snapshot"
    assert await store.current_seq(game_id) == 3
    await store.mark_delivered(ids[:2])
    assert [n.id for n in await store.pending_notices()] == [ids[2]]
    assert await store.games_with_pending_notices() == [game_id]


async def test_a_taken_sequence_number_is_a_conflict_and_writes_nothing(store):
    """UNIQUE(game_id, seq): the second writer of a seq gets SeqConflict, and
    nothing of its move (snapshot, notices, game row, reminders) is stored."""
    game_id = await new_game(store)
    await store.commit(game_id, 1, seat=0, kind="play", action="place c3", text="one", state={"n": 1})
    with pytest.raises(SeqConflict):
        await store.commit(
            game_id,
            1,
            seat=1,
            kind="play",
            action="place c2",
            text="two",
            state={"n": 2},
            notices=[NewNotice("channel", {})],
            game_fields={"status": "active"},
            reminders=[ReminderRecord(game_id, 0, 1, 1.0, 2.0)],
        )
    assert [a.action for a in await store.actions(game_id)] == ["place c3"]
    assert await store.snapshot(game_id) == (1, {"n": 1})
    assert await store.pending_notices() == [] and await store.reminders_of(game_id) == []
    assert (await store.game(game_id)).status == "lobby"


async def test_concurrent_writers_of_one_seq_one_wins(store):
    """Ten writers race for seq 1 of one game: exactly one row is appended."""
    game_id = await new_game(store)
    results = await asyncio.gather(
        *(store.commit(game_id, 1, seat=0, kind="play", action=f"m{i}", text="", state={"i": i}) for i in range(10)),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert all(isinstance(r, SeqConflict) for r in results if isinstance(r, BaseException))
    [action] = await store.actions(game_id)
    assert await store.snapshot(game_id) == (1, {"i": int(action.action[1:])})


async def test_notices_added_outside_a_move(store):
    game_id = await new_game(store)
    ids = await store.add_notices(game_id, 0, [NewNotice("channel", {"n": i}) for i in range(3)])
    assert [n.payload["n"] for n in await store.pending_notices(game_id)] == [0, 1, 2]
    assert [n.id for n in await store.pending_notices(game_id, limit=2)] == ids[:2]


async def test_failed_notices_back_off_then_become_dead_letters(store):
    game_id = await new_game(store)
    first, second = await store.add_notices(game_id, 0, [NewNotice("channel", {}), NewNotice("channel", {})])
    await store.mark_failed(first, "HTTP 503", retry_at=100.0, now=90.0)
    [retried, _] = await store.pending_notices(game_id)
    assert (retried.attempts, retried.next_attempt_at) == (1, 100.0)
    await store.mark_failed(first, "HTTP 403 Forbidden", retry_at=None, now=95.0)
    assert [n.id for n in await store.pending_notices(game_id)] == [second]
    assert await store.dead_letters(game_id) == [(first, "channel", "HTTP 403 Forbidden")]


async def test_reminders_move_on_only_for_their_own_turn(store):
    game_id = await new_game(store)
    await store.commit(
        game_id,
        1,
        seat=0,
        kind="play",
        action="a",
        text="",
        state=None,
        reminders=[ReminderRecord(game_id, 0, 1, 0.0, 10.0), ReminderRecord(game_id, 1, 1, 0.0, 50.0)],
    )
    assert [r.seat for r in await store.due_reminders(20.0)] == [0]
    assert not await store.reschedule_reminder(game_id, 0, 99, 30.0, 1), "a later turn's reminder is not moved"
    assert await store.reschedule_reminder(game_id, 0, 1, 30.0, 1)
    assert await store.due_reminders(20.0) == []
    assert await store.mute_reminder(game_id, 1, 1)
    assert not await store.mute_reminder(game_id, 1, 99)
    # a muted reminder is still due (its deadline holds); it only stops nudging
    assert [(r.seat, r.muted) for r in await store.due_reminders(60.0)] == [(0, False), (1, True)]
    await store.clear_reminders(game_id)
    assert await store.reminders_of(game_id) == []


async def test_undo_requests_and_settings(store):
    game_id = await new_game(store)
    request = UndoRequest(game_id, 0, 3, 4, {"1": True}, 5.0)
    await store.put_undo_request(request)
    await store.put_undo_request(UndoRequest(game_id, 1, 2, 4, {"0": False}, 6.0))
    assert await store.undo_request(game_id) == UndoRequest(game_id, 1, 2, 4, {"0": False}, 6.0)
    await store.drop_undo_request(game_id)
    assert await store.undo_request(game_id) is None
    assert await store.get_setting("guild", BIGGEST_ID, "reminders") is None
    await store.put_setting("guild", BIGGEST_ID, "reminders", {"hours": 12})
    await store.put_setting("guild", BIGGEST_ID, "reminders", {"hours": 6})
    assert await store.get_setting("guild", BIGGEST_ID, "reminders") == {"hours": 6}


async def test_a_persons_data_is_forgotten_and_a_servers_deleted(store):
    game_id = await new_game(store, guild_id=9, host_id=1, seats=[SeatRecord(0, 1, "Nikos"), SeatRecord(1, 2, "b")])
    await store.commit(
        game_id,
        1,
        seat=0,
        kind="play",
        action="a",
        text="Nikos builds",
        state=None,
        notices=[NewNotice("private", {}, user_id=1)],
    )
    await store.put_setting("user", 1, "dm", True)
    await store.put_setting("lobby", game_id, "invited:1", 1.0)  # an invitation names its invitee
    assert await store.forget_user(1, "someone") == 1
    assert await store.get_setting("lobby", game_id, "invited:1") is None
    record = await store.game(game_id)
    assert record.seats[0] == SeatRecord(0, None, "someone", bot="random") and record.host_id is None
    assert [a.text for a in await store.actions(game_id)] == ["someone builds"]
    assert await store.pending_notices() == [] and await store.get_setting("user", 1, "dm") is None
    await store.put_setting("guild", 9, "x", 1)
    await store.put_setting("lobby", game_id, "activity", {"at": 1.0})
    await store.put_setting("proposal", game_id, "settings", {"seat": 1})
    assert await store.delete_guild(9) == 1
    assert await store.count_games() == 0 and await store.get_setting("guild", 9, "x") is None
    assert await store.get_setting("lobby", game_id, "activity") is None
    assert await store.get_setting("proposal", game_id, "settings") is None
