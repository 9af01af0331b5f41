"""Hellenica's component data, read once from ``data/hellenica/*.toml``.

The numbers the rulebook prints live in ``rules.toml``; the component lists
the rulebook omits (advancements, governments beyond the three it names,
objective requirements, dice faces, deities) are ours and say so in their
files. This module only turns those tables into small frozen records and
checks that they refer to one another consistently; the rules that use them
live in the other modules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

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
class Deity:
    name: str
    title: str
    colour: tuple[int, int, int]


def _records(table: Mapping[str, Any], build: Any, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    return {name: build(name, body) for name, body in table.items() if name not in skip}


RULES: dict[str, Any] = load_toml(GAME, "rules.toml")

UNITS: dict[str, UnitType] = _records(load_toml(GAME, "units.toml"), lambda n, b: UnitType(name=n, **b))
UPGRADES: dict[str, UpgradeType] = _records(load_toml(GAME, "upgrades.toml"),
                                            lambda n, b: UpgradeType(name=n, **b))
GOVERNMENTS: dict[str, Government] = _records(load_toml(GAME, "governments.toml"),
                                              lambda n, b: Government(name=n, **b))

_ADVANCEMENT_KEYS = ("title", "category", "level", "effect", "text")
_advancement_table = load_toml(GAME, "advancements.toml")
CATEGORIES: tuple[str, ...] = tuple(_advancement_table["categories"])
ADVANCEMENTS: dict[str, Advancement] = _records(
    _advancement_table,
    lambda n, b: Advancement(name=n, **{k: b[k] for k in _ADVANCEMENT_KEYS},
                             params={k: v for k, v in b.items() if k not in _ADVANCEMENT_KEYS}),
    skip=("categories",))

_OBJECTIVE_KEYS = ("title", "kind", "check", "text", "copies", "standard")
OBJECTIVES: dict[str, Objective] = _records(
    load_toml(GAME, "objectives.toml"),
    lambda n, b: Objective(name=n, **{k: b[k] for k in _OBJECTIVE_KEYS if k in b},
                           params={k: v for k, v in b.items() if k not in _OBJECTIVE_KEYS}))
PATHOS = tuple(name for name, card in OBJECTIVES.items() if card.kind == "pathos")
STANDARD_PATHOS = tuple(name for name in PATHOS if OBJECTIVES[name].standard)
ETHOS = tuple(name for name, card in OBJECTIVES.items() if card.kind == "ethos")

_deity_table = load_toml(GAME, "deities.toml")
DEITY_COPIES: int = _deity_table["copies"]
DEITIES: dict[str, Deity] = _records(
    _deity_table, lambda n, b: Deity(name=n, title=b["title"], colour=tuple(b["colour"])), skip=("copies",))

_dice = load_toml(GAME, "dice.toml")
DICE_FACES: dict[str, tuple[Any, ...]] = {colour: tuple(faces) for colour, faces in _dice["faces"].items()}
YELLOW_EFFECTS: dict[str, int | str] = dict(_dice["yellow"])
NUMERIC_DICE = ("blue", "green", "red")
"""The dice whose highest face is the Combat Strength (the Yellow die modifies it)."""

UNIT_LIMIT: int = RULES["units"]["limit"]
HERO_LIMIT: int = RULES["units"]["hero_limit"]


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
        need(unit.trained_by in UPGRADES, f"unit {unit.name} is trained by unknown {unit.trained_by}")
        need(unit.die in DICE_FACES, f"unit {unit.name} rolls unknown die {unit.die}")
    for gov in GOVERNMENTS.values():
        need(gov.upgrade in UPGRADES, f"government {gov.name} shows unknown upgrade {gov.upgrade}")
    for adv in ADVANCEMENTS.values():
        need(adv.category in CATEGORIES and adv.level in (1, 2), f"advancement {adv.name} is misfiled")
    for upgrade in UPGRADES.values():
        need(not upgrade.needs_advancement or upgrade.needs_advancement in ADVANCEMENTS,
             f"upgrade {upgrade.name} needs unknown advancement")
    for face in DICE_FACES["yellow"]:
        need(face in YELLOW_EFFECTS, f"yellow face {face!r} has no effect")
    need(sum(OBJECTIVES[n].copies for n in ETHOS) + len(PATHOS) == 44, "the rulebook has 44 objective cards")
    need(all(OBJECTIVES[n].copies in (1, 3) for n in ETHOS), "Ethos cards come in 1 or 3 copies")
    need(DEITY_COPIES * len(DEITIES) == 70, "the rulebook has 70 Deity Cards")


_check_consistency()
