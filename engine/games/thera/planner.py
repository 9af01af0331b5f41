"""The Planner: every resource moves once; the favored Planner's extra moves,
free roads and bonus recognition; the Crossroads.

Rulebook: "You may move every resource on your island mat once." Favored:
"For every two (2) favor on the Planner, you may choose one resource on your
island and move it an additional time." "For every four (4) favor on the
Planner, you may construct a free road ... This action may be taken before
you move resources." "If there are three (3) or more favor on the Planner,
you receive one bonus Recognition", six or more one more, nine or more two
more ("four bonus recognition overall"). Crossroads: "You may move every
resource on or adjacent to this location once. You may activate this
building before or after any other movement effects you may perform."

The moves themselves are ``movement``'s; free roads are ``construction``'s.
Allowance: ``crossroads:<loc>`` per unused Crossroads.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import IllegalAction
from engine.games.thera import movement, notation
from engine.games.thera.components import COMPONENTS
from engine.games.thera.notation import Action
from engine.games.thera.phase import at, every, favor_of, favored_gains, grant, keys_with, mark_acted, rules, use
from engine.games.thera.state import State, locations_with_effect

MAT = COMPONENTS.mat
RULES = rules("planner")


def bonus_recognition(favor: int) -> int:
    """Recognition for the favored Planner: cumulative over the thresholds."""
    return favored_gains("planner", favor)["recognition"]


def begin(state: State) -> None:
    """Every resource may move once; the favored Planner's moves, roads and recognition."""
    phase = state["phase"]
    for seat in range(state["players"]):
        movement.grant_all(state, seat)
        phase["extra"][seat] = every(state, seat, int(RULES["extra_move_per"]))
        grant(state, seat, "free_roads", every(state, seat, int(RULES["free_road_per"])))
        state["bonus"][seat] += bonus_recognition(favor_of(state, seat))
        for crossroads in locations_with_effect(state, seat, "crossroads"):
            grant(state, seat, at("crossroads", crossroads))


def options(state: State, seat: int) -> Iterator[str]:
    """Every ``crossroads`` the seat may use now."""
    for crossroads, _ in keys_with(state, seat, "crossroads"):
        yield f"crossroads {notation.loc(crossroads)}"


def has_work(state: State, seat: int) -> bool:
    """Whether an unused Crossroads remains (moves and roads are checked elsewhere)."""
    return bool(keys_with(state, seat, "crossroads"))


def apply_crossroads(state: State, seat: int, action: Action) -> None:
    """``crossroads <location>``: one more move for every resource on or
    next to that Crossroads."""
    location = action.locations[0]
    if not keys_with(state, seat, "crossroads"):
        raise IllegalAction("You have no Crossroads to use this phase.")
    if at("crossroads", location) not in state["phase"]["allow"][seat]:
        mine = ", ".join(MAT.name(c) for c, _ in keys_with(state, seat, "crossroads"))
        raise IllegalAction(f"There is no unused Crossroads on {MAT.name(location)}; yours: {mine}.")
    mark_acted(state, seat)
    use(state, seat, at("crossroads", location))
    movement.grant(state, seat, [location, *MAT.adjacent(location)])
