"""Thera benchmarks: random games per second, legal() and play() calls per
second, bot decision time, render time and size, and the click menus
(issue 16: share of decisions with more than 25 legal actions, and the
clicks each decision takes through ``menu_path``, every step at most 25).

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
    return {
        "games/s": games / elapsed,
        "legal/s": legal_calls / legal_time,
        "play/s": play_calls / play_time,
        "steps/game": play_calls / games,
    }


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
    return {
        "role choice ms (median)": 1000 * statistics.median(choose_times),
        "role choice ms (max)": 1000 * max(choose_times),
        "phase step ms (median)": 1000 * statistics.median(step_times),
    }


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


MENU_LIMIT = 25


def menu_figures(players: int, games: int) -> dict[str, float]:
    """Walk every decision of seeded random games through the menu paths."""
    decisions = crowded = reachable = clicks = worst = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = GAME.new(players, {"advanced": seed % 2 == 1}, seed)
        while GAME.to_move(state):
            seat = rng.choice(GAME.to_move(state))
            legal = GAME.legal(state, seat)
            paths = {action: GAME.menu_path(state, seat, action) for action in legal}
            entries: dict[tuple, set] = {}
            for path in paths.values():
                for depth in range(len(path)):
                    entries.setdefault(path[:depth], set()).add(path[depth])
            action = rng.choice(legal)
            path = paths[action]
            decisions += 1
            crowded += len(legal) > MENU_LIMIT
            reachable += all(len(entries[path[:depth]]) <= MENU_LIMIT for depth in range(len(path)))
            clicks += len(path)
            worst = max(worst, len(path))
            state = GAME.play(state, seat, action)
    return {
        "decisions": decisions,
        "over 25 actions %": 100 * crowded / decisions,
        "reachable by clicks %": 100 * reachable / decisions,
        "clicks avg": clicks / decisions,
        "clicks worst": worst,
    }


def render_p99(players: int, boards: int = 20, repeats: int = 5) -> tuple[float, float, int]:
    """Median and p99 CPU ms of the board picture over mid-game boards, and the largest PNG in bytes."""
    views = []
    for k in range(boards):
        rng = random.Random(k)
        state = GAME.new(players, {}, k)
        for _ in range(20 * (k + 1)):
            if not GAME.to_move(state):
                break
            seat = rng.choice(GAME.to_move(state))
            state = GAME.play(state, seat, rng.choice(GAME.legal(state, seat)))
        views.append(GAME.view(state, None))
    render_view(views[0], NAMES)
    times, largest = [], 0
    for _ in range(repeats):
        for view in views:
            t0 = time.process_time()
            png = render_view(view, NAMES)
            times.append(1000 * (time.process_time() - t0))
            largest = max(largest, len(png))
    times.sort()
    return statistics.median(times), times[max(0, int(len(times) * 0.99) - 1)], largest


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
    median, p99, largest = render_p99(5)
    print(
        f"render 5p over 20 boards x5: median {median:.1f} ms, p99 {p99:.1f} ms CPU, largest PNG "
        f"{largest / 1024:.0f} KB"
    )
    for players in (2, 3, 4, 5):
        figures = menu_figures(players, args.games)
        print(f"menus {players}p  " + "  ".join(f"{k} {v:,.1f}" for k, v in figures.items()))


if __name__ == "__main__":
    main()
