"""Armies within reach of the cities to take, for the ``medium`` bot's planner.

"Players who solely occupy neutral City Areas, or City Areas owned by other
players, conquer those cities" at Upkeep, and a Supply moves land units "to
any adjacent Areas" or, by Sea Transport, "through any number of adjacent Sea
Areas containing the player's Triremes". ``reach`` counts the land strength
a Supply action or two from a city to take (the next conquest), each city
once; ``fleet`` counts the Triremes and Docks that would carry an army
stranded beyond marching distance; ``supply_distance`` is the count of
Supply actions both read. ``spare_ships`` is the way to a Sea Area
objective: how near the Triremes not yet alone in a sea lie to a sea of
their own.
"""

from __future__ import annotations

from collections import deque

from engine.games.hellenica import advancements as adv
from engine.games.hellenica import bot
from engine.games.hellenica.board import CLEARING
from engine.games.hellenica.bot_pressure import unit_strength
from engine.games.hellenica.interdiction import blocked
from engine.games.hellenica.movement import crossable
from engine.games.hellenica.objectives import upgrade_count
from engine.games.hellenica.read_cache import remembered
from engine.games.hellenica.state import enemies_in, map_of, total_units, trireme_seas

REACH_CAP = 2.0
"""The most land strength ``reach`` counts in one area, a Hoplite's worth
(one unit claims a neutral city; an uncapped count kept
an army parked beside a city rather than taking it: the conquest removes
the target and with it the army's whole reach)."""
STRANDED_FULL = 4.0
"""The stranded land strength (two Hoplites, or a Cavalry and a Hoplite) for
which the fleet counts in full."""


def reach(state: dict, seat: int) -> float:
    """Land strength close to cities the seat could take (2 for a unit one
    step away, 1 for two steps): counted in Supply actions, where "Triremes
    at sea" are "bridges across which the land units march", and at half
    weight in steps that count every sea crossing as one (Triremes can be
    brought there; without a Trireme or Docks to make one, none can, and the
    half weight counts on foot only). Each city to take counts once, for the
    best army that stands nearer to it than to any other such city: one unit
    standing there alone conquers it, so three armies beside one city are not
    worth three conquests (and taking it must be worth more than waiting
    beside it)."""
    by_supply = _reach_by(state, seat, *_supply_labels(state, seat))
    fleet = total_units(state, seat, "trireme") or upgrade_count(state, seat, "docks")
    # with no Trireme at sea the Supply labels are already on foot
    by_crossing = _reach_by(state, seat, *bot.target_labels(state, seat)) if fleet else by_supply
    return by_supply + 0.5 * by_crossing


def _reach_by(state: dict, seat: int, distance: dict[str, int], nearest: dict[str, str]) -> float:
    claims: dict[str, float] = {}
    for area, area_stacks in state["units"].items():
        near = max(0, 3 - distance.get(area, 9))
        if near:
            # Capped: one unit standing alone claims a neutral city, so a big
            # army beside one is not worth more than the city it would take.
            claim = near * min(_land_strength(area_stacks, seat), REACH_CAP)
            target = nearest[area]
            claims[target] = max(claims.get(target, 0.0), claim)
    return sum(claims.values())


def _land_strength(area_stacks: list[dict], seat: int) -> float:
    return sum(unit_strength(s) * s["n"] for s in area_stacks if s["owner"] == seat and s["kind"] != "trireme")


def supply_distance(state: dict, seat: int) -> dict[str, int]:
    """How many Supply actions land units in each land area need to reach a
    city the seat could take. One Supply moves them "to any adjacent Areas"
    (across a clearing, or a mountain side with the right Advancement) or,
    by Sea Transport, "through any number of adjacent Sea Areas containing
    the player's Triremes" to "a Land Area adjacent to the final Sea Area"."""
    return _supply_labels(state, seat)[0]


def _supply_labels(state: dict, seat: int, bridges: bool = True) -> tuple[dict[str, int], dict[str, str]]:
    """``supply_distance`` and, for each area, the city to take it is nearest
    (without ``bridges``: on foot only, as if no Trireme were at sea), once
    per question while a position is valued."""
    return remembered(state, (_SUPPLY_LABELS, seat, bridges), lambda: _supply_labels_of(state, seat, bridges))


_SUPPLY_LABELS = "supply labels"


def _supply_labels_of(state: dict, seat: int, bridges: bool) -> tuple[dict[str, int], dict[str, str]]:
    board = map_of(state)
    closed = set(state["impassable"])
    shores = _bridged_shores(state, seat) if bridges else []
    targets = bot._targets(state, seat)
    mountains = adv.has_effect(state, seat, "cross_mountains")
    result = {t: 0 for t in targets}
    nearest = {t: t for t in targets}
    queue = deque(sorted(targets))
    while queue:
        here = queue.popleft()
        steps = [
            there
            for there, border in board.neighbours(here).items()
            if board.areas[there].is_land and crossable(border, mountains)
        ]
        for shore in shores:
            if here in shore:
                steps.extend(shore)
        for there in steps:
            if there not in result and there not in closed:
                result[there] = result[here] + 1
                nearest[there] = nearest[here]
                queue.append(there)
    return result, nearest


