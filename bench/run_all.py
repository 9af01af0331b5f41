"""Every Agora benchmark in one command, summed up in one table.

    python bench/run_all.py [--quick] [--games santorini,thera] [--repeats N] [--no-game-scripts]

In order:

1. ``bench/games.py``: per game, ``play()`` and ``legal()`` per second, random
   games per second, render time p50/p99, PNG size, view time, snapshot size;
2. ``bench/service.py``: moves committed per second and latency with 1, 100
   and 1,000 active games (with and without pictures), every game at 100
   games, memory per idle cached game, start-up with 10,000 stored games;
3. ``bench/interactions.py``, the Discord interaction benchmark;
4. each game's own script (``bench/<game>.py``), unless ``--quick`` or
   ``--no-game-scripts``: their detailed output is shown as it is, and the
   table says whether each ran.

Then the figures issue 18 holds targets for that the benchmarks above do
not measure as the issue words them: board pictures at each game's largest
player count, Santorini's search with gods (``bench/santorini.py``'s
positions), ``/mygames`` for a user with 10,000 games (``bench/my_games.py``).

It ends with one table: every issue-18 figure beside its target (figure |
game | measured | target | met?), then each game script's verdict.

Every figure is the best of ``--repeats`` runs (3; quick: 1) with the median
run in brackets: numbers on a shared machine are noisy. A full run takes
several minutes; ``--quick`` a few.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

import games as game_bench
import interactions as interaction_bench
import service as service_bench
import targets
from common import Figure, Row, print_rows

from engine.games import REGISTRY

BENCH = Path(__file__).resolve().parent
SCRIPT_TIMEOUT = 900


def run_script(path: Path, args: list[str]) -> Row:
    """Run a benchmark script as it is; its output goes straight to ours."""
    print(f"\n=== {path.relative_to(BENCH.parent)} {' '.join(args)}".rstrip(), flush=True)
    started = time.perf_counter()
    try:
        code = subprocess.run([sys.executable, str(path), *args], cwd=BENCH.parent, timeout=SCRIPT_TIMEOUT).returncode
        verdict = "ran" if code == 0 else f"FAILED (exit {code})"
    except subprocess.TimeoutExpired:
        verdict = f"TIMED OUT after {SCRIPT_TIMEOUT} s"
    seconds = Figure("seconds", "s", [time.perf_counter() - started], higher_is_better=False)
    return Row("script", path.name, f"{verdict}; output above", seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small samples, one run each, no per-game scripts")
    parser.add_argument("--games", help="comma-separated game names (default: every game in the registry)")
    parser.add_argument("--repeats", type=int, help="runs per figure (default 3, quick 1)")
    parser.add_argument("--no-game-scripts", action="store_true", help="skip bench/<game>.py")
    args = parser.parse_args()
    names = args.games.split(",") if args.games else list(REGISTRY)
    started = time.perf_counter()
    rows = game_bench.run(args.quick, names, args.repeats)
    rows += service_bench.run(args.quick, "santorini" if "santorini" in names else names[0], args.repeats, names)
    rows += interaction_bench.run(args.quick)
    extra = targets.measure_extra(args.quick, names, args.repeats)
    notes: list[str] = []
    scripts: list[Row] = []
    if args.quick or args.no_game_scripts:
        why = "--quick" if args.quick else "--no-game-scripts"
        notes.append(f"Per-game scripts (bench/<game>.py) skipped ({why}).")
    else:
        for name in names:
            script = BENCH / f"{name}.py"
            if script.exists():
                scripts.append(run_script(script, []))
    if scripts:
        print_rows("Per-game scripts", scripts)
    runs = "1 run" if args.quick and args.repeats is None else f"{args.repeats or 3} runs"
    targets.print_targets(
        f"Issue 18 targets: best (typical) of {runs}, {time.perf_counter() - started:.0f} s in all",
        targets.target_rows(rows, extra, names),
        notes
        + [
            "Every other figure is in the sections above. Timings on a shared machine are noisy: "
            "the service section's CPU per move is disturbed by other work far less than moves/s and p99.",
        ],
    )


if __name__ == "__main__":
    main()
