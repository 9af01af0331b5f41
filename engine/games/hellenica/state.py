"""The game state — one JSON-like dict — and the small accessors every rule uses.

Shape (all keys always present once ``new_state`` returns)::

    players, options, rng (int), map, turn, phase, phase_started, stack, next_id,
    chaos, favorite, direction ("zeus" clockwise / "hera"), pathos [card names],
    ethos_deck [card names, no order kept: it is shuffled at every deal],
    deity_deck {deity: cards left}, impassable [areas], seats [seat dicts],
    cities {area: {owner, slots [upgrade|None], oracle (Delphi only), government}},
    mines {mine: upgrade|None}, units {area: [stack]}, order [seats], cursor,
    log [{n, text}], log_seq, winners, reason, notes, revealed {seat: [ethos]}

An upgrade is ``{"type", "state"}`` (plus ``"deity"`` for a Temple); a
government marker is ``{"type": <government>, "state"}``. States follow the
rulebook: "Active if it has no Action Cube on it. Under Construction if it has
a natural wood Action Cube on it. Exhausted if it has a colored Action Cube".

A unit stack is ``{"owner", "kind", "elite", "used", "moved", "n"}``: ``used``
counts this turn's moves against the Supply Limit, ``moved`` marks units that
already moved during the current Supply action. A Mythological Creature's
interdiction adds ``PINNED`` to ``used`` ("units may not move out of an Area on
the same turn that they or the Creature entered the Area"); slaying the
Creature takes it off again.

Part 2 adds: ``events`` (the World Event deck as two unordered piles — drawing
at random from the upper pile, then the lower one, is the same as drawing from
the rulebook's shuffled deck — the discard pile, the last event, the last card
revealed that did not occur (``quiet``), a reveal counter), ``creatures``
{creature: area or None}, ``slain`` {creature: seat}, ``turn_effects`` (closed areas, sanctuaries, calmed creatures: until Upkeep),
``offers`` (proposed trades) and ``drafts`` (trades being written), ``reorder``
(a new turn order waiting for the next round); per seat ``won`` (World Event
cards) and ``invoked`` (Invocations used this turn).

``held_homes`` {seat: [Home Cities]} records the other players' Home Cities
each seat owned at the last end-of-turn objective check (Destruction asks for
one held at two checks in a row). It is written by that check only: a state
without it (set-up, or a snapshot from before the rule) holds nothing yet.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

import orjson

from engine.core import SEAT_COLOURS, Rng, clone
from engine.games.hellenica.board import Map, get_map
from engine.games.hellenica.components import GOVERNMENTS, UNITS
from engine.games.hellenica.read_cache import memo_for

ACTIVE, BUILDING, EXHAUSTED = "active", "building", "exhausted"
UPGRADE_STATES = (ACTIVE, BUILDING, EXHAUSTED)
PINNED = 100
"""Added to a stack's ``used`` while a Creature holds it for the rest of the turn."""
LOG_KEEP = 40
"""How many recent public log lines the state keeps (for the picture and describe)."""

State = dict


def copy_state(state: State) -> State:
    """A deep copy of the state, every part its own. The state holds only
    dicts, lists, strings, ints, bools and None (``_json_copy``)."""
    return _json_copy(state)


SHARED_BY_PLAY = ("options", "pathos", "impassable", "ethos_deck", "deity_deck", "events")
"""Parts of the state no rule changes in place: a rule replaces one with a
new list or dict, or changes its own copy (``own``). A move's copy shares
them with the state before (the World Event deck and the card decks change
in a few moves out of a hundred)."""

AI_RECORDS = "ai"
"""The AI players' records (their deck and boards): shared too by the moves
of a game without AI players, where no rule changes them."""

CITIES = "cities"
"""The cities: a move's copy shares each city's record with the state before
until a rule changes it (``own_city``); a move changes one or two of them."""


class SharedCities(dict):
    """The cities of a move's copy while the move is played (``played`` makes
    them a plain dict again): ``owned`` names the records already copied for
    it; every other record is still the one of the state before the move."""

    __slots__ = ("owned",)

    def __init__(self, cities: dict[str, Any]):
        super().__init__(cities)
        self.owned: set[str] = set()


def copy_for_play(state: State) -> State:
    """The copy a move works on: a deep copy, except the parts no rule changes
    in place (``SHARED_BY_PLAY``; ``AI_RECORDS`` without AI players), the
    cities' records until a rule changes one (``own_city``), and the log,
    whose entries are never changed, only added and dropped (a new list of
    the same entries). Key order stays."""
    shallow = _SHALLOW if state.get("ai_seats") else _SHALLOW_WITHOUT_AI
    deep = _json_copy({k: v for k, v in state.items() if k not in shallow})
    after = {
        key: deep[key] if key in deep else (list(value) if key == "log" else value) for key, value in state.items()
    }
    cities = state[CITIES]
    if isinstance(cities, SharedCities):  # a copy of a move under way: it shares that move's records now
        cities.owned.clear()
    after[CITIES] = SharedCities(cities)
    return after


