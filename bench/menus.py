"""Every decision by clicks (issue 16, "Measure it"): seeded random and bot
games of every game and player count, played to the end; at every decision
the step-by-step menus the Discord front end would show are built
(``cogs.utils.menu_tree`` over ``Game.menu_path``) and checked:

- is the action chosen there reachable by clicks, every menu on the way at
  most 25 entries (``MENU_LIMIT``)? And is every other legal action?
- how many clicks (menu choices) does the chosen action take; what is the
  most any legal action takes?

    nice -n 10 .venv/bin/python bench/menus.py [--quick] [--games thebes,thera] [--seeds N] [--budget S]
                                               [--every K] [--bot-decisions N]

Random games pick uniformly among the seats that may act and their legal
actions. Bot games seat the game's stand-in bot level everywhere with a
fixed thinking budget of ``--budget`` seconds a decision (the bots'
choices, not the figures' meaning, depend on it: every legal action's menu
path is checked whatever is chosen; Hellenica's planner ignores the budget
and takes a quarter of a second a decision at three players). A full run
plays ``--seeds`` seeds (3) of each configuration to the end and checks
every decision: long, Hellenica's bot games above all. ``--quick`` plays one
seed, random games to the end with the menus checked at every
``QUICK_EVERY``-th decision, bot games cut at ``QUICK_BOT_DECISIONS``
decisions (every one checked): a few minutes in all.

A click here is one choice in a menu; a decision's first menu comes with the
post. (In games with secrets the channel post carries a "Your move" button
that opens the menu privately: one click more there; the DM's menu has none.)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common import print_table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cogs.utils.menu_tree import MENU_LIMIT, audit, build_menu
from engine.core import Game, IllegalAction
from engine.games import REGISTRY
from engine.tables.views import menu_choices

QUICK_BOT_DECISIONS = 60
QUICK_EVERY = 5
MAX_DECISIONS = 20_000
"""A safety stop for a game that would not end (none is known to)."""
TARGET_CLICKS = 4
VARIANTS: dict[str, tuple[dict[str, Any], ...]] = {
    "santorini": ({"gods": "draft"},),
    "thera": ({"advanced": True},),
}
"""Option sets with decisions of their own (god offers, advanced buildings),
measured besides the standard game."""
FALLBACK_OPTIONS: dict[str, dict[str, Any]] = {"santorini": {"mode": "teams"}}
"""Where the standard options do not seat every count (four Santorini players play in teams)."""


def configurations(game: Game, variants: bool = True) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every player count with the standard options (or the fallback the
    count needs), then the variants at the smallest count."""
    for players in range(game.min_players, game.max_players + 1):
        for options in ({}, FALLBACK_OPTIONS.get(game.name)):
            if options is None:
                continue
            try:
                game.new(players, dict(options), 1)
            except IllegalAction:
                continue
            yield players, options
            break
    if variants:
        for options in VARIANTS.get(game.name, ()):
            yield game.min_players, options


