"""Hellenica's pace: on which turn seeded games end and with which objectives,
at 3, 4, 5 and 7 seats, with the random bot at every seat and with the
rulebook's AI players (one random-bot person, the other seats AI). A script:

    python bench/hellenica_pace.py [--games N] [--seed S] [--level random] [--empire N] [--destruction D]

Prints, per player count and line-up, the distribution of the final turn and
how often each objective was among the winners' completed objectives.
``--empire N`` plays with another Empire threshold (to compare thresholds
with the same code), ``--destruction instant`` the former Destruction (a
rival Home City owned at one end-of-turn check, not held through a turn);
``--ai-only``/``--no-ai`` play one line-up only. Run with ``PYTHONHASHSEED=0``
to replay the same games.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.games.hellenica import GAME  # noqa: E402
from engine.games.hellenica.components import OBJECTIVES  # noqa: E402
from engine.games.hellenica.objectives import completed  # noqa: E402
from engine.games.hellenica.pathos import DESTRUCTION, DESTRUCTION_CHOICES, HELD  # noqa: E402

MAX_ACTIONS = 20_000


def play(players: int, seed: int, level: str, ai: bool, destruction: str = HELD) -> tuple[int, list[str]]:
    options: dict = {"homes": "random", DESTRUCTION: destruction}
    if ai:
        options["ai_seats"] = list(range(1, players))
    state = GAME.new(players, options, seed)
    for n in range(MAX_ACTIONS):
        movers = GAME.to_move(state)
        if not movers:
            break
        state = GAME.play(state, movers[0], GAME.choose(state, movers[0], level, seed * 7919 + n))
    winners = state["winners"] or []
    return state["turn"], [card for seat in winners for card in completed(state, seat)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per player count and line-up")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="random", help="bot level of the seats that are not AI players")
    parser.add_argument("--empire", type=int, help="Empire's city count (default: the data's)")
    parser.add_argument(
        "--destruction",
        choices=DESTRUCTION_CHOICES,
        default=HELD,
        help="the table option: Destruction held through a turn (default, as new tables play) or not",
    )
    parser.add_argument("--players", default="3,4,5,7", help="player counts, comma-separated")
    parser.add_argument("--no-ai", action="store_true", help="only games without AI players")
    parser.add_argument("--ai-only", action="store_true", help="only games with AI players")
    args = parser.parse_args()
    if args.empire:
        OBJECTIVES["empire"] = dataclasses.replace(
            OBJECTIVES["empire"], params={**OBJECTIVES["empire"].params, "count": args.empire}
        )
    line_ups = (False,) if args.no_ai else (True,) if args.ai_only else (False, True)
    held = "held through a turn" if args.destruction == HELD else "owned at one check"
    print(
        f"Empire: own {OBJECTIVES['empire'].params['count']} cities; Destruction: a rival Home City {held}; "
        f"level {args.level}",
        flush=True,
    )
    for ai in line_ups:
        for players in (int(p) for p in args.players.split(",")):
            turns, cards = collections.Counter(), collections.Counter()
            for game in range(args.games):
                turn, won = play(players, args.seed + game, args.level, ai, args.destruction)
                turns[turn] += 1
                cards.update(won)
            line_up = f"1 {args.level} + {players - 1} AI" if ai else f"{players} {args.level}"
            spread = " ".join(f"t{t}:{n}" for t, n in sorted(turns.items()))
            top = ", ".join(f"{c} {n}" for c, n in cards.most_common(6))
            print(f"{line_up:>16}: final turn {spread} | winners' objectives: {top}", flush=True)


if __name__ == "__main__":
    main()