def played(state: State) -> State:
    """The state a move made, as every other state is: its cities a plain
    dict again (each record is now the state's own, or shared with the
    state before, which nothing changes any more)."""
    state[CITIES] = dict(state[CITIES])
    return state


def own(state: State, key: str) -> Any:
    """``state[key]`` made the state's own (a deep copy put in its place),
    for a rule about to change a ``SHARED_BY_PLAY`` part in place: the state
    before the move holds the part it shared. Take it anew for each change
    (these parts change rarely): a part read before may be the shared one."""
    part = state[key] = _json_copy({key: state[key]})[key]
    return part


def own_city(state: Mapping[str, Any], city: str) -> dict[str, Any]:
    """A city's record, the state's own, for a rule about to change it (its
    owner, an upgrade put, taken or turned): a move's copy shares the
    records with the state before until then (``SharedCities``). Change a
    city only through this record, or pieces read from the state after it
    was taken; a record read before may be the shared one."""
    cities = state[CITIES]
    record = cities[city]
    if isinstance(cities, SharedCities) and city not in cities.owned:
        record = cities[city] = _json_copy(record)
        cities.owned.add(city)
    return record


def _json_copy(value: dict) -> dict:
    """A deep copy of plain JSON (a ``SharedCities`` is copied as a plain
    dict): through orjson, about a third faster than ``marshal`` on a state
    (it keeps the short keys it reads, where marshal makes every string
    again). What orjson refuses (keys that are not strings, integers beyond
    64 bits) is copied by ``engine.core.clone``. A state holds no tuples (it
    is stored as JSON, and read back with lists)."""
    try:
        return orjson.loads(orjson.dumps(value))
    except TypeError:
        return clone(value)


_SHALLOW = frozenset(SHARED_BY_PLAY + ("log", CITIES))
_SHALLOW_WITHOUT_AI = _SHALLOW | {AI_RECORDS}


def rng_of(state: State) -> Rng:
    """The state's random generator (draw, then ``store_rng``)."""
    return Rng.from_json(state["rng"])


def store_rng(state: State, rng: Rng) -> None:
    state["rng"] = rng.to_json()