def bot_level(game: Game) -> str:
    """The level that stands in for a person: the game's own pick, else the middle one."""
    return game.stand_in_level or game.bot_levels[len(game.bot_levels) // 2]


def decisions(
    game: Game, players: int, options: dict[str, Any], seed: int, mode: str, budget: float, limit: int
) -> Iterator[tuple[Any, int, list[str], str]]:
    """(state, seat, legal actions, action chosen) at every decision of one
    seeded game, to the end or ``limit`` decisions."""
    rng = random.Random(seed)
    state = game.new(players, dict(options), seed)
    level = bot_level(game)
    for count in range(limit):
        movers = game.to_move(state)
        if not movers:
            return
        seat = rng.choice(movers)
        legal = game.legal(state, seat)
        if mode == "random":
            action = rng.choice(legal)
        else:
            action = game.choose(state, seat, level, seed * 100_003 + count, budget)
        yield state, seat, legal, action
        state = game.play(state, seat, action)


@dataclass
class Tally:
    """The figures of some decisions."""

    decisions: int = 0
    reachable: int = 0
    """decisions whose chosen action is reachable by clicks"""
    all_reachable: int = 0
    """decisions whose every legal action is"""
    clicks: int = 0
    worst_chosen: int = 0
    worst_any: int = 0
    widest: int = 0
    over_25: int = 0
    """decisions with more than 25 legal actions (a single menu would not do)"""
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for name in ("decisions", "reachable", "all_reachable", "clicks", "over_25", "seconds"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("worst_chosen", "worst_any", "widest"):
            setattr(self, name, max(getattr(self, name), getattr(other, name)))
        self.problems.extend(other.problems[: max(0, 5 - len(self.problems))])

    def cells(self) -> list[str]:
        share = 100 * self.reachable / self.decisions if self.decisions else 0.0
        every = 100 * self.all_reachable / self.decisions if self.decisions else 0.0
        average = self.clicks / self.reachable if self.reachable else 0.0
        over = 100 * self.over_25 / self.decisions if self.decisions else 0.0
        return [
            str(self.decisions),
            f"{over:.0f}%",
            f"{share:.1f}%",
            f"{every:.1f}%",
            f"{average:.2f}",
            str(self.worst_chosen),
            str(self.worst_any),
            str(self.widest),
            f"{self.seconds:.1f}",
        ]


def measure(
    game: Game, players: int, options: dict[str, Any], seed: int, mode: str, budget: float, limit: int, every: int = 1
) -> Tally:
    """The figures of one seeded game, its menus checked at every ``every``-th decision."""
    tally = Tally()
    started = time.perf_counter()
    for ply, (state, seat, legal, action) in enumerate(decisions(game, players, options, seed, mode, budget, limit)):
        if ply % every:
            continue
        choices = menu_choices(game, state, seat, legal)  # composed actions too (a whole order)
        tree = build_menu(choices)
        report = audit(tree, [action for action, _, _ in choices])
        tally.decisions += 1
        tally.over_25 += len(legal) > MENU_LIMIT
        if report.problems:
            tally.problems.extend(f"seed {seed} ply {ply}: {p}" for p in report.problems[:2])
        reached = report.widest <= MENU_LIMIT and action in report.clicks
        if reached:
            tally.reachable += 1
            tally.clicks += report.clicks[action]
            tally.worst_chosen = max(tally.worst_chosen, report.clicks[action])
        if not report.problems:
            tally.all_reachable += 1
        tally.worst_any = max(tally.worst_any, max(report.clicks.values(), default=0))
        tally.widest = max(tally.widest, report.widest)
    tally.seconds = time.perf_counter() - started
    return tally


HEADERS = [
    "game",
    "decisions checked",
    "> 25 legal",
    "chosen by clicks",
    "all by clicks",
    "avg clicks",
    "worst chosen",
    "worst any",
    "widest menu",
    "seconds",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one seed a configuration, short bot games")
    parser.add_argument("--games", default=",".join(REGISTRY), help="comma-separated game names")
    parser.add_argument("--seeds", type=int, default=3, help="seeds per configuration and mode (full run)")
    parser.add_argument("--budget", type=float, default=0.02, help="bot thinking seconds a decision")
    parser.add_argument("--every", type=int, default=None, help="check the menus of every K-th decision")
    parser.add_argument("--bot-decisions", type=int, default=None, help="cut bot games after N decisions")
    args = parser.parse_args()
    seeds = 1 if args.quick else args.seeds
    every = args.every or (QUICK_EVERY if args.quick else 1)
    bot_cut = args.bot_decisions or (QUICK_BOT_DECISIONS if args.quick else MAX_DECISIONS)
    detail, summary = [], []
    for name in args.games.split(","):
        game = REGISTRY[name.strip()]
        total = Tally()
        for players, options in configurations(game):
            for mode in ("random", "bot"):
                limit = bot_cut if mode == "bot" else MAX_DECISIONS
                tally = Tally()
                for seed in range(1, seeds + 1):
                    tally.add(
                        measure(
                            game, players, options, seed, mode, args.budget, limit, every if mode == "random" else 1
                        )
                    )
                extra = ",".join(f"{k}={v}" for k, v in options.items())
                subject = f"{name} {players}p {mode if mode == 'random' else bot_level(game)}" + (
                    f" {extra}" if extra else ""
                )
                detail.append([subject] + tally.cells())
                print("  " + "  ".join([subject] + tally.cells()), flush=True, file=sys.stderr)
                total.add(tally)
        summary.append([name] + total.cells())
        for problem in total.problems:
            print(f"  {name}: {problem}")
    sampling = "" if every == 1 else f"{every}-th "
    bots = "to the end" if bot_cut == MAX_DECISIONS else f"cut at {bot_cut} decisions"
    notes = [
        (
            f"clicks: menu choices a decision takes; target: 100% by clicks, worst <= {TARGET_CLICKS}, "
            f"every menu <= {MENU_LIMIT} entries"
        ),
        (
            f"{seeds} seed(s) a configuration; random games to the end, menus checked at every {sampling}"
            f"decision; bot games {bots}, every decision checked; bots: stand-in level, {args.budget} s a "
            f"decision"
        ),
    ]
    print_table("Menus per configuration", HEADERS, detail)
    print_table("Menus per game (issue 16)", HEADERS, summary, notes)


if __name__ == "__main__":
    main()
