"""Game set-up by player count (rulebook "GAME SETUP" and "PLAYER SETUP").

- Contract deck: the Festival card shuffled with 3 tier II cards at the
  bottom, then the indicated tier II cards, then the indicated tier I cards
  on top (11/8, 16/13, 21/18 for 2/3/4 players); "Return the remaining tier
  I Contract cards to the box. Shuffle the remaining tier II Contract cards
  and place them face down next to the main board."
- Ship stack: "In 2-players games, return the tiles marked 3+ to the box";
  the Festival ship with 3 ships at the bottom, the indicated number
  (10/15/18) on top; the rest set aside; 3 ships drawn into the offer.
- Demand: "Draw the top Demand tile from each City and shuffle them
  together", 4/3/2 of them active, the rest back on their stacks.
- Denarii above the denarius space: 5/7/9.
- A set-up card places the workers, "When playing with fewer than 4 players,
  arrange the workers of non-player color(s) as if they were the 3rd and/or
  4th player."
- Each player: a Statue above the rightmost Contract space, a Mosaic on the
  leftmost Storage area; then the family draft, players + 1 cards, last
  player first.
"""

from __future__ import annotations

from typing import Any

from engine.core import IllegalAction, Rng
from engine.games.thessaloniki import contracts, port
from engine.games.thessaloniki.state import State, comp

SALT_TOKEN = "S"


def new_seat(colour: str) -> dict[str, Any]:
    c = comp()
    return {
        "colour": colour,
        "vp": 0,
        "denarii": 0,
        "salt": 0,
        "raw": {g: 0 for g in c.raw_goods},
        "refined": {g: 0 for g in c.raw_goods},
        "storage_mosaics": 1,
        "mosaics": {"supply": c.pieces["mosaics"] - 1, "board": 0},
        "statues": {"supply": c.pieces["statues"] - 1, "board": 0},
        "chariot": 0,
        "hand": [],
        "fulfilled": [],
        "ships": [],
        "family": None,
    }


def new_state(players: int, options: dict[str, Any], seed: int) -> State:
    c = comp()
    if players not in c.setup:
        raise IllegalAction(f"Thessaloniki is played by 2 to 4 players, not {players}.")
    table = c.setup[players]
    extra = c.festival_setup
    rng = Rng(seed)

    tier1 = sorted((cid for cid, card in c.contracts.items() if card.tier == 1), key=contracts.card_number)
    tier2 = sorted((cid for cid, card in c.contracts.items() if card.tier == 2), key=contracts.card_number)
    rng.shuffle(tier1)
    rng.shuffle(tier2)
    with_festival = extra["tier2_with_festival"]
    bottom = rng.shuffled([c.festival_card] + tier2[:with_festival])
    middle = tier2[with_festival : with_festival + table["tier2"]]
    deck = bottom + middle + tier1[: table["tier1"]]
    reserve = tier2[with_festival + table["tier2"] :]

    ships = sorted(
        (sid for sid, ship in c.ships.items() if players > 2 or not ship.three_plus), key=lambda s: int(s[1:])
    )
    rng.shuffle(ships)
    with_festival = extra["ships_with_festival"]
    ship_bottom = rng.shuffled([c.festival_ship] + ships[:with_festival])
    ship_stack = ship_bottom + ships[with_festival : with_festival + table["ships"]]
    ship_aside = ships[with_festival + table["ships"] :]

    stacks = {city: rng.shuffled(sorted(t.id for t in c.demand_tiles.values() if t.city == city)) for city in c.cities}
    tops = [stacks[city].pop() for city in c.cities]
    rng.shuffle(tops)
    active, back = tops[: table["demand"]], tops[table["demand"] :]
    for tile_id in back:
        stacks[c.demand_tiles[tile_id].city].append(tile_id)

    card = rng.choice(c.setup_cards)
    alcoves: dict[str, list[str]] = {}
    for name in c.alcove_order:
        alcoves[name] = ["salt" if t == SALT_TOKEN else f"{c.colours[int(t[0]) - 1]}:{t[1]}" for t in card[name]]

    families = sorted(c.families)
    rng.shuffle(families)

    offer_spaces = c.pieces["contract_offer"]
    state: State = {
        "players": players,
        "options": dict(options),
        "rng": 0,
        "draws": 0,
        "phase": "draft",
        "round": 0,
        "active": players - 1,
        "turn": {
            "seat": players - 1,
            "alcove": None,
            "energy": 0,
            "spent": 0,
            "bought": 0,
            "bonus": False,
            "mosaic_bonuses": [],
            "took_contracts": False,
            "ability_used": False,
            "free_merchant_used": False,
            "moved": 0,
        },
        "seats": [new_seat(c.colours[s]) for s in range(players)],
        "alcoves": alcoves,
        "pool": table["denarii"],
        "alcove_mosaics": {name: [] for name in c.alcove_order},
        "alcove_statues": {name: [] for name in c.alcove_order},
        "entrance": [],
        "offer": [None] * offer_spaces,
        "offer_statues": [[] for _ in range(offer_spaces)],
        "deck": deck,
        "reserve": reserve,
        "reserve_used": False,
        "ships": [None] * c.max_ships(),
        "sailed": False,
        "ship_stack": ship_stack,
        "ship_aside": ship_aside,
        "ship_box": [],
        "demand": [],
        "demand_stacks": stacks,
        "families": families[: players + extra["extra_families"]],
        "end": {"denarii": False, "demand": False, "contract": False, "ship": False, "last_round": None},
        "pending": [],
        "log": [],
        "events": 0,
        "final": None,
    }
    state["rng"] = rng.state
    for tile_id in active:
        state["demand"].append(
            {
                "id": tile_id,
                "statues": [None] * len(c.demand_statue_spaces),
                "mosaics": [None] * len(c.demand_mosaic_spaces),
            }
        )
    for seat in range(players):
        state["offer_statues"][offer_spaces - 1].append(c.colours[seat])
    contracts.refill_offer(state)
    for index in range(c.initial_ships):
        drawn = port.draw_ship(state)
        assert drawn is not None, "the ship stack is full at set-up"
        state["ships"][index] = {"id": drawn, "goods": [None] * len(c.ships[drawn].spaces)}
    state["draws"] = 0
    state["log"] = [f"Set-up card {c.setup_cards.index(card) + 1}; the family draft begins with the last player"]
    state["events"] = 1
    state["pending"] = [{"do": "draft", "seat": seat} for seat in range(players - 1, -1, -1)]
    state["pending"].append({"do": "begin", "seat": 0})
    return state
