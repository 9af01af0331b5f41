"""The game's components, read once from ``data/thera/*.toml`` and checked.

Rules code reads every number it needs from ``COMPONENTS``: the rulebook's
(favor thresholds, piece counts, example trade prices, game lengths) and
ours (island shape, costs, recognition, novelty track, starting tiles). The
checks below hold the data to what the rulebook says, so a group editing the
files cannot silently break a printed rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import load_toml
from engine.games.thera.island import Mat

RESOURCES = ("water", "stone", "lumber", "cloth")
"""The four resources, in the order every resource vector uses."""

ROLES = ("priest", "noble", "worker", "planner", "builder", "trader")
"""The six roles, in the rulebook's printed wheel order."""


def vector(counts: Mapping[str, int] | None, where: str) -> tuple[int, int, int, int]:
    """A resource mapping such as ``{stone = 2}`` as a 4-vector."""
    counts = dict(counts or {})
    unknown = set(counts) - set(RESOURCES) - {"drachma"}
    if unknown:
        raise ValueError(f"{where}: unknown resource {sorted(unknown)[0]!r}")
    return tuple(int(counts.get(r, 0)) for r in RESOURCES)  # type: ignore[return-value]


def describe_amounts(resources: tuple[int, ...], drachma: int = 0) -> str:
    """``(1, 2, 0, 0), 3`` -> ``1 water, 2 stone, 3 drachma``."""
    parts = [f"{n} {name}" for n, name in zip(resources, RESOURCES) if n]
    if drachma:
        parts.append(f"{drachma} drachma")
    return ", ".join(parts) or "nothing"


@dataclass(frozen=True)
class Cost:
    """Resources that must lie on the building site, and drachma from hand."""

    resources: tuple[int, int, int, int]
    drachma: int

    @classmethod
    def from_data(cls, data: Mapping[str, int] | None, where: str) -> Cost:
        """A cost from a TOML table such as ``{stone = 2, drachma = 1}``."""
        return cls(vector(data, where), int((data or {}).get("drachma", 0)))

    def describe(self) -> str:
        return describe_amounts(self.resources, self.drachma)


@dataclass(frozen=True)
class Industry:
    """An industry building type."""

    id: str
    name: str
    phase: str
    effect: str
    copies: int
    advanced: bool
    cost: Cost | None
    recognition: int
    consumes: tuple[int, int, int, int] = (0, 0, 0, 0)
    produces: tuple[int, int, int, int] = (0, 0, 0, 0)
    amount: Mapping[str, int] = field(default_factory=dict)
    """The effect's numbers: ``water`` (Spring), ``drachma`` (Bank),
    ``trades`` and ``discount`` (Tradehouse)."""

    @property
    def buildable(self) -> bool:
        """Whether copies of it lie in the central pool (the Port and Small Quarry do not)."""
        return self.copies > 0


@dataclass(frozen=True)
class Luxury:
    id: str
    name: str
    type: str
    cost: Cost
    recognition: int


@dataclass(frozen=True)
class TradeRate:
    lot: int
    price: int


@dataclass(frozen=True)
class Tile:
    """An advanced game starting resource tile."""

    number: int
    building: str | None
    resources: tuple[int, int, int, int]
    drachma: int

    def describe(self, industry: Mapping[str, Industry]) -> str:
        parts = [industry[self.building].name] if self.building else []
        amounts = describe_amounts(self.resources, self.drachma)
        if amounts != "nothing":
            parts.append(amounts)
        return ", ".join(parts)


