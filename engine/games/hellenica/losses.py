"""Losing pieces to the gods and the people: Area Reduction, revolts, and
cities left empty.

- Area Reduction: "Players on the Area must remove a total of 2 units and/or
  City Upgrades of theirs from the Area. If all units and City Upgrades on a
  city are destroyed then the city becomes neutral immediately. If the city is
  a player's starting Home City then it reverts to that owner's control
  instead of becoming neutral."
- Revolts: "A Revolt may not occur in a Government City. The player undergoing
  the Revolt rolls the Yellow Die and adds the number of plus signs rolled (or
  subtracts a minus sign) to the number of units on the city and subtracts the
  number of City Upgrades on the city. If the result is 0 or higher, the Revolt
  fails. If the result is negative then the Revolt succeeds. The owning player
  must remove a number of units from the city equal to the negative number. If
  the Revolt succeeds and there are no units in the city after the Revolt then
  the city reverts to neutral (or its original owner if a starting Home City),
  but retains its City Upgrades for a future conqueror."
- "If a player is impacted by a World Event and has multiple selections that
  match the criteria of the card ... the affected player may choose": the
  ``losses`` step asks the player which pieces go, unless only one choice is
  possible.

Readings: a Government Marker "counts as the City Upgrade shown on it", so it
is a City Upgrade here too (it can be lost, and it is counted); an upgrade is
lost with the area it lies in (one on a mine with the area the mine lies in),
but a revolt or an emptied city counts the whole City Area, its mines too
(the revolt example's Megara holds 3 City Upgrades: its 2 settlements and
the Geraneia mine); "all units" of a city are its owner's units.

Notation: ``lose <piece> <area>`` — a unit (``hoplite``, ``elite-cavalry``,
``hero`` ...), an upgrade on a settlement (``market``, ``temple-athena``,
``government``) or a mine by name (``laurion``).
"""

from __future__ import annotations

from typing import Any

from engine.core import IllegalAction
from engine.games.hellenica.ai import world as ai_world
from engine.games.hellenica.components import DICE_FACES, GOVERNMENTS, RULES, UPGRADES, YELLOW_SIGNS
from engine.games.hellenica.movement import strand_heroes
from engine.games.hellenica.notation import listing, parse_unit, unit_token
from engine.games.hellenica.state import (
    is_government_city,
    is_settlement,
    log,
    map_of,
    own_city,
    rng_of,
    seat_name,
    set_site,
    sites,
    stacks,
    store_rng,
    take_units,
    unit_word,
)
from engine.games.hellenica.steps import Step, finish, push, register

REDUCTION = RULES["events"]["area_reduction"]


# ---------------------------------------------------------------------------
# Pieces


def piece_token(site: str, piece: dict) -> str:
    """How ``lose`` names an upgrade: its type (``temple-<deity>``), ``government``,
    or the mine's name."""
    if site == "government":
        return "government"
    if not (is_settlement(site) or site == "oracle"):
        return site
    return f"temple-{piece['deity']}" if piece["type"] == "temple" and piece.get("deity") else piece["type"]


def piece_title(state: dict, site: str, piece: dict) -> str:
    if site == "government":
        return f"{GOVERNMENTS[piece['type']].title} marker"
    title = UPGRADES[piece["type"]].title
    if not (is_settlement(site) or site == "oracle"):
        return f"{title} on {map_of(state).mines[site].title}"
    return title


def city_upgrades(state: dict, city: str) -> list[tuple[str, dict]]:
    """The City Upgrades standing on a city itself: settlements, the Free
    Temple and the Government Marker (not its mines)."""
    found = [
        (site, piece)
        for site, piece in sites(state, city)
        if piece is not None and (is_settlement(site) or site == "oracle")
    ]
    government = state["cities"][city]["government"]
    if government is not None:
        found.append(("government", government))
    return found


def upgrades_in_area(state: dict, area: str, seat: int) -> list[tuple[str, str, dict]]:
    """A seat's City Upgrades lying in an area, as (city, site, piece): on the
    city of that area, and on mines lying there."""
    found: list[tuple[str, str, dict]] = []
    board = map_of(state)
    if area in state["cities"] and state["cities"][area]["owner"] == seat:
        found += [(area, site, piece) for site, piece in city_upgrades(state, area)]
    for mine in board.mines_in(area):
        piece = state["mines"][mine]
        if piece is not None and state["cities"][board.mines[mine].city]["owner"] == seat:
            found.append((board.mines[mine].city, mine, piece))
    return found


def counted_upgrades(state: dict, city: str) -> int:
    """The City Upgrades a revolt or an emptied city counts: the whole City
    Area's — "City Areas are all the Settlements in one Area plus any Mines in
    adjacent Areas" — so its settlements, Free Temple, Government Marker and
    mines (an AI player's Settlements stand for its upgrades)."""
    on_mines = sum(1 for mine in map_of(state).mines_of(city) if state["mines"][mine] is not None)
    return ai_world.counted_upgrades(state, city) + on_mines


