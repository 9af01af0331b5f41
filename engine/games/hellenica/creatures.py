"""Mythological Creatures: placement, Duels, Supply tolls and their Upkeep.

- "The winner of the World Events bid places the Creature on an Area using the
  rules shown on the World Events Card. Only one Creature may occupy an Area."
  Cetus and Scylla: a Sea Area; Cyclops: an Island Area; Hydra and Medusa: a
  non-City Land Area; Minotaur and Sphinx: a non-Government City Area.
- Interdiction (``interdiction``): units there stay for the turn.
- Duels: "Mythological Creatures cannot be harmed by any units other than
  Heroes. If the Active Player has not Passed at the end of their Action and
  has a Hero on an Area containing a Creature, the Hero must Duel the Creature
  ... the player rolls the Yellow die once for each Hero on the Area. If the
  player rolls + or ++ then the Creature is destroyed. The player takes the
  Creature Marker ... If the player rolls a blank, then neither side is
  victorious ... If the player rolls a -, then the Hero is killed."
- "Mythological Creatures' special abilities trigger at the beginning of the
  Upkeep Phase ... If more than one creature is on the map, the Favorite of the
  gods determines the order in which they attack." "When a Mythological
  Creature eliminates a unit due to a special ability, select the unit
  randomly. Do not include Heroes." (the quick reference in
  ``creatures.toml``). "Cities that lose all units and City Upgrades due to a
  Mythological Creature become neutral (Home Cities revert to their original
  owners)."
- Medusa and Scylla: "each attempt to Supply the Area requires a roll of the
  Yellow die. On a minus or blank result, the Supply is cancelled ... The
  Market is exhausted regardless of result."

Notation: the Favorite orders the Creatures with ``unleash <creature>``.
"""

from __future__ import annotations

from engine.games.hellenica.ai import world as ai_world
from engine.games.hellenica.choice import ask, suspend
from engine.games.hellenica.combat import dice_pool, roll, strength
from engine.games.hellenica.components import CREATURES, DICE_FACES, HEROES, RULES, UNITS
from engine.games.hellenica.interdiction import creature_at, pin_area, unpin_area
from engine.games.hellenica.losses import check_emptied, city_upgrades, lose, piece_title
from engine.games.hellenica.maps import explore
from engine.games.hellenica.movement import strand_heroes
from engine.games.hellenica.notation import listing
from engine.games.hellenica.state import (
    government_city,
    log,
    map_of,
    rng_of,
    seat_name,
    set_site,
    stacks,
    store_rng,
    take_units,
    unit_word,
)
from engine.games.hellenica.steps import Step, finish, push, register

DUEL = RULES["duel"]


# ---------------------------------------------------------------------------
# On the map


def available(state: dict) -> list[str]:
    """Creatures in the pool: neither on the map nor slain."""
    return [name for name, where in state["creatures"].items() if where is None and name not in state["slain"]]


def on_map(state: dict) -> list[str]:
    return [name for name, where in state["creatures"].items() if where is not None]


def placement_areas(state: dict, name: str) -> list[str]:
    """Where a Creature may be placed: its kind of Area, passable, free of
    other Creatures."""
    board = map_of(state)
    governments = {government_city(state, seat) for seat in range(state["players"])}
    place = CREATURES[name].place
    result = []
    for area_name, area in board.areas.items():
        if area_name in state["impassable"] or creature_at(state, area_name) is not None:
            continue
        if place == "sea":
            ok = area.is_sea
        elif place == "island":
            ok = area.is_land and area.island
        elif place == "wild":
            ok = area.is_land and not area.is_city
        else:
            ok = area.is_city and area_name not in governments
        if ok or explore.creature_may_wait(state, area_name, place):  # Explorable Map: on Empty Areas too
            result.append(area_name)
    return result


def place(state: dict, name: str, area: str, seat: int) -> None:
    state["creatures"][name] = area
    pin_area(state, area)
    log(state, f"{seat_name(seat)} places the {CREATURES[name].title} in {map_of(state).title(area)}.")


def slay(state: dict, name: str, seat: int, how: str) -> None:
    area = state["creatures"][name]
    state["creatures"][name] = None
    state["slain"][name] = seat
    unpin_area(state, area)
    log(
        state,
        f"{seat_name(seat)} slays the {CREATURES[name].title} in {map_of(state).title(area)} {how} and "
        f"takes its marker.",
    )


def _yellow(state: dict) -> str:
    rng = rng_of(state)
    face = rng.choice(DICE_FACES["yellow"])
    store_rng(state, rng)
    return face


def _face(face: str) -> str:
    return face or "blank"


# ---------------------------------------------------------------------------
# Supply and Duels


def supply_succeeds(state: dict, area: str) -> bool:
    """Medusa and Scylla: a Supply of their Area needs a good Yellow roll."""
    name = creature_at(state, area)
    if name is None or "supply_safe" not in CREATURES[name].params:
        return True
    face = _yellow(state)
    ok = face in CREATURES[name].params["supply_safe"]
    log(
        state,
        f"The {CREATURES[name].title} guards {map_of(state).title(area)}: the Yellow die shows "
        f"{_face(face)}; the Supply {'succeeds' if ok else 'is cancelled'}.",
    )
    return ok


