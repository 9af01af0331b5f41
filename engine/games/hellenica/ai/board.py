"""The AI Board: one row per track for every AI seat, public to all.

- "Place a cube of each AI Player's color on the 1 space of the Advancements
  and Supply rows and on the 4 space of the Favor row. One additional Action
  Cube of each color should be placed on the 0 space of the other 2 rows."
- "Information tracked on the AI Board is public knowledge."
- "The AI Board includes a Grudge Space for each City-State."

Favor, Philosophers and Commerce live on the seat's own record (``favor``,
``philosophers``, ``commerce``) exactly as for a person, so that World Event
bids, rewards and tie-breaks treat both alike; the board record holds what
only an AI has: the Advancements count (no specific Advancements), Supply
(moves left this turn), the Grudge and the Government Marker's Area.
"""

from __future__ import annotations

from typing import Any

from engine.games.hellenica.ai import ai_seats
from engine.games.hellenica.ai.cards import BOARD, CARDS
from engine.games.hellenica.state import seat_name


def new_board() -> dict[str, Any]:
    return {
        "advancements": BOARD["advancements"],
        "supply": BOARD["supply"],
        "grudge": None,
        "garrison": None,
        "card": None,
    }


def board_of(state: dict, seat: int) -> dict[str, Any]:
    return state["ai"]["boards"][str(seat)]


def advancement_count(state: dict, seat: int) -> int:
    return board_of(state, seat)["advancements"]


def ai_view(state: dict) -> dict[str, Any] | None:
    """The AI Board and the shared AI Ethos cards, for every eye (None
    without AI seats). The shared Ethos cards are counted, not named, until
    every person has chosen theirs ("turn these Ethos cards face up"); each
    AI row says how many objectives it completes and which shared Ethos
    cards it meets (all public: its Commodities, board and cards are)."""
    seats = ai_seats(state)
    if not seats:
        return None
    from engine.games.hellenica.ai.objectives import ai_completed, ethos_met
    from engine.games.hellenica.components import OBJECTIVES
    from engine.games.hellenica.objectives import card_text

    rows = []
    for seat in seats:
        board = board_of(state, seat)
        player = state["seats"][seat]
        rows.append(
            {
                "objectives": len(ai_completed(state, seat)),
                "ethos_met": [OBJECTIVES[c].title for c in ethos_met(state, seat)],
                "seat": seat,
                "colour": seat_name(seat),
                "advancements": board["advancements"],
                "supply": board["supply"],
                "favor": player["favor"],
                "philosophers": player["philosophers"],
                "commerce": player["commerce"],
                "grudge": None if board["grudge"] is None else seat_name(board["grudge"]),
                "garrison": board["garrison"],
                "card": None if board["card"] is None else CARDS[board["card"]].title,
            }
        )
    shared = state["ai"]["ethos"]
    return {
        "seats": list(seats),
        "board": rows,
        "ethos": [{"name": c, "title": OBJECTIVES[c].title, "text": card_text(state, c)} for c in shared],
        "ethos_hidden": len(state["ai"]["ethos_hidden"]),
        "deck": len(state["ai"]["deck"]),
    }
