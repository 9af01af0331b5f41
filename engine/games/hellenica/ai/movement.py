"""Rounds 2+ of each Action phase: the AI Player moves its units.

A. "If the Supply on the AI Board for the Active AI Player is greater than 0
   then reduce the Supply by 1 and proceed to step B. Otherwise, the AI Player
   passes."
B. "Count the number of the Active AI Player's movement eligible units on each
   Area. The Area with the highest count greater than 0 is Supplied for
   Movement. Movement eligible units are Hoplites, Cavalry, and Triremes that
   have not reached their Supply Limit this Turn. In addition, 1 Trireme must
   remain on each Sea Area and 1 Land Unit or AI Government Marker must remain
   on each City. Ties are broken randomly. If no Area has a count higher than
   0, then no movement occurs and the AI Player receives 1 Commerce."
C. "Triremes move first ... If Triremes are moving from a Land Area, move all
   the Triremes to the Destination. If moving from a Sea Area, move all but 1
   Trireme. Leave behind a regular Trireme before an elite Trireme ... Move 1
   Hero with the Triremes, if possible."
D. "Land units move second ... If the units are moving from a City Area move
   all but 1 unit to the same Destination. Otherwise, move all units. Move 1
   Hero with the units, if possible. Always move the combination of units that
   will result in the maximum number of Combat dice ... leave behind a
   Government Marker, Hoplite, Cavalry, elite Hoplite, or elite Cavalry in that
   order." "The AI Player will not move its last Hero and unit out of Delphi if
   the Commune Pathos Objective Card is in play", nor out of Mt. Olympus with
   Ascendancy.
Destination: "Reveal a single AI Card for all movement by the AI Player this
   Round ... Triremes will only move to Sea Areas and Land Units will only move
   to Land Areas ... Areas reachable using Sea Transport by the AI Player are
   considered adjacent for moving Land units. AI Players always Sea Transport
   as if they had the Copper Banding Advancement. Starting with the top-most
   text in the Movement Section ... exclude Areas that do not match the text
   until only 1 Area remains ... If, at any time, the text would remove all
   remaining Areas, then ignore that text. If ... more than 1 Area remains,
   determine the Destination randomly."

The AI moves through the ordinary Movement step (``move``/``attack``/
``done``), so interdiction, combat, casting windows and the World Event that
follows a movement all work as for a person; this module only decides.
Readings: when Sea Transport has room for fewer units than may go, the
combination that goes is again the one rolling the most Combat dice (ties:
the rulebook's leave-behind order); a Trireme left on a Sea Area for another
reason (it already moved this turn) is the one that "remains". On the
Explorable Map, Empty Areas count as Cities with 3 Settlements for Most
Settlements ("treat all Empty Areas as if it is a City Area with 3
settlements on it").
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from engine.games.hellenica.ai import ai_name, draw_one
from engine.games.hellenica.ai.board import board_of
from engine.games.hellenica.ai.cards import BOARD, CARDS, EXPLORE, MAP_OBJECTIVES, AiCard, draw
from engine.games.hellenica.ai.garrison import stays
from engine.games.hellenica.combat import dice_pool
from engine.games.hellenica.components import ADVANCEMENTS, HEROES, RULES
from engine.games.hellenica.creatures import supply_succeeds
from engine.games.hellenica.movement import CARGO, destinations, movable
from engine.games.hellenica.notation import listing, unit_token
from engine.games.hellenica.state import log, map_of, stacks
from engine.games.hellenica.steps import push

TRANSPORT_BONUS = ADVANCEMENTS["copper-banding"].params["value"] - RULES["transport"]["per_trireme"]
"""Extra Hoplites/Cavalry per Trireme: "as if they had the Copper Banding Advancement"."""
LEAVE_ORDER = (("hoplite", False), ("cavalry", False), ("hoplite", True), ("cavalry", True))
"""The rulebook's leave-behind order for equal dice (after the Government Marker)."""
LAND_SEND_ORDER = tuple(reversed(LEAVE_ORDER))
SPECIAL_HOLDS = {"delphi": "commune", "mt-olympus": "ascendancy"}
"""Areas the AI will not leave empty of a Hero and a unit while that Pathos card is in play."""


