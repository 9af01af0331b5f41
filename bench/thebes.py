"""Thebes benchmarks: whole games per second, the engine's cost per move
(``play``, ``legal``, the public view, the snapshot, the log line), bot
thinking time and render time (p50/p99 at 4 and 6 players).

    nice -n 10 .venv/bin/python bench/thebes.py [--games N]

Timings are CPU time (``time.process_time``), best of three rounds, so a
busy machine disturbs them less than wall time would.

A script, not a test: the numbers depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

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
    for players in (2, 3, 4, 5, 6):
        started = time.perf_counter()
        actions, thinking, scores = 0, 0.0, []
        for seed in range(games):
            count, spent, states = play_game(players, seed, level)
            actions += count
            thinking += spent
            scores.extend(GAME.outcome(states[-1]).scores)
        elapsed = time.perf_counter() - started
        print(
            f"  {players} players, {level:6}: {games / elapsed:6.1f} games/s, {actions / games:5.1f} actions/game, "
            f"{1000 * thinking / actions:5.2f} ms bot/action, mean score {statistics.mean(scores):5.1f}"
        )


def random_positions(game, players: int, games: int) -> list[tuple]:
    """(state, seat, action) at every decision of seeded random games."""
    positions = []
    for seed in range(games):
        state, rng = game.new(players, {}, 1000 + seed), random.Random(seed)
        while game.to_move(state):
            seat = game.to_move(state)[0]
            action = rng.choice(game.legal(state, seat))
            positions.append((state, seat, action))
            state = game.play(state, seat, action)
    return positions


def cpu_per_call(positions: list[tuple], call) -> float:
    """Microseconds of CPU per call, best of three rounds."""
    rounds = []
    for _ in range(3):
        started = time.process_time()
        for position in positions:
            call(position)
        rounds.append(time.process_time() - started)
    return 1e6 * min(rounds) / len(positions)


def engine_calls(games: int, baseline: bool) -> None:
    engines = [("now", GAME, (4, 6))]
    if baseline:
        from thebes_baseline import BASELINE_REVISION, load_baseline

        engines.append((BASELINE_REVISION, load_baseline().GAME, (4,)))
    for label, game, counts in engines:
        for players in counts:
            _engine_costs(label, game, players, games)


def _engine_costs(label: str, game, players: int, games: int) -> None:
    positions = random_positions(game, players, games)
    costs = {
        "play": cpu_per_call(positions, lambda p: game.play(*p)),
        "legal": cpu_per_call(positions, lambda p: game.legal(p[0], p[1])),
        "view(None)": cpu_per_call(positions, lambda p: game.view(p[0], None)),
        "dump+json": cpu_per_call(positions, lambda p: json.dumps(game.dump(p[0]))),
        "describe": cpu_per_call(positions, lambda p: game.describe(*p)),
    }
    per_move = sum(costs.values())
    print(
        f"  {label}, {players} players, {len(positions)} positions: "
        + ", ".join(f"{name} {us:.0f} us" for name, us in costs.items())
        + f"; all five {per_move:.0f} us a move = {1e6 / per_move:.0f} moves/s"
    )


def render_times(samples: int) -> None:
    for players in (4, 6):
        _, _, states = play_game(players, 7, "greedy")
        picks = [states[int(i * (len(states) - 1) / (samples - 1))] for i in range(samples)]
        names = [f"player{seat}" for seat in range(players)]
        render_view(GAME.view(picks[0], None), names)  # the map layer is drawn once and cached
        cpu, sizes = [], []
        for state in picks:
            view = GAME.view(state, None)
            started = time.process_time()
            png = render_view(view, names)
            cpu.append(1000 * (time.process_time() - started))
            sizes.append(len(png))
        cpu.sort()
        p99 = cpu[min(len(cpu) - 1, round(0.99 * (len(cpu) - 1)))]
        print(
            f"  render ({players} players, {samples} positions): p50 {statistics.median(cpu):.0f} ms CPU, "
            f"p99 {p99:.0f} ms; PNG up to {max(sizes) // 1024} KB"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per player count and bot level")
    parser.add_argument(
        "--baseline",
        action="store_true",
        help="also time the engine of revision 9079169 (bench/thebes_baseline.py), at 4 players",
    )
    args = parser.parse_args()
    print("Whole games between bots:")
    games_per_second("easy", args.games)
    games_per_second("greedy", max(1, args.games // 2))
    print("Engine cost per move (positions from random games):")
    engine_calls(max(1, args.games // 4), args.baseline)
    print("Pictures:")
    render_times(40)


if __name__ == "__main__":
    main()
