"""The Buildable Map's placement rules, as pure checks on a layout.

A layout maps a location (``d4``) to ``(tile, turns)``. ``refusal`` answers
why a tile may not go on a location in a given rotation (``None`` if it may),
naming the rulebook's rule; the rule letters follow the order of the
Buildable Map paragraphs (A: home tiles dealt, B: seas set aside, C: homes on
their start locations, D/E: Mt. Olympos and Delphi first, F: serpentine
order, G to K below, L: skip without a legal play, M: open hexes are seas,
N: unplaced tiles go back to the box).

- G: "If a Tile is placed adjacent to another Tile, it must be placed such
  that any mountain sides match up against mountain sides and clearing sides
  match up against clearing sides. Both mountain and clearing sides may be
  placed facing into a Sea Area or off the Map edge."
- H: "A Tile may not be placed or orientated in a way which makes itself or
  any other Land or Sea Area inaccessible. At the end of map building, every
  Tile must have at least one clearing facing another Tile or Sea Area."
  Read here as: every area stays reachable from the printed seas through
  clearings, counting each still-empty location as the Sea Area it becomes if
  nothing is placed there (rule M).
- I: "A player may not place a City Tile if that player placed a City Tile
  on their last placement unless the player has no other legal play" (turn
  order matters, so it lives in ``buildable``).
- J: "Volcano Tiles may not be placed adjacent to each other."
- K: "Only City Tiles and the Mt. Olympus Tile may be placed on islands."
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Mapping, Sequence

from engine.games.hellenica.board import CLEARING
from engine.games.hellenica.maps.tiles import board, rotated, tiles

Layout = Mapping[str, Sequence]
"""location -> (tile name, clockwise turns)."""

ISLAND_EXCEPTION = "mt-olympus"


def placed_sides(layout: Layout, location: str) -> str:
    """The six sides of the tile on ``location`` as it lies on the board."""
    tile, turns = layout[location]
    return rotated(tiles()[tile].sides, turns)


@lru_cache(maxsize=1)
def _sea_links() -> dict[str, set[str]]:
    """Printed seas that touch each other (sea-to-sea borders are open)."""
    from engine.games.hellenica.board import hex_neighbour
    owner = {cell: code for code, cells in board().seas.items() for cell in cells}
    links: dict[str, set[str]] = {code: set() for code in board().seas}
    for cell, code in owner.items():
        for direction in range(6):
            other = owner.get(hex_neighbour(cell[0], cell[1], direction))
            if other and other != code:
                links[code].add(other)
    return links


def reachable(layout: Layout) -> set[str]:
    """Nodes (printed sea codes and locations) reachable from the seas
    through open borders, empty locations counting as seas."""
    plan = board()
    start = next(iter(plan.seas))
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in _open_neighbours(layout, here):
            if there not in seen:
                seen.add(there)
                queue.append(there)
    return seen


def _open_neighbours(layout: Layout, node: str) -> list[str]:
    plan = board()
    if node in plan.seas:
        found = list(_sea_links()[node])
        found += [loc for loc in _coast_of(node) if _opens_to(layout, loc, node)]
        return found
    result = []
    for direction, what, name in plan.neighbours(node):
        if what == "edge":
            continue
        if node in layout and placed_sides(layout, node)[direction] != CLEARING:
            continue
        if what == "location" and name in layout and placed_sides(layout, name)[(direction + 3) % 6] != CLEARING:
            continue
        result.append(name)
    return result


@lru_cache(maxsize=None)
def _coast_of(sea: str) -> tuple[str, ...]:
    return tuple(loc for loc in board().locations
                 if any(what == "sea" and name == sea for _, what, name in board().neighbours(loc)))


def _opens_to(layout: Layout, location: str, sea: str) -> bool:
    if location not in layout:
        return True
    sides = placed_sides(layout, location)
    return any(what == "sea" and name == sea and sides[d] == CLEARING
               for d, what, name in board().neighbours(location))


def all_reachable(layout: Layout) -> bool:
    """Rule H for the whole board."""
    plan = board()
    return len(reachable(layout)) == len(plan.seas) + len(plan.locations)


def refusal(layout: Layout, tile: str, location: str, turns: int) -> str | None:
    """Why ``tile`` may not lie on ``location`` turned ``turns`` times
    clockwise, by rules C, G, H, J and K (None if it may)."""
    plan = board()
    every = tiles()
    if tile not in every:
        return f"`{tile}` is not a map tile."
    if location not in plan.locations:
        return f"`{location}` is not a land location of the board."
    if location in layout:
        return f"{location} already holds {every[layout[location][0]].title}."
    piece = every[tile]
    if piece.is_sea:
        return "Rule M: the sea tiles only mark open hexes once map building is over."
    if piece.is_home and plan.homes.get(tile) != location:
        return f"Rule C: {piece.title} must be placed on its start location {plan.homes.get(tile)}."
    if location in plan.islands and not (piece.is_city or tile == ISLAND_EXCEPTION):
        return f"Rule K: only City tiles and Mt. Olympus may be placed on islands, and {piece.title} is neither."
    sides = rotated(piece.sides, turns)
    names = "E NE NW W SW SE".split()
    for direction, what, name in plan.neighbours(location):
        if what != "location" or name not in layout:
            continue
        other = every[layout[name][0]]
        if placed_sides(layout, name)[(direction + 3) % 6] != sides[direction]:
            mine = "mountain" if sides[direction] != CLEARING else "clearing"
            return (f"Rule G: the {names[direction]} side of {piece.title} is a {mine} but the side of "
                    f"{other.title} ({name}) it meets is not.")
        if piece.volcano and other.volcano:
            return f"Rule J: {piece.title} is a volcano and may not lie next to the volcano {other.title} ({name})."
    trial = dict(layout)
    trial[location] = (tile, turns)
    if not all_reachable(trial):
        return (f"Rule H: {piece.title} turned {turns} times on {location} would leave an area "
                f"that cannot be reached through a clearing.")
    return None


def has_sea_access(tile: str, location: str, turns: int) -> bool:
    """A home city needs a clearing onto a printed sea ("AI Players may not
    place their City-States such that they do not have access to at least
    one Sea Area"); the starting Trireme needs it for every player."""
    sides = rotated(tiles()[tile].sides, turns)
    return any(what == "sea" and sides[d] == CLEARING for d, what, _ in board().neighbours(location))


def legal_turns(layout: Layout, tile: str, location: str) -> list[int]:
    """The rotations in which the tile may lie there."""
    return [turns for turns in range(6) if refusal(layout, tile, location, turns) is None]
