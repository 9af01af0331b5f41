"""Thessaloniki benchmark: random games per second, play and legal calls per
second, what the table pays per move (play, legal, the public view, the
snapshot), how long a board picture takes and how big it is. A script, not
a test:

    nice -n 10 .venv/bin/python bench/thessaloniki.py [--games N] [--against REV]

``--against REV`` also times the package at git revision REV (e.g. 9079169)
on the same positions in the same process, call by call, so the before and
after figures share the machine's load.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository, for its data folder

from engine.games.thessaloniki import GAME  # noqa: E402
from render.thessaloniki import render  # noqa: E402


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
    parser.add_argument("--against", help="git revision to compare per-move costs with (e.g. 9079169)")
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
        print(
            f"{players} players: {args.games / elapsed:.1f} random games/s, "
            f"{total_actions / args.games:.0f} actions and {statistics.mean(rounds):.1f} rounds a game, "
            f"{total_actions / play_time:.0f} play/s, {total_actions / legal_time:.0f} legal/s"
        )
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
    print(
        f"render (4 players, 100 successive mid-game positions): median {1000 * statistics.median(times):.0f} ms, "
        f"slowest {1000 * max(times):.0f} ms"
    )
    sizes = []
    times = []
    state = GAME.new(4, {}, 3)
    rng = random.Random(3)
    for index in range(400):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_move(state)[0]
        state = GAME.play(state, seat, GAME.choose(state, seat, "easy", rng.randrange(1 << 30)))
        if index % 4 == 0:
            start = time.process_time()
            png = render(GAME.view(state, None), ["alice", "bob", "carol", "dave"])
            times.append(time.process_time() - start)
            sizes.append(len(png))
    times.sort()
    print(
        f"render (4 players, {len(times)} positions through a game, CPU time): p99 {1000 * times[int(0.99 * (len(times) - 1))]:.0f} ms, "
        f"PNG median {statistics.median(sizes) / 1024:.0f} KB, largest {max(sizes) / 1024:.0f} KB"
    )
    per_move_costs(args.games)
    if args.against:
        compare_with(args.against, args.games)


def table_calls(game) -> dict:
    """What the table runs for each committed move: play it, list the
    mover's actions, describe it, the public view, the JSON snapshot."""

    def commit(state, seat, action):
        after = game.play(state, seat, action)
        game.legal(state, seat)
        game.describe(state, seat, action)
        json.dumps(game.dump(after))
        game.view(after, None)

    return {
        "play": lambda s, seat, a: game.play(s, seat, a),
        "legal": lambda s, seat, a: game.legal(s, seat),
        "view(state, None)": lambda s, seat, a: game.view(s, None),
        "dump": lambda s, seat, a: game.dump(s),
        "a table's commit": commit,
    }


def compare_with(rev: str, games: int) -> None:
    """Per-move CPU time of the package at ``rev`` and of today's, on the
    same positions, best of three interleaved runs."""
    import tempfile
    from pathlib import Path

    from thessaloniki_match import load_baseline

    with tempfile.TemporaryDirectory() as folder:
        before = load_baseline(rev, Path(folder))
        positions = _positions(games)
        old_calls, new_calls = table_calls(before), table_calls(GAME)
        for name in new_calls:
            best = {"before": float("inf"), "after": float("inf")}
            for _ in range(3):
                for side, calls in (("before", old_calls), ("after", new_calls)):
                    start = time.process_time()
                    for position in positions:
                        calls[name](*position)
                    best[side] = min(best[side], (time.process_time() - start) / len(positions))
            print(
                f"{name}: {1e6 * best['before']:.0f} µs at {rev}, {1e6 * best['after']:.0f} µs now "
                f"({best['before'] / best['after']:.2f}×; {1 / best['after']:.0f}/s now)"
            )


def _positions(games: int) -> list[tuple]:
    """Every position of seeded random 3-player games, with the action taken."""
    positions = []
    for seed in range(games):
        state = GAME.new(3, {}, seed)
        rng = random.Random(seed)
        while GAME.to_move(state):
            seat = rng.choice(GAME.to_move(state))
            action = rng.choice(GAME.legal(state, seat))
            positions.append((state, seat, action))
            state = GAME.play(state, seat, action)
    return positions


def per_move_costs(games: int) -> None:
    """What the table pays per committed move, in microseconds of CPU time
    (so a busy machine does not inflate it): ``play``, ``legal`` for the
    next seat, the public view and the JSON snapshot."""
    positions = _positions(games)
    words = []
    for name, call in table_calls(GAME).items():
        start = time.process_time()
        for position in positions:
            call(*position)
        words.append(f"{name} {1e6 * (time.process_time() - start) / len(positions):.0f}")
    print(f"per move, 3 players, {len(positions)} positions (µs of CPU): " + ", ".join(words))


if __name__ == "__main__":
    main()
