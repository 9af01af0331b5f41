"""Thera's action notation: parsing typed text into an ``Action`` and writing
the canonical strings that ``legal`` lists.

Words: roles (``priest`` ...), resources (``water``, ``stone``, ``lumber``,
``cloth``), building ids (``quarry``, ``odeon`` ...; see the data files),
locations (``c2``), tile numbers, and counts (``move 2 water a2 b2``).
Syntax errors raise ``IllegalAction`` with the expected form; whether an
action is allowed *now* is for the rules modules to say.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import IllegalAction, normalize_action
from engine.games.thera.components import COMPONENTS, RESOURCES, ROLES

FORMS = {
    "choose": "choose <role> [+drachma], e.g. `choose planner` or `choose planner +2`",
    "keep": "keep <tile> <tile>, e.g. `keep 3 17`",
    "place": "place <building> <location>, e.g. `place quarry b2`",
    "put": "put [count] <resource> <location>, e.g. `put water b2` or `put 2 stone a2`",
    "divine": "divine",
    "move": "move [count] <resource> <from> <to>, e.g. `move stone c2 d2` or `move 2 water b2 b3`",
    "done": "done",
    "water": "water [count] <location>, e.g. `water c2` or `water 2 c2`",
    "spring": "spring <spring location> <location>, e.g. `spring b3 b4`",
    "envoy": "envoy",
    "swap": "swap <luxury in hand> <luxury in pool>, e.g. `swap mosaic odeon`",
    "take": "take <luxury>, e.g. `take odeon`",
    "work": "work <location>, e.g. `work c2`",
    "crossroads": "crossroads <location>, e.g. `crossroads c3`",
    "build": "build <building> <location>, e.g. `build quarry b2` or `build odeon e5`",
    "road": "road <location with stone> <location>, e.g. `road c2 d2`",
    "free": "free road <location> <location>, e.g. `free road c2 d2`",
    "drachma": "drachma",
    "sell": "sell <resource>, e.g. `sell lumber`",
    "buy": "buy <resource>, e.g. `buy stone`",
}


@dataclass(frozen=True)
class Action:
    """A parsed action. Only the fields its verb uses are set."""

    verb: str
    role: str = ""
    spend: int = 0
    count: int = 1
    resource: int = -1
    building: str = ""
    locations: tuple[int, ...] = ()
    numbers: tuple[int, ...] = ()
    luxuries: tuple[str, ...] = ()


def _bad(verb: str, why: str = "") -> IllegalAction:
    prefix = f"{why} " if why else ""
    return IllegalAction(f"{prefix}Write it as {FORMS[verb]}.")


def _location(word: str, verb: str) -> int:
    location = COMPONENTS.mat.parse(word)
    if location is None:
        raise IllegalAction(
            f"`{word}` is not a location on your island; locations are named like "
            f"a2 or f5 (the board shows them). Write it as {FORMS[verb]}."
        )
    return location


def _resource(word: str, verb: str) -> int:
    name = word[:-1] if word.endswith("s") and word[:-1] in RESOURCES else word
    if name not in RESOURCES:
        raise IllegalAction(
            f"`{word}` is not a resource; the resources are {', '.join(RESOURCES)}. Write it as {FORMS[verb]}."
        )
    return RESOURCES.index(name)


def _building(word: str, verb: str) -> str:
    if word in COMPONENTS.industry or word in COMPONENTS.luxuries:
        return word
    raise IllegalAction(
        f"`{word}` is not a building; use the short name shown on the board, such as "
        f"quarry or odeon. Write it as {FORMS[verb]}."
    )


def _luxury(word: str, verb: str) -> str:
    if word in COMPONENTS.luxuries:
        return word
    raise IllegalAction(
        f"`{word}` is not a luxury building; use its short name, such as odeon or shrine. Write it as {FORMS[verb]}."
    )


def _count(words: list[str], verb: str) -> tuple[int, list[str]]:
    """An optional leading count."""
    if words and words[0].isdigit():
        count = int(words[0])
        if count < 1:
            raise _bad(verb, "The count must be at least 1.")
        return count, words[1:]
    return 1, words


def parse(text: str) -> Action:
    """The ``Action`` a line of text means; raises ``IllegalAction`` on bad syntax."""
    words = normalize_action(text).split()
    if not words:
        raise IllegalAction("Type an action; `legal` lists what you can do now.")
    verb, rest = words[0], words[1:]
    if verb == "pass":  # the word the table plays when a reaction window closes
        verb = "done"
    if verb == "free":
        if not rest or rest[0] != "road":
            raise _bad("free")
        verb, rest = "free", rest[1:]
    if verb not in FORMS:
        raise IllegalAction(f"`{verb}` is not a Thera action. Actions start with one of: {', '.join(sorted(FORMS))}.")
    if verb in ("divine", "done", "envoy", "drachma"):
        if rest:
            raise _bad(verb)
        return Action(verb)
    if verb == "choose":
        if not 1 <= len(rest) <= 2 or rest[0] not in ROLES:
            raise _bad(verb, f"Choose one of the roles: {', '.join(ROLES)}.")
        spend = 0
        if len(rest) == 2:
            amount = rest[1].lstrip("+")
            if not amount.isdigit():
                raise _bad(verb, "The extra favor is a number of drachma to spend.")
            spend = int(amount)
        return Action(verb, role=rest[0], spend=spend)
    if verb == "keep":
        if len(rest) != 2 or not all(w.isdigit() for w in rest):
            raise _bad(verb)
        return Action(verb, numbers=tuple(int(w) for w in rest))
    if verb in ("place", "build"):
        if len(rest) != 2:
            raise _bad(verb)
        return Action(verb, building=_building(rest[0], verb), locations=(_location(rest[1], verb),))
    if verb in ("put", "move"):
        count, rest = _count(rest, verb)
        places = 1 if verb == "put" else 2
        if len(rest) != 1 + places:
            raise _bad(verb)
        return Action(
            verb, count=count, resource=_resource(rest[0], verb), locations=tuple(_location(w, verb) for w in rest[1:])
        )
    if verb == "water":
        count, rest = _count(rest, verb)
        if len(rest) != 1:
            raise _bad(verb)
        return Action(verb, count=count, locations=(_location(rest[0], verb),))
    if verb in ("work", "crossroads"):
        if len(rest) != 1:
            raise _bad(verb)
        return Action(verb, locations=(_location(rest[0], verb),))
    if verb in ("spring", "road", "free"):
        if len(rest) != 2:
            raise _bad(verb)
        return Action(verb, locations=tuple(_location(w, verb) for w in rest))
    if verb == "swap":
        if len(rest) != 2:
            raise _bad(verb)
        return Action(verb, luxuries=(_luxury(rest[0], verb), _luxury(rest[1], verb)))
    if verb == "take":
        if len(rest) != 1:
            raise _bad(verb)
        return Action(verb, luxuries=(_luxury(rest[0], verb),))
    # sell, buy
    if len(rest) != 1:
        raise _bad(verb)
    return Action(verb, resource=_resource(rest[0], verb))


# -- canonical strings --------------------------------------------------------------


def loc(location: int) -> str:
    return COMPONENTS.mat.name(location)


def counted(count: int, resource: int) -> str:
    """``water`` for one, ``3 water`` for more."""
    return RESOURCES[resource] if count == 1 else f"{count} {RESOURCES[resource]}"


def move(count: int, resource: int, frm: int, to: int) -> str:
    return f"move {counted(count, resource)} {loc(frm)} {loc(to)}"


def water(count: int, location: int) -> str:
    """``water c2`` for one, ``water 2 c2`` for more."""
    return f"water {loc(location)}" if count == 1 else f"water {count} {loc(location)}"


def put(count: int, resource: int, location: int) -> str:
    return f"put {counted(count, resource)} {loc(location)}"


def road(frm: int, to: int) -> str:
    return f"road {loc(frm)} {loc(to)}"


def free_road(a: int, b: int) -> str:
    """Free roads need no stone, so the pair is written in reading order
    (``free road a2 a3``); either order is accepted."""
    first, second = sorted((loc(a), loc(b)))
    return f"free road {first} {second}"


def choose(role: str, spend: int) -> str:
    return f"choose {role}" if spend == 0 else f"choose {role} +{spend}"


def canonical(action: Action) -> str:
    """The one way of writing a parsed action (``choose priest 0`` and
    ``choose priest`` are the same action, and read the same afterwards)."""
    verb, places = action.verb, [loc(location) for location in action.locations]
    if verb == "choose":
        return choose(action.role, action.spend)
    if verb == "keep":
        return "keep " + " ".join(str(n) for n in action.numbers)
    if verb in ("place", "build"):
        return f"{verb} {action.building} {places[0]}"
    if verb == "put":
        return put(action.count, action.resource, action.locations[0])
    if verb == "move":
        return move(action.count, action.resource, *action.locations)
    if verb == "water":
        return water(action.count, action.locations[0])
    if verb == "free":
        return free_road(*action.locations)
    if verb in ("work", "crossroads", "spring", "road"):
        return " ".join([verb, *places])
    if verb in ("swap", "take"):
        return " ".join([verb, *action.luxuries])
    if verb in ("sell", "buy"):
        return f"{verb} {RESOURCES[action.resource]}"
    return verb
