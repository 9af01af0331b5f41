"""History benchmarks (issue 17): stats and leaderboard time over 10,000
synthetic finished games, replay frame time, and the size of the animated
summary of a long Hellenica game.

    nice -n 10 .venv/bin/python bench/history.py [--games 10000] [--players 7] [--seed 1] [--skip-animation]

Fixed work, not time budgets: the same seeded games every run, so figures
change only with the machine and its load. A script, not a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.games import REGISTRY  # noqa: E402
from engine.ratings import FinishedGame, SeatResult, all_stats, leaderboard, player_stats, rate, rebuild, turns_from_log  # noqa: E402
from engine.replay import Replay, frame_at, frames, summary_moves  # noqa: E402

GAMES = ("hellenica", "santorini", "thebes", "thera", "thessaloniki")
USERS = 500


def synthetic_history(count: int, seed: int) -> list[FinishedGame]:
    """``count`` finished games among ``USERS`` players: 2-7 seats (one in
    ten a bot), random scores, 40 logged actions each, a deadline in half."""
    rng = random.Random(seed)
    history = []
    clock = 1_700_000_000.0
    for game_id in range(count):
        players = rng.randint(2, 7)
        users: list[int | None] = list(rng.sample(range(USERS), players))
        if rng.random() < 0.1:
            users[rng.randrange(players)] = None
        scores = [float(rng.randint(0, 60)) for _ in range(players)]
        best = max(scores)
        seats = tuple(SeatResult(s, users[s], scores[s], scores[s] == best, s) for s in range(players))
        started = clock
        log = []
        for _ in range(40):
            clock += rng.expovariate(1 / 7200)
            log.append((rng.randrange(players), clock))
        history.append(
            FinishedGame(
                game_id,
                rng.choice(GAMES),
                clock,
                seats,
                turns_from_log(log, started),
                deadline_hours=rng.choice((0.0, 24.0)),
            )
        )
    return history


def timed(repeats: int, work) -> tuple[float, float, object]:
    """Best and median seconds of ``repeats`` runs, and the last result."""
    runs, result = [], None
    for _ in range(repeats):
        started = time.perf_counter()
        result = work()
        runs.append(time.perf_counter() - started)
    return min(runs), statistics.median(runs), result


def bench_stats(count: int, seed: int, repeats: int = 3) -> None:
    history = synthetic_history(count, seed)
    live = rebuild(history)
    mine = [record for record in history if any(seat.user_id == 7 for seat in record.seats)]
    for label, work in (
        ("rebuild all ratings", lambda: rebuild(history)),
        ("rate one more game (live update)", lambda: rate(history[-1].seats, live[history[-1].game])),
        ("all stats, live ratings", lambda: all_stats(history, live)),
        ("leaderboard of one game, live ratings", lambda: leaderboard(history, "hellenica", ratings=live)),
        ("one player's stats over all records", lambda: player_stats(history, 7, ratings=live)),
        (f"one player's stats over their {len(mine)} records", lambda: player_stats(mine, 7, ratings=live)),
        ("one player's stats, re-rating everything", lambda: player_stats(history, 7)),
    ):
        best, typical, _ = timed(repeats, work)
        print(f"{label:<48} {count} games: {best * 1000:8.1f} ms best, {typical * 1000:8.1f} ms median")


def long_hellenica(players: int, seed: int) -> list[tuple[int, str]]:
    """A whole seeded random Hellenica game (random play makes it long)."""
    game, rng = REGISTRY["hellenica"], random.Random(seed)
    state = game.new(players, {}, seed)
    actions = []
    while game.to_move(state):
        seat = rng.choice(game.to_move(state))
        action = rng.choice(game.legal(state, seat))
        state = game.play(state, seat, action)
        actions.append((seat, action))
    return actions


def bench_replay(players: int, seed: int, animation: bool) -> None:
    game = REGISTRY["hellenica"]
    actions = long_hellenica(players, seed)
    print(f"Hellenica {players} players, seed {seed}: {len(actions)} effective actions")
    best, _, shown = timed(1, lambda: frames(game, players, {}, seed, actions))
    print(f"every frame (replay + public view + log line): {best:.2f} s, {best / len(shown) * 1000:.2f} ms per frame")
    best, _, _ = timed(1, lambda: frame_at(game, players, {}, seed, actions, -1))
    print(f"the final frame alone, from the set-up: {best * 1000:.0f} ms")
    stepper = Replay(game, players, {}, seed, actions)
    stepper.frame(-1)
    best, typical, _ = timed(20, lambda: stepper.frame(random.randrange(len(actions) + 1)))
    print(
        f"a replay button press (any move, after the first visit): {best * 1000:.0f} ms best, "
        f"{typical * 1000:.0f} ms median"
    )
    if not animation:
        return
    from render.replay import animate_frames

    names = ["alice", "Bob the Builder", "李小龍", "zoë 🎲", "eve", "mallory", "trent"][:players]
    moves = summary_moves([seat for seat, _ in actions])
    started = time.perf_counter()
    picked = frames(game, players, {}, seed, actions, moves)
    replayed = time.perf_counter() - started
    gif = animate_frames(picked, names, len(actions))
    drawn = time.perf_counter() - started - replayed
    path = Path("/tmp") / f"agora-hellenica-{players}p-summary.gif"
    path.write_bytes(gif)
    print(
        f"animated summary: {len(picked)} frames, {len(gif) / 2**20:.2f} MB, {replayed:.1f} s replaying + "
        f"{drawn:.1f} s drawing ({drawn / len(picked) * 1000:.0f} ms per frame); written to {path}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-animation", action="store_true")
    args = parser.parse_args()
    bench_stats(args.games, args.seed)
    bench_replay(args.players, args.seed, not args.skip_animation)


if __name__ == "__main__":
    main()
