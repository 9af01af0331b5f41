"""The AI World Events Reference Sheet: how an AI player chooses when it wins
a World Event or one affects it (``data/hellenica/ai_world_events.toml``).

"The AI World Events Reference Sheet contains more detailed information about
how AI Players interact with various World Events" — the rulebook prints no
such sheet, so ours is data: for every card, the filters the winner's choice
is read through (top to bottom like an AI card's Movement section: "exclude
Areas that do not match the text until only 1 Area remains ... If, at any
time, the text would remove all remaining Areas, then ignore that text ...
determine the Destination randomly between those remaining"), or a named
rule, and the rule the AI follows when the card affects it. The same sheet
says how an AI Favorite orders the Creatures and near-simultaneous
Invocations, and which units an AI gives up when it must lose some.

``choose`` answers a ``choose`` frame of an AI seat and ``lose`` a ``losses``
frame; ``master_build`` carries out "walls-or-wonder" (Master Builders won
by an AI). Every random draw comes from the state's generator.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import load_toml
from engine.games.hellenica.ai import draw_one, is_ai
from engine.games.hellenica.ai import world as ai_world
from engine.games.hellenica.ai.board import board_of
from engine.games.hellenica.choice import frame_by_id
from engine.games.hellenica.components import EVENTS, HEROES
from engine.games.hellenica.losses import counted_upgrades, upgrades_in_area
from engine.games.hellenica.notation import parse_unit
from engine.games.hellenica.state import EXHAUSTED, map_of, owned_cities, seat_by_name, stacks, upgrades_of

SHEET: dict[str, Any] = load_toml("hellenica", "ai_world_events.toml")
CARDS: dict[str, dict[str, Any]] = SHEET["cards"]
LOSS_ORDER: tuple[str, ...] = tuple(SHEET["losses"]["order"])
SPECIAL_WON = ("nothing", "flip", "walls-or-wonder")
REACHES = ("area", "volcano", "island")


# ---------------------------------------------------------------------------
# What a target touches and who holds it


def reach(state: dict, area: str, how: str) -> list[tuple[str, bool]]:
    """The Areas a target touches, as (area, triremes only): the Area itself,
    a Volcano with its neighbours, or an island with the Triremes on the Sea
    Areas around it."""
    board = map_of(state)
    if how == "volcano":
        return [(area, False)] + [(n, False) for n in board.neighbours(area) if n not in state["impassable"]]
    if how == "island":
        return [(area, False)] + [(n, True) for n in board.neighbours(area) if board.areas[n].is_sea]
    return [(area, False)]


def _units(state: dict, owner: int, area: str, triremes_only: bool = False) -> int:
    return sum(
        s["n"]
        for s in stacks(state, area)
        if s["owner"] == owner and s["kind"] not in HEROES and (not triremes_only or s["kind"] == "trireme")
    )


def _upgrades(state: dict, owner: int, area: str) -> int:
    """City Upgrades of ``owner`` lying in ``area``; an AI player's
    Settlements count as City Upgrades."""
    real = upgrades_in_area(state, area, owner)
    record = state["cities"].get(area)
    if record is not None and record["owner"] == owner and is_ai(state, owner):
        on_mines = sum(1 for city, _, _ in real if city != area)
        return ai_world.counted_upgrades(state, area) + on_mines
    return len(real)


def _holds(state: dict, owner: int, area: str, triremes_only: bool) -> bool:
    """Units, an Ownership Marker or City Upgrades of ``owner`` there."""
    if triremes_only:
        return _units(state, owner, area, True) > 0
    if any(s["owner"] == owner for s in stacks(state, area)):
        return True
    record = state["cities"].get(area)
    return (record is not None and record["owner"] == owner) or bool(upgrades_in_area(state, area, owner))


def _count(state: dict, seat: int, area: str, how: str, what: str) -> int:
    """Pieces of the other players within reach: ``units``, ``triremes``,
    ``upgrades`` or ``pieces`` (units and upgrades)."""
    total = 0
    for place, triremes_only in reach(state, area, how):
        for other in range(state["players"]):
            if other == seat:
                continue
            if what == "triremes" or triremes_only:
                total += _units(state, other, place, True)
                continue
            if what in ("units", "pieces"):
                total += _units(state, other, place)
            if what in ("upgrades", "pieces"):
                total += _upgrades(state, other, place)
    return total


def leaders(state: dict, seat: int) -> list[int]:
    """The other players nearest victory as the AI can see it: the most
    revealed Pathos objectives met, then the most cities."""
    from engine.games.hellenica.objectives import met

    others = [s for s in range(state["players"]) if s != seat]
    if not others:
        return []

    def standing(other: int) -> tuple[int, int]:
        return sum(1 for card in state["pathos"] if met(state, other, card)), len(owned_cities(state, other))

    best = max(standing(o) for o in others)
    return [o for o in others if standing(o) == best]


# ---------------------------------------------------------------------------
# Filters: (state, seat, how, targets) -> the targets kept


Filter = Callable[[dict, int, str, list[str]], list[str]]


def _area_of(target: str) -> str:
    return target.split()[-1]  # "hydra panactum" -> panactum


def _keep_holding(state: dict, seats: list[int], how: str, targets: list[str]) -> list[str]:
    return [
        t
        for t in targets
        if any(_holds(state, s, place, tri) for s in seats for place, tri in reach(state, _area_of(t), how))
    ]


def _not_own(state: dict, seat: int, how: str, targets: list[str]) -> list[str]:
    return [
        t for t in targets if not any(_holds(state, seat, place, tri) for place, tri in reach(state, _area_of(t), how))
    ]


def _grudge(state: dict, seat: int, how: str, targets: list[str]) -> list[str]:
    grudge = board_of(state, seat)["grudge"]
    return [] if grudge is None else _keep_holding(state, [grudge], how, targets)


def _leader(state: dict, seat: int, how: str, targets: list[str]) -> list[str]:
    return _keep_holding(state, leaders(state, seat), how, targets)


def _most(score: Callable[[dict, int, str, str], int], lowest: bool = False) -> Filter:
    def keep(state: dict, seat: int, how: str, targets: list[str]) -> list[str]:
        scores = {t: score(state, seat, how, _area_of(t)) for t in targets}
        best = (min if lowest else max)(scores.values())
        if not lowest and best <= 0:
            return []  # "the most" of nothing matches nothing
        return [t for t in targets if scores[t] == best]

    return keep


def _enemy(what: str) -> Filter:
    return _most(lambda state, seat, how, area: _count(state, seat, area, how, what))


def _defenders(state: dict, seat: int, how: str, city: str) -> int:
    """The revolt formula without its die: units less City Upgrades."""
    owner = state["cities"][city]["owner"]
    return sum(s["n"] for s in stacks(state, city) if s["owner"] == owner) - counted_upgrades(state, city)


def _exhausted(state: dict, seat: int, how: str, city: str) -> int:
    return sum(1 for _, piece in upgrades_of(state, city) if piece["state"] == EXHAUSTED)


def _own_units(state: dict, seat: int, how: str, city: str) -> int:
    return sum(s["n"] for s in stacks(state, city) if s["owner"] == seat)


FILTERS: dict[str, Filter] = {
    "not-own": _not_own,
    "grudge": _grudge,
    "leader": _leader,
    "most-enemy-units": _enemy("units"),
    "most-enemy-triremes": _enemy("triremes"),
    "most-enemy-upgrades": _enemy("upgrades"),
    "most-enemy-pieces": _enemy("pieces"),
    "fewest-defenders": _most(_defenders, lowest=True),
    "most-exhausted": _most(_exhausted),
    "most-own-units": _most(_own_units),
}
AFFECTED = {"losses", "revolt", "earthquake", "settlements", "pays", "none"}
WON_VERBS = {
    "creature": "place",
    "revolt": "revolt",
    "reduction": "strike",
    "eruption": "strike",
    "earthquake": "strike",
    "refresh": "refresh",
}
"""The effects whose winner chooses through filters, and the verb it answers with."""


def narrow(state: dict, seat: int, filters: list[str], how: str, targets: list[str]) -> list[str]:
    """Read the filters top to bottom; a filter that would keep nothing is ignored."""
    remaining = sorted(targets)
    for name in filters:
        if len(remaining) <= 1:
            break
        kept = FILTERS[name](state, seat, how, remaining)
        if kept:
            remaining = kept
    return remaining


def _pick(state: dict, items: list[Any]) -> Any:
    return items[0] if len(items) == 1 else draw_one(state, items)


# ---------------------------------------------------------------------------
# The AI's answers


def choose(state: dict, frame: dict, seat: int) -> str:
    """An AI seat's answer to a ``choose`` frame (not ``award``: the rulebook's
    tie rule is in ``bidding``)."""
    verb, options = frame["verb"], list(frame["options"])
    if verb == "unleash":  # the Favorite orders the Creatures
        return f"unleash {_pick(state, options)}"
    if verb == "first":  # the Favorite orders near-simultaneous Invocations
        grudge = board_of(state, seat)["grudge"]
        pool = [o for o in options if seat_by_name(state, o) != grudge] or options
        return f"first {_pick(state, pool)}"
    parent = frame_by_id(state, frame["parent"])
    entry = CARDS.get(parent["card"]) if parent is not None and parent.get("kind") == "event" else None
    if parent is None or entry is None:  # (no entry without a parent event)
        return _answer(verb, _pick(state, options))
    if set(options) == {"zeus", "hera"}:  # "flip": the token in the air
        return _pick(state, sorted(options))
    if verb == "revolt" and parent.get("winner") != seat:  # "revolt": its own city, the best held
        return _answer(verb, _pick(state, narrow(state, seat, ["most-own-units"], "area", options)))
    won = entry["won"]
    filters = won if isinstance(won, list) else []
    return _answer(verb, _pick(state, narrow(state, seat, filters, entry.get("reach", "area"), options)))


def _answer(verb: str, option: str) -> str:
    return f"{verb} {option}" if verb else option


def lose(state: dict, frame: dict, seat: int, legal: list[str]) -> str:
    """The ``losses`` rule: units only while it has any, from the Area with
    the most of its units, the first of the loss order."""

    def key(action: str) -> tuple:
        _, token, area = action.split()
        unit = parse_unit(token)
        rank = LOSS_ORDER.index(token) if token in LOSS_ORDER else len(LOSS_ORDER) + (0 if unit else 1)
        return (unit is None, -_own_units(state, seat, "area", area), rank, action)

    return min(legal, key=key)


def master_build(state: dict, seat: int) -> str:
    """ "walls-or-wonder": City Walls as the AI cards' City Walls benefit, else
    a Wonder as their Wonder benefit, else nothing; returns what was placed."""
    from engine.games.hellenica.ai.production import place_walls, place_wonder

    city = place_walls(state, seat)
    if city is not None:
        return f"City Walls in {map_of(state).title(city)}"
    city = place_wonder(state, seat)
    if city is not None:
        return f"a Wonder of the World in {map_of(state).title(city)}"
    return ""


# ---------------------------------------------------------------------------
# The sheet holds together


def _check() -> None:
    missing = sorted(set(EVENTS) - set(CARDS))
    unknown = sorted(set(CARDS) - set(EVENTS))
    if missing or unknown:
        raise ValueError(f"ai_world_events.toml: cards missing {missing}, unknown {unknown}")
    for name, entry in CARDS.items():
        won, effect = entry["won"], EVENTS[name].effect
        if isinstance(won, list):
            if effect not in WON_VERBS or (effect == "revolt" and EVENTS[name].params["target"] != "chosen"):
                raise ValueError(f"ai_world_events.toml: {name} gives its winner no target to filter")
            if not won or set(won) - set(FILTERS) or entry.get("reach", "area") not in REACHES:
                raise ValueError(f"ai_world_events.toml: {name} names unknown filters or reach")
        elif (
            won not in SPECIAL_WON
            or (won == "flip") != (effect == "shift")
            or (won == "walls-or-wonder") != (effect == "build")
        ):
            raise ValueError(f"ai_world_events.toml: {name}: rule {won!r} does not fit its effect")
        elif effect in WON_VERBS and not (effect == "revolt" and EVENTS[name].params["target"] == "each"):
            raise ValueError(f"ai_world_events.toml: {name}'s winner has a target to choose: give filters")
        if entry["affected"] not in AFFECTED or not entry.get("text"):
            raise ValueError(f"ai_world_events.toml: {name}: unknown affected rule or no text")
    if set(SHEET["filters"]) != set(FILTERS) or set(SHEET["rules"]) != set(SPECIAL_WON) | AFFECTED:
        raise ValueError("ai_world_events.toml: [filters] and [rules] must describe exactly the rules implemented")


_check()
