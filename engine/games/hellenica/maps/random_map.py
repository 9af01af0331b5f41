"""The Solitaire/Random Buildable Map, built by the rules alone.

- Homes: "The orientation of the Tile is determined at random. Place the Tile
  on the Home City location in any orientation and roll one of the Blue dice.
  Rotate the Tile as many times clockwise as indicated by the die roll. ...
  may not place their City-States such that they do not have access to at
  least one Sea Area. If this occurs, reroll the Blue die."
- "shuffle the remaining Non-Home City Tiles together face down. Start in the
  upper left-most empty location (next to Corcyra), reveal a Tile and place
  it with the name of the Tile at the top. If the Tile in that orientation is
  a legal placement, place the Tile. Otherwise, rotate it clock-wise until it
  is legal to play. If it cannot be legally played, place it at the bottom of
  the Tile stack."
- "If any of the Pathos Objectives include Ascendancy and/or Commune, make
  sure the Mt. Olympos and/or Delphi Tiles are in play by randomly mixing them
  into the top 2/3rds of the Tile stack."
- "If no Tiles in the entire stack can be legally played on a location, then
  continue to the next location." Open hexes become seas (rule M).
- "Rules G, H, J and K from the Buildable Map rules still apply" (the letters
  are lost from our copy of the rulebook; these are the placement rules that
  do not depend on who places).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import Rng
from engine.games.hellenica.components import DICE_FACES, OBJECTIVES
from engine.games.hellenica.maps.placement import empty_locations, first_turn, has_sea_access, refusal
from engine.games.hellenica.maps.tiles import board, land_tiles

HOME_DIE = "blue"


def home_fits(layout: dict, home: str, turns: int) -> bool:
    """A home tile's rotation is usable: it reaches a sea and obeys the
    placement rules against the homes already down (Thebes and Athens touch)."""
    location = board().homes[home]
    return has_sea_access(home, location, turns) and refusal(layout, home, location, turns) is None


def roll_home_turns(rng: Rng, layout: dict, home: str) -> int:
    """Clockwise turns of a randomly placed home tile: a Blue die, rerolled
    until the city reaches a sea (and, our addition, fits its neighbours)."""
    if not any(home_fits(layout, home, turns) for turns in range(6)):
        raise ValueError(f"home tile {home} fits its start location in no orientation")
    while True:
        turns = int(rng.choice(DICE_FACES[HOME_DIE])) % 6
        if home_fits(layout, home, turns):
            return turns


def required_tiles(pathos: Iterable[str]) -> list[str]:
    """Tiles a Pathos card names (Ascendancy: Mt. Olympus; Commune: Delphi)."""
    needed = []
    for card in pathos:
        area = OBJECTIVES[card].params.get("area")
        if area and area in land_tiles() and area not in needed:
            needed.append(area)
    return needed


def tile_stack(rng: Rng, pathos: Iterable[str], locations: int) -> list[str]:
    """The shuffled stack, top first, with any required tile mixed into the
    top two thirds of the part the ``locations`` to fill will draw (our board
    has fewer locations than tiles, so two thirds of the whole stack could
    leave the tile unrevealed)."""
    needed = required_tiles(pathos)
    stack = rng.shuffled([t for t in land_tiles() if t not in needed])
    reach = min(len(stack), locations) * 2 // 3
    for tile in needed:
        stack.insert(rng.below(reach + 1), tile)
    return stack


def place_from_stack(layout: dict, stack: list[str], location: str, required: Iterable[str] = ()) -> str | None:
    """Reveal tiles until one fits the location (turning each clockwise from
    its printed orientation); unfit tiles go to the bottom, except a required
    tile, which is set aside and goes back on top for the next location (so
    that it surely comes into play). The placed tile, or None once the whole
    stack has been tried."""
    kept: list[str] = []
    placed = None
    for _ in range(len(stack)):
        tile = stack.pop(0)
        turns = first_turn(layout, tile, location)
        if turns is not None:
            layout[location] = (tile, turns)
            placed = tile
            break
        (kept if tile in required else stack).append(tile)
    stack[:0] = kept
    return placed


def fill_random(rng: Rng, layout: dict, pathos: Iterable[str]) -> int:
    """Fill the board around the home tiles already laid: every empty
    location in reading order, from the shuffled stack, where anything fits.
    Returns how many tiles were laid."""
    pathos = list(pathos)
    empty = empty_locations(layout)
    stack = tile_stack(rng, pathos, len(empty))
    needed = required_tiles(pathos)
    laid = 0
    for location in empty:
        if stack and place_from_stack(layout, stack, location, needed):
            laid += 1
    return laid


def build_random_map(rng: Rng, homes: Iterable[str], pathos: Iterable[str]) -> dict[str, tuple[str, int]]:
    """A whole random layout: the home tiles turned by the Blue die, then
    ``fill_random``."""
    plan = board()
    layout: dict[str, tuple[str, int]] = {}
    for home in homes:
        layout[plan.homes[home]] = (home, roll_home_turns(rng, layout, home))
    fill_random(rng, layout, pathos)
    return layout
