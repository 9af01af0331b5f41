"""Pressure on Home Cities, for the ``medium`` bot's planner.

The standard Destruction Pathos asks a player to own other players' Home
Cities (one, or two at larger tables with the re-tuned thresholds), and
"Players who solely occupy neutral City Areas, or City Areas owned by other
players, conquer those cities" at Upkeep. So a Home City left with a
thin guard beside a large enemy army is a Pathos about to change hands: the
attacker is close to an objective and the defender is about to hand one over.

``home_pressure`` measures the first (the progress towards Destruction before
it is met) and ``home_danger`` the second (how exposed the seat's own Home City
is). Both read only the public board: units, cities and the map.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from engine.games.hellenica import advancements as adv
from engine.games.hellenica import bot
from engine.games.hellenica.board import Map
from engine.games.hellenica.cities import has_walls
from engine.games.hellenica.components import HEROES, OBJECTIVES
from engine.games.hellenica.movement import crossable
from engine.games.hellenica.objectives import homes_needed, requirement
from engine.games.hellenica.pathos import destruction_held
from engine.games.hellenica.read_cache import remembered
from engine.games.hellenica.state import held_homes, map_of, stacks

PRESSURE_CAP = 0.6
"""The most progress an army poised beside a rival Home City counts for (a
met objective counts 1, and the march in is still to come)."""
TAKEN = 0.85
"""The progress of a rival Home City the seat owns (or will own once Upkeep
conquers it) but did not own at the last end-of-turn check: Destruction asks
for it at two checks in a row, so it must still be kept through a turn."""
NEAR_WEIGHTS = {0: 1.0, 1: 1.0, 2: 0.4}
"""How much land strength counts by the Supply actions it needs to reach the
city (0: already inside, fighting for it)."""
DESTRUCTION_CARD = next(name for name, card in OBJECTIVES.items() if card.check == "foreign_home")
WALLS_GUARD = 2.0
"""City Walls: "The defender rolls 1 extra Green combat die" and "receives a
+1 to their final Combat Strength", worth about a Hoplite more."""


def unit_strength(stack: dict) -> float:
    """A land unit's worth in battle; a Hero fights only with its Yellow die."""
    if stack["kind"] in HEROES:
        return 2.0
    return float(bot.UNIT_VALUE.get(("elite-" if stack["elite"] else "") + stack["kind"], 1))


def land_strength(state: dict, area: str, owners: set[int]) -> float:
    return sum(
        unit_strength(s) * s["n"] for s in stacks(state, area) if s["owner"] in owners and s["kind"] != "trireme"
    )


def land_steps_to(state: dict, seat: int, target: str, most: int = 2) -> dict[str, int]:
    """Land areas from which the seat's land units reach ``target`` in at most
    ``most`` single steps (clearings, or mountain sides with Leadership)."""
    return land_steps_to_any(state, seat, [target], most)


def land_steps_to_any(state: dict, seat: int, targets: list[str], most: int) -> dict[str, int]:
    """Land areas from which the seat's land units reach one of ``targets``
    (land areas) in at most ``most`` single steps, with the fewest steps.
    The answer depends only on the map, the closed areas and whether the seat
    crosses mountains, and the planner asks it for every seat and Home City at
    every position it values: it is worked out once (callers only read it)."""
    mountains = adv.has_effect(state, seat, "cross_mountains")
    return _land_steps(map_of(state), frozenset(state["impassable"]), mountains, tuple(targets), most)


@lru_cache(maxsize=4096)
def _land_steps(
    board: Map, closed: frozenset[str], mountains: bool, targets: tuple[str, ...], most: int
) -> dict[str, int]:
    result = dict.fromkeys(targets, 0)
    queue = deque(targets)
    while queue:
        here = queue.popleft()
        if result[here] >= most:
            continue
        for there, border in board.neighbours(here).items():
            if there in result or there in closed or not board.areas[there].is_land:
                continue
            if crossable(border, mountains):
                result[there] = result[here] + 1
                queue.append(there)
    return result


def _guard(state: dict, city: str, holder: set[int]) -> float:
    return land_strength(state, city, holder) + (WALLS_GUARD if has_walls(state, city) else 0.0)


def home_pressure(state: dict, seat: int) -> float:
    """How close the seat stands to Destruction short of meeting it: the
    mean, over the rival Home Cities the card asks for (``homes_needed``:
    two at larger tables), of the seat's best ones, each 1 when already held
    through an end-of-turn check, ``TAKEN`` when owned but still to be kept
    through a turn, and otherwise from 0 to ``PRESSURE_CAP``: its land
    strength within two steps (nearer counts more) against the units
    guarding that city."""
    return remembered(state, (_HOME_PRESSURE, seat), lambda: _home_pressure(state, seat))


_HOME_PRESSURE = "home pressure"


def _home_pressure(state: dict, seat: int) -> float:
    need = homes_needed(state, requirement(state, DESTRUCTION_CARD))
    held = set(held_homes(state, seat)) if destruction_held(state) else set()
    scores = []
    for other, player in enumerate(state["seats"]):
        home = player["city"]
        if other == seat or home in state["impassable"] or home not in state["cities"]:
            continue
        if state["cities"][home]["owner"] == seat:
            scores.append(1.0 if home in held else TAKEN)
        else:
            scores.append(PRESSURE_CAP * poised_share(state, seat, home))
    best = sorted(scores, reverse=True)[:need]
    return sum(best) / need


def poised_share(state: dict, seat: int, city: str) -> float:
    """How far the seat's land strength within two steps of ``city`` (nearer
    counts more) overcomes the units and walls guarding it, from 0 to 1."""
    others = {o for o in range(state["players"]) if o != seat}
    near = sum(
        NEAR_WEIGHTS[d] * land_strength(state, area, {seat}) for area, d in land_steps_to(state, seat, city).items()
    )
    return min(1.0, near / (1.5 * _guard(state, city, others) + 1.0)) if near else 0.0


def home_danger(state: dict, seat: int) -> float:
    """Enemy land strength within two steps of the seat's Home City beyond
    what guards it (nearer counts more): a Home City lost is an objective
    handed to the rival and the seat's best city gone."""
    home = state["seats"][seat]["city"]
    if home not in state["cities"] or state["cities"][home]["owner"] != seat:
        return 0.0
    guard = _guard(state, home, {seat})
    enemies = {o for o in range(state["players"]) if o != seat}
    worst = 0.0
    for area, d in land_steps_to(state, seat, home).items():
        if d:
            worst = max(worst, NEAR_WEIGHTS[d] * land_strength(state, area, enemies))
    return max(0.0, worst - guard)
