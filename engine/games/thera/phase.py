"""The phase in progress: who is favored, with how much favor, who has
finished, and each seat's allowances.

Rulebook: "Every player, including yourself, performs the normal action/s for
the role. You are the favored player and receive additional special actions
based on how many favor tokens are on the role when it is chosen." "if a
situation arises where the order in which players perform actions matters,
you (the favored player) performs all of your actions first, followed by the
player to your left, and so on clockwise around the table."

``state["phase"]`` keys: ``role``; ``chooser`` (whose turn it is);
``favored`` (that seat, or None in Two Player Thera's second phase);
``favor`` (tokens on the role plus drachma spent); ``spent``; ``second``;
``order`` (seats from the chooser clockwise); ``done`` and ``acted`` (per
seat); ``cursor`` (Noble: the index in ``order`` of the seat picking);
``built`` (``[seat, type]`` per luxury built, for novelty); ``allow`` (per
seat, named counters such as ``water`` or ``work:c2``); ``credits`` (per
seat, moves left per resource, see ``movement``); ``extra`` (per seat,
moves usable on any resource).
"""

from __future__ import annotations

from typing import Any

from engine.games.thera.components import COMPONENTS
from engine.games.thera.state import State, seat_order

Phase = dict[str, Any]


def new_phase(state: State, role: str, favored: int | None, favor: int, spent: int, second: bool) -> Phase:
    """A phase of ``role`` in the current player's turn."""
    players = state["players"]
    return {
        "role": role,
        "chooser": state["turn"],
        "favored": favored,
        "favor": favor,
        "spent": spent,
        "second": second,
        "order": seat_order(state, state["turn"]),
        "done": [False] * players,
        "acted": [False] * players,
        "cursor": 0,
        "built": [],
        "allow": [{} for _ in range(players)],
        "credits": [{} for _ in range(players)],
        "extra": [0] * players,
    }


def rules(role: str) -> dict[str, Any]:
    """The role's numbers from ``roles.toml``."""
    return dict(COMPONENTS.role(role))


def favored_gains(role: str, favor: int) -> dict[str, int]:
    """Everything the favored player of ``role`` gets for ``favor``, by name
    (0 where a threshold is not reached), as the role list words it and the
    bots weigh it; test_thresholds holds the phases to the same figures."""
    r = rules(role)
    if role == "priest":
        return {"extra water": favor // r["extra_water_per"], "envoy": int(favor >= r["envoy_at"])}
    if role == "noble":
        return {
            "extra pick": int(favor >= r["second_pick_at"]),
            "luxury build": int(favor >= r["build_at"]),
            "drachma": favor // r["drachma_per"],
        }
    if role == "worker":
        return {"double activation": favor // r["double_per"]}
    if role == "planner":
        return {
            "extra move": favor // r["extra_move_per"],
            "free road": favor // r["free_road_per"],
            "recognition": sum(amount for threshold, amount in r["recognition"] if favor >= threshold),
        }
    if role == "builder":
        return {"extra building": int(favor >= r["extra_building_at"]), "free road": favor // r["free_road_per"]}
    return {"drachma": favor // r["drachma_per"], "extra trade": favor // r["trade_per"]}


def favor_of(state: State, seat: int) -> int:
    """The favor ``seat`` acts with this phase: the role's favor for the
    favored player, nothing for everyone else."""
    phase = state["phase"]
    return phase["favor"] if phase["favored"] == seat else 0


def every(state: State, seat: int, per: int) -> int:
    """ "For every N favor": how many times ``seat`` earns a favored action."""
    return favor_of(state, seat) // per


def at_least(state: State, seat: int, threshold: int) -> bool:
    """ "If there are N or more favor": whether ``seat`` has that favored action."""
    phase = state["phase"]
    return phase["favored"] == seat and phase["favor"] >= threshold


def allowance(state: State, seat: int, key: str) -> int:
    """How many of ``key`` the seat has left this phase."""
    return state["phase"]["allow"][seat].get(key, 0)


def grant(state: State, seat: int, key: str, amount: int = 1) -> None:
    """Give the seat ``amount`` more of ``key``."""
    if amount:
        allow = state["phase"]["allow"][seat]
        allow[key] = allow.get(key, 0) + amount


def use(state: State, seat: int, key: str, amount: int = 1) -> None:
    """Spend ``amount`` of ``key`` (the caller checked it is there)."""
    allow = state["phase"]["allow"][seat]
    left = allow.get(key, 0) - amount
    assert left >= 0, f"using an allowance ({key}) that is not there"
    if left:
        allow[key] = left
    else:
        allow.pop(key, None)


def keys_with(state: State, seat: int, prefix: str) -> list[tuple[int, int]]:
    """Allowances keyed by location (``spring:b3``): (location, amount) pairs."""
    mat = COMPONENTS.mat
    found = []
    for key, amount in state["phase"]["allow"][seat].items():
        if key.startswith(prefix + ":") and amount:
            location = mat.parse(key.split(":", 1)[1])
            assert location is not None
            found.append((location, amount))
    return sorted(found)


def at(prefix: str, location: int) -> str:
    """The allowance key of a location: ``at("work", 15)`` -> ``work:c2``."""
    return f"{prefix}:{COMPONENTS.mat.name(location)}"


def earlier_seats(state: State, seat: int) -> list[int]:
    """Seats that act before ``seat`` when order matters and are not done."""
    phase = state["phase"]
    order = phase["order"]
    return [s for s in order[: order.index(seat)] if not phase["done"][s]]


def mark_acted(state: State, seat: int) -> None:
    """``seat`` took a step of this phase other than Divine Intervention and
    its moves. Divine Intervention comes "before the owner of the token
    performs the normal actions", so from now on it is closed, and moves left
    over from it lapse (outside the Planner, whose moves they join)."""
    phase = state["phase"]
    if phase["acted"][seat]:
        return
    phase["acted"][seat] = True
    if phase["role"] != "planner":
        phase["credits"][seat] = {}
