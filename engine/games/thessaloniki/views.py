"""What players see: the public view (the table, the picture) and each
seat's private view (its contract hand).

Hidden and therefore absent from the public view: the cards in each hand
(only how many), the order of the contract deck, the tier II reserve, the
ship stack and the inactive demand tiles (only how many).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.games.thessaloniki import contracts, scoring, steps, workers
from engine.games.thessaloniki.ending import CONDITIONS
from engine.games.thessaloniki.state import State, comp
from engine.games.thessaloniki.text import contract_card, effects_label, effects_text, family_card, ship_card

GAME_NAME = "thessaloniki"
RECENT_EVENTS = 14


def _spaces_in_play(minimums: tuple[int, ...], players: int) -> int:
    return sum(1 for least in minimums if least <= players)


@cache
def _alcove_words(name: str, players: int) -> tuple[tuple[str, Any], ...]:
    """What never changes about an alcove at a player count (its words are
    the costly part of a view), worked out once."""
    spec = comp().alcoves[name]
    return (
        ("name", name),
        ("title", spec.title),
        ("mosaic_spaces", _spaces_in_play(spec.mosaic_spaces, players)),
        ("statue_spaces", _spaces_in_play(spec.statue_spaces, players)),
        ("bonus", effects_text(spec.bonus)),
        ("mosaic_bonus", effects_text(spec.mosaic_bonus)),
        ("sunset", effects_text(spec.sunset) if spec.sunset else ""),
        ("denarius_space_after", name == comp().denarius_after),
    )


@cache
def _chariot_words() -> dict[str, Any]:
    """Each chariot space's reward in words, and in a few words (``labels``,
    for the picture's small spaces)."""
    c = comp()
    return {
        "spaces": tuple(effects_text(space) for space in c.chariot_spaces),
        "labels": tuple(effects_label(space) for space in c.chariot_spaces),
        "beyond": effects_text(c.chariot_beyond),
    }


def _alcove(state: State, name: str) -> dict[str, Any]:
    view = dict(_alcove_words(name, state["players"]))
    view.update(
        workers=[{"colour": workers.token_colour(w), "kind": workers.token_kind(w)} for w in state["alcoves"][name]],
        action_points=list(comp().alcoves[name].action_points),
        visible=workers.visible_action_points(state, name),
        mosaics=list(state["alcove_mosaics"][name]),
        statues=list(state["alcove_statues"][name]),
    )
    return view


def _ship(state: State, index: int) -> dict[str, Any] | None:
    ship = state["ships"][index]
    if ship is None:
        return None
    card = ship_card(ship["id"])
    card["goods"] = list(ship["goods"])
    return card


def _demand(state: State, tile: dict[str, Any]) -> dict[str, Any]:
    c = comp()
    spec = c.demand_tiles[tile["id"]]
    players = state["players"]
    return {
        "id": tile["id"],
        "city": spec.city,
        "legacy": spec.legacy,
        "statues": [
            {"value": spec.statues[i], "colour": tile["statues"][i]}
            for i in range(_spaces_in_play(c.demand_statue_spaces, players))
        ],
        "mosaics": list(tile["mosaics"][: _spaces_in_play(c.demand_mosaic_spaces, players)]),
        "limit": c.demand_mosaic_limit,
    }


def _seat(state: State, seat: int) -> dict[str, Any]:
    data = state["seats"][seat]
    c = comp()
    return {
        "colour": data["colour"],
        "vp": data["vp"],
        "denarii": data["denarii"],
        "salt": data["salt"],
        "raw": dict(data["raw"]),
        "refined": {c.refined_name[g]: n for g, n in data["refined"].items()},
        "storage_mosaics": data["storage_mosaics"],
        "mosaics": dict(data["mosaics"]),
        "statues": dict(data["statues"]),
        "chariot": data["chariot"],
        "hand_count": len(data["hand"]),
        "fulfilled": [contract_card(cid) for cid in data["fulfilled"]],
        "ships": [ship_card(sid) for sid in data["ships"]],
        "family": family_card(data["family"]) if data["family"] else None,
        "legacy": scoring.legacy_counts(state, seat),
        "demand_points": sum(scoring.demand_points(state, seat).values()),
        "offer_statues": contracts.offer_statue_count(state, seat),
    }


def prompt_text(state: State) -> str:
    """Who is to act and on what, in words."""
    if state["phase"] == "over":
        return "The game is over"
    found = steps.current(state)
    if found is None:
        return ""
    item, handler = found
    names = " and ".join(state["seats"][s]["colour"].capitalize() for s in handler.seats(state, item))
    return f"{names}: {handler.prompt(state, item)}"


def public_view(state: State) -> dict[str, Any]:
    c = comp()
    turn = state["turn"]
    return {
        "game": GAME_NAME,
        "players": state["players"],
        "seats": [data["colour"].capitalize() for data in state["seats"]],
        "colours": list(c.colours),
        "colour_goods": dict(c.colour_good),
        "goods": {"raw": list(c.raw_goods), "refined": dict(c.refined_name)},
        "phase": state["phase"],
        "round": state["round"],
        "active": state["active"],
        "to_move": steps.waiting_seats(state) if state["phase"] != "over" else [],
        "prompt": prompt_text(state),
        "turn": {
            "seat": turn["seat"],
            "alcove": turn["alcove"],
            "energy": turn["energy"],
            "spent": turn["spent"],
            "bought": turn["bought"],
        },
        "alcoves": [_alcove(state, name) for name in c.alcove_order],
        "pool": state["pool"],
        "entrance": {
            "mosaics": list(state["entrance"]),
            "spaces": _spaces_in_play(c.entrance_spaces, state["players"]),
        },
        "offer": [contract_card(cid) if cid else None for cid in state["offer"]],
        "offer_statues": [list(section) for section in state["offer_statues"]],
        "deck": len(state["deck"]),
        "reserve": len(state["reserve"]),
        "reserve_used": state["reserve_used"],
        "ships": [_ship(state, i) for i in range(c.max_ships())],
        "sale_values": list(c.sale_values),
        "sailed": state["sailed"],
        "ship_stack": len(state["ship_stack"]),
        "ship_aside": len(state["ship_aside"]),
        "demand": [_demand(state, tile) for tile in state["demand"]],
        "demand_stacks": {city: len(ids) for city, ids in state["demand_stacks"].items()},
        "cities": {city: c.city_titles[city] for city in c.cities},
        "chariot": {key: list(words) if isinstance(words, tuple) else words for key, words in _chariot_words().items()},
        "seat_boards": [_seat(state, s) for s in range(state["players"])],
        "families": [family_card(fid) for fid in state["families"]],
        "end": {
            "conditions": {CONDITIONS[k]: state["end"][k] for k in CONDITIONS},
            "last_round": state["end"]["last_round"],
        },
        "log": state["log"][-RECENT_EVENTS:],
        "final": state["final"],
    }


def private_view(state: State, seat: int) -> dict[str, Any]:
    return {"hand": [contract_card(cid) for cid in sorted(state["seats"][seat]["hand"], key=contracts.card_number)]}
