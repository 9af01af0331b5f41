"""The AI Quick Reference Sheet: bonus Production
(``data/hellenica/ai_quick_reference.toml``).

"There are a few special situations that cause an AI Player to receive bonus
Production. These are covered on the AI Quick Reference Sheet." Ours, taken
in Round 1 right after the AI card's Production (so never on Turn 1):

1. every Active City Upgrade in an AI player's cities (one it conquered —
   "After conquest, leave any surviving City Upgrades in place" — or City
   Walls and a Wonder its cards placed) produces as if its action were taken
   for free; units arrive in that city, or the Government City while enemy
   units stand there, within the unit limits;
2. Commerce on the AI Board becomes Philosophers, 3 for 1 (the rulebook's
   rate);
3. Philosophers become Advancements, 3 for 1 (a level 2 Advancement's cost).
"""

from __future__ import annotations

from typing import Any

from engine.core import load_toml
from engine.games.hellenica.ai.board import board_of
from engine.games.hellenica.ai.garrison import government_area
from engine.games.hellenica.components import UNITS, UPGRADES, unit_limit
from engine.games.hellenica.notation import listing
from engine.games.hellenica.state import (
    ACTIVE,
    add_units,
    counts_as,
    enemies_in,
    map_of,
    owned_cities,
    total_units,
    upgrades_of,
)

SHEET: dict[str, Any] = load_toml("hellenica", "ai_quick_reference.toml")
UPGRADE_BONUS: dict[str, dict[str, int]] = {kind: dict(gain) for kind, gain in SHEET["upgrades"].items()}
CONVERT: dict[str, int] = dict(SHEET["convert"])
COMMODITIES = {"favor": "Favor", "philosophers": "Philosopher", "commerce": "Commerce"}
UNIT_GAINS = {"hoplites": "hoplite", "cavalry": "cavalry", "triremes": "trireme", "hero": "hero"}


def upgrade_gains(state: dict, seat: int) -> tuple[dict[str, int], dict[str, dict[str, int]]]:
    """What the AI seat's Active City Upgrades produce: commodities, and
    units per city they stand in."""
    commodities: dict[str, int] = {}
    units: dict[str, dict[str, int]] = {}
    for city in owned_cities(state, seat):
        for site, piece in upgrades_of(state, city):
            if piece["state"] != ACTIVE:
                continue
            for key, n in UPGRADE_BONUS[counts_as(piece, site)].items():
                if key in UNIT_GAINS:
                    per_city = units.setdefault(city, {})
                    per_city[UNIT_GAINS[key]] = per_city.get(UNIT_GAINS[key], 0) + n
                else:
                    commodities[key] = commodities.get(key, 0) + n
    return commodities, units


def bonus_production(state: dict, seat: int) -> list[str]:
    """Take the seat's bonus Production; returns what it got, in words."""
    player = state["seats"][seat]
    board = map_of(state)
    got: list[str] = []
    commodities, units = upgrade_gains(state, seat)
    for key, word in COMMODITIES.items():
        if commodities.get(key):
            player[key] += commodities[key]
            got.append(f"+{commodities[key]} {word}")
    home = government_area(state, seat)
    for city, kinds in units.items():
        where = city if not enemies_in(state, city, seat) else home
        if where is None:
            continue
        for kind, n in kinds.items():
            placed = min(n, max(0, unit_limit(kind) - total_units(state, seat, kind)))
            if placed:
                add_units(state, where, seat, kind, placed)
                noun = UNITS[kind].title if placed == 1 else UNITS[kind].plural.title()
                got.append(f"+{placed} {noun} in {board.title(where)}")
    rate = CONVERT["commerce_per_philosopher"]
    if player["commerce"] >= rate:
        n = player["commerce"] // rate
        player["commerce"] -= n * rate
        player["philosophers"] += n
        got.append(f"{n * rate} Commerce into {n} Philosopher{'s' if n != 1 else ''}")
    rate = CONVERT["philosophers_per_advance"]
    if player["philosophers"] >= rate:
        n = player["philosophers"] // rate
        player["philosophers"] -= n * rate
        board_of(state, seat)["advancements"] += n
        got.append(f"{n * rate} Philosophers into {n} Advancement{'s' if n != 1 else ''}")
    return got


def describe(got: list[str]) -> str:
    return listing(got) if got else "nothing"


def _check() -> None:
    if set(UPGRADE_BONUS) != set(UPGRADES):
        raise ValueError(f"ai_quick_reference.toml: [upgrades] must list every City Upgrade: {sorted(UPGRADES)}")
    for kind, gain in UPGRADE_BONUS.items():
        unknown = set(gain) - set(COMMODITIES) - set(UNIT_GAINS)
        if unknown or any(not isinstance(n, int) or n < 0 for n in gain.values()):
            raise ValueError(f"ai_quick_reference.toml: {kind} gives unknown or negative {sorted(unknown)}")
    if set(CONVERT) != {"commerce_per_philosopher", "philosophers_per_advance"} or min(CONVERT.values()) < 1:
        raise ValueError("ai_quick_reference.toml: [convert] needs both positive rates")


_check()
