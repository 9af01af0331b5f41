"""Setting up: modes and seats, handing out gods, the start player and
placing workers. Every choice is an action (``offer``, ``choose``,
``first``, ``place``) so it works by message, autocomplete and bot alike.

Mode cards (our reading; the rulebook's cards are pictures we do not have):
- 1 vs 1 and 3 players: each seat has its own two workers.
- 2 vs 2 ("teams"): four players; the players across the table (seats 0+2
  and 1+3) share one colour of workers, each has their own god; "if either
  of you wins or loses the game, you both do".
- The Agora: four players; the player across the table shares your workers,
  but "each player is their own team": whoever wins, wins alone.
- Party mode (``gods=party``): random gods that pass to the next player
  after any turn in which a dome was built ("god cards can rotate").

God hand-out ("chosen", the classic way): the challenger (first seat) offers
one god per player; the others choose in turn order; the challenger keeps the
last one and picks the start player. "draft" is the same from a random offer;
"random" deals gods. Random draws respect bans: "the start player sets aside
one of the conflicting gods, and redraws a replacement".

The start player ("Players can agree on a start player, or roll off to
determine one"): option ``start`` = ``first`` (Blue starts, unless the
challenger of chosen or drafted gods picks), ``choose`` (Blue picks with
``first <colour>``) or ``random`` (a roll-off with the game's die).

Placement: the start player places first, then the others in turn order (a
player whose shared workers are already placed is skipped); Bia's workers are
placed before everyone's.
"""

from __future__ import annotations

from typing import Any

from engine.core import IllegalAction, Rng
from engine.games.santorini import turn
from engine.games.santorini.gods import CARDS, banned_together, eligible, power
from engine.games.santorini.gods.base import Step
from engine.games.santorini.options import fixed_gods
from engine.games.santorini.rules import colour
from engine.games.santorini.state import OFF, State


def new_state(players: int, options: dict[str, Any], seed: int) -> State:
    """A fresh game: checks that the player count suits the mode and gods."""
    mode = options.get("mode", "standard")
    gods_option = options.get("gods", "none")
    if mode == "standard" and not 2 <= players <= 3:
        raise IllegalAction(
            f"{players} players play Santorini in teams: start with mode=teams (2 vs 2) or mode=agora."
            if players == 4
            else f"Santorini is for 2 to 4 players, not {players}."
        )
    if mode in ("teams", "agora") and players != 4:
        raise IllegalAction(f"mode={mode} needs exactly 4 players; {players} are seated.")
    pool_of = tuple(range(players)) if mode == "standard" else (0, 1, 0, 1)
    state = State(players, dict(options), Rng(seed), mode, pool_of)
    fixed = fixed_gods(gods_option)
    if fixed is not None:
        _assign_fixed(state, fixed)
    elif gods_option in ("random", "party"):
        for seat, name in enumerate(_deal(state, players, party=gods_option == "party")):
            state.gods[seat] = name
    if gods_option in ("chosen", "draft"):
        state.setup["challenger"] = 0
        if len(_pool(state)) < players:
            raise IllegalAction("Too few gods in that pool for this many players.")
        if gods_option == "draft":
            state.setup["offered"] = _deal(state, players)
            _begin_choosing(state)
        else:
            state.setup["offered"] = []
            state.phase = "offer"
        return state
    _begin_start(state)
    return state


def _begin_start(state: State) -> None:
    """The gods are settled: pick the start player as the options say, then
    place workers."""
    rule = state.options.get("start", "first")
    picks = state.options.get("gods", "none") in ("chosen", "draft")
    if rule == "random":
        state.start = state.rng.below(state.players)
        state.emit("roll", state.start)
    elif rule == "choose" or picks:
        state.setup.setdefault("challenger", 0)
        state.phase = "first"
        return
    begin_placement(state)


def _pool(state: State, party: bool = False) -> list[str]:
    return eligible(state.players, state.options.get("pool", "all"), party)


def _assign_fixed(state: State, names: list[str]) -> None:
    if len(names) != state.players:
        raise IllegalAction(
            f"Name one god per player: {state.players} gods for {state.players} players (got {len(names)})."
        )
    for name in names:
        if state.players not in CARDS[name].players:
            fit = ", ".join(str(n) for n in CARDS[name].players)
            raise IllegalAction(f"{CARDS[name].display} is only for games of {fit} players.")
    clash = banned_together(names)
    if clash:
        raise IllegalAction(
            f"{CARDS[clash[0]].display} and {CARDS[clash[1]].display} ban each other; choose another pairing."
        )
    state.gods = list(names)


