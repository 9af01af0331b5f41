"""Loading a stored state: validate everything, raise only ``StateError``.

``dump`` is a deep copy (the state is plain JSON already); ``load`` checks the
shape, every name against the component data and the map, and that no Ethos
card was created or lost, before handing back a copy.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from engine.core import Rng, StateError, clone, require
from engine.games.hellenica.board import get_map
from engine.games.hellenica.components import (ACTIONS, ADVANCEMENTS, DEITIES, DEITY_COPIES, GOVERNMENTS, OBJECTIVES,
                                               UNITS, UPGRADES, ethos_deck)
from engine.games.hellenica.state import UPGRADE_STATES
from engine.games.hellenica.steps import STEPS

PHASE_NAMES = ("setup", "ethos", "favorite", "actions", "conquest", "upkeep", "over")
TOP_KEYS = ("players", "options", "rng", "map", "turn", "phase", "phase_started", "stack", "next_id", "chaos",
            "favorite", "direction", "pathos", "ethos_deck", "deity_deck", "impassable", "seats", "cities",
            "mines", "units", "order", "cursor", "round", "log", "log_seq", "winners", "reason", "notes",
            "revealed")
SEAT_KEYS = ("city", "favor", "commerce", "philosophers", "cubes", "advancements", "deities", "deity_hand",
             "ethos", "ethos_hand", "ethos_kept", "passed", "wonder_built", "leaders_used")


def load(data: Mapping[str, Any]) -> dict:
    try:
        state = clone(dict(data))
        _check(state)
        return state
    except StateError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OSError) as error:
        raise StateError(f"not a Hellenica state: {error!r}") from None


def _int(value: Any, low: int = 0, high: int | None = None) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low and (high is None or value <= high)


def _check(state: dict) -> None:
    missing = [key for key in TOP_KEYS if key not in state]
    require(not missing, f"the state lacks {', '.join(missing)}")
    players = state["players"]
    require(_int(players, 2, 7), "players must be 2 to 7")
    require(isinstance(state["options"], dict), "options must be an object")
    Rng.from_json(state["rng"])
    require(isinstance(state["map"], str), "map must be a name")
    board = get_map(state)
    seats = range(players)
    require(_int(state["turn"], 1), "turn must be 1 or more")
    require(state["phase"] in PHASE_NAMES, "unknown phase")
    require(isinstance(state["phase_started"], bool), "phase_started must be true or false")
    require(_int(state["chaos"]), "chaos must be a whole number")
    require(state["favorite"] in seats, "the favorite must be a seat")
    require(state["direction"] in ("zeus", "hera"), "direction must be zeus or hera")
    require(all(c in OBJECTIVES and OBJECTIVES[c].kind == "pathos" for c in state["pathos"]), "unknown Pathos card")
    require(isinstance(state["deity_deck"], dict) and set(state["deity_deck"]) == set(DEITIES)
            and all(_int(v, 0, DEITY_COPIES) for v in state["deity_deck"].values()), "bad deity deck")
    require(all(a in board.areas for a in state["impassable"]), "unknown impassable area")
    require(isinstance(state["seats"], list) and len(state["seats"]) == players, "one seat record per player")
    for player in state["seats"]:
        _check_seat(player, board)
    _check_ethos(state)
    _check_cities(state, board, seats)
    _check_units(state, board, seats)
    _check_stack(state, seats)
    require(all(s in seats for s in state["order"]) and _int(state["cursor"], -1) and _int(state["round"]),
            "bad turn order")
    require(all(isinstance(e, dict) and _int(e["n"]) and isinstance(e["text"], str) for e in state["log"])
            and _int(state["log_seq"]), "bad log")
    require(all(s in seats for s in state["winners"]) and isinstance(state["reason"], str)
            and all(isinstance(n, str) for n in state["notes"]), "bad result")
    require(isinstance(state["revealed"], dict) and all(
        k.isdigit() and int(k) in seats and all(c in OBJECTIVES for c in v) for k, v in state["revealed"].items()),
        "bad revealed cards")


def _check_seat(player: dict, board: Any) -> None:
    missing = [key for key in SEAT_KEYS if key not in player]
    require(not missing, f"a seat lacks {', '.join(missing)}")
    require(player["city"] is None or player["city"] in board.homes, "a seat's city must be a home city")
    require(all(_int(player[k]) for k in ("favor", "commerce", "philosophers")), "commodities must be 0 or more")
    require(isinstance(player["cubes"], dict) and set(player["cubes"]) == set(ACTIONS)
            and all(_int(v) for v in player["cubes"].values()), "bad action cubes")
    require(all(a in ADVANCEMENTS for a in player["advancements"]), "unknown advancement")
    require(len(set(player["advancements"])) == len(player["advancements"]), "an advancement is owned twice")
    require(all(d in DEITIES for d in player["deities"] + player["deity_hand"]), "unknown deity")
    require(all(isinstance(player[k], bool) for k in ("ethos_kept", "passed", "wonder_built")), "bad flags")
    require(all(t in ("land", "sea") for t in player["leaders_used"]), "bad leader tokens")


def _check_ethos(state: dict) -> None:
    held = list(state["ethos_deck"])
    for player in state["seats"]:
        held += player["ethos"] + player["ethos_hand"]
    require(Counter(held) == Counter(ethos_deck()), "Ethos cards were created or lost")


def _check_piece(piece: Any, government: bool = False) -> None:
    if piece is None:
        return
    require(isinstance(piece, dict) and piece.get("state") in UPGRADE_STATES, "bad upgrade state")
    kinds = GOVERNMENTS if government else UPGRADES
    require(piece.get("type") in kinds, f"unknown {'government' if government else 'upgrade'} {piece.get('type')}")
    require("deity" not in piece or piece["deity"] in DEITIES, "unknown temple deity")


def _check_cities(state: dict, board: Any, seats: range) -> None:
    require(set(state["cities"]) == set(board.cities), "the cities do not match the map")
    for name, record in state["cities"].items():
        area = board.areas[name]
        require(record["owner"] is None or record["owner"] in seats, f"bad owner of {name}")
        require(isinstance(record["slots"], list) and len(record["slots"]) == area.settlements,
                f"{name} must have {area.settlements} settlements")
        for piece in record["slots"]:
            _check_piece(piece)
        _check_piece(record["government"], government=True)
        require(("oracle" in record) == bool(area.free_temple), f"{name}'s Free Temple does not match the map")
        if "oracle" in record:
            _check_piece(record["oracle"])
            require(record["oracle"] is None or record["oracle"]["type"] == "temple", "the Free Temple holds a temple")
    require(set(state["mines"]) == set(board.mines), "the mines do not match the map")
    for piece in state["mines"].values():
        _check_piece(piece)


def _check_units(state: dict, board: Any, seats: range) -> None:
    require(isinstance(state["units"], dict), "units must be an object")
    for area, stacks in state["units"].items():
        require(area in board.areas and isinstance(stacks, list) and stacks, f"bad units in {area}")
        for stack in stacks:
            require(stack["owner"] in seats and stack["kind"] in UNITS and isinstance(stack["elite"], bool)
                    and isinstance(stack["moved"], bool) and _int(stack["used"]) and _int(stack["n"], 1),
                    f"bad unit stack in {area}")


def _check_stack(state: dict, seats: range) -> None:
    require(isinstance(state["stack"], list), "the decision stack must be a list")
    ids = []
    for frame in state["stack"]:
        require(isinstance(frame, dict) and frame.get("kind") in STEPS and _int(frame.get("id"), 1),
                "unknown decision frame")
        ids.append(frame["id"])
        if "seat" in frame:
            require(frame["seat"] in seats, "a decision frame names an unknown seat")
        if "waiting" in frame:
            require(all(s in seats for s in frame["waiting"]), "a decision frame waits for an unknown seat")
    require(len(set(ids)) == len(ids) and _int(state["next_id"], max(ids, default=0) + 1), "bad frame ids")
