"""AI seats.

- ``easy``: a random legal action, though it rarely ends its actions or
  passes while something else is possible.
- ``normal``: one step of look-ahead (two when moving: a move is worth the
  best first action it leads to). It plays each option on a copy and keeps
  the one whose position it values most: the points it would score if the
  game ended now, plus what its goods, pieces, cards, chariot and unused ⚡
  are likely to become, and what its statues on demand tiles and its ships
  may still score with the ships it leads in the offer and those to come.
- ``hard``: plans its whole turn. Each option it weighs is played on a copy
  and the rest of its turn is played out by the ``normal`` policy (other
  seats pass their sell window and let the Tax keep what they hold most
  of), through the sunset; it keeps the option whose end of turn it values
  most, with the ``normal`` bot's valuation. A fixed number of options and
  steps bounds its work (``HARD_OPTIONS``, ``HARD_SAMPLE``, ``HARD_DEPTH``),
  so its choice never depends on the machine's speed.
"""

from __future__ import annotations

import random
import time
from typing import Any

from engine.games.thessaloniki import scoring
from engine.games.thessaloniki.state import State, comp
from engine.games.thessaloniki.steps import DONE, PASS

MAX_EVALUATED = 48
"""Options the normal bot plays out; beyond that it samples (for speed)."""

LOOKAHEAD_SAMPLE = 12
"""Options it tries on arrival when weighing a move."""

WORTH = {
    "raw": 0.6,
    "raw_surplus": 0.15,
    "refined": 1.4,
    "salt": 1.0,
    "hand": 1.5,
    "piece_on_board": 1.0,
    "chariot_step": 1.2,
    "energy": 2.5,
    "ship_majority": 2.0,
    "permanent": 4.0,
    "ship": 1.0,
    "future_ships": 1.2,
    "certainty": 0.7,
}
"""Rough VP-equivalents of things that are not points yet."""

RAW_USEFUL = 3
"""Raw goods of one colour worth keeping; more mostly wait for the Tax."""

EXPECTED_ROUNDS = 13
"""About how many rounds a game lasts, to weigh what may still come."""

HARD_OPTIONS = 24
"""Options the hard bot plays out to the end of its turn; beyond that it samples."""

HARD_SAMPLE = 10
"""Options the hard bot's play-out weighs at each later step of the turn."""

HARD_DEPTH = 10
"""Own steps a play-out takes at most before the rest of the turn is valued as it stands."""


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
    if level == "hard" and _own_turn(state, seat):
        return _planned(game, state, seat, actions, rng, time.perf_counter() + budget)
    return _greedy(game, state, seat, actions, rng)


def _easy(actions: list[str], rng: random.Random) -> str:
    others = [a for a in actions if a not in (PASS, DONE)]
    if others and rng.random() < 0.85:
        return rng.choice(others)
    return rng.choice(actions)


def _greedy(game: Any, state: State, seat: int, actions: list[str], rng: random.Random) -> str:
    candidates = _sample(actions, MAX_EVALUATED, rng)
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


def _own_turn(state: State, seat: int) -> bool:
    return state["phase"] == "play" and state["active"] == seat and not state.get("final")


def _planned(game: Any, state: State, seat: int, actions: list[str], rng: random.Random, deadline: float) -> str:
    """The option whose turn, played out to its end, the seat values most.
    Past the deadline (the table's budget; far beyond the fixed work on any
    ordinary machine) it settles for the best option weighed so far."""
    candidates = _sample(actions, HARD_OPTIONS, rng)
    turn = (state["round"], state["active"])
    best: list[str] = []
    best_value = float("-inf")
    for action in candidates:
        if best and time.perf_counter() > deadline:
            break
        value = position_value(_play_out_turn(game, game.play(state, seat, action), seat, turn, rng), seat)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return rng.choice(best)


def _play_out_turn(game: Any, state: State, seat: int, turn: tuple[int, int], rng: random.Random) -> State:
    """The rest of the seat's turn played by the one-step ``normal`` policy;
    others answer reaction windows with ``pass``."""
    for _ in range(HARD_DEPTH):
        if state.get("final") or (state["round"], state["active"]) != turn:
            break
        movers = game.to_move(state)
        if not movers:
            break
        if seat not in movers:
            answers = game.legal(state, movers[0])
            state = game.play(state, movers[0], PASS if PASS in answers else answers[0])
            continue
        actions = game.legal(state, seat)
        if len(actions) > 1:
            actions = _sample(actions, HARD_SAMPLE, rng)
            options = [(position_value(game.play(state, seat, a), seat), a) for a in actions]
            action = max(options, key=lambda pair: pair[0])[1]
        else:
            action = actions[0]
        state = game.play(state, seat, action)
    return state


def _sample(actions: list[str], most: int, rng: random.Random) -> list[str]:
    """Up to ``most`` actions, always keeping ``pass`` and ``done``."""
    if len(actions) <= most:
        return list(actions)
    keep = [a for a in actions if a in (PASS, DONE)]
    return keep + rng.sample([a for a in actions if a not in keep], most - len(keep))


def _after_move(game: Any, state: State, seat: int, rng: random.Random) -> float:
    """A move is worth what the best first thing to do on arrival makes of
    it: one more step of look-ahead, on a sample of the options."""
    value = position_value(state, seat)
    if state.get("final") or seat not in game.to_move(state):
        return value
    actions = _sample([a for a in game.legal(state, seat) if a not in (PASS, DONE)], LOOKAHEAD_SAMPLE, rng)
    for action in actions:
        value = max(value, position_value(game.play(state, seat, action), seat))
    return value


def position_value(state: State, seat: int) -> float:
    """What a position is worth to ``seat``, in rough victory points."""
    data = state["seats"][seat]
    if state.get("final"):
        return float(state["final"]["breakdown"][seat]["total"])
    points = scoring.seat_breakdown(state, seat)["total"]
    raw = sum(
        min(n, RAW_USEFUL) * WORTH["raw"] + max(n - RAW_USEFUL, 0) * WORTH["raw_surplus"] for n in data["raw"].values()
    )
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
    for city, (owned, limit, per_ship) in scoring.city_figures(state, seat).items():
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