# ---------------------------------------------------------------------------
# A and B: will the AI supply, and which Area


def _mine(state: dict, seat: int, area: str) -> list[dict]:
    return [s for s in stacks(state, area) if s["owner"] == seat]


def land_must_stay(state: dict, seat: int, area: str) -> int:
    """Land units (garrison included) that must remain in ``area``."""
    keep = 0
    if area in state["cities"]:
        keep = 1  # "1 Land Unit or AI Government Marker must remain on each City"
    if SPECIAL_HOLDS.get(area) in state["pathos"]:
        keep = max(keep, 1)
    return keep


def land_available(state: dict, seat: int, area: str) -> dict[tuple[str, bool], int]:
    """Land units (not Heroes) that may still move out of ``area``, by
    (kind, elite): the Government Marker's two units never do."""
    counts = {
        key: n - stays(state, seat, area, *key) for key, n in movable(state, seat, area).items() if key[0] in CARGO
    }
    return {key: n for key, n in counts.items() if n > 0}


def land_to_send(state: dict, seat: int, area: str) -> int:
    """How many of those move: all but the 1 unit that must stay on a City
    (none if the Government Marker or a unit that cannot move stays)."""
    available = sum(land_available(state, seat, area).values())
    present = sum(s["n"] for s in _mine(state, seat, area) if s["kind"] in CARGO)
    leave = max(0, land_must_stay(state, seat, area) - (present - available))
    return max(0, available - leave)


def land_dice(group: dict[tuple[str, bool], int]) -> int:
    """Land Combat dice a group of Hoplites and Cavalry would roll."""
    return _dice_for(tuple(sorted(key for key, n in group.items() if n > 0)))


@cache
def _dice_for(present: tuple[tuple[str, bool], ...]) -> int:
    return sum(dice_pool([{"kind": k, "elite": e, "n": 1} for k, e in present], sea=False).values())


def best_group(available: dict[tuple[str, bool], int], size: int) -> dict[tuple[str, bool], int]:
    """The ``size`` units to move: "Always move the combination of units that
    will result in the maximum number of Combat dice ... If different
    combinations ... would result in the same number of Combat dice, then
    leave behind a ... Hoplite, Cavalry, elite Hoplite, or elite Cavalry in
    that order" (most dice, then most Hoplites left, then Cavalry ...)."""
    counts = [available.get(key, 0) for key in LEAVE_ORDER]
    size = min(size, sum(counts))
    best: dict[tuple[str, bool], int] = {}
    best_key: tuple[int, ...] | None = None
    for h in range(min(counts[0], size) + 1):
        for c in range(min(counts[1], size - h) + 1):
            for eh in range(min(counts[2], size - h - c) + 1):
                ec = size - h - c - eh
                if ec > counts[3]:
                    continue
                sent = (h, c, eh, ec)
                group = {key: n for key, n in zip(LEAVE_ORDER, sent) if n}
                key = (land_dice(group),) + tuple(have - n for have, n in zip(counts, sent))
                if best_key is None or key > best_key:
                    best, best_key = group, key
    return best


def _sendable_triremes(state: dict, seat: int, area: str) -> dict[bool, int]:
    """Triremes that may leave ``area`` by elite flag: all from a Land Area,
    all but 1 from a Sea Area (a regular one stays before an elite one)."""
    counts = {elite: n for (kind, elite), n in movable(state, seat, area).items() if kind == "trireme"}
    if map_of(state).areas[area].is_sea:
        present = sum(s["n"] for s in _mine(state, seat, area) if s["kind"] == "trireme")
        leave = max(0, 1 - (present - sum(counts.values())))
        for elite in (False, True):
            while leave and counts.get(elite, 0):
                counts[elite] -= 1
                leave -= 1
    return {elite: n for elite, n in counts.items() if n > 0}


