"""Thessaloniki bot match: the ``hard`` bot against a frozen baseline, the
strongest bot of git revision 9079169 (``normal``, before issue 19).

    nice -n 10 .venv/bin/python bench/thessaloniki_match.py [--games 40] [--players 2] [--level hard]

The baseline is the Thessaloniki package at ``--rev`` (default 9079169), read
with ``git archive`` into a temporary folder and imported as the package
``thessaloniki_baseline``: nothing old is kept in the tree. Both sides play
the same states through today's engine; the baseline bot looks ahead with
its own copy of the rules of its day (the state format is unchanged).

Seats alternate: in 2-player games the new bot sits first in even games and
second in odd ones; with more players the new bot takes every other seat
(N B N B, then B N B N). A game is a win for the side whose seat has the
most points after the tie breakers; a shared victory with both sides in it
counts half. Both bots get the same budget argument (``--budget`` seconds,
never reached: the hard bot is bounded by fixed option and step counts, the
baseline by its own fixed sample sizes), so a run does not depend on the
machine's load and is exactly reproducible from its seeds.
"""

from __future__ import annotations

import argparse
import importlib
import io
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from engine.games.thessaloniki import GAME  # noqa: E402

BASELINE_REV = "9079169"
PACKAGE = "engine/games/thessaloniki"
BASELINE = "thessaloniki_baseline"


def load_baseline(rev: str, into: Path):
    """The ``GAME`` of the Thessaloniki package at ``rev``, imported as
    ``thessaloniki_baseline`` (its bot plays through its own rules)."""
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, PACKAGE], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    package = into / BASELINE
    (into / PACKAGE).rename(package)
    for source in package.glob("*.py"):
        source.write_text(re.sub(r"\bengine\.games\.thessaloniki\b", BASELINE, source.read_text()))
    sys.path.insert(0, str(into))
    return importlib.import_module(BASELINE).GAME


def seats_for(players: int, game: int) -> set[int]:
    """The new bot's seats in game number ``game``: alternating halves."""
    first = game % 2
    return {seat for seat in range(players) if seat % 2 == first} if players > 2 else {first}


def play_game(
    players: int, seed: int, new_seats: set[int], level: str, baseline, budget: float, clocks: dict[str, list[float]]
) -> tuple[float, list[float]]:
    """One game; returns the new side's share of the win (1, 0.5 or 0) and the scores."""
    state = GAME.new(players, {}, seed)
    step = 0
    while GAME.to_move(state):
        seat = GAME.to_move(state)[0]
        decision_seed = seed * 100_000 + step
        started = time.perf_counter()
        if seat in new_seats:
            action = GAME.choose(state, seat, level, decision_seed, budget)
            clocks["new"].append(time.perf_counter() - started)
        else:
            action = baseline.choose(state, seat, "normal", decision_seed, budget)
            clocks["baseline"].append(time.perf_counter() - started)
        state = GAME.play(state, seat, action)
        step += 1
    outcome = GAME.outcome(state)
    sides = {seat in new_seats for seat in outcome.winners}
    return (1.0 if sides == {True} else 0.5 if len(sides) == 2 else 0.0), list(outcome.scores)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2])
    parser.add_argument("--level", default="hard", help="today's bot level to test")
    parser.add_argument("--rev", default=BASELINE_REV, help="git revision of the baseline bot")
    parser.add_argument("--budget", type=float, default=60.0, help="seconds per decision (never reached)")
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        baseline = load_baseline(args.rev, Path(folder))
        for players in args.players:
            wins = 0.0
            margins = []
            clocks: dict[str, list[float]] = {"new": [], "baseline": []}
            for number in range(args.games):
                seed = args.first_seed + number
                new_seats = seats_for(players, number)
                share, scores = play_game(players, seed, new_seats, args.level, baseline, args.budget, clocks)
                wins += share
                new_best = max(scores[s] for s in new_seats)
                old_best = max(scores[s] for s in range(players) if s not in new_seats)
                margins.append(new_best - old_best)
                print(
                    f"{players}p game {number + 1:3d} seed {seed}: new seats {sorted(new_seats)} "
                    f"scores {scores} -> {share}",
                    flush=True,
                )
            losses = args.games - wins
            print(
                f"{players} players: {args.level} vs baseline {args.rev} normal: "
                f"{wins:g} wins, {losses:g} losses in {args.games} games ({100 * wins / args.games:.0f}%); "
                f"mean margin {statistics.mean(margins):+.1f} VP; "
                f"seconds per decision: new {statistics.mean(clocks['new']):.3f}, "
                f"baseline {statistics.mean(clocks['baseline']):.3f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