def _bridged_shores(state: dict, seat: int) -> list[set[str]]:
    """For each chain of touching sea areas holding the seat's Triremes, the
    land areas on its shores (joined through a clearing): land units can
    cross from any of them to any other in one Supply."""
    board = map_of(state)
    bridged = trireme_seas(state, seat)
    shores: list[set[str]] = []
    seen: set[str] = set()
    for start in bridged:
        if start in seen:
            continue
        chain, queue = {start}, deque([start])
        while queue:
            sea = queue.popleft()
            for there in board.neighbours(sea):
                if there in bridged and there not in chain:
                    chain.add(there)
                    queue.append(there)
        seen |= chain
        shores.append(
            {
                there
                for sea in chain
                for there, border in board.neighbours(sea).items()
                if board.areas[there].is_land and border == CLEARING
            }
        )
    return shores


def fleet(state: dict, seat: int) -> float:
    """When land units stand more than two Supply actions from any city to
    take by land but within reach across the sea, the Docks and Triremes that
    would carry them (Sea Transport) are the way to grow: a Trireme (up to
    three) counts, and the first Docks, in proportion to the land strength so
    stranded (an army elsewhere that can march does not carry this one).
    Stranded is counted on foot: a Trireme put to sea as a bridge must not
    seem to lose the worth it had in port (the plans then kept it there)."""
    by_supply = _supply_labels(state, seat, bridges=False)[0]
    by_sea = bot.distance_to_targets(state, seat)
    stranded = sum(
        _land_strength(area_stacks, seat)
        for area, area_stacks in state["units"].items()
        if by_supply.get(area, 9) > 2 and by_sea.get(area, 9) <= 3
    )
    if not stranded:
        return 0.0
    ships = min(total_units(state, seat, "trireme"), 3) + (1.0 if upgrade_count(state, seat, "docks") else 0.0)
    return ships * min(1.0, stranded / STRANDED_FULL)


SPARE_SHIP = 0.7
"""What a Trireme not yet alone in a sea counts towards a Sea Area objective
("Have Triremes in 4 Sea Areas") one Supply action from a sea of its own
(a sea held counts 1)..."""
SPARE_STEP = 0.1
"""... and how much less for each further Supply action: "Triremes have no
Supply Limit", but each Supply moves them one area."""
SPARE_LEAST = 0.2
"""What one counts that cannot reach a sea of its own (a port shut in by
enemy units, a closed sea)."""


def spare_ships(state: dict, seat: int, wanted: int, held: set[str] | None = None) -> float:
    """The worth of up to ``wanted`` Triremes beyond one per sea the seat
    holds, the nearest to a sea it does not hold first: a fleet piled in one
    sea, or in a port whose only sea it already holds, is further from Sea
    Power than one spread along the coast. Steps are counted as Triremes
    move: from sea to sea, into a land area through a clearing and out
    through another ("Triremes may leave a Land Area from any Clearing"),
    never from land to land ("may not move directly from one Land Area to
    another"). (A bot with ten Triremes in the Thermaic Gulf, its only
    neighbouring sea and two ports never spread them: a move within the pile
    counted nothing, and the new seas lay two Supply actions away.) ``held``:
    the seas the seat holds, when the caller has read them already."""
    if wanted <= 0:
        return 0.0
    held = trireme_seas(state, seat) if held is None else held
    board = map_of(state)
    ships: list[str] = []  # each Trireme beyond the first in a sea, by where it lies
    for area, area_stacks in state["units"].items():
        n = sum(s["n"] for s in area_stacks if s["owner"] == seat and s["kind"] == "trireme")
        ships += [area] * (n - 1 if area in held else n)
    if not ships:
        return 0.0
    closed = blocked(state)
    free = [sea for sea in board.seas if sea not in held and sea not in closed]
    steps = dict.fromkeys(free, 0)
    queue = deque(sorted(free))
    while queue:
        here = queue.popleft()
        for there, border in board.neighbours(here).items():
            if there in steps or there in closed or border != CLEARING:
                continue
            if board.areas[there].is_land and enemies_in(state, there, seat):
                continue  # Triremes "may not enter a Land tile containing enemy units"
            if board.areas[there].is_sea or board.areas[here].is_sea:  # never land to land
                steps[there] = steps[here] + 1
                queue.append(there)
    worth = sorted((_spare_worth(steps.get(area)) for area in ships), reverse=True)
    return sum(worth[:wanted])


def sea_areas_reached(state: dict, seat: int, count: int) -> float:
    """Progress towards "Have Triremes in ``count`` Sea Areas": each sea held
    counts 1, and the spare Triremes what ``spare_ships`` gives them."""
    held = trireme_seas(state, seat)
    return len(held) + spare_ships(state, seat, count - len(held), held)


def _spare_worth(steps: int | None) -> float:
    """A spare Trireme's worth ``steps`` Supply actions from a sea of its own
    (None: no way there)."""
    if steps is None:
        return SPARE_LEAST
    return max(SPARE_LEAST, SPARE_SHIP - SPARE_STEP * (steps - 1))
