"""The producing actions: Train, Worship, Research (with its follow-up step)
and Supply.

- Train: "For each matching City Upgrade, the player places 1 unit of that type
  ... (Exception: ... a Hero ... only receives a single Hero regardless of the
  number of Academies)." "Players may not have more than 10 of each unit type
  or more than 5 heroes at any time."
- Worship: "For each Active Temple the player receives 1 Favor."
- Research: "For each Active Academy the player receives 1 Philosopher ... the
  player may choose to spend Philosophers to receive exactly 1 Advancement."
  "During a Research action, the Active Player may convert Commerce ... For
  every 3 Commerce spent the player receives 1 Philosopher ... may not be
  done at any other time."
- Supply: "Exhausts 1 Active Market ... Supply Commerce or Movement, but not
  both." Commerce: "take 1 Commerce Token"; Movement: "select a single Land or
  Sea Area on the map to activate."

Each action exhausts one matching piece and spends the action's cube — unless
it is taken through Exchange ("does not spend an Action Cube nor ... Exhaust
any City Upgrade"), which the caller signals with ``free``.

Notation: ``train hoplites thebes``, ``worship athens``, ``research athens``
(then ``convert``, ``learn <advancement>`` or ``done``), ``supply commerce
from athens``, ``supply <area> from <city>`` (then the movement steps).
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.games.hellenica import advancements as adv
from engine.games.hellenica.cities import exhaust_one, production, productions
from engine.games.hellenica.components import (
    ADVANCEMENTS,
    RULES,
    TRAINABLE,
    UNITS,
    UPGRADES,
    advancement_cost,
    unit_limit,
)
from engine.games.hellenica.creatures import supply_succeeds
from engine.games.hellenica.interdiction import arrival_used
from engine.games.hellenica.movement import movable_areas
from engine.games.hellenica.notation import TRAIN_TOKENS, parse_train, train_word
from engine.games.hellenica.state import (
    add_units,
    city_has_type,
    enemies_in,
    log,
    map_of,
    owned_cities,
    seat_name,
    total_units,
    unit_word,
)
from engine.games.hellenica.steps import Step, finish, push, register

COMMERCE_PER_PHILOSOPHER = RULES["actions"]["commerce_per_philosopher"]


def _owned(state: dict, seat: int, city: str) -> str | None:
    if city not in state["cities"]:
        return f"`{city}` is not a city."
    if state["cities"][city]["owner"] != seat:
        return f"You do not own {map_of(state).title(city)}."
    return None


def _nothing_active(state: dict, city: str, upgrade: str) -> str:
    return f"{map_of(state).title(city)} has no Active {UPGRADES[upgrade].title}."


# ---------------------------------------------------------------------------
# Train


def train_count(state: dict, seat: int, kind: str, city: str, found: int | None = None) -> int:
    """How many units a Train action would place (before the unit limit);
    ``found`` is the city's production of the training upgrade, if known."""
    if found is None:
        found = production(state, city, UNITS[kind].trained_by)
    if found == 0:
        return 0
    count = 1 if UNITS[kind].one_at_a_time else found
    return count + sum(
        a.params["value"] for a in adv.with_effect(state, seat, "train_bonus") if a.params["unit"] == kind
    )


def train_refusal(state: dict, seat: int, kind: str | None, city: str) -> str | None:
    if kind is None:
        return f"Train one of: {', '.join(TRAIN_TOKENS)}."
    refusal = _owned(state, seat, city)
    if refusal:
        return refusal
    if enemies_in(state, city, seat):
        return f"Enemy units stand in {map_of(state).title(city)}; nothing can be trained there."
    if train_count(state, seat, kind, city) == 0:
        return _nothing_active(state, city, UNITS[kind].trained_by)
    if total_units(state, seat, kind) >= unit_limit(kind):
        return f"You already have {unit_limit(kind)} {UNITS[kind].plural}, the most allowed."
    return None


def train(state: dict, seat: int, kind: str, city: str, *, free: bool) -> None:
    wanted = train_count(state, seat, kind, city)
    count = min(wanted, unit_limit(kind) - total_units(state, seat, kind))
    elite = adv.trains_elite(state, seat, kind)
    add_units(state, city, seat, kind, count, elite=elite, used=arrival_used(state, city, 0))
    if not free:
        exhaust_one(state, city, UNITS[kind].trained_by)
    capped = f" (the limit allows {count} of {wanted})" if count < wanted else ""
    log(state, f"{seat_name(seat)} trains {unit_word(kind, elite, count)} in {map_of(state).title(city)}{capped}.")


