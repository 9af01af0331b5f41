"""The Buildable Map's placement rules, as pure checks on a layout.

A layout maps a location (``d4``) to ``(tile, turns)``; a location an
exploration failed to fill holds ``(SEA, 0)`` (it became a Sea Area).
``refusal`` answers why a tile may not go on a location in a given rotation
(``None`` if it may), naming the rulebook's rule. The rule letters follow the
order of the Buildable Map paragraphs (A: home tiles given out, B: the two sea
tiles set aside and the rest dealt, C: homes on their start locations, D/E:
Mt. Olympos and Delphi placed first, F: serpentine order, G to K below, L:
skip a player without a legal play, M: open hexes are seas, N: unplaced
tiles go back to the box).

- G: "If a Tile is placed adjacent to another Tile, it must be placed such
  that any mountain sides match up against mountain sides and clearing sides
  match up against clearing sides. Both mountain and clearing sides may be
  placed facing into a Sea Area or off the Map edge."
- H: "A Tile may not be placed or orientated in a way which makes itself or
  any other Land or Sea Area inaccessible. At the end of map building, every
  Tile must have at least one clearing facing another Tile or Sea Area."
  Read here as: every area stays reachable from the printed seas through
  clearings, counting each still-empty location as open on every side (it
  becomes a Sea Area if nothing is placed there, rule M, or, on the
  Explorable Map, it is an Empty Area whose "edges ... are clearings").
- I: "A player may not place a City Tile if that player placed a City Tile
  on their last placement unless the player has no other legal play" (it
  depends on who places, so it lives in ``building``).
- J: "Volcano Tiles may not be placed adjacent to each other."
- K: "Only City Tiles and the Mt. Olympus Tile may be placed on islands."
- Exploring: "the side through which unit(s) entered must be a clearing"
  (``entries``: the board places — sea codes or locations — units came from
  by Sea Transport; a side towards a land tile already has to match it by
  rule G).

Rule H is checked quickly: for a layout and a location, the other places
fall into groups that only the location could join; a tile lies there
legally iff its clearings reach every group.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from engine.games.hellenica.board import CLEARING, hex_neighbour
from engine.games.hellenica.maps.tiles import board, rotated, tiles

Layout = Mapping[str, Sequence]
"""location -> (tile name or SEA, clockwise turns)."""

SEA = "sea"
"""The layout mark of a location that became a Sea Area during play."""
ISLAND_EXCEPTION = "mt-olympus"
SIDE_NAMES = ("E", "NE", "NW", "W", "SW", "SE")


def is_tile(layout: Layout, location: str) -> bool:
    """A land tile lies there (not empty, not a sea)."""
    entry = layout.get(location)
    return entry is not None and entry[0] != SEA


def placed_sides(layout: Layout, location: str) -> str:
    """The six sides of the tile on ``location`` as it lies on the board."""
    tile, turns = layout[location]
    return rotated(tiles()[tile].sides, turns)


def layout_key(layout: Layout) -> tuple[tuple[str, str, int], ...]:
    """A hashable form of a layout, in placement order."""
    return tuple((loc, tile, turns) for loc, (tile, turns) in layout.items())


# ---------------------------------------------------------------------------
# Rule H: the accessibility graph


@lru_cache(maxsize=1)
def _sea_links() -> dict[str, frozenset[str]]:
    """Printed seas that touch each other (sea-to-sea borders are open)."""
    owner = {cell: code for code, cells in board().seas.items() for cell in cells}
    links: dict[str, set[str]] = {code: set() for code in board().seas}
    for cell, code in owner.items():
        for direction in range(6):
            other = owner.get(hex_neighbour(cell[0], cell[1], direction))
            if other and other != code:
                links[code].add(other)
    return {code: frozenset(found) for code, found in links.items()}


def _open_from(layout: Layout, location: str, sides: str | None) -> list[str]:
    """The places a location opens onto: every neighbour across a clearing
    (``sides`` None = open all round: empty or a sea)."""
    result = []
    for direction, what, name in board().neighbours(location):
        if what == "edge" or (sides is not None and sides[direction] != CLEARING):
            continue
        if what == "location" and is_tile(layout, name) and placed_sides(layout, name)[(direction + 3) % 6] != CLEARING:
            continue
        result.append(name)
    return result


@lru_cache(maxsize=64)
def _graph(key: tuple[tuple[str, str, int], ...]) -> dict[str, frozenset[str]]:
    """The open borders of a layout, both ways: nodes are printed seas and locations."""
    layout = {loc: (tile, turns) for loc, tile, turns in key}
    edges: dict[str, set[str]] = {code: set(links) for code, links in _sea_links().items()}
    for location in board().locations:
        edges.setdefault(location, set())
        sides = placed_sides(layout, location) if is_tile(layout, location) else None
        for other in _open_from(layout, location, sides):
            edges[location].add(other)
            edges.setdefault(other, set()).add(location)
    return {node: frozenset(found) for node, found in edges.items()}


def _components(graph: Mapping[str, Iterable[str]], without: str | None = None) -> dict[str, int]:
    """Connected groups of places (``without`` one location taken out)."""
    group: dict[str, int] = {}
    count = 0
    for start in graph:
        if start == without or start in group:
            continue
        group[start] = count
        count += 1
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in graph[here]:
                if there != without and there not in group:
                    group[there] = group[start]
                    queue.append(there)
    return group


@lru_cache(maxsize=512)
def _groups_around(key: tuple[tuple[str, str, int], ...], location: str) -> tuple[dict[str, int], int]:
    groups = _components(_graph(key), without=location)
    return groups, len(set(groups.values()))


def all_reachable(layout: Layout) -> bool:
    """Rule H for the whole board: one connected whole."""
    return len(set(_components(_graph(layout_key(layout))).values())) == 1


def _keeps_everything_reachable(layout: Layout, location: str, sides: str) -> bool:
    groups, count = _groups_around(layout_key(layout), location)
    reached = {groups[name] for name in _open_from(layout, location, sides)}
    return len(reached) == count and count > 0


# ---------------------------------------------------------------------------
# The refusal


def refusal(layout: Layout, tile: str, location: str, turns: int, *, entries: Iterable[str] = ()) -> str | None:
    """Why ``tile`` may not lie on ``location`` turned ``turns`` times
    clockwise, by rules C, G, H, J and K and an exploration's entry side
    (None if it may)."""
    plan = board()
    every = tiles()
    if tile not in every:
        return f"`{tile}` is not a map tile."
    if location not in plan.locations:
        return f"`{location}` is not a land location of the board."
    if location in layout:
        held = layout[location][0]
        return f"{location} already holds {'a Sea Area' if held == SEA else every[held].title}."
    piece = every[tile]
    if piece.is_sea:
        return "Rule M: the sea tiles only mark open hexes once map building is over."
    if piece.is_home and plan.homes.get(tile) != location:
        return f"Rule C: {piece.title} must be placed on its start location {plan.homes.get(tile)}."
    if location in plan.islands and not (piece.is_city or tile == ISLAND_EXCEPTION):
        return f"Rule K: only City tiles and Mt. Olympus may be placed on islands, and {piece.title} is neither."
    sides = rotated(piece.sides, turns)
    for direction, what, name in plan.neighbours(location):
        if what != "location" or not is_tile(layout, name):
            continue
        other = every[layout[name][0]]
        if placed_sides(layout, name)[(direction + 3) % 6] != sides[direction]:
            mine = "mountain" if sides[direction] != CLEARING else "clearing"
            return (
                f"Rule G: the {SIDE_NAMES[direction]} side of {piece.title} is a {mine} but the side of "
                f"{other.title} ({name}) it meets is not."
            )
        if piece.volcano and other.volcano:
            return f"Rule J: {piece.title} is a volcano and may not lie next to the volcano {other.title} ({name})."
    for entry in entries:
        facing = [d for d, _, name in plan.neighbours(location) if name == entry]
        if facing and not any(sides[d] == CLEARING for d in facing):
            return (
                f"The units entered from the {SIDE_NAMES[facing[0]]}: "
                f"{'that side' if len(facing) == 1 else 'a side facing that sea'} must be a clearing."
            )
    if not _keeps_everything_reachable(layout, location, sides):
        return (
            f"Rule H: {piece.title} turned {turns} times on {location} would leave an area "
            f"that cannot be reached through a clearing."
        )
    return None


def has_sea_access(tile: str, location: str, turns: int) -> bool:
    """A home city needs a clearing onto a printed sea ("AI Players may not
    place their City-States such that they do not have access to at least
    one Sea Area"); the starting Trireme needs it for every player."""
    sides = rotated(tiles()[tile].sides, turns)
    return any(what == "sea" and sides[d] == CLEARING for d, what, _ in board().neighbours(location))


def legal_turns(layout: Layout, tile: str, location: str, *, entries: Iterable[str] = ()) -> list[int]:
    """The rotations in which the tile may lie there."""
    return [turns for turns in range(6) if refusal(layout, tile, location, turns, entries=entries) is None]


def first_turn(layout: Layout, tile: str, location: str, *, entries: Iterable[str] = ()) -> int | None:
    """ "place it with the name of the Tile at the top. If the Tile in that
    orientation is a legal placement, place the Tile. Otherwise, rotate it
    clock-wise until it is legal to play" (None if no rotation is)."""
    return next((t for t in range(6) if refusal(layout, tile, location, t, entries=entries) is None), None)


def empty_locations(layout: Layout) -> list[str]:
    """Locations with nothing on them, in reading order."""
    return [loc for loc in board().reading_order() if loc not in layout]