def eligible(state: dict, seat: int) -> dict[str, int]:
    """Movement eligible units per Area (Heroes and the garrison never count)."""
    result = {}
    for area in state["units"]:
        total = sum(_sendable_triremes(state, seat, area).values()) + land_to_send(state, seat, area)
        if total > 0:
            result[area] = total
    return result


def supply_area(state: dict, seat: int) -> str | None:
    """Step B: the Area with the most eligible units (ties at random)."""
    counts = eligible(state, seat)
    if not counts:
        return None
    best = max(counts.values())
    return draw_one(state, sorted(a for a, n in counts.items() if n == best))


def start_movement(state: dict, seat: int) -> None:
    """Steps A and B for the AI seat's action of this round."""
    from engine.games.hellenica.actions import pass_turn

    board = board_of(state, seat)
    if board["supply"] <= 0:
        pass_turn(state, seat)
        return
    board["supply"] -= 1
    area = supply_area(state, seat)
    if area is None:
        state["seats"][seat]["commerce"] += BOARD["no_move_commerce"]
        log(
            state,
            f"{ai_name(seat)} spends a Supply but has no unit that can move: +{BOARD['no_move_commerce']} Commerce.",
        )
        return
    card = draw(state)
    board["card"] = card.name
    log(
        state,
        f"{ai_name(seat)} supplies {map_of(state).title(area)} for movement ({board['supply']} Supply left) "
        f"and reveals the AI card {card.title}: {listing([FILTER_TITLES[f] for f in card.movement], 'then')}.",
    )
    if supply_succeeds(state, area):
        push(
            state,
            "move",
            seat=seat,
            area=area,
            assaults={},
            carried={},
            fought=[],
            moved_any=False,
            bonus=TRANSPORT_BONUS,
            ai={"card": card.name, "stage": "triremes", "dest": None, "hero": False, "group": []},
        )


# ---------------------------------------------------------------------------
# Determining Destination


def _friendly(state: dict, seat: int, area: str) -> int:
    return sum(s["n"] for s in _mine(state, seat, area) if s["kind"] not in HEROES)


def _holds(state: dict, owner: int, area: str) -> bool:
    """Units, an Ownership Marker or City Upgrades of ``owner`` in the Area."""
    board = map_of(state)
    if any(s["owner"] == owner for s in stacks(state, area)):
        return True
    record = state["cities"].get(area)
    if record is not None and record["owner"] == owner:
        return True
    return any(
        state["mines"][m] is not None and state["cities"][mine.city]["owner"] == owner
        for m, mine in board.mines.items()
        if mine.area == area
    )


def _grudge(state: dict, seat: int, areas: list[str]) -> list[str]:
    grudge = board_of(state, seat)["grudge"]
    return [] if grudge is None else [a for a in areas if _holds(state, grudge, a)]


def _least_friendly(state: dict, seat: int, areas: list[str]) -> list[str]:
    fewest = min(_friendly(state, seat, a) for a in areas)
    return [a for a in areas if _friendly(state, seat, a) == fewest]


def settlements_seen(state: dict, area: str) -> int:
    """Settlements of an Area for Most Settlements: "treat all Empty Areas as
    if it is a City Area with 3 settlements on it" (Explorable Map)."""
    place = map_of(state).areas[area]
    return EXPLORE["empty_settlements"] if place.empty else place.settlements


def _most_settlements(state: dict, seat: int, areas: list[str]) -> list[str]:
    cities = [a for a in areas if settlements_seen(state, a) > 0]
    if not cities:
        return []
    most = max(settlements_seen(state, a) for a in cities)
    return [a for a in cities if settlements_seen(state, a) == most]


