"""The Upkeep phase: conquest, new governments, Delphi's Free Temple, then
retrieving cubes, new Deity Cards, the victory check and replenishing boards.

- "Players who solely occupy neutral City Areas, or City Areas owned by other
  players, conquer those cities ... Any City Upgrades Under Construction
  and/or Government Markers on the conquered city are destroyed. Half of the
  Active and Exhausted City Upgrades, rounded down, are destroyed, selected at
  random. City Upgrades on Mine locations are unaffected."
- "If a player has no Government Marker on the map during Upkeep, they
  immediately place a Government Marker of their choice on any city they still
  own ... they activate the Government Marker for free immediately ... (A
  Tyranny provides a free Hoplite or elite Hoplite ..., a Republic provides a
  Commerce Token, a Democracy provides a Philosopher and the player may
  research an Advancement)."
- "When a player takes possession of Delphi during Upkeep, they may
  immediately place an Active Temple of their choice for free on the Free
  Temple location."
- Retrieve: leaders' tokens, cubes on units at their Supply Limit, cubes on
  City Upgrades ("City Upgrades are considered Active for next Turn") — not
  where a Creature is: "players may not remove Action Cubes from City
  Upgrades during Upkeep as long as the Creature is present ... Exhausted
  Markets on Areas with Creatures do not produce a Supply cube" (they stay
  Exhausted, so the Market count below skips them).
- A Sanctuary (Hera's Invocation) cannot be conquered this Upkeep.
- "When a player builds their first Temple with a new patron Deity, they take
  the matching Deity Card."
- Victory (see ``objectives``); then "For each Active Market a player has on
  cities they own, place one Action Cube on a Supply space" and one cube on
  each other action space, plus unlocked spaces.

Notation: ``government <government> <city>``; ``temple <deity>`` or ``pass``.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.games.hellenica import advancements as adv
from engine.games.hellenica import deity_modes
from engine.games.hellenica.ai import garrison as ai_garrison
from engine.games.hellenica.build import change_government
from engine.games.hellenica.cities import production
from engine.games.hellenica.components import ACTIONS, DEITIES, GOVERNMENTS, UNITS, UPGRADES, unit_limit
from engine.games.hellenica.interdiction import creature_areas
from engine.games.hellenica.objectives import declare_victory, end_of_turn_check
from engine.games.hellenica.produce import commerce_from_supply
from engine.games.hellenica.state import (
    ACTIVE,
    BUILDING,
    add_units,
    enemies_in,
    government_city,
    is_settlement,
    log,
    map_of,
    new_upgrade,
    own,
    own_city,
    owned_cities,
    rng_of,
    seat_name,
    sites,
    store_rng,
    tidy_units,
    total_units,
    unit_owners,
    unit_word,
    upgrades_of,
)
from engine.games.hellenica.steps import Step, finish, push, register

ORACLE = "oracle"


# ---------------------------------------------------------------------------
# Conquest


def run_conquest(state: dict, first: bool) -> bool:
    if not first:
        return True
    board = map_of(state)
    taken_oracle: list[int] = []
    protected = {e["target"] for e in state["turn_effects"] if e["kind"] == "sanctuary"}
    for city in board.cities:
        holders = unit_owners(state, city)
        if len(holders) == 1:
            (seat,) = holders
            if state["cities"][city]["owner"] != seat and city in protected:
                log(state, f"{board.title(city)} is a Sanctuary this Upkeep: {seat_name(seat)} cannot conquer it.")
            elif state["cities"][city]["owner"] != seat:
                conquer(state, seat, city)
                if ORACLE in state["cities"][city]:
                    taken_oracle.append(seat)
    for seat in taken_oracle:
        push(state, "oracle", seat=seat)
    for seat in reversed(range(state["players"])):
        if seat in state["ai_seats"]:
            continue  # an AI Government Marker regenerates by itself (``run_upkeep``)
        if government_city(state, seat) is None and owned_cities(state, seat):
            push(state, "government", seat=seat)
    return False


def conquer(state: dict, seat: int, city: str) -> None:
    """Take a city: lose what was being built and the government marker,
    then half of the rest (rounded down) at random; mines are unaffected."""
    board = map_of(state)
    record = own_city(state, city)
    previous = record["owner"]
    lost: list[str] = []
    if record["government"] is not None:
        lost.append(f"{GOVERNMENTS[record['government']['type']].title} marker")
        record["government"] = None
    standing = []
    for site, piece in list(sites(state, city)):
        if piece is None or not (is_settlement(site) or site == ORACLE):
            continue
        if piece["state"] == BUILDING:
            _clear(record, site)
            lost.append(UPGRADES[piece["type"]].title)
        else:
            standing.append(site)
    if not adv.has_effect(state, seat, "keep_upgrades_on_conquest") and len(standing) >= 2:
        rng = rng_of(state)
        for site in rng.sample(standing, len(standing) // 2):
            piece = record["oracle"] if site == ORACLE else record["slots"][int(site[1:])]
            lost.append(UPGRADES[piece["type"]].title)
            _clear(record, site)
        store_rng(state, rng)
    record["owner"] = seat
    tribute = adv.effect_value(state, seat, "conquest_commerce", 0)
    state["seats"][seat]["commerce"] += tribute
    whose = "neutral " if previous is None else f"{seat_name(previous)}'s "
    text = f"{seat_name(seat)} conquers {whose}{board.title(city)}"
    if lost:
        text += f"; destroyed: {', '.join(lost)}"
    if tribute:
        text += f"; tribute {tribute} Commerce"
    log(state, text + ".")


def _clear(record: dict, site: str) -> None:
    if site == ORACLE:
        record[ORACLE] = None
    else:
        record["slots"][int(site[1:])] = None


def government_refusal(state: dict, seat: int, kind: str, city: str) -> str | None:
    if kind not in GOVERNMENTS:
        return f"`{kind}` is not a government. Choose one of: {', '.join(GOVERNMENTS)}."
    if city not in state["cities"] or state["cities"][city]["owner"] != seat:
        cities = ", ".join(owned_cities(state, seat))
        return f"Place it on a city you still own: {cities}."
    upgrade = UPGRADES[GOVERNMENTS[kind].upgrade]
    if upgrade.coastal and not map_of(state).coastal(city):
        return f"{GOVERNMENTS[kind].title} counts as {upgrade.title}, which need a coastal city."
    return None


def activate_government(state: dict, seat: int, kind: str, city: str) -> None:
    """The free activation of a newly placed government (not an action:
    nothing is exhausted and no cube is spent)."""
    upgrade = GOVERNMENTS[kind].upgrade
    weight = adv.effect_value(state, seat, "government_counts", 1)
    player = state["seats"][seat]
    trained = [k for k, unit in UNITS.items() if unit.trained_by == upgrade and not unit.one_at_a_time]
    if trained:
        unit = trained[0]
        if enemies_in(state, city, seat):  # as for a Train action: nothing is raised beside enemy units
            log(
                state,
                f"Enemy units stand in {map_of(state).title(city)}: {seat_name(seat)}'s new government "
                f"raises no {UNITS[unit].plural}.",
            )
            return
        count = min(weight, unit_limit(unit) - total_units(state, seat, unit))
        elite = adv.trains_elite(state, seat, unit)
        add_units(state, city, seat, unit, count, elite=elite)
        log(state, f"{seat_name(seat)}'s new government raises {unit_word(unit, elite, count)}.")
    elif upgrade == "academy":
        player["philosophers"] += weight
        log(state, f"{seat_name(seat)}'s new government gains {weight} Philosopher and may research.")
        push(state, "research", seat=seat)
    elif upgrade == "market":
        gained = commerce_from_supply(state, seat, city)
        player["commerce"] += gained
        log(state, f"{seat_name(seat)}'s new government supplies {gained} Commerce.")
    elif upgrade == "temple":
        player["favor"] += weight
        log(state, f"{seat_name(seat)}'s new government gains {weight} Favor.")


@register
class GovernmentStep(Step):
    """A player who lost the Government City places a new marker."""

    kind = "government"

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        return [
            f"government {kind} {city}"
            for city in owned_cities(state, seat)
            for kind in GOVERNMENTS
            if government_refusal(state, seat, kind, city) is None
        ]

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        words = action.split()
        if len(words) != 3 or words[0] != "government":
            raise self.refuse(state, frame, seat, action)
        refusal = government_refusal(state, seat, words[1], words[2])
        if refusal:
            raise IllegalAction(refusal)
        finish(state, frame)
        change_government(state, seat, words[1], words[2], ACTIVE)
        activate_government(state, seat, words[1], words[2])

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        _, kind, city = action.split()
        return f"rule as {GOVERNMENTS[kind].title} from {map_of(state).title(city)}"

    def title(self, state: dict, frame: dict) -> str:
        return "placing a new Government"


@register
class OracleStep(Step):
    """Delphi's new owner may place an Active Temple on the Free Temple."""

    kind = "oracle"

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        if not _delphi_is(state, seat):
            return ["pass"]
        return [f"temple {deity}" for deity in deity_modes.allowed_dedications(state, seat)] + ["pass"]

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        words = action.split()
        if words == ["pass"]:
            finish(state, frame)
            return
        allowed = deity_modes.allowed_dedications(state, seat)
        if len(words) != 2 or words[0] != "temple" or words[1] not in DEITIES:
            raise IllegalAction(f"Place `temple <deity>` (one of {', '.join(allowed)}) or `pass`.")
        if not _delphi_is(state, seat):
            raise IllegalAction("You no longer hold Delphi; `pass`.")
        if words[1] not in allowed:
            raise IllegalAction(deity_modes.dedication_refusal(state, seat, words[1]) or "")
        city = next(c for c in state["cities"] if ORACLE in state["cities"][c])
        own_city(state, city)[ORACLE] = new_upgrade("temple", ACTIVE, words[1])
        log(state, f"{seat_name(seat)} places a Temple to {DEITIES[words[1]].title} on Delphi's Free Temple.")
        finish(state, frame)

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        words = action.split()
        return (
            "leave the Free Temple as it is"
            if words[0] == "pass"
            else f"a free Active Temple to {DEITIES[words[1]].title}"
        )

    def title(self, state: dict, frame: dict) -> str:
        return "placing Delphi's Free Temple"


