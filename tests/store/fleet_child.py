"""One process of the fleet test (tests/store/test_fleet.py): its own table
service on the shared PostgreSQL database, hammering the same games as its
siblings with joins, starts, settings, moves, take-back requests and their
answers, reminders and deliveries, for a while, then exiting.

    python tests/store/fleet_child.py URL INDEX SEED SECONDS LEASE REMIND_AT DELIVERED GAME_IDS...

Lines on stdout, each flushed at once (only after the call returned, so the
action is committed):

- ``READY <owner>``: the process's claimer name (its courier's too);
- ``ACK join <game> <user>``, ``ACK start <game>``;
- ``TRY set <game> <key> <value>`` before, ``ACK set <game> <key> <value>``
  after a settings change (each process changes its own setting);
- ``ACK move <game> <seq> <seat> <action>``;
- ``ACK undo <game>`` for a take-back applied by ``undo`` or ``answer_undo``;
- ``DONE``.

Each notice the courier delivers is appended as ``<owner> <notice id>`` to
the file DELIVERED (one ``write`` on a file opened for appending, so lines of
processes never mix).
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.core import AgoraError  # noqa: E402
from engine.store import open_store  # noqa: E402
from engine.tables import Notice, Tables  # noqa: E402

USERS_PER_CHILD = 2
"""Users each process tries to seat in every lobby: more than the seats, so
joins race for the last ones."""
OWN_SETTING = ("remind_hours", "window_hours", "fallback")
"""The setting each process changes (by its index): a lost update shows."""


def say(line: str) -> None:
    print(line, flush=True)


def user_of(child: int, k: int) -> int:
    return 2_000 + 10 * child + k


class FileCourier:
    """Delivers by appending the notice's id to the shared file."""

    def __init__(self, path: str):
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        self.owner = ""

    async def deliver(self, notice: Notice) -> None:
        os.write(self.fd, f"{self.owner} {notice.id}\n".encode())


def setting_value(key: str, rng: random.Random) -> float | str:
    if key == "fallback":
        return rng.choice(["bot", "pass"])
    return float(rng.randint(2, 48)) if key == "remind_hours" else float(rng.randint(1, 60))


async def one_action(tables: Tables, child: int, game_id: int, rng: random.Random) -> None:
    record = await tables.store.game(game_id)
    if record is None or record.status not in ("lobby", "active"):
        return
    if record.status == "lobby":
        if rng.random() < 0.7:
            user = user_of(child, rng.randrange(USERS_PER_CHILD))
            await tables.join(game_id, user, f"u{user}")
            say(f"ACK join {game_id} {user}")
        elif len(record.seats) >= 2:
            await tables.start(game_id, record.host_id)
            say(f"ACK start {game_id}")
        return
    roll = rng.random()
    if roll < 0.1:
        key = OWN_SETTING[child]
        value = setting_value(key, rng)
        say(f"TRY set {game_id} {key} {value}")
        await tables.configure(game_id, record.host_id, **{key: value})
        say(f"ACK set {game_id} {key} {value}")
    elif roll < 0.18:
        user = rng.choice([s.user_id for s in record.seats])
        result = await tables.undo(game_id, user)
        if result.done:
            say(f"ACK undo {game_id}")
    elif roll < 0.25:
        request = await tables.store.undo_request(game_id)
        if request is not None:
            others = [s.user_id for s in record.seats if s.seat != request.seat]
            result = await tables.answer_undo(game_id, rng.choice(others), rng.random() < 0.7, request.at_seq)
            if result.done:
                say(f"ACK undo {game_id}")
    else:
        async with tables._held(game_id) as live:  # the current state, to choose a legal action from
            movers = live.game.to_move(live.state) if live.record.status == "active" else []
            if not movers:
                return
            seat = rng.choice(movers)
            action = rng.choice(live.game.legal(live.state, seat))
            user = live.record.seats[seat].user_id
        result = await tables.play(game_id, user, action)
        say(f"ACK move {game_id} {result.seq} {seat} {action}")


async def main(
    url: str, child: int, seed: int, seconds: float, lease: float, remind_at: float, delivered: str, game_ids: list[int]
) -> None:
    rng = random.Random(seed * 100 + child)
    courier = FileCourier(delivered)
    tables = Tables(await open_store(url), courier=courier, run_bots=False, claim_lease=lease)
    courier.owner = tables.owner
    await tables.recover()
    say(f"READY {tables.owner}")
    stop_at = time.monotonic() + seconds
    while time.monotonic() < stop_at:
        try:
            await one_action(tables, child, rng.choice(game_ids), rng)
        except AgoraError:
            pass  # refused (full, not your turn, someone moved meanwhile): the test counts only ACKs
        if rng.random() < 0.1:
            await tables.remind(remind_at)
        if rng.random() < 0.05:
            await tables.flush_all()
    await tables.remind(remind_at)
    await tables.close()
    say("DONE")


if __name__ == "__main__":
    url, index, seed, seconds, lease, remind_at, delivered, *ids = sys.argv[1:]
    asyncio.run(
        main(
            url, int(index), int(seed), float(seconds), float(lease), float(remind_at), delivered, [int(i) for i in ids]
        )
    )
