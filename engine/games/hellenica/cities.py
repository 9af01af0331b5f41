"""Activating a city: counting its Active matching upgrades and exhausting one.

- "counts the number of Active Temples on it ... For each Active Temple the
  player receives 1 Favor ... Exhaust 1 Active Temple" (and likewise for
  Barracks, Stables, Docks, Academies and Markets).
- "Each Government Marker type counts as the City Upgrade shown on it."
- "A Wonder of the World is a City Upgrade that acts as a wildcard to match
  all other City Upgrades on the same City ... allow for Actions when
  matching City Upgrades on the same City have already been Exhausted" (the
  Wonder example: after the Temple is exhausted, Worship still gives 1 Favor
  by exhausting the Wonder).
- "City Upgrades placed in Mine locations ... are Activated when the city with
  which they share a border is Activated."
"""

from __future__ import annotations

from engine.games.hellenica.advancements import effect_value
from engine.games.hellenica.state import ACTIVE, EXHAUSTED, city_has_type, counts_as, own_city, upgrades_of


def matching(state: dict, city: str, kind: str) -> list[tuple[str, dict, int]]:
    """The Active pieces of a City Area that count as ``kind``, as
    (site, piece, weight): plain upgrades first, then the government marker,
    then a Wonder (weight is 2 for a government under Statesmanship)."""
    owner = state["cities"][city]["owner"]
    plain, government, wonders = [], [], []
    wonder_matches = None
    for site, piece in upgrades_of(state, city):
        if piece["state"] != ACTIVE:
            continue
        if site == "government":
            if counts_as(piece, site) == kind:
                weight = effect_value(state, owner, "government_counts", 1) if owner is not None else 1
                government.append((site, piece, weight))
        elif piece["type"] == kind:
            plain.append((site, piece, 1))
        elif piece["type"] == "wonder":
            if wonder_matches is None:
                wonder_matches = city_has_type(state, city, kind)
            if wonder_matches:
                wonders.append((site, piece, 1))
    return plain + government + wonders


def productions(state: dict, city: str) -> dict[str, int]:
    """``production`` of every upgrade type at once (one pass over the city)."""
    owner = state["cities"][city]["owner"]
    present: set[str] = set()
    counts: dict[str, int] = {}
    wonders = 0
    for site, piece in upgrades_of(state, city):
        if piece["type"] == "wonder" and site != "government":
            wonders += piece["state"] == ACTIVE
            continue
        kind = counts_as(piece, site)
        present.add(kind)
        if piece["state"] == ACTIVE:
            weight = 1
            if site == "government" and owner is not None:
                weight = effect_value(state, owner, "government_counts", 1)
            counts[kind] = counts.get(kind, 0) + weight
    if wonders:
        for kind in present:
            counts[kind] = counts.get(kind, 0) + wonders
        counts["wonder"] = wonders
    return counts


def production(state: dict, city: str, kind: str) -> int:
    """How many Active pieces of ``kind`` the city counts when activated."""
    return productions(state, city).get(kind, 0)


def exhaust_one(state: dict, city: str, kind: str) -> str:
    """Exhaust one Active matching piece — a plain upgrade before the
    government marker before a Wonder, keeping the most flexible pieces —
    and return its site."""
    own_city(state, city)  # the piece turns
    site, piece, _ = matching(state, city, kind)[0]
    piece["state"] = EXHAUSTED
    return site


def has_walls(state: dict, city: str) -> bool:
    """Finished City Walls stand in the city (not under construction)."""
    return city_has_type(state, city, "walls", include_building=False)
