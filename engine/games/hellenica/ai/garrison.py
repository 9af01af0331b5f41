"""The AI Government Marker: a garrison that never moves and regenerates.

- "An AI Player's Government Marker represents a garrison of 1 Elite Hoplite
  and 1 Elite Cavalry that may never move from the Government Area."
- "The 2 units represented by the AI Government Markers may be destroyed
  individually during Combat, but unless destroyed entirely, the marker
  automatically regenerates to full health at the end of each Combat."
- "If an AI Player's Government Marker is ever destroyed, it regenerates
  during the Upkeep Phase on the City they own with the most Settlements.
  Ties are broken randomly."

The garrison is an elite Hoplite and an elite Cavalry standing in the Area
the AI Board names (``garrison``); AI movement never takes them along. The
marker is whole again as soon as no combat is under way in its Area.
"""

from __future__ import annotations

from engine.games.hellenica.ai import ai_name, ai_seats
from engine.games.hellenica.ai.board import board_of
from engine.games.hellenica.ai.cards import BOARD
from engine.games.hellenica.state import add_units, log, map_of, owned_cities, rng_of, stacks, store_rng


def garrison_left(state: dict, seat: int, area: str) -> dict[str, int]:
    """How many of each garrison unit (elite) the seat still has in the Area."""
    return {
        kind: sum(s["n"] for s in stacks(state, area) if s["owner"] == seat and s["kind"] == kind and s["elite"])
        for kind in BOARD["garrison"]
    }


def fighting_in(state: dict, area: str) -> bool:
    return any(f["kind"] == "combat" and f.get("area") == area for f in state["stack"])


def settle(state: dict) -> None:
    """After anything that may have struck a garrison: a marker with no unit
    left is destroyed; one with a unit left regenerates once no combat is
    under way in its Area."""
    for seat in ai_seats(state):
        board = board_of(state, seat)
        area = board["garrison"]
        if area is None:
            continue
        left = garrison_left(state, seat, area)
        if not any(left.values()):
            board["garrison"] = None
            log(state, f"{ai_name(seat)}'s Government Marker in {map_of(state).title(area)} is destroyed.")
        elif not all(left.values()) and not fighting_in(state, area):
            for kind, n in left.items():
                if n == 0:
                    add_units(state, area, seat, kind, 1, elite=True)
            log(
                state, f"{ai_name(seat)}'s Government Marker in {map_of(state).title(area)} regenerates to full health."
            )


def regenerate(state: dict) -> None:
    """At Upkeep, a destroyed marker returns on the AI's City with the most
    Settlements (ties at random)."""
    board_map = map_of(state)
    for seat in ai_seats(state):
        board = board_of(state, seat)
        cities = owned_cities(state, seat)
        if board["garrison"] is not None or not cities:
            continue
        most = max(board_map.areas[c].settlements for c in cities)
        best = [c for c in cities if board_map.areas[c].settlements == most]
        rng = rng_of(state)
        city = best[rng.below(len(best))]
        store_rng(state, rng)
        for kind in BOARD["garrison"]:
            add_units(state, city, seat, kind, 1, elite=True)
        board["garrison"] = city
        log(state, f"{ai_name(seat)}'s Government Marker regenerates in {board_map.title(city)}.")


def government_area(state: dict, seat: int) -> str | None:
    """Where AI production places units: the Government Marker's City, or,
    while the marker is destroyed, the AI's City with the most Settlements."""
    area = board_of(state, seat)["garrison"]
    if area is not None:
        return area
    board_map = map_of(state)
    cities = owned_cities(state, seat)
    if not cities:
        return None
    return max(cities, key=lambda c: (board_map.areas[c].settlements, -cities.index(c)))


def stays(state: dict, seat: int, area: str, kind: str, elite: bool) -> int:
    """Garrison units of this kind that may never leave ``area``."""
    if elite and kind in BOARD["garrison"] and board_of(state, seat)["garrison"] == area:
        return min(1, garrison_left(state, seat, area)[kind])
    return 0
