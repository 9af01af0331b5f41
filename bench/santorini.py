"""Santorini benchmarks: run ``python bench/santorini.py`` (add ``--quick``
for a shorter run). Prints a table of figures, each the best and the median
of several rounds (other work on the machine only ever slows a round down, so
the best is the fairest single-core figure).

- random base games per second through the bitboard generator (``fast``),
  each from a random placement to the win;
- random base games per second through the readable rules (``GAME``);
- full-turn generation per second, bitboards and readable rules;
- bot search speed (positions per second of CPU time, depth reached) in the
  base game and with gods, and which gods the search plays on bitboards;
- board rendering time (wall clock and CPU) and PNG size.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.games.santorini import GAME, bot, fast, fast_gods, turn  # noqa: E402
from engine.games.santorini.gods import GODS  # noqa: E402
from engine.games.santorini.positions import from_diagram  # noqa: E402

OPENING = """
    0 0  0 0  0
    0 0O 0 0B 0
    0 0  0 0  0
    0 0B 0 0O 0
    0 0  0 0  0"""

MIDGAME = """
    0  1 2  0  0
    1  2B 1 1  0
    0  3X 2O 1 0
    0  1 0B 2  3
    2O 0 1  0  1"""


def rounds(measure, count: int) -> tuple[float, float]:
    results = [measure() for _ in range(count)]
    return max(results), statistics.median(results)


def fast_random_games(seconds: float) -> float:
    """Whole base games: random placement, then random turns to the end."""
    rng = random.Random(1)
    began = time.perf_counter()
    games = 0
    while time.perf_counter() - began < seconds:
        fast.random_game(rng, fast.random_start(rng))
        games += 1
    return games / (time.perf_counter() - began)


def fast_uniform_games(seconds: float) -> float:
    """The same, each turn drawn uniformly from ``fast.turns`` (the full
    list of move-then-build turns the bot searches) and played by
    ``fast.apply``."""
    rng = random.Random(4)
    began = time.perf_counter()
    games = 0
    while time.perf_counter() - began < seconds:
        pos = fast.random_start(rng)
        while True:
            options = fast.turns(pos)
            if not options:
                break
            move = options[rng.randrange(len(options))]
            if move[2] < 0:
                break
            pos = fast.apply(pos, move)
        games += 1
    return games / (time.perf_counter() - began)


def readable_random_games(seconds: float) -> float:
    rng = random.Random(2)
    began = time.perf_counter()
    games = 0
    while time.perf_counter() - began < seconds:
        state = from_diagram(OPENING)
        while state.phase == "play":
            options = turn.completions(state)
            _, done = options[rng.randrange(len(options))]
            state = done.copy()
            if state.phase == "play":
                turn.finish_turn(state)
                turn.settle(state)
        games += 1
    return games / (time.perf_counter() - began)


def turn_generation(seconds: float, readable: bool) -> float:
    """Full turns listed per second over a mix of positions."""
    rng = random.Random(3)
    states = []
    state = from_diagram(OPENING)
    while len(states) < 40:
        states.append(state)
        options = turn.completions(state)
        if not options:
            state = from_diagram(OPENING)
            continue
        _, done = rng.choice(options)
        state = done.copy()
        if state.phase != "play":
            state = from_diagram(OPENING)
            continue
        turn.finish_turn(state)
    positions = [fast.from_state(s) for s in states]
    began = time.perf_counter()
    listed = 0
    while time.perf_counter() - began < seconds:
        if readable:
            for s in states[:5]:
                listed += len(turn.completions(s))
        else:
            for p in positions:
                listed += len(fast.turns(p))
    return listed / (time.perf_counter() - began)


def bot_search(state, budget: float) -> tuple[float, int]:
    """Positions searched per second of this process's CPU time (the budget
    itself is wall clock, as in play): other work on a shared machine slows
    the wall clock, not the CPU-time rate. The budget starts after the root's
    turns are listed through the readable rules, which the rate leaves out
    (Hermes' 4,187 opening turns take 0.4-0.5 s to list: with the listing in
    a 0.5 s budget the search itself had no time left to measure)."""
    options = bot.root_options(state)
    searcher = bot.Searcher(state.turn.seat, time.perf_counter() + budget)
    began = time.process_time()
    searcher.best(options, bot.MAX_DEPTH, random.Random(0))
    return searcher.nodes / max(time.process_time() - began, 1e-9), searcher.depth_reached


def render_time() -> tuple[float, float, int]:
    """Milliseconds to draw one mid-game picture, by the wall clock and in
    CPU time (on a shared machine the wall clock also counts waiting for a
    core), and the PNG's size."""
    from render.santorini import render

    state = GAME.new(2, {"gods": "apollo,selene"}, 3)
    rng = random.Random(3)
    for _ in range(40):
        seat = GAME.to_move(state)[0]
        state = GAME.play(state, seat, rng.choice(GAME.legal(state, seat)))
    view = GAME.view(state, None)
    png = render(view, ["alice", "bob"])
    began, cpu = time.perf_counter(), time.process_time()
    render(view, ["alice", "bob"])
    return (time.perf_counter() - began) * 1000, (time.process_time() - cpu) * 1000, len(png)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="shorter rounds")
    parser.add_argument("--budget", type=float, default=2.0, help="bot search budget in seconds")
    args = parser.parse_args()
    seconds, count = (0.5, 3) if args.quick else (2.0, 5)
    budget = min(args.budget, 0.5) if args.quick else args.budget
    rows: list[tuple[str, str, str]] = []

    best, median = rounds(lambda: fast_random_games(seconds), count)
    rows.append(("random base games / s (bitboards)", f"{best:,.0f}", f"{median:,.0f}"))
    best, median = rounds(lambda: fast_uniform_games(seconds), count)
    rows.append(("random base games / s (bitboards, uniform full turns)", f"{best:,.0f}", f"{median:,.0f}"))
    best, median = rounds(lambda: readable_random_games(seconds), max(2, count // 2))
    rows.append(("random base games / s (readable rules)", f"{best:,.1f}", f"{median:,.1f}"))
    best, median = rounds(lambda: turn_generation(seconds, False), count)
    rows.append(("full turns listed / s (bitboards)", f"{best:,.0f}", f"{median:,.0f}"))
    best, median = rounds(lambda: turn_generation(seconds, True), max(2, count // 2))
    rows.append(("full turns listed / s (readable rules)", f"{best:,.0f}", f"{median:,.0f}"))
    for label, state in (
        ("base opening", from_diagram(OPENING)),
        ("base midgame", from_diagram(MIDGAME)),
        ("gods: artemis v atlas", from_diagram(OPENING, ["artemis", "atlas"])),
        ("gods: apollo v minotaur", from_diagram(MIDGAME, ["apollo", "minotaur"])),
        ("gods: demeter v athena", from_diagram(OPENING, ["demeter", "athena"])),
        ("gods: hermes v harpies", from_diagram(OPENING, ["hermes", "harpies"])),
        ("gods: chronus v demeter (readable rules)", from_diagram(OPENING, ["chronus", "demeter"])),
    ):
        results = [bot_search(state, budget) for _ in range(max(2, count // 2))]
        speeds = [r[0] for r in results]
        rows.append(
            (
                f"bot positions / s, {label} ({budget:g} s)",
                f"{max(speeds):,.0f}",
                f"{statistics.median(speeds):,.0f} (depth {max(r[1] for r in results)})",
            )
        )
    times = [render_time() for _ in range(max(count, 10))]
    rows.append(
        (
            "board picture, wall clock (ms)",
            f"{min(t[0] for t in times):.1f}",
            f"{statistics.median(t[0] for t in times):.1f} ({times[0][2] // 1024} KB)",
        )
    )
    rows.append(
        (
            "board picture, CPU time (ms)",
            f"{min(t[1] for t in times):.1f}",
            f"{statistics.median(t[1] for t in times):.1f}",
        )
    )

    readable = sorted(set(GODS) - fast_gods.FAST_GODS)
    rows.append(
        (
            f"gods searched on bitboards (1 vs 1): {len(fast_gods.FAST_GODS)} of {len(GODS)}",
            "",
            "readable rules: " + ", ".join(readable),
        )
    )

    width = max(len(r[0]) for r in rows)
    print(f"{'figure':<{width}}  {'best':>12}  {'median':>12}")
    print("-" * (width + 28))
    for name, best_text, median_text in rows:
        print(f"{name:<{width}}  {best_text:>12}  {median_text:>12}")


if __name__ == "__main__":
    main()
