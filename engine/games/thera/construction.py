"""Constructing buildings and roads (the Builder, and the favored Noble).

Rulebook: "In order to construct a building, you must have resources equal to
the cost of a building on the building site and enough drachma in your hand.
Remove the resources, spend the drachma, and place the building on the
building site built side up." Industry buildings "can always be built
provided they are available in the central pool"; a luxury must be in your
hand. "When you construct a Luxury building, if it is built on a Vista
location and the location is connected to your Port, you immediately earn
bonus Recognition equal to the value of the Vista location." A road costs "a
stone from a location" and goes "onto an unbuilt road between the space you
removed the stone from and an adjacent location"; free roads go "onto any
unbuilt road on your island".

Allowances (``phase.allow``): ``industry`` and ``luxury`` (normal builds),
``either`` (the favored Builder's extra building), ``architect:<loc>`` (an
Architect's luxury next to it), ``roads`` (paid roads allowed),
``free_roads``.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import SEAT_COLOURS, IllegalAction
from engine.games.thera import notation
from engine.games.thera.components import COMPONENTS, Cost, Industry, Luxury, describe_amounts
from engine.games.thera.movement import may_intervene
from engine.games.thera.notation import Action
from engine.games.thera.phase import allowance, at, earlier_seats, keys_with, mark_acted, use
from engine.games.thera.state import STONE, State, building_at, has, remove

MAT = COMPONENTS.mat


# -- what may be built where ---------------------------------------------------------


def affordable(state: State, seat: int, location: int, cost: Cost) -> bool:
    """Whether the cost lies on ``location`` and the drachma are in hand."""
    return has(state, seat, location, cost.resources) and state["drachma"][seat] >= cost.drachma


def empty_locations(state: State, seat: int) -> list[int]:
    """Locations without a building: the only building sites."""
    return [i for i, b in enumerate(state["mats"][seat]["buildings"]) if b is None]


def industry_slots(state: State, seat: int) -> int:
    """Industry buildings ``seat`` may still construct this phase."""
    return allowance(state, seat, "industry") + allowance(state, seat, "either")


def luxury_allowance(state: State, seat: int, location: int) -> str | None:
    """Which allowance a luxury on ``location`` would use, most restricted
    first so the freer ones stay for later: an adjacent Architect, the normal
    luxury build, then the favored extra building."""
    for architect, _ in keys_with(state, seat, "architect"):
        if location in MAT.adjacent(architect):
            return at("architect", architect)
    for key in ("luxury", "either"):
        if allowance(state, seat, key):
            return key
    return None


def may_build_luxury(state: State, seat: int) -> bool:
    """Whether ``seat`` has any luxury build left this phase."""
    return bool(
        allowance(state, seat, "luxury") or allowance(state, seat, "either") or keys_with(state, seat, "architect")
    )


def _possible_industry_builds(state: State, seat: int, kind: Industry) -> int:
    """At most how many ``kind`` buildings ``seat`` could still build this
    phase (an upper bound: where the cost already lies, or anywhere if a
    Divine Intervention could still bring it)."""
    slots = industry_slots(state, seat)
    if not slots or may_intervene(state, seat):
        return slots
    assert kind.cost is not None
    sites = sum(1 for loc in empty_locations(state, seat) if affordable(state, seat, loc, kind.cost))
    return min(slots, sites)


def industry_wait(state: State, seat: int, kind: Industry) -> str | None:
    """Why ``seat`` must wait before taking one of the last copies of an
    industry building, or None. The order matters only when the pool is too
    small for everyone: then the favored player builds first, then clockwise."""
    left = state["industry"].get(kind.id, 0)
    ahead = [(s, _possible_industry_builds(state, s, kind)) for s in earlier_seats(state, seat)]
    claims = sum(n for _, n in ahead)
    if left > claims:
        return None
    who = " and ".join(SEAT_COLOURS[s] for s, n in ahead if n)
    return (
        f"Only {left} {kind.name} left in the pool, and {who} (before you in turn order) could still "
        f"build {'it' if left == 1 else 'them'}. Wait until {who} {'is' if ' and ' not in who else 'are'} "
        f"done, or build something else."
    )


def build_options(state: State, seat: int) -> Iterator[str]:
    """Every ``build`` the seat may make now."""
    if state["phase"] is None:
        return
    sites = empty_locations(state, seat)
    if industry_slots(state, seat):
        for kind_id, left in sorted(state["industry"].items()):
            kind = COMPONENTS.industry[kind_id]
            assert kind.cost is not None
            if not left:
                continue
            places = [loc for loc in sites if affordable(state, seat, loc, kind.cost)]
            if places and industry_wait(state, seat, kind) is None:
                for location in places:
                    yield f"build {kind_id} {notation.loc(location)}"
    if may_build_luxury(state, seat):
        for lux_id in sorted(set(state["hands"][seat])):
            luxury = COMPONENTS.luxuries[lux_id]
            for location in sites:
                if affordable(state, seat, location, luxury.cost) and luxury_allowance(state, seat, location):
                    yield f"build {lux_id} {notation.loc(location)}"


def _cost_message(state: State, seat: int, building: Industry | Luxury, location: int) -> str | None:
    cost = building.cost
    assert cost is not None
    where = MAT.name(location)
    if not has(state, seat, location, cost.resources):
        have = describe_amounts(tuple(state["mats"][seat]["res"][location]))
        return (
            f"The {building.name} needs {describe_amounts(cost.resources)} on {where}; {where} has {have}. "
            f"Resources must lie on the building site."
        )
    if state["drachma"][seat] < cost.drachma:
        return f"The {building.name} costs {cost.drachma} drachma and you have {state['drachma'][seat]}."
    return None


def apply_build(state: State, seat: int, action: Action) -> None:
    """``build <building> <location>``."""
    location = action.locations[0]
    where = MAT.name(location)
    occupant = building_at(state, seat, location)
    if occupant is not None:
        raise IllegalAction(
            f"{where} already holds your {COMPONENTS.building(occupant).name}; build on an empty location."
        )
    if action.building in COMPONENTS.industry:
        key = _claim_industry(state, seat, COMPONENTS.industry[action.building])
        building: Industry | Luxury = COMPONENTS.industry[action.building]
    else:
        building = COMPONENTS.luxuries[action.building]
        key = _claim_luxury(state, seat, building, location)
    problem = _cost_message(state, seat, building, location)
    if problem:
        raise IllegalAction(problem)
    assert building.cost is not None
    mark_acted(state, seat)
    use(state, seat, key)
    remove(state, seat, location, building.cost.resources)
    state["drachma"][seat] -= building.cost.drachma
    state["mats"][seat]["buildings"][location] = building.id
    if isinstance(building, Luxury):
        state["hands"][seat].remove(building.id)
        state["phase"]["built"].append([seat, building.type])
        if MAT.vista_connected(state["mats"][seat]["roads"], location):
            state["bonus"][seat] += MAT.vistas[location]
    else:
        state["industry"][building.id] -= 1


def _claim_industry(state: State, seat: int, kind: Industry) -> str:
    if not kind.buildable:
        raise IllegalAction(f"The {kind.name} is printed on every island and cannot be built.")
    if kind.id not in state["industry"]:
        raise IllegalAction(f"The {kind.name} is an advanced building; this game uses the basic rules.")
    key = "industry" if allowance(state, seat, "industry") else "either"
    if not allowance(state, seat, key):
        if state["phase"]["role"] == "builder":
            raise IllegalAction("You have already built your industry building this phase.")
        raise IllegalAction("Industry buildings are constructed in the Builder phase.")
    if not state["industry"][kind.id]:
        raise IllegalAction(f"No {kind.name} is left in the central pool.")
    wait = industry_wait(state, seat, kind)
    if wait:
        raise IllegalAction(wait)
    return key


def _claim_luxury(state: State, seat: int, luxury: Luxury, location: int) -> str:
    if luxury.id not in state["hands"][seat]:
        raise IllegalAction(f"You have no {luxury.name} ({luxury.id}) in your hand.")
    key = luxury_allowance(state, seat, location)
    if key is None:
        if keys_with(state, seat, "architect") and not (
            allowance(state, seat, "luxury") or allowance(state, seat, "either")
        ):
            raise IllegalAction(
                f"Your Architect builds only on an empty location next to it; {MAT.name(location)} is not."
            )
        if state["phase"]["role"] == "builder":
            raise IllegalAction("You have already built your luxury building this phase.")
        raise IllegalAction(
            "Luxury buildings are constructed in the Builder phase (or by a Noble favored with six or more favor)."
        )
    return key


# -- roads ------------------------------------------------------------------------------


def road_options(state: State, seat: int) -> Iterator[str]:
    """Every paid ``road`` and ``free road`` the seat may build now."""
    roads = state["mats"][seat]["roads"]
    res = state["mats"][seat]["res"]
    paid = allowance(state, seat, "roads")
    free = allowance(state, seat, "free_roads")
    if not paid and not free:
        return
    for road, (a, b) in enumerate(MAT.roads):
        if roads[road]:
            continue
        if paid:
            if res[a][STONE]:
                yield notation.road(a, b)
            if res[b][STONE]:
                yield notation.road(b, a)
        if free:
            yield notation.free_road(a, b)


def _unbuilt_road(state: State, seat: int, a: int, b: int) -> int:
    road = MAT.road_between(a, b)
    if road is None:
        raise IllegalAction(
            f"{MAT.name(a)} and {MAT.name(b)} are not adjacent; a road joins two neighbouring locations."
        )
    if state["mats"][seat]["roads"][road]:
        raise IllegalAction(f"The road {MAT.road_name(road)} is already built.")
    return road


def apply_road(state: State, seat: int, action: Action) -> None:
    """``road <location with stone> <location>``: a road paid with one stone."""
    frm, to = action.locations
    if not allowance(state, seat, "roads"):
        raise IllegalAction("Roads are paid for and built in the Builder phase.")
    road = _unbuilt_road(state, seat, frm, to)
    stone = (0, int(COMPONENTS.role("builder")["road_cost_stone"]), 0, 0)
    if not has(state, seat, frm, stone):
        hint = (
            f" There is stone on {MAT.name(to)}: write `road {MAT.name(to)} {MAT.name(frm)}`."
            if has(state, seat, to, stone)
            else ""
        )
        raise IllegalAction(f"There is no stone on {MAT.name(frm)} to pay for the road.{hint}")
    mark_acted(state, seat)
    remove(state, seat, frm, stone)
    state["mats"][seat]["roads"][road] = 1


def apply_free_road(state: State, seat: int, action: Action) -> None:
    """``free road <location> <location>``: a favored free road."""
    a, b = action.locations
    if not allowance(state, seat, "free_roads"):
        raise IllegalAction(
            "You have no free road this phase (the favored Planner gets one per four "
            "favor, the favored Builder one per three)."
        )
    road = _unbuilt_road(state, seat, a, b)
    mark_acted(state, seat)
    use(state, seat, "free_roads")
    state["mats"][seat]["roads"][road] = 1


def has_work(state: State, seat: int) -> bool:
    """Whether ``seat`` could still build anything this phase, even if it
    must first wait for seats ahead of it (used to decide whether the seat
    is finished)."""
    if allowance(state, seat, "free_roads") and not all(state["mats"][seat]["roads"]):
        return True
    if allowance(state, seat, "roads") and next(road_options(state, seat), None) is not None:
        return True
    sites = empty_locations(state, seat)
    if industry_slots(state, seat):
        for kind_id, left in state["industry"].items():
            cost = COMPONENTS.industry[kind_id].cost
            if left and cost is not None and any(affordable(state, seat, loc, cost) for loc in sites):
                return True
    if may_build_luxury(state, seat):
        for lux_id in set(state["hands"][seat]):
            cost = COMPONENTS.luxuries[lux_id].cost
            if any(affordable(state, seat, loc, cost) and luxury_allowance(state, seat, loc) for loc in sites):
                return True
    return False
