"""The Worker: every converting industry building activates.

Rulebook: "All Industry buildings with the [Worker] symbol activate ... Each
basic Worker building removes a water from their location to add the printed
resources to their location ... If there is no water on the building when it
activates, no resources are produced." Favored: "For every three (3) favor on
the Worker, choose a Small Quarry, Quarry, Grove, or Pasture. This building
may activate twice this phase ... If you gain multiple uses of this action,
you must select different buildings for each ability." Housing: "All
adjacent Small Quarries, Quarries, Pastures, and Groves may activate twice
... you cannot double a building this way more than once."

``work <location>`` activates one building once; ``done`` activates every
building that has not yet activated and has water (the activation is not
optional), so a player who wants nothing special only types ``done``. A
second activation is optional: it comes free next to a Housing, otherwise it
uses one of the favored player's doubles. No building activates more than
twice.

Allowances: ``work:<loc>`` (the first activation), ``housing:<loc>`` (a
free second one), ``doubles`` (favored), ``worked:<loc>`` (activations so
far).
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import IllegalAction
from engine.games.thera import notation
from engine.games.thera.components import COMPONENTS, Industry
from engine.games.thera.notation import Action
from engine.games.thera.phase import allowance, at, every, grant, mark_acted, rules, use
from engine.games.thera.state import State, add, building_at, has, locations_with_effect, remove

MAT = COMPONENTS.mat
RULES = rules("worker")
MOST_ACTIVATIONS = 2


def begin(state: State) -> None:
    """Every converter's activation, Housing doubles, the favored doubles."""
    for seat in range(state["players"]):
        housing = set()
        for house in locations_with_effect(state, seat, "housing"):
            housing.update(MAT.adjacent(house))
        for location in locations_with_effect(state, seat, "convert"):
            grant(state, seat, at("work", location))
            if location in housing:
                grant(state, seat, at("housing", location))
        grant(state, seat, "doubles", every(state, seat, int(RULES["double_per"])))


def _activation(state: State, seat: int, location: int) -> str | None:
    """Which allowance the next activation of that building uses, or None."""
    if allowance(state, seat, at("work", location)):
        return at("work", location)
    if allowance(state, seat, at("worked", location)) >= MOST_ACTIVATIONS:
        return None
    if allowance(state, seat, at("housing", location)):
        return at("housing", location)
    if allowance(state, seat, at("worked", location)) and allowance(state, seat, "doubles"):
        return "doubles"
    return None


def _converter(location: int, state: State, seat: int) -> Industry | None:
    building = building_at(state, seat, location)
    kind = COMPONENTS.industry.get(building) if building else None
    return kind if kind is not None and kind.effect == "convert" else None


def _ready(state: State, seat: int) -> list[int]:
    """Converters that could activate now: an activation left and the water."""
    ready = []
    for location in locations_with_effect(state, seat, "convert"):
        kind = _converter(location, state, seat)
        if kind is not None and _activation(state, seat, location) and has(state, seat, location, kind.consumes):
            ready.append(location)
    return ready


def options(state: State, seat: int) -> Iterator[str]:
    """Every ``work`` the seat may do now."""
    if state["phase"]["role"] != "worker":
        return
    for location in _ready(state, seat):
        yield f"work {notation.loc(location)}"


def has_work(state: State, seat: int) -> bool:
    """Whether any converter could still activate."""
    return bool(_ready(state, seat))


def apply_work(state: State, seat: int, action: Action) -> None:
    """``work <location>``: activate that building once."""
    location = action.locations[0]
    where = MAT.name(location)
    kind = _converter(location, state, seat)
    if kind is None:
        raise IllegalAction(f"There is no Small Quarry, Quarry, Grove or Pasture on {where}.")
    key = _activation(state, seat, location)
    if key is None:
        if allowance(state, seat, at("worked", location)) >= MOST_ACTIVATIONS:
            raise IllegalAction(f"Your {kind.name} on {where} has already activated twice this phase.")
        raise IllegalAction(
            f"Your {kind.name} on {where} has already activated this phase; a second "
            f"activation needs a favored Worker's double or an adjacent Housing."
        )
    if not has(state, seat, location, kind.consumes):
        raise IllegalAction(f"There is no water on your {kind.name} on {where}; it produces nothing without water.")
    mark_acted(state, seat)
    _activate(state, seat, location, key, kind)


def _activate(state: State, seat: int, location: int, key: str, kind: Industry) -> None:
    use(state, seat, key)
    grant(state, seat, at("worked", location))
    remove(state, seat, location, kind.consumes)
    add(state, seat, location, kind.produces)


def finish(state: State, seat: int) -> None:
    """``done``: every building that has not activated yet and has water does."""
    for location in locations_with_effect(state, seat, "convert"):
        kind = _converter(location, state, seat)
        if (
            kind is not None
            and allowance(state, seat, at("work", location))
            and has(state, seat, location, kind.consumes)
        ):
            _activate(state, seat, location, at("work", location), kind)
