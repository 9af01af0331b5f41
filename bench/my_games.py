"""``/mygames`` and the ``game`` autocomplete for a user with many games.

    python bench/my_games.py [--games 10000] [--live 40]

Builds a SQLite database where one user sits in ``--games`` games, ``--live``
of them still running (half waiting for that user), then times
``Tables.my_games`` (which both run on every keystroke of the autocomplete):
cold (first call after opening) and warm, best and median of 20 calls.
Target: under 50 ms with 10,000 games.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.tables import Tables  # noqa: E402

USER, OTHER = 7, 8


def build(path: Path, games: int, live: int) -> None:
    """The schema by opening the store once, then rows in bulk."""
    asyncio.run(_create(path))
    db = sqlite3.connect(path)
    with db:
        rows, seats, reminders = [], [], []
        for game_id in range(1, games + 1):
            status = "active" if game_id > games - live else "finished"
            rows.append(
                (
                    game_id,
                    1,
                    10_000 + game_id,
                    "santorini",
                    "{}",
                    game_id,
                    status,
                    USER,
                    "{}",
                    5,
                    json.dumps([]),
                    time.time(),
                )
            )
            seats += [(game_id, 0, USER, "me"), (game_id, 1, OTHER, "them")]
            if status == "active":
                reminders.append((game_id, game_id % 2, 5, time.time() + 3600, time.time()))
        db.executemany(
            "INSERT INTO games (id, guild_id, channel_id, game, options, seed, status, host_id, settings,"
            " seq, turn_lines, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            rows,
        )
        db.executemany("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?,?,?,?)", seats)
        db.executemany("INSERT INTO reminders (game_id, seat, seq, due_at, since) VALUES (?,?,?,?,?)", reminders)
    db.close()


async def _create(path: Path) -> None:
    tables = await Tables.open(str(path), run_bots=False)
    await tables.close()


async def measure(path: Path, live: int) -> tuple[float, list[float]]:
    tables = await Tables.open(str(path), run_bots=False)
    try:
        started = time.perf_counter()
        mine = await tables.my_games(USER)
        cold = time.perf_counter() - started
        assert len(mine) == live and sum(1 for _, turn in mine if turn) == live // 2, (len(mine), live)
        warm = []
        for _ in range(20):
            started = time.perf_counter()
            await tables.my_games(USER)
            warm.append(time.perf_counter() - started)
        return cold, warm
    finally:
        await tables.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--live", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        build(path, args.games, args.live)
        cold, warm = asyncio.run(measure(path, args.live))
    print(
        f"my_games with {args.games:,} games ({args.live} live): cold {cold * 1000:.1f} ms, "
        f"warm best {min(warm) * 1000:.1f} ms, median {statistics.median(warm) * 1000:.1f} ms (target < 50 ms)"
    )


if __name__ == "__main__":
    main()
