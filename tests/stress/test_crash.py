"""Crash safety: ``crash_child.py`` plays every seating's game at once through
the real service and SQLite file and is killed with SIGKILL at random points:
right after start-up (while ``recover()`` is re-delivering), or after a random
number of acknowledged moves plus a random few milliseconds. After each kill:

- the file passes SQLite's integrity check;
- every notice the courier delivered is a committed outbox row (nothing is
  announced for a move that was not committed);
- every acknowledged move is in the log, at its sequence number, exactly once;
  the only rows nobody acknowledged are each game's last one (the move in
  flight when the kill came);
- replaying each game's log from its seed gives exactly its snapshot;
- the notices still waiting in the outbox are delivered, in order, by a
  restarted service (``recover``), and nothing stays waiting.

The child then restarts on the same file and plays on. At the end, every
game's outbox holds exactly the notices a service that never crashed writes
for the same moves, so no notice was lost or doubled at any kill.
"""

from __future__ import annotations

import asyncio
import json
import queue
import random
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from engine.tables import Tables
from tests.conftest import RecordingCourier
from tests.stress.conftest import scaled, seatings, stress_games

CHILD = Path(__file__).with_name("crash_child.py")
REPO = Path(__file__).resolve().parents[2]
KILLS = scaled(6)
MOST_ACKS_BEFORE_KILL = 40
CHILD_TIMEOUT = 60.0


