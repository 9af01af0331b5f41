"""Saving and loading: a state is already a JSON tree, so ``dump`` copies it
and ``load`` checks every part of it before trusting it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.core import Rng, StateError, require
from engine.games.thessaloniki import steps
from engine.games.thessaloniki.state import State, comp, copy_state, copy_tree

TOP_KEYS = {
    "players": int,
    "options": dict,
    "rng": int,
    "draws": int,
    "phase": str,
    "round": int,
    "active": int,
    "turn": dict,
    "seats": list,
    "alcoves": dict,
    "pool": int,
    "alcove_mosaics": dict,
    "alcove_statues": dict,
    "entrance": list,
    "offer": list,
    "offer_statues": list,
    "deck": list,
    "reserve": list,
    "reserve_used": bool,
    "ships": list,
    "sailed": bool,
    "ship_stack": list,
    "ship_aside": list,
    "ship_box": list,
    "demand": list,
    "demand_stacks": dict,
    "families": list,
    "end": dict,
    "pending": list,
    "log": list,
    "events": int,
}
SEAT_INTS = ("vp", "denarii", "salt", "storage_mosaics", "chariot")
TURN_KEYS = (
    "seat",
    "alcove",
    "energy",
    "spent",
    "bought",
    "bonus",
    "mosaic_bonuses",
    "took_contracts",
    "ability_used",
    "free_merchant_used",
    "moved",
)


def dump(state: State) -> dict[str, Any]:
    return copy_state(state)


def _int(value: Any, low: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def _check_seat(data: Any, index: int) -> None:
    c = comp()
    require(isinstance(data, dict), f"seat {index} must be an object")
    require(data.get("colour") in c.colours, f"seat {index} has no known colour")
    for key in SEAT_INTS:
        require(_int(data.get(key)), f"seat {index}: {key} must be a whole number from 0")
    for key in ("raw", "refined"):
        goods = data.get(key)
        require(
            isinstance(goods, dict) and set(goods) == set(c.raw_goods) and all(_int(v) for v in goods.values()),
            f"seat {index}: {key} goods are malformed",
        )
    require(data["storage_mosaics"] <= c.pieces["storage_areas"], f"seat {index}: too many storage mosaics")
    require(data["chariot"] <= len(c.chariot_spaces), f"seat {index}: chariot beyond the track")
    for piece in ("mosaics", "statues"):
        pool = data.get(piece)
        require(
            isinstance(pool, dict) and _int(pool.get("supply")) and _int(pool.get("board")),
            f"seat {index}: {piece} are malformed",
        )
    for key in ("hand", "fulfilled"):
        require(
            isinstance(data.get(key), list) and all(cid in c.contracts for cid in data[key]),
            f"seat {index}: unknown contract in {key}",
        )
    require(
        isinstance(data.get("ships"), list) and all(sid in c.ships for sid in data["ships"]),
        f"seat {index}: unknown ship",
    )
    require(data.get("family") is None or data["family"] in c.families, f"seat {index}: unknown family")


def _check_board(state: Mapping[str, Any]) -> None:
    c = comp()
    players = state["players"]
    require(set(state["alcoves"]) == set(c.alcove_order), "alcoves must be the seven alcoves")
    tokens: list[str] = []
    for name, placed in state["alcoves"].items():
        require(isinstance(placed, list) and len(placed) <= c.alcoves[name].capacity, f"{name} is overfull")
        tokens += placed
    expected = ["salt"] + [f"{colour}:{kind}" for colour in c.colours for kind in ("P", "M", "M")]
    require(sorted(tokens) == sorted(expected), "the workers on the board are not the 13 workers")
    colours = set(c.colours[:players])
    for key in ("alcove_mosaics", "alcove_statues"):
        require(
            set(state[key]) == set(c.alcove_order)
            and all(isinstance(v, list) and set(v) <= colours for v in state[key].values()),
            f"{key} are malformed",
        )
    require(set(state["entrance"]) <= colours, "entrance mosaics are malformed")
    offer_size = c.pieces["contract_offer"]
    require(
        len(state["offer"]) == offer_size and all(x is None or x in c.contracts for x in state["offer"]),
        "the contract offer is malformed",
    )
    require(
        len(state["offer_statues"]) == offer_size
        and all(isinstance(s, list) and set(s) <= colours and len(set(s)) == len(s) for s in state["offer_statues"]),
        "the offer statues are malformed",
    )
    deck_ok = all(x in c.contracts or x == c.festival_card for x in state["deck"])
    require(deck_ok and all(x in c.contracts for x in state["reserve"]), "the contract deck is malformed")
    cards = [x for x in state["offer"] if x] + state["deck"] + state["reserve"]
    for data in state["seats"]:
        cards += data["hand"] + data["fulfilled"]
    require(all(n == 1 for n in Counter(cards).values()), "a contract card is in two places")
    require(len(state["ships"]) == c.max_ships(), "the ship offer must have four spaces")
    tokens_ok = set(c.raw_goods) | set(c.refined_name.values()) | {"salt"}
    for ship in state["ships"]:
        if ship is None:
            continue
        require(isinstance(ship, dict) and ship.get("id") in c.ships, "a ship in the offer is unknown")
        goods = ship.get("goods")
        require(
            isinstance(goods, list)
            and len(goods) == len(c.ships[ship["id"]].spaces)
            and all(g is None or g in tokens_ok for g in goods),
            f"ship {ship['id']} has malformed goods",
        )
    for key in ("ship_stack", "ship_aside", "ship_box"):
        require(all(x in c.ships or x == c.festival_ship for x in state[key]), f"{key} is malformed")
    for tile in state["demand"]:
        require(isinstance(tile, dict) and tile.get("id") in c.demand_tiles, "an active demand tile is unknown")
        require(
            isinstance(tile.get("statues"), list)
            and len(tile["statues"]) == len(c.demand_statue_spaces)
            and isinstance(tile.get("mosaics"), list)
            and len(tile["mosaics"]) == len(c.demand_mosaic_spaces),
            f"demand tile {tile['id']} malformed",
        )
        require(
            all(x is None or x in colours for x in tile["statues"] + tile["mosaics"]),
            f"demand tile {tile['id']} holds an unknown colour",
        )
    require(
        set(state["demand_stacks"]) == set(c.cities)
        and all(all(t in c.demand_tiles for t in v) for v in state["demand_stacks"].values()),
        "the demand stacks are malformed",
    )
    require(all(f in c.families for f in state["families"]), "unknown family card on display")


def load(data: Mapping[str, Any]) -> State:
    """A checked copy of a dumped state; ``StateError`` if anything is off."""
    try:
        require(isinstance(data, Mapping), "a Thessaloniki state must be an object")
        for key, kind in TOP_KEYS.items():
            require(key in data, f"the state has no {key!r}")
            value = data[key]
            require(
                isinstance(value, kind) and not (kind is int and isinstance(value, bool)),
                f"{key!r} must be of type {kind.__name__}",
            )
        players = data["players"]
        require(2 <= players <= 4, "players must be 2 to 4")
        for key in ("pool", "round", "draws", "events"):
            require(_int(data[key]), f"{key!r} must be a whole number from 0")
        Rng.from_json(data["rng"])
        require(data["phase"] in ("draft", "play", "over"), "unknown phase")
        require(0 <= data["active"] < players, "the active seat is out of range")
        require(len(data["seats"]) == players, "one seat record per player")
        for index, seat in enumerate(data["seats"]):
            _check_seat(seat, index)
        require(len({s["colour"] for s in data["seats"]}) == players, "two seats share a colour")
        require(all(k in data["turn"] for k in TURN_KEYS), "the turn record is malformed")
        require(data["turn"]["alcove"] is None or data["turn"]["alcove"] in comp().alcoves, "unknown alcove")
        end = data["end"]
        require(
            all(isinstance(end.get(k), bool) for k in ("denarii", "demand", "contract", "ship"))
            and (end.get("last_round") is None or _int(end["last_round"])),
            "the end record is malformed",
        )
        for item in data["pending"]:
            require(isinstance(item, dict) and item.get("do") in steps.STEPS, "unknown pending step")
            require(_int(item.get("seat")) and item["seat"] < players, "a pending step has no valid seat")
        require(all(isinstance(line, str) for line in data["log"]), "the log must be text")
        require(
            "final" in data and (data["final"] is None or isinstance(data["final"], dict)),
            "the final scoring is malformed",
        )
        _check_board(data)
        return copy_tree(dict(data))  # every node: stored data is not trusted to be flat where states are
    except StateError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise StateError(f"not a Thessaloniki state: {error!r}") from None