def _deal(state: State, count: int, party: bool = False) -> list[str]:
    """Draw ``count`` different gods with the state's generator, redrawing any
    god banned by one already drawn."""
    candidates = _pool(state, party)
    drawn: list[str] = []
    while len(drawn) < count:
        allowed = [g for g in candidates if g not in drawn and not any(g in CARDS[d].bans for d in drawn)]
        if not allowed:
            raise IllegalAction("Too few gods in that pool for this many players.")
        drawn.append(state.rng.choice(allowed))
    return drawn


def _begin_choosing(state: State) -> None:
    challenger = state.setup["challenger"]
    state.setup["choosers"] = [(challenger + i) % state.players for i in range(1, state.players)]
    state.phase = "choose"


# -- who acts and what they may do ----------------------------------------------------


def actor(state: State) -> int:
    """The seat whose set-up choice is awaited."""
    if state.phase in ("offer", "first"):
        return state.setup["challenger"]
    if state.phase == "choose":
        return state.setup["choosers"][0]
    return state.setup["order"][state.setup["placing"]]


def steps(state: State) -> list[Step]:
    """Every legal set-up action now."""
    if state.phase == "offer":
        offered = state.setup["offered"]
        return [("offer", g) for g in _pool(state) if g not in offered and not any(g in CARDS[o].bans for o in offered)]
    if state.phase == "choose":
        return [("choose", g) for g in state.setup["offered"]]
    if state.phase == "first":
        return [("first", seat) for seat in range(state.players)]
    return [("place", sq) for sq in placements(state)]


def placements(state: State) -> list[int]:
    """Free squares the placing pool may use (Eros's edges)."""
    seat = actor(state)
    pool = state.pool_of[seat]
    placed = [state.workers[w] for w, p in enumerate(state.owner) if p == pool and state.workers[w] != OFF]
    gods = [power(state.gods[s]) for s in range(state.players) if state.pool_of[s] == pool]
    return [sq for sq in range(25) if state.free(sq) and all(g.placement_ok(state, pool, placed, sq) for g in gods)]


def apply(state: State, seat: int, step: Step) -> None:
    """Carry out a legal set-up action."""
    verb = step[0]
    if verb == "offer":
        state.setup["offered"].append(step[1])
        state.emit("offer", seat, step[1])
        if len(state.setup["offered"]) == state.players:
            _begin_choosing(state)
    elif verb == "choose":
        state.gods[seat] = step[1]
        state.setup["offered"].remove(step[1])
        state.setup["choosers"].pop(0)
        state.emit("choose", seat, step[1])
        if not state.setup["choosers"]:
            challenger = state.setup["challenger"]
            state.gods[challenger] = state.setup["offered"].pop()
            state.emit("choose", challenger, state.gods[challenger])
            _begin_start(state)
    elif verb == "first":
        state.start = step[1]
        state.emit("first", seat, step[1])
        begin_placement(state)
    else:
        _place(state, seat, step[1])


def begin_placement(state: State) -> None:
    """Give every pool its workers and fix the placing order."""
    owner: list[int] = []
    for pool in sorted(set(state.pool_of)):
        count = max(power(state.gods[s]).workers for s in range(state.players) if state.pool_of[s] == pool)
        owner.extend([pool] * count)
    state.owner = tuple(owner)
    state.workers = [OFF] * len(owner)
    order: list[int] = []
    for i in range(state.players):
        seat = (state.start + i) % state.players
        if all(state.pool_of[s] != state.pool_of[seat] for s in order):
            order.append(seat)
    order.sort(
        key=lambda s: (
            not any(
                power(state.gods[t]).places_first for t in range(state.players) if state.pool_of[t] == state.pool_of[s]
            )
        )
    )
    state.setup["order"] = order
    state.setup["placing"] = 0
    state.phase = "place"


def _place(state: State, seat: int, square: int) -> None:
    pool = state.pool_of[seat]
    wid = next(w for w, p in enumerate(state.owner) if p == pool and state.workers[w] == OFF)
    state.workers[wid] = square
    state.emit("place", wid, square)
    if any(p == pool and state.workers[w] == OFF for w, p in enumerate(state.owner)):
        return
    state.setup["placing"] += 1
    if state.setup["placing"] < len(state.setup["order"]):
        return
    state.phase = "play"
    state.last_log = state.turn_log
    state.turn_log = []
    turn.begin_turn(state, state.start)
    turn.settle(state)


def seat_by_colour(state: State, word: str) -> int | None:
    for seat in range(state.players):
        if colour(seat).lower() == word:
            return seat
    return None


__all__ = ["new_state", "actor", "steps", "apply", "placements", "seat_by_colour"]
