"""Hellenica: commands per player-turn with the old notation and with the
bigger steps, in seeded games. A script, not a test:

    python bench/hellenica_commands.py [--games N] [--seed S] [--rows plain|all]

Every game is played once, by a "plain player" at every seat: at random
(never writing trade offers), except that in a Movement it sends the whole
stack somewhere when it can (what an army move usually is), and a Research
it picks names the Advancement to learn when it can pay for one. It decides
step by step, as before; what changes is how many commands it writes for
those same decisions:

- ``move all <area>`` counts once now, and as the commands the old notation
  needs for the same thing: one ``move <n> <unit> <area>`` per unit type,
  ``attack <area>`` against an enemy and ``done`` when it ended the
  Movement; ``research <city> learn <advancement>`` is one command now, two
  before.
- One Action, one command: the steps that finish the Action it has just
  taken (a Movement's moves, raids and ``done``; a new Temple's
  ``dedicate``; a Research's ``convert``/``learn``/``done``) are written
  after it, separated by commas (``supply megara from athens, move all
  panactum``), when nobody else decides in between and nothing is revealed
  before the last step (the engine refuses such chains; the kinds of chain
  listed here are the bench's own choice of what a person plausibly writes
  at once). A person plans an Action that way; the decisions are the same.
- The Favorite orders the Creatures at Upkeep in one command, the whole
  order at once (``unleash hydra cetus sphinx``: "the Favorite of the gods
  determines the order in which they attack"); each answer it gives when
  the question comes back counts as an old command. The plain player draws
  the order at random, as it drew each next Creature before (a draw more:
  the seeded games are not the old bench's games, old and new are counted
  on the same games).
- The Favorite turns the token and takes the first Action in one command
  (``zeus, build market athens``; after a tie, ``favorite green, zeus, ...``).
- A seat's own steps in one Combat Round (``general, roll``; ``destroy
  hoplite, withdraw``) and its several losses (``lose hoplite megara, lose
  market athens``).
- An Action-phase Invocation a seat casts on its turn, then its Action
  (``invoke wisdom, research athens``).
- Once everyone else has passed, a seat's remaining Actions, one a round,
  are one command (``worship athens, train hoplites athens, pass``).

- The "clicks" rows: the same plain player on Discord, clicking through the
  step-by-step menus instead of typing. It can only pick what the menus
  list (a whole order of three to five Creatures is there,
  ``Game.composed_actions``; of more, one answer at a time), and its steps
  go into one command exactly where the menus keep them together: while
  the seat decides again after them and nothing is revealed
  (``engine.core.own_steps_state``, which the menus ask); it never needs
  "▶ Play", since the command is sent once the steps stop being its own.

Every chain of steps is played again as one command from where it began and
must give exactly the state the steps gave (the bench stops otherwise).
Every other command counts once in both. Player-turns are turns played times
seats. With the ``quick`` option (the table's default) a step that is the
seat's only choice is played by itself: it counts once in the old notation
and not at all now; "forced" is the share of the commands still typed that
were the seat's only choice (Invocations and trades aside; with ``quick``
only those held back because the seat could cast an Invocation). The
"random" rows play the uniform random bot one step a command (the old
bench's figure: it rarely picks the bigger steps). The breakdown after the
table shows, for the plain player with ``quick``, where the commands still
go: by the decision they are asked in and their verb (a chain counts under
its first step).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import own_steps_state  # noqa: E402
from engine.games.hellenica import GAME, choice, quick  # noqa: E402
from engine.games.hellenica.movement import movable  # noqa: E402
from engine.games.hellenica.steps import current  # noqa: E402
from engine.games.hellenica.trade import VERBS as TRADE_VERBS  # noqa: E402

ANY_TIME = ("invoke", *TRADE_VERBS)
FOLLOW_UPS = ("move", "dedicate", "research")
"""Decisions that finish the Action a seat has just taken."""
SAME_FIGHT = ("general", "admiral", "destroy", "lose")
"""Combat steps a seat takes before its next one in the same Combat Round
(the dice roll ends a chain: they are revealed)."""


def old_commands(before: dict, seat: int, action: str, after: dict) -> int:
    """How many old-notation commands one step stands for."""
    if " learn " in action:
        return 2  # the Research action, then ``learn``
    if not action.startswith("move all "):
        return 1
    frame = current(before)
    kinds = len(movable(before, seat, frame["area"]))
    attacked = any(" attacks " in e["text"] for e in after["log"] if e["n"] > before["log_seq"])
    ended = not any(f["id"] == frame["id"] for f in after["stack"])
    return kinds + attacked + ended


AUTOMATIC = [0, True]
"""Steps the ``quick`` option played by itself, and answers of an order
given at once (each one old-notation command), counted through
``quick.forced`` and ``choice.planned_answer`` while the second item is
True (not while a chain is checked)."""
_forced = quick.forced
_planned_answer = choice.planned_answer


def _counting_forced(state: dict) -> tuple[int, str] | None:
    found = _forced(state)
    AUTOMATIC[0] += found is not None and AUTOMATIC[1]
    return found


def _counting_planned(parent: dict, key: str, seat: int, options: list[str]) -> str | None:
    answer = _planned_answer(parent, key, seat, options)
    AUTOMATIC[0] += answer is not None and AUTOMATIC[1]
    return answer


quick.forced = _counting_forced  # type: ignore[assignment]
choice.planned_answer = _counting_planned  # type: ignore[assignment]


def kind_of(frame_kind: str, action: str) -> str:
    """A command's kind for the breakdown: its decision and verb."""
    words = action.split()
    verb = " ".join(words[:2]) if words[0] == "exchange" or words[:2] == ["move", "all"] else words[0]
    return f"{frame_kind}: {verb}" + (" … learn" if " learn " in action else "")


