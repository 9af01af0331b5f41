"""Round 1 of each Action phase: the AI Player produces from an AI card.

- "During the first Round of each Turn, reveal the top AI Card for the AI
  Player. The AI Player immediately produces all of the benefits listed in
  the Production section of the card ... The AI Card applies to only that AI
  Player."
- "Special: All AI Players begin the game with their Turn 1 benefits. No card
  is revealed on the first Round of Turn 1" — their set-up pieces and the AI
  Board's starting Supply of 1 are those benefits.
- Benefits: "+X Advance(s)", "+X Favor", "+X Philosopher(s)", "+X Commerce"
  move the cubes on the AI Board; "Wonder: If the AI Player does not have a
  Wonder of the World on their Government City, place a Wonder of the World
  under construction on the AI Player's Government City. Otherwise, ignore."
  "City Walls: Place City Walls under construction on the AI Player's City
  with the most Settlements that does not have City Walls. Ties are broken
  randomly." "+X Hoplites/Cavalry/Triremes/Hero: Place X units of the
  indicated type(s) on the AI Player's Government City." "Supply: X ...
  This is how many times the AI Player may move this turn."

Then the bonus Production of the AI Quick Reference Sheet (``bonus``).

Readings: a Wonder or City Walls needs a free Settlement (an AI City has no
other upgrades, so only a small, full city lacks one); units stop at the
unit limits ("not more than 10 of each unit type ... or more than 5
heroes") and need a Government City to be placed on.
"""

from __future__ import annotations

from typing import Any

from engine.games.hellenica.ai import ai_name
from engine.games.hellenica.ai.board import board_of
from engine.games.hellenica.ai.bonus import bonus_production, describe
from engine.games.hellenica.ai.cards import describe_benefits, draw
from engine.games.hellenica.ai.garrison import government_area
from engine.games.hellenica.components import unit_limit
from engine.games.hellenica.state import (
    BUILDING,
    add_units,
    city_has_type,
    log,
    map_of,
    new_upgrade,
    own_city,
    owned_cities,
    rng_of,
    store_rng,
    total_units,
    upgrades_of,
)

UNIT_BENEFITS = {"hoplites": "hoplite", "cavalry": "cavalry", "triremes": "trireme", "hero": "hero"}


def produce(state: dict, seat: int) -> None:
    """Reveal an AI card and take its Production for this Game Turn."""
    card = draw(state)
    board_of(state, seat)["card"] = card.name
    benefits = card.production(state["turn"])
    column = "2-3" if state["turn"] in (2, 3) else "4+"
    notes = apply_benefits(state, seat, benefits)
    extra = f" ({'; '.join(notes)})" if notes else ""
    log(
        state,
        f"{ai_name(seat)} reveals the AI card {card.title} and produces ({column}): "
        f"{describe_benefits(benefits)}{extra}.",
    )
    got = bonus_production(state, seat)
    if got:
        log(state, f"{ai_name(seat)}'s bonus Production (AI Quick Reference): {describe(got)}.")


def apply_benefits(state: dict, seat: int, benefits: dict[str, Any]) -> list[str]:
    """Carry out a Production column; returns notes on benefits that could
    not be taken in full."""
    board = board_of(state, seat)
    player = state["seats"][seat]
    notes: list[str] = []
    board["advancements"] += benefits.get("advances", 0)
    player["favor"] += benefits.get("favor", 0)
    player["philosophers"] += benefits.get("philosophers", 0)
    player["commerce"] += benefits.get("commerce", 0)
    home = government_area(state, seat)
    if benefits.get("wonder") and place_wonder(state, seat) is None:
        if home is None:
            notes.append("no Government City for a Wonder")
        elif _has_wonder(state, home):
            notes.append("it already has a Wonder")
        else:
            notes.append("no free Settlement for the Wonder")
    if benefits.get("walls") and place_walls(state, seat) is None:
        notes.append("no City without City Walls has a free Settlement")
    for key, kind in UNIT_BENEFITS.items():
        wanted = benefits.get(key, 0)
        if not wanted:
            continue
        room = max(0, unit_limit(kind) - total_units(state, seat, kind))
        placed = min(wanted, room) if home else 0
        if home:
            add_units(state, home, seat, kind, placed)
        if placed < wanted:
            notes.append(f"{wanted - placed} {kind} not placed ({'unit limit' if home else 'no Government City'})")
    board["supply"] = benefits.get("supply", 0)
    return notes


def walls_city(state: dict, seat: int) -> str | None:
    """ "City with the most Settlements that does not have City Walls. Ties
    are broken randomly" — among those with a free Settlement."""
    board = map_of(state)
    cities = [
        c
        for c in owned_cities(state, seat)
        if not city_has_type(state, c, "walls") and None in state["cities"][c]["slots"]
    ]
    if not cities:
        return None
    most = max(board.areas[c].settlements for c in cities)
    best = [c for c in cities if board.areas[c].settlements == most]
    rng = rng_of(state)
    city = best[rng.below(len(best))]
    store_rng(state, rng)
    return city


def place_walls(state: dict, seat: int) -> str | None:
    """The City Walls benefit: City Walls under construction in ``walls_city``
    (the city, or None when no city can take them)."""
    city = walls_city(state, seat)
    if city is not None:
        _place(state, city, "walls")
    return city


def place_wonder(state: dict, seat: int) -> str | None:
    """The Wonder benefit: "If the AI Player does not have a Wonder of the
    World on their Government City, place a Wonder of the World under
    construction on the AI Player's Government City" (on a free Settlement);
    the city, or None when it was ignored."""
    home = government_area(state, seat)
    if home is None or _has_wonder(state, home) or not _place(state, home, "wonder"):
        return None
    return home


def _has_wonder(state: dict, city: str) -> bool:
    return any(piece["type"] == "wonder" for _, piece in upgrades_of(state, city))


def _place(state: dict, city: str, kind: str) -> bool:
    if None not in state["cities"][city]["slots"]:
        return False
    slots = own_city(state, city)["slots"]
    slots[slots.index(None)] = new_upgrade(kind, BUILDING)
    return True
