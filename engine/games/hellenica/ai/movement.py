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
Readings: when the movement is cut short by Transport room, the units that
roll the most Combat dice go first (elite Cavalry, elite Hoplites, Cavalry,
Hoplites); a Trireme left on a Sea Area for another reason (it already moved
this turn) is the one that "remains".
"""

from __future__ import annotations

from typing import Any, Callable

from engine.games.hellenica.ai import ai_name
from engine.games.hellenica.ai.board import board_of
from engine.games.hellenica.ai.cards import BOARD, CARDS, MAP_OBJECTIVES, AiCard, draw
from engine.games.hellenica.ai.garrison import stays
from engine.games.hellenica.components import ADVANCEMENTS, HEROES, RULES
from engine.games.hellenica.creatures import supply_succeeds
from engine.games.hellenica.movement import CARGO, destinations, movable
from engine.games.hellenica.notation import listing, unit_token
from engine.games.hellenica.state import log, map_of, rng_of, stacks, store_rng
from engine.games.hellenica.steps import push

TRANSPORT_BONUS = ADVANCEMENTS["copper-banding"].params["value"] - RULES["transport"]["per_trireme"]
"""Extra Hoplites/Cavalry per Trireme: "as if they had the Copper Banding Advancement"."""
LAND_SEND_ORDER = (("cavalry", True), ("hoplite", True), ("cavalry", False), ("hoplite", False))
"""Most Combat dice first; the reverse is the rulebook's leave-behind order."""
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


def _sendable_land(state: dict, seat: int, area: str) -> dict[tuple[str, bool], int]:
    """Land units (not Heroes) that may leave ``area``, by (kind, elite),
    after the garrison and the unit that must stay are taken out — the unit
    left behind chosen in the rulebook's order."""
    counts = {key: n - stays(state, seat, area, *key)
              for key, n in movable(state, seat, area).items() if key[0] in CARGO}
    counts = {key: n for key, n in counts.items() if n > 0}
    present = sum(s["n"] for s in _mine(state, seat, area) if s["kind"] in CARGO)
    keep = land_must_stay(state, seat, area)
    leave = max(0, keep - (present - sum(counts.values())))
    for key in reversed(LAND_SEND_ORDER):  # Hoplite, Cavalry, elite Hoplite, elite Cavalry
        while leave and counts.get(key, 0):
            counts[key] -= 1
            leave -= 1
    return {key: n for key, n in counts.items() if n > 0}


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
        total = sum(_sendable_triremes(state, seat, area).values()) + sum(_sendable_land(state, seat, area).values())
        if total > 0:
            result[area] = total
    return result


def supply_area(state: dict, seat: int) -> str | None:
    """Step B: the Area with the most eligible units (ties at random)."""
    counts = eligible(state, seat)
    if not counts:
        return None
    best = max(counts.values())
    tied = sorted(a for a, n in counts.items() if n == best)
    rng = rng_of(state)
    area = tied[rng.below(len(tied))]
    store_rng(state, rng)
    return area


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
        log(state, f"{ai_name(seat)} spends a Supply but has no unit that can move: +{BOARD['no_move_commerce']} "
                   f"Commerce.")
        return
    card = draw(state)
    board["card"] = card.name
    log(state, f"{ai_name(seat)} supplies {map_of(state).title(area)} for movement ({board['supply']} Supply left) "
               f"and reveals the AI card {card.title}: {listing([FILTER_TITLES[f] for f in card.movement], 'then')}.")
    if supply_succeeds(state, area):
        push(state, "move", seat=seat, area=area, assaults={}, carried={}, fought=[], moved_any=False,
             bonus=TRANSPORT_BONUS, ai={"card": card.name, "stage": "triremes", "dest": None, "hero": False})


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
    return any(state["mines"][m] is not None and state["cities"][mine.city]["owner"] == owner
               for m, mine in board.mines.items() if mine.area == area)


def _grudge(state: dict, seat: int, areas: list[str]) -> list[str]:
    grudge = board_of(state, seat)["grudge"]
    return [] if grudge is None else [a for a in areas if _holds(state, grudge, a)]


def _least_friendly(state: dict, seat: int, areas: list[str]) -> list[str]:
    fewest = min(_friendly(state, seat, a) for a in areas)
    return [a for a in areas if _friendly(state, seat, a) == fewest]


def _most_settlements(state: dict, seat: int, areas: list[str]) -> list[str]:
    board = map_of(state)
    cities = [a for a in areas if board.areas[a].settlements > 0]
    if not cities:
        return []
    most = max(board.areas[a].settlements for a in cities)
    return [a for a in cities if board.areas[a].settlements == most]


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
            found |= {a for a, area in board.areas.items() if area.is_sea
                      and not any(s["owner"] == seat and s["kind"] == "trireme" for s in stacks(state, a))}
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
    return any(state["mines"][m] is not None and state["cities"][mine.city]["owner"] == owner
               for m, mine in board.mines.items() if mine.area == area)


FILTERS: dict[str, Callable[[dict, int, list[str]], list[str]]] = {
    "grudge": _grudge, "least-friendly": _least_friendly, "most-settlements": _most_settlements,
    "map-objective": _map_objective, "enemy": _enemy,
}
FILTER_TITLES = {"grudge": "Grudge", "least-friendly": "Least Friendly Units", "most-settlements": "Most Settlements",
                 "map-objective": "Map Objective", "enemy": "Enemy Units/City Upgrades"}


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
    if len(remaining) == 1:
        return remaining[0]
    rng = rng_of(state)
    area = remaining[rng.below(len(remaining))]
    store_rng(state, rng)
    return area


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
        plan.update(stage="land" if plan["stage"] == "triremes" else "done", dest=None, hero=False)


def _stage_command(state: dict, frame: dict, seat: int, card: AiCard, plan: dict[str, Any]) -> str | None:
    origin = frame["area"]
    triremes = plan["stage"] == "triremes"
    if plan["dest"] is None:
        if triremes:
            if not _sendable_triremes(state, seat, origin):
                return None
            targets = trireme_targets(state, frame, seat)
        else:
            sendable = _sendable_land(state, seat, origin)
            if not sendable:
                return None
            targets = land_targets(state, frame, seat, sorted({k for k, _ in sendable}))
        if not targets:
            return None
        plan["dest"] = destination(state, seat, card, targets)
        what = "Triremes" if triremes else "land units"
        log(state, f"{ai_name(seat)}'s {what} in {map_of(state).title(origin)} head for "
                   f"{map_of(state).title(plan['dest'])}.")
    dest = plan["dest"]
    if triremes:
        for elite, n in sorted(_sendable_triremes(state, seat, origin).items()):
            if dest in destinations(state, seat, origin, "trireme", n, frame["carried"], frame.get("bonus", 0)):
                return f"move {n} {unit_token('trireme', elite)} {dest}"
    else:
        sendable = _sendable_land(state, seat, origin)
        for key in LAND_SEND_ORDER:
            for n in range(sendable.get(key, 0), 0, -1):
                if dest in destinations(state, seat, origin, key[0], n, frame["carried"], frame.get("bonus", 0)):
                    return f"move {n} {unit_token(*key)} {dest}"
    if not plan["hero"]:
        plan["hero"] = True
        hero = _hero_to_send(state, frame, seat, dest)
        if hero is not None:
            return f"move 1 {hero} {dest}"
    return None


def _hero_to_send(state: dict, frame: dict, seat: int, dest: str) -> str | None:
    """"Move 1 Hero with the units, if possible" — unless it is the last Hero
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