def units_in_area(state: dict, area: str, seat: int) -> int:
    return sum(s["n"] for s in stacks(state, area) if s["owner"] == seat)


def players_on(state: dict, area: str) -> list[int]:
    """Seats with units or City Upgrades on an area."""
    return [
        seat
        for seat in range(state["players"])
        if units_in_area(state, area, seat) or upgrades_in_area(state, area, seat)
    ]


def options(state: dict, seat: int, areas: list[str], what: str) -> list[str]:
    """``<piece> <area>`` choices: units (``what`` units), upgrades, or both."""
    found: list[str] = []
    for area in areas:
        if what in ("any", "units"):
            found += sorted(
                {f"{unit_token(s['kind'], s['elite'])} {area}" for s in stacks(state, area) if s["owner"] == seat}
            )
        if what in ("any", "upgrades"):
            found += sorted(
                {f"{piece_token(site, piece)} {area}" for _, site, piece in upgrades_in_area(state, area, seat)}
            )
    return found


def remove_piece(state: dict, seat: int, token: str, area: str) -> str:
    """Remove one piece named by ``token`` from ``area``; returns its words."""
    unit = parse_unit(token)
    if unit is not None and any(s["owner"] == seat and (s["kind"], s["elite"]) == unit for s in stacks(state, area)):
        take_units(state, area, seat, unit[0], unit[1], 1)
        return unit_word(unit[0], unit[1])
    for city, site, piece in upgrades_in_area(state, area, seat):
        if piece_token(site, piece) == token:
            set_site(state, city, site, None)
            return f"the {piece_title(state, site, piece)}"
    raise ValueError(f"{token} is not a piece of seat {seat} in {area}")


def total_pieces(state: dict, seat: int, areas: list[str], what: str) -> int:
    total = 0
    for area in areas:
        if what in ("any", "units"):
            total += units_in_area(state, area, seat)
        if what in ("any", "upgrades"):
            total += len(upgrades_in_area(state, area, seat))
    return total


# ---------------------------------------------------------------------------
# Cities that lose everything


def home_owner(state: dict, city: str) -> int | None:
    """The seat whose starting Home City this is, if any."""
    return next((seat for seat, player in enumerate(state["seats"]) if player["city"] == city), None)


def revert(state: dict, city: str, why: str) -> None:
    """The city becomes neutral — or returns to the player whose starting Home
    City it is. Its Government Marker goes with its old owner."""
    before = state["cities"][city]["owner"]
    after = home_owner(state, city)
    if before == after:
        return
    record = own_city(state, city)
    record["owner"] = after
    if record["government"] is not None:
        record["government"] = None
    board = map_of(state)
    if after is None:
        log(state, f"{board.title(city)} becomes neutral ({why}).")
    else:
        log(state, f"{board.title(city)} returns to {seat_name(after)}, whose Home City it is ({why}).")


def check_emptied(state: dict, city: str, why: str) -> None:
    """ "If all units and City Upgrades on a city are destroyed then the city
    becomes neutral immediately" (Home Cities revert to their owners)."""
    owner = state["cities"][city]["owner"]
    if owner is None:
        return
    if not units_in_area(state, city, owner) and not counted_upgrades(state, city):
        revert(state, city, why)


# ---------------------------------------------------------------------------
# Revolts


def revolt_result(face: str, units: int, upgrades: int) -> int:
    """The revolt formula: the Yellow die's signs + units - City Upgrades.
    Negative: the revolt succeeds and that many units are lost."""
    return YELLOW_SIGNS[face] + units - upgrades


def revolt_cities(state: dict, seat: int) -> list[str]:
    """A seat's cities that may revolt: not its Government City."""
    return [
        name
        for name, record in state["cities"].items()
        if record["owner"] == seat and not is_government_city(state, name)
    ]


def revolt(state: dict, city: str) -> None:
    """Roll the revolt in a city; the owner loses units if it succeeds."""
    record = state["cities"][city]
    owner = record["owner"]
    board = map_of(state)
    if owner is None or is_government_city(state, city):
        return
    rng = rng_of(state)
    face = rng.choice(DICE_FACES["yellow"])
    store_rng(state, rng)
    units = units_in_area(state, city, owner)
    upgrades = counted_upgrades(state, city)
    result = revolt_result(face, units, upgrades)
    shown = face or "blank"
    text = (
        f"Revolt in {board.title(city)}: {seat_name(owner)} rolls {shown}: {YELLOW_SIGNS[face]:+d} "
        f"+ {units} unit{'s' if units != 1 else ''} - {upgrades} City Upgrade{'s' if upgrades != 1 else ''} "
        f"= {result}"
    )
    if result >= 0:
        log(state, text + ": the revolt fails.")
        return
    lost = min(-result, units)
    log(state, text + f": the revolt succeeds; {seat_name(owner)} loses {lost} unit{'s' if lost != 1 else ''}.")
    lose(state, owner, [city], lost, "units", after={"revolt": city})


