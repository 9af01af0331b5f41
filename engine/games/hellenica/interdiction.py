"""Where units may not go or may not leave: Creatures' interdiction and the
areas Invocations close for the rest of the turn.

- "Mythological Creatures interdict movement. Interdiction occurs for all units
  on the Area when the Creature is placed there, for all units constructed on
  the Area, and for new units that enter the Area. Creature Interdiction lasts
  the entire Turn so units may not move out of an Area on the same turn that
  they or the Creature entered the Area. If the Creature is destroyed these
  restrictions are immediately removed."
- Cetus: "No Sea Transport may occur through this Area" (``blocks_transport``
  in ``creatures.toml``). Scylla only interdicts what enters her Area: land
  units carried through it do not stop there.
- Storms at Sea and Wild Woods (our Invocations) close an area to entering
  units until Upkeep.

This module only reads and marks the state; the Creatures' abilities live in
``creatures``.
"""

from __future__ import annotations

from engine.games.hellenica.components import CREATURES
from engine.games.hellenica.state import PINNED, stacks


def creature_at(state: dict, area: str) -> str | None:
    """The Creature on an area, if any ("Only one Creature may occupy an Area")."""
    for name, where in state["creatures"].items():
        if where == area:
            return name
    return None


def creature_areas(state: dict) -> dict[str, str]:
    """{area: creature} for every Creature on the map."""
    return {where: name for name, where in state["creatures"].items() if where is not None}


def closed_areas(state: dict) -> set[str]:
    """Areas an Invocation closed to entering units this turn."""
    return {effect["target"] for effect in state["turn_effects"] if effect["kind"] == "closed"}


def blocked(state: dict) -> set[str]:
    """Areas no unit may enter now: impassable ones and closed ones."""
    return set(state["impassable"]) | closed_areas(state)


def no_transport(state: dict) -> set[str]:
    """Sea areas no Sea Transport (and no Hero at sea) may pass through:
    closed seas and seas holding a Creature that blocks it (the Cetus)."""
    return blocked(state) | {
        area for area, name in creature_areas(state).items() if CREATURES[name].params.get("blocks_transport")
    }


def arrival_used(state: dict, area: str, used: int) -> int:
    """The ``used`` of units arriving in ``area``: pinned if a Creature is there."""
    if used < PINNED and creature_at(state, area) is not None:
        return used + PINNED
    return used


def pinned(stack: dict) -> bool:
    return stack["used"] >= PINNED


def pin_area(state: dict, area: str) -> None:
    """A Creature arrives: every unit on the area is held for the turn."""
    for stack in stacks(state, area):
        if not pinned(stack):
            stack["used"] += PINNED


def unpin_area(state: dict, area: str) -> None:
    """The Creature is destroyed: "these restrictions are immediately removed"."""
    for stack in stacks(state, area):
        if pinned(stack):
            stack["used"] -= PINNED
