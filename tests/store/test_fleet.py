"""Several processes on one database, correct by construction (issue 20):
"A test runs 3 service processes against one real PostgreSQL and hammers the
same games with concurrent moves, joins, settings and undo requests, kills one
process in the middle, and checks: 0 lost acknowledged actions, 0
double-applied, replay = snapshot, every notice delivered exactly once, every
reminder sent once."

The processes are tests/store/fleet_child.py, each its own ``Tables`` on the
same database. After the kill and the survivors' exit, this test takes over
as a fourth process: once the dead one's leases have run out, it delivers and
reminds what is left, as any process of the fleet would."""

from __future__ import annotations

import asyncio
import collections
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.store import open_store
from engine.tables import Notice, Tables

CHILD = Path(__file__).with_name("fleet_child.py")
CHILDREN = 3
VICTIM = 2
GAMES = 6
SECONDS = 10.0
ACKS_BEFORE_KILL = 15
LEASE = 2.0
HOST = 1_000
REMIND_AT = time.time() + 30 * 24 * 3600.0
"""The ``now`` every process reminds at: far enough ahead that every wait is
due, and the same for all, so a reminder sent twice would show."""

pytestmark = pytest.mark.slow


class FileCourier:
    """The taking-over process's courier: the same shared file as the children's."""

    def __init__(self, path: Path, owner: str):
        self.path, self.owner = path, owner

    async def deliver(self, notice: Notice) -> None:
        with self.path.open("a") as out:
            out.write(f"{self.owner} {notice.id}\n")


def spawn(url: str, index: int, delivered: Path, game_ids: list[int]) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            str(CHILD),
            url,
            str(index),
            "7",
            str(SECONDS),
            str(LEASE),
            str(REMIND_AT),
            str(delivered),
            *map(str, game_ids),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )


def read_until_acks(child: subprocess.Popen, acks: int) -> list[str]:
    """The child's lines until it has acknowledged ``acks`` actions (or ended)."""
    lines: list[str] = []
    while sum(line.startswith("ACK ") for line in lines) < acks:
        line = child.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
    return lines


async def run_fleet(url: str, delivered: Path, game_ids: list[int]) -> list[list[str]]:
    """Run the children, SIGKILL the victim mid-way (once it has
    acknowledged some actions); every line each printed."""
    children = [spawn(url, index, delivered, game_ids) for index in range(CHILDREN)]
    victim = children[VICTIM]
    before_kill = await asyncio.to_thread(read_until_acks, victim, ACKS_BEFORE_KILL)
    victim.send_signal(signal.SIGKILL)
    outputs = []
    for index, child in enumerate(children):
        out, err = await asyncio.to_thread(child.communicate, timeout=SECONDS + 120)
        if index != VICTIM:
            assert child.returncode == 0, err[-3000:]
            assert out.rstrip().endswith("DONE"), err[-3000:]
            outputs.append(out.splitlines())
        else:
            assert child.returncode == -signal.SIGKILL, (before_kill[-20:], err[-3000:])
            outputs.append(before_kill + out.splitlines())
    return outputs


