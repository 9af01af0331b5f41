"""Advancements: what a player may research, and the rule hooks they switch on.

- "To Research a level 1 Advancement, a player must pay 1 Philosopher ...
  Level 2 Advancements cost 3 Philosophers."
- "In order to research a level 2 Advancement in a category, a player must
  already possess any level 1 Advancement in the same category. In order to
  research a second level 2 Advancement in the same category, the player must
  possess a second level 1 Advancement in the same category."

Each advancement in ``advancements.toml`` names an ``effect``; the rules ask
this module for effects, never for advancement names, so a group can rename
or rebalance the list in data.
"""

from __future__ import annotations

from typing import Any

from engine.games.hellenica.components import ADVANCEMENTS, UNITS, Advancement, advancement_cost

EFFECTS = frozenset(
    {
        "mines",
        "extra_cube",
        "walls_strength",
        "wonder",
        "replace_exhausted",
        "acropolis",
        "upkeep_commerce",
        "government_counts",
        "keep_upgrades_on_conquest",
        "upkeep_favor",
        "supply_commerce",
        "conversion",
        "exchange_cost",
        "research_bonus",
        "conquest_commerce",
        "transport",
        "attack_die",
        "train_bonus",
        "leader",
        "elite",
        "harbour_commerce",
        "supply_limit",
        "cross_mountains",
    }
)
"""Every effect the rules implement; data naming another fails at import."""

_unknown = {a.effect for a in ADVANCEMENTS.values()} - EFFECTS
if _unknown:
    raise ValueError(f"data/hellenica/advancements.toml names unknown effects: {sorted(_unknown)}")


def owned(state: dict, seat: int) -> list[str]:
    return state["seats"][seat]["advancements"]


def with_effect(state: dict, seat: int, effect: str) -> list[Any]:
    """The advancements a seat owns that have ``effect``."""
    return [ADVANCEMENTS[name] for name in owned(state, seat) if ADVANCEMENTS[name].effect == effect]


def has_effect(state: dict, seat: int, effect: str, **params: Any) -> bool:
    return any(all(adv.params.get(k) == v for k, v in params.items()) for adv in with_effect(state, seat, effect))


def effect_value(state: dict, seat: int, effect: str, default: int) -> int:
    """The ``value`` of an owned advancement with ``effect``, else ``default``."""
    values = [adv.params["value"] for adv in with_effect(state, seat, effect)]
    return max(values) if values else default


def extra_cubes(state: dict, seat: int, action: str) -> int:
    """Unlocked action spaces: "place an Action Cube on the locked Action
    space for the appropriate type"."""
    return sum(1 for adv in with_effect(state, seat, "extra_cube") if adv.params["action"] == action)


def supply_limit(state: dict, seat: int, kind: str) -> int:
    """A unit type's Supply Limit for this seat; 0 means no limit."""
    base = UNITS[kind].supply_limit
    if base == 0:
        return 0
    bonus = sum(adv.params["value"] for adv in with_effect(state, seat, "supply_limit") if kind in adv.params["units"])
    return base + bonus


def trains_elite(state: dict, seat: int, kind: str) -> bool:
    return any(kind in adv.params["units"] for adv in with_effect(state, seat, "elite"))


def attack_dice(state: dict, seat: int, terrain: str) -> list[str]:
    return [adv.params["die"] for adv in with_effect(state, seat, "attack_die") if adv.params["terrain"] == terrain]


def has_leader(state: dict, seat: int, terrain: str) -> bool:
    return has_effect(state, seat, "leader", terrain=terrain)


def research_refusal(state: dict, seat: int, name: str) -> str | None:
    """Why a seat cannot research ``name`` now (None if it can)."""
    advancement = ADVANCEMENTS.get(name)
    if advancement is None:
        return f"There is no advancement called `{name}`."
    blocked = _research_block(state, seat, advancement)
    if blocked is None:
        return None
    if blocked == _OWNED:
        return f"You already have {advancement.title}."
    if blocked == _COST:
        cost = advancement_cost(advancement.level)
        philosophers = state["seats"][seat]["philosophers"]
        return f"{advancement.title} costs {cost} Philosopher{'s' if cost > 1 else ''}; you have {philosophers}."
    which = "a" if blocked == _NO_LEVEL1 else "another"
    return f"{advancement.title} is level 2: you need {which} level 1 {advancement.category.title()} advancement first."


_OWNED, _COST, _NO_LEVEL1, _LEVEL1_USED = "owned", "cost", "no level 1", "level 1 used"
"""What keeps a seat from researching an advancement (``_research_block``)."""


def _research_block(state: dict, seat: int, advancement: Advancement) -> str | None:
    """What keeps the seat from researching ``advancement`` now, or None:
    the checks of ``research_refusal`` without its words (``researchable``
    asks them of every advancement, at every Research listed)."""
    mine = owned(state, seat)
    if advancement.name in mine:
        return _OWNED
    if state["seats"][seat]["philosophers"] < advancement_cost(advancement.level):
        return _COST
    if advancement.level == 2:
        level1 = sum(1 for n in mine if ADVANCEMENTS[n].category == advancement.category and ADVANCEMENTS[n].level == 1)
        level2 = sum(1 for n in mine if ADVANCEMENTS[n].category == advancement.category and ADVANCEMENTS[n].level == 2)
        if level2 >= level1:
            return _NO_LEVEL1 if level1 == 0 else _LEVEL1_USED
    return None


def researchable(state: dict, seat: int) -> list[str]:
    return [name for name, advancement in ADVANCEMENTS.items() if _research_block(state, seat, advancement) is None]
