"""The Priest: refill the luxury pool, water for everyone, the envoy, and the
Priest's industry buildings (Spring, Customs House).

Rulebook: Neutral: "Discard any Luxury buildings that may be left in the
Luxury pool and refill the pool with Luxury buildings from the Luxury bag."
Normal: "Take two water from the supply and place them into any location on
your island." Favored: "For every two (2) favor on the Priest, place an
additional water onto your island." "If there are five (5) or more favor on
the Priest, you may cause the Roman envoy to appear sooner by drawing and
discarding from the Luxury bag one tile for every player in the game, plus
one." Spring: "take two water from the supply. Place this water on
location/s adjacent to the Spring." Customs House: "After the Luxury pool has
been refilled, you may swap an unbuilt luxury building in your hand with a
luxury building from the pool. If multiple people have built the Customs
house, they perform this action in turn order."
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import SEAT_COLOURS, IllegalAction
from engine.games.thera import notation
from engine.games.thera.components import COMPONENTS
from engine.games.thera.notation import Action
from engine.games.thera.phase import (
    allowance,
    at,
    at_least,
    earlier_seats,
    every,
    grant,
    keys_with,
    mark_acted,
    rules,
    use,
)
from engine.games.thera.state import WATER, State, draw, locations_with_effect, pool_size

MAT = COMPONENTS.mat
RULES = rules("priest")


def begin(state: State) -> None:
    """The neutral refill, then every seat's water and buildings."""
    refill_pool(state)
    for seat in range(state["players"]):
        grant(state, seat, "water", int(RULES["water"]) + every(state, seat, int(RULES["extra_water_per"])))
        if at_least(state, seat, int(RULES["envoy_at"])):
            grant(state, seat, "envoy")
        for spring in locations_with_effect(state, seat, "spring"):
            grant(state, seat, at("spring", spring), COMPONENTS.industry["spring"].amount["water"])
        if state["pool"]:
            for customs in locations_with_effect(state, seat, "customs"):
                grant(state, seat, at("swap", customs))


def refill_pool(state: State) -> None:
    """The neutral action: discard the pool and draw a new one."""
    state["discarded"] += len(state["pool"])
    state["pool"] = sorted(draw(state, pool_size(state)))


def options(state: State, seat: int) -> Iterator[str]:
    """The seat's Priest steps: envoy, swaps, Spring water, water."""
    if allowance(state, seat, "envoy") and state["bag"]:
        yield "envoy"
    for customs, _ in keys_with(state, seat, "swap"):
        if swap_wait(state, seat) is None:
            for mine in sorted(set(state["hands"][seat])):
                for theirs in sorted(set(state["pool"]) - {mine}):
                    yield f"swap {mine} {theirs}"
        break
    for spring, _ in keys_with(state, seat, "spring"):
        for target in MAT.adjacent(spring):
            yield f"spring {notation.loc(spring)} {notation.loc(target)}"
    left = allowance(state, seat, "water")
    for location in range(len(MAT)):
        for count in range(1, left + 1):
            yield notation.water(count, location)


def has_work(state: State, seat: int) -> bool:
    """Whether the seat has water to place, an envoy or a swap left."""
    return bool(
        allowance(state, seat, "water")
        or keys_with(state, seat, "spring")
        or (allowance(state, seat, "envoy") and state["bag"])
        or (keys_with(state, seat, "swap") and state["hands"][seat] and state["pool"])
    )


def apply_water(state: State, seat: int, action: Action) -> None:
    """``water [n] <location>``: place n of your Priest water on one location."""
    left = allowance(state, seat, "water")
    if not left:
        raise IllegalAction("You have placed all your water this phase.")
    if action.count > left:
        raise IllegalAction(f"You have {left} water left to place, not {action.count}.")
    mark_acted(state, seat)
    use(state, seat, "water", action.count)
    state["mats"][seat]["res"][action.locations[0]][WATER] += action.count


def apply_spring(state: State, seat: int, action: Action) -> None:
    """``spring <spring> <location>``: one Spring water next to that Spring."""
    spring, target = action.locations
    key = at("spring", spring)
    if not allowance(state, seat, key):
        springs = keys_with(state, seat, "spring")
        if not springs:
            raise IllegalAction("You have no Spring water to place this phase.")
        raise IllegalAction(
            f"There is no Spring with water left on {MAT.name(spring)}; yours: "
            f"{', '.join(MAT.name(s) for s, _ in springs)}."
        )
    if target not in MAT.adjacent(spring):
        near = MAT.listing(MAT.adjacent(spring))
        raise IllegalAction(f"Spring water goes on a location adjacent to the Spring: {near}.")
    mark_acted(state, seat)
    use(state, seat, key)
    state["mats"][seat]["res"][target][WATER] += 1


def apply_envoy(state: State, seat: int, action: Action) -> None:
    """``envoy``: draw and discard players + 1 luxuries from the bag."""
    if not allowance(state, seat, "envoy"):
        raise IllegalAction(f"Only the favored Priest with {RULES['envoy_at']} or more favor may call the envoy.")
    if not state["bag"]:
        raise IllegalAction("The luxury bag is already empty.")
    mark_acted(state, seat)
    use(state, seat, "envoy")
    drawn = draw(state, pool_size(state))
    state["discarded"] += len(drawn)


def swap_wait(state: State, seat: int) -> str | None:
    """Customs Houses swap "in turn order": wait for earlier owners."""
    ahead = [s for s in earlier_seats(state, seat) if keys_with(state, s, "swap")]
    if not ahead:
        return None
    who = " and ".join(SEAT_COLOURS[s] for s in ahead)
    return f"Customs Houses swap in turn order: wait until {who} has swapped or is done."


def apply_swap(state: State, seat: int, action: Action) -> None:
    """``swap <hand> <pool>``: a Customs House swap."""
    mine, theirs = action.luxuries
    houses = keys_with(state, seat, "swap")
    if not houses:
        raise IllegalAction("Swapping with the pool needs a Customs House that has not swapped this phase.")
    wait = swap_wait(state, seat)
    if wait:
        raise IllegalAction(wait)
    if mine not in state["hands"][seat]:
        raise IllegalAction(f"You have no {COMPONENTS.luxuries[mine].name} ({mine}) in your hand.")
    if mine == theirs:
        raise IllegalAction("Swapping a luxury for the same luxury changes nothing; pick a different one.")
    if theirs not in state["pool"]:
        raise IllegalAction(
            f"There is no {COMPONENTS.luxuries[theirs].name} ({theirs}) in the pool; it holds "
            f"{', '.join(state['pool']) or 'nothing'}."
        )
    mark_acted(state, seat)
    use(state, seat, at("swap", houses[0][0]))
    state["hands"][seat].remove(mine)
    state["hands"][seat].append(theirs)
    state["pool"].remove(theirs)
    state["pool"] = sorted(state["pool"] + [mine])
