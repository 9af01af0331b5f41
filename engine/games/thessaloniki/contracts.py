"""Contract cards: the deck, the offer with its statue sections, taking,
fulfilling and the refill at sunset.

Rules quoted here:
- "When you take a Contract, you may choose any card from the offer as long
  as you have a Statue next to that Contract space."
- Statues on the offer: "Place your Statue on an empty space in the
  rightmost section that does not already contain your Statue. (You may
  only have 1 Statue in each section)."
- Sunset: "If you took Contract cards as part of your actions, slide right
  all Contracts in the offer so that there are no empty Contract spaces,
  then refill the offer with Contract cards from the deck. If the Festival
  card is drawn from the deck, discard it and draw another card. When cards
  in the deck run out, take the remaining tier II Contract cards and create
  a new deck. If they run out again, do not refill the offer."
- Fulfilling: "Choose 1 Contract card in your hand and spend the indicated
  Goods. Then: Instant Contracts — resolve the effect immediately, then place
  the card to the right of your Player board. Permanent Contracts — place the
  card ...; this card has an ongoing effect".
- Forum: "Fulfill 1 Contract with a Discount of 1. The discount applies to
  the [any] Good only, you must still spend 2 Goods of the indicated colors."
"""

from __future__ import annotations

from typing import Any

from engine.games.thessaloniki import storage
from engine.games.thessaloniki.ending import meet_condition
from engine.games.thessaloniki.state import (
    State,
    abilities_of,
    as_items,
    colour_of,
    comp,
    note,
    rng_of,
    seat_title,
)

NORMAL, DISCOUNT, FREE = "normal", "discount", "free"


def draw_contract(state: State) -> str | None:
    """The top card of the deck (a new deck from the tier II reserve once,
    then nothing); the Festival card meets an end condition and is replaced."""
    c = comp()
    while True:
        if not state["deck"]:
            if state["reserve_used"] or not state["reserve"]:
                return None
            with rng_of(state) as rng:
                state["deck"] = rng.shuffled(state["reserve"])
            state["reserve"] = []
            state["reserve_used"] = True
            note(state, "The contract deck is rebuilt from the remaining tier II cards")
        drawn = state["deck"].pop()
        state["draws"] += 1
        if drawn == c.festival_card:
            note(state, "The Festival card is drawn and discarded")
            meet_condition(state, "contract")
            continue
        return drawn


def draw_to_hand(state: State, seat: int, count: int) -> int:
    """Draw up to ``count`` cards into a hand; returns how many came."""
    drawn = 0
    for _ in range(count):
        card = draw_contract(state)
        if card is None:
            break
        state["seats"][seat]["hand"].append(card)
        drawn += 1
    return drawn


def refill_offer(state: State) -> None:
    """Slide the offer right over its gaps, then fill it from the deck."""
    cards = [cid for cid in state["offer"] if cid is not None]
    empty = len(state["offer"]) - len(cards)
    state["offer"] = [None] * empty + cards
    for space in range(empty - 1, -1, -1):
        card = draw_contract(state)
        if card is None:
            break
        state["offer"][space] = card


# ---------------------------------------------------------------------------
# Statues on the offer and taking cards


def offer_statue_count(state: State, seat: int) -> int:
    colour = colour_of(state, seat)
    return sum(1 for section in state["offer_statues"] if colour in section)


def next_offer_section(state: State, seat: int) -> int | None:
    """The rightmost section without the seat's Statue, or None if all have one."""
    colour = colour_of(state, seat)
    for section in range(len(state["offer_statues"]) - 1, -1, -1):
        if colour not in state["offer_statues"][section]:
            return section
    return None


def takeable(state: State, seat: int) -> list[str]:
    """Contracts in the offer next to one of the seat's Statues."""
    colour = colour_of(state, seat)
    return [
        cid for space, cid in enumerate(state["offer"]) if cid is not None and colour in state["offer_statues"][space]
    ]


def take(state: State, seat: int, cid: str) -> None:
    space = state["offer"].index(cid)
    state["offer"][space] = None
    state["seats"][seat]["hand"].append(cid)
    state["turn"]["took_contracts"] = True
    note(state, f"{seat_title(state, seat)} takes contract {cid.upper()} from the offer")


# ---------------------------------------------------------------------------
# Fulfilling


def cost_slots(cid: str, mode: str) -> list[str]:
    """What fulfilling a card costs: its printed cost, less the "any" good
    with a discount, nothing when free."""
    if mode == FREE:
        return []
    slots = list(comp().contracts[cid].cost)
    if mode == DISCOUNT and storage.ANY in slots:
        slots.remove(storage.ANY)
    return slots


def fulfil_options(state: State, seat: int, mode: str) -> list[tuple[str, dict[str, int], bool]]:
    """(card, payment, whether the payment must be named) for every card in
    hand the seat can pay for."""
    found = []
    for cid in sorted(dict.fromkeys(state["seats"][seat]["hand"]), key=card_number):
        ways = storage.payments(state, seat, cost_slots(cid, mode))
        for way in ways:
            found.append((cid, way, len(ways) > 1))
    return found


def fulfil_notation(cid: str, payment: dict[str, int], named: bool) -> str:
    text = f"fulfill {cid}"
    if named:
        text += f" with {storage.format_goods(payment)}"
    return text


def card_number(cid: str) -> int:
    return int(cid[1:]) if cid[1:].isdigit() else 0


def fulfil(state: State, seat: int, cid: str, payment: dict[str, int]) -> list[dict[str, Any]]:
    """Pay and fulfil a card from hand; returns the steps its effects and
    the fulfilment abilities add."""
    card = comp().contracts[cid]
    storage.spend_goods(state, seat, payment)
    data = state["seats"][seat]
    data["hand"].remove(cid)
    follow: list[dict[str, Any]] = []
    paid = f" paying {storage.describe_goods(payment)}" if payment else " for free"
    note(state, f"{seat_title(state, seat)} fulfils contract {cid.upper()}{paid}")
    # Abilities watch fulfilments from before this card joins the row.
    if card.legacy is not None:
        for held in abilities_of(state, seat, "legacy_fulfil"):
            storage.gain_vp(state, seat, held["vp"])
            storage.add(state, seat, storage.SALT, held["salt"])
    for held in abilities_of(state, seat, "fulfil_vp"):
        storage.gain_vp(state, seat, held["vp"])
    for held in abilities_of(state, seat, "fulfil_denarius"):
        storage.gain_denarii(state, seat, held["denarii"])
    data["fulfilled"].append(cid)
    if card.kind == "instant":
        follow += as_items(card.effects, seat, source=cid)
    return follow