def _after_revolt(state: dict, city: str) -> None:
    owner = state["cities"][city]["owner"]
    if owner is not None and not units_in_area(state, city, owner):
        revert(state, city, "revolt")


# ---------------------------------------------------------------------------
# The losses step


def lose(
    state: dict, seat: int, areas: list[str], n: int, what: str, after: dict[str, Any] | None = None, why: str = ""
) -> None:
    """``seat`` loses ``n`` pieces (``what``: any, units or upgrades) from
    ``areas``: at once when there is nothing to choose, else a ``losses`` step."""
    what = ai_world.loss_kind(state, seat, what)  # an AI player loses units only
    frame = {"seat": seat, "areas": list(areas), "n": n, "what": what, "after": after or {}, "why": why}
    if not _auto(state, frame):
        push(state, "losses", **frame)


def area_reduction(state: dict, area: str, spared: list[int], order: list[int], why: str) -> None:
    """Every player on the area (but the spared) loses 2 pieces there; pushed
    so that the first in ``order`` chooses first."""
    board = map_of(state)
    hit = [
        seat
        for seat in order
        if seat in players_on(state, area)
        and seat not in spared
        and not ai_world.spared_by_reduction(state, seat, area)
    ]
    if not hit:
        log(state, f"Area Reduction in {board.title(area)}: nobody is there.")
        return
    who = listing([seat_name(s) for s in hit])
    log(
        state,
        f"Area Reduction in {board.title(area)} ({why}): {who} "
        f"{'each lose' if len(hit) > 1 else 'loses'} {REDUCTION} pieces.",
    )
    for seat in reversed(hit):
        lose(state, seat, [area], REDUCTION, "any", after={"emptied": [area]}, why=why)


def _auto(state: dict, frame: dict) -> bool:
    """Apply the losses that need no choice; True when nothing is left."""
    while frame["n"] > 0:
        choices = options(state, frame["seat"], frame["areas"], frame["what"])
        if not choices:
            break
        if len(choices) > 1 and total_pieces(state, frame["seat"], frame["areas"], frame["what"]) > frame["n"]:
            return False
        token, area = choices[0].split()
        _take(state, frame, token, area)
    _finish_losses(state, frame)
    return True


def _take(state: dict, frame: dict, token: str, area: str) -> None:
    removed = remove_piece(state, frame["seat"], token, area)
    frame["n"] -= 1
    log(state, f"{seat_name(frame['seat'])} loses {removed} in {map_of(state).title(area)}.")


def _finish_losses(state: dict, frame: dict) -> None:
    """What follows the losses: a revolt's outcome, emptied cities, and
    "Heroes at Sea without Triremes are eliminated"."""
    board = map_of(state)
    if any(board.areas[area].is_sea for area in frame["areas"]):
        strand_heroes(state, frame["seat"])
    after = frame["after"]
    if "revolt" in after:
        _after_revolt(state, after["revolt"])
    for area in after.get("emptied", []):
        # the area's own city, and the cities whose mines lie there
        cities = ([area] if area in state["cities"] else []) + [board.mines[m].city for m in board.mines_in(area)]
        for city in dict.fromkeys(cities):
            check_emptied(state, city, frame["why"] or "everything was lost")


@register
class LossesStep(Step):
    """A player chooses which pieces an event, an Invocation or a Creature takes."""

    kind = "losses"

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        return [f"lose {choice}" for choice in options(state, seat, frame["areas"], frame["what"])]

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        words = action.split()
        choices = options(state, seat, frame["areas"], frame["what"])
        if len(words) == 2 and len(frame["areas"]) == 1:
            words.append(frame["areas"][0])
        if len(words) != 3 or words[0] != "lose":
            raise IllegalAction(f"Choose what you lose: {', '.join('`lose ' + c + '`' for c in choices[:6])}.")
        if f"{words[1]} {words[2]}" not in choices:
            raise IllegalAction(
                f"You have no `{words[1]}` to lose in `{words[2]}`; choose one of: {', '.join(choices)}."
            )
        _take(state, frame, words[1], words[2])
        if _auto(state, frame):
            finish(state, frame)

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        _, token, area = action.split()
        left = frame["n"]
        return f"give up {token.replace('-', ' ')} in {map_of(state).title(area)} ({left} to lose)"

    def title(self, state: dict, frame: dict) -> str:
        return f"choosing {frame['n']} loss{'es' if frame['n'] != 1 else ''}" + (
            f" ({frame['why']})" if frame["why"] else ""
        )
