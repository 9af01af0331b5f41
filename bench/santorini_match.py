"""Santorini strength match: today's hard bot against the frozen baseline.

    python bench/santorini_match.py --games 40 --gods fast --budget 0.15
    python bench/santorini_match.py --games 40 --gods none --budget 0.15

The baseline is the bot at git revision ``BASELINE`` (before the fast god
generator), read from git with ``git archive`` into a temporary folder and
imported under another name (``santorini_baseline.engine``), so no copy of
old code is kept in the tree. Both bots play in this one process.

Fair play:
- games come in pairs with the same gods and seed, the new bot Blue (first)
  in one and Orange in the other: seats and colours alternate;
- both bots get the same budget per decision, measured in CPU time of this
  process (``--budget`` seconds), not by the wall clock: other work on a
  shared machine then slows neither side down;
- ``--gods fast`` deals a random pair of gods that the fast generator
  plays, ``all`` a random pair from every 1 vs 1 god (a pair the rules ban
  together is dealt again), ``none`` the base game;
- a game still going after ``--max-steps`` steps (actions) is a draw.

Prints one line per game and the new bot's score (wins + half the draws).
``--skip-pairs N`` deals the first N pairs and plays the next ones, so one
run's set-ups can be shared out between processes:
``--seed 1 --games 20`` and ``--seed 1 --games 20 --skip-pairs 10`` play
the 40 games of ``--seed 1 --games 40``.

    python bench/santorini_match.py --speed

measures instead how many positions per second of CPU time each bot's
search visits on the positions of ``bench/santorini.py``, baseline and new
side by side (issue 18, target 3: 100k with gods).
"""

from __future__ import annotations

import argparse
import importlib
import random
import re
import subprocess
import sys
import tarfile
import tempfile
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.games.santorini import GAME, bot, fast_gods  # noqa: E402
from engine.games.santorini.gods import CARDS, banned_together  # noqa: E402

BASELINE = "9079169"
"""Today's bot before the fast god generator (issue 18, target 3)."""
PACKAGE = "santorini_baseline"
FILES = ("engine/__init__.py", "engine/core.py", "engine/games/__init__.py", "engine/games/santorini", "data/santorini")
CPU_CLOCK = types.SimpleNamespace(perf_counter=time.process_time)
"""What the bots read as their clock during the match: CPU time."""


