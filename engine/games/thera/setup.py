"""The advanced game's set-up: starting resource tiles.

Rulebook: "shuffle the starting resource tiles and give four tiles at random
to each player. Select two of your tiles and take the buildings, resources,
and drachma on those tiles. Buildings must be placed on one of the two empty
locations with the "start" symbol. You may not place two buildings in the
same location. Resources must be placed on the four locations labeled with
the "start" symbol. You may allocate resources to a space with a building
... Drachma is taken from the supply and kept in your hand."

All players set up at once. ``state["setup"]``: ``dealt`` (each seat's four
tiles, private until kept), ``kept`` (public), ``buildings`` and ``res``
(still to place), ``done``. A kept tile's building comes from the central
pool; the tile list never shows a building more often than it has copies.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from engine.core import IllegalAction, Rng
from engine.games.thera import notation
from engine.games.thera.components import COMPONENTS, RESOURCES
from engine.games.thera.notation import Action
from engine.games.thera.state import State, building_at

MAT = COMPONENTS.mat
DEALT = int(COMPONENTS.box["tiles_dealt"])
KEPT = int(COMPONENTS.box["tiles_kept"])


def deal(state: State) -> None:
    """Deal four tiles to every seat and open the set-up step."""
    rng = Rng.from_json(state["rng"])
    tiles = rng.shuffled([tile.number for tile in COMPONENTS.tiles])
    state["rng"] = rng.to_json()
    players = state["players"]
    state["setup"] = {
        "dealt": [sorted(tiles[seat * DEALT : (seat + 1) * DEALT]) for seat in range(players)],
        "kept": [[] for _ in range(players)],
        "buildings": [[] for _ in range(players)],
        "res": [[0, 0, 0, 0] for _ in range(players)],
        "done": [False] * players,
    }
    state["step"] = "setup"


def tile(number: int):
    """A starting tile by its number (1 to 30)."""
    return COMPONENTS.tiles[number - 1]


def building_sites(state: State, seat: int) -> list[int]:
    """The empty start locations."""
    return [loc for loc in MAT.start if building_at(state, seat, loc) is None]


def options(state: State, seat: int) -> Iterator[str]:
    """The seat's set-up steps: keep a pair of tiles, then place and put."""
    setup = state["setup"]
    if setup["done"][seat]:
        return
    if not setup["kept"][seat]:
        for pair in combinations(setup["dealt"][seat], KEPT):
            yield "keep " + " ".join(str(n) for n in pair)
        return
    for building in sorted(set(setup["buildings"][seat])):
        for location in building_sites(state, seat):
            yield f"place {building} {notation.loc(location)}"
    for resource, pending in enumerate(setup["res"][seat]):
        for location in MAT.start:
            for count in range(1, pending + 1):
                yield notation.put(count, resource, location)


def apply_keep(state: State, seat: int, action: Action) -> None:
    """``keep <tile> <tile>``."""
    setup = state["setup"]
    if setup["kept"][seat]:
        raise IllegalAction(f"You already kept tiles {' and '.join(map(str, setup['kept'][seat]))}.")
    dealt = setup["dealt"][seat]
    chosen = list(action.numbers)
    if len(set(chosen)) != KEPT or not set(chosen) <= set(dealt):
        raise IllegalAction(f"Keep two different tiles of the four you were dealt: {', '.join(map(str, dealt))}.")
    setup["kept"][seat] = sorted(chosen)
    setup["dealt"][seat] = []
    for number in chosen:
        kept = tile(number)
        if kept.building:
            state["industry"][kept.building] -= 1
            setup["buildings"][seat].append(kept.building)
        for i, n in enumerate(kept.resources):
            setup["res"][seat][i] += n
        state["drachma"][seat] += kept.drachma
    _finish_if_placed(state, seat)


def apply_place(state: State, seat: int, action: Action) -> None:
    """``place <building> <location>``: a kept tile's building."""
    setup = state["setup"]
    if not setup["kept"][seat]:
        raise IllegalAction("Keep two tiles first (`keep <tile> <tile>`).")
    building, location = action.building, action.locations[0]
    if building not in setup["buildings"][seat]:
        pending = ", ".join(setup["buildings"][seat]) or "none"
        raise IllegalAction(f"Your kept tiles give no {building} to place (buildings to place: {pending}).")
    sites = building_sites(state, seat)
    if location not in sites:
        raise IllegalAction(f"Starting buildings go on an empty start location: {MAT.listing(sites)}.")
    setup["buildings"][seat].remove(building)
    state["mats"][seat]["buildings"][location] = building
    _finish_if_placed(state, seat)


def apply_put(state: State, seat: int, action: Action) -> None:
    """``put [n] <resource> <location>``: a kept tile's resources."""
    setup = state["setup"]
    if not setup["kept"][seat]:
        raise IllegalAction("Keep two tiles first (`keep <tile> <tile>`).")
    location, resource, count = action.locations[0], action.resource, action.count
    pending = setup["res"][seat][resource]
    if count > pending:
        raise IllegalAction(f"Your kept tiles have {pending} {RESOURCES[resource]} left to place.")
    if location not in MAT.start:
        raise IllegalAction(f"Starting resources go on the start locations: {MAT.listing(MAT.start)}.")
    setup["res"][seat][resource] -= count
    state["mats"][seat]["res"][location][resource] += count
    _finish_if_placed(state, seat)


def _finish_if_placed(state: State, seat: int) -> None:
    setup = state["setup"]
    if not setup["buildings"][seat] and not any(setup["res"][seat]):
        setup["done"][seat] = True


def complete(state: State) -> bool:
    """Whether every seat has finished setting up."""
    return state["setup"] is not None and all(state["setup"]["done"])