def duels(state: dict, seat: int) -> None:
    """The Active Player's Heroes on Creatures' Areas must Duel them, one
    Yellow die per Hero, until the Creature falls or the Heroes have rolled."""
    board = map_of(state)
    for name in on_map(state):
        area = state["creatures"][name]
        heroes = [
            kind
            for s in stacks(state, area)
            if s["owner"] == seat and s["kind"] in HEROES
            for kind in [s["kind"]] * s["n"]
        ]
        for kind in heroes:
            face = _yellow(state)
            if face in DUEL["slay"]:
                slay(state, name, seat, f"in a Duel ({UNITS[kind].title} rolls {_face(face)})")
                break
            if face in DUEL["kill"]:
                take_units(state, area, seat, kind, False, 1)
                log(
                    state,
                    f"{seat_name(seat)}'s {UNITS[kind].title} duels the {CREATURES[name].title} in "
                    f"{board.title(area)}, rolls {_face(face)} and is killed.",
                )
            else:
                log(
                    state,
                    f"{seat_name(seat)}'s {UNITS[kind].title} duels the {CREATURES[name].title} in "
                    f"{board.title(area)}, rolls {_face(face)}: neither wins.",
                )


# ---------------------------------------------------------------------------
# Upkeep abilities


def _random_unit(
    state: dict, area: str, owners: set[int] | None = None, kinds: tuple[str, ...] | None = None
) -> tuple[int, str, bool] | None:
    """One unit picked at random (never a Hero), as (owner, kind, elite)."""
    pool = [
        (s["owner"], s["kind"], s["elite"])
        for s in stacks(state, area)
        for _ in range(s["n"])
        if s["kind"] not in HEROES
        and (owners is None or s["owner"] in owners)
        and (kinds is None or s["kind"] in kinds)
    ]
    if not pool:
        return None
    rng = rng_of(state)
    chosen = rng.choice(pool)
    store_rng(state, rng)
    return chosen


def _kill_random(
    state: dict, area: str, name: str, owners: set[int] | None = None, kinds: tuple[str, ...] | None = None
) -> bool:
    victim = _random_unit(state, area, owners, kinds)
    if victim is None:
        return False
    owner, kind, elite = victim
    take_units(state, area, owner, kind, elite, 1)
    log(
        state,
        f"The {CREATURES[name].title} destroys {seat_name(owner)}'s {unit_word(kind, elite)[2:]} in "
        f"{map_of(state).title(area)}.",
    )
    return True


def seats_in(state: dict, area: str, order: list[int]) -> list[int]:
    present = {s["owner"] for s in stacks(state, area)}
    return [seat for seat in order if seat in present]


def creature_combat(state: dict, name: str) -> None:
    """Cetus and Hydra fight each player on their Area in turn: a win or a
    tie kills a random victim, only a win fights another round. "Heroes are
    only eliminated by Mythological Creatures via Duels": a Hero's Yellow die
    adds its plusses here, but its minus does not kill it."""
    creature = CREATURES[name]
    area = state["creatures"][name]
    board = map_of(state)
    sea = board.areas[area].is_sea
    victims = ("trireme",) if creature.params["victim"] == "trireme" else None
    if not seats_in(state, area, _order(state)):
        log(state, f"The {creature.title} in {board.title(area)} finds no one to attack.")
    for seat in seats_in(state, area, _order(state)):
        for round_no in range(1, creature.params["rounds"] + 1):
            mine = [s for s in stacks(state, area) if s["owner"] == seat]
            if not mine:
                break
            pool = dice_pool(mine, sea=sea)
            rng = rng_of(state)
            dice = roll(rng, pool)
            store_rng(state, rng)
            score, _ = strength(dice)
            faces = listing([f"{c}:{_face(f)}" for c, fs in dice.items() for f in fs]) or "nothing"
            wins, ties = creature.params["strength"] > score, creature.params["strength"] == score
            log(
                state,
                f"The {creature.title} attacks {seat_name(seat)} in {board.title(area)} (round "
                f"{round_no}): {creature.params['strength']} against {faces} = {score}"
                f"{': the creature wins' if wins else (': a tie' if ties else f': {seat_name(seat)} holds')}.",
            )
            if wins or ties:
                _kill_random(state, area, name, {seat}, victims)
            if not wins:
                break
        strand_heroes(state, seat)


