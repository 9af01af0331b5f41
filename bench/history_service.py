"""Service-level history figures over a SQLite store of N synthetic finished
games (issue 17): the first lazy rating of all of them, one more game rated
live, a player's /stats, a /leaderboard, and a full rebuild.

    nice -n 10 .venv/bin/python bench/history_service.py [--games 10000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, "/work/main")

from engine.tables import Tables  # noqa: E402
from engine.tables.history import History  # noqa: E402

GAMES = ("hellenica", "santorini", "thebes", "thera", "thessaloniki")
USERS = 500


class HistoryTables(History, Tables):
    pass


async def fill(store, count: int, seed: int) -> None:
    """``count`` finished games among USERS players: 2-7 seats (one in ten a
    bot), random scores, 40 timed play rows each, a deadline in half."""
    rng = random.Random(seed)
    games, seats, actions = [], [], []
    clock = 1_700_000_000.0
    for game_id in range(1, count + 1):
        players = rng.randint(2, 7)
        users = list(rng.sample(range(1, USERS + 1), players))
        if rng.random() < 0.1:
            users[rng.randrange(players)] = None
        scores = [rng.randint(0, 60) for _ in range(players)]
        best = max(scores)
        started = clock
        for seq in range(1, 41):
            clock += rng.expovariate(1 / 7200)
            actions.append((game_id, seq, rng.randrange(players), "play", "x", "", clock))
        outcome = {"scores": scores, "winners": [s for s in range(players) if scores[s] == best], "reason": "bench"}
        games.append(
            (
                game_id,
                rng.randrange(1, 4),
                game_id,
                rng.choice(GAMES),
                "{}",
                1,
                "finished",
                json.dumps({"deadline_hours": rng.choice((0.0, 24.0))}),
                41,
                json.dumps(outcome),
                started,
                started,
                clock,
            )
        )
        seats += [(game_id, s, users[s], f"p{users[s]}", None if users[s] else "medium") for s in range(players)]
    await store.import_rows(
        "games",
        [
            "id",
            "guild_id",
            "channel_id",
            "game",
            "options",
            "seed",
            "status",
            "settings",
            "seq",
            "outcome",
            "created_at",
            "started_at",
            "finished_at",
        ],
        games,
    )
    await store.import_rows("seats", ["game_id", "seat", "user_id", "name", "bot"], seats)
    await store.import_rows("actions", ["game_id", "seq", "seat", "kind", "action", "text", "at"], actions)


async def timed(repeats: int, work) -> tuple[float, float]:
    runs = []
    for _ in range(repeats):
        started = time.perf_counter()
        await work()
        runs.append(time.perf_counter() - started)
    return min(runs), statistics.median(runs)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        tables = await HistoryTables.open(str(Path(folder) / "bench.sqlite3"), run_bots=False)
        try:
            await fill(tables.store, args.games, args.seed)
            started = time.perf_counter()
            counted = await tables.rate_finished()
            print(f"first (lazy) rating of {counted} stored finished games: {time.perf_counter() - started:.2f} s")
            user = 7
            mine = len(await tables.store.rated_records(user_id=user))
            for label, work in (
                ("nothing new to rate (the check every read makes)", lambda: tables.rate_finished()),
                (
                    f"/stats of one player ({mine} games), every server",
                    lambda: tables.player_stats(user, viewer_id=user),
                ),
                ("/stats of one player, one game", lambda: tables.player_stats(user, game="thera", viewer_id=user)),
                ("/stats of one player, one server", lambda: tables.player_stats(user, guild_id=1, viewer_id=user)),
                ("/leaderboard of one game, everywhere", lambda: tables.leaderboard("hellenica")),
                ("/leaderboard of one game, one server", lambda: tables.leaderboard("hellenica", guild_id=1)),
            ):
                best, typical = await timed(5, work)
                print(f"{label:<52} {best * 1000:8.1f} ms best, {typical * 1000:8.1f} ms median")
            best, _ = await timed(1, tables.rebuild_ratings)
            print(f"{'rebuild every rating (rebuild-ratings)':<52} {best * 1000:8.1f} ms")
        finally:
            await tables.close()


if __name__ == "__main__":
    asyncio.run(main())
