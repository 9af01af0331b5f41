"""Hellenica bot matches: one seat played by a bot level against the other
seats played by another level (or by the rulebook's AI players), the bot's
seat rotating through every position game after game. A script, not a test:

    nice -n 10 python bench/hellenica_match.py --level medium --against random --players 4 --games 40
    nice -n 10 python bench/hellenica_match.py --level medium --against ai --players 4 --games 40

``LEVEL@REV`` plays the bot of ``engine/games/hellenica/bot.py`` as it was at
git revision ``REV`` (loaded with ``git show`` under another module name), so
today's bot can be measured against an older one without a copy in the tree
— as long as the old bot reads today's notation (9079169's ``random`` does not
know ``move all``; today's ``random`` is that bot with this one fix).

The bots' budgets are fixed (the medium bot's candidate count and look-ahead
depth are constants of ``bot.py``), so results do not depend on machine load;
only the reported times do (wall clock and, steadier on a busy machine,
the bot's CPU time). Some choices walk sets of area names, whose
order Python varies from run to run: run with ``PYTHONHASHSEED=0`` to replay
the same games. A game counts as a win for the measured seat when it is
among the winners (a shared victory counts half); a game still without a
winner after 20,000 actions is reported unfinished and counts as a loss.
Each game's line names the objectives the winners met (and, in a lost game,
those the measured seat had), to see how the games are won and lost, and the
measured seat's Home City: the summary gives its wins by Home City (a
corner home whose next conquests lie across the sea is the hard case).
Home Cities are dealt at random, so the measured seat plays every home,
the corners as often as anyone; ``--homes choose`` has them chosen in turn
as on a new table (``random`` picks any home the spacing rule allows,
``medium`` the roomiest, ``planner.choose_home``; the rulebook AI players
choose after the others).
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.games.hellenica import GAME  # noqa: E402
from engine.games.hellenica.objectives import completed  # noqa: E402
from engine.games.hellenica.pathos import NEW_TABLE_OBJECTIVES  # noqa: E402


def bot_from_git(revision: str) -> ModuleType:
    """``engine/games/hellenica/bot.py`` at ``revision``, imported as a fresh module."""
    source = subprocess.run(
        ["git", "show", f"{revision}:engine/games/hellenica/bot.py"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    name = f"hellenica_bot_{revision}"
    spec = importlib.util.spec_from_loader(name, loader=None)
    module = importlib.util.module_from_spec(spec)
    exec(compile(source, f"{revision}:bot.py", "exec"), module.__dict__)
    sys.modules[name] = module
    return module


def chooser(level: str):
    """``(state, seat, seed) -> action`` for a level, ``LEVEL@REV`` for an old bot."""
    if "@" in level:
        name, revision = level.split("@", 1)
        module = bot_from_git(revision)
        return lambda state, seat, seed: module.choose(GAME, state, seat, name, seed)
    return lambda state, seat, seed: GAME.choose(state, seat, level, seed)


def play_one(
    players: int, hero_seat: int, hero, other, against_ai: bool, seed: int, homes: str, limit: int = 20000
) -> tuple[dict, list[float], list[float]]:
    options: dict = {"homes": homes, **NEW_TABLE_OBJECTIVES}  # as a new table plays (quick steps aside)
    if against_ai:
        options["ai_seats"] = [s for s in range(players) if s != hero_seat]
    state = GAME.new(players, options, seed)
    hero_times: list[float] = []
    hero_cpu: list[float] = []
    moves = 0
    while GAME.outcome(state) is None:
        movers = GAME.to_move(state)
        if not movers:
            raise RuntimeError(f"seed {seed}: no one is to move after {moves} actions")
        if moves > limit:
            break  # a game still without a winner: the caller reports it unfinished
        seat = movers[0]
        started, started_cpu = time.perf_counter(), time.process_time()
        if seat == hero_seat:
            action = hero(state, seat, seed * 100_003 + moves)
            hero_times.append(time.perf_counter() - started)
            hero_cpu.append(time.process_time() - started_cpu)
        else:
            action = other(state, seat, seed * 100_003 + moves)
        state = GAME.play(state, seat, action)
        moves += 1
    return state, hero_times, hero_cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="medium", help="the measured seat's level (LEVEL@REV for an old bot)")
    parser.add_argument("--against", default="random", help="the other seats' level, or 'ai' for the rulebook AI")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--homes",
        default="random",
        choices=GAME.options["homes"].choices,
        help="Home Cities dealt at random (the default here) or chosen in turn, as a new table plays",
    )
    args = parser.parse_args()
    hero = chooser(args.level)
    against_ai = args.against == "ai"
    other = None if against_ai else chooser(args.against)
    wins = 0.0
    turns, times, cpu, reasons = [], [], [], Counter()
    by_home: dict[str, list[float]] = {}  # the measured seat's Home City: [wins, games]
    started = time.perf_counter()
    for game in range(args.games):
        seed = args.seed + game
        hero_seat = game % args.players
        state, hero_times, hero_cpu = play_one(args.players, hero_seat, hero, other, against_ai, seed, args.homes)
        unfinished = GAME.outcome(state) is None
        winners = [] if unfinished else state["winners"]
        share = (1.0 / len(winners)) if hero_seat in winners else 0.0
        wins += share
        turns.append(state["turn"])
        times.extend(hero_times)
        cpu.extend(hero_cpu)
        for seat in winners:
            reasons.update(completed(state, seat))
        home = state["seats"][hero_seat]["city"]
        record = by_home.setdefault(home, [0.0, 0])
        record[0] += share
        record[1] += 1
        # How the winners won and, in a lost game, how far the measured seat got.
        if unfinished:
            detail = "  UNFINISHED: no winner in the action limit, counted as a loss"
        else:
            detail = "  by " + "; ".join(f"{seat}: {', '.join(completed(state, seat))}" for seat in winners)
        if not share:
            detail += f"  (seat {hero_seat} had {', '.join(completed(state, hero_seat)) or 'none'})"
        print(
            f"game {game + 1:>3} seed {seed:>4} seat {hero_seat} ({home}): turn {state['turn']:>2}, winners {winners}"
            f"{'  WIN' if share else ''}{detail}",
            flush=True,
        )
    times.sort()
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0
    print(
        f"\n{args.level} vs {args.against} at {args.players} seats, homes {args.homes}: {wins:g} wins, {args.games - wins:g} losses "
        f"in {args.games} games ({100 * wins / args.games:.0f}%)"
    )
    print(
        f"final turn: mean {statistics.mean(turns):.1f}, min {min(turns)}, max {max(turns)}; "
        f"{args.level} decisions: {len(times)}, mean {1000 * statistics.mean(times):.1f} ms, "
        f"p99 {1000 * p99:.1f} ms, max {1000 * times[-1]:.1f} ms; {time.perf_counter() - started:.0f} s in all"
    )
    # Wall time grows with the machine's load; the process's own CPU time does not.
    print(
        f"{args.level} decisions in CPU time: mean {1000 * statistics.mean(cpu):.1f} ms, max {1000 * max(cpu):.1f} ms"
    )
    print("objectives of the winners:", ", ".join(f"{card} {n}" for card, n in reasons.most_common()))
    # A corner Home City whose next conquests lie across the sea plays very differently from a central one.
    print(
        f"{args.level} by Home City (wins/games):",
        ", ".join(f"{home} {won:g}/{games}" for home, (won, games) in sorted(by_home.items())),
    )


if __name__ == "__main__":
    main()