def cyclops(state: dict, name: str) -> None:
    """One Yellow die per Trireme on the adjacent seas and per unit and City
    Upgrade on the island (Heroes excepted): each ``lose_on`` face removes it."""
    creature = CREATURES[name]
    area = state["creatures"][name]
    board = map_of(state)
    lost: list[str] = []
    for sea in [a for a in board.neighbours(area) if board.areas[a].is_sea]:
        for stack in list(stacks(state, sea)):
            if stack["kind"] != "trireme":
                continue
            hits = sum(1 for _ in range(stack["n"]) if _yellow(state) in creature.params["lose_on"])
            if hits:
                take_units(state, sea, stack["owner"], stack["kind"], stack["elite"], hits)
                lost.append(
                    f"{seat_name(stack['owner'])}'s {unit_word('trireme', stack['elite'], hits)} in {board.title(sea)}"
                )
        strand_heroes_everyone(state, sea)
    for stack in list(stacks(state, area)):
        if stack["kind"] in HEROES:
            continue
        hits = sum(1 for _ in range(stack["n"]) if _yellow(state) in creature.params["lose_on"])
        if hits:
            take_units(state, area, stack["owner"], stack["kind"], stack["elite"], hits)
            lost.append(f"{seat_name(stack['owner'])}'s {unit_word(stack['kind'], stack['elite'], hits)}")
    ai_city = ai_world.is_ai_city(state, area)
    if ai_city:  # an AI player's Settlements are blocked instead
        struck = ai_world.cyclops_blocks(state, area, name, lambda: _yellow(state) in creature.params["lose_on"])
        if struck:
            lost.append(f"{struck} Settlement{'s' if struck != 1 else ''} blocked")
    for site, piece in city_upgrades(state, area) if area in state["cities"] and not ai_city else []:
        if _yellow(state) in creature.params["lose_on"]:
            owner = state["cities"][area]["owner"]
            whose = f"{seat_name(owner)}'s " if owner is not None else ""
            lost.append(f"{whose}{piece_title(state, site, piece)}")
            set_site(state, area, site, None)
    log(
        state,
        f"The {creature.title} rages on {board.title(area)}: "
        + (f"it destroys {listing(lost)}." if lost else "nothing is destroyed."),
    )
    if area in state["cities"]:
        check_emptied(state, area, f"the {creature.title}")


def strand_heroes_everyone(state: dict, sea: str) -> None:
    for seat in {s["owner"] for s in stacks(state, sea)}:
        strand_heroes(state, seat)


def toll(state: dict, name: str) -> None:
    """Medusa, Scylla, Minotaur, Sphinx: one Yellow die; unless safe, the first
    possible of ``takes``: a random non-Hero unit, or an upgrade its owner picks."""
    creature = CREATURES[name]
    area = state["creatures"][name]
    board = map_of(state)
    face = _yellow(state)
    if face in creature.params["safe"]:
        log(state, f"The {creature.title} in {board.title(area)} rolls {_face(face)} and does nothing.")
        return
    log(state, f"The {creature.title} in {board.title(area)} rolls {_face(face)}.")
    owner = state["cities"][area]["owner"] if area in state["cities"] else None
    for take in creature.params["takes"]:
        if take == "unit":
            if _kill_random(state, area, name):
                if area in state["cities"]:
                    check_emptied(state, area, f"the {creature.title}")
                if board.areas[area].is_sea:
                    strand_heroes_everyone(state, area)
                return
        elif owner is not None and ai_world.is_ai_city(state, area):
            if ai_world.block_settlement(state, area, name):  # an AI player's Settlement is blocked instead
                return
        elif owner is not None and city_upgrades(state, area):
            lose(state, owner, [area], 1, "upgrades", after={"emptied": [area]}, why=f"the {creature.title}")
            return
    log(state, f"The {creature.title} finds nothing to destroy.")


ABILITIES = {"combat": creature_combat, "cyclops": cyclops, "toll": toll}


def unleash(state: dict, name: str) -> None:
    ABILITIES[CREATURES[name].ability](state, name)


def _order(state: dict) -> list[int]:
    return list(state["order"]) or list(range(state["players"]))


def calmed(state: dict) -> set[str]:
    return {e["target"] for e in state["turn_effects"] if e["kind"] == "calm"}


def run_creatures(state: dict, first: bool) -> bool:
    """Upkeep begins with the Creatures' abilities."""
    if not first:
        return True
    quiet = calmed(state)
    for name in on_map(state):
        if name in quiet:
            log(state, f"The {CREATURES[name].title} is calmed and does nothing this Upkeep.")
    queue = [name for name in on_map(state) if name not in quiet]
    if not queue:
        return True
    push(state, "creatures", queue=queue)
    return False


@register
class CreaturesStep(Step):
    """The Creatures act one by one, in the Favorite's order."""

    kind = "creatures"

    def enter(self, state: dict, frame: dict) -> None:
        answers = frame.setdefault("answers", {})
        while frame["queue"]:
            queue = [name for name in frame["queue"] if state["creatures"][name] is not None]
            frame["queue"] = queue
            if not queue:
                break
            if len(queue) > 1 and "next" not in answers:
                ask(
                    state,
                    frame,
                    "next",
                    state["favorite"],
                    "unleash",
                    queue,
                    "choose the next Creature to act",
                    {name: f"the {CREATURES[name].title} acts next" for name in queue},
                )
                return
            name = answers.pop("next", queue[0])
            frame["queue"].remove(name)
            unleash(state, name)
            if state["stack"][-1] is not frame:
                suspend(frame)
                return
        finish(state, frame)

    def seats(self, state: dict, frame: dict) -> list[int]:
        return []

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        return []

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        raise self.refuse(state, frame, seat, action)

    def title(self, state: dict, frame: dict) -> str:
        return "the Creatures act"
