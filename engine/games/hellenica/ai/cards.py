"""The AI deck (our 32 cards, ``data/hellenica/ai_cards.toml``) and the AI
numbers the rulebook gives.

- "During the first Round of each Turn, reveal the top AI Card for the AI
  Player." "The Production section of AI Cards are split into two columns
  labeled "2-3" and "4+". If the current Game Turn is Turn 2 or 3, then AI
  players receive the benefits listed in the leftmost column; Otherwise, they
  receive the benefits listed in the rightmost column."
- "Reveal a single AI Card for all movement by the AI Player this Round.
  Ignore everything on the card other than the Movement Section."
- "The AI deck is shuffled each time it is depleted."

The deck is kept as the unordered list of cards still in it; drawing one at
random with the state's generator is the same as turning the top card of a
shuffled deck, and it keeps the order out of the state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import load_toml
from engine.games.hellenica.state import rng_of, store_rng

FILTERS = ("grudge", "least-friendly", "most-settlements", "map-objective", "enemy")
BENEFITS = (
    "advances",
    "favor",
    "philosophers",
    "commerce",
    "wonder",
    "walls",
    "hoplites",
    "cavalry",
    "triremes",
    "hero",
    "supply",
)


@dataclass(frozen=True)
class AiCard:
    name: str
    title: str
    early: dict[str, Any]
    late: dict[str, Any]
    movement: tuple[str, ...]

    def production(self, turn: int) -> dict[str, Any]:
        """The column that applies on this Game Turn ("2-3" or "4+")."""
        return self.early if turn in (2, 3) else self.late


_DATA = load_toml("hellenica", "ai_cards.toml")
CARDS: dict[str, AiCard] = {
    name: AiCard(name, raw["title"], dict(raw["early"]), dict(raw["late"]), tuple(raw["movement"]))
    for name, raw in _DATA["cards"].items()
}
BOARD: dict[str, Any] = dict(_DATA["board"])
BIDS: dict[str, Any] = dict(_DATA["bids"])
ETHOS: dict[str, Any] = dict(_DATA["ethos"])
EXPLORE: dict[str, Any] = dict(_DATA["explore"])
MAP_OBJECTIVES: dict[str, str] = dict(_DATA["map_objectives"])
GRUDGES: dict[str, list[str]] = {key: list(value) for key, value in _DATA["grudges"].items()}


def _check() -> None:
    if len(CARDS) != 32:
        raise ValueError(f"the AI deck must hold 32 cards, not {len(CARDS)}")
    for card in CARDS.values():
        for column in (card.early, card.late):
            unknown = set(column) - set(BENEFITS)
            if unknown or "supply" not in column:
                raise ValueError(f"AI card {card.name}: unknown benefits {sorted(unknown)} or no Supply")
        if not card.movement or set(card.movement) - set(FILTERS):
            raise ValueError(f"AI card {card.name}: movement filters must come from {FILTERS}")


_check()


def draw(state: dict) -> AiCard:
    """Reveal the next AI card (reshuffling the whole deck when it is empty)."""
    deck = state["ai"]["deck"]
    if not deck:
        deck.extend(sorted(CARDS))
    rng = rng_of(state)
    name = deck.pop(rng.below(len(deck)))
    store_rng(state, rng)
    return CARDS[name]


def describe_benefits(benefits: dict[str, Any]) -> str:
    """``+1 Advance, +2 Hoplites, Supply 3``: a production column in words."""
    words = {
        "advances": "Advance",
        "favor": "Favor",
        "philosophers": "Philosopher",
        "commerce": "Commerce",
        "hoplites": "Hoplite",
        "cavalry": "Cavalry",
        "triremes": "Trireme",
        "hero": "Hero",
    }
    parts = []
    for key in BENEFITS:
        value = benefits.get(key)
        if not value:
            continue
        if key in ("wonder", "walls"):
            parts.append("Wonder" if key == "wonder" else "City Walls")
        elif key == "supply":
            parts.append(f"Supply {value}")
        else:
            noun = words[key]
            plural = "s" if value != 1 and noun in ("Advance", "Philosopher", "Hoplite", "Trireme") else ""
            parts.append(f"+{value} {noun}{plural}")
    return ", ".join(parts)
