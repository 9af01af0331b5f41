"""Where built maps meet the shared modules: the ``map`` option, the
set-up frame that builds the map, the board lookup and the snapshot check.

The map is built "after players have received their 3 Deity Cards, but
before they have selected their first Deity": the set-up pushes the building
frame between the Home City choices (above it) and the patron choice (below).
Until the map is built the game sits on the classic board (its home-city
locations are the calm side's start locations, so the spacing rule for
games of fewer than seven reads the same).
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.core import StateError, require
from engine.games.hellenica.board import Map
from engine.games.hellenica.maps.assemble import BUILT_MAP_NAME, built_map
from engine.games.hellenica.maps.random_map import build_random_map
from engine.games.hellenica.maps.tiles import board, tiles
from engine.games.hellenica.state import log, rng_of, store_rng
from engine.games.hellenica.steps import Step, finish, push, register

STANDARD, RANDOM = "standard", "random"
MAP_CHOICES = (STANDARD, RANDOM)
MAP_HELP = ("The board: `standard` (the classic map of Greece) or `random` (the Random Buildable Map: "
            "the 58 tiles laid at random on the calm side, home cities first).")


def map_option(state: Mapping[str, Any]) -> str:
    return state["options"].get("map", STANDARD)


def push_building(state: dict) -> None:
    """Set-up hook: queue the map building when the game uses a built map."""
    if map_option(state) == RANDOM:
        push(state, "randommap")


def board_of(state: Mapping[str, Any]) -> Map | None:
    """Board hook: the built map once its tiles are down, else None."""
    layout = state.get("tiles")
    return built_map(layout) if layout else None


def install(state: dict, layout: dict[str, Any]) -> Map:
    """Lay the finished layout: the state's cities and mines become the built
    map's (everything else is still empty during set-up)."""
    from engine.games.hellenica.setup import _new_city  # the set-up imports this module

    state["tiles"] = {loc: [tile, turns] for loc, (tile, turns) in layout.items()}
    state["map"] = BUILT_MAP_NAME
    built = built_map(state["tiles"])
    state["cities"] = {name: _new_city(built.areas[name]) for name in built.cities}
    state["mines"] = {name: None for name in built.mines}
    return built


@register
class RandomMapStep(Step):
    """Automatic: the Solitaire/Random Buildable Map."""

    kind = "randommap"

    def enter(self, state: dict, frame: dict) -> None:
        rng = rng_of(state)
        homes = [seat["city"] for seat in state["seats"]]
        layout = build_random_map(rng, homes, state["pathos"])
        store_rng(state, rng)
        built = install(state, layout)
        placed = len(layout) - len(homes)
        seas = sum(1 for area in built.areas.values() if area.is_sea) - len(board().seas)
        log(state, f"The map is built at random: {placed} tiles are laid around the home cities and "
                   f"{seas} open hexes become seas.")
        finish(state, frame)

    def seats(self, state: dict, frame: dict) -> list[int]:
        return []

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        return []

    def title(self, state: dict, frame: dict) -> str:
        return "building the map"


def check_snapshot(state: Mapping[str, Any]) -> None:
    """Snapshot hook: the ``map`` option and a stored layout are well formed."""
    require(map_option(state) in MAP_CHOICES, "bad map option")
    layout = state.get("tiles")
    if layout is None:
        return
    plan = board()
    require(isinstance(layout, dict) and state["map"] == BUILT_MAP_NAME, "tiles must go with a built map")
    seen = set()
    for loc, entry in layout.items():
        require(loc in plan.locations, f"unknown tile location {loc!r}")
        require(isinstance(entry, list) and len(entry) == 2 and entry[0] in tiles() and entry[0] not in seen
                and isinstance(entry[1], int) and not isinstance(entry[1], bool) and 0 <= entry[1] < 6,
                f"bad tile on {loc}")
        seen.add(entry[0])
    try:
        built_map(layout)
    except (ValueError, KeyError) as error:
        raise StateError(f"the stored map does not hold together: {error}") from None