# ---------------------------------------------------------------------------
# Worship


def worship_refusal(state: dict, seat: int, city: str) -> str | None:
    refusal = _owned(state, seat, city)
    if refusal:
        return refusal
    if production(state, city, "temple") == 0:
        return _nothing_active(state, city, "temple")
    return None


def worship(state: dict, seat: int, city: str, *, free: bool) -> None:
    favor = production(state, city, "temple")
    state["seats"][seat]["favor"] += favor
    if not free:
        exhaust_one(state, city, "temple")
    log(state, f"{seat_name(seat)} worships in {map_of(state).title(city)} and gains {favor} Favor.")


# ---------------------------------------------------------------------------
# Research


def research_refusal(state: dict, seat: int, city: str) -> str | None:
    refusal = _owned(state, seat, city)
    if refusal:
        return refusal
    if production(state, city, "academy") == 0:
        return _nothing_active(state, city, "academy")
    return None


def research_gain(state: dict, seat: int, city: str) -> int:
    """Philosophers a Research action in ``city`` brings."""
    return production(state, city, "academy") + adv.effect_value(state, seat, "research_bonus", 0)


def research(state: dict, seat: int, city: str, *, free: bool) -> None:
    gained = research_gain(state, seat, city)
    state["seats"][seat]["philosophers"] += gained
    if not free:
        exhaust_one(state, city, "academy")
    log(
        state,
        f"{seat_name(seat)} researches in {map_of(state).title(city)} and gains {gained} "
        f"Philosopher{'s' if gained != 1 else ''}.",
    )
    push(state, "research", seat=seat)


def conversion_rate(state: dict, seat: int) -> int:
    return adv.effect_value(state, seat, "conversion", COMMERCE_PER_PHILOSOPHER)


@register
class ResearchStep(Step):
    """After the Philosophers arrive: ``convert`` Commerce, ``learn`` one
    advancement, or ``done``. Converting "is a free part of the research
    Action" — before or after the one Advancement — so the step stays open
    after ``learn`` while Commerce can still be converted."""

    kind = "research"

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        actions = []
        if state["seats"][seat]["commerce"] >= conversion_rate(state, seat):
            actions.append("convert")
        if not frame.get("learned"):
            actions += [f"learn {name}" for name in adv.researchable(state, seat)]
        return actions + ["done"]

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        words = action.split()
        player = state["seats"][seat]
        if words == ["convert"]:
            rate = conversion_rate(state, seat)
            if player["commerce"] < rate:
                raise IllegalAction(f"A Philosopher costs {rate} Commerce; you have {player['commerce']}.")
            player["commerce"] -= rate
            player["philosophers"] += 1
            log(state, f"{seat_name(seat)} converts {rate} Commerce into a Philosopher.")
            if frame.get("learned") and player["commerce"] < rate:
                finish(state, frame)  # nothing left to do in this Research action
        elif len(words) == 2 and words[0] == "learn":
            if frame.get("learned"):
                raise IllegalAction(
                    f"A Research action gives exactly 1 Advancement, and you learned "
                    f"{ADVANCEMENTS[frame['learned']].title}: `convert` or `done`."
                )
            refusal = adv.research_refusal(state, seat, words[1])
            if refusal:
                raise IllegalAction(refusal)
            advancement = ADVANCEMENTS[words[1]]
            player["philosophers"] -= advancement_cost(advancement.level)
            player["advancements"].append(words[1])
            log(state, f"{seat_name(seat)} learns {advancement.title}.")
            frame["learned"] = words[1]
            if player["commerce"] < conversion_rate(state, seat):
                finish(state, frame)
        elif words == ["done"]:
            finish(state, frame)
        else:
            raise self.refuse(state, frame, seat, action)

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        words = action.split()
        if words[0] == "convert":
            return f"pay {conversion_rate(state, seat)} Commerce for a Philosopher"
        if words[0] == "learn":
            advancement = ADVANCEMENTS[words[1]]
            return (
                f"{advancement.title} ({advancement.category}, level {advancement.level}, "
                f"{advancement_cost(advancement.level)} Philosopher): {advancement.text}"
            )
        if words[0] == "done":
            return "end the Research action"
        return action

    def title(self, state: dict, frame: dict) -> str:
        return "researching"


