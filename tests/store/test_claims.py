"""Work any process could do is claimed, on both backends: "Reminders,
deadlines and outbox deliveries are claimed (FOR UPDATE SKIP LOCKED or
leases), so each is done once across the fleet; work claimed by a process
that died is taken over when its lease expires" (issue 20)."""

from __future__ import annotations

import asyncio
import json
import sys
import time

from engine.store import NewNotice, ReminderRecord, open_store
from tests.pg_server import REPO
from tests.store.play import new_game

LEASE = 60.0


async def games_with_reminders(store, count: int, due_at: float = 10.0) -> list[int]:
    ids = []
    for channel in range(1, count + 1):
        game_id = await new_game(store, channel=channel)
        await store.commit(
            game_id,
            1,
            seat=0,
            kind="play",
            action="a",
            text="",
            state=None,
            reminders=[ReminderRecord(game_id, seat, 1, 0.0, due_at + seat) for seat in range(2)],
        )
        ids.append(game_id)
    return ids


async def test_a_due_reminder_goes_to_one_claimer_until_its_lease_runs_out(store):
    [game_id] = await games_with_reminders(store, 1)
    first = await store.claim_due_reminders(20.0, "process-a", LEASE)
    assert [(r.game_id, r.seat) for r in first] == [(game_id, 0), (game_id, 1)]
    assert await store.claim_due_reminders(20.0, "process-b", LEASE) == []
    assert await store.claim_due_reminders(20.0, "process-a", LEASE) == [], "a claim is not handed out twice"
    # process-a died: once its lease is over, another process takes the work over
    taken_over = await store.claim_due_reminders(20.0 + LEASE, "process-b", LEASE)
    assert [(r.game_id, r.seat) for r in taken_over] == [(game_id, 0), (game_id, 1)]


async def test_rescheduling_ends_a_claim_and_muting_does_not(store):
    [game_id] = await games_with_reminders(store, 1)
    await store.claim_due_reminders(20.0, "a", LEASE)
    assert await store.reschedule_reminder(game_id, 0, 1, due_at=30.0, sent=1)
    assert await store.mute_reminder(game_id, 1, 1)
    assert [(r.seat, r.sent) for r in await store.claim_due_reminders(35.0, "b", LEASE)] == [(0, 1)]


async def test_only_due_reminders_are_claimed_muted_ones_too_and_limit_counts(store):
    """A muted reminder still has its deadline to apply: it is claimed too."""
    ids = await games_with_reminders(store, 3)
    assert await store.mute_reminder(ids[0], 0, 1)
    assert await store.claim_due_reminders(5.0, "a", LEASE) == []
    claimed = await store.claim_due_reminders(10.5, "a", LEASE, limit=2)
    assert [(r.game_id, r.seat, r.muted) for r in claimed] == [(ids[0], 0, True), (ids[1], 0, False)]


async def test_a_new_turns_reminders_are_unclaimed(store):
    [game_id] = await games_with_reminders(store, 1)
    await store.claim_due_reminders(20.0, "a", LEASE)
    await store.commit(
        game_id,
        2,
        seat=0,
        kind="play",
        action="b",
        text="",
        state=None,
        reminders=[ReminderRecord(game_id, 0, 2, 20.0, 20.0)],
    )
    assert [(r.seat, r.seq) for r in await store.claim_due_reminders(20.0, "b", LEASE)] == [(0, 2)]


async def test_a_games_notices_are_claimed_together_in_order(store):
    games = [await new_game(store, channel=c) for c in (1, 2)]
    for seq in (1, 2):
        for game_id in games:
            await store.add_notices(game_id, seq, [NewNotice("channel", {"seq": seq})])
    mine = await store.claim_pending_notices(None, "a", LEASE)
    assert [(n.game_id, n.payload["seq"]) for n in mine] == [(games[0], 1), (games[1], 1), (games[0], 2), (games[1], 2)]
    assert await store.claim_pending_notices(None, "b", LEASE) == []
    # a notice added to a claimed game waits for the claim to end: order is kept
    await store.add_notices(games[0], 3, [NewNotice("channel", {"seq": 3})])
    assert await store.claim_pending_notices(games[0], "b", LEASE) == []
    await store.mark_delivered([n.id for n in mine if n.game_id == games[0]])
    later = await store.claim_pending_notices(None, "b", LEASE)
    assert [(n.game_id, n.payload["seq"]) for n in later] == [(games[0], 3)]