def objective_areas(state: dict, seat: int) -> set[str]:
    """Areas the revealed Pathos cards name, from the AI's side."""
    board = map_of(state)
    found: set[str] = set()
    for card in state["pathos"]:
        rule = MAP_OBJECTIVES.get(card, "none")
        if rule == "enemy-homes":
            found |= {p["city"] for other, p in enumerate(state["seats"]) if other != seat and p["city"]}
        elif rule == "other-cities":
            found |= {c for c in board.cities if state["cities"][c]["owner"] != seat}
        elif rule == "island-cities":
            found |= {c for c in board.cities if board.areas[c].island and state["cities"][c]["owner"] != seat}
        elif rule == "seas":
            found |= {
                a
                for a, area in board.areas.items()
                if area.is_sea and not any(s["owner"] == seat and s["kind"] == "trireme" for s in stacks(state, a))
            }
        elif rule in board.areas:
            found |= {rule, *board.neighbours(rule)}
    return found


def _map_objective(state: dict, seat: int, areas: list[str]) -> list[str]:
    wanted = objective_areas(state, seat)
    return [a for a in areas if a in wanted]


def _enemy(state: dict, seat: int, areas: list[str]) -> list[str]:
    others = [s for s in range(state["players"]) if s != seat]
    return [a for a in areas if any(_holds(state, other, a) and _enemy_piece(state, other, a) for other in others)]


def _enemy_piece(state: dict, owner: int, area: str) -> bool:
    """Units or City Upgrades (an empty city's Ownership Marker is not one)."""
    from engine.games.hellenica.state import upgrades_of

    if any(s["owner"] == owner for s in stacks(state, area)):
        return True
    record = state["cities"].get(area)
    if record is not None and record["owner"] == owner and any(True for _ in upgrades_of(state, area)):
        return True
    board = map_of(state)
    return any(
        state["mines"][m] is not None and state["cities"][mine.city]["owner"] == owner
        for m, mine in board.mines.items()
        if mine.area == area
    )


FILTERS: dict[str, Callable[[dict, int, list[str]], list[str]]] = {
    "grudge": _grudge,
    "least-friendly": _least_friendly,
    "most-settlements": _most_settlements,
    "map-objective": _map_objective,
    "enemy": _enemy,
}
FILTER_TITLES = {
    "grudge": "Grudge",
    "least-friendly": "Least Friendly Units",
    "most-settlements": "Most Settlements",
    "map-objective": "Map Objective",
    "enemy": "Enemy Units/City Upgrades",
}


def narrow(state: dict, seat: int, card: AiCard, areas: list[str]) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """Apply the card's Movement section top to bottom; returns the Areas
    left and, for each text, the Areas it left (ignored texts are skipped)."""
    remaining = sorted(areas)
    trace = []
    for name in card.movement:
        if len(remaining) <= 1:
            break
        kept = FILTERS[name](state, seat, remaining)
        if kept:  # "If ... the text would remove all remaining Areas, then ignore that text."
            remaining = kept
            trace.append((name, list(kept)))
    return remaining, trace


def destination(state: dict, seat: int, card: AiCard, areas: list[str]) -> str:
    remaining, _ = narrow(state, seat, card, areas)
    return remaining[0] if len(remaining) == 1 else draw_one(state, remaining)


def _open(state: dict, frame: dict, area: str) -> bool:
    return area not in state["impassable"] and area not in frame["fought"] and area != frame["area"]


def trireme_targets(state: dict, frame: dict, seat: int) -> list[str]:
    board = map_of(state)
    reach = destinations(state, seat, frame["area"], "trireme", 1, frame["carried"], frame.get("bonus", 0))
    return [a for a in reach if board.areas[a].is_sea and _open(state, frame, a)]


def land_targets(state: dict, frame: dict, seat: int, kinds: list[str]) -> list[str]:
    board = map_of(state)
    found: set[str] = set()
    for kind in kinds:
        reach = destinations(state, seat, frame["area"], kind, 1, frame["carried"], frame.get("bonus", 0))
        found |= {a for a in reach if board.areas[a].is_land and _open(state, frame, a)}
    return sorted(found)