class Child:
    """A running ``crash_child.py``; its stdout is read line by line by a thread."""

    def __init__(self, db: Path, seed: int, seating_specs: list[dict]):
        self.process = subprocess.Popen(
            [sys.executable, str(CHILD), str(db), str(seed), json.dumps(seating_specs)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=REPO,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr: list[str] = []
        self._readers = [
            threading.Thread(target=self._read, args=(self.process.stdout, self.lines.put), daemon=True),
            threading.Thread(target=self._read, args=(self.process.stderr, self.stderr.append), daemon=True),
        ]
        for reader in self._readers:
            reader.start()

    @staticmethod
    def _read(stream, sink) -> None:
        for line in stream:
            sink(line.rstrip("\n"))
        if sink.__name__ == "put":
            sink(None)

    def read_until(self, ready_and_acks: int) -> list[str]:
        """Lines up to READY and then ``ready_and_acks`` ACK lines."""
        seen: list[str] = []
        deadline = time.monotonic() + CHILD_TIMEOUT
        ready, acks = False, 0
        while not ready or acks < ready_and_acks:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError("the child stalled; stderr:\n" + "\n".join(self.stderr[-30:])) from None
            if line is None:
                raise AssertionError("the child died by itself; stderr:\n" + "\n".join(self.stderr[-30:]))
            seen.append(line)
            ready = ready or line == "READY"
            acks += ready and line.startswith("ACK ")
        return seen

    def kill(self) -> list[str]:
        """SIGKILL, then every line the child had flushed before it died."""
        self.process.kill()
        self.process.wait()
        for reader in self._readers:
            reader.join()
        rest = []
        while (line := self.lines.get()) is not None:
            rest.append(line)
        return rest


@dataclass
class Ledger:
    """What the children acknowledged, and which log rows were already vetted."""

    acked: dict[tuple[int, int], tuple[int | None, str]] = field(default_factory=dict)
    vetted: set[tuple[int, int]] = field(default_factory=set)
    sent: set[int] = field(default_factory=set)
    """outbox ids the children's courier delivered"""
    nonces: dict[int, str] = field(default_factory=dict)
    """the nonce each delivered notice went out with"""
    pending_seen: int = 0
    resent: int = 0
    """notices delivered before a kill but not yet marked, so sent again after it"""

    def take(self, lines: list[str]) -> None:
        for line in lines:
            kind, _, rest = line.partition(" ")
            if kind == "ACK":
                game_id, seq, seat, action = rest.split(" ", 3)
                key = (int(game_id), int(seq))
                assert key not in self.acked, f"the service acknowledged {key} twice"
                self.acked[key] = (None if seat == "-" else int(seat), action)
            elif kind == "SENT":
                notice_id, nonce = rest.split(" ", 1)
                self.sent.add(int(notice_id))
                assert self.nonces.setdefault(int(notice_id), nonce) == nonce, "a notice changed its nonce"


def check_log(db: Path, ledger: Ledger) -> None:
    connection = sqlite3.connect(db)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = connection.execute(
            "SELECT game_id, seq, seat, kind, action FROM actions ORDER BY game_id, seq"
        ).fetchall()
        outbox_ids = {row[0] for row in connection.execute("SELECT id FROM outbox")}
    finally:
        connection.close()
    stored = {(g, seq): (seat, kind, action) for g, seq, seat, kind, action in rows}
    unknown = ledger.sent - outbox_ids
    assert not unknown, f"notices {sorted(unknown)[:5]} were delivered but are not in the outbox"
    for key, (seat, action) in ledger.acked.items():
        assert key in stored, f"acknowledged move {key} {action!r} is not in the log"
        assert (stored[key][0], stored[key][2]) == (seat, action), f"log row {key} is {stored[key]}, not {action!r}"
    last_of = {}
    for game_id, seq in stored:
        last_of[game_id] = max(seq, last_of.get(game_id, -1))
    for game_id, last in last_of.items():
        assert sorted(seq for g, seq in stored if g == game_id) == list(range(last + 1)), f"game {game_id}: gap"
    for key in stored.keys() - ledger.vetted - ledger.acked.keys():
        assert key[1] == last_of[key[0]], f"log row {key} {stored[key]} was never acknowledged and is not the last"
    ledger.vetted |= stored.keys()


async def check_replay_and_redelivery(db: Path, ledger: Ledger) -> None:
    courier = RecordingCourier()
    tables = await Tables.open(str(db), courier=courier, run_bots=False)
    try:
        for game_id in await game_ids(tables):
            assert await tables.verify(game_id), f"game {game_id}: replaying the log does not give the snapshot"
        waiting = [n.id for n in await tables.store.pending_notices(limit=1_000_000)]
        ledger.pending_seen += len(waiting)
        await tables.recover()
        await tables.settle()
        delivered = [n.id for n in courier.delivered]
        assert sorted(delivered) == sorted(waiting), "the restarted service did not deliver exactly what was waiting"
        again = [n for n in courier.delivered if n.id in ledger.sent]
        ledger.resent += len(again)
        # Sent again with the nonce of the first send: Discord returns the
        # message it already created, so no post appears twice.
        assert all(ledger.nonces[n.id] == n.nonce for n in again)
        for game_id in {n.game_id for n in courier.delivered}:
            mine = [n.id for n in courier.delivered if n.game_id == game_id]
            assert mine == sorted(mine), f"game {game_id}: notices delivered out of order"
        assert await tables.store.pending_notices() == []
    finally:
        await tables.close()


async def game_ids(tables: Tables) -> list[int]:
    return [
        game_id
        for game_id in range(1, await tables.store.count_games() + 1)
        if (await tables.store.game(game_id)) is not None
    ]


async def check_outbox_against_a_clean_run(db: Path) -> None:
    """Replay every game into a fresh service that never crashed: the outbox
    rows (seq, kind, addressee, payload) must be the same."""
    crashed = await Tables.open(str(db), run_bots=False)
    clean = await Tables.open(":memory:", run_bots=False)
    try:
        for game_id in await game_ids(crashed):
            record = await crashed.store.game(game_id)
            host = record.seats[0]
            again = await clean.create(
                channel_id=record.channel_id,
                user_id=host.user_id,
                name=host.name,
                game=record.game,
                options=record.options,
                seed=record.seed,
            )
            assert again.id == game_id
            for seat in record.seats[1:]:
                await clean.join(game_id, seat.user_id, seat.name)
            if record.status == "lobby":
                continue
            for row in await crashed.store.actions(game_id):
                if row.kind == "start":
                    await clean.start(game_id, host.user_id)
                else:
                    await clean.play_seat(game_id, row.seat, row.action)
            assert notices_of(db, game_id) == await clean_notices(clean, game_id), (
                f"game {game_id}: the outbox differs from a run without crashes"
            )
    finally:
        await crashed.close()
        await clean.close()


def notices_of(db: Path, game_id: int) -> Counter:
    connection = sqlite3.connect(db)
    try:
        return Counter(
            connection.execute(
                "SELECT seq, kind, user_id, payload FROM outbox WHERE game_id = ?", (game_id,)
            ).fetchall()
        )
    finally:
        connection.close()


async def clean_notices(tables: Tables, game_id: int) -> Counter:
    rows = await tables.store._read("SELECT seq, kind, user_id, payload FROM outbox WHERE game_id = ?", (game_id,))
    return Counter(tuple(row) for row in rows)


def test_sigkill_at_random_points_loses_and_doubles_nothing(tmp_path):
    db = tmp_path / "crash.sqlite3"
    specs = [
        {"game": s.game.name, "players": s.players, "options": s.options}
        for s in (seatings(game)[0] for game in stress_games())
    ]
    schedule = random.Random(20_240)
    ledger = Ledger()
    for kill in range(KILLS):
        child = Child(db, seed=kill, seating_specs=specs)
        acks_first = 0 if kill % 3 == 0 else schedule.randint(1, MOST_ACKS_BEFORE_KILL)
        lines = child.read_until(acks_first)
        time.sleep(schedule.uniform(0, 0.01))
        ledger.take(lines + child.kill())
        refused = [line for line in lines if line.startswith("REFUSED")]
        assert not refused, f"the service refused a legal move: {refused}"
        check_log(db, ledger)
        asyncio.run(check_replay_and_redelivery(db, ledger))
    asyncio.run(check_outbox_against_a_clean_run(db))
    assert len(ledger.acked) >= KILLS * 5, "the children hardly played: the test proved little"
    assert ledger.pending_seen > 0, "no kill left a notice waiting: redelivery was not exercised"
    print(
        f"\ncrash test: {KILLS} kills, {len(ledger.acked)} acknowledged actions, 0 lost; "
        f"{ledger.pending_seen} notices waiting at restarts, {ledger.resent} of them sent before the kill and "
        f"again after it with the same nonce (0 duplicate posts once Discord deduplicates the nonce)"
    )
    checks_notice_damage(db, ledger, tmp_path)


def checks_notice_damage(db: Path, ledger: Ledger, tmp_path: Path) -> None:
    """The checks above fail on a database that lost an acknowledged move or
    a notice (so their passing means something)."""
    game_id, seq = max(ledger.acked)
    lost_move = tmp_path / "lost-move.sqlite3"
    shutil.copy(db, lost_move)
    damage(lost_move, "DELETE FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq))
    with pytest.raises(AssertionError, match="is not in the log"):
        check_log(lost_move, Ledger(acked=dict(ledger.acked)))
    lost_notice = tmp_path / "lost-notice.sqlite3"
    shutil.copy(db, lost_notice)
    damage(
        lost_notice,
        "DELETE FROM outbox WHERE id = (SELECT MAX(id) FROM outbox WHERE game_id = ?) AND ? > 0",
        (game_id, seq),
    )
    with pytest.raises(AssertionError, match="outbox differs"):
        asyncio.run(check_outbox_against_a_clean_run(lost_notice))


def damage(db: Path, sql: str, params: tuple) -> None:
    connection = sqlite3.connect(db)
    try:
        assert connection.execute(sql, params).rowcount == 1
        connection.commit()
    finally:
        connection.close()
