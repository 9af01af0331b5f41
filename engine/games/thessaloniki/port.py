"""The Port: ships in the offer, selling goods to them, claiming, sailing
and refilling.

The offer has four ship spaces, numbered 1 (next to the stack) to 4 (the
open sea). At set-up the ships fill spaces 1-3: "the first Sail effect only
moves the Ships, but none is pushed out."

Rules quoted here:
- "Choose 1 Ship tile in the offer and a color of Goods (including Salt).
  Sell any number of those Goods ... gain [the VP printed above that Ship]
  for each sold Good."
- "Color matching: Goods must be placed on empty spaces of the same color or
  on multicolored spaces. You must first fill all the empty spaces of that
  color before using [multicoloured] spaces. Salt may only be placed on the
  [multicoloured] spaces. Ships accept only Refined Goods or Salt, with the
  exception of the Ship in the rightmost space of the Port, which also
  accepts Raw Goods."
- "Whenever you fill the last space of a Ship, immediately claim that Ship
  ... return all Goods from that Ship to the general supply. Then, gain its
  printed benefit. At the end of your turn, if there are empty spaces in
  the Ships offer, slide Ships right to close the gaps and refill."
- Sail: "Slide right all the Ships in the offer, so that the rightmost one
  is pushed out ... the player who has a majority there claims it ... (ignoring
  Salt). If there is a tie for most Goods, the active player wins the tie.
  In every other case, return that Ship to the game box".
- "If the Ship stack becomes empty, make a new stack from all the Ships
  previously set aside."
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.games.thessaloniki import storage
from engine.games.thessaloniki.components import Ship
from engine.games.thessaloniki.ending import meet_condition
from engine.games.thessaloniki.state import (
    State,
    abilities_of,
    as_items,
    colour_of,
    comp,
    note,
    rng_of,
    seat_of_colour,
    seat_title,
)

ANY_SPACE = "any"


def spec(ship: Mapping[str, Any]) -> Ship:
    return comp().ships[ship["id"]]


def used_spaces(state: State) -> int:
    """Ship spaces in play: 3 until the first Sail, then all 4."""
    return comp().max_ships() if state["sailed"] else comp().initial_ships


def ship_label(index: int) -> str:
    return f"ship{index + 1}"


def ship_words(state: State, index: int) -> str:
    ship = state["ships"][index]
    return f"the {comp().city_titles[spec(ship).city]} ship in space {index + 1}"


def is_rightmost(state: State, index: int) -> bool:
    return index == comp().max_ships() - 1


def sale_value(index: int) -> int:
    return comp().sale_values[index]


# ---------------------------------------------------------------------------
# Where goods go on a ship


def _fits(space: str, colour: str, ignore_colours: bool) -> bool:
    if ignore_colours:
        return True
    if colour == storage.SALT:
        return space == ANY_SPACE
    return space in (colour, ANY_SPACE)


def place_order(ship: Mapping[str, Any], tokens: list[str], ignore_colours: bool = False) -> list[int] | None:
    """The spaces ``tokens`` would fill, in order, or None if they do not fit.
    Each good takes an empty space of its colour first, then a multicoloured
    one (with C31 any empty space, its own colour first)."""
    spaces = spec(ship).spaces
    taken = [g is not None for g in ship["goods"]]
    order: list[int] = []
    for good in tokens:
        colour = storage.colour_good_of(good)
        ranked = [i for i, s in enumerate(spaces) if not taken[i] and s == colour]
        ranked += [i for i, s in enumerate(spaces) if not taken[i] and s == ANY_SPACE]
        if ignore_colours:
            ranked += [i for i, s in enumerate(spaces) if not taken[i] and s not in (colour, ANY_SPACE)]
        ranked = [i for i in ranked if _fits(spaces[i], colour, ignore_colours)]
        if not ranked:
            return None
        taken[ranked[0]] = True
        order.append(ranked[0])
    return order


def room_for(ship: Mapping[str, Any], colour: str, ignore_colours: bool = False) -> int:
    """How many goods of one colour (or Salt) still fit."""
    spaces = spec(ship).spaces
    return sum(1 for i, s in enumerate(spaces) if ship["goods"][i] is None and _fits(s, colour, ignore_colours))


def accepts_raw(state: State, index: int, raw_anywhere: bool = False) -> bool:
    return raw_anywhere or is_rightmost(state, index)


# ---------------------------------------------------------------------------
# Selling


@dataclass(frozen=True)
class Sale:
    index: int
    goods: tuple[tuple[str, int], ...]

    def notation(self) -> str:
        return f"sell {storage.format_goods(dict(self.goods))} {ship_label(self.index)}"


def same_colour_sales(state: State, seat: int, limit: int = 0, ships: list[int] | None = None) -> list[Sale]:
    """Every sale of goods of one colour (or Salt) to one ship, up to
    ``limit`` goods (0: any number). On the rightmost ship raw goods go
    before refined ones: the refined good is never worth less to keep."""
    c = comp()
    found: list[Sale] = []
    for index in range(c.max_ships()) if ships is None else ships:
        ship = state["ships"][index]
        if ship is None:
            continue
        raw_ok = accepts_raw(state, index)
        for colour in c.raw_goods + (storage.SALT,):
            room = room_for(ship, colour)
            if colour == storage.SALT:
                have_raw, have_refined = 0, storage.held(state, seat, storage.SALT)
                refined_token = storage.SALT
            else:
                have_raw = storage.held(state, seat, colour) if raw_ok else 0
                refined_token = c.refined_name[colour]
                have_refined = storage.held(state, seat, refined_token)
            most = min(room, have_raw + have_refined)
            if limit:
                most = min(most, limit)
            for count in range(1, most + 1):
                raw_used = min(count, have_raw)
                goods = {}
                if raw_used:
                    goods[colour] = raw_used
                if count - raw_used:
                    goods[refined_token] = count - raw_used
                found.append(Sale(index, tuple(goods.items())))
    return found


def single_good_options(
    state: State, seat: int, index: int | None, ignore_colours: bool, raw_anywhere: bool, from_supply: bool
) -> list[tuple[str, int]]:
    """(token, ship index) pairs for selling one good at a time: to the ship
    ``index`` or, if None, to any ship."""
    c = comp()
    options: list[tuple[str, int]] = []
    indices = range(c.max_ships()) if index is None else [index]
    for i in indices:
        ship = state["ships"][i]
        if ship is None:
            continue
        for token in storage.token_order():
            colour = storage.colour_good_of(token)
            raw = not storage.is_refined(token) and token != storage.SALT
            if from_supply:
                if raw:
                    continue  # from the supply we take refined goods: every ship accepts them
            else:
                if storage.held(state, seat, token) <= 0:
                    continue
                if raw and not accepts_raw(state, i, raw_anywhere):
                    continue
            if room_for(ship, colour, ignore_colours) > 0:
                options.append((token, i))
    return options


def sell(
    state: State,
    seat: int,
    index: int,
    goods: Mapping[str, int],
    *,
    from_supply: bool = False,
    ignore_colours: bool = False,
    paid: bool = True,
) -> list[dict[str, Any]]:
    """Load goods onto a ship and score them; returns follow-up steps (a
    claim's benefit, C55). ``paid`` False moves goods without VP (C39, C45)."""
    ship = state["ships"][index]
    tokens = [t for t in storage.token_order() for _ in range(goods.get(t, 0))]
    order = place_order(ship, tokens, ignore_colours)
    if order is None:
        raise ValueError("goods do not fit; callers offer only sales that fit")
    if not from_supply:
        storage.spend_goods(state, seat, goods)
    for space, good in zip(order, tokens):
        ship["goods"][space] = good
    vp = 0
    if paid:
        per_good = sale_value(index)
        if index == 0:
            per_good += sum(h["vp"] for h in abilities_of(state, seat, "leftmost_sale"))
        vp = per_good * len(tokens)
        refined = sum(1 for t in tokens if storage.is_refined(t))
        vp += refined * sum(h["vp"] for h in abilities_of(state, seat, "refined_sale_vp"))
        storage.gain_vp(state, seat, vp)
        note(
            state,
            f"{seat_title(state, seat)} sells {storage.describe_goods(goods)} to "
            f"{ship_words(state, index)} for {vp} VP",
        )
    follow: list[dict[str, Any]] = []
    if all(g is not None for g in ship["goods"]):
        follow += claim(state, seat, index, "fills")
    elif paid and storage.SALT in ship["goods"] and abilities_of(state, seat, "salt_replace"):
        follow.append({"do": "salt_replace", "seat": seat, "ship": index})
    return follow


def replace_salt(state: State, seat: int, index: int) -> list[dict[str, Any]]:
    """C55: "you may replace 1 Salt with 1 of your Goods on that Ship" (our
    reading: a good of your colour from the general supply)."""
    ship = state["ships"][index]
    space = ship["goods"].index(storage.SALT)
    ship["goods"][space] = comp().good_of(colour_of(state, seat))
    note(state, f"{seat_title(state, seat)} replaces a Salt on {ship_words(state, index)} with their own good")
    return []


# ---------------------------------------------------------------------------
# Claiming and sailing


def majority(state: State, ship: Mapping[str, Any], tie_breaker: int | None) -> int | None:
    """The seat whose colour has the most goods on the ship (Salt ignored).
    A tie goes to ``tie_breaker`` if that seat is among the tied (our
    reading of "the active player wins the tie"), else to nobody."""
    c = comp()
    counts: dict[str, int] = {}
    for good in ship["goods"]:
        if good is None or good == storage.SALT:
            continue
        colour = c.colour_of_good(storage.colour_good_of(good))
        if colour is not None:
            counts[colour] = counts.get(colour, 0) + 1
    if not counts:
        return None
    best = max(counts.values())
    leaders = [colour for colour, n in counts.items() if n == best]
    if len(leaders) == 1:
        return seat_of_colour(state, leaders[0])
    if tie_breaker is not None and colour_of(state, tie_breaker) in leaders:
        return tie_breaker
    return None


def claim(state: State, seat: int, index: int, how: str, benefit: bool = True) -> list[dict[str, Any]]:
    """The seat takes the ship in space ``index``; returns its benefit steps."""
    ship = state["ships"][index]
    state["ships"][index] = None
    state["seats"][seat]["ships"].append(ship["id"])
    note(state, f"{seat_title(state, seat)} {how} and claims {_ship_name(ship)}")
    if not benefit:
        return []
    follow = as_items(spec(ship).benefit, seat, source=ship["id"])
    if abilities_of(state, seat, "claim_bonus"):
        follow.append({"do": "claim_bonus", "seat": seat})
    return follow


def _ship_name(ship: Mapping[str, Any]) -> str:
    return f"the {comp().city_titles[spec(ship).city]} ship ({ship['id'].upper()})"


def sail(state: State, active: int) -> list[dict[str, Any]]:
    """Sail: the ship in the rightmost space leaves (claimed by the majority,
    else boxed), the others slide right, the offer refills."""
    c = comp()
    last = c.max_ships() - 1
    follow: list[dict[str, Any]] = []
    leaving = state["ships"][last] if state["sailed"] else None
    if leaving is not None:
        winner = majority(state, leaving, active)
        if winner is None:
            state["ships"][last] = None
            state["ship_box"].append(leaving["id"])
            note(state, f"{_ship_name(leaving)} sails away unclaimed")
        else:
            follow += claim(state, winner, last, "has the majority as it sails")
    state["sailed"] = True
    slide_and_refill(state)
    return follow


def slide_and_refill(state: State) -> None:
    """Slide ships right to close gaps, then fill the empty spaces on the
    left from the stack."""
    used = used_spaces(state)
    ships = [s for s in state["ships"][:used] if s is not None]
    empty = used - len(ships)
    state["ships"][:used] = [None] * empty + ships
    for index in range(empty - 1, -1, -1):
        drawn = draw_ship(state)
        if drawn is None:
            break
        spaces = len(comp().ships[drawn].spaces)
        state["ships"][index] = {"id": drawn, "goods": [None] * spaces}


def has_gaps(state: State) -> bool:
    return any(s is None for s in state["ships"][: used_spaces(state)])


def draw_ship(state: State) -> str | None:
    """The next ship from the stack; the Festival ship meets an end condition
    and another is drawn ("if any is available")."""
    c = comp()
    while True:
        if not state["ship_stack"]:
            if not state["ship_aside"]:
                return None
            with rng_of(state) as rng:
                state["ship_stack"] = rng.shuffled(state["ship_aside"])
            state["ship_aside"] = []
            note(state, "The ship stack is rebuilt from the ships set aside")
        drawn = state["ship_stack"].pop()
        state["draws"] += 1
        if drawn == c.festival_ship:
            note(state, "The Festival ship is drawn")
            meet_condition(state, "ship")
            continue
        return drawn
