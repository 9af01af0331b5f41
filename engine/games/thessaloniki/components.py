"""The components of Thessaloniki, read once from ``data/thessaloniki/*.toml``.

Everything a group might want to swap — alcove layouts, cards, ships, demand
tiles, set-up and scoring tables — lives in the TOML files; this module turns
them into small frozen records and checks that they hang together (every
effect is known, every reference points somewhere), so a broken data file
fails loudly at import rather than in the middle of a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from engine.core import load_toml

GAME_NAME = "thessaloniki"

Effect = Mapping[str, Any]
"""One effect from the data, e.g. ``{"do": "vp", "n": 2}`` (see ``effects``)."""


@dataclass(frozen=True)
class Alcove:
    name: str
    title: str
    action_points: tuple[int, ...]
    """⚡ printed on each worker space, left to right."""
    mosaic_spaces: tuple[int, ...]
    """The fewest players each mosaic space is used with."""
    statue_spaces: tuple[int, ...]
    actions: tuple[str, ...]
    bonus: tuple[Effect, ...]
    mosaic_bonus: tuple[Effect, ...]
    sunset: tuple[Effect, ...]
    sell_window: bool
    """Whether the other players may sell after the active player's first ⚡."""

    @property
    def capacity(self) -> int:
        return len(self.action_points)


@dataclass(frozen=True)
class Contract:
    id: str
    tier: int
    cost: tuple[str, ...]
    kind: str
    """``instant`` or ``permanent``."""
    legacy: str | None
    effects: tuple[Effect, ...]
    ability: Effect | None


@dataclass(frozen=True)
class Family:
    id: str
    name: str
    goods: Mapping[str, int]
    denarii: int
    mosaics: int
    statues: int
    contracts: int
    legacy: tuple[str, ...]
    ability: Effect


@dataclass(frozen=True)
class Ship:
    id: str
    city: str
    spaces: tuple[str, ...]
    """A good's name per space, or ``any`` for a multicoloured space."""
    benefit: tuple[Effect, ...]
    three_plus: bool


@dataclass(frozen=True)
class DemandTile:
    id: str
    city: str
    statues: tuple[int, ...]
    legacy: str


@dataclass(frozen=True)
class Components:
    colours: tuple[str, ...]
    """Seat colours in seat order."""
    colour_good: Mapping[str, str]
    raw_goods: tuple[str, ...]
    refined_name: Mapping[str, str]
    """Raw good -> its refined name (grain -> flour)."""
    legacy_icons: tuple[str, ...]
    cities: tuple[str, ...]
    city_titles: Mapping[str, str]
    alcove_order: tuple[str, ...]
    alcoves: Mapping[str, Alcove]
    denarius_after: str
    entrance_spaces: tuple[int, ...]
    sale_values: tuple[int, ...]
    initial_ships: int
    chariot_spaces: tuple[tuple[Effect, ...], ...]
    chariot_beyond: tuple[Effect, ...]
    setup: Mapping[int, Mapping[str, int]]
    festival_setup: Mapping[str, int]
    end: Mapping[str, int]
    scoring: Mapping[str, Any]
    pieces: Mapping[str, int]
    contracts: Mapping[str, Contract]
    festival_card: str
    families: Mapping[str, Family]
    ships: Mapping[str, Ship]
    festival_ship: str
    demand_tiles: Mapping[str, DemandTile]
    demand_statue_spaces: tuple[int, ...]
    demand_mosaic_spaces: tuple[int, ...]
    demand_mosaic_limit: int
    setup_cards: tuple[Mapping[str, tuple[str, ...]], ...]

    # -- conveniences ---------------------------------------------------------

    @cached_property
    def refined_goods(self) -> tuple[str, ...]:
        return tuple(self.refined_name[g] for g in self.raw_goods)

    @cached_property
    def raw_of(self) -> Mapping[str, str]:
        """Refined name -> raw good (flour -> grain)."""
        return {v: k for k, v in self.refined_name.items()}

    def good_of(self, colour: str) -> str:
        return self.colour_good[colour]

    def colour_of_good(self, good: str) -> str | None:
        for colour, owned in self.colour_good.items():
            if owned == good:
                return colour
        return None

    def next_alcove(self, name: str) -> str:
        order = self.alcove_order
        return order[(order.index(name) + 1) % len(order)]

    def max_ships(self) -> int:
        return len(self.sale_values)


# ---------------------------------------------------------------------------
# Loading and checking


INSTANT_EFFECTS = frozenset(
    {
        "vp",
        "denarii",
        "salt",
        "gain_mosaic",
        "gain_statue",
        "raw",
        "raw_same",
        "refined",
        "refine",
        "refine_colour",
        "refine_each",
        "sell",
        "sell_supply",
        "take",
        "fulfil",
        "place",
        "chariot",
        "chariot_sunset",
        "spend_refined",
        "per",
        "legacy_reward",
        "swap_ships",
        "move_goods",
        "add_demand",
        "sail",
        "tax",
    }
)
"""Every ``do`` an effect in the data may name (``effects`` implements each)."""

