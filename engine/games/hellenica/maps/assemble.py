"""A layout of tiles as the ``board.Map`` every rule plays on.

- Each placed tile is one land area named after the tile, lying on its
  location's hex with its sides turned as placed; an island location makes it
  an island ("Empty island Areas are still considered islands" — islands are
  places on the board, not tiles).
- The printed seas keep their classic names.
- Locations without a tile depend on the kind of map:
  ``BUILT`` (map building is over) — M: "At the end of map building, any open
  hexes are considered unique Sea Areas, even if they are completely
  surrounded by land. Place one of the Sea Tiles that was set aside earlier on
  the space." The first two open hexes (reading order) take the Ambracian and
  Icarian Sea tiles' names; any more are named after their location
  (``open-sea-d4``).
  ``EXPLORABLE`` (and ``BUILDING``, while players lay tiles) — each is an
  Empty Area: "Empty Areas on the map are considered land Areas for all
  purposes ... The edges of all Empty Areas are clearings. Empty island Areas
  are still considered islands." Its name is ``empty-<location>``; a side
  it shares with a tile is that tile's side (a mountain stays a mountain).
  A location where an exploration failed is marked ``SEA`` in the layout:
  "the Empty Area is considered a unique Sea Area for the rest of the game ...
  Place the Ambracian Sea or Icarian Sea Tile on the new Sea Area" (the first
  two such seas, in the order they arose, take those names).
- Mines (our rule, data/hellenica/tiles.toml): tiles are read in the order they
  were placed; a mine joins a City tile next to its tile — when its tile is
  placed, the city next to the side it is printed on or the next one
  clockwise round the tile; when a city is placed later next to a tile with
  a mine still unattached, that city. Two mines of one tile never join the
  same city. A mine with no city next to its tile is not on the map. Reading
  placements in order keeps a mine's city fixed as the map grows.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from engine.games.hellenica.board import CLEARING, Area, Map, Mine, preset
from engine.games.hellenica.maps.placement import SEA, layout_key
from engine.games.hellenica.maps.tiles import board, rotated, sea_tiles, tiles

BUILT, EXPLORABLE, BUILDING = "built", "explorable", "building"
MAP_KINDS = (BUILT, EXPLORABLE, BUILDING)
BUILT_MAP_NAME = BUILT
EMPTY_PREFIX = "empty-"


def empty_name(location: str) -> str:
    return f"{EMPTY_PREFIX}{location}"


def location_of_empty(area: str) -> str | None:
    return area[len(EMPTY_PREFIX) :] if area.startswith(EMPTY_PREFIX) else None


def open_sea_names(layout: Mapping[str, Any], kind: str = BUILT) -> dict[str, tuple[str, str]]:
    """Location -> (area name, title) of every location that is a sea: the
    open hexes of a finished map, or the failed explorations."""
    plan = board()
    if kind == BUILT:
        seas = [loc for loc in plan.reading_order() if loc not in layout]
    else:
        seas = [loc for loc, (tile, _) in layout.items() if tile == SEA]
    names: dict[str, tuple[str, str]] = {}
    set_aside = sea_tiles()
    for index, loc in enumerate(seas):
        if index < len(set_aside):
            names[loc] = (set_aside[index], tiles()[set_aside[index]].title)
        else:
            names[loc] = (f"open-sea-{loc}", f"Open Sea {loc.upper()}")
    return names


_last: tuple[Any, str, int, Map | None] = (None, "", 0, None)
"""The layout object last asked about, its kind, its size and its map: one
state asks for its map thousands of times per action, always with the same
dict. A layout grows by a new dict (``place_tile``), never in place."""


def built_map(layout: Mapping[str, Any], kind: str = BUILT) -> Map:
    """The Map of a layout (cached: rules ask for it constantly)."""
    global _last
    last = _last  # one read, one write: the pictures ask from other threads
    if last[0] is layout and last[1] == kind and last[2] == len(layout) and last[3] is not None:
        return last[3]
    board_map = _built(layout_key(layout), kind)
    _last = (layout, kind, len(layout), board_map)
    return board_map


def place_tile(state: dict, location: str, tile: str, turns: int) -> None:
    """Lay a tile (or ``SEA``) in the state's layout, as a new dict."""
    state["tiles"] = {**state["tiles"], location: [tile, turns]}


