"""Thebes benchmarks: whole games per second, play/legal per second, bot
thinking time and render time.

    /tmp/venv/bin/python bench/thebes.py [--games N]

A script, not a test: the numbers depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.games.thebes import GAME  # noqa: E402
from render import render_view  # noqa: E402


def play_game(players: int, seed: int, level: str) -> tuple[int, float, list]:
    """Play one bot game; returns its number of actions, the time spent in
    the bots, and the states along the way."""
    state = GAME.new(players, {}, seed)
    states, thinking = [state], 0.0
    while GAME.to_move(state):
        seat = GAME.to_move(state)[0]
        started = time.perf_counter()
        action = GAME.choose(state, seat, level, seed + len(states))
        thinking += time.perf_counter() - started
        state = GAME.play(state, seat, action)
        states.append(state)
    return len(states) - 1, thinking, states


def games_per_second(level: str, games: int) -> None:
    for players in (2, 3, 4):
        started = time.perf_counter()
        actions, thinking, scores = 0, 0.0, []
        for seed in range(games):
            count, spent, states = play_game(players, seed, level)
            actions += count
            thinking += spent
            scores.extend(GAME.outcome(states[-1]).scores)
        elapsed = time.perf_counter() - started
        print(f"  {players} players, {level:6}: {games / elapsed:6.1f} games/s, {actions / games:5.1f} actions/game, "
              f"{1000 * thinking / actions:5.2f} ms bot/action, mean score {statistics.mean(scores):5.1f}")


def engine_calls(games: int) -> None:
    states = [s for seed in range(games) for s in play_game(3, 1000 + seed, "easy")[2] if GAME.to_move(s)]
    started = time.perf_counter()
    legal_total = 0
    for state in states:
        legal_total += len(GAME.legal(state, GAME.to_move(state)[0]))
    legal_time = time.perf_counter() - started
    pairs = [(s, GAME.legal(s, GAME.to_move(s)[0])[-1]) for s in states]
    started = time.perf_counter()
    for state, action in pairs:
        GAME.play(state, GAME.to_move(state)[0], action)
    play_time = time.perf_counter() - started
    started = time.perf_counter()
    for state in states:
        GAME.load(GAME.dump(state))
    round_trip = time.perf_counter() - started
    print(f"  legal: {len(states) / legal_time:7.0f} calls/s ({legal_total / len(states):.0f} actions each)")
    print(f"  play:  {len(states) / play_time:7.0f} calls/s")
    print(f"  dump+load: {len(states) / round_trip:7.0f} /s")


def render_times(samples: int) -> None:
    _, _, states = play_game(4, 7, "greedy")
    picks = [states[int(i * (len(states) - 1) / (samples - 1))] for i in range(samples)]
    render_view(GAME.view(picks[0], None), [])  # the map layer is drawn once and cached
    wall, cpu = [], []
    for state in picks:
        view = GAME.view(state, None)
        started, started_cpu = time.perf_counter(), time.process_time()
        png = render_view(view, ["ann", "bo", "cy", "di"])
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    print(f"  render (4 players): median {1000 * statistics.median(wall):.0f} ms wall, "
          f"{1000 * statistics.median(cpu):.0f} ms CPU; max {1000 * max(wall):.0f} ms wall; "
          f"PNG about {len(png) // 1024} KiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per player count and bot level")
    args = parser.parse_args()
    print("Whole games between bots:")
    games_per_second("easy", args.games)
    games_per_second("greedy", max(1, args.games // 2))
    print("Engine calls (positions from 3-player games):")
    engine_calls(max(1, args.games // 4))
    print("Pictures:")
    render_times(9)


if __name__ == "__main__":
    main()
