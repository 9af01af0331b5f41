"""Process CPU per committed move of the table service, an older commit against this tree, in one process.

    python bench/service_ab.py --base 0c1a5c8 [--game hellenica] [--games 100] [--moves 2000] [--runs 6]

``bench/service.py --throughput`` measures the CPU of the whole process
(the SQLite thread too) per move committed with the outbox drained, but two
processes timed one after the other on a shared machine differ by 20-40%
as the load moves. Here both services run in one process, one after the
other, in runs of the same shape, base and this tree alternating ABBA: the
``engine`` package of ``--base`` is imported as ``engine_base`` (as
``engine_ab.py`` does) with its own ``Tables``. A run is what the service
bench's per-game row measures: ``--games`` active games on a fresh SQLite
file, ``--moves`` moves committed without a courier (each game's first
ones), then ``--moves`` more with a courier that delivers at once, timed
(``time.process_time``). Prints each run and the median of each side.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from common import bench_players
from engine_ab import base_engine
from service import InstantCourier, Room, closed_loop

from engine.runtime import tune_garbage_collector


async def one_run(engine: ModuleType, game: str, games: int, moves: int, path: Path) -> float:
    """CPU ms per move committed with the outbox drained, on ``engine``'s service."""
    tables = await engine.tables.Tables.open(str(path), courier=None, run_bots=False, cache_size=max(2000, 2 * games))
    try:
        players, options = bench_players(engine.games.REGISTRY[game])
        room = Room(tables, game, players, options, seed=games)
        await room.open(games)
        await tables.settle()
        await closed_loop(room, None, moves)
        tables.courier = InstantCourier()
        await tables.flush_all()
        started = time.process_time()
        await closed_loop(room, tables.courier, moves)
        return 1000 * (time.process_time() - started) / moves
    finally:
        await tables.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the commit to compare with (e.g. main's)")
    parser.add_argument("--game", default="hellenica")
    parser.add_argument("--games", type=int, default=100, help="active games")
    parser.add_argument("--moves", type=int, default=2000, help="moves per phase of a run")
    parser.add_argument("--runs", type=int, default=6, help="runs per side (ABBA order)")
    args = parser.parse_args()
    tune_garbage_collector()  # as the bot's own process and bench/service.py do
    import engine.games
    import engine.tables

    with tempfile.TemporaryDirectory(prefix="agora-service-ab-") as tmp:
        base_engine(args.base, Path(tmp))
        import engine_base
        import engine_base.games
        import engine_base.tables

        sides: dict[str, Any] = {"base": engine_base, "this": engine}
        found: dict[str, list[float]] = {"base": [], "this": []}
        order = [("base", "this") if run % 2 == 0 else ("this", "base") for run in range(args.runs)]
        for run, pair in enumerate(order):
            for side in pair:
                path = Path(tmp) / f"{side}-{run}.sqlite3"
                cpu = asyncio.run(one_run(sides[side], args.game, args.games, args.moves, path))
                found[side].append(cpu)
                print(f"run {run + 1} {side}: {cpu:.3f} ms CPU per committed move", flush=True)
        old, new = (statistics.median(found[side]) for side in ("base", "this"))
        print(
            f"{args.game}, {args.games} games: {old:.3f} -> {new:.3f} ms of process CPU per committed move, "
            f"outbox drained (median of {args.runs}; {100 * (new - old) / old:+.1f}%)"
        )
        sys.stdout.flush()


if __name__ == "__main__":
    main()
