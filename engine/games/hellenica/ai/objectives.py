"""Victory for AI players, and their view of objectives they cannot track.

- "AI Players win the game by completing 3 Objective Cards per normal rules.
  At most, AI Players can complete any 2 of the 3 face-up Ethos Cards shared
  by all AI Players."
- "Specific Advancements are not tracked for AI Players. Thus, when
  determining victory conditions, always assume the AI player has the exact
  Advancements it needs to meet objectives" (8 Advancements meet both
  Enlightenment and Knowledge: 4 Government ones and 4 from the other
  categories).
- "If the Loyalty, Piety, Prosperity, or Scholarship Ethos Objectives are
  revealed for the AI Players, assume that any 1 Objective is met when an AI
  Player controls 10 Settlements and 2 Objectives are met when an AI Player
  controls 14 Settlements."
- "If the Production Ethos Objective is revealed, then assume that all AI
  Players have the Mining Advancement and that all Mine locations not
  occupied by enemy Land Units have City Upgrades on them."

Readings: our Ethos cards that count upgrades an AI never builds (Stables,
Docks — like Barracks, Temples, Markets and Academies) follow the Settlement
rule too; Wonders and City Walls, which AI cards do place, are counted as
they stand; Favor, Commerce, Heroes and armies are tracked for real.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.games.hellenica.ai.board import advancement_count
from engine.games.hellenica.ai.cards import ETHOS
from engine.games.hellenica.components import CATEGORIES, OBJECTIVES
from engine.games.hellenica.state import map_of, owned_cities, stacks

ADVANCEMENT_CHECKS = ("category_advancements", "every_category", "advancements")
UNBUILT = ("barracks", "temple", "market", "academy", "stables", "docks")
"""Upgrades an AI never builds: objectives counting them use Settlements."""


def settlements(state: dict, seat: int) -> int:
    board = map_of(state)
    return sum(board.areas[c].settlements for c in owned_cities(state, seat))


def settlement_objectives(state: dict, seat: int) -> int:
    """How many upgrade-counting objectives the AI's Settlements stand for."""
    thresholds = ETHOS["settlements"]
    return sum(1 for needed in thresholds if settlements(state, seat) >= needed)


def advancements_needed(cards: list[str]) -> int:
    """The fewest Advancements that meet every card of ``cards`` at once: per
    category the largest single need, summed, and at least any total asked."""
    per_category = {category: 0 for category in CATEGORIES}
    total = 0
    for card in cards:
        objective = OBJECTIVES[card]
        p = objective.params
        if objective.check == "category_advancements":
            per_category[p["category"]] = max(per_category[p["category"]], p["count"])
        elif objective.check == "every_category":
            for category in per_category:
                per_category[category] = max(per_category[category], 1)
        else:
            total = max(total, p["count"])
    return max(sum(per_category.values()), total)


def _assumed_mines(state: dict, seat: int, p: Any) -> bool:
    board = map_of(state)
    cities = set(owned_cities(state, seat))
    free = [
        m
        for m, mine in board.mines.items()
        if mine.city in cities
        and not any(s["owner"] != seat and s["kind"] in ("hoplite", "cavalry") for s in stacks(state, mine.area))
    ]
    return len(free) >= p["count"]


def ethos_met(state: dict, seat: int) -> list[str]:
    """The shared face-up Ethos cards this AI meets, as the AI sees them."""
    from engine.games.hellenica.objectives import met

    shared = state["ai"]["ethos"]
    done: list[str] = []
    by_advancements = [c for c in shared if OBJECTIVES[c].check in ADVANCEMENT_CHECKS]
    count = advancement_count(state, seat)
    for size in range(len(by_advancements), 0, -1):
        fitting = [group for group in combinations(by_advancements, size) if advancements_needed(list(group)) <= count]
        if fitting:
            done += list(fitting[0])
            break
    by_settlements = [
        c for c in shared if OBJECTIVES[c].check == "upgrades" and OBJECTIVES[c].params["upgrade"] in UNBUILT
    ]
    done += by_settlements[: settlement_objectives(state, seat)]
    for card in shared:
        objective = OBJECTIVES[card]
        if card in by_advancements or card in by_settlements:
            continue
        if objective.check == "mines":
            if _assumed_mines(state, seat, objective.params):
                done.append(card)
        elif met(state, seat, card):
            done.append(card)
    return [c for c in shared if c in done]


def ai_completed(state: dict, seat: int) -> list[str]:
    """The Pathos cards it meets and at most 2 of the shared Ethos cards."""
    from engine.games.hellenica.objectives import met

    pathos = [card for card in state["pathos"] if met(state, seat, card)]
    return pathos + ethos_met(state, seat)[: ETHOS["completable"]]
