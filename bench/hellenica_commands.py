"""Hellenica: commands per player-turn with the old notation and with the
bigger steps (``move all <area>``), in seeded games. A script, not a test:

    python bench/hellenica_commands.py [--games N] [--seed S]

Every game is played once, by a "plain player" at every seat: at random
(never writing trade offers), except that in a Movement it sends the whole stack somewhere when it can
(what an army move usually is), and a Research it picks names the
Advancement to learn when it can pay for one. Each ``move all`` is counted
as one command now and as the commands the old notation needs for the same
thing: one ``move <n> <unit> <area>`` per unit type, ``attack <area>``
against an enemy and ``done`` when it ended the Movement; ``research <city>
learn <advancement>`` is one command now, two before (the rules tests check
that the big step and the small steps give the same state). Every other
command counts once in both. Player-turns
are turns played times seats. With the ``quick`` option (the table's
default) a step that is the seat's only choice is played by itself: it
counts once in the old notation and not at all now; "forced" is the share
of the commands still typed that were the seat's only choice (Invocations
and trades aside; with ``quick`` only those held back because the seat
could cast an Invocation). The last lines play the uniform random bot
(the old bench's figure: it rarely picks the bigger steps).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.games.hellenica import GAME, quick  # noqa: E402
from engine.games.hellenica.movement import movable  # noqa: E402
from engine.games.hellenica.steps import current  # noqa: E402
from engine.games.hellenica.trade import VERBS as TRADE_VERBS  # noqa: E402


def old_commands(before: dict, seat: int, action: str, after: dict) -> int:
    """How many old-notation commands one new command stands for."""
    if " learn " in action:
        return 2  # the Research action, then ``learn``
    if not action.startswith("move all "):
        return 1
    frame = current(before)
    kinds = len(movable(before, seat, frame["area"]))
    attacked = any(" attacks " in e["text"] for e in after["log"] if e["n"] > before["log_seq"])
    ended = not any(f["id"] == frame["id"] for f in after["stack"])
    return kinds + attacked + ended


ANY_TIME = ("invoke", *TRADE_VERBS)


AUTOMATIC = [0]
"""Steps the ``quick`` option played by itself (counted through ``quick.forced``)."""
_forced = quick.forced


def _counting_forced(state: dict) -> tuple[int, str] | None:
    found = _forced(state)
    AUTOMATIC[0] += found is not None
    return found


quick.forced = _counting_forced


def play(players: int, seed: int, plain: bool, quick_steps: bool) -> tuple[int, int, int, int]:
    """(new commands, old commands, player-turns, forced commands) of one
    game; forced: the seat's only choice (Invocations and trades aside)."""
    AUTOMATIC[0] = 0
    state = GAME.new(players, {"homes": "random", "quick": quick_steps}, seed)
    rng = random.Random(seed)
    new = old = forced = 0
    while GAME.to_move(state):
        seat = GAME.to_move(state)[0]
        legal = GAME.legal(state, seat)
        if plain:  # a plain player does not write trade offers at random
            legal = [a for a in legal if a.split()[0] not in TRADE_VERBS] or legal
        bigger = [a for a in legal if a.startswith("move all ")]  # an army moves as a whole
        if plain and not bigger:
            # research knowing what to learn (when it learns at all: as often as before)
            research = [a for a in legal if " learn " not in a]
            bigger = [a for a in legal if " learn " in a]
            action = rng.choice(research)
            if action.split()[-2:-1] == ["research"] and bigger:
                learns = [a for a in bigger if a.startswith(action + " learn ")]
                action = rng.choice(learns) if learns else action
        else:
            action = rng.choice(bigger if plain and bigger else legal)
        after = GAME.play(state, seat, action)
        new += 1
        old += old_commands(state, seat, action, after)
        forced += sum(1 for a in legal if a.split()[0] not in ANY_TIME) == 1
        state = after
    return new, old + AUTOMATIC[0], state["turn"] * players, forced


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per player count")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'players':>7} {'bot':>7} {'quick':>5} {'old/pt':>7} {'new/pt':>7} {'fewer':>6} {'forced':>7}")
    for plain, quick_steps in ((True, True), (True, False), (False, True), (False, False)):
        totals = [0, 0, 0, 0]
        label = f"{'plain' if plain else 'random':>7} {'yes' if quick_steps else 'no':>5}"
        for players in (3, 4, 5, 7):
            games = [play(players, args.seed + g, plain, quick_steps) for g in range(args.games)]
            new, old, turns, forced = (sum(g[i] for g in games) for i in range(4))
            totals = [totals[0] + new, totals[1] + old, totals[2] + turns, totals[3] + forced]
            print(
                f"{players:>7} {label} {old / turns:>7.1f} {new / turns:>7.1f} "
                f"{1 - new / old:>6.0%} {forced / new:>7.0%}"
            )
        new, old, turns, forced = totals
        print(f"{'all':>7} {label} {old / turns:>7.1f} {new / turns:>7.1f} {1 - new / old:>6.0%} {forced / new:>7.0%}")


if __name__ == "__main__":
    main()
