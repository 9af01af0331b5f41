"""Thebes bot match: a level of today's engine against the ``greedy`` bot of
revision 9079169 (issue 19.4: the strongest level must win >= 60% of at
least 40 games).

    nice -n 10 .venv/bin/python bench/thebes_match.py [--games 40] [--players 2] [--level greedy] [--first-seed 1]

Game ``2i`` and ``2i + 1`` share the set-up seed ``i`` with the seats
swapped, so each side plays each set-up from both chairs. With more than two
players the new bot takes one seat (moving round the table from game to
game) and baseline bots the others. Every decision is seeded, and a level
under test must spend a fixed amount of work (a count of playouts or
positions, never a clock), so the result is the same on any machine and
under any load; the time (the new bot's mean and worst time per decision)
is reported only as a guide. A game is a win for
the new bot when it alone has the most points, a draw when it shares the
lead. ``--level greedy`` is the control: today's greedy plays exactly as the
baseline's, so it scores exactly 50%.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from thebes_baseline import BASELINE_REVISION, load_baseline  # noqa: E402

from engine.games.thebes import GAME  # noqa: E402


def play_match_game(
    players: int, seed: int, new_seat: int, level: str, baseline, decision_times: list[float] | None = None
) -> tuple[float, ...]:
    """One game; returns the final scores. The new bot's CPU time per
    decision is appended to ``decision_times`` when given."""
    state = GAME.new(players, {}, seed)
    moves = 0
    while GAME.to_move(state):
        seat = GAME.to_move(state)[0]
        decision_seed = seed * 100_003 + moves
        if seat == new_seat:
            started = time.process_time()
            action = GAME.choose(state, seat, level, decision_seed)
            if decision_times is not None:
                decision_times.append(time.process_time() - started)
        else:
            old = baseline.GAME.load(GAME.dump(state))
            action = baseline.GAME.choose(old, seat, "greedy", decision_seed)
        state = GAME.play(state, seat, action)
        moves += 1
    return GAME.outcome(state).scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games to play (even: seats are swapped in pairs)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--level", default="greedy", help="the new bot's level")
    parser.add_argument("--first-seed", type=int, default=1, help="set-up seed of the first pair of games")
    args = parser.parse_args()
    baseline = load_baseline()
    wins = draws = losses = 0
    margins = []
    decision_times: list[float] = []
    started = time.perf_counter()
    print(
        f"{args.level} (now) against greedy (revision {BASELINE_REVISION}), {args.players} players, {args.games} games, "
        f"set-up seeds {args.first_seed} to {args.first_seed + (args.games - 1) // 2}"
    )
    for game in range(args.games):
        seed = args.first_seed + game // 2
        new_seat = (game // 2 + game % 2) % args.players if args.players > 2 else game % 2
        scores = play_match_game(args.players, seed, new_seat, args.level, baseline, decision_times)
        mine = scores[new_seat]
        best_other = max(s for seat, s in enumerate(scores) if seat != new_seat)
        margins.append(mine - best_other)
        if mine > best_other:
            wins += 1
        elif mine == best_other:
            draws += 1
        else:
            losses += 1
        print(
            f"  game {game + 1:3}: seed {seed:3}, new bot in seat {new_seat}, scores "
            f"{' '.join(f'{s:3.0f}' for s in scores)}, margin {mine - best_other:+4.0f}   "
            f"[{wins}-{draws}-{losses}]",
            flush=True,
        )
    played = wins + draws + losses
    print(
        f"Result: {wins} wins, {draws} draws, {losses} losses of {played} "
        f"({100 * (wins + draws / 2) / played:.1f}% counting a draw as half); mean margin "
        f"{statistics.mean(margins):+.1f} points; {time.perf_counter() - started:.0f} s"
    )
    print(
        f"The new bot's CPU time per decision (a guide only): mean {1000 * statistics.mean(decision_times):.0f} ms, "
        f"worst {1000 * max(decision_times):.0f} ms over {len(decision_times)} decisions"
    )


if __name__ == "__main__":
    main()
