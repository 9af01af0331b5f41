"""Hellenica's component data, read once from ``data/hellenica/*.toml``.

The numbers the rulebook prints live in ``rules.toml``; the component lists
the rulebook omits (advancements, governments beyond the three it names,
objective requirements, dice faces, deities) are ours and say so in their
files. This module only turns those tables into small frozen records and
checks that they refer to one another consistently; the rules that use them
live in the other modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import load_toml

GAME = "hellenica"

ACTIONS = ("build", "train", "research", "worship", "supply")
"""The five action types that spend an action cube, in player-board order."""


@dataclass(frozen=True)
class UnitType:
    name: str
    title: str
    plural: str
    letter: str
    terrain: str
    supply_limit: int
    """Moves a unit may be supplied for per turn; 0 means unlimited."""
    trained_by: str
    die: str
    one_at_a_time: bool = False
    hero: bool = False
    """Rolls the Yellow die, is not carried by Triremes, only Duels harm it."""
    unique: bool = False
    """Alcibiades: never trained, outside the hero limit."""


@dataclass(frozen=True)
class UpgradeType:
    name: str
    title: str
    letter: str
    produces: str = ""
    coastal: bool = False
    one_per_city: bool = False
    not_on_mines: bool = False
    wildcard: bool = False
    needs_advancement: str = ""
    one_per_player: bool = False
    needs_deity: bool = False


@dataclass(frozen=True)
class Government:
    name: str
    title: str
    upgrade: str
    """The City Upgrade the marker counts as."""


@dataclass(frozen=True)
class Advancement:
    name: str
    title: str
    category: str
    level: int
    effect: str
    text: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Objective:
    name: str
    title: str
    kind: str
    """``pathos`` (public) or ``ethos`` (private)."""
    check: str
    text: str
    copies: int = 1
    standard: bool = False
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Invocation:
    name: str
    title: str
    deity: str
    level: int
    """Its cost in Favor and the Temples to its Deity it needs."""
    phase: str
    target: str
    effect: str
    text: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Deity:
    name: str
    title: str
    colour: tuple[int, int, int]
    invocations: tuple[str, ...] = ()


@dataclass(frozen=True)
class Creature:
    name: str
    title: str
    letter: str
    place: str
    ability: str
    text: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class EventCard:
    name: str
    title: str
    chaos: int
    copies: int
    effect: str
    flavor: str
    text: str
    reward: Mapping[str, Any] = field(default_factory=dict)
    params: Mapping[str, Any] = field(default_factory=dict)


def _records(table: Mapping[str, Any], build: Any, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    return {name: build(name, body) for name, body in table.items() if name not in skip}


RULES: dict[str, Any] = load_toml(GAME, "rules.toml")

UNITS: dict[str, UnitType] = _records(load_toml(GAME, "units.toml"), lambda n, b: UnitType(name=n, **b))
UPGRADES: dict[str, UpgradeType] = _records(load_toml(GAME, "upgrades.toml"), lambda n, b: UpgradeType(name=n, **b))
GOVERNMENTS: dict[str, Government] = _records(load_toml(GAME, "governments.toml"), lambda n, b: Government(name=n, **b))

_ADVANCEMENT_KEYS = ("title", "category", "level", "effect", "text")
_advancement_table = load_toml(GAME, "advancements.toml")
CATEGORIES: tuple[str, ...] = tuple(_advancement_table["categories"])
ADVANCEMENTS: dict[str, Advancement] = _records(
    _advancement_table,
    lambda n, b: Advancement(
        name=n,
        **{k: b[k] for k in _ADVANCEMENT_KEYS},
        params={k: v for k, v in b.items() if k not in _ADVANCEMENT_KEYS},
    ),
    skip=("categories",),
)

_OBJECTIVE_KEYS = ("title", "kind", "check", "text", "copies", "standard")
OBJECTIVES: dict[str, Objective] = _records(
    load_toml(GAME, "objectives.toml"),
    lambda n, b: Objective(
        name=n,
        **{k: b[k] for k in _OBJECTIVE_KEYS if k in b},
        params={k: v for k, v in b.items() if k not in _OBJECTIVE_KEYS},
    ),
)
PATHOS = tuple(name for name, card in OBJECTIVES.items() if card.kind == "pathos")
STANDARD_PATHOS = tuple(name for name in PATHOS if OBJECTIVES[name].standard)
ETHOS = tuple(name for name, card in OBJECTIVES.items() if card.kind == "ethos")

_deity_table = load_toml(GAME, "deities.toml")
DEITY_COPIES: int = _deity_table["copies"]
DEITIES: dict[str, Deity] = _records(
    _deity_table,
    lambda n, b: Deity(
        name=n,
        title=b["title"],
        colour=tuple(b["colour"]),
        invocations=tuple(i["name"] for i in b.get("invocations", ())),
    ),
    skip=("copies",),
)
_INVOCATION_KEYS = ("name", "title", "level", "phase", "target", "effect", "text")
INVOCATIONS: dict[str, Invocation] = {
    body["name"]: Invocation(
        deity=deity,
        **{k: body[k] for k in _INVOCATION_KEYS},
        params={k: v for k, v in body.items() if k not in _INVOCATION_KEYS},
    )
    for deity, table in _deity_table.items()
    if deity != "copies"
    for body in table.get("invocations", ())
}

_CREATURE_KEYS = ("title", "letter", "place", "ability", "text")
CREATURES: dict[str, Creature] = _records(
    load_toml(GAME, "creatures.toml"),
    lambda n, b: Creature(
        name=n, **{k: b[k] for k in _CREATURE_KEYS}, params={k: v for k, v in b.items() if k not in _CREATURE_KEYS}
    ),
)

_EVENT_KEYS = ("title", "chaos", "copies", "effect", "flavor", "text", "reward")
EVENTS: dict[str, EventCard] = _records(
    load_toml(GAME, "events.toml"),
    lambda n, b: EventCard(
        name=n, **{k: b[k] for k in _EVENT_KEYS if k in b}, params={k: v for k, v in b.items() if k not in _EVENT_KEYS}
    ),
)
OLYMPUS: str = RULES["events"]["olympus"]

_dice = load_toml(GAME, "dice.toml")
DICE_FACES: dict[str, tuple[Any, ...]] = {colour: tuple(faces) for colour, faces in _dice["faces"].items()}
YELLOW_EFFECTS: dict[str, int | str] = dict(_dice["yellow"])
YELLOW_SIGNS: dict[str, int] = dict(_dice["yellow_signs"])
"""A Yellow face as a number, for revolts: "adds the number of plus signs rolled
(or subtracts a minus sign)"."""
NUMERIC_DICE = ("blue", "green", "red")
"""The dice whose highest face is the Combat Strength (the Yellow die modifies it)."""