def joins(chain: list[str], chain_seat: int, state: dict, seat: int, action: str, revealed: bool) -> bool:
    """Whether the plain player writes this step in the same command as the
    steps before it (see the docstring)."""
    if not chain or seat != chain_seat or revealed or GAME.to_move(state) != [seat]:
        return False
    frame = current(state)
    if frame["kind"] in FOLLOW_UPS:
        return True
    if frame["kind"] == "action":
        alone = all(player["passed"] for other, player in enumerate(state["seats"]) if other != seat)
        return alone or chain[-1] in ("zeus", "hera") or chain[-1].startswith("invoke ")
    if frame["kind"] == "direction":  # the Favorite has kept the token: which side up
        return chain[-1].startswith("favorite ")
    if frame["kind"] in ("combat", "losses"):  # ``destroy hoplite, fight``; ``lose hoplite megara, lose market athens``
        return chain[-1].split()[0] in (*SAME_FIGHT, "lose")
    return False


def pick(rng: random.Random, legal: list[str], frame: dict, offered: list[str] | None = None) -> str:
    """The plain player's choice (see the docstring): a whole order at once
    when it may (typed: always; by clicks: when the menus offer it)."""
    legal = [a for a in legal if a.split()[0] not in TRADE_VERBS] or legal  # no trade offers at random
    if frame["kind"] == "choose" and frame["verb"] in choice.ORDERS:
        # The whole order; its last option needs no answer.
        first = rng.choice(legal)
        rest = [option for option in frame["options"] if first != f"{frame['verb']} {option}"]
        rng.shuffle(rest)
        whole = " ".join([first, *rest[:-1]]) if first.startswith(frame["verb"] + " ") else first
        return whole if offered is None or whole in offered else first
    bigger = [a for a in legal if a.startswith("move all ")]  # an army moves as a whole
    if bigger:
        return rng.choice(bigger)
    # research knowing what to learn (when it learns at all: as often as before)
    research = [a for a in legal if " learn " not in a]
    learning = [a for a in legal if " learn " in a]
    action = rng.choice(research)
    if action.split()[-2:-1] == ["research"] and learning:
        learns = [a for a in learning if a.startswith(action + " learn ")]
        action = rng.choice(learns) if learns else action
    return action


def menus_join(chain: list[str], chain_start: dict, chain_seat: int, seat: int) -> bool:
    """Whether the Discord menus take this step into the same command: they
    offer a next step after the chain (``engine.core.own_steps_state``)."""
    if not chain or seat != chain_seat:
        return False
    AUTOMATIC[1] = False  # replaying the chain is not the game's own quick steps
    try:
        return own_steps_state(GAME, chain_start, seat, chain) is not None
    finally:
        AUTOMATIC[1] = True


