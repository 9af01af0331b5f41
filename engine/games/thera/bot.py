"""AI seats: ``easy`` and ``normal``.

Both bots pursue a *target*: the building (a luxury from hand or an industry
from the pool) and empty location that are worth the most for the least
effort, where effort counts the moves still needed to bring the cost to the
site and the resources that must still be made or bought. Phase by phase
they water the buildings that make what the target lacks, move resources
toward the site, build it, and pave the way from the Port to the vistas.

``normal`` chooses its role by playing the phase out for every role (and for
spending a little drachma to reach the next favor threshold) with every
seat following these habits, on a copy of the game in which what it cannot
see (the bag, other hands) is redrawn at random, and keeps the role whose
outcome it rates best against the other players; with more players it
also plays its best options on through the rivals' answers (``bot_roles``).
``easy`` misjudges roles by about two points, never spends for favor, and
now and then takes a random step.

The role search itself lives in ``bot_roles``; this module holds the
island reading, the position evaluation and the phase habits.

Tuning (issue 19): in two-player games unbuilt luxuries in hand count for
little (``HAND_WORTH``), so the bot stops collecting luxuries it will not
build; with more players a target ready on its site counts for half as much
(``TARGET_WEIGHTS``): before, building a ready luxury cost the bot about
four points of standing (resources and hand counted beside the target), so
it left the Builder to others.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.core import IllegalAction
from engine.games.thera import flow, movement, notation, trader
from engine.games.thera.bot_roles import RoleSearch, SearchSettings
from engine.games.thera.components import COMPONENTS, RESOURCES
from engine.games.thera.construction import empty_locations
from engine.games.thera.phase import allowance, at
from engine.games.thera.scoring import building_recognition
from engine.games.thera.scoring import score as final_score
from engine.games.thera.state import WATER, State, locations_with, locations_with_effect

LEVELS = ("easy", "normal")

MAT = COMPONENTS.mat

# The bot's own sense of worth, in recognition points (tuning, not rules).
RESOURCE_WORTH = (0.4, 0.6, 1.3, 1.3)
DRACHMA_WORTH = 0.3
SELL_LOTS = 2
"""Lots of spare stone a bot short of drachma brings to the Port to sell."""
HAND_WORTH = {2: 0.1}
HAND_WORTH_MORE_PLAYERS = 0.35
"""Worth of an unbuilt luxury in hand per point printed on it, by player
count. With two players few rivals compete for the pool, so a luxury in hand
is worth little until it is built (0.35 for every count before issue 19;
with four players 0.1 lost, 10 of 24 games, where 0.35 won 15 of 24)."""
TARGET_WEIGHTS = {2: (0.6, 0.3)}
TARGET_WEIGHTS_MORE_PLAYERS = (0.3, 0.15)
"""How much the best targets on two different sites add to a position, by
player count. With more players a Builder phase may be rounds away, so a
luxury ready on its site is worth well under one built: at (0.6, 0.3) the
four-player bot lost about four points of standing by building one, and at
(0.3, 0.15) well under one (issue 19: against the baseline, (0.3, 0.15)
won 11 of 16 four-player games and (0.15, 0.08) 11.5, where variants that
kept (0.6, 0.3) won 6 and 7)."""
MOVE_EFFORT = 0.4
ROAD_EFFORT = 0.9
INDUSTRY_WORTH = {
    "quarry": 10.0,
    "grove": 7.0,
    "pasture": 7.0,
    "spring": 3.0,
    "customs": 1.0,
    "housing": 2.5,
    "crossroads": 1.5,
    "architect": 2.0,
    "tradehouse": 2.0,
    "bank": 3.5,
}
PRODUCER = {1: ("small-quarry", "quarry"), 2: ("grove",), 3: ("pasture",)}
"""Which buildings make stone, lumber and cloth."""
RIVAL_WEIGHT = 0.6
NORMAL_SEARCH = SearchSettings(rival_weight=RIVAL_WEIGHT, replies=3)
"""The normal bot's role search. With more than two players its three best
options are also played on through the rivals' answers to its next turn
(issue 19, against the baseline at the bench's seeds 1000-1039: 27 of 40
four-player games with it, 20 of 40 with the first look alone); two-player
games keep the first look."""
EASY_RANDOM_STEP = 0.1
EASY_ROLE_NOISE = 2.0
"""The easy bot never spends for favor, misjudges roles by about two points
and now and then takes a random step."""


# -- reading the island ----------------------------------------------------------------


def _bag_left(state: State) -> float:
    """How much of the game is left, from 1 (start) to 0."""
    start = len(COMPONENTS.luxuries) * COMPONENTS.luxury_copies - state["removed"]
    return len(state["bag"]) / max(1, start)


def _road_routes(roads: Sequence[int]) -> tuple[list[int], list[int | None]]:
    """Cheapest routes from the Port counting unbuilt roads: per location,
    the unbuilt roads still needed and the road by which the route arrives."""
    return _routes(tuple(roads))


@lru_cache(maxsize=1024)
def _routes(roads: tuple[int, ...]) -> tuple[list[int], list[int | None]]:
    gaps = [len(MAT.roads) + 1] * len(MAT)
    via: list[int | None] = [None] * len(MAT)
    gaps[MAT.port] = 0
    frontier = [MAT.port]
    while frontier:  # Dijkstra with 0/1 weights on a tiny graph
        frontier.sort(key=lambda loc: gaps[loc])
        here = frontier.pop(0)
        for other, road in MAT.neighbours[here]:
            cost = gaps[here] + (0 if roads[road] else 1)
            if cost < gaps[other]:
                gaps[other], via[other] = cost, road
                frontier.append(other)
    return gaps, via


def _road_gaps(roads: Sequence[int]) -> list[int]:
    """Unbuilt roads still needed to connect each location to the Port."""
    return _road_routes(roads)[0]


def _road_path(roads: Sequence[int], goal: int) -> list[int]:
    """The unbuilt roads on a cheapest route from the Port to ``goal``,
    nearest the Port first (so every road built extends the Port's reach)."""
    _, via = _road_routes(roads)
    path, here = [], goal
    while here != MAT.port:
        road = via[here]
        if road is None:
            break
        if not roads[road]:
            path.append(road)
        a, b = MAT.roads[road]
        here = a if b == here else b
    return path[::-1]


def _producers(state: State, seat: int) -> set[int]:
    """Resources this island can make (stone always: the Small Quarry)."""
    made = {WATER}
    for resource, kinds in PRODUCER.items():
        if any(locations_with(state, seat, kind) for kind in kinds):
            made.add(resource)
    return made


def _unit_effort(state: State, seat: int, resource: int, made: set[int]) -> float:
    """Effort to conjure one more unit of a resource from nothing."""
    if resource == WATER:
        return 1.0
    if resource in made:
        return 1.6
    rate = COMPONENTS.trade[RESOURCES[resource]]
    return 1.0 + rate.price / rate.lot * DRACHMA_WORTH


@dataclass(frozen=True)
class Target:
    building: str
    location: int
    value: float
    effort: float
    missing: tuple[int, ...]
    """Resources not yet on the site."""

    @property
    def score(self) -> float:
        return self.value - self.effort


def _base_value(state: State, seat: int, building: str) -> float:
    """What a building is worth to the seat wherever it stands."""
    if building in COMPONENTS.luxuries:
        luxury = COMPONENTS.luxuries[building]
        return luxury.recognition + COMPONENTS.novelty_track[state["novelty"][luxury.type]]
    owned = sum(1 for b in state["mats"][seat]["buildings"] if b == building)
    worth = INDUSTRY_WORTH.get(building, 1.0) * _bag_left(state) / (1 + owned)
    return worth + COMPONENTS.industry[building].recognition


def _site_value(building: str, location: int, gaps: list[int]) -> float:
    """What standing on ``location`` adds: a vista's view for a luxury (less
    the roads still missing to the Port); a vista is wasted on industry."""
    if location not in MAT.vistas:
        return 0.0
    if building in COMPONENTS.luxuries:
        return max(0.0, MAT.vistas[location] - gaps[location] * ROAD_EFFORT)
    return -1.5


def _building_value(state: State, seat: int, building: str, location: int, gaps: list[int]) -> float:
    return _base_value(state, seat, building) + _site_value(building, location, gaps)


_TARGETS: dict[tuple, list[Target]] = {}
_TARGETS_KEPT = 1024


def targets(state: State, seat: int) -> list[Target]:
    """The building most worth pursuing on each empty location, best first
    (cached: the bot asks again and again while little on the island changes)."""
    mat = state["mats"][seat]
    key = (
        tuple(b or "" for b in mat["buildings"]),
        tuple(mat["roads"]),
        tuple(map(tuple, mat["res"])),
        tuple(sorted(state["hands"][seat])),
        tuple(sorted(state["industry"].items())),
        state["drachma"][seat],
        tuple(sorted(state["novelty"].items())),
        len(state["bag"]),
        state["removed"],
    )
    found = _TARGETS.get(key)
    if found is None:
        if len(_TARGETS) >= _TARGETS_KEPT:
            _TARGETS.clear()
        found = _TARGETS[key] = _targets(state, seat)
    return found


def _targets(state: State, seat: int) -> list[Target]:
    mat = state["mats"][seat]
    res = mat["res"]
    distances = MAT.distances(mat["roads"])
    gaps = _road_gaps(mat["roads"])
    made = _producers(state, seat)
    unit_effort = [_unit_effort(state, seat, r, made) for r in range(len(RESOURCES))]
    drachma = state["drachma"][seat]
    candidates = []
    for building in sorted(set(state["hands"][seat])) + [k for k, n in sorted(state["industry"].items()) if n]:
        cost = COMPONENTS.building(building).cost
        assert cost is not None
        short_of_drachma = max(0, cost.drachma - drachma) * DRACHMA_WORTH * 1.5
        candidates.append((building, cost.resources, short_of_drachma, _base_value(state, seat, building)))
    units = [
        [(loc, res[loc][resource]) for loc in range(len(MAT)) if res[loc][resource]]
        for resource in range(len(RESOURCES))
    ]
    found = []
    for site in empty_locations(state, seat):
        # For each resource: (distance, count) of units elsewhere, nearest first.
        nearby = [sorted((distances[loc][site], count) for loc, count in spread if loc != site) for spread in units]
        here = res[site]
        best = None
        for building, needs, effort, base in candidates:
            missing = []
            for resource, need in enumerate(needs):
                short = need - here[resource]
                if short <= 0:
                    missing.append(0)
                    continue
                missing.append(short)
                for distance, count in nearby[resource]:
                    used = count if count < short else short
                    effort += used * distance * MOVE_EFFORT
                    short -= used
                    if not short:
                        break
                effort += short * unit_effort[resource]
            value = base + _site_value(building, site, gaps)
            target = Target(building, site, value, effort, tuple(missing))
            if best is None or (-target.score, target.building) < (-best.score, best.building):
                best = target
        if best is not None:
            found.append(best)
    found.sort(key=lambda t: (-t.score, t.building, t.location))
    return found


def best_target(state: State, seat: int) -> Target | None:
    """The target worth pursuing now, or None if nothing is worth the effort."""
    found = targets(state, seat)
    return found[0] if found and found[0].score > -3 else None


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, in recognition-like points (once the game
    is over: exactly its score)."""
    if state["step"] == "over":
        return float(final_score(state, seat).total)
    worth = building_recognition(state, seat) + state["bonus"][seat]
    worth += state["drachma"][seat] * DRACHMA_WORTH
    return worth + _prospects(state, seat)


def _prospects(state: State, seat: int) -> float:
    """What the seat's resources, hand, industry and targets promise."""
    worth = 0.0
    for here in state["mats"][seat]["res"]:
        worth += sum(n * w for n, w in zip(here, RESOURCE_WORTH))
    hand = sorted((COMPONENTS.luxuries[lux].recognition for lux in state["hands"][seat]), reverse=True)
    worth += HAND_WORTH.get(state["players"], HAND_WORTH_MORE_PLAYERS) * sum(hand[:3])
    worth += _engine_worth(state, seat)
    sites: set[int] = set()
    weights = list(TARGET_WEIGHTS.get(state["players"], TARGET_WEIGHTS_MORE_PLAYERS))
    for target in targets(state, seat):
        if not weights:
            break
        if target.location in sites or target.score < -target.value:
            continue
        sites.add(target.location)
        # Smooth in the effort, so every step toward a building counts.
        worth += weights.pop(0) * target.value * target.value / (target.value + max(0.0, target.effort))
    return worth


def _engine_worth(state: State, seat: int) -> float:
    """What the seat's industry will still produce: the worth a target
    industry building is credited with, kept once it stands (so building it
    is never a loss to the bot's eye)."""
    bag_left = _bag_left(state)
    owned: dict[str, int] = {}
    worth = 0.0
    for building in state["mats"][seat]["buildings"]:
        kind = COMPONENTS.industry.get(building or "")
        if kind is not None and kind.buildable:
            owned[building] = owned.get(building, 0) + 1
            worth += INDUSTRY_WORTH.get(building, 1.0) * bag_left / owned[building]
    return worth


# -- phase habits (both bots) ----------------------------------------------------------


Habit = Callable[[State, int, list[str]], str]


def _first(legal: list[str], *wanted: str) -> str | None:
    for action in wanted:
        if action in legal:
            return action
    return None


def _move_toward(
    state: State, seat: int, legal: list[str], goal: int, needs: Sequence[int], keep: int | None = None
) -> str | None:
    """One move that brings a needed resource one step closer to ``goal``.
    Only the nearest units, as many as are needed, travel; none leaves ``keep``."""
    mat = state["mats"][seat]
    distances = MAT.distances(mat["roads"])
    options = []
    for resource, need in enumerate(needs):
        if not need:
            continue
        units = sorted(
            (distances[loc][goal], loc)
            for loc in range(len(MAT))
            if loc not in (goal, keep)
            for _ in range(mat["res"][loc][resource])
        )[:need]
        for distance, loc in units:
            for step in MAT.one_move(mat["roads"], loc):
                if distances[step][goal] < distance:
                    action = notation.move(1, resource, loc, step)
                    if action in legal:
                        options.append((distance, distances[step][goal], action))
    return min(options)[2] if options else None


def _road_for(state: State, seat: int, legal: list[str], target: Target | None) -> str | None:
    """A road on the way from the Port to the target (or the best vista)."""
    roads = state["mats"][seat]["roads"]
    goals = []
    if target is not None and target.location in MAT.vistas:
        goals.append(target.location)
    empty_vistas = [v for v in MAT.vistas if state["mats"][seat]["buildings"][v] is None]
    goals += sorted(empty_vistas, key=lambda v: -MAT.vistas[v])
    res = state["mats"][seat]["res"]
    spare_stone = [loc for loc in range(len(MAT)) if res[loc][1] and (target is None or loc != target.location)]
    for goal in goals:
        for road in _road_path(roads, goal):
            a, b = MAT.roads[road]
            free = notation.free_road(a, b)
            if free in legal:
                return free
            for frm, to in ((a, b), (b, a)):
                if frm in spare_stone and notation.road(frm, to) in legal:
                    return notation.road(frm, to)
    return None


def priest_habit(state: State, seat: int, legal: list[str]) -> str:
    """Call the envoy when ahead; place Spring water, then Priest water where it helps most."""
    if "envoy" in legal and _leading(state, seat):
        return "envoy"
    target = best_target(state, seat)
    wanted = set(i for i, n in enumerate(target.missing) if n) if target else set()
    springs = [a for a in legal if a.startswith("spring ")]
    if springs:
        return _best_water(state, seat, springs, target, wanted, lambda a: a.split()[2])
    waters = [a for a in legal if a.startswith("water ") and len(a.split()) == 2]  # one at a time
    if waters:
        return _best_water(state, seat, waters, target, wanted, lambda a: a.split()[1])
    return "done"


def _best_water(
    state: State, seat: int, actions: list[str], target: Target | None, wanted: set[int], where: Callable[[str], str]
) -> str:
    """Water goes to the target site if it lacks water, then to converters
    with fewer than two water (those making what the target lacks first),
    then onto converters as stock; never onto a site that has enough."""
    res = state["mats"][seat]["res"]

    def rating(action: str) -> tuple[float, str]:
        location = MAT.parse(where(action))
        assert location is not None
        water = res[location][WATER]
        kind = COMPONENTS.industry.get(state["mats"][seat]["buildings"][location] or "")
        on_target = target is not None and location == target.location
        score = 0.0
        if target is not None and on_target and target.missing[WATER] > 0:
            score = 6.0
        elif kind is not None and kind.effect == "convert" and water < 2:
            product = next(i for i, n in enumerate(kind.produces) if n)
            score = 3.0 + (1.5 if product in wanted else 0) + sum(kind.produces) * 0.3 - water
        elif kind is not None and kind.effect == "convert":
            score = 2.0 - water * 0.2  # stock for later Worker phases
        elif on_target:
            score = -1.0  # it has the water it needs; more would only lie in the way
        return (-score, action)

    return min(actions, key=rating)


def _leading(state: State, seat: int) -> bool:
    mine = evaluate(state, seat)
    return all(mine >= evaluate(state, other) for other in range(state["players"]) if other != seat)


def _luxury_rating(state: State, seat: int, luxury_id: str) -> float:
    luxury = COMPONENTS.luxuries[luxury_id]
    made = _producers(state, seat)
    effort = sum(n * _unit_effort(state, seat, r, made) for r, n in enumerate(luxury.cost.resources))
    novelty = COMPONENTS.novelty_track[state["novelty"][luxury.type]]
    return luxury.recognition + novelty - 0.9 * effort - 0.3 * luxury.cost.drachma


def _best_build(state: State, seat: int, legal: list[str], target: Target | None) -> str | None:
    if target is not None:
        wanted = f"build {target.building} {MAT.name(target.location)}"
        if wanted in legal:
            return wanted
    builds = [a for a in legal if a.startswith("build ")]
    gaps = _road_gaps(state["mats"][seat]["roads"])
    best, best_value = None, 0.5
    for action in builds:
        _, building, where = action.split()
        location = MAT.parse(where)
        assert location is not None
        if target is not None and location == target.location and building in COMPONENTS.industry:
            continue
        value = _building_value(state, seat, building, location, gaps)
        if building in COMPONENTS.luxuries:
            value += 2.0  # a luxury built now beats one planned
        if value > best_value:
            best, best_value = action, value
    return best


def noble_habit(state: State, seat: int, legal: list[str]) -> str:
    """Take the luxury that is worth most for the effort; a favored Noble builds if it can."""
    takes = [a for a in legal if a.startswith("take ")]
    if takes:
        return max(takes, key=lambda a: (_luxury_rating(state, seat, a.split()[1]), a))
    build = _best_build(state, seat, legal, best_target(state, seat))
    return build or "done"


def worker_habit(state: State, seat: int, legal: list[str]) -> str:
    """Double the converters with water for a second run; ``done`` activates the rest."""
    res = state["mats"][seat]["res"]
    for action in legal:
        if not action.startswith("work "):
            continue
        location = MAT.parse(action.split()[1])
        assert location is not None
        worked = allowance(state, seat, at("worked", location))
        second = allowance(state, seat, at("housing", location)) or allowance(state, seat, "doubles")
        if worked == 1 or (res[location][WATER] >= 2 and second):
            return action
    return "done"


def planner_habit(state: State, seat: int, legal: list[str]) -> str:
    """Crossroads first, free roads toward a vista, then move the target's missing resources closer."""
    target = best_target(state, seat)
    crossroads = [a for a in legal if a.startswith("crossroads ")]
    if crossroads:
        return crossroads[0]
    road = _road_for(state, seat, [a for a in legal if a.startswith("free road ")], target)
    if road:
        return road
    if target is not None:
        move = _move_toward(state, seat, legal, target.location, target.missing)
        if move:
            return move
    # Bring stray water to the converters that have none.
    for goal in locations_with_effect(state, seat, "convert"):
        if not state["mats"][seat]["res"][goal][WATER]:
            move = _move_toward(state, seat, legal, goal, (1, 0, 0, 0))
            if move and (target is None or MAT.parse(move.split()[-2]) != target.location):
                return move
    # Short of drachma for what must be bought: take spare stone to the Port to sell.
    if target is not None and _drachma_short(state, seat, target):
        lot = COMPONENTS.trade["stone"].lot
        move = _move_toward(state, seat, legal, MAT.port, (0, SELL_LOTS * lot, 0, 0), keep=target.location)
        if move:
            return move
    return "done"


def _drachma_short(state: State, seat: int, target: Target) -> int:
    """Drachma the seat lacks to buy what its target needs and the island
    cannot make, and to pay the building's own drachma (during a phase)."""
    made = _producers(state, seat)
    cost = COMPONENTS.building(target.building).cost
    need = cost.drachma if cost else 0
    for resource, short in enumerate(target.missing):
        if short and resource not in made:
            lots = -(-short // COMPONENTS.trade[RESOURCES[resource]].lot)
            need += lots * trader.buy_price(state, seat, resource)
    return max(0, need - state["drachma"][seat])


def builder_habit(state: State, seat: int, legal: list[str]) -> str:
    """Build the target (or the best affordable building), then roads toward a vista."""
    target = best_target(state, seat)
    build = _best_build(state, seat, legal, target)
    if build:
        return build
    road = _road_for(state, seat, legal, target)
    return road or "done"


def trader_habit(state: State, seat: int, legal: list[str]) -> str:
    """Buy what the target lacks and the island cannot make, sell surplus, else take the drachma."""
    target = best_target(state, seat)
    port = state["mats"][seat]["res"][MAT.port]
    if target is not None:
        for resource, short in enumerate(target.missing):
            name = RESOURCES[resource]
            if short and resource not in _producers(state, seat) and f"buy {name}" in legal:
                price = trader.buy_price(state, seat, resource)
                cost = COMPONENTS.building(target.building).cost
                if state["drachma"][seat] - price >= (cost.drachma if cost else 0):
                    return f"buy {name}"
    needed = set(r for r, n in enumerate(target.missing) if n) if target else set()
    short = target is not None and _drachma_short(state, seat, target) > 0
    for resource, name in enumerate(RESOURCES):
        rate = COMPONENTS.trade[name]
        surplus = port[resource] >= rate.lot * (1 if short else 2)
        if f"sell {name}" in legal and resource not in needed and surplus and resource != WATER:
            return f"sell {name}"
    return _first(legal, "drachma") or "done"


def _dry_converters(state: State, seat: int) -> list[int]:
    """Converters that may still activate this Worker phase but have no water."""
    res = state["mats"][seat]["res"]
    return [
        loc
        for loc in locations_with_effect(state, seat, "convert")
        if allowance(state, seat, at("work", loc)) and not res[loc][WATER]
    ]


def _spare_water_near(state: State, seat: int, location: int) -> bool:
    """Whether water one move away could come over without drying a converter."""
    mat = state["mats"][seat]
    for other in MAT.one_move(mat["roads"], location):
        kind = COMPONENTS.industry.get(mat["buildings"][other] or "")
        keep = 1 if kind is not None and kind.effect == "convert" else 0
        if mat["res"][other][WATER] > keep:
            return True
    return False


def _divine_helps(state: State, seat: int) -> bool:
    """Whether a Divine Intervention now pays: at the start of a Worker phase
    it waters a dry converter; at the start of a Builder phase it brings
    everything the target lacks onto its site (one move each)."""
    if state["phase"]["role"] == "worker":
        return any(_spare_water_near(state, seat, loc) for loc in _dry_converters(state, seat))
    if state["phase"]["role"] != "builder":
        return False
    target = best_target(state, seat)
    if target is None or not any(target.missing):
        return False
    cost = COMPONENTS.building(target.building).cost
    if cost is None or cost.drachma > state["drachma"][seat]:
        return False
    mat = state["mats"][seat]
    distances = MAT.distances(mat["roads"])
    for resource, need in enumerate(target.missing):
        near = sum(mat["res"][loc][resource] for loc in range(len(MAT)) if distances[loc][target.location] == 1)
        if near < need:
            return False
    return True


def _divine_moves(state: State, seat: int, legal: list[str]) -> str | None:
    """After a Divine Intervention: water the dry converters (Worker), or
    bring the target's missing resources in."""
    if state["phase"]["role"] == "worker":
        for converter in _dry_converters(state, seat):
            move = _move_toward(state, seat, legal, converter, (1, 0, 0, 0))
            if move:
                return move
        return None
    target = best_target(state, seat)
    if target is None:
        return None
    return _move_toward(state, seat, legal, target.location, target.missing)


HABITS: dict[str, Habit] = {
    "priest": priest_habit,
    "noble": noble_habit,
    "worker": worker_habit,
    "planner": planner_habit,
    "builder": builder_habit,
    "trader": trader_habit,
}


def setup_habit(state: State, seat: int, legal: list[str]) -> str:
    """Keep the two richest tiles; buildings on the first site, water onto dry converters."""
    keeps = [a for a in legal if a.startswith("keep ")]
    if keeps:
        return max(keeps, key=lambda a: (sum(_tile_worth(int(n)) for n in a.split()[1:]), a))
    places = [a for a in legal if a.startswith("place ")]
    if places:
        return places[0]
    puts = [a for a in legal if a.startswith("put ") and len(a.split()) == 3]
    for action in puts:  # water onto dry converters first
        _, resource, where = action.split()
        location = MAT.parse(where)
        building = state["mats"][seat]["buildings"][location]
        kind = COMPONENTS.industry.get(building or "")
        if (
            resource == "water"
            and kind is not None
            and kind.effect == "convert"
            and state["mats"][seat]["res"][location][WATER] < 2
        ):
            return action
    for action in puts:  # then onto an empty building site
        location = MAT.parse(action.split()[2])
        if state["mats"][seat]["buildings"][location] is None:
            return action
    return puts[0] if puts else legal[0]


def _tile_worth(number: int) -> float:
    tile = COMPONENTS.tiles[number - 1]
    worth = tile.drachma * DRACHMA_WORTH + sum(n * w for n, w in zip(tile.resources, RESOURCE_WORTH))
    if tile.building:
        worth += INDUSTRY_WORTH.get(tile.building, 1.0) * 0.6
    return worth


# -- the entry point -----------------------------------------------------------------------


SEARCH = RoleSearch(HABITS, evaluate)


def search_settings(level: str) -> SearchSettings:
    """How the role search judges for ``level`` at this table."""
    if level == "easy":
        return SearchSettings(rival_weight=RIVAL_WEIGHT, noise=EASY_ROLE_NOISE, spending=False)
    return NORMAL_SEARCH


def choose(state: State, seat: int, level: str, seed: int, budget: float = 2.0) -> str:
    """The bot's action for ``seat``: always one of ``flow.legal``. The
    ``budget`` (seconds) is more than the fixed amount of work ever takes, so
    the clock never decides the result: the same seed gives the same action."""
    legal = flow.legal(state, seat)
    if not legal:
        raise IllegalAction("This seat has nothing to do right now.")
    rng = random.Random(seed)
    step = state["step"]
    if step == "setup":
        action = setup_habit(state, seat, legal)
    elif step == "choose":
        action = SEARCH.choose_role(state, seat, rng, search_settings(level))
    elif level == "easy" and rng.random() < EASY_RANDOM_STEP:
        action = rng.choice(legal)
    elif "divine" in legal and _divine_helps(state, seat):
        action = "divine"
    else:
        phase = state["phase"]
        moving = phase["role"] != "planner" and movement.can_move(state, seat)
        action = (_divine_moves(state, seat, legal) if moving else None) or HABITS[phase["role"]](state, seat, legal)
    return action if action in legal else ("done" if "done" in legal else legal[0])