def load_baseline(revision: str, folder: Path):
    """The baseline's Santorini package, imported as ``santorini_baseline``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision, *FILES], check=True, capture_output=True
    ).stdout
    target = folder / PACKAGE
    target.mkdir(parents=True)
    (target / "__init__.py").write_text('"""The frozen baseline (see bench/santorini_match.py)."""\n')
    archive_path = folder / "baseline.tar"
    archive_path.write_bytes(archive)
    with tarfile.open(archive_path) as tar:
        tar.extractall(target, filter="data")
    for path in target.rglob("*.py"):
        text = path.read_text()
        text = re.sub(r"\b(from|import) engine\b", rf"\1 {PACKAGE}.engine", text)
        path.write_text(text)
    sys.path.insert(0, str(folder))
    module = importlib.import_module(f"{PACKAGE}.engine.games.santorini")
    return module


def deal_gods(kind: str, rng: random.Random) -> list[str]:
    if kind == "none":
        return []
    pool = sorted(fast_gods.FAST_GODS) if kind == "fast" else sorted(n for n, c in CARDS.items() if 2 in c.players)
    while True:
        pair = rng.sample(pool, 2)
        if banned_together(pair) is None:
            return pair


class Player:
    """One side of the match: a bot module and the game whose states it reads."""

    def __init__(self, name: str, game, bot_module, load_state):
        self.name, self.game, self.bot, self.load_state = name, game, bot_module, load_state
        bot_module.time = CPU_CLOCK

    def choose(self, state, seat: int, seed: int, budget: float) -> str:
        own_state = self.load_state(GAME.dump(state))
        return self.bot.choose(self.game, own_state, seat, "hard", seed, budget)


def play_game(players: tuple[Player, Player], gods: list[str], seed: int, budget: float, max_steps: int):
    """One game; the winning seat (None for a draw) and the number of steps."""
    options = {"gods": ",".join(gods)} if gods else {}
    state = GAME.new(2, options, seed)
    steps = 0
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        action = players[seat].choose(state, seat, seed * 1000 + steps, budget)
        state = GAME.play(state, seat, action)
        steps += 1
        if steps > max_steps:
            return None, steps
    winners = GAME.outcome(state).winners
    return (winners[0] if len(winners) == 1 else None), steps


SPEED_CASES = (
    ("base opening", "OPENING", []),
    ("base midgame", "MIDGAME", []),
    ("artemis v atlas", "OPENING", ["artemis", "atlas"]),
    ("apollo v minotaur", "MIDGAME", ["apollo", "minotaur"]),
    ("demeter v athena", "OPENING", ["demeter", "athena"]),
    ("hermes v harpies", "OPENING", ["hermes", "harpies"]),
    ("prometheus v hera", "MIDGAME", ["prometheus", "hera"]),
)


def search_speed(package, diagram: str, gods: list[str], budget: float) -> tuple[float, int]:
    """Positions per second of CPU time and the depth reached, one decision."""
    bot_module = importlib.import_module(f"{package}.bot")
    positions = importlib.import_module(f"{package}.positions")
    bot_module.time = CPU_CLOCK
    state = positions.from_diagram(diagram, gods)
    searcher = bot_module.Searcher(state.turn.seat, time.process_time() + budget)
    options = bot_module.root_options(state)
    began = time.process_time()
    searcher.best(options, bot_module.MAX_DEPTH, random.Random(0))
    return searcher.nodes / max(time.process_time() - began, 1e-9), searcher.depth_reached


def speed_table(budget: float, rounds: int) -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    import santorini as positions_bench

    print(f"positions / s of CPU time, {budget:g} CPU s per search, best of {rounds} (depth reached)")
    for label, name, gods in SPEED_CASES:
        diagram = getattr(positions_bench, name)
        cells = []
        for package in (f"{PACKAGE}.engine.games.santorini", "engine.games.santorini"):
            results = [search_speed(package, diagram, gods, budget) for _ in range(rounds)]
            cells.append(f"{max(r[0] for r in results):>9,.0f} (depth {max(r[1] for r in results)})")
        print(f"{label:20s} baseline {cells[0]}   new {cells[1]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games (an even number: pairs with seats swapped)")
    parser.add_argument("--gods", choices=("fast", "all", "none"), default="fast")
    parser.add_argument("--budget", type=float, default=0.15, help="CPU seconds per decision, both bots")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-steps", type=int, default=400)
    parser.add_argument(
        "--skip-pairs",
        type=int,
        default=0,
        help="deal and skip this many pairs first (to split one run's set-ups over several processes)",
    )
    parser.add_argument("--baseline", default=BASELINE, help="git revision of the baseline bot")
    parser.add_argument("--speed", action="store_true", help="measure search speed instead of playing")
    parser.add_argument("--speed-budget", type=float, default=2.0, help="CPU seconds per search with --speed")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        old = load_baseline(args.baseline, Path(folder))
        if args.speed:
            speed_table(args.speed_budget, 3)
            return
        new = Player("new", GAME, bot, GAME.load)
        baseline = Player(
            "baseline", old.GAME, importlib.import_module(f"{PACKAGE}.engine.games.santorini.bot"), old.GAME.load
        )
        rng = random.Random(args.seed)
        score = wins = losses = draws = 0
        began = time.perf_counter()
        for pair in range(args.skip_pairs + args.games // 2):
            gods = deal_gods(args.gods, rng)
            seed = rng.randrange(1 << 30)
            if pair < args.skip_pairs:
                continue
            for new_seat in (0, 1):
                seats = (new, baseline) if new_seat == 0 else (baseline, new)
                winner, plies = play_game(seats, gods, seed, args.budget, args.max_steps)
                result = "draw" if winner is None else ("win" if winner == new_seat else "loss")
                wins += result == "win"
                losses += result == "loss"
                draws += result == "draw"
                score = wins + draws / 2
                played = wins + losses + draws
                print(
                    f"game {2 * args.skip_pairs + played:3d}  gods {'+'.join(gods) or 'none':24s} new bot seat {new_seat}  "
                    f"{result:4s} after {plies:3d} steps   running: {wins}-{losses}-{draws} "
                    f"({100 * score / played:.0f}%)",
                    flush=True,
                )
        played = wins + losses + draws
        print(
            f"\nnew hard bot v baseline ({args.baseline}), gods={args.gods}, {args.budget:g} CPU s per decision: "
            f"{wins} wins, {losses} losses, {draws} draws of {played} = {100 * score / max(played, 1):.1f}% "
            f"({time.perf_counter() - began:.0f} s)"
        )


if __name__ == "__main__":
    main()
