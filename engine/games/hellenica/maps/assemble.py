"""A finished layout of tiles as the ``board.Map`` every rule plays on.

- Each placed tile is one land area named after the tile, lying on its
  location's hex with its sides turned as placed; an island location makes it
  an island ("Empty island Areas are still considered islands" — islands are
  places on the board, not tiles).
- The printed seas keep their classic names.
- M: "At the end of map building, any open hexes are considered unique Sea
  Areas, even if they are completely surrounded by land. Place one of the Sea
  Tiles that was set aside earlier on the space." The first two open hexes
  (reading order) take the Ambracian and Icarian Sea tiles' names; any more
  are named after their location (``open-sea-d4``).
- Mines: a mine printed on a non-city tile belongs to the city tile next to
  its side or, failing that, the next city clockwise round the tile that no
  other mine of the tile has taken; with no such city it is not on the map
  (our rule, data/hellenica/tiles.toml).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from engine.games.hellenica.board import Area, Map, Mine, preset
from engine.games.hellenica.maps.tiles import board, rotated, sea_tiles, tiles

BUILT_MAP_NAME = "built"


def layout_key(layout: Mapping[str, Any]) -> tuple[tuple[str, str, int], ...]:
    """A hashable form of a layout (the cache key). Insertion order is kept,
    not sorted: the same game always stores its layout in the same order, and
    two orders of one layout only cost a second cache entry."""
    return tuple((loc, tile, turns) for loc, (tile, turns) in layout.items())


def open_sea_names(layout: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    """Open location -> (area name, title) once building is over (rule M)."""
    plan = board()
    open_locations = [loc for loc in plan.reading_order() if loc not in layout]
    names: dict[str, tuple[str, str]] = {}
    set_aside = sea_tiles()
    for index, loc in enumerate(open_locations):
        if index < len(set_aside):
            names[loc] = (set_aside[index], tiles()[set_aside[index]].title)
        else:
            names[loc] = (f"open-sea-{loc}", f"Open Sea {loc.upper()}")
    return names


_last: list[Any] = [None, None]
"""The layout object last asked about and its map: one state asks for its
map thousands of times per action, always with the same dict."""


def built_map(layout: Mapping[str, Any]) -> Map:
    """The Map of a finished layout (cached: rules ask for it constantly)."""
    if _last[0] is layout:
        return _last[1]
    board_map = _built(layout_key(layout))
    _last[0], _last[1] = layout, board_map
    return board_map


@lru_cache(maxsize=64)
def _built(key: tuple[tuple[str, str, int], ...]) -> Map:
    plan = board()
    every = tiles()
    layout = {loc: (tile, turns) for loc, tile, turns in key}
    classic = preset("classic")
    areas: list[Area] = []
    for cells in plan.seas.values():
        title_source = next(a for a in classic.areas.values() if a.is_sea and cells[0] in a.hexes)
        areas.append(Area(name=title_source.name, title=title_source.title, kind="sea", hexes=cells))
    for loc, (name, title) in open_sea_names(layout).items():
        areas.append(Area(name=name, title=title, kind="sea", hexes=(plan.locations[loc],)))
    for loc, (tile, turns) in layout.items():
        piece = every[tile]
        areas.append(Area(name=tile, title=piece.title, kind="land", hexes=(plan.locations[loc],),
                          settlements=piece.settlements, home=piece.is_home, island=loc in plan.islands,
                          volcano=piece.volcano, free_temple=piece.free_temple,
                          sides=rotated(piece.sides, turns)))
    mines = list(_mines(layout))
    seating = [home for home in classic.seating if home in every and home in {t for t, _ in layout.values()}]
    return Map(BUILT_MAP_NAME, areas, mines, seating, plan.size)


def _mines(layout: Mapping[str, Any]):
    plan = board()
    every = tiles()
    for loc, (tile, turns) in layout.items():
        piece = every[tile]
        if piece.is_city:
            continue
        around = {d: name for d, what, name in plan.neighbours(loc) if what == "location" and name in layout}
        taken: set[str] = set()
        for mine in piece.mines:
            # The printed side turns with the tile: after k clockwise turns the
            # side printed at index i faces direction (i - k) mod 6.
            facing = (mine.side - turns) % 6
            for step in range(6):
                direction = (facing - step) % 6  # clockwise round the tile
                neighbour = around.get(direction)
                if neighbour and every[layout[neighbour][0]].is_city and neighbour not in taken:
                    taken.add(neighbour)
                    yield Mine(name=mine.name, title=mine.title, area=tile, city=layout[neighbour][0])
                    break
