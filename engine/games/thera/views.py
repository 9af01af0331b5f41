"""What players see: the public view (channel, spectators) and a seat's view.

The public view holds no secret: luxury hands appear only as counts, the bag
only as a count (its contents follow from nothing public), the tiles dealt
in the advanced set-up only once kept. A seat's view is the public view plus
``seat`` and ``private``: that seat's hand and dealt tiles.

Static facts the renderer needs (the mat's layout, building names and costs)
ride along, so pictures are drawn from views alone.
"""

from __future__ import annotations

from typing import Any

from engine.core import SEAT_COLOURS
from engine.games.thera import flow, scoring
from engine.games.thera.components import COMPONENTS, RESOURCES, Cost, Luxury
from engine.games.thera.state import State

MAT = COMPONENTS.mat


def _cost(cost: Cost | None) -> dict[str, int] | None:
    if cost is None:
        return None
    amounts = {name: n for name, n in zip(RESOURCES, cost.resources) if n}
    if cost.drachma:
        amounts["drachma"] = cost.drachma
    return amounts


def luxury_card(luxury_id: str) -> dict[str, Any]:
    """A luxury as the views show it: id, name, type, cost, recognition."""
    luxury: Luxury = COMPONENTS.luxuries[luxury_id]
    return {
        "id": luxury.id,
        "name": luxury.name,
        "type": luxury.type,
        "cost": _cost(luxury.cost),
        "recognition": luxury.recognition,
    }


def _map() -> dict[str, Any]:
    return {
        "locations": [
            {
                "name": name,
                "x": MAT.coordinates(i)[0],
                "y": MAT.coordinates(i)[1],
                "vista": MAT.vistas.get(i),
                "start": i in MAT.start,
            }
            for i, name in enumerate(MAT.names)
        ],
        "roads": [MAT.road_name(r) for r in range(len(MAT.roads))],
        "port": MAT.name(MAT.port),
        "small_quarry": MAT.name(MAT.small_quarry),
    }


MAP = _map()


def _map_view() -> dict[str, Any]:
    """A copy of ``MAP`` for one view: its locations are flat dicts and its
    roads words, so copying them by hand gives what ``clone`` gives, several
    times faster (every view carries the map)."""
    return {
        "locations": [dict(location) for location in MAP["locations"]],
        "roads": list(MAP["roads"]),
        "port": MAP["port"],
        "small_quarry": MAP["small_quarry"],
    }


def _island(state: State, seat: int) -> dict[str, Any]:
    mat = state["mats"][seat]
    connected = MAT.connected(mat["roads"], MAT.port)
    buildings = []
    for location, building in enumerate(mat["buildings"]):
        if building is None:
            continue
        kind = "luxury" if building in COMPONENTS.luxuries else "industry"
        entry = {
            "location": MAT.name(location),
            "id": building,
            "name": COMPONENTS.building(building).name,
            "kind": kind,
            "recognition": COMPONENTS.building(building).recognition,
        }
        if kind == "luxury":
            entry["type"] = COMPONENTS.luxuries[building].type
        buildings.append(entry)
    built_score = scoring.building_recognition(state, seat)
    return {
        "seat": seat,
        "colour": SEAT_COLOURS[seat],
        "buildings": buildings,
        "roads": [MAT.road_name(r) for r, built in enumerate(mat["roads"]) if built],
        "resources": {
            MAT.name(i): {name: n for name, n in zip(RESOURCES, here) if n}
            for i, here in enumerate(mat["res"])
            if any(here)
        },
        "connected": sorted(MAT.name(i) for i in connected),
        "drachma": state["drachma"][seat],
        "hand": len(state["hands"][seat]),
        "divine": state["divine"][seat],
        "bonus": state["bonus"][seat],
        "building_recognition": built_score,
        "recognition": built_score + state["bonus"][seat],
        "luxuries": scoring.luxuries_built(state, seat),
    }


