"""The map: land and sea areas on a hex grid, their borders, settlements and mines.

A map is data (``data/hellenica/map.toml`` for the classic board). Land areas
are single hexes — one map tile each, as in the buildable map — and sea areas
are groups of hexes. Hexes are pointy-top in "odd-r" offset rows: odd rows sit
half a hex to the right. Each land hex lists its six sides (E, NE, NW, W, SW,
SE) as clearing ``c``, mountain ``m`` or shallows ``s``:

- "Units may not move across a mountain side (exception: Leadership)."
- "Shallows are impassible ... The Thermaic Gulf is not connected to
  Panactum": areas that meet only at shallows are not adjacent at all.
- "Triremes may leave a Land Area from any Clearing": a land area borders a
  sea through a clearing if any of its sides facing that sea is a clearing.

A generated map (buildable or explorable, later) only has to produce the same
``Map`` from a layout and area table; ``get_map`` is the one place that picks
which map a game uses.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.core import load_toml

CLEARING, MOUNTAIN, SHALLOWS = "c", "m", "s"
DIRECTIONS = ("E", "NE", "NW", "W", "SW", "SE")
OFF_MAP = ".."

_EVEN_ROW = ((1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1))
_ODD_ROW = ((1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1))


def hex_neighbour(col: int, row: int, direction: int) -> tuple[int, int]:
    """The hex next to (col, row) in ``direction`` (index into ``DIRECTIONS``)."""
    dc, dr = (_ODD_ROW if row % 2 else _EVEN_ROW)[direction]
    return col + dc, row + dr


@dataclass(frozen=True)
class Area:
    name: str
    title: str
    kind: str
    """``land`` or ``sea``."""
    hexes: tuple[tuple[int, int], ...]
    settlements: int = 0
    home: bool = False
    island: bool = False
    volcano: bool = False
    shallows: bool = False
    free_temple: str = ""
    """The name of the Free Temple location (Delphi's ``oracle``), if any."""
    sides: str = ""
    empty: bool = False
    """An Empty Area of an Explorable Map (a location no tile lies on yet)."""

    @property
    def is_land(self) -> bool:
        return self.kind == "land"

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"

    @property
    def is_city(self) -> bool:
        """City Areas have Settlements; Non-City Areas have none."""
        return self.settlements > 0


@dataclass(frozen=True)
class Mine:
    name: str
    title: str
    area: str
    """The area the mine lies in."""
    city: str
    """The city whose City Area it belongs to (they share a border)."""


class Map:
    """One board: areas, borders between them, mines and the seating order."""

    def __init__(
        self, name: str, areas: Iterable[Area], mines: Iterable[Mine], seating: Iterable[str], size: tuple[int, int]
    ):
        self.name = name
        self.areas: dict[str, Area] = {area.name: area for area in areas}
        self.mines: dict[str, Mine] = {mine.name: mine for mine in mines}
        self.seating: tuple[str, ...] = tuple(seating)
        self.size = size
        """(columns, rows) of the hex grid."""
        self.borders: dict[str, dict[str, str]] = self._borders()
        self.homes: tuple[str, ...] = tuple(a for a in self.seating)
        self.cities: tuple[str, ...] = tuple(n for n, a in self.areas.items() if a.is_city)
        self.seas: frozenset[str] = frozenset(n for n, a in self.areas.items() if a.is_sea)
        self._mines_of: dict[str, tuple[str, ...]] = {
            city: tuple(m.name for m in self.mines.values() if m.city == city) for city in self.cities
        }
        self._mines_in: dict[str, tuple[str, ...]] = {
            area: tuple(m.name for m in self.mines.values() if m.area == area) for area in self.areas
        }
        self._connected: dict[str, tuple[str, ...]] = {
            name: tuple(b for b, kind in borders.items() if kind != SHALLOWS) for name, borders in self.borders.items()
        }
        self._distances: dict[str, dict[str, int]] = {}
        """``distances`` from each start asked so far (a map never changes)."""
        self._coastal: frozenset[str] = frozenset(
            name
            for name, borders in self.borders.items()
            if any(self.areas[b].is_sea and kind == CLEARING for b, kind in borders.items())
        )
        """The areas ``coastal`` names, worked out once (every Build listing asks)."""
        self._validate()

    # -- construction ------------------------------------------------------------

    def _hex_owner(self) -> dict[tuple[int, int], str]:
        return {h: area.name for area in self.areas.values() for h in area.hexes}

    def _borders(self) -> dict[str, dict[str, str]]:
        """Border kind between every pair of touching areas: clearing beats
        mountain beats shallows when two areas meet along several sides."""
        owner = self._hex_owner()
        rank = {CLEARING: 2, MOUNTAIN: 1, SHALLOWS: 0}
        borders: dict[str, dict[str, str]] = {name: {} for name in self.areas}
        for (col, row), name in owner.items():
            area = self.areas[name]
            for direction in range(6):
                other = owner.get(hex_neighbour(col, row, direction))
                if other is None or other == name:
                    continue
                kind = self._side_kind(area, self.areas[other], (col, row), direction, owner)
                known = borders[name].get(other)
                if known is None or rank[kind] > rank[known]:
                    borders[name][other] = kind
                    borders[other][name] = kind
        return borders

    def _side_kind(
        self, area: Area, other: Area, cell: tuple[int, int], direction: int, owner: Mapping[tuple[int, int], str]
    ) -> str:
        if area.is_land:
            return area.sides[direction]
        if other.is_land:
            back = (direction + 3) % 6
            return other.sides[back]
        return CLEARING

    def _validate(self) -> None:
        owner = self._hex_owner()
        for area in self.areas.values():
            if area.is_land:
                if len(area.hexes) != 1 or len(area.sides) != 6 or set(area.sides) - {CLEARING, MOUNTAIN, SHALLOWS}:
                    raise ValueError(f"land area {area.name} needs one hex and six sides of c, m or s")
                ((col, row),) = area.hexes
                for direction in range(6):
                    other = owner.get(hex_neighbour(col, row, direction))
                    if other is None or not self.areas[other].is_land:
                        continue
                    back = self.areas[other].sides[(direction + 3) % 6]
                    if back != area.sides[direction]:
                        raise ValueError(f"{area.name} and {other} disagree about their shared side")
            elif area.settlements or area.sides:
                raise ValueError(f"sea area {area.name} cannot have settlements or sides")
        for mine in self.mines.values():
            if mine.area not in self.areas or mine.city not in self.areas:
                raise ValueError(f"mine {mine.name} refers to an unknown area")
            if self.areas[mine.area].is_city or not self.areas[mine.city].is_city:
                raise ValueError(f"mine {mine.name} must lie in a non-city area next to a city")
            if mine.city not in self.borders[mine.area]:
                raise ValueError(f"mine {mine.name} does not share a border with {mine.city}")
        for home in self.seating:
            if not self.areas[home].home:
                raise ValueError(f"seating lists {home}, which is not a home city")
            if not self.coastal(home):
                raise ValueError(f"home city {home} needs a clearing to the sea for its starting trireme")

    # -- queries -----------------------------------------------------------------

    def border(self, a: str, b: str) -> str | None:
        """The kind of border between two areas, or None if they do not touch."""
        return self.borders[a].get(b)

    def neighbours(self, area: str) -> dict[str, str]:
        """Touching areas and the kind of border to each."""
        return self.borders[area]

    def connected(self, area: str) -> list[str]:
        """Areas that share a border other than shallows (used to count how
        many areas apart two places are)."""
        return list(self._connected[area])

    def coastal(self, area: str) -> bool:
        """A land area with a clearing facing an adjacent sea area."""
        if area not in self.borders:
            raise KeyError(area)
        return area in self._coastal

    def seas_by_clearing(self, area: str) -> list[str]:
        return [b for b, kind in self.borders[area].items() if kind == CLEARING and self.areas[b].is_sea]

    def mines_of(self, city: str) -> tuple[str, ...]:
        """The mines that are part of a City Area."""
        return self._mines_of.get(city, ())

    def mines_in(self, area: str) -> tuple[str, ...]:
        """The mines lying in an area."""
        return self._mines_in.get(area, ())

    def distances(self, start: str) -> dict[str, int]:
        """How many areas away every area is from ``start`` (borders other
        than shallows)."""
        known = self._distances.get(start)
        if known is None:
            known = self._distances[start] = self._breadth_first(start)
        return dict(known)

    def _breadth_first(self, start: str) -> dict[str, int]:
        result = {start: 0}
        queue = deque([start])
        connected = self._connected
        while queue:
            here = queue.popleft()
            for there in connected[here]:
                if there not in result:
                    result[there] = result[here] + 1
                    queue.append(there)
        return result

    def title(self, area: str) -> str:
        return self.areas[area].title


def parse_map(data: Mapping[str, Any]) -> Map:
    """Build a ``Map`` from the TOML table of a map file."""
    codes = {body["code"]: name for name, body in data["areas"].items()}
    hexes: dict[str, list[tuple[int, int]]] = {name: [] for name in data["areas"]}
    rows = [row.split() for row in data["layout"]]
    for row_index, row in enumerate(rows):
        for col_index, code in enumerate(row):
            if code == OFF_MAP:
                continue
            if code not in codes:
                raise ValueError(f"map layout uses unknown area code {code!r}")
            hexes[codes[code]].append((col_index, row_index))
    areas = []
    for name, body in data["areas"].items():
        if not hexes[name]:
            raise ValueError(f"area {name} has no hex in the layout")
        areas.append(
            Area(
                name=name,
                title=body["title"],
                kind=body["kind"],
                hexes=tuple(hexes[name]),
                settlements=body.get("settlements", 0),
                home=body.get("home", False),
                island=body.get("island", False),
                volcano=body.get("volcano", False),
                shallows=body.get("shallows", False),
                free_temple=body.get("free_temple", ""),
                sides=body.get("sides", ""),
            )
        )
    mines = [
        Mine(name=name, title=body["title"], area=body["area"], city=body["city"])
        for name, body in data.get("mines", {}).items()
    ]
    size = (max(len(row) for row in rows), len(rows))
    return Map(data["map"], areas, mines, data["seating"], size)


@lru_cache(maxsize=8)
def preset(name: str) -> Map:
    """A map shipped in ``data/hellenica`` (``classic`` is ``map.toml``)."""
    filename = "map.toml" if name == "classic" else f"map-{name}.toml"
    return parse_map(load_toml("hellenica", filename))


def get_map(state: Mapping[str, Any]) -> Map:
    """The map a game is played on (a built map once its tiles are down)."""
    if state.get("tiles") is not None:
        from engine.games.hellenica.maps.assemble import built_map  # maps build on this module

        return built_map(state["tiles"], state["map"])
    return preset(state["map"])
