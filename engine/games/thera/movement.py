"""Moving resources: the Planner's moves, extra favored moves, the
Crossroads, and Divine Intervention.

Rulebook: "Moving a resource consists of either: 1. Moving a resource to an
adjacent space (across one unbuilt road) 2. Moving a resource to a connected
space (across as many built roads as you want)". The Planner lets you "move
every resource on your island mat once"; the favored player "may choose one
resource ... and move it an additional time" for every two favor; a
Crossroads lets you "move every resource on or adjacent to this location
once"; a Divine Intervention token lets its owner "move every resource on
their island once".

Each resource unit carries its own moves: ``phase["credits"][seat]`` maps
``"c2:stone"`` to the moves left of each stone on c2 that still has any
(largest first). Favored extra moves are a pool (``phase["extra"]``) that any
resource may use once its own moves are spent. Resources are interchangeable,
so a move takes the unit with the most moves left: the resource you move
keeps travelling.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from engine.core import IllegalAction
from engine.games.thera import notation
from engine.games.thera.components import COMPONENTS, RESOURCES
from engine.games.thera.notation import Action
from engine.games.thera.phase import mark_acted
from engine.games.thera.state import State, built_roads

MAT = COMPONENTS.mat


def _key(location: int, resource: int) -> str:
    return f"{MAT.name(location)}:{RESOURCES[resource]}"


def credits(state: State, seat: int, location: int, resource: int) -> list[int]:
    """Moves left for each unit of that resource on that location."""
    return state["phase"]["credits"][seat].get(_key(location, resource), [])


def grant(state: State, seat: int, locations: Iterable[int]) -> None:
    """One more move for every resource now on ``locations``."""
    table = state["phase"]["credits"][seat]
    res = state["mats"][seat]["res"]
    for location in locations:
        for resource, count in enumerate(res[location]):
            if count:
                key = _key(location, resource)
                old = table.get(key, [])
                table[key] = [c + 1 for c in old] + [1] * (count - len(old))


def grant_all(state: State, seat: int) -> None:
    """One more move for every resource on the island."""
    grant(state, seat, range(len(MAT)))


def movable(state: State, seat: int, location: int, resource: int) -> int:
    """How many of that resource on that location could move once now."""
    here = state["mats"][seat]["res"][location][resource]
    if not here:
        return 0
    return min(here, len(credits(state, seat, location, resource)) + state["phase"]["extra"][seat])


def can_move(state: State, seat: int) -> bool:
    """Whether ``seat`` has any move left this phase."""
    phase = state["phase"]
    if phase is None:
        return False
    if phase["extra"][seat] and any(any(here) for here in state["mats"][seat]["res"]):
        return True
    return any(phase["credits"][seat].values())


def options(state: State, seat: int) -> Iterator[str]:
    """Every ``move`` the seat may make now (each count from 1 up)."""
    if not can_move(state, seat):
        return
    roads = built_roads(state, seat)
    res = state["mats"][seat]["res"]
    for location in range(len(MAT)):
        if not any(res[location]):
            continue
        targets = None
        for resource in range(len(RESOURCES)):
            most = movable(state, seat, location, resource)
            if not most:
                continue
            if targets is None:
                targets = MAT.one_move(roads, location)
            for target in targets:
                for count in range(1, most + 1):
                    yield notation.move(count, resource, location, target)


def apply_move(state: State, seat: int, action: Action) -> None:
    """``move [n] <resource> <from> <to>``."""
    frm, to = action.locations
    resource, count = action.resource, action.count
    name = RESOURCES[resource]
    if not can_move(state, seat):
        raise IllegalAction(
            "You have no moves now: resources move in the Planner phase, with a "
            "Crossroads, or after using a Divine Intervention token (`divine`)."
        )
    have = state["mats"][seat]["res"][frm][resource]
    if not have:
        raise IllegalAction(f"There is no {name} on {MAT.name(frm)}.")
    if have < count:
        raise IllegalAction(f"There {'is' if have == 1 else 'are'} only {have} {name} on {MAT.name(frm)}.")
    targets = MAT.one_move(built_roads(state, seat), frm)
    if to not in targets:
        reach = MAT.listing(targets)
        raise IllegalAction(
            f"{MAT.name(to)} is not one move from {MAT.name(frm)}: a move crosses one "
            f"unbuilt road or any number of built roads. One move from {MAT.name(frm)} "
            f"reaches {reach}."
        )
    able = movable(state, seat, frm, resource)
    if able < count:
        raise IllegalAction(
            f"Only {able} {name} on {MAT.name(frm)} can still move this phase "
            f"(each resource moves once, plus any extra moves you have)."
        )
    phase = state["phase"]
    if phase["role"] == "planner":
        mark_acted(state, seat)
    table = phase["credits"][seat]
    source = list(table.get(_key(frm, resource), []))
    arriving = []
    for _ in range(count):
        if source:
            left = source.pop(0) - 1
        else:
            phase["extra"][seat] -= 1
            left = 0
        if left:
            arriving.append(left)
    _store(table, _key(frm, resource), source)
    _store(table, _key(to, resource), sorted(table.get(_key(to, resource), []) + arriving, reverse=True))
    res = state["mats"][seat]["res"]
    res[frm][resource] -= count
    res[to][resource] += count


def _store(table: dict[str, list[int]], key: str, values: list[int]) -> None:
    if values:
        table[key] = values
    else:
        table.pop(key, None)


def may_intervene(state: State, seat: int) -> bool:
    """Whether ``seat`` may use a Divine Intervention token now."""
    phase = state["phase"]
    return bool(phase is not None and state["divine"][seat] and not phase["acted"][seat])


def apply_divine(state: State, seat: int, action: Action) -> None:
    """``divine``: "discard a Divine Intervention token to move every resource
    on their island once" — allowed "before the owner of the token performs
    the normal actions of the phase"."""
    if not state["divine"][seat]:
        raise IllegalAction("You have no Divine Intervention token.")
    if state["phase"]["acted"][seat]:
        raise IllegalAction(
            "Divine Intervention comes before your other steps of a phase; you have "
            "already acted in this one. Use it first thing in a later phase."
        )
    state["divine"][seat] -= 1
    grant_all(state, seat)