def _phase(state: State) -> dict[str, Any] | None:
    phase = state["phase"]
    if phase is None:
        return None
    return {
        "role": phase["role"],
        "chooser": phase["chooser"],
        "favored": phase["favored"],
        "favor": phase["favor"],
        "spent": phase["spent"],
        "second": phase["second"],
        "order": list(phase["order"]),
        "done": list(phase["done"]),
        "allowances": [dict(sorted(a.items())) for a in phase["allow"]],
        "extra_moves": list(phase["extra"]),
        "moves_left": [sum(len(units) for units in c.values()) for c in phase["credits"]],
        "built": [list(entry) for entry in phase["built"]],
    }


def _setup(state: State) -> dict[str, Any] | None:
    setup = state["setup"]
    if setup is None:
        return None
    return {
        "kept": [
            [{"number": n, "text": COMPONENTS.tiles[n - 1].describe(COMPONENTS.industry)} for n in kept]
            for kept in setup["kept"]
        ],
        "to_place": [
            {
                "buildings": list(setup["buildings"][s]),
                "resources": {name: n for name, n in zip(RESOURCES, setup["res"][s]) if n},
            }
            for s in range(state["players"])
        ],
        "done": list(setup["done"]),
    }


def public(state: State) -> dict[str, Any]:
    """The view for the channel: everything but hands, dealt tiles and the bag's contents."""
    n = state["players"]
    track = COMPONENTS.novelty_track
    view: dict[str, Any] = {
        "game": "thera",
        "players": n,
        "seats": [SEAT_COLOURS[s] for s in range(n)],
        "options": dict(state["options"]),
        "step": state["step"],
        "turn": state["turn"],
        "to_move": flow.to_move(state),
        "wheel": [
            {"role": role, "favor": state["favor"][i], "chosen_by": state["chosen_by"][i]}
            for i, role in enumerate(state["wheel"])
        ],
        "reserve": state["reserve"],
        "last": dict(state["last"]) if state["last"] else None,
        "last_move": dict(state["last_move"]) if state.get("last_move") else None,
        "phase": _phase(state),
        "setup": _setup(state),
        "pool": [luxury_card(lux) for lux in state["pool"]],
        "bag": len(state["bag"]),
        "discarded": state["discarded"],
        "removed": state["removed"],
        "novelty": [
            {
                "type": kind,
                "name": name,
                "position": state["novelty"][kind],
                "value": track[state["novelty"][kind]],
                "track": list(track),
            }
            for kind, name in COMPONENTS.types.items()
        ],
        "industry": [
            {
                "id": kind,
                "name": COMPONENTS.industry[kind].name,
                "left": left,
                "phase": COMPONENTS.industry[kind].phase,
                "cost": _cost(COMPONENTS.industry[kind].cost),
                "recognition": COMPONENTS.industry[kind].recognition,
            }
            for kind, left in state["industry"].items()
        ],
        "trade": {name: {"lot": rate.lot, "price": rate.price} for name, rate in COMPONENTS.trade.items()},
        "islands": [_island(state, s) for s in range(n)],
        "map": _map_view(),
        "final_round": state["final_seat"] is not None,
        "final_seat": state["final_seat"],
        "ply": state["ply"],
    }
    if state["step"] == "over":
        result = scoring.outcome(state)
        view["outcome"] = result.to_dict()
    return view


def for_seat(state: State, seat: int) -> dict[str, Any]:
    """The public view plus ``seat`` and ``private`` (its hand and dealt tiles)."""
    view = public(state)
    view["seat"] = seat
    view["private"] = private_part(state, seat)
    return view


def private_part(state: State, seat: int) -> dict[str, Any]:
    """What only ``seat`` sees: its luxury hand and the tiles dealt to it."""
    private: dict[str, Any] = {"hand": [luxury_card(lux) for lux in sorted(state["hands"][seat])]}
    if state["setup"] is not None and state["setup"]["dealt"][seat]:
        private["tiles"] = [
            {"number": n, "text": COMPONENTS.tiles[n - 1].describe(COMPONENTS.industry)}
            for n in state["setup"]["dealt"][seat]
        ]
    return private