async def test_notices_of_a_dead_claimer_are_taken_over(store):
    game_id = await new_game(store)
    await store.add_notices(game_id, 1, [NewNotice("channel", {})])
    [claimed] = await store.claim_pending_notices(game_id, "a", lease_seconds=0.2)
    assert await store.claim_pending_notices(game_id, "b", LEASE) == []
    await asyncio.sleep(0.3)
    assert [n.id for n in await store.claim_pending_notices(game_id, "b", LEASE)] == [claimed.id]
    assert await store.claim_pending_notices(None, "c", LEASE, limit=1) == []


async def test_many_processes_claiming_at_once_share_the_work_without_overlap(store_url):
    """Four stores (four processes' worth of connections) claim 60 games'
    reminders and notices concurrently, in small bites: every row is claimed
    exactly once."""
    stores = [await open_store(store_url) for _ in range(4)]
    try:
        ids = await games_with_reminders(stores[0], 30)
        for game_id in ids:
            await stores[0].add_notices(game_id, 1, [NewNotice("channel", {"n": n}) for n in range(3)])
        now = time.time()

        claimed = {"reminders": 0, "notices": 0}

        async def claim_all(store, owner: str) -> tuple[list, list]:
            """Claim in small bites until everything is claimed by someone (a
            game another claimer is looking at is skipped, so a round that
            finds nothing does not mean nothing is left)."""
            reminders, notices = [], []
            for _ in range(500):
                if claimed == {"reminders": 60, "notices": 90}:
                    break
                got_reminders = await store.claim_due_reminders(now, owner, LEASE, limit=3)
                got_notices = await store.claim_pending_notices(None, owner, LEASE, limit=4)
                reminders += got_reminders
                notices += got_notices
                claimed["reminders"] += len(got_reminders)
                claimed["notices"] += len(got_notices)
                await asyncio.sleep(0)
            return reminders, notices

        results = await asyncio.gather(*(claim_all(s, f"p{i}") for i, s in enumerate(stores)))
    finally:
        for store in stores:
            await store.close()
    reminders = [(r.game_id, r.seat) for found, _ in results for r in found]
    notices = [n.id for _, found in results for n in found]
    assert sorted(reminders) == sorted((game_id, seat) for game_id in ids for seat in range(2))
    assert len(notices) == len(set(notices)) == 90
    # whole games at a time: a game's three notices all went to one claimer
    owner_of = {}
    for index, (_, found) in enumerate(results):
        for notice in found:
            assert owner_of.setdefault(notice.game_id, index) == index


CLAIMER = """
import asyncio, json, sys, time
sys.path.insert(0, sys.argv[3])
from engine.store import open_store

async def main(where, owner):
    store = await open_store(where)
    reminders, notices, idle = [], [], 0
    try:
        while idle < 20:  # stop after a while without finding any work
            got_reminders = await store.claim_due_reminders(time.time(), owner, 60.0, limit=2)
            got_notices = await store.claim_pending_notices(None, owner, 60.0, limit=3)
            reminders += [[r.game_id, r.seat] for r in got_reminders]
            notices += [n.id for n in got_notices]
            idle = 0 if got_reminders or got_notices else idle + 1
            await asyncio.sleep(0.005)
    finally:
        await store.close()
    print(json.dumps({"reminders": reminders, "notices": notices}))

asyncio.run(main(sys.argv[1], sys.argv[2]))
"""


async def test_three_real_processes_claim_each_row_once(store_url):
    """Three OS processes, each with its own store, claim the same database's
    reminders and notices: every row goes to exactly one of them."""
    store = await open_store(store_url)
    try:
        ids = await games_with_reminders(store, 20)
        for game_id in ids:
            await store.add_notices(game_id, 1, [NewNotice("channel", {"n": n}) for n in range(2)])
    finally:
        await store.close()
    claimers = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-c", CLAIMER, store_url, f"process-{n}", str(REPO), stdout=asyncio.subprocess.PIPE
        )
        for n in range(3)
    ]
    outputs = [json.loads((await claimer.communicate())[0]) for claimer in claimers]
    assert [claimer.returncode for claimer in claimers] == [0, 0, 0]
    reminders = [tuple(r) for found in outputs for r in found["reminders"]]
    notices = [n for found in outputs for n in found["notices"]]
    assert sorted(reminders) == sorted((game_id, seat) for game_id in ids for seat in range(2))
    assert len(notices) == len(set(notices)) == 40
