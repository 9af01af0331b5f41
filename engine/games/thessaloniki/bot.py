"""AI seats.

- ``easy``: a random legal action, though it rarely ends its actions or
  passes while something else is possible.
- ``normal``: one step of look-ahead. It plays each option on a copy and
  keeps the one whose position it values most: the points it would score if
  the game ended now, plus what its goods, pieces, cards, chariot and unused
  ⚡ are likely to become.
"""

from __future__ import annotations

import random
from typing import Any

from engine.games.thessaloniki import scoring
from engine.games.thessaloniki.state import State, comp
from engine.games.thessaloniki.steps import DONE, PASS

MAX_EVALUATED = 48
"""Options the normal bot plays out; beyond that it samples (for speed)."""

WORTH = {
    "raw": 0.6, "refined": 1.4, "salt": 1.0, "hand": 1.5, "piece_on_board": 1.5, "chariot_step": 1.2,
    "energy": 2.5, "ship_majority": 2.0, "permanent": 4.0,
}
"""Rough VP-equivalents of things that are not points yet."""


def choose(game: Any, state: State, seat: int, level: str, seed: int, budget: float) -> str:
    actions = game.legal(state, seat)
    if not actions:
        from engine.core import IllegalAction

        raise IllegalAction(f"{game.seat_name(state, seat)} has nothing to do right now.")
    rng = random.Random(seed)
    if len(actions) == 1:
        return actions[0]
    if level == "easy":
        return _easy(actions, rng)
    return _greedy(game, state, seat, actions, rng)


def _easy(actions: list[str], rng: random.Random) -> str:
    others = [a for a in actions if a not in (PASS, DONE)]
    if others and rng.random() < 0.85:
        return rng.choice(others)
    return rng.choice(actions)


def _greedy(game: Any, state: State, seat: int, actions: list[str], rng: random.Random) -> str:
    candidates = list(actions)
    if len(candidates) > MAX_EVALUATED:
        keep = [a for a in candidates if a in (PASS, DONE)]
        candidates = keep + rng.sample([a for a in candidates if a not in keep], MAX_EVALUATED - len(keep))
    best: list[str] = []
    best_value = float("-inf")
    for action in candidates:
        after = game.play(state, seat, action)
        value = position_value(after, seat)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return rng.choice(best)


def position_value(state: State, seat: int) -> float:
    """What a position is worth to ``seat``, in rough victory points."""
    data = state["seats"][seat]
    if state.get("final"):
        return float(state["final"]["breakdown"][seat]["total"])
    points = scoring.seat_breakdown(state, seat)["total"]
    potential = (
        WORTH["raw"] * sum(data["raw"].values())
        + WORTH["refined"] * sum(data["refined"].values())
        + WORTH["salt"] * data["salt"]
        + WORTH["hand"] * len(data["hand"])
        + WORTH["piece_on_board"] * (data["mosaics"]["board"] + data["statues"]["board"])
        + WORTH["chariot_step"] * data["chariot"]
        + WORTH["permanent"] * sum(1 for cid in data["fulfilled"] if comp().contracts[cid].kind == "permanent")
    )
    if state["turn"]["seat"] == seat:
        potential += WORTH["energy"] * state["turn"]["energy"]
    potential += WORTH["ship_majority"] * _ship_leads(state, seat)
    return points + potential


def _ship_leads(state: State, seat: int) -> int:
    """Ships in the offer the seat would claim if they sailed now."""
    from engine.games.thessaloniki.port import majority

    return sum(1 for ship in state["ships"] if ship is not None and majority(state, ship, seat) == seat)

