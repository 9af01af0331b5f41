"""Marching on far cities, for the ``medium`` bot's planner.

``planner.reach`` counts land units within two Supply actions of a city to
take, a few units at most. An army further out counted nothing, so the plans
saw no gain in moving it and it waited at home while the turns went by (a
Hoplite has a "Supply Limit of 1": a march of four steps takes four turns,
and each one of them counts). ``advance`` values land strength further out
by how few steps separate it from the nearest city to take, each step alike
and joining ``reach`` at its edge, so every step of a long march is worth
taking.

Steps are counted as ``bot.distance_to_targets`` counts them: through
clearings (and mountain sides with Leadership), a sea crossing as one step.
"""

from __future__ import annotations

from engine.games.hellenica import bot
from engine.games.hellenica.bot_pressure import unit_strength

NEAR = 2
"""Steps within which ``planner.reach`` counts the army instead (a city to
take one step away must still be worth more taken than waited beside)."""
FAR = 7
"""Steps from which an army counts nothing: too far to plan for."""
CAP = 2.0
"""The most land strength one claim counts for, a Hoplite's worth (as
``planner.REACH_CAP``: one unit standing alone conquers a neutral city)."""


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
