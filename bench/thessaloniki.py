"""Thessaloniki benchmark: random games per second, play and legal calls per
second, and how long a board picture takes. A script, not a test:

    .venv/bin/python bench/thessaloniki.py [--games N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine.games.thessaloniki import GAME
from render.thessaloniki import render


def random_game(players: int, seed: int, level: str = "easy") -> tuple[dict, int, float, float]:
    """Play one bot game; returns the final state, its action count, and the
    seconds spent in ``play`` and in ``legal``."""
    state = GAME.new(players, {}, seed)
    rng = random.Random(seed)
    actions = 0
    in_play = in_legal = 0.0
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        start = time.perf_counter()
        legal = GAME.legal(state, seat)
        in_legal += time.perf_counter() - start
        if level == "easy":
            action = rng.choice([a for a in legal if a not in ("pass", "done")] or legal)
        else:
            action = GAME.choose(state, seat, level, rng.randrange(1 << 30))
        start = time.perf_counter()
        state = GAME.play(state, seat, action)
        in_play += time.perf_counter() - start
        actions += 1
    return state, actions, in_play, in_legal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="random games per player count")
    args = parser.parse_args()
    for players in (2, 3, 4):
        start = time.perf_counter()
        total_actions = 0
        play_time = legal_time = 0.0
        rounds = []
        for seed in range(args.games):
            state, actions, in_play, in_legal = random_game(players, seed)
            total_actions += actions
            play_time += in_play
            legal_time += in_legal
            rounds.append(state["round"])
        elapsed = time.perf_counter() - start
        print(f"{players} players: {args.games / elapsed:.1f} random games/s, "
              f"{total_actions / args.games:.0f} actions and {statistics.mean(rounds):.1f} rounds a game, "
              f"{total_actions / play_time:.0f} play/s, {total_actions / legal_time:.0f} legal/s")
    start = time.perf_counter()
    state, actions, _, _ = random_game(3, 1, level="normal")
    print(f"normal bots, 3 players: one game of {actions} actions in {time.perf_counter() - start:.1f} s")
    # Pictures of successive positions, as a table posts them: the text
    # cache helps with what recurs, not with a frozen position.
    state = GAME.new(4, {}, 3)
    rng = random.Random(3)
    times = []
    for index in range(250):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_move(state)[0]
        state = GAME.play(state, seat, GAME.choose(state, seat, "easy", rng.randrange(1 << 30)))
        if index >= 150:
            start = time.perf_counter()
            render(GAME.view(state, None), ["alice", "bob", "carol", "dave"])
            times.append(time.perf_counter() - start)
    print(f"render (4 players, 100 successive mid-game positions): median {1000 * statistics.median(times):.0f} ms, "
          f"slowest {1000 * max(times):.0f} ms")
    times = []
    for _ in range(50):
        start = time.perf_counter()
        GAME.view(state, 0)
        times.append(time.perf_counter() - start)
    print(f"view: median {1000 * statistics.median(times):.2f} ms")


if __name__ == "__main__":
    main()
