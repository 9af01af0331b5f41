"""The researcher-card display: buying a card and replacing the display.

Rulebook, "1. Buying a researcher card": "After moving his pawn to the
location indicated on the purchased card, the player must also spend a
certain amount of time, also indicated on the card, to acquire it ... He then
places the card face up in front of him, and draws one to fill the empty
space on the game board."

"2. Replacing researcher cards": "After moving his pawn to Warschau, the
player spends 1 week to discard the 4 researcher cards on the board, and
draws to replace them. If a player makes this action several times before
the next player's turn, the cost increases by 1 week each time."
"""

from __future__ import annotations

from engine.games.thebes.components import CARD_BY_ID, REPLACE_PLACE, TABLES
from engine.games.thebes.deck import can_draw, fill_display
from engine.games.thebes.state import State


def buy_problem(state: State, slot: int) -> str | None:
    """Why the card in display slot ``slot`` (1-based) cannot be bought, or None."""
    if not 1 <= slot <= len(state.display):
        return f"The display has slots 1 to {len(state.display)}."
    if state.display[slot - 1] is None:
        return f"Display slot {slot} is empty: no card was left to draw into it."
    return None


def bought_card(state: State, slot: int) -> int:
    card = state.display[slot - 1]
    assert card is not None, "check buy_problem first"
    return card


def buy_place(state: State, slot: int) -> str:
    """Where the card in ``slot`` is bought: the city printed on it."""
    return CARD_BY_ID[bought_card(state, slot)].city


def buy_weeks(state: State, slot: int) -> int:
    """The weeks printed on the card (travel not included)."""
    return CARD_BY_ID[bought_card(state, slot)].weeks


def apply_buy(state: State, seat: int, slot: int) -> None:
    """The card goes in front of the player; the slot is refilled."""
    card = bought_card(state, slot)
    state.players[seat].cards.append(card)
    state.display[slot - 1] = None
    state.last["card"] = card
    fill_display(state)


def replace_problem(state: State) -> str | None:
    """Why the display cannot be replaced, or None."""
    if all(card is None for card in state.display) and not can_draw(state):
        return "There are no researcher cards left to replace the display with."
    return None


def replace_weeks(state: State) -> int:
    """1 week, plus 1 for each replacement already made by this player since
    another player last acted."""
    return TABLES.replace_weeks + TABLES.replace_repeat_extra * state.replaces


def replace_place() -> str:
    return REPLACE_PLACE


def apply_replace(state: State) -> None:
    """Discard the displayed cards, then draw a new display."""
    state.last["discarded"] = [c for c in state.display if c is not None]
    state.discard.extend(state.last["discarded"])
    state.display = [None] * len(state.display)
    fill_display(state)
    state.replaces += 1
