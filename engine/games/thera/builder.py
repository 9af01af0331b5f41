"""The Builder: one industry building, one luxury, roads; the favored
Builder's extra building and free roads; the Architect.

Rulebook: Normal: "You may construct one Industry building from the central
pool", "one Luxury building from your hand", "as many roads as you want".
Favored: "If there are five (5) or more favor on the Builder, you may
construct either an additional Industry or Luxury building". "For every three
(3) favor on the Builder, you may construct a free road". Architect: "You may
construct a Luxury building in an empty location adjacent to this location."

Construction itself is ``construction``'s; this module hands out the
allowances.
"""

from __future__ import annotations

from engine.games.thera.phase import at, at_least, every, grant, rules
from engine.games.thera.state import State, locations_with_effect

RULES = rules("builder")


def begin(state: State) -> None:
    """Every seat's building allowances; the favored Builder's extra building and free roads."""
    for seat in range(state["players"]):
        grant(state, seat, "industry", int(RULES["industry"]))
        grant(state, seat, "luxury", int(RULES["luxury"]))
        grant(state, seat, "roads")
        if at_least(state, seat, int(RULES["extra_building_at"])):
            grant(state, seat, "either")
        grant(state, seat, "free_roads", every(state, seat, int(RULES["free_road_per"])))
        for architect in locations_with_effect(state, seat, "architect"):
            grant(state, seat, at("architect", architect))