def seat_name(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_by_name(state: State, word: str) -> int | None:
    """The seat a colour word names (``green``), or None."""
    for seat in range(state["players"]):
        if seat_name(seat).lower() == word.lower():
            return seat
    return None


def known_seat(state: State, word: str) -> int:
    """The seat a colour word names, where the word was checked already (an
    answer among the names offered, a target the cast was allowed)."""
    seat = seat_by_name(state, word)
    if seat is None:
        raise ValueError(f"no seat is named {word!r}")
    return seat


def log(state: State, text: str) -> None:
    """Record a public event line (never anything hidden)."""
    state["log_seq"] += 1
    state["log"].append({"n": state["log_seq"], "text": text})
    if len(state["log"]) > LOG_KEEP:
        del state["log"][:-LOG_KEEP]


# ---------------------------------------------------------------------------
# Cities and upgrades


def new_upgrade(kind: str, status: str = BUILDING, deity: str | None = None) -> dict[str, Any]:
    upgrade: dict[str, Any] = {"type": kind, "state": status}
    if deity is not None:
        upgrade["deity"] = deity
    return upgrade


def owner_of(state: State, city: str) -> int | None:
    return state["cities"][city]["owner"]


def owned_cities(state: Mapping[str, Any], seat: int) -> list[str]:
    """The cities a seat owns, in map order."""
    memo = memo_for(state)
    if memo is None:
        return [name for name, city in state["cities"].items() if city["owner"] == seat]
    owners = memo.get(_ALL_OWNED)
    if owners is None:  # every seat's cities in one pass: views and lists ask for each seat
        owners = memo[_ALL_OWNED] = {}
        for name, city in state["cities"].items():
            owned = owners.get(city["owner"])
            if owned is None:
                owners[city["owner"]] = [name]
            else:
                owned.append(name)
    return list(owners.get(seat, ()))


HELD_HOMES = "held_homes"


def held_homes(state: Mapping[str, Any], seat: int) -> list[str]:
    """The other players' Home Cities ``seat`` owned at the last end-of-turn
    objective check (none before the first, nor in an older snapshot)."""
    return list(state.get(HELD_HOMES, {}).get(str(seat), ()))


_ALL_OWNED = ("owned_cities",)
"""The key of ``owned_cities``'s answers (every seat's) while a view reads a state (``read_cache``)."""


def government_city(state: State, seat: int) -> str | None:
    """The city holding this seat's Government Marker (its Government City);
    for a rulebook AI player, the City of its AI Government Marker."""
    if seat in state.get("ai_seats", ()):
        return state["ai"]["boards"][str(seat)]["garrison"]
    for name, city in state["cities"].items():
        if city["owner"] == seat and city["government"] is not None:
            return name
    return None


def is_government_city(state: State, city: str) -> bool:
    """Whether a city holds its owner's Government Marker (a person's marker
    or an AI player's AI Government Marker)."""
    owner = state["cities"][city]["owner"]
    return owner is not None and government_city(state, owner) == city


def sites(state: Mapping[str, Any], city: str) -> Iterator[tuple[str, dict[str, Any] | None]]:
    """Every place of a City Area that can hold an upgrade, as (site, upgrade):
    settlements ``s0``.., Delphi's ``oracle``, and the city's mines by name."""
    record = state["cities"][city]
    for index, upgrade in enumerate(record["slots"]):
        yield f"s{index}", upgrade
    if "oracle" in record:
        yield "oracle", record["oracle"]
    for mine in get_map(state).mines_of(city):
        yield mine, state["mines"][mine]


def upgrades_of(state: State, city: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """The upgrades standing in a City Area, with the government marker
    (site ``government``) last."""
    memo = memo_for(state)
    if memo is None:
        return _upgrades_of(state, city)
    key = (_UPGRADES, city)
    standing = memo.get(key)
    if standing is None:  # a view asks again for every objective and Temple count
        standing = memo[key] = list(_upgrades_of(state, city))
    return iter(standing)


_UPGRADES = "upgrades_of"
"""The key of ``upgrades_of``'s answers while a view reads a state (``read_cache``)."""


def _upgrades_of(state: State, city: str) -> Iterator[tuple[str, dict[str, Any]]]:
    # ``sites`` without the empty ones, in one generator: rules ask this in every legal list
    record = state["cities"][city]
    for index, upgrade in enumerate(record["slots"]):
        if upgrade is not None:
            yield f"s{index}", upgrade
    if "oracle" in record and record["oracle"] is not None:
        yield "oracle", record["oracle"]
    for mine in get_map(state).mines_of(city):
        upgrade = state["mines"][mine]
        if upgrade is not None:
            yield mine, upgrade
    government = state["cities"][city]["government"]
    if government is not None:
        yield "government", government


def get_site(state: State, city: str, site: str) -> dict[str, Any] | None:
    record = state["cities"][city]
    if site == "government":
        return record["government"]
    if site == "oracle":
        return record.get("oracle")
    if site.startswith("s") and site[1:].isdigit():
        return record["slots"][int(site[1:])]
    return state["mines"][site]


def set_site(state: State, city: str, site: str, upgrade: dict[str, Any] | None) -> None:
    if site == "government":
        own_city(state, city)["government"] = upgrade
    elif site == "oracle":
        own_city(state, city)["oracle"] = upgrade
    elif site.startswith("s") and site[1:].isdigit():
        own_city(state, city)["slots"][int(site[1:])] = upgrade
    else:
        state["mines"][site] = upgrade


def counts_as(upgrade: dict[str, Any], site: str) -> str:
    """The City Upgrade type a placed piece counts as: a government marker
    "counts as the City Upgrade shown on it"."""
    if site == "government":
        return GOVERNMENTS[upgrade["type"]].upgrade
    return upgrade["type"]


def city_has_type(state: State, city: str, kind: str, *, include_building: bool = True) -> bool:
    """Whether a city has a (non-Wonder) upgrade of ``kind`` in any state."""
    for site, upgrade in upgrades_of(state, city):
        if upgrade["type"] == "wonder" and site != "government":
            continue
        if counts_as(upgrade, site) == kind and (include_building or upgrade["state"] != BUILDING):
            return True
    return False


def is_settlement(site: str) -> bool:
    return site.startswith("s") and site[1:].isdigit()


# ---------------------------------------------------------------------------
# Units


def stacks(state: State, area: str) -> list[dict[str, Any]]:
    return state["units"].get(area, [])


def unit_owners(state: State, area: str) -> set[int]:
    return {stack["owner"] for stack in stacks(state, area)}


def count_units(state: State, area: str, owner: int, kinds: Iterable | None = None) -> int:
    return sum(s["n"] for s in stacks(state, area) if s["owner"] == owner and (kinds is None or s["kind"] in kinds))


def total_units(state: State, owner: int, kind: str) -> int:
    """Units of one type a seat has on the map (for the unit limits)."""
    return sum(s["n"] for area in state["units"].values() for s in area if s["owner"] == owner and s["kind"] == kind)


def trireme_seas(state: State, seat: int) -> set[str]:
    """The Sea Areas holding at least one of the seat's Triremes (what Sea
    Power counts: "Have Triremes in 4 Sea Areas")."""
    seas = map_of(state).seas
    return {
        area
        for area, area_stacks in state["units"].items()
        if area in seas and any(s["owner"] == seat and s["kind"] == "trireme" for s in area_stacks)
    }


def enemies_in(state: State, area: str, seat: int) -> set[int]:
    return {s["owner"] for s in stacks(state, area) if s["owner"] != seat}


def add_units(
    state: State, area: str, owner: int, kind: str, n: int, *, elite: bool = False, used: int = 0, moved: bool = False
) -> None:
    """Put ``n`` units in an area, merging with an identical stack."""
    if n <= 0:
        return
    area_stacks = state["units"].setdefault(area, [])
    for stack in area_stacks:
        if (stack["owner"], stack["kind"], stack["elite"], stack["used"], stack["moved"]) == (
            owner,
            kind,
            elite,
            used,
            moved,
        ):
            stack["n"] += n
            return
    area_stacks.append({"owner": owner, "kind": kind, "elite": elite, "used": used, "moved": moved, "n": n})
    area_stacks.sort(key=_stack_order)


def _stack_order(stack: dict[str, Any]) -> tuple:
    return (stack["owner"], list(UNITS).index(stack["kind"]), stack["elite"], stack["used"], stack["moved"])


def take_units(
    state: State, area: str, owner: int, kind: str, elite: bool, n: int, *, movable_limit: int | None = None
) -> list[dict[str, Any]]:
    """Remove ``n`` units of (kind, elite) from an area and return them as
    stacks. With ``movable_limit``, only units that may still move are taken
    (not moved this action, ``used`` below the limit; 0 = no limit), fresh
    ones first so the ones left behind are the tired ones."""
    area_stacks = state["units"].get(area, [])
    candidates = [s for s in area_stacks if s["owner"] == owner and s["kind"] == kind and s["elite"] == elite]
    if movable_limit is not None:
        candidates = [
            s
            for s in candidates
            if not s["moved"] and s["used"] < PINNED and (movable_limit == 0 or s["used"] < movable_limit)
        ]
    candidates.sort(key=lambda s: s["used"])
    taken: list[dict[str, Any]] = []
    for stack in candidates:
        if n <= 0:
            break
        k = min(n, stack["n"])
        stack["n"] -= k
        n -= k
        taken.append({**stack, "n": k})
    if n > 0:
        raise ValueError("take_units asked for more units than there are")
    state["units"][area] = [s for s in area_stacks if s["n"] > 0]
    if not state["units"][area]:
        del state["units"][area]
    return taken


def put_stacks(state: State, area: str, taken: list[dict[str, Any]], **changes: Any) -> None:
    for stack in taken:
        fields = {**stack, **changes}
        add_units(
            state,
            area,
            fields["owner"],
            fields["kind"],
            fields["n"],
            elite=fields["elite"],
            used=fields["used"],
            moved=fields["moved"],
        )


def remove_owner(state: State, area: str, owner: int, kinds: Iterable | None = None) -> int:
    """Remove (return to the pool) an owner's units of some kinds from an area."""
    kinds = None if kinds is None else set(kinds)
    before = stacks(state, area)
    kept = [s for s in before if not (s["owner"] == owner and (kinds is None or s["kind"] in kinds))]
    removed = sum(s["n"] for s in before) - sum(s["n"] for s in kept)
    if kept:
        state["units"][area] = kept
    else:
        state["units"].pop(area, None)
    return removed


def tidy_units(state: State) -> None:
    """Merge identical stacks everywhere (after flags were reset)."""
    for area in list(state["units"]):
        old = state["units"].pop(area)
        for stack in old:
            add_units(
                state,
                area,
                stack["owner"],
                stack["kind"],
                stack["n"],
                elite=stack["elite"],
                used=stack["used"],
                moved=stack["moved"],
            )


def unit_word(kind: str, elite: bool, n: int = 1) -> str:
    """``2 elite hoplites``-style wording."""
    unit = UNITS[kind]
    noun = unit.title.lower() if n == 1 else unit.plural
    return f"{n} {'elite ' if elite else ''}{noun}"


map_of: Callable[[Mapping[str, Any]], Map] = get_map
"""The map a game is played on (``board.get_map`` itself: rules ask it everywhere)."""