# ---------------------------------------------------------------------------
# Supply


def supply_refusal(state: dict, seat: int, what: str, city: str) -> str | None:
    refusal = _owned(state, seat, city)
    if refusal:
        return refusal
    if production(state, city, "market") == 0:
        return _nothing_active(state, city, "market")
    if what != "commerce":
        board = map_of(state)
        if what not in board.areas:
            return f"`{what}` is not an area. Supply `commerce` or an area with your units."
        if what not in movable_areas(state, seat):
            return f"You have no units in {board.title(what)} that can still move this turn."
    return None


def commerce_from_supply(state: dict, seat: int, city: str) -> int:
    gained = adv.effect_value(state, seat, "supply_commerce", RULES["actions"]["supply_commerce"])
    if city_has_type(state, city, "docks"):
        gained += adv.effect_value(state, seat, "harbour_commerce", 0)
    return gained


def supply(state: dict, seat: int, what: str, city: str, *, free: bool) -> None:
    if not free:
        exhaust_one(state, city, "market")
    board = map_of(state)
    if what == "commerce":
        gained = commerce_from_supply(state, seat, city)
        state["seats"][seat]["commerce"] += gained
        log(state, f"{seat_name(seat)} supplies Commerce from {board.title(city)} (+{gained}).")
    else:
        log(state, f"{seat_name(seat)} supplies {board.title(what)} for movement from {board.title(city)}.")
        if supply_succeeds(state, what):
            push(state, "move", seat=seat, area=what, assaults={}, carried={}, fought=[], moved_any=False)


# ---------------------------------------------------------------------------
# The parsed actions, for the action step


def parse(words: list[str]) -> tuple | None:
    """(verb, ...) for train / worship / research / supply, or None."""
    if words[0] == "train" and len(words) == 3:
        return "train", parse_train(words[1]), words[2]
    if words[0] in ("worship", "research") and len(words) == 2:
        return words[0], words[1]
    if words[0] == "supply" and len(words) == 4 and words[2] == "from":
        return "supply", words[1], words[3]
    return None


def refusal(state: dict, seat: int, parsed: tuple) -> str | None:
    verb = parsed[0]
    if verb == "train":
        return train_refusal(state, seat, parsed[1], parsed[2])
    if verb == "worship":
        return worship_refusal(state, seat, parsed[1])
    if verb == "research":
        return research_refusal(state, seat, parsed[1])
    return supply_refusal(state, seat, parsed[1], parsed[2])


def apply(state: dict, seat: int, parsed: tuple, *, free: bool) -> None:
    verb = parsed[0]
    if verb == "train":
        train(state, seat, parsed[1], parsed[2], free=free)
    elif verb == "worship":
        worship(state, seat, parsed[1], free=free)
    elif verb == "research":
        research(state, seat, parsed[1], free=free)
    else:
        supply(state, seat, parsed[1], parsed[2], free=free)


def commands(state: dict, seat: int, verb: str, made: dict[str, dict[str, int]] | None = None) -> list[str]:
    """Every allowed ``verb`` action of a seat (cube not checked): the checks
    of the refusals above, with each city's production counted once
    (``made``: city -> ``productions``, shared by the caller's verbs)."""
    cities = owned_cities(state, seat)
    if made is None:
        made = {}
    for city in cities:
        if city not in made:
            made[city] = productions(state, city)
    if verb == "train":
        room = [kind for kind in TRAINABLE if total_units(state, seat, kind) < unit_limit(kind)]
        return [
            f"train {train_word(kind)} {city}"
            for city in cities
            if not enemies_in(state, city, seat)
            for kind in room
            if train_count(state, seat, kind, city, made[city].get(UNITS[kind].trained_by, 0))
        ]
    if verb in ("worship", "research"):
        upgrade = "temple" if verb == "worship" else "academy"
        return [f"{verb} {city}" for city in cities if made[city].get(upgrade)]
    markets = [city for city in cities if made[city].get("market")]
    if not markets:
        return []
    areas = ["commerce"] + movable_areas(state, seat)
    return [f"supply {what} from {city}" for city in markets for what in areas]
