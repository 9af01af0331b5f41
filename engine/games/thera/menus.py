"""Step-by-step menu paths: every legal action in plain words, one short
choice at a time, so a player can click any action instead of typing it.

A path starts with the kind of step (``Move stone``, ``Build luxury``,
``Priest``), then its place, then its amount, for example ``("Move stone",
"from c2", "to d2", "2 stone")``. Every step of every decision offers at most
25 entries: a kind (about a dozen at most), a location (21 on an island), a
building (industry and luxury apart: ten industry kinds, and the distinct
luxuries in a hand, which the 20 luxury designs bound), a resource (4) or an amount. Amounts up to
``AMOUNTS_AT_ONCE`` are offered directly and larger ones through a range
first, so even a pile of a hundred units needs no typing. Where only one
unit could go, the amount step is left out.
"""

from __future__ import annotations

from engine.games.thera import movement, notation
from engine.games.thera.components import COMPONENTS, RESOURCES
from engine.games.thera.phase import allowance
from engine.games.thera.state import State, building_at

AMOUNTS_AT_ONCE = 20
"""Amounts offered as entries of their own; beyond, ranges of this size lead to them."""


def _amount(count: int, label: str) -> tuple[str, ...]:
    """The amount step(s): ``("3 water",)`` or ``("21-40 water", "27 water")``."""
    if count <= AMOUNTS_AT_ONCE:
        return (label,)
    low = (count - 1) // AMOUNTS_AT_ONCE * AMOUNTS_AT_ONCE + 1
    return (f"{low}-{low + AMOUNTS_AT_ONCE - 1} more", label)


def _amount_unless_one(count: int, most: int, resource: int) -> tuple[str, ...]:
    """The amount step, left out when only one unit could go (a click saved)."""
    if count == 1 and most <= 1:
        return ()
    return _amount(count, _counted(count, resource))


def _counted(count: int, resource: int) -> str:
    return f"{count} {RESOURCES[resource]}"


def _building(building_id: str) -> str:
    return COMPONENTS.building(building_id).name


def _at(location: int) -> str:
    return f"on {notation.loc(location)}"


def menu_path(state: State, seat: int, action: str) -> tuple[str, ...]:
    """The plain-words menu path of one of ``seat``'s actions in canonical notation."""
    parsed = notation.parse(action)
    verb = parsed.verb
    if verb == "choose":
        role = parsed.role.title()
        if not parsed.spend:
            return (role, "no extra favor")
        return (role,) + _amount(parsed.spend, f"+{parsed.spend} favor for {parsed.spend} drachma")
    in_phase = state["phase"] is not None
    if verb == "move":
        frm, to = parsed.locations
        path = (f"Move {RESOURCES[parsed.resource]}", f"from {notation.loc(frm)}", f"to {notation.loc(to)}")
        most = movement.movable(state, seat, frm, parsed.resource) if in_phase else parsed.count
        return path + _amount_unless_one(parsed.count, most, parsed.resource)
    if verb == "water":
        most = allowance(state, seat, "water") if in_phase else parsed.count
        return ("Place water", _at(parsed.locations[0])) + _amount_unless_one(parsed.count, most, 0)
    if verb == "put":
        return ("Put resources", RESOURCES[parsed.resource], _at(parsed.locations[0])) + _amount(
            parsed.count, _counted(parsed.count, parsed.resource)
        )
    if verb in ("build", "place"):
        if verb == "place":
            kind = "Place a building"
        else:
            kind = "Build luxury" if parsed.building in COMPONENTS.luxuries else "Build industry"
        return (kind, _building(parsed.building), _at(parsed.locations[0]))
    if verb == "spring":
        spring, target = parsed.locations
        return ("Spring water", f"Spring {_at(spring)}", f"onto {notation.loc(target)}")
    if verb == "road":
        frm, to = parsed.locations
        return ("Road", f"stone from {notation.loc(frm)}", f"to {notation.loc(to)}")
    if verb == "free":
        first, second = sorted(parsed.locations, key=notation.loc)
        return ("Free road", f"from {notation.loc(first)}", f"to {notation.loc(second)}")
    if verb == "swap":
        mine, theirs = parsed.luxuries
        return ("Swap a luxury (Customs House)", f"give {_building(mine)}", f"for {_building(theirs)}")
    if verb == "take":
        return ("Take a luxury", _building(parsed.luxuries[0]))
    if verb == "work":
        location = parsed.locations[0]
        building = building_at(state, seat, location)
        return ("Work a building", f"{_building(building)} {_at(location)}" if building else _at(location))
    if verb == "crossroads":
        return ("Crossroads", _at(parsed.locations[0]))
    if verb == "keep":
        first, second = parsed.numbers
        return ("Keep two tiles", f"tile {first}", f"and tile {second}")
    if verb in ("sell", "buy"):
        return (verb.title(), RESOURCES[parsed.resource])
    return (SINGLE[verb],)


SINGLE = {
    "done": "Done",
    "divine": "Divine Intervention",
    "envoy": "Call the Roman envoy",
    "drachma": "Take a drachma",
}
"""Steps without arguments."""
