"""The map tiles and the calm-Zeus side of the board.

"Hellenica includes a double-sided game board that allows players to build
their own map of Greece" with "58 Map Tiles". The tiles and the board's
locations are our own design (data/hellenica/tiles.toml).

Locations are named like chess squares: a column letter ``a``-``j`` and a
row number ``1``-``9`` counted from the top (``d1`` is the fourth hex of the
top row). A tile's sides are listed E, NE, NW, W, SW, SE as printed with its
name at the top; ``rotated`` turns it clockwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.core import load_toml
from engine.games.hellenica.board import CLEARING, MOUNTAIN, OFF_MAP, hex_neighbour

Cell = tuple[int, int]


@dataclass(frozen=True)
class Mine:
    name: str
    title: str
    side: int
    """The printed side (0-5, E first) the mine faces."""


@dataclass(frozen=True)
class Tile:
    name: str
    title: str
    kind: str
    """``home``, ``city`` (a neutral city), ``land`` (no settlements) or ``sea``."""
    sides: str = ""
    settlements: int = 0
    volcano: bool = False
    free_temple: str = ""
    mines: tuple[Mine, ...] = ()

    @property
    def is_city(self) -> bool:
        """ "City Tiles": home cities and neutral cities (they have Settlements)."""
        return self.settlements > 0

    @property
    def is_home(self) -> bool:
        return self.kind == "home"

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"


def rotated(sides: str, turns: int) -> str:
    """The sides after ``turns`` clockwise steps: the side that faced E faces
    SE after one step (the order E NE NW W SW SE runs counter-clockwise)."""
    turns %= 6
    return sides[turns:] + sides[:turns]


def _load_tiles(table: dict[str, Any]) -> dict[str, Tile]:
    tiles = {}
    for name, body in table.items():
        sides = body.get("sides", "")
        if body["kind"] != "sea" and (len(sides) != 6 or set(sides) - {CLEARING, MOUNTAIN}):
            raise ValueError(f"tile {name} needs six sides of c or m")
        mines = tuple(Mine(m["name"], m["title"], m["side"]) for m in body.get("mines", ()))
        tiles[name] = Tile(
            name=name,
            title=body["title"],
            kind=body["kind"],
            sides=sides,
            settlements=body.get("settlements", 0),
            volcano=body.get("volcano", False),
            free_temple=body.get("free_temple", ""),
            mines=mines,
        )
    return tiles


@dataclass(frozen=True)
class Board:
    """The calm-Zeus side: printed seas, empty land locations, island
    locations and the home-city start locations."""

    size: tuple[int, int]
    seas: dict[str, tuple[Cell, ...]]
    """Printed sea areas (classic codes) and their hexes."""
    locations: dict[str, Cell]
    """Every land location (home start locations included), by name."""
    islands: frozenset[str]
    homes: dict[str, str]
    """Home city -> its start location."""

    def cell_name(self, cell: Cell) -> str:
        return f"{chr(ord('a') + cell[0])}{cell[1] + 1}"

    def neighbours(self, location: str) -> tuple[tuple[int, str, str], ...]:
        """(direction, what, name) for the six sides of a location: ``what``
        is ``location``, ``sea`` (a printed sea code) or ``edge``."""
        return _around(self, location)

    def _look_around(self, location: str) -> tuple[tuple[int, str, str], ...]:
        col, row = self.locations[location]
        result = []
        for direction in range(6):
            cell = hex_neighbour(col, row, direction)
            name = self.cell_name(cell)
            if name in self.locations and self.locations[name] == cell:
                result.append((direction, "location", name))
            else:
                sea = next((code for code, cells in self.seas.items() if cell in cells), None)
                result.append((direction, "sea", sea) if sea else (direction, "edge", ""))
        return tuple(result)

    def reading_order(self) -> list[str]:
        """Locations row by row from the top, left to right: the Random
        Buildable Map's order ("Start in the upper left-most empty location")."""
        return sorted(self.locations, key=lambda n: (self.locations[n][1], self.locations[n][0]))


_AROUND: dict[tuple[int, str], tuple[tuple[int, str, str], ...]] = {}


def _around(plan: Board, location: str) -> tuple[tuple[int, str, str], ...]:
    """Memo of ``Board.neighbours`` (the placement rules ask it constantly)."""
    key = (id(plan), location)
    if key not in _AROUND:
        _AROUND[key] = plan._look_around(location)
    return _AROUND[key]


def _load_board(table: dict[str, Any]) -> Board:
    seas: dict[str, list[Cell]] = {}
    locations: dict[str, Cell] = {}
    islands: set[str] = set()
    homes: dict[str, str] = {}
    rows = [row.split() for row in table["layout"]]
    for row_index, row in enumerate(rows):
        for col_index, code in enumerate(row):
            cell = (col_index, row_index)
            name = f"{chr(ord('a') + col_index)}{row_index + 1}"
            if code == OFF_MAP:
                continue
            if code in ("___", "ISL") or code in table["homes"]:
                locations[name] = cell
                if code == "ISL" or table["homes"].get(code) in table["island_homes"]:
                    islands.add(name)
                if code in table["homes"]:
                    homes[table["homes"][code]] = name
            else:
                seas.setdefault(code, []).append(cell)
    size = (max(len(row) for row in rows), len(rows))
    return Board(size, {k: tuple(v) for k, v in seas.items()}, locations, frozenset(islands), homes)


@lru_cache(maxsize=1)
def _data() -> tuple[dict[str, Tile], Board]:
    table = load_toml("hellenica", "tiles.toml")
    return _load_tiles(table["tiles"]), _load_board(table["board"])


def tiles() -> dict[str, Tile]:
    """All 58 tiles by name."""
    return _data()[0]


def board() -> Board:
    """The calm-Zeus side of the board."""
    return _data()[1]


def sea_tiles() -> list[str]:
    """The Ambracian and Icarian Sea tiles, set aside to mark open hexes."""
    return [name for name, tile in tiles().items() if tile.is_sea]


def land_tiles() -> list[str]:
    """The tiles dealt or stacked for building: all but homes and seas."""
    return [name for name, tile in tiles().items() if not tile.is_home and not tile.is_sea]
