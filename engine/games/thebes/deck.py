"""The card piles: set-up, drawing, the display and the exhibition spaces.

Rulebook: "Place 4 researcher cards face up on the game board ... Separate the
remaining researcher cards into 3 piles. With 2 players, mix the 10
exhibitions in pile n°2. With 3 and 4 players, mix the 5 small exhibits in
pile n°2, and the 5 large ones in pile n°3. Place pile n°1 on pile n°2 to
form the draw pile. Set pile n°3 aside."

"Whenever an exhibition is drawn, place it on square a, and draw another
card. Shift the exhibitions already present: a to b, b to c, c to the
discard pile. The first time the draw pile is exhausted, shuffle the pile
set aside at the beginning of the game with the discard pile to reconstitute
the draw pile. The next times, simply shuffle the discard pile."
"""

from __future__ import annotations

from engine.core import Rng
from engine.games.thebes.components import CARD_BY_ID, EXHIBITIONS, RESEARCH_CARDS, TABLES, is_exhibition
from engine.games.thebes.state import State


def deal(players: int, rng: Rng) -> tuple[list[int], list[int], list[int]]:
    """The display, the draw pile (top last) and pile 3 for a new game. The
    rulebook does not size the piles: we make three equal ones (27 cards)."""
    researchers = rng.shuffled(card.id for card in RESEARCH_CARDS)
    display, rest = researchers[: TABLES.display_size], researchers[TABLES.display_size :]
    count = TABLES.piles
    piles = [rest[i * len(rest) // count : (i + 1) * len(rest) // count] for i in range(count)]
    small_pile, large_pile = TABLES.exhibition_piles[players]
    for exhibition in EXHIBITIONS:
        piles[(small_pile if exhibition.size == "small" else large_pile) - 1].append(exhibition.id)
    piles = [rng.shuffled(pile) if any(is_exhibition(c) for c in pile) else pile for pile in piles]
    # Pile 1 goes on top of pile 2 (and so on): the top of the draw pile is
    # the end of the list, so the first pile is appended last.
    draw_pile = [card for pile in reversed(piles[:-1]) for card in pile]
    return display, draw_pile, piles[-1]


def _any_researcher_left(state: State) -> bool:
    return any(c in CARD_BY_ID for pile in (state.deck, state.discard, state.reserve) for c in pile)


def _restock(state: State) -> None:
    """Rebuild the empty draw pile: pile 3 and the discards the first time,
    the discards alone after that."""
    if not state.reserve_used:
        state.deck = state.reserve + state.discard
        state.reserve, state.reserve_used = [], True
    else:
        state.deck = state.discard
    state.discard = []
    state.rng.shuffle(state.deck)


def show_exhibition(state: State, exhibition: int) -> None:
    """A drawn exhibition goes to space a; the others shift, c to the discards."""
    leaving = state.exhibitions[-1]
    state.exhibitions = [exhibition, *state.exhibitions[:-1]]
    if leaving is not None:
        state.discard.append(leaving)
    state.last.setdefault("exhibitions_drawn", []).append(exhibition)


def draw_researcher(state: State) -> int | None:
    """The next researcher card, showing any exhibitions drawn on the way;
    None when no researcher card is left to draw anywhere."""
    while _any_researcher_left(state):
        if not state.deck:
            _restock(state)
        card = state.deck.pop()
        if is_exhibition(card):
            show_exhibition(state, card)
            continue
        return card
    return None


def fill_display(state: State) -> None:
    """Draw into every empty display slot, as long as cards are left."""
    for slot, card in enumerate(state.display):
        if card is None:
            state.display[slot] = draw_researcher(state)


def can_draw(state: State) -> bool:
    return _any_researcher_left(state)