ABILITIES = frozenset(
    {
        # contracts
        "refine_salt",
        "legacy_fulfil",
        "denarii_spent_vp",
        "denarii_gain_goods",
        "stay",
        "chariot_sell",
        "extra_action",
        "endgame_per",
        "tax_shield",
        "refined_sale_vp",
        "double_buy",
        "salt_replace",
        "salt_action",
        "fulfil_vp",
        "salt_merchant",
        "demand_statue_bonus",
        # families
        "claim_bonus",
        "refine_for_denarius",
        "denarius_space_salt",
        "free_merchant",
        "leftmost_sale",
        "move_refine",
        "chariot_vp",
        "fulfil_denarius",
    }
)

ALCOVE_ACTIONS = frozenset(
    {
        "gain_mosaic",
        "place_mosaic",
        "gain_statue",
        "place_statue",
        "refine_each",
        "refine_colour",
        "fulfil_discount",
        "sell",
        "fulfil_and_sell",
        "fulfil",
        "refine_three",
    }
)

COUNTS = frozenset({"instant_contracts", "contracts", "ships", "storage_mosaics", "offer_statues"})


class DataError(ValueError):
    """The component data is inconsistent."""


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise DataError(f"data/{GAME_NAME}: {message}")


def _effects(raw: Any, where: str, goods: tuple[str, ...]) -> tuple[Effect, ...]:
    effects = tuple(dict(e) for e in (raw or ()))
    for effect in effects:
        kind = effect.get("do")
        _check(kind in INSTANT_EFFECTS, f"{where}: unknown effect {kind!r}")
        if kind in ("raw", "refined"):
            _check(effect.get("good") in goods + ("any", "own"), f"{where}: bad good in {effect}")
        if kind == "spend_refined":
            _check(effect.get("good") in goods + ("any",), f"{where}: bad good in {effect}")
        if kind == "per":
            _check(effect.get("count") in COUNTS, f"{where}: unknown count in {effect}")
        if kind == "sell":
            _check(effect.get("mode") in ("same", "mixed"), f"{where}: unknown sell mode in {effect}")
        if kind == "place":
            _check(effect.get("what") in ("mosaic", "statue"), f"{where}: place what? {effect}")
        if kind == "fulfil":
            _check(effect.get("cost") in ("normal", "discount", "free"), f"{where}: fulfil cost? {effect}")
        if "bonus" in effect:
            effect["bonus"] = _effects(effect["bonus"], where, goods)
    return effects


