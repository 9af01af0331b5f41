"""Hellenica's pace: on which turn seeded games end and with which objectives,
at 3, 4, 5 and 7 seats, with one bot level at every seat and with the
rulebook's AI players (one bot seat, the other seats AI). A script:

    PYTHONHASHSEED=0 nice -n 10 python bench/hellenica_pace.py --level medium [--games N] [--seed S]
        [--players 3,4,5,7] [--no-ai | --ai-only] [--set CARD=COUNT ...] [--destruction D]

Prints a line per game as it ends, then per player count and line-up the
distribution of the final turn, how often each objective was among the
winners' completed objectives, and the opening milestones of the bot seats
(median over seats and games of the turn by whose end a seat has built its
first City Upgrade, bought its first Advancement and owns a second city) next
to the turn by which some seat first met one and two objectives.

``--set empire=6`` plays another threshold of a counting card (the bots read
it too), to compare thresholds with the same code; ``--destruction instant``
the former Destruction (a rival Home City owned at one end-of-turn check),
``--thresholds first`` the thresholds before the re-tune (objectives.toml).
Run with ``PYTHONHASHSEED=0`` to replay the same games.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.games.hellenica import GAME  # noqa: E402
from engine.games.hellenica.components import OBJECTIVES  # noqa: E402
from engine.games.hellenica.objectives import (  # noqa: E402
    BY_PLAYERS,
    all_upgrades,
    completed,
    homes_needed,
    requirement,
)
from engine.games.hellenica.pathos import (  # noqa: E402
    DESTRUCTION,
    DESTRUCTION_CHOICES,
    NEW_TABLE_OBJECTIVES,
    THRESHOLD_CHOICES,
    THRESHOLDS,
)
from engine.games.hellenica.state import owned_cities  # noqa: E402

MAX_ACTIONS = 40_000
MILESTONES = ("build", "advance", "build3", "advance3", "cities4")
GAME_MILESTONES = ("taken", "clash")
TAKEN_SHARE = 0.75


@dataclasses.dataclass
class Outcome:
    turn: int
    winners: list[int]
    won: list[str]  # the winners' completed objectives
    milestones: dict[str, list[int]]  # per milestone, the turn each bot seat reached it (unreached ones left out)
    game_marks: dict[
        str, int
    ]  # "taken": 3/4 of the cities in play owned; "clash": a player's city conquered (0: never)
    first_objectives: list[int]  # the turn by whose end some seat met 1, then 2 objectives (0: never)
    cities: list[list[int]]  # per turn end, every seat's city count, most first
    in_play: int  # the cities in play (not impassable)


def _reached(state: dict, seat: int, start_upgrades: int) -> dict[str, bool]:
    built = all_upgrades(state, seat) - start_upgrades
    advancements = len(state["seats"][seat]["advancements"])
    return {
        "build": built >= 1,
        "advance": advancements >= 1,
        "build3": built >= 3,
        "advance3": advancements >= 3,
        "cities4": len(owned_cities(state, seat)) >= 4,
    }


def _owners(state: dict) -> dict[str, int | None]:
    """Who owns each city in play (cities conquer only at Upkeep, so two
    turn ends show every change of hands)."""
    return {area: city["owner"] for area, city in state["cities"].items() if area not in state["impassable"]}


def play(players: int, seed: int, level: str, ai: bool, options: dict) -> Outcome:
    options = {"homes": "random", **options}
    if ai:
        options["ai_seats"] = list(range(1, players))
    state = GAME.new(players, options, seed)
    bots = [seat for seat in range(players) if seat not in state["ai_seats"]]
    start: dict[int, int] | None = None
    milestones: dict[str, dict[int, int]] = {name: {} for name in MILESTONES}
    first_objectives = [0, 0]
    game_marks = dict.fromkeys(GAME_MILESTONES, 0)
    owners = _owners(state)
    cities: list[list[int]] = []
    turn = state["turn"]
    for n in range(MAX_ACTIONS):
        movers = GAME.to_move(state)
        if not movers:
            break
        state = GAME.play(state, movers[0], GAME.choose(state, movers[0], level, seed * 7919 + n))
        if start is None and state["phase"] == "actions":  # set-up done: what every seat starts with
            start = {seat: all_upgrades(state, seat) for seat in bots}
            owners = _owners(state)
        if state["turn"] != turn or state["phase"] == "over":  # a turn ended: its Upkeep is done
            for seat in bots:
                for name, done in _reached(state, seat, (start or {}).get(seat, 0)).items():
                    if done:
                        milestones[name].setdefault(seat, turn)
            best = max(len(completed(state, seat)) for seat in range(players))
            for index in range(min(best, 2)):
                first_objectives[index] = first_objectives[index] or turn
            now = _owners(state)
            if sum(owner is not None for owner in now.values()) >= TAKEN_SHARE * len(now):
                game_marks["taken"] = game_marks["taken"] or turn
            if any(owners[area] is not None and owner not in (None, owners[area]) for area, owner in now.items()):
                game_marks["clash"] = game_marks["clash"] or turn
            owners = now
            cities.append(sorted((len(owned_cities(state, seat)) for seat in range(players)), reverse=True))
            turn = state["turn"]
    winners = state["winners"] or []
    return Outcome(
        turn=turn,
        winners=winners,
        won=[card for seat in winners for card in completed(state, seat)],
        milestones={name: list(reached.values()) for name, reached in milestones.items()},
        first_objectives=first_objectives,
        game_marks=game_marks,
        cities=cities,
        in_play=len(owners),
    )


def set_threshold(assignment: str) -> None:
    """``card=N``: play a card with another threshold as a new table plays
    it (its ``count``, or for Destruction the rival Home Cities, ``homes``),
    at every player count."""
    card, _, number = assignment.partition("=")
    objective = OBJECTIVES[card]
    key = next((key for key in ("count", "homes") if key in objective.params), None)
    if key is None or not number.isdigit():
        raise SystemExit(f"--set {assignment}: name a card with a count (or Destruction's homes) and a number")
    params = {name: value for name, value in objective.params.items() if name != BY_PLAYERS}  # N at every count
    OBJECTIVES[card] = dataclasses.replace(objective, params={**params, key: int(number)})


def _median(values: list[int]) -> str:
    return f"{statistics.median(values):g}" if values else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per player count and line-up")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="random", help="bot level of the seats that are not AI players")
    parser.add_argument("--set", action="append", default=[], metavar="CARD=COUNT", help="another threshold")
    parser.add_argument(
        "--destruction",
        choices=DESTRUCTION_CHOICES,
        default=NEW_TABLE_OBJECTIVES[DESTRUCTION],
        help="the table option: Destruction held through a turn (default, as new tables play) or not",
    )
    parser.add_argument(
        "--thresholds",
        choices=THRESHOLD_CHOICES,
        default=NEW_TABLE_OBJECTIVES[THRESHOLDS],
        help="the table option: the scaled thresholds (default, as new tables play), the paced or the first ones",
    )
    parser.add_argument("--players", default="3,4,5,7", help="player counts, comma-separated")
    parser.add_argument("--no-ai", action="store_true", help="only games without AI players")
    parser.add_argument("--ai-only", action="store_true", help="only games with AI players")
    args = parser.parse_args()
    for assignment in args.set:
        set_threshold(assignment)
    options = {DESTRUCTION: args.destruction, THRESHOLDS: args.thresholds}
    line_ups = (False,) if args.no_ai else (True,) if args.ai_only else (False, True)
    print(f"level {args.level}; options {options}", flush=True)
    for ai in line_ups:
        for players in (int(p) for p in args.players.split(",")):
            in_force = {"options": options, "players": players}
            counted = ", ".join(
                f"{name} {homes_needed(in_force, params) if key == 'homes' else params[key]}"
                for name in OBJECTIVES
                for params in (requirement(in_force, name),)
                for key in ("count", "homes")
                if key in params
            )
            print(f"{players} players: thresholds {counted}", flush=True)
            line_up = f"1 {args.level} + {players - 1} AI" if ai else f"{players} {args.level}"
            turns, cards = collections.Counter[int](), collections.Counter[str]()
            reached: dict[str, list[int]] = {name: [] for name in MILESTONES}
            firsts: list[list[int]] = [[], []]
            marked: dict[str, list[int]] = {name: [] for name in GAME_MILESTONES}
            leaders: collections.defaultdict[int, list[int]] = collections.defaultdict(list)
            seats: collections.defaultdict[int, list[int]] = collections.defaultdict(list)
            sizes: list[int] = []
            for game in range(args.games):
                seed = args.seed + game
                outcome = play(players, seed, args.level, ai, options)
                turns[outcome.turn] += 1
                cards.update(outcome.won)
                for name in MILESTONES:
                    reached[name] += outcome.milestones[name]
                for index, turn in enumerate(outcome.first_objectives):
                    if turn:
                        firsts[index].append(turn)
                for name, turn in outcome.game_marks.items():
                    if turn:
                        marked[name].append(turn)
                marks = " ".join(f"{name} {_median(outcome.milestones[name])}" for name in MILESTONES)
                print(
                    f"  {line_up} seed {seed}: turn {outcome.turn}, seats {outcome.winners} won with "
                    f"{', '.join(outcome.won) or '-'}; "
                    f"median seat {marks}; {outcome.game_marks}; "
                    f"1st/2nd objective met on turn {outcome.first_objectives}; {outcome.in_play} cities in play, "
                    f"most/2nd most owned by turn {' '.join(f'{c[0]}/{c[1]}' for c in outcome.cities)}",
                    flush=True,
                )
                for index, counts in enumerate(outcome.cities):
                    leaders[index].append(counts[0])
                    seats[index] += counts
                sizes.append(outcome.in_play)
            spread = " ".join(f"t{t}:{n}" for t, n in sorted(turns.items()))
            top = ", ".join(f"{c} {n}" for c, n in cards.most_common(8))
            marks = " ".join(f"{name} {_median(reached[name])}" for name in MILESTONES)
            marks += " | median game " + " ".join(f"{name} {_median(marked[name])}" for name in GAME_MILESTONES)
            print(
                f"{line_up:>16}: final turn {spread} (median {_median(list(turns.elements()))}) | "
                f"winners' objectives: {top} | median seat {marks} | "
                f"some seat meets 1 objective by turn {_median(firsts[0])}, 2 by {_median(firsts[1])}",
                flush=True,
            )
            by_turn = " ".join(
                f"t{index + 1}:{_median(leaders[index])}/{_median(seats[index])}" for index in sorted(leaders)
            )
            print(
                f"{'':>16}  cities in play (median) {_median(sizes)}; median by turn, over the games still on: "
                f"most cities a seat owns / cities a seat owns: {by_turn}",
                flush=True,
            )


if __name__ == "__main__":
    main()
