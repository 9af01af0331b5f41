"""What the ``medium`` bot's plans may know of the rivals' secret cards.

A person's Ethos cards are secret ("deal 3 Ethos cards face down"; the
private view shows a seat only its own), and the game state the planner
copies for its plans holds every seat's cards. Played forward as they are,
the plans would let the rivals build for their real cards and would end the
turn with the real end-of-turn check: a rival's win in a plan would be a
peek at its hand. So each plan first deals every rival whose cards are
hidden a sample of the cards the seat cannot see (``sampled``): the whole
Ethos deck less the seat's own cards and the cards shown face up (an AI
player's shared Ethos cards, those revealed at a victory), two different
cards each, as the game lets a player keep them. What the rivals' boards
suggest they hold is weighed in the value (``bot_race.estimated_objectives``),
from the public board alone.
"""

from __future__ import annotations

import random
from collections import Counter

from engine.games.hellenica.components import ethos_deck


def unseen_cards(state: dict, seat: int) -> Counter[str]:
    """The Ethos cards ``seat`` cannot see, by copies: every card of the deck
    less its own (kept or in hand) and those shown face up."""
    unseen = Counter(ethos_deck())
    unseen.subtract(state["seats"][seat]["ethos"])
    unseen.subtract(state["seats"][seat]["ethos_hand"])
    unseen.subtract(state.get("ai", {}).get("ethos", []))
    for other, cards in state["revealed"].items():
        if int(other) != seat:
            unseen.subtract(cards)
    return +unseen  # only positive counts


def hidden_rivals(state: dict, seat: int) -> list[int]:
    """The other seats whose Ethos cards ``seat`` cannot see (not the
    rulebook's AI players, whose shared cards are face up, nor a seat whose
    cards a victory revealed)."""
    ai = set(state.get("ai_seats", ()))
    return [
        other
        for other in range(state["players"])
        if other != seat and other not in ai and str(other) not in state["revealed"]
    ]


def sampled(state: dict, seat: int, rng: random.Random) -> dict:
    """``state`` (changed in place: pass a copy) with each hidden rival's
    Ethos cards and hand dealt again at random from ``unseen_cards``, as many
    as it holds and each hand of different cards, and the deck the rest."""
    pool = unseen_cards(state, seat)
    for other in hidden_rivals(state, seat):
        player = state["seats"][other]
        player["ethos"] = _deal(pool, len(player["ethos"]), rng)
        player["ethos_hand"] = _deal(pool, len(player["ethos_hand"]), rng)
    state["ethos_deck"] = sorted(pool.elements())
    return state


def _deal(pool: Counter[str], count: int, rng: random.Random) -> list[str]:
    """``count`` different cards drawn from ``pool`` by copies (fewer if the
    pool holds fewer names), taken out of it."""
    hand: list[str] = []
    for _ in range(count):
        names = sorted(name for name in pool if name not in hand)
        if not names:
            break
        card = rng.choices(names, weights=[pool[name] for name in names])[0]
        pool[card] -= 1
        if not pool[card]:
            del pool[card]
        hand.append(card)
    return hand
