"""Thera bot match: today's ``normal`` bot against a frozen baseline.

    nice -n 10 .venv/bin/python bench/thera_match.py [--games 40] [--players 2 4] [--rev 9079169]

The baseline is the Thera package at git revision ``--rev`` (default
9079169, the bot before issue 19), read with ``git archive`` into a temporary
folder and imported as the package ``thera_baseline``: nothing old is kept in
the tree. Both sides play the same states through today's engine; the
baseline bot chooses with its own copy of the rules of its day, which agree
with today's for the options played here (no Divine Intervention tokens).

Seats alternate: in 2-player games the new bot sits first in even games and
second in odd ones; in 4-player games two new and two baseline seats
alternate (N B N B, then B N B N). A game is a win for the side whose seat
has the most recognition; a shared first place with both sides in it counts
half. Every decision gets the same generous budget (``--budget`` seconds,
never reached: the bots then evaluate every role option), so results do not
depend on the machine's load and a run is exactly reproducible from its seeds.
The new bot's role choices are timed in CPU seconds (the table gives a bot
about two seconds of wall time; CPU time is what a busy machine cannot blur).
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

from engine.games.thera import GAME  # noqa: E402
from engine.games.thera.scoring import luxuries_built  # noqa: E402

BASELINE_REV = "9079169"
PACKAGE = "engine/games/thera"


def load_baseline(rev: str, into: Path):
    """The ``bot`` module of the Thera package at ``rev``, imported as ``thera_baseline.bot``."""
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, PACKAGE], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    package = into / "thera_baseline"
    (into / PACKAGE).rename(package)
    for source in package.glob("*.py"):
        text = re.sub(r"\bengine\.games\.thera\b", "thera_baseline", source.read_text())
        source.write_text(text)
    sys.path.insert(0, str(into))
    return importlib.import_module("thera_baseline.bot")


def play_game(
    players: int, seed: int, new_seats: set[int], baseline, budget: float, role_seconds: list[float] | None = None
) -> tuple[float, list, list]:
    """One game; returns the new side's share of the win (1, 0.5 or 0), the
    scores and the luxuries each seat built. The CPU seconds of each of the
    new bot's role choices are added to ``role_seconds``."""
    state = GAME.new(players, {}, seed)
    step = 0
    while GAME.to_move(state):
        seat = GAME.to_move(state)[0]
        decision_seed = seed * 100_000 + step
        if seat in new_seats:
            started = time.process_time()
            action = GAME.choose(state, seat, "normal", decision_seed, budget)
            if role_seconds is not None and state["step"] == "choose":
                role_seconds.append(time.process_time() - started)
        else:
            action = baseline.choose(state, seat, "normal", decision_seed, budget)
        state = GAME.play(state, seat, action)
        step += 1
    outcome = GAME.outcome(state)
    sides = {seat in new_seats for seat in outcome.winners}
    built = [luxuries_built(state, seat) for seat in range(players)]
    return (1.0 if sides == {True} else 0.5 if len(sides) == 2 else 0.0), list(outcome.scores), built


def seats_for(players: int, game: int) -> set[int]:
    """The new bot's seats in game number ``game``: alternating halves."""
    first = game % 2
    return {seat for seat in range(players) if seat % 2 == first} if players > 2 else {first}


def match(players: int, games: int, baseline, budget: float, first_seed: int) -> None:
    wins = 0.0
    scores_of: dict[bool, list[float]] = {True: [], False: []}
    built_of: dict[bool, list[int]] = {True: [], False: []}
    role_seconds: list[float] = []
    started = time.perf_counter()
    for game in range(games):
        seed = first_seed + game
        new_seats = seats_for(players, game)
        share, scores, built = play_game(players, seed, new_seats, baseline, budget, role_seconds)
        wins += share
        for seat in range(players):
            scores_of[seat in new_seats].append(scores[seat])
            built_of[seat in new_seats].append(built[seat])
        print(
            f"  {players}p seed {seed}: new seats {sorted(new_seats)} scores {scores} luxuries {built} -> {share:g}",
            flush=True,
        )
    elapsed = time.perf_counter() - started
    print(
        f"{players} players: new bot {wins:g} wins, {games - wins:g} losses over {games} games "
        f"({100 * wins / games:.1f}%), {elapsed:.0f} s",
        flush=True,
    )
    for side, name in ((True, "new"), (False, "baseline")):
        print(
            f"  {name}: mean score {statistics.mean(scores_of[side]):.1f}, luxuries built per seat "
            f"{statistics.mean(built_of[side]):.2f} (fewest {min(built_of[side])})",
            flush=True,
        )
    print(
        f"  new bot role choices: {len(role_seconds)}, mean {statistics.mean(role_seconds):.3f} s, "
        f"worst {max(role_seconds):.3f} s of CPU",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--rev", default=BASELINE_REV)
    parser.add_argument("--budget", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first game")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        baseline = load_baseline(args.rev, Path(folder))
        for players in args.players:
            match(players, args.games, baseline, args.budget, args.seed)


if __name__ == "__main__":
    main()