@lru_cache(maxsize=64)
def _built(key: tuple[tuple[str, str, int], ...], kind: str) -> Map:
    plan = board()
    every = tiles()
    layout = {loc: (tile, turns) for loc, tile, turns in key}
    classic = preset("classic")
    areas: list[Area] = []
    for cells in plan.seas.values():
        title_source = next(a for a in classic.areas.values() if a.is_sea and cells[0] in a.hexes)
        areas.append(Area(name=title_source.name, title=title_source.title, kind="sea", hexes=cells))
    for loc, (name, title) in open_sea_names(layout, kind).items():
        areas.append(Area(name=name, title=title, kind="sea", hexes=(plan.locations[loc],)))
    for loc, (tile, turns) in layout.items():
        if tile == SEA:
            continue
        piece = every[tile]
        areas.append(
            Area(
                name=tile,
                title=piece.title,
                kind="land",
                hexes=(plan.locations[loc],),
                settlements=piece.settlements,
                home=piece.is_home,
                island=loc in plan.islands,
                volcano=piece.volcano,
                free_temple=piece.free_temple,
                sides=rotated(piece.sides, turns),
            )
        )
    if kind != BUILT:
        for loc in plan.reading_order():
            if loc not in layout:
                title = f"Empty {'isle ' if loc in plan.islands else ''}{loc.upper()}"
                areas.append(
                    Area(
                        name=empty_name(loc),
                        title=title,
                        kind="land",
                        hexes=(plan.locations[loc],),
                        island=loc in plan.islands,
                        sides=_empty_sides(layout, loc),
                        empty=True,
                    )
                )
    placed = {t for t, _ in layout.values()}
    seating = [home for home in classic.seating if home in placed]
    return Map(kind, areas, list(_mines(layout)), seating, plan.size)


def _empty_sides(layout: Mapping[str, Any], location: str) -> str:
    """ "The edges of all Empty Areas are clearings" — but a tile's mountain
    side stays a mountain on both sides of the border."""
    sides = []
    for direction, what, name in board().neighbours(location):
        entry = layout.get(name) if what == "location" else None
        if entry is not None and entry[0] != SEA:
            sides.append(rotated(tiles()[entry[0]].sides, entry[1])[(direction + 3) % 6])
        else:
            sides.append(CLEARING)
    return "".join(sides)


def _mines(layout: Mapping[str, Any]) -> Iterator[Mine]:
    """Mines attached to cities, reading placements in order (see above)."""
    plan = board()
    every = tiles()
    placed: dict[str, tuple[str, int]] = {}
    owner: dict[str, str] = {}  # mine -> city tile
    for loc, (tile, turns) in layout.items():
        placed[loc] = (tile, turns)
        if tile == SEA:
            continue
        piece = every[tile]
        around = {
            d: name
            for d, what, name in plan.neighbours(loc)
            if what == "location" and name in placed and placed[name][0] != SEA
        }
        if piece.is_city:
            for direction in range(6):
                neighbour = around.get(direction)
                if neighbour is None:
                    continue
                other = every[placed[neighbour][0]]
                taken = {owner[m.name] for m in other.mines if m.name in owner}
                loose = [m for m in other.mines if m.name not in owner]
                if loose and tile not in taken:
                    owner[loose[0].name] = tile
            continue
        taken = set()
        for mine in piece.mines:
            # The printed side turns with the tile: after k clockwise turns the
            # side printed at index i faces direction (i - k) mod 6.
            facing = (mine.side - turns) % 6
            for step in range(6):
                neighbour = around.get((facing - step) % 6)  # clockwise round the tile
                if neighbour and every[placed[neighbour][0]].is_city and placed[neighbour][0] not in taken:
                    taken.add(placed[neighbour][0])
                    owner[mine.name] = placed[neighbour][0]
                    break
    for tile, _ in layout.values():
        if tile == SEA:
            continue
        for mine in every[tile].mines:
            if mine.name in owner:
                yield Mine(name=mine.name, title=mine.title, area=tile, city=owner[mine.name])