def _delphi_is(state: dict, seat: int) -> bool:
    return any(ORACLE in record and record["owner"] == seat for record in state["cities"].values())


# ---------------------------------------------------------------------------
# The rest of Upkeep


def run_upkeep(state: dict, first: bool) -> bool:
    retrieve(state)
    take_deity_cards(state)
    ai_garrison.regenerate(state)  # a destroyed AI Government Marker returns
    winners = end_of_turn_check(state)
    if winners:
        declare_victory(state, winners)
        return True
    replenish(state)
    state["turn"] += 1
    log(state, f"Turn {state['turn']} begins.")
    return True


def retrieve(state: dict) -> None:
    """Tokens and cubes come back — "Players remove their Action Cubes from City
    Upgrades, unless the Area contains a Mythological Creature" — Deity Cards
    are cleared, the turn's Invocation effects and open trade offers lapse."""
    board = map_of(state)
    haunted = creature_areas(state)
    for player in state["seats"]:
        player["leaders_used"] = []
        player["passed"] = False
        player["invoked"] = []
    for area_stacks in state["units"].values():
        for stack in area_stacks:
            stack["used"], stack["moved"] = 0, False
    for city in state["cities"]:
        if any(piece["state"] != ACTIVE for _, piece in upgrades_of(state, city)):
            own_city(state, city)  # its pieces turn
        for site, piece in upgrades_of(state, city):
            where = board.mines[site].area if site in board.mines else city
            if where not in haunted:
                piece["state"] = ACTIVE
    state["turn_effects"] = []
    state["offers"], state["drafts"] = [], {}
    tidy_units(state)


def take_deity_cards(state: dict) -> None:
    for seat, player in enumerate(state["seats"]):
        for city in owned_cities(state, seat):
            for _, piece in upgrades_of(state, city):
                deity = piece.get("deity")
                if deity and deity not in player["deities"] and state["deity_deck"][deity] > 0:
                    player["deities"].append(deity)
                    own(state, "deity_deck")[deity] -= 1
                    log(state, f"{seat_name(seat)} takes the {DEITIES[deity].title} Deity Card.")


def replenish(state: dict) -> None:
    for seat, player in enumerate(state["seats"]):
        if seat in state["ai_seats"]:
            continue  # "AI Players do not use a player board"
        cities = owned_cities(state, seat)
        markets = sum(production(state, city, "market") for city in cities)
        player["cubes"] = {
            action: (markets if action == "supply" else 1) + adv.extra_cubes(state, seat, action) for action in ACTIONS
        }
        favor = adv.effect_value(state, seat, "upkeep_favor", 0)
        per = [a.params["per_cities"] for a in adv.with_effect(state, seat, "upkeep_commerce")]
        commerce = len(cities) // per[0] if per else 0
        player["favor"] += favor
        player["commerce"] += commerce