async def test_three_processes_one_killed_lose_and_double_nothing(postgres_server, tmp_path):
    url = await postgres_server.new_schema()
    delivered = tmp_path / "delivered"
    delivered.touch()
    store = await open_store(url)
    setup = Tables(store, run_bots=False)
    game_ids = []
    for channel in range(GAMES):
        record = await setup.create(channel_id=channel + 1, user_id=HOST, name="host", game="santorini", seed=channel)
        game_ids.append(record.id)
    await setup.close()

    outputs = await run_fleet(url, delivered, game_ids)

    # This process takes over once the victim's leases have run out.
    await asyncio.sleep(LEASE + 0.5)
    taker = Tables(await open_store(url), run_bots=False, claim_lease=LEASE)
    taker.courier = FileCourier(delivered, taker.owner)
    await taker.remind(REMIND_AT + LEASE + 1)
    await taker.flush_all(retry_now=True)
    await taker.settle()
    store = taker.store

    acks = [[line.split()[1:] for line in lines if line.startswith("ACK ")] for lines in outputs]
    kinds = collections.Counter(ack[0] for child in acks for ack in child)
    assert kinds["move"] > 30 and kinds["join"] >= GAMES // 2 and kinds["set"] > 3, kinds
    assert acks[VICTIM], "the victim was killed before it acknowledged anything"
    lost: list[str] = []

    # Joins and starts: every acknowledged join is seated; no game over its seats.
    records = {game_id: await store.game(game_id) for game_id in game_ids}
    for child in acks:
        for ack in child:
            if ack[0] == "join" and records[int(ack[1])].seat_of(int(ack[2])) is None:
                lost.append(f"join {ack}")
            if ack[0] == "start" and records[int(ack[1])].started_at is None:
                lost.append(f"start {ack}")
    for record in records.values():
        users = [seat.user_id for seat in record.seats]
        assert len(users) == len(set(users)) <= 4, users

    # Moves: each acknowledged move is its game's log row of that seq.
    logs = {game_id: await store.actions(game_id) for game_id in game_ids}
    for child in acks:
        for ack in child:
            if ack[0] == "move":
                game_id, seq, seat, action = int(ack[1]), int(ack[2]), int(ack[3]), " ".join(ack[4:])
                row = next((r for r in logs[game_id] if r.seq == seq), None)
                if row is None or (row.seat, row.action) != (seat, action):
                    lost.append(f"move {ack} (log has {row})")

    # Settings: each process changed its own; the last acknowledged value
    # stands (the victim's: or one it tried after its last ACK).
    for index, lines in enumerate(outputs):
        allowed: dict[tuple[int, str], set[str]] = {}
        for line in lines:
            word, *rest = line.split()
            if word in ("ACK", "TRY") and rest[0] == "set":
                where = (int(rest[1]), rest[2])
                if word == "ACK":
                    allowed[where] = {rest[3]}
                elif index == VICTIM:
                    allowed.setdefault(where, set()).add(rest[3])
        for (game_id, key), values in allowed.items():
            stored = str(records[game_id].settings[key])
            if stored not in values and (
                index != VICTIM or any(a[0] == "set" and (int(a[1]), a[2]) == (game_id, key) for a in acks[index])
            ):
                lost.append(f"setting {game_id} {key}: {stored}, acknowledged {values}")

    # Take-backs: every acknowledged one is in the logs (the victim's last may be unacknowledged).
    undo_rows = sum(row.kind == "undo" for rows in logs.values() for row in rows)
    assert kinds["undo"] <= undo_rows <= kinds["undo"] + 1, (kinds["undo"], undo_rows)
    assert lost == []

    # Nothing double-applied: seqs unique and contiguous, replay = snapshot.
    for game_id, rows in logs.items():
        seqs = [row.seq for row in rows]
        assert seqs == list(range(len(seqs))), seqs
        if seqs:
            assert records[game_id].seq == seqs[-1]
        assert await taker.verify(game_id), f"game {game_id}: replay differs from snapshot"

    # Every notice delivered, and exactly once but for the nonce's repeats.
    lines = [line.split() for line in delivered.read_text().splitlines()]
    by_id: dict[int, list[str]] = collections.defaultdict(list)
    for owner, notice_id in lines:
        by_id[int(notice_id)].append(owner)
    victim_owner = outputs[VICTIM][0].split()[1]
    all_ids = {notice_id for game_id in game_ids for notice_id in await notice_ids(store, game_id)}
    pending = await store.pending_notices()
    assert pending == [], f"{len(pending)} notices never delivered"
    assert set(by_id) == all_ids
    repeats = {notice_id: owners for notice_id, owners in by_id.items() if len(owners) > 1}
    # A repeat is a notice the victim delivered but died before marking:
    # the first delivery is the victim's, and the nonce (the id) dedupes it.
    live_repeats = [owners for owners in repeats.values() if len(owners) > 2 or owners[0] != victim_owner]
    assert live_repeats == []

    # Every reminder sent once: one notice per wait and per reminder number.
    reminders = collections.Counter()
    for game_id in game_ids:
        for notice in await store_notices(store, game_id):
            if notice["kind"] == "reminder":
                payload = json.loads(notice["payload"])
                reminders[(game_id, payload["seat"], payload["seq"], payload.get("sent"))] += 1
    assert reminders and max(reminders.values()) == 1, [k for k, n in reminders.items() if n > 1]
    assert await store.due_reminders(REMIND_AT) == [], "a wait due was never reminded"
    print(
        f"fleet: {dict(kinds)} acknowledged, {len(all_ids)} notices, {len(repeats)} repeated by the "
        f"victim (deduped by nonce), {sum(reminders.values())} reminders"
    )
    await taker.close()