@dataclass(frozen=True)
class Components:
    mat: Mat
    wheel: tuple[str, ...]
    favor_tokens: int
    starting_favor: int
    roles: Mapping[str, Mapping[str, Any]]
    """Favor thresholds and normal amounts per role (``roles.toml``)."""
    industry: Mapping[str, Industry]
    luxuries: Mapping[str, Luxury]
    luxury_copies: int
    types: Mapping[str, str]
    """Novelty type id -> display name, in board order."""
    novelty_track: tuple[int, ...]
    trade: Mapping[str, TradeRate]
    """Resource name -> rate."""
    tiles: tuple[Tile, ...]
    start_drachma: int
    start_resources: Mapping[int, tuple[int, int, int, int]]
    discards: Mapping[str, tuple[int, ...]]
    """Game length -> luxuries removed, for 2, 3, 4, 5 players."""
    box: Mapping[str, Any]
    """The ``[components]`` table: piece counts in the box."""

    @property
    def min_players(self) -> int:
        return int(self.box["players"][0])

    @property
    def max_players(self) -> int:
        return int(self.box["players"][1])

    def role(self, name: str) -> Mapping[str, Any]:
        """The numbers of one role from ``roles.toml``."""
        return self.roles[name]

    def discard_count(self, length: str, players: int) -> int | None:
        """Luxuries removed before the game, or None if that length cannot be
        played with that many players."""
        counts = self.discards[length]
        slot = players - self.min_players
        return counts[slot] if 0 <= slot < len(counts) else None

    def building(self, building_id: str) -> Industry | Luxury:
        """An industry or luxury type by id."""
        return self.industry.get(building_id) or self.luxuries[building_id]


def _industry(data: Mapping[str, Any]) -> dict[str, Industry]:
    result = {}
    for key, entry in data.items():
        where = f"industry.toml [{key}]"
        amount = {k: int(entry[k]) for k in ("water", "drachma", "trades", "discount") if k in entry}
        result[key] = Industry(
            id=key,
            name=str(entry["name"]),
            phase=str(entry["phase"]),
            effect=str(entry["effect"]),
            copies=int(entry["copies"]),
            advanced=bool(entry.get("advanced", False)),
            cost=Cost.from_data(entry["cost"], where) if "cost" in entry else None,
            recognition=int(entry["recognition"]),
            consumes=vector(entry.get("consumes"), where),
            produces=vector(entry.get("produces"), where),
            amount=amount,
        )
    return result


def _luxuries(entries: list[Mapping[str, Any]]) -> dict[str, Luxury]:
    result = {}
    for entry in entries:
        where = f"luxuries.toml {entry.get('id')}"
        luxury = Luxury(
            str(entry["id"]),
            str(entry["name"]),
            str(entry["type"]),
            Cost.from_data(entry["cost"], where),
            int(entry["recognition"]),
        )
        if luxury.id in result:
            raise ValueError(f"{where}: listed twice")
        result[luxury.id] = luxury
    return result


def load() -> Components:
    """Read and check every Thera data file."""
    island = load_toml("thera", "island.toml")
    roles = load_toml("thera", "roles.toml")
    industry_data = load_toml("thera", "industry.toml")
    luxury_data = load_toml("thera", "luxuries.toml")
    trade_data = load_toml("thera", "trade.toml")
    setup = load_toml("thera", "setup.toml")
    mat = Mat.from_data(island)
    industry = _industry(industry_data)
    start_resources = {}
    for name, counts in setup["start"]["resources"].items():
        location = mat.parse(name)
        if location is None:
            raise ValueError(f"setup.toml [start]: unknown location {name!r}")
        start_resources[location] = vector(counts, "setup.toml [start]")
    tiles = tuple(
        Tile(
            number,
            entry.get("building"),
            vector(entry.get("resources"), f"setup.toml tile {number}"),
            int(entry.get("drachma", 0)),
        )
        for number, entry in enumerate(setup["tile"], start=1)
    )
    components = Components(
        mat=mat,
        wheel=tuple(roles["wheel"]),
        favor_tokens=int(roles["favor_tokens"]),
        starting_favor=int(roles["starting_favor"]),
        roles={name: dict(roles[name]) for name in ROLES},
        industry=industry,
        luxuries=_luxuries(luxury_data["luxury"]),
        luxury_copies=int(luxury_data["copies"]),
        types=dict(luxury_data["types"]),
        novelty_track=tuple(int(v) for v in luxury_data["novelty_track"]),
        trade={name: TradeRate(int(r["lot"]), int(r["price"])) for name, r in trade_data.items()},
        tiles=tiles,
        start_drachma=int(setup["start"]["drachma"]),
        start_resources=start_resources,
        discards={name: tuple(int(n) for n in v["discard"]) for name, v in setup["length"].items()},
        box=dict(setup["components"]),
    )
    check(components)
    return components


