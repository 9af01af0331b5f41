"""Where built maps meet the shared modules: the ``map`` option, the set-up
frame that builds the map, the views and the snapshot check.

The map is built "after players have received their 3 Deity Cards, but
before they have selected their first Deity": the set-up pushes the building
frame between the Home City choices (above it) and the patron choice (below).
Until the homes are chosen the game sits on the classic board (its home-city
locations are the calm side's start locations, so the spacing rule for games
of fewer than seven reads the same); then ``state["tiles"]`` holds the layout
and ``state["map"]`` says which kind of map it is (``assemble``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.core import StateError, require
from engine.games.hellenica.maps import building, explore
from engine.games.hellenica.maps.assemble import BUILDING, EXPLORABLE, MAP_KINDS, built_map
from engine.games.hellenica.maps.placement import SEA
from engine.games.hellenica.maps.tiles import board, tiles
from engine.games.hellenica.steps import push

STANDARD = "standard"
BUILDABLE, RANDOM = building.BUILDABLE, building.RANDOM
MAP_CHOICES = (STANDARD, BUILDABLE, RANDOM, EXPLORABLE)
MAP_HELP = (
    "The board: `standard` (the classic map of Greece), `buildable` (the players build it tile by tile; "
    "built at random in solitaire), `random` (the Random Buildable Map) or `explorable` (Empty Areas "
    "revealed as units enter them)."
)


def map_option(state: Mapping[str, Any]) -> str:
    return state["options"].get("map", STANDARD)


def push_building(state: dict) -> None:
    """Set-up hook: queue the map building when the game uses a built map."""
    if map_option(state) != STANDARD:
        push(state, "mapbuild", mode=map_option(state))


def public_view(state: dict[str, Any]) -> dict[str, Any]:
    """The layout (location -> tile) and what everyone sees of building and exploring."""
    layout = state.get("tiles")
    if layout is None:
        return {}
    plan = board()
    return {
        "tiles": {
            loc: {"tile": tile, "turns": turns, "cell": list(plan.locations[loc])}
            for loc, (tile, turns) in layout.items()
        },
        "locations": {loc: list(cell) for loc, cell in plan.locations.items()},
        "building": building.public_view(state),
        "exploring": explore.public_view(state),
    }


def private_view(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """A player's face-down tiles while building, or the two being explored."""
    found: dict[str, Any] = {}
    if "building" in state:
        found["tiles"] = building.private_view(state, seat)
    drawn = explore.private_view(state, seat) if "explore" in state else []
    if drawn:
        found["exploring"] = drawn
    return found


def known_homes(state: Mapping[str, Any], homes: tuple[str, ...]) -> set[str]:
    """Home cities a seat may name: the map's, and while the map is built,
    every home tile."""
    if state["map"] == BUILDING:
        return set(homes) | {name for name, tile in tiles().items() if tile.is_home}
    return set(homes)


def check_snapshot(state: Mapping[str, Any]) -> None:
    """Snapshot hook: the ``map`` option, the layout, the hands and the stack."""
    require(map_option(state) in MAP_CHOICES, "bad map option")
    layout = state.get("tiles")
    if layout is None:
        require("building" not in state and "explore" not in state, "map building without a layout")
        return
    plan = board()
    every = tiles()
    require(isinstance(layout, dict) and state["map"] in MAP_KINDS, "tiles must go with a built map")
    held: list[str] = []
    for loc, entry in layout.items():
        require(loc in plan.locations, f"unknown tile location {loc!r}")
        require(
            isinstance(entry, list)
            and len(entry) == 2
            and (entry[0] in every or entry[0] == SEA)
            and isinstance(entry[1], int)
            and not isinstance(entry[1], bool)
            and 0 <= entry[1] < 6,
            f"bad tile on {loc}",
        )
        if entry[0] != SEA:
            held.append(entry[0])
    if "building" in state:
        record = state["building"]
        require(
            state["map"] == BUILDING
            and isinstance(record, dict)
            and record.get("stage") in building.STAGES
            and record.get("mode") in MAP_CHOICES,
            "bad map building",
        )
        hands = record.get("hands")
        require(isinstance(hands, dict) and all(isinstance(h, list) for h in hands.values()), "bad tile hands")
        held += [t for h in hands.values() for t in h]
    if "explore" in state:
        pile = state["explore"]
        require(
            isinstance(pile, dict) and all(isinstance(pile.get(k), list) for k in ("stack", "discard")),
            "bad tile stack",
        )
        held += pile["stack"] + pile["discard"]
        held += [t for f in state["stack"] if f.get("kind") == "explore" for t in f.get("drawn", [])]
    require(all(t in every for t in held), "unknown map tile")
    require(max(Counter(held).values(), default=1) == 1, "a map tile is in two places")
    try:
        built_map(layout, state["map"])
    except (ValueError, KeyError) as error:
        raise StateError(f"the stored map does not hold together: {error}") from None
