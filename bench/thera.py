"""Thera benchmarks: random games per second, legal() and play() calls per
second, bot decision time and render time.

    .venv/bin/python bench/thera.py [--games N] [--seconds S]

A script, not a test: numbers depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine.games.thera import GAME
from render import render_view

NAMES = ["alice", "bob", "carol", "dave", "erin"]


def random_games(players: int, games: int, options: dict) -> dict[str, float]:
    legal_time = play_time = 0.0
    legal_calls = play_calls = 0
    started = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        state = GAME.new(players, options, seed)
        while GAME.to_move(state):
            seat = rng.choice(GAME.to_move(state))
            t0 = time.perf_counter()
            legal = GAME.legal(state, seat)
            t1 = time.perf_counter()
            state = GAME.play(state, seat, rng.choice(legal))
            t2 = time.perf_counter()
            legal_time += t1 - t0
            play_time += t2 - t1
            legal_calls += 1
            play_calls += 1
    elapsed = time.perf_counter() - started
    return {"games/s": games / elapsed, "legal/s": legal_calls / legal_time, "play/s": play_calls / play_time,
            "steps/game": play_calls / games}


def bot_decisions(players: int, seconds: float) -> dict[str, float]:
    """Time the normal bot over one game (role choices separately)."""
    state = GAME.new(players, {}, 1)
    choose_times, step_times = [], []
    deadline = time.perf_counter() + seconds
    step = 0
    while GAME.to_move(state) and time.perf_counter() < deadline:
        seat = GAME.to_move(state)[0]
        t0 = time.perf_counter()
        action = GAME.choose(state, seat, "normal", step, 2.0)
        (choose_times if state["step"] == "choose" else step_times).append(time.perf_counter() - t0)
        state = GAME.play(state, seat, action)
        step += 1
    return {"role choice ms (median)": 1000 * statistics.median(choose_times),
            "role choice ms (max)": 1000 * max(choose_times),
            "phase step ms (median)": 1000 * statistics.median(step_times)}


def render_times(players: int, repeats: int = 5) -> float:
    rng = random.Random(players)
    state = GAME.new(players, {}, players)
    for _ in range(150):
        if not GAME.to_move(state):
            break
        seat = rng.choice(GAME.to_move(state))
        state = GAME.play(state, seat, rng.choice(GAME.legal(state, seat)))
    view = GAME.view(state, None)
    render_view(view, NAMES)  # warm the font and mat caches
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        render_view(view, NAMES)
        times.append(time.perf_counter() - t0)
    return 1000 * statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="random games per player count")
    parser.add_argument("--seconds", type=float, default=20.0, help="time spent on bot decisions")
    args = parser.parse_args()
    for advanced in (False, True):
        for players in (2, 3, 4, 5):
            figures = random_games(players, args.games, {"advanced": advanced})
            label = f"{'advanced' if advanced else 'basic'} {players}p"
            print(f"random play {label:<12} " + "  ".join(f"{k} {v:,.1f}" for k, v in figures.items()))
    for players in (2, 5):
        figures = bot_decisions(players, args.seconds / 2)
        print(f"normal bot {players}p  " + "  ".join(f"{k} {v:.1f}" for k, v in figures.items()))
    for players in (2, 3, 4, 5):
        print(f"render {players}p  {render_times(players):.0f} ms (median of 5)")


if __name__ == "__main__":
    main()
