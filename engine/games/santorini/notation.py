"""Santorini notation: steps as short lower-case phrases and back.

``place c3``, ``move b2 c3``, ``build d4``, ``dome d4``, ``force c3 a1``,
``remove d4``, ``pass``; in set-up ``offer apollo``, ``choose apollo``,
``first orange``. Parsing only checks the shape of a phrase; whether it is
legal now is the rules' business.
"""

from __future__ import annotations

from engine.core import IllegalAction, normalize_action
from engine.games.santorini.board import parse_square, square_name
from engine.games.santorini.gods import CARDS, GODS
from engine.games.santorini.gods.base import Step
from engine.games.santorini.rules import colour

SQUARE_VERBS = {"place": 1, "move": 2, "build": 1, "dome": 1, "force": 2, "remove": 1}
NAME_VERBS = ("offer", "choose")
VERBS = tuple(SQUARE_VERBS) + NAME_VERBS + ("first", "pass")


def format_step(step: Step) -> str:
    """The canonical text of a step."""
    verb = step[0]
    if verb in SQUARE_VERBS:
        return " ".join([verb] + [square_name(sq) for sq in step[1:]])
    if verb in NAME_VERBS:
        return f"{verb} {step[1]}"
    if verb == "first":
        return f"first {colour(step[1]).lower()}"
    return verb


def parse_step(text: str, players: int) -> Step:
    """The step a phrase means; ``IllegalAction`` says what is malformed."""
    words = normalize_action(text).split(" - ", 1)[0].split()
    if not words:
        raise IllegalAction("Type an action such as `move b2 c3`; `legal` lists what you can do now.")
    verb, args = words[0], words[1:]
    if verb == "pass" or verb == "done":
        if args:
            raise IllegalAction("`pass` takes nothing after it.")
        return ("pass",)
    if verb in SQUARE_VERBS:
        wanted = SQUARE_VERBS[verb]
        if len(args) != wanted:
            example = {"move": "move b2 c3", "force": "force c3 a1"}.get(verb, f"{verb} c3")
            raise IllegalAction(f"`{verb}` takes {wanted} square{'s' if wanted > 1 else ''}, e.g. `{example}`.")
        squares = []
        for word in args:
            square = parse_square(word)
            if square is None:
                raise IllegalAction(f"`{word}` is not a square: squares run from a1 to e5.")
            squares.append(square)
        return (verb, *squares)
    if verb in NAME_VERBS:
        if len(args) != 1 or args[0] not in GODS:
            raise IllegalAction(
                f"`{verb}` takes a god's name, e.g. `{verb} apollo`. Gods: {', '.join(CARDS[g].display for g in GODS)}."
            )
        return (verb, args[0])
    if verb == "first":
        colours = [colour(s).lower() for s in range(players)]
        if len(args) != 1 or args[0] not in colours:
            raise IllegalAction(f"`first` takes the colour of the start player: {', '.join(colours)}.")
        return ("first", colours.index(args[0]))
    raise IllegalAction(f"`{verb}` is not a Santorini action. Actions start with: {', '.join(VERBS)}.")
