"""Marching on far cities, for the ``medium`` bot's planner.

``bot_reach.reach`` counts land units within two Supply actions of a city to
take, a few units at most. An army further out counted nothing, so the plans
saw no gain in moving it and it waited at home while the turns went by (a
Hoplite has a "Supply Limit of 1": a march of four steps takes four turns,
and each one of them counts). ``advance`` values land strength further out
by how few steps separate it from the nearest city to take, each step alike
and joining ``reach`` at its edge, so every step of a long march is worth
taking.

Steps are counted as ``bot.distance_to_targets`` counts them: through
clearings (and mountain sides with Leadership), a sea crossing as one step.

``sea_bound`` is the other half of a march: an army with no way on foot to
any city to take (Troy's corner of Asia behind the Abydos mountains, an
island such as Corcyra) goes nowhere without Triremes, and "Docks produce
Triremes during a Train Action". In the match losses such an army sat at
home for ten turns while the Hoplites piled up: the Docks and the first
Triremes are its whole future, worth more than another Hoplite or upgrade.
"""

from __future__ import annotations

from engine.games.hellenica import bot
from engine.games.hellenica.bot_pressure import land_steps_to_any, unit_strength
from engine.games.hellenica.objectives import upgrade_count
from engine.games.hellenica.state import map_of, total_units

NEAR = 2
"""Steps within which ``bot_reach.reach`` counts the army instead (a city to
take one step away must still be worth more taken than waited beside)."""
FAR = 7
"""Steps from which an army counts nothing: too far to plan for."""
CAP = 2.0
"""The most land strength one claim counts for, a Hoplite's worth (as
``bot_reach.REACH_CAP``: one unit standing alone conquers a neutral city)."""


def advance(state: dict, seat: int) -> float:
    """Land strength more than ``NEAR`` steps from the cities to take,
    weighted by how close it stands: ``FAR - steps`` for a (capped) army, so
    a step nearer is worth the same at any distance. Each city to take
    counts once, for the best army nearer to it than to any other: splitting
    an army, or a second army behind the first, gains nothing."""
    steps, nearest = bot.target_labels(state, seat)
    claims: dict[str, float] = {}
    for area, area_stacks in state["units"].items():
        d = steps.get(area)
        if d is None or d <= NEAR or d >= FAR:
            continue
        land = sum(unit_strength(s) * s["n"] for s in area_stacks if s["owner"] == seat and s["kind"] != "trireme")
        if land:
            target = nearest[area]
            claims[target] = max(claims.get(target, 0.0), (FAR - d) * min(land, CAP))
    return sum(claims.values())


SEA_BOUND_DOCKS = 8.0
"""The first Docks of a seat whose army is bound by the sea: the only way to
make the Triremes that carry it ("Docks produce Triremes"), about a Stables
towards Horsemanship (9) so that it is built early, not last."""
SEA_BOUND_SHIPS = (6.0, 4.0)
"""Its first and second Trireme (anywhere): "Each Trireme may Transport up
to 2 Hoplites and/or Cavalry", and one lost at sea must not strand it again."""
SEA_BOUND_FULL = 4.0
"""The land strength so bound (two Hoplites) for which the fleet counts in full."""


def on_foot(state: dict, seat: int) -> set[str]:
    """The land areas from which the seat's land units can walk to a city to
    take within ``FAR`` steps, through clearings (and mountain sides with
    Leadership) only, never across the sea."""
    board = map_of(state)
    targets = sorted(t for t in bot._targets(state, seat) if board.areas[t].is_land)
    return set(land_steps_to_any(state, seat, targets, FAR))


def bound_strength(state: dict, seat: int) -> float:
    """The seat's land strength that cannot walk to any city to take."""
    walkable = on_foot(state, seat)
    board = map_of(state)
    return sum(
        unit_strength(s) * s["n"]
        for area, area_stacks in state["units"].items()
        if board.areas[area].is_land and area not in walkable
        for s in area_stacks
        if s["owner"] == seat and s["kind"] != "trireme"
    )


def fleet_actions(state: dict, seat: int, legal: list[str]) -> list[str]:
    """The Docks to build (while the seat has none) and the Triremes to
    train (while it has fewer than two) when its army is bound by the sea:
    the planner weighs them even when the quick heuristic ranks other Builds
    and Trains first."""
    if not bound_strength(state, seat):
        return []
    wanted = []
    if not upgrade_count(state, seat, "docks"):
        wanted += [a for a in legal if a.split()[:2] == ["build", "docks"] and "over" not in a][:1]
    if total_units(state, seat, "trireme") < len(SEA_BOUND_SHIPS):
        wanted += [a for a in legal if a.split()[:2] == ["train", "triremes"]][:1]
    return wanted


def sea_bound(state: dict, seat: int) -> float:
    """The seat's Docks and first two Triremes, valued in proportion to its
    land strength that cannot walk to any city to take (``on_foot``). Where
    the Triremes sail does not change it: a Trireme put to sea as a bridge
    must not seem to lose the worth it had in port."""
    bound = bound_strength(state, seat)
    if not bound:
        return 0.0
    ships = total_units(state, seat, "trireme")
    worth = (SEA_BOUND_DOCKS if upgrade_count(state, seat, "docks") else 0.0) + sum(SEA_BOUND_SHIPS[:ships])
    return worth * min(1.0, bound / SEA_BOUND_FULL)