@lru_cache(maxsize=1)
def components() -> Components:
    """The game's components (loaded once and cached)."""
    board = load_toml(GAME_NAME, "board.toml")
    goods = tuple(board["goods"]["raw"])
    refined_name = dict(board["goods"]["refined"])
    _check(set(refined_name) == set(goods), "every raw good needs a refined name")
    colours = tuple(c["name"] for c in board["colour"])
    colour_good = {c["name"]: c["good"] for c in board["colour"]}
    _check(sorted(colour_good.values()) == sorted(goods), "each colour owns one good")
    icons = tuple(board["legacy"]["icons"])
    cities = tuple(c["name"] for c in board["city"])

    order = tuple(board["alcoves"]["order"])
    alcoves: dict[str, Alcove] = {}
    for name in order:
        raw = board["alcove"][name]
        actions = tuple(raw["actions"])
        _check(all(a in ALCOVE_ACTIONS for a in actions), f"alcove {name}: unknown action in {actions}")
        alcoves[name] = Alcove(
            name,
            raw["title"],
            tuple(raw["action_points"]),
            tuple(raw["mosaic_spaces"]),
            tuple(raw["statue_spaces"]),
            actions,
            _effects(raw["bonus"], name, goods),
            _effects(raw["mosaic_bonus"], name, goods),
            _effects(raw["sunset"], name, goods),
            bool(raw.get("sell_window", False)),
        )
    _check(board["alcoves"]["denarius_space_after"] in order, "the denarius space must follow an alcove")

    chariot = board["chariot"]
    chariot_spaces = tuple(
        _effects(space, f"chariot space {i + 1}", goods) for i, space in enumerate(chariot["spaces"])
    )
    setup = {int(k): dict(v) for k, v in board["setup"].items() if k.isdigit()}

    contract_data = load_toml(GAME_NAME, "contracts.toml")
    contracts: dict[str, Contract] = {}
    cost_words = set(goods) | set(refined_name.values()) | {"any"}
    for raw in contract_data["contract"]:
        cid = raw["id"]
        _check(cid not in contracts, f"contract {cid} twice")
        cost = tuple(raw["cost"].split())
        _check(all(w in cost_words for w in cost), f"contract {cid}: bad cost {cost}")
        _check(raw["kind"] in ("instant", "permanent"), f"contract {cid}: kind?")
        ability = dict(raw["ability"]) if "ability" in raw else None
        if raw["kind"] == "permanent":
            _check(ability is not None and ability.get("kind") in ABILITIES, f"contract {cid}: ability?")
        legacy = raw.get("legacy")
        _check(legacy is None or legacy in icons, f"contract {cid}: unknown legacy icon {legacy}")
        contracts[cid] = Contract(
            cid, int(raw["tier"]), cost, raw["kind"], legacy, _effects(raw.get("effects"), cid, goods), ability
        )

    families: dict[str, Family] = {}
    for raw in load_toml(GAME_NAME, "families.toml")["family"]:
        ability = dict(raw["ability"])
        _check(ability.get("kind") in ABILITIES, f"family {raw['id']}: ability?")
        _check(all(k in goods + ("own", "salt") for k in raw["goods"]), f"family {raw['id']}: goods?")
        families[raw["id"]] = Family(
            raw["id"],
            raw["name"],
            dict(raw["goods"]),
            int(raw.get("denarii", 0)),
            int(raw.get("mosaics", 0)),
            int(raw.get("statues", 0)),
            int(raw.get("contracts", 0)),
            tuple(raw.get("legacy", ())),
            ability,
        )

    ship_data = load_toml(GAME_NAME, "ships.toml")
    ships: dict[str, Ship] = {}
    for raw in ship_data["ship"]:
        spaces = tuple(raw["spaces"].split())
        _check(all(s in goods + ("any",) for s in spaces), f"ship {raw['id']}: spaces?")
        _check(raw["city"] in cities, f"ship {raw['id']}: city?")
        ships[raw["id"]] = Ship(
            raw["id"], raw["city"], spaces, _effects(raw["benefit"], raw["id"], goods), bool(raw.get("three_plus"))
        )

    demand_data = load_toml(GAME_NAME, "demand.toml")
    tiles = {}
    for raw in demand_data["tile"]:
        _check(raw["city"] in cities and raw["legacy"] in icons, f"demand tile {raw['id']}: city or icon?")
        tiles[raw["id"]] = DemandTile(raw["id"], raw["city"], tuple(raw["statues"]), raw["legacy"])
    statue_spaces = tuple(demand_data["spaces"]["statue_spaces"])
    _check(all(len(t.statues) == len(statue_spaces) for t in tiles.values()), "statue values per space")

    cards = []
    for raw in load_toml(GAME_NAME, "setup_cards.toml")["setup_card"]:
        card = {name: tuple(raw.get(name, ())) for name in order}
        tokens = [t for placed in card.values() for t in placed]
        for seat in "1234":
            _check(
                sorted(t for t in tokens if t[0] == seat) == [f"{seat}M", f"{seat}M", f"{seat}P"],
                f"setup card {raw['number']}: player {seat} needs a Patrician and 2 Merchants",
            )
        _check(tokens.count("S") == 1, f"setup card {raw['number']}: one Salt merchant")
        _check(all(len(card[n]) <= alcoves[n].capacity for n in order), f"setup card {raw['number']}: too full")
        cards.append(card)

    scoring = board["scoring"]
    return Components(
        colours=colours,
        colour_good=colour_good,
        raw_goods=goods,
        refined_name=refined_name,
        legacy_icons=icons,
        cities=cities,
        city_titles={c["name"]: c["title"] for c in board["city"]},
        alcove_order=order,
        alcoves=alcoves,
        denarius_after=board["alcoves"]["denarius_space_after"],
        entrance_spaces=tuple(board["entrance"]["mosaic_spaces"]),
        sale_values=tuple(board["port"]["sale_values"]),
        initial_ships=int(board["port"]["initial_ships"]),
        chariot_spaces=chariot_spaces,
        chariot_beyond=_effects(chariot["beyond"], "chariot beyond", goods),
        setup=setup,
        festival_setup=dict(board["setup"]["festival"]),
        end=dict(board["end"]),
        scoring={
            "legacy_sets": tuple(scoring["legacy_sets"]),
            "offer_statues": {int(k): v for k, v in scoring["offer_statues"].items()},
            "storage_mosaics": {int(k): v for k, v in scoring["storage_mosaics"].items()},
            "goods_per_point": int(scoring["goods_per_point"]),
            "points_per_denarius": int(scoring["points_per_denarius"]),
        },
        pieces=dict(board["pieces"]),
        contracts=contracts,
        festival_card=contract_data["festival"]["id"],
        families=families,
        ships=ships,
        festival_ship=ship_data["festival"]["id"],
        demand_tiles=tiles,
        demand_statue_spaces=statue_spaces,
        demand_mosaic_spaces=tuple(demand_data["spaces"]["mosaic_spaces"]),
        demand_mosaic_limit=int(demand_data["spaces"]["mosaic_limit"]),
        setup_cards=tuple(cards),
    )
