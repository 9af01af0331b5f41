"""The transport network: place names, travel times, Car and Zeppelin.

Rulebook: "1 trip between two adjacent locations counts as 1 week."
"The Auto card allows you to reduce by one week the duration of a journey of
at least 3 weeks." "The Zeppelin card allows you to make any trip in zero
weeks instead of the normal duration, but is for single use only."
"""

from __future__ import annotations

from collections import deque

from engine.games.thebes.components import (
    CONNECTIONS,
    PLACE_BY_KEY,
    PLACES,
    TABLES,
    WEEKS_PER_CONNECTION,
)

NEIGHBOURS: dict[str, tuple[str, ...]] = {
    place.key: tuple(
        sorted({b for a, b in CONNECTIONS if a == place.key} | {a for a, b in CONNECTIONS if b == place.key})
    )
    for place in PLACES
}
"""Each place's directly connected places."""


def _hops_from(start: str) -> dict[str, int]:
    hops = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in NEIGHBOURS[here]:
            if there not in hops:
                hops[there] = hops[here] + 1
                queue.append(there)
    return hops


DISTANCE: dict[str, dict[str, int]] = {
    place.key: {to: hops * WEEKS_PER_CONNECTION for to, hops in _hops_from(place.key).items()} for place in PLACES
}
"""Shortest travel time in weeks between every two places (breadth-first)."""

if any(len(row) != len(PLACES) for row in DISTANCE.values()):
    raise ValueError("data/thebes/board.toml: some places cannot be reached from others")

_ALIASES: dict[str, str] = {
    name: place.key for place in PLACES for name in (place.key, place.name.lower(), *place.aliases)
}


def parse_place(text: str) -> str | None:
    """The place key a player's word means (``wien`` -> ``vienna``), or None."""
    return _ALIASES.get(text.strip().lower())


def place_name(key: str) -> str:
    return PLACE_BY_KEY[key].name


def journey_weeks(origin: str, destination: str, *, car: bool = False, zeppelin: bool = False) -> int:
    """Weeks a journey takes: the shortest route, one week less by Car when
    it is at least 3 weeks long, nothing at all by Zeppelin."""
    if zeppelin:
        return 0
    weeks = DISTANCE[origin][destination]
    if car and weeks >= TABLES.car_min_journey:
        weeks -= TABLES.car_saving
    return weeks


JOURNEYS: dict[tuple[str, bool, bool], dict[str, int]] = {
    (origin.key, car, zeppelin): {
        place.key: journey_weeks(origin.key, place.key, car=car, zeppelin=zeppelin) for place in PLACES
    }
    for origin in PLACES
    for car in (False, True)
    for zeppelin in (False, True)
}
"""``journey_weeks`` from ``(origin, car, zeppelin)`` to every place, worked
out once: every legal list needs a whole row. Read it, never change it."""