# ---------------------------------------------------------------------------
# C and D: one Movement step at a time


def next_action(state: dict, frame: dict, seat: int) -> str:
    """The AI's next command in its Movement step (``move``, ``attack`` or
    ``done``), following C then D."""
    plan = frame["ai"]
    card = CARDS[plan["card"]]
    while True:
        if plan["stage"] == "done":
            return "done"
        command = _stage_command(state, frame, seat, card, plan)
        if command is not None:
            return command
        waiting = next(iter(frame["assaults"]), None)
        if waiting is not None:
            return f"attack {waiting}"
        plan.update(stage="land" if plan["stage"] == "triremes" else "done", dest=None, hero=False, group=[])


def _stage_command(state: dict, frame: dict, seat: int, card: AiCard, plan: dict[str, Any]) -> str | None:
    origin = frame["area"]
    triremes = plan["stage"] == "triremes"
    if plan["dest"] is None:
        if triremes:
            if not _sendable_triremes(state, seat, origin):
                return None
            targets = trireme_targets(state, frame, seat)
        else:
            if not land_to_send(state, seat, origin):
                return None
            targets = land_targets(state, frame, seat, sorted({k for k, _ in land_available(state, seat, origin)}))
        if not targets:
            return None
        chosen = destination(state, seat, card, targets)
        plan["dest"] = chosen
        if not triremes:
            plan["group"] = _land_group(state, frame, seat, chosen)
        what = "Triremes" if triremes else "land units"
        log(state, f"{ai_name(seat)}'s {what} in {map_of(state).title(origin)} head for {map_of(state).title(chosen)}.")
    dest = plan["dest"]
    if triremes:
        for elite, n in sorted(_sendable_triremes(state, seat, origin).items()):
            if dest in destinations(state, seat, origin, "trireme", n, frame["carried"], frame.get("bonus", 0)):
                return f"move {n} {unit_token('trireme', elite)} {dest}"
    else:
        while plan["group"]:
            kind, elite, wanted = plan["group"].pop(0)
            for n in range(wanted, 0, -1):  # Transport room shared by the group may run short
                if dest in destinations(state, seat, origin, kind, n, frame["carried"], frame.get("bonus", 0)):
                    return f"move {n} {unit_token(kind, elite)} {dest}"
    if not plan["hero"]:
        plan["hero"] = True
        hero = _hero_to_send(state, frame, seat, dest)
        if hero is not None:
            return f"move 1 {hero} {dest}"
    return None


def _land_group(state: dict, frame: dict, seat: int, dest: str) -> list[list]:
    """The land units that go to ``dest`` as ``[kind, elite, n]``, most
    Combat dice first: all that may go, or as many as Sea Transport carries."""
    origin = frame["area"]
    size = land_to_send(state, seat, origin)
    room = size
    while room > 0 and dest not in destinations(
        state, seat, origin, "hoplite", room, frame["carried"], frame.get("bonus", 0)
    ):
        room -= 1
    group = best_group(land_available(state, seat, origin), room)
    return [[kind, elite, group[(kind, elite)]] for kind, elite in LAND_SEND_ORDER if group.get((kind, elite))]


def _hero_to_send(state: dict, frame: dict, seat: int, dest: str) -> str | None:
    """ "Move 1 Hero with the units, if possible" — unless it is the last Hero
    holding Delphi or Mt. Olympus for a Pathos card in play."""
    origin = frame["area"]
    for (kind, elite), n in sorted(movable(state, seat, origin).items()):
        if kind not in HEROES:
            continue
        heroes_here = sum(s["n"] for s in _mine(state, seat, origin) if s["kind"] in HEROES)
        if SPECIAL_HOLDS.get(origin) in state["pathos"] and heroes_here <= 1:
            return None
        if dest in destinations(state, seat, origin, kind, 1, frame["carried"], frame.get("bonus", 0)):
            return unit_token(kind, elite)
    return None