def check(c: Components) -> None:
    """Raise ``ValueError`` where the data contradicts the rulebook or itself."""
    problems = []

    def expect(condition: bool, message: str) -> None:
        if not condition:
            problems.append(message)

    mat = c.mat
    expect(len(mat) == 21, "an island has 21 locations")
    expect(len(mat.vistas) == 6, "an island has six vista locations")
    expect(
        len(mat.start) == 4 and {mat.port, mat.small_quarry} <= set(mat.start),
        "four start locations, including the Port and the Small Quarry",
    )
    expect(sorted(c.wheel) == sorted(ROLES), "the wheel holds the six roles")
    expect(c.favor_tokens == 13, "13 favor tokens")
    expect(c.starting_favor * len(ROLES) == c.favor_tokens - 1, "all but the 13th token start on the wheel")
    expect(c.box["luxury_buildings"] == len(c.luxuries) * c.luxury_copies == 60, "60 luxury buildings")
    expect(len(c.types) == 4, "four novelty types")
    for kind in c.types:
        count = sum(c.luxury_copies for lux in c.luxuries.values() if lux.type == kind)
        expect(count == 15, f"15 {kind} luxuries")
    expect(all(lux.type in c.types for lux in c.luxuries.values()), "every luxury has a known type")
    expect(sum(i.copies for i in c.industry.values()) == c.box["industry_buildings"] == 39, "39 industry buildings")
    for basic in ("quarry", "grove", "pasture"):
        expect(c.industry[basic].copies == 6 and not c.industry[basic].advanced, f"6 {basic} buildings")
    advanced = [i for i in c.industry.values() if i.advanced]
    expect(len(advanced) == 7 and all(i.copies == 3 for i in advanced), "3 each of seven advanced buildings")
    expect("small-quarry" in c.industry and "port" in c.industry, "the Small Quarry and the Port")
    expect(all(i.cost is not None for i in c.industry.values() if i.buildable), "every pool building has a cost")
    expect(not set(c.industry) & set(c.luxuries), "building ids are unique")
    expect(c.box["starting_tiles"] == len(c.tiles) == 30, "30 starting resource tiles")
    for kind, industry in c.industry.items():
        on_tiles = sum(1 for tile in c.tiles if tile.building == kind)
        expect(on_tiles <= industry.copies, f"no more {kind} tiles than {kind} buildings")
    expect(all(t.building is None or t.building in c.industry for t in c.tiles), "tile buildings exist")
    expect(c.box["resources"] == {"water": 30, "stone": 30, "lumber": 21, "cloth": 21}, "102 resources")
    expect(c.box["roads"] == 75 and c.box["divine_intervention"] == 6, "75 roads, 6 divine tokens")
    expect(c.discards["short"] == (36, 28, 20, 12), "short game discards 36/28/20/12")
    expect(c.discards["long"] == (24, 12, 0), "long game discards 24/12/0 and none with 5 players")
    expect(sorted(c.trade) == sorted(RESOURCES), "a trade rate for every resource")
    expect(
        c.trade["stone"] == TradeRate(2, 4)
        and c.trade["lumber"] == TradeRate(1, 5)
        and c.trade["cloth"] == TradeRate(1, 5),
        "the rulebook's example trade prices",
    )
    discount = max((i.amount.get("discount", 0) for i in c.industry.values()), default=0)
    expect(all(r.price > discount for r in c.trade.values()), "a discounted buy still costs a drachma")
    expect(
        len(c.novelty_track) > 0 and list(c.novelty_track) == sorted(c.novelty_track, reverse=True),
        "the novelty track only steps down",
    )
    if problems:
        raise ValueError("Thera data: " + "; ".join(problems))


COMPONENTS = load()