def play(
    players: int, seed: int, plain: bool, quick_steps: bool, kinds: Counter, clicks: bool = False
) -> tuple[int, int, int, int]:
    """(new commands, old commands, player-turns, forced commands) of one
    game; forced: the seat's only choice (Invocations and trades aside).
    ``kinds`` counts the commands written by kind. ``clicks``: the plain
    player clicks through the menus instead of typing, so a command holds
    every step the menus keep together."""
    AUTOMATIC[0] = 0
    state = GAME.new(players, {"homes": "random", "quick": quick_steps}, seed)
    rng = random.Random(seed)
    new = old = forced = 0
    chain: list[str] = []
    chain_start, chain_seat, revealed = state, -1, False
    while GAME.to_move(state):
        seat = GAME.to_move(state)[0]
        legal = GAME.legal(state, seat)
        offered = legal + GAME.composed_actions(state, seat) if clicks else None
        action = pick(rng, legal, current(state), offered) if plain else rng.choice(legal)
        joined = (
            menus_join(chain, chain_start, chain_seat, seat)
            if clicks
            else joins(chain, chain_seat, state, seat, action, revealed)
        )
        if plain and joined:
            chain.append(action)
        else:
            _check_chain(chain_start, chain_seat, chain, state)
            chain, chain_start, chain_seat = [action], state, seat
            new += 1
            forced += sum(1 for a in legal if a.split()[0] not in ANY_TIME) == 1
            kinds[kind_of(current(state)["kind"], action)] += 1
        after = GAME.play(state, seat, action)
        old += old_commands(state, seat, action, after)
        revealed = GAME.reveals(state, seat, action, after)
        state = after
    _check_chain(chain_start, chain_seat, chain, state)
    return new, old + AUTOMATIC[0], state["turn"] * players, forced


def _check_chain(start: dict, seat: int, chain: list[str], reached: dict) -> None:
    """A chain of steps played as one command gives the state the steps gave."""
    if len(chain) < 2:
        return
    AUTOMATIC[1] = False
    try:
        whole = GAME.play(start, seat, ", ".join(chain))
    finally:
        AUTOMATIC[1] = True
    if whole != reached:
        raise SystemExit(f"`{', '.join(chain)}` as one command differs from its steps")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rows", choices=("plain", "all"), default="all", help="plain: only the plain player")
    args = parser.parse_args()
    rows = ((True, True, False), (True, True, True), (True, False, False), (False, True, False), (False, False, False))
    breakdowns: dict[str, tuple[Counter, int]] = {}
    print(f"{'players':>7} {'bot':>7} {'quick':>5} {'old/pt':>7} {'new/pt':>7} {'fewer':>6} {'forced':>7}")
    for plain, quick_steps, clicks in rows[: 3 if args.rows == "plain" else 5]:
        totals = [0, 0, 0, 0]
        label = f"{'clicks' if clicks else 'plain' if plain else 'random':>7} {'yes' if quick_steps else 'no':>5}"
        kinds: Counter = Counter()
        for players in (3, 4, 5, 7):
            games = [play(players, args.seed + g, plain, quick_steps, kinds, clicks) for g in range(args.games)]
            new, old, turns, forced = (sum(g[i] for g in games) for i in range(4))
            totals = [totals[0] + new, totals[1] + old, totals[2] + turns, totals[3] + forced]
            print(
                f"{players:>7} {label} {old / turns:>7.1f} {new / turns:>7.1f} "
                f"{1 - new / old:>6.0%} {forced / new:>7.0%}"
            )
        new, old, turns, forced = totals
        print(f"{'all':>7} {label} {old / turns:>7.2f} {new / turns:>7.2f} {1 - new / old:>6.0%} {forced / new:>7.0%}")
        if plain and quick_steps:
            breakdowns["clicks" if clicks else "plain"] = kinds, turns
    for who, (kinds, turns) in breakdowns.items():
        print(f"\n{who} player, quick: commands per player-turn by decision and verb")
        for kind, n in kinds.most_common():
            print(f"  {kind:<28} {n / turns:5.2f}")


if __name__ == "__main__":
    main()