async def store_notices(store, game_id: int) -> list[dict]:
    async with store._pool.acquire() as db:
        rows = await db.fetch("SELECT id, kind, payload FROM outbox WHERE game_id = $1 ORDER BY id", game_id)
    return [dict(row) for row in rows]


async def notice_ids(store, game_id: int) -> set[int]:
    return {row["id"] for row in await store_notices(store, game_id)}


async def test_two_services_on_one_database_lose_no_seat_setting_or_move(postgres_server):
    """ "With two ``Tables`` on one file, concurrent lobby joins lost a seat
    (``a.join(p2)``, ``b.join(p3)`` → seats ``[host, p3]``) and a settings
    change was overwritten" (issue 20); and "a process never applies a move
    to a stale cached state"."""
    url = await postgres_server.new_schema()
    a = Tables(await open_store(url), run_bots=False)
    b = Tables(await open_store(url), run_bots=False)
    try:
        game_id = (await a.create(channel_id=1, user_id=HOST, name="host", game="santorini", seed=3)).id
        await b.record(game_id)  # b caches the lobby
        await asyncio.gather(a.join(game_id, 2, "p2"), b.join(game_id, 3, "p3"))
        await asyncio.gather(a.configure(game_id, HOST, remind_hours=5.0), b.configure(game_id, HOST, window_hours=2.0))
        stored = await a.store.game(game_id)
        assert sorted(seat.user_id for seat in stored.seats) == [2, 3, HOST]
        assert (stored.settings["remind_hours"], stored.settings["window_hours"]) == (5.0, 2.0)
        await b.start(game_id, HOST)
        for turn in range(6):  # alternate processes; each move is on the state the other left
            tables = (a, b)[turn % 2]
            async with tables._held(game_id) as live:
                seat = live.game.to_move(live.state)[0]
                action = live.game.legal(live.state, seat)[0]
                user = live.record.seats[seat].user_id
            result = await tables.play(game_id, user, action)
            assert result.seq == turn + 1
        assert (await a.record(game_id)).seq == (await b.record(game_id)).seq == 6  # a look is up to date too
        assert await a.verify(game_id) and await b.verify(game_id)
    finally:
        await a.close()
        await b.close()


async def test_a_reminder_claimed_by_a_dead_process_is_sent_once_its_lease_runs_out(postgres_server):
    """ "Work claimed by a process that died is taken over when its lease
    expires" (issue 20)."""
    url = await postgres_server.new_schema()
    tables = Tables(await open_store(url), run_bots=False, claim_lease=LEASE)
    try:
        game_id = (await tables.create(channel_id=1, user_id=HOST, name="host", game="santorini", seed=3)).id
        await tables.join(game_id, 2, "p2")
        await tables.start(game_id, HOST)
        waits = await tables.store.reminders_of(game_id)
        due = max(wait.due_at for wait in waits)
        assert len(await tables.store.claim_due_reminders(due, "dead-process", 60.0)) == len(waits)
        assert await tables.remind(due + 59) == 0
        assert await tables.remind(due + 61) == len(waits)
        assert await tables.remind(due + 61) == 0
    finally:
        await tables.close()
