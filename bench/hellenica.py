"""Hellenica benchmarks: whole random-bot games, play/legal throughput, view
and picture time, and how often the part 2 rules come up (World Events
revealed and occurring, bids, Invocations, casting windows, Creatures), and
part 3's AI-only and solitaire games and map building. A script, not a test:

    python bench/hellenica.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.games.hellenica import GAME  # noqa: E402
from engine.games.hellenica.steps import current  # noqa: E402
from render import render_view  # noqa: E402


def play_game(players: int, seed: int) -> dict:
    """One random-bot game; returns counts and timings."""
    state = GAME.new(players, {"homes": "random"}, seed)
    stats = {
        "actions": 0,
        "legal_calls": 0,
        "legal_time": 0.0,
        "play_time": 0.0,
        "choose_time": 0.0,
        "largest_legal": 0,
        "states": [],
        "revealed": 0,
        "occurred": 0,
        "bids": 0,
        "invoked": 0,
        "windows": 0,
        "placed": 0,
    }
    seen_windows: set[int] = set()
    while True:
        movers = GAME.to_move(state)
        if not movers:
            break
        seat = movers[0]
        start = time.perf_counter()
        legal = GAME.legal(state, seat)
        stats["legal_time"] += time.perf_counter() - start
        stats["legal_calls"] += 1
        stats["largest_legal"] = max(stats["largest_legal"], len(legal))
        start = time.perf_counter()
        action = GAME.choose(state, seat, "random", seed * 7919 + stats["actions"])
        stats["choose_time"] += time.perf_counter() - start
        frame = current(state)
        if frame["kind"] == "window" and frame["id"] not in seen_windows:
            seen_windows.add(frame["id"])
            stats["windows"] += 1
        stats["bids"] += action.startswith("bid ")
        stats["invoked"] += action.startswith("invoke ")
        stats["placed"] += action.startswith("place ")
        seq = state["log_seq"]
        start = time.perf_counter()
        state = GAME.play(state, seat, action)
        stats["play_time"] += time.perf_counter() - start
        new = [e["text"] for e in state["log"] if e["n"] > seq]
        stats["revealed"] += sum(1 for t in new if "movement reveals" in t)
        stats["occurred"] += sum(1 for t in new if t.startswith("World Event: "))
        stats["actions"] += 1
        if stats["actions"] % 97 == 0:
            stats["states"].append(state)
    stats["turns"] = state["turn"]
    stats["final"] = state
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games per player count")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    pictures = []
    print(
        f"{'players':>7} {'games/s':>8} {'turns':>6} {'actions':>8} {'play/s':>8} {'legal/s':>8} "
        f"{'max legal':>9} {'bot ms':>7}"
    )
    for players in (2, 4, 7):
        results = []
        start = time.perf_counter()
        for game in range(args.games):
            results.append(play_game(players, args.seed + game))
        elapsed = time.perf_counter() - start
        actions = sum(r["actions"] for r in results)
        print(
            f"{players:>7} {args.games / elapsed:>8.2f} {statistics.mean(r['turns'] for r in results):>6.1f} "
            f"{actions / args.games:>8.0f} {actions / sum(r['play_time'] for r in results):>8.0f} "
            f"{sum(r['legal_calls'] for r in results) / sum(r['legal_time'] for r in results):>8.0f} "
            f"{max(r['largest_legal'] for r in results):>9} "
            f"{1000 * sum(r['choose_time'] for r in results) / actions:>7.2f}"
        )
        pictures += [(players, s) for r in results for s in r["states"][:3]] + [(players, results[0]["final"])]
        per_game = {
            key: sum(r[key] for r in results) / args.games
            for key in ("revealed", "occurred", "bids", "invoked", "windows", "placed")
        }
        won = sum(len(p["won"]) for r in results for p in r["final"]["seats"]) / args.games
        slain = sum(len(r["final"]["slain"]) for r in results) / args.games
        print(
            f"{'':>7} per game: {per_game['revealed']:.1f} cards revealed, {per_game['occurred']:.1f} events "
            f"occurred, {won:.1f} won, {per_game['bids']:.0f} bids, {per_game['windows']:.1f} casting windows, "
            f"{per_game['invoked']:.1f} Invocations, {per_game['placed']:.1f} Creatures placed, {slain:.1f} slain"
        )
    for players in (2, 4, 7):
        states = [s for p, s in pictures if p == players]
        start = time.perf_counter()
        views = [GAME.view(s, None) for s in states]
        view_ms = 1000 * (time.perf_counter() - start) / len(states)
        start = time.perf_counter()
        for view in views:
            render_view(view, [f"player{i}" for i in range(players)])
        per = (time.perf_counter() - start) / len(views)
        print(f"{players} players: public view {view_ms:.1f} ms, picture {1000 * per:.0f} ms ({len(views)} positions)")
    ai_games(args.games, args.seed)


def ai_games(games: int, seed: int) -> None:
    """Part 3: the rulebook's AI players — a game of 7 AI seats (played to the
    end inside ``new``) and solitaire against 6 AI seats (the person played by
    the random bot) on the standard, a random and an explorable map — and how
    long a player waits while the Buildable Map is built by three people."""
    rows = []
    cases = (
        ("AI-only (7 AI)", list(range(7)), "standard"),
        ("solitaire vs 6 AI", list(range(1, 7)), "standard"),
        ("solitaire vs 6 AI, random map", list(range(1, 7)), "random"),
        ("solitaire vs 6 AI, explorable map", list(range(1, 7)), "explorable"),
    )
    for label, ai, board in cases:
        times, turns, human = [], [], []
        for game in range(games):
            start = time.perf_counter()
            state = GAME.new(7, {"ai_seats": ai, "map": board}, seed + game)
            actions = 0
            while GAME.outcome(state) is None:
                seat = GAME.to_move(state)[0]
                state = GAME.play(state, seat, GAME.choose(state, seat, "random", seed + actions))
                actions += 1
            times.append(time.perf_counter() - start)
            turns.append(state["turn"])
            human.append(actions)
        rows.append((label, statistics.mean(times), max(times), statistics.mean(turns), statistics.mean(human)))
    for label, mean, worst, turn, actions in rows:
        print(
            f"{label}: {mean:.2f} s a game (worst {worst:.2f} s), {turn:.1f} turns, {actions:.0f} actions by the person"
        )
    waits = []
    for game in range(games):
        state = GAME.new(3, {"map": "buildable", "homes": "random"}, seed + game)
        while "building" in state:
            seat = GAME.to_move(state)[0]
            start = time.perf_counter()
            legal = GAME.legal(state, seat)
            state = GAME.play(state, seat, legal[(seed + game) % len(legal)])
            waits.append(time.perf_counter() - start)
    print(
        f"Buildable Map, 3 people: {len(waits) / games:.0f} placements a game, legal+play "
        f"{1000 * statistics.mean(waits):.0f} ms on average (worst {1000 * max(waits):.0f} ms)"
    )


if __name__ == "__main__":
    main()
