"""Thebes decisions by clicks (issue 16): how many legal actions a seat has
at each decision, today and at revision 9079169, and how deep and wide the
step-by-step menus (``GAME.menu_path``) are.

    nice -n 10 .venv/bin/python bench/thebes_menus.py [--games 10]

Seeded games to the end for 2 to 4 players (the old engine's range; 5 and
6 are measured for today's engine alone): uniform random play over the legal
actions, and ``greedy`` bots. For every decision it counts the legal
actions; for today's engine it also builds the menus the front end would
show and reports the widest step and the most clicks.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from thebes_baseline import BASELINE_REVISION, load_baseline  # noqa: E402

from engine.games.thebes import GAME  # noqa: E402

MENU_SIZE = 25


def decisions(game, players: int, seed: int, mode: str):
    """(state, seat) at every decision of one seeded game."""
    state, rng = game.new(players, {}, seed), random.Random(seed)
    while game.to_move(state):
        seat = game.to_move(state)[0]
        yield state, seat
        legal = game.legal(state, seat)
        action = rng.choice(legal) if mode == "random" else game.choose(state, seat, "greedy", seed + state.ply)
        state = game.play(state, seat, action)


def menu_shape(state, seat) -> tuple[int, int]:
    """The widest menu step and the most clicks over the seat's legal actions."""
    entries: dict[tuple[str, ...], set[str]] = defaultdict(set)
    deepest = 0
    for action in GAME.legal(state, seat):
        path = GAME.menu_path(state, seat, action)
        deepest = max(deepest, len(path))
        for depth in range(len(path)):
            entries[path[:depth]].add(path[depth])
    return max(len(after) for after in entries.values()), deepest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per player count and mode")
    args = parser.parse_args()
    baseline = load_baseline()
    print(
        f"{'engine':>9} {'mode':>6} {'players':>7} {'decisions':>9} {'> 25 actions':>12} {'worst':>5} "
        f"{'widest menu':>11} {'most clicks':>11}"
    )
    for mode in ("random", "greedy"):
        for players in (2, 3, 4, 5, 6):
            engines = [("now", GAME)] + ([(BASELINE_REVISION, baseline.GAME)] if players <= 4 else [])
            for label, game in engines:
                counts, widest, clicks = [], 0, 0
                for seed in range(1, args.games + 1):
                    for state, seat in decisions(game, players, seed, mode):
                        counts.append(len(game.legal(state, seat)))
                        if game is GAME:
                            width, depth = menu_shape(state, seat)
                            widest, clicks = max(widest, width), max(clicks, depth)
                over = sum(1 for n in counts if n > MENU_SIZE)
                menus = f"{widest:>11} {clicks:>11}" if game is GAME else f"{'-':>11} {'-':>11}"
                print(
                    f"{label:>9} {mode:>6} {players:>7} {len(counts):>9} {100 * over / len(counts):>11.0f}% "
                    f"{max(counts):>5} {menus}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
