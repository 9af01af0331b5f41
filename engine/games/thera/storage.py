"""``dump`` and ``load``: the state is JSON already; ``load`` checks it.

``load`` raises ``StateError`` (and nothing else) on anything malformed, so
a corrupted snapshot is refused instead of breaking a game later.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.core import StateError, clone, require
from engine.games.thera.components import COMPONENTS, RESOURCES, ROLES
from engine.games.thera.options import OPTIONS
from engine.games.thera.state import State, copy_state

STEPS = ("setup", "choose", "phase", "over")
KEYS = (
    "players",
    "options",
    "rng",
    "wheel",
    "favor",
    "reserve",
    "chosen_by",
    "bag",
    "pool",
    "discarded",
    "removed",
    "novelty",
    "industry",
    "mats",
    "drachma",
    "hands",
    "bonus",
    "divine",
    "turn",
    "step",
    "setup",
    "phase",
    "final_seat",
    "last",
    "ply",
)


def dump(state: State) -> dict[str, Any]:
    """The state as JSON-ready data (a copy)."""
    return copy_state(state)


def load(data: Mapping[str, Any]) -> State:
    """A state from dumped data; raises ``StateError`` if anything is malformed."""
    try:
        return _load(data)
    except StateError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise StateError(f"not a Thera state: {error!r}") from None


MOST_DRACHMA = 999
"""More than any real game holds (the money is not limited, but a stored purse
beyond this is damage): `legal` lists one role choice per drachma one might
spend, so the purse must be bounded."""


def _int(value: Any, what: str, low: int = 0, high: int | None = None) -> int:
    require(isinstance(value, int) and not isinstance(value, bool), f"{what} must be a whole number")
    require(value >= low and (high is None or value <= high), f"{what} is out of range")
    return value


def _ints(value: Any, length: int, what: str, low: int = 0, high: int | None = None) -> list[int]:
    require(isinstance(value, list) and len(value) == length, f"{what} must list {length} numbers")
    return [_int(v, what, low, high) for v in value]


def _seat(value: Any, players: int, what: str, optional: bool = False) -> None:
    if optional and value is None:
        return
    _int(value, what, 0, players - 1)


def _bools(value: Any, length: int, what: str) -> None:
    require(
        isinstance(value, list) and len(value) == length and all(isinstance(v, bool) for v in value),
        f"{what} must list {length} true/false flags",
    )


def _load(data: Mapping[str, Any]) -> State:
    require(isinstance(data, Mapping), "a state must be an object")
    missing = [k for k in KEYS if k not in data]
    require(not missing, f"the state lacks {', '.join(missing)}")
    state = clone(dict(data))
    lo, hi = COMPONENTS.min_players, COMPONENTS.max_players
    n = _int(state["players"], "players", lo, hi)
    options = state["options"]
    require(isinstance(options, dict) and set(options) == set(OPTIONS), "options must hold every Thera option")
    for name, option in OPTIONS.items():
        require(type(options[name]) is option.kind, f"option {name} has the wrong type")
    _int(state["rng"], "rng", 0, (1 << 64) - 1)
    require(
        isinstance(state["wheel"], list) and sorted(state["wheel"]) == sorted(ROLES), "the wheel holds the six roles"
    )
    favor = _ints(state["favor"], len(ROLES), "favor")
    reserve = _int(state["reserve"], "reserve")
    require(sum(favor) + reserve == COMPONENTS.favor_tokens, "there are 13 favor tokens")
    require(isinstance(state["chosen_by"], list) and len(state["chosen_by"]) == len(ROLES), "chosen_by per role")
    for seat in state["chosen_by"]:
        _seat(seat, n, "chosen_by", optional=True)
    _luxuries(state, n)
    _int(state["discarded"], "discarded")
    _int(state["removed"], "removed")
    novelty = state["novelty"]
    require(isinstance(novelty, dict) and set(novelty) == set(COMPONENTS.types), "novelty per luxury type")
    for kind, position in novelty.items():
        _int(position, f"novelty of {kind}", 0, len(COMPONENTS.novelty_track) - 1)
    industry = state["industry"]
    require(isinstance(industry, dict), "industry must be an object")
    for kind, left in industry.items():
        require(kind in COMPONENTS.industry and COMPONENTS.industry[kind].buildable, f"unknown industry {kind!r}")
        _int(left, f"{kind} left", 0, COMPONENTS.industry[kind].copies)
    require(isinstance(state["mats"], list) and len(state["mats"]) == n, "one mat per seat")
    for mat in state["mats"]:
        _mat(mat)
    _ints(state["drachma"], n, "drachma", 0, MOST_DRACHMA)
    _ints(state["bonus"], n, "bonus")
    _ints(state["divine"], n, "divine", 0, int(COMPONENTS.box["divine_per_player"]))
    _seat(state["turn"], n, "turn")
    require(state["step"] in STEPS, "unknown step")
    _seat(state["final_seat"], n, "final_seat", optional=True)
    require(state["last"] is None or isinstance(state["last"], dict), "last must be an object")
    # Snapshots from before the board marked the last move have no ``last_move``.
    last_move = state.setdefault("last_move", None)
    if last_move is not None:
        require(
            isinstance(last_move, dict)
            and set(last_move) == {"seat", "action"}
            and isinstance(last_move["action"], str),
            "last_move must be a seat and an action",
        )
        _seat(last_move["seat"], n, "last_move seat")
    _int(state["ply"], "ply")
    require((state["setup"] is not None) == (state["step"] == "setup"), "set-up data only during set-up")
    if state["setup"] is not None:
        _setup(state["setup"], n)
    require((state["phase"] is not None) == (state["step"] == "phase"), "phase data only during a phase")
    if state["phase"] is not None:
        _phase(state, state["phase"], n)
    return state


def _luxuries(state: State, n: int) -> None:
    for name in ("bag", "pool"):
        require(isinstance(state[name], list), f"{name} must be a list")
    require(isinstance(state["hands"], list) and len(state["hands"]) == n, "one hand per seat")
    built = [b for mat in state["mats"] for b in mat["buildings"] if b in COMPONENTS.luxuries]
    every = [*state["bag"], *state["pool"], *(lux for hand in state["hands"] for lux in hand), *built]
    require(all(isinstance(lux, str) and lux in COMPONENTS.luxuries for lux in every), "unknown luxury")
    require(
        all(count <= COMPONENTS.luxury_copies for count in Counter(every).values()),
        "more copies of a luxury than the box holds",
    )


def _mat(mat: Any) -> None:
    size = len(COMPONENTS.mat)
    require(isinstance(mat, dict) and set(mat) == {"buildings", "roads", "res"}, "a mat has buildings, roads, res")
    buildings = mat["buildings"]
    require(isinstance(buildings, list) and len(buildings) == size, f"a mat has {size} locations")
    require(
        all(b is None or b in COMPONENTS.industry or b in COMPONENTS.luxuries for b in buildings),
        "unknown building on a mat",
    )
    _ints(mat["roads"], len(COMPONENTS.mat.roads), "roads", 0, 1)
    require(isinstance(mat["res"], list) and len(mat["res"]) == size, "resources per location")
    for here in mat["res"]:
        _ints(here, len(RESOURCES), "resources")


def _setup(setup: Any, n: int) -> None:
    require(isinstance(setup, dict), "set-up must be an object")
    for key in ("dealt", "kept", "buildings", "res"):
        require(isinstance(setup[key], list) and len(setup[key]) == n, f"set-up {key} per seat")
    tiles = len(COMPONENTS.tiles)
    for seat in range(n):
        for key in ("dealt", "kept"):
            require(all(isinstance(t, int) and 1 <= t <= tiles for t in setup[key][seat]), "unknown tile")
        require(all(b in COMPONENTS.industry for b in setup["buildings"][seat]), "unknown set-up building")
        _ints(setup["res"][seat], len(RESOURCES), "set-up resources")
    _bools(setup["done"], n, "set-up done")


def _phase(state: State, phase: Any, n: int) -> None:
    require(isinstance(phase, dict), "the phase must be an object")
    require(phase["role"] in ROLES, "unknown role")
    _seat(phase["chooser"], n, "chooser")
    _seat(phase["favored"], n, "favored", optional=True)
    _int(phase["favor"], "favor")
    _int(phase["spent"], "spent")
    require(isinstance(phase["second"], bool), "second must be true or false")
    require(isinstance(phase["order"], list) and sorted(phase["order"]) == list(range(n)), "order of seats")
    _bools(phase["done"], n, "done")
    _bools(phase["acted"], n, "acted")
    _int(phase["cursor"], "cursor", 0, n - 1)
    require(isinstance(phase["built"], list), "built must be a list")
    for entry in phase["built"]:
        require(isinstance(entry, list) and len(entry) == 2 and entry[1] in COMPONENTS.types, "built entry")
        _seat(entry[0], n, "built seat")
    _ints(phase["extra"], n, "extra moves")
    for name in ("allow", "credits"):
        require(isinstance(phase[name], list) and len(phase[name]) == n, f"{name} per seat")
    for seat in range(n):
        allow = phase["allow"][seat]
        require(isinstance(allow, dict), "allowances must be an object")
        for key, amount in allow.items():
            require(isinstance(key, str), "allowance names are text")
            _int(amount, f"allowance {key}")
        credits = phase["credits"][seat]
        require(isinstance(credits, dict), "credits must be an object")
        for key, units in credits.items():
            place, _, resource = str(key).partition(":")
            location = COMPONENTS.mat.parse(place)
            require(location is not None and resource in RESOURCES, f"bad credit key {key!r}")
            require(isinstance(units, list) and all(isinstance(u, int) and u > 0 for u in units), "credits")
            here = state["mats"][seat]["res"][location][RESOURCES.index(resource)]
            require(len(units) <= here, "moves for resources that are not there")
