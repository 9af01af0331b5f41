"""AI seats.

- ``easy``: a random legal action, though it rarely ends its actions or
  passes while something else is possible.
- ``normal``: one step of look-ahead (two when moving: a move is worth the
  best first action it leads to). It plays each option on a copy and keeps
  the one whose position it values most: the points it would score if the
  game ended now, plus what its goods, pieces, cards, chariot and unused ⚡
  are likely to become, and what its statues on demand tiles and its ships
  may still score with the ships it leads in the offer and those to come.
"""

from __future__ import annotations

import random
from typing import Any

from engine.games.thessaloniki import scoring
from engine.games.thessaloniki.state import State, comp
from engine.games.thessaloniki.steps import DONE, PASS

MAX_EVALUATED = 48
"""Options the normal bot plays out; beyond that it samples (for speed)."""

LOOKAHEAD_SAMPLE = 12
"""Options it tries on arrival when weighing a move."""

WORTH = {
    "raw": 0.6, "raw_surplus": 0.15, "refined": 1.4, "salt": 1.0, "hand": 1.5, "piece_on_board": 1.0,
    "chariot_step": 1.2, "energy": 2.5, "ship_majority": 2.0, "permanent": 4.0, "ship": 1.0,
    "future_ships": 1.2, "certainty": 0.7,
}
"""Rough VP-equivalents of things that are not points yet."""

RAW_USEFUL = 3
"""Raw goods of one colour worth keeping; more mostly wait for the Tax."""

EXPECTED_ROUNDS = 13
"""About how many rounds a game lasts, to weigh what may still come."""


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
    moving = state["pending"][0]["do"] == "move"
    best: list[str] = []
    best_value = float("-inf")
    for action in candidates:
        after = game.play(state, seat, action)
        value = _after_move(game, after, seat, rng) if moving else position_value(after, seat)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return rng.choice(best)


def _after_move(game: Any, state: State, seat: int, rng: random.Random) -> float:
    """A move is worth what the best first thing to do on arrival makes of
    it: one more step of look-ahead, on a sample of the options."""
    value = position_value(state, seat)
    if state.get("final") or seat not in game.to_move(state):
        return value
    actions = [a for a in game.legal(state, seat) if a not in (PASS, DONE)]
    if len(actions) > LOOKAHEAD_SAMPLE:
        actions = rng.sample(actions, LOOKAHEAD_SAMPLE)
    for action in actions:
        value = max(value, position_value(game.play(state, seat, action), seat))
    return value


def position_value(state: State, seat: int) -> float:
    """What a position is worth to ``seat``, in rough victory points."""
    data = state["seats"][seat]
    if state.get("final"):
        return float(state["final"]["breakdown"][seat]["total"])
    points = scoring.seat_breakdown(state, seat)["total"]
    raw = sum(min(n, RAW_USEFUL) * WORTH["raw"] + max(n - RAW_USEFUL, 0) * WORTH["raw_surplus"]
              for n in data["raw"].values())
    potential = (
        raw
        + WORTH["refined"] * sum(data["refined"].values())
        + WORTH["salt"] * data["salt"]
        + WORTH["hand"] * len(data["hand"])
        + WORTH["piece_on_board"] * (data["mosaics"]["board"] + data["statues"]["board"])
        + WORTH["chariot_step"] * data["chariot"]
        + WORTH["permanent"] * sum(1 for cid in data["fulfilled"] if comp().contracts[cid].kind == "permanent")
    )
    if state["turn"]["seat"] == seat:
        potential += WORTH["energy"] * state["turn"]["energy"]
    leads = _ship_leads(state, seat)
    potential += WORTH["ship_majority"] * sum(leads.values())
    return points + potential + _demand_potential(state, seat, leads)


def _still_to_come(state: State) -> float:
    """The share of the game still to play, roughly."""
    last = state["end"]["last_round"]
    if last is not None:
        return max(0.0, (last - state["round"] + 0.5) / EXPECTED_ROUNDS)
    return max(0.1, 1.0 - state["round"] / EXPECTED_ROUNDS)


def _demand_potential(state: State, seat: int, leads: dict[str, int]) -> float:
    """What statues on demand tiles and claimed ships may still score: ships
    the seat leads in the offer and ships still to come, within its limit,
    at its statues' value — and, for ships without a statue on their city
    yet, the statue it could still place there."""
    data = state["seats"][seat]
    later = _still_to_come(state)
    value = 0.0
    for city in comp().cities:
        owned = scoring.city_ships(state, seat, city)
        limit = scoring.city_limit(state, seat, city)
        per_ship = scoring.city_statue_value(state, seat, city)
        value += WORTH["ship"] * later * owned
        if per_ship:
            expected = owned + WORTH["certainty"] * leads.get(city, 0) + WORTH["future_ships"] * later
            value += WORTH["certainty"] * per_ship * (min(limit, expected) - min(limit, owned))
        elif owned and (data["statues"]["board"] or data["statues"]["supply"]):
            value += WORTH["certainty"] * later * _free_statue_value(state, seat, city) * min(owned, limit)
    return value


def _free_statue_value(state: State, seat: int, city: str) -> int:
    """The best VP per ship a statue placed now on one of the city's tiles
    would give the seat (0 if none can go there)."""
    from engine.games.thessaloniki.pieces import statue_value

    colour = state["seats"][seat]["colour"]
    best = 0
    for tile in state["demand"]:
        if comp().demand_tiles[tile["id"]].city == city and colour not in tile["statues"]:
            best = max(best, statue_value(state, tile["id"]) or 0)
    return best


def _ship_leads(state: State, seat: int) -> dict[str, int]:
    """Ships in the offer the seat would claim if they sailed now, by city."""
    from engine.games.thessaloniki.port import majority

    leads: dict[str, int] = {}
    for ship in state["ships"]:
        if ship is not None and majority(state, ship, seat) == seat:
            city = comp().ships[ship["id"]].city
            leads[city] = leads.get(city, 0) + 1
    return leads