HEROES: tuple[str, ...] = tuple(kind for kind, unit in UNITS.items() if unit.hero)
"""Unit kinds that are Heroes (the Hero and Alcibiades)."""
TRAINABLE: tuple[str, ...] = tuple(kind for kind, unit in UNITS.items() if unit.trained_by)

UNIT_LIMIT: int = RULES["units"]["limit"]
HERO_LIMIT: int = RULES["units"]["hero_limit"]


def event_deck() -> list[str]:
    """Every World Event card, one entry per copy, in a fixed order."""
    return [name for name, card in EVENTS.items() for _ in range(card.copies)]


def ethos_deck() -> list[str]:
    """Every Ethos card, one entry per copy, in a fixed order."""
    return [name for name in ETHOS for _ in range(OBJECTIVES[name].copies)]


def advancement_cost(level: int) -> int:
    return RULES["advancements"]["cost"][level - 1]


def unit_limit(kind: str) -> int:
    return HERO_LIMIT if kind == "hero" else UNIT_LIMIT


def government_for(upgrade: str) -> list[str]:
    return [name for name, gov in GOVERNMENTS.items() if gov.upgrade == upgrade]


def _check_consistency() -> None:
    """Fail at import if the data files disagree with one another."""

    def need(condition: bool, message: str) -> None:
        if not condition:
            raise ValueError(f"data/hellenica: {message}")

    for unit in UNITS.values():
        need(
            unit.trained_by in UPGRADES or (unit.unique and not unit.trained_by),
            f"unit {unit.name} is trained by unknown {unit.trained_by}",
        )
        need(unit.die in DICE_FACES, f"unit {unit.name} rolls unknown die {unit.die}")
    for gov in GOVERNMENTS.values():
        need(gov.upgrade in UPGRADES, f"government {gov.name} shows unknown upgrade {gov.upgrade}")
    for adv in ADVANCEMENTS.values():
        need(adv.category in CATEGORIES and adv.level in (1, 2), f"advancement {adv.name} is misfiled")
    for upgrade in UPGRADES.values():
        need(
            not upgrade.needs_advancement or upgrade.needs_advancement in ADVANCEMENTS,
            f"upgrade {upgrade.name} needs unknown advancement",
        )
    for face in DICE_FACES["yellow"]:
        need(face in YELLOW_EFFECTS, f"yellow face {face!r} has no effect")
    need(sum(OBJECTIVES[n].copies for n in ETHOS) + len(PATHOS) == 44, "the rulebook has 44 objective cards")
    need(all(OBJECTIVES[n].copies in (1, 3) for n in ETHOS), "Ethos cards come in 1 or 3 copies")
    need(DEITY_COPIES * len(DEITIES) == 70, "the rulebook has 70 Deity Cards")
    for deity in DEITIES.values():
        levels = sorted(INVOCATIONS[name].level for name in deity.invocations)
        need(levels == [1, 2, 3], f"{deity.name} needs a level 1, 2 and 3 Invocation")
    for face in DICE_FACES["yellow"]:
        need(face in YELLOW_SIGNS, f"yellow face {face!r} has no revolt value")
    need(sum(card.copies for card in EVENTS.values()) == 52, "the rulebook has 52 World Event cards")
    need(EVENTS[OLYMPUS].copies == 1 and EVENTS[OLYMPUS].effect == "olympus", "one Olympus Awakens card")
    for card in EVENTS.values():
        need(
            card.effect != "creature" or card.params.get("creature") in CREATURES,
            f"event {card.name} names an unknown creature",
        )
        for kind in card.reward.get("units", {}):
            need(kind in UNITS, f"event {card.name} rewards unknown unit {kind}")
    need(len(CREATURES) == 7, "the rulebook has 7 Mythological Creatures")


_check_consistency()
