"""Mosaics and Statues: gaining them, where they may be placed, and the
Demand tiles they are placed on.

Each colour has 10 of each. They start in the general supply ("next to the
Side board"); gaining one moves it to your personal supply on your Player
board; placing moves it from there onto a space.

Rules quoted here:
- "Gain 1 Mosaic: Place a Mosaic from the general supply on your Player
  board. If there are no Mosaics of your color in the general supply, you
  may not resolve this action." (Statues alike.)
- Place 1 Mosaic "on an empty space. (Keep in mind that some spaces are only
  for 3-player or 4-player games.)": an Alcove, the Entrance section, a
  Storage area, an active Demand tile.
- Place 1 Statue on an Alcove, the Contract offer, or an active Demand tile;
  "You may only have 1 Statue on each active Demand tile!"
- Adding a Demand tile: "choose the top inactive Demand tile from any stack
  in the offer and place it in the appropriate Demand area, flipping it to
  the active side. Then, gain a Mosaic or a Statue from the general supply
  and place it on this tile."

Our readings: one Mosaic and one Statue per player in each alcove (a second
Statue would not add a second ⚡); a Statue on a Demand tile takes the best
free space, since the spaces differ only in their VP.
"""

from __future__ import annotations

from engine.games.thessaloniki import contracts
from engine.games.thessaloniki.ending import check_demand_condition
from engine.games.thessaloniki.state import State, colour_of, comp, note, seat_title

MOSAIC, STATUE = "mosaic", "statue"
ENTRANCE, STORAGE, OFFER = "entrance", "storage", "offer"


def gain_piece(state: State, seat: int, piece: str, count: int = 1) -> int:
    """Move up to ``count`` pieces from the general supply to the seat's
    board; returns how many moved."""
    pool = state["seats"][seat][piece + "s"]
    moved = min(count, pool["supply"])
    pool["supply"] -= moved
    pool["board"] += moved
    if moved:
        note(state, f"{seat_title(state, seat)} gains {moved} {piece}{'s' if moved > 1 else ''}")
    return moved


def in_supply(state: State, seat: int, piece: str) -> int:
    return state["seats"][seat][piece + "s"]["supply"]


def on_board(state: State, seat: int, piece: str) -> int:
    return state["seats"][seat][piece + "s"]["board"]


def _spaces_in_play(minimums: tuple[int, ...], players: int) -> int:
    return sum(1 for least in minimums if least <= players)


def demand_tile(state: State, tile_id: str) -> dict | None:
    return next((t for t in state["demand"] if t["id"] == tile_id), None)


def _free_demand_space(state: State, tile: dict, piece: str) -> int | None:
    c = comp()
    minimums = c.demand_statue_spaces if piece == STATUE else c.demand_mosaic_spaces
    key = "statues" if piece == STATUE else "mosaics"
    for index, least in enumerate(minimums):
        if least <= state["players"] and tile[key][index] is None:
            return index
    return None


def targets(state: State, seat: int, piece: str) -> list[str]:
    """Every empty space the seat may place a ``piece`` on (ignoring whether
    it has one on its board)."""
    c = comp()
    colour = colour_of(state, seat)
    players = state["players"]
    found: list[str] = []
    placed = state["alcove_mosaics"] if piece == MOSAIC else state["alcove_statues"]
    for name in c.alcove_order:
        spec = c.alcoves[name]
        spaces = _spaces_in_play(spec.mosaic_spaces if piece == MOSAIC else spec.statue_spaces, players)
        if len(placed[name]) < spaces and colour not in placed[name]:
            found.append(name)
    if piece == MOSAIC:
        if len(state["entrance"]) < _spaces_in_play(c.entrance_spaces, players):
            found.append(ENTRANCE)
        if state["seats"][seat]["storage_mosaics"] < c.pieces["storage_areas"]:
            found.append(STORAGE)
    elif contracts.next_offer_section(state, seat) is not None:
        found.append(OFFER)
    for tile in state["demand"]:
        if piece == STATUE and colour in tile["statues"]:
            continue
        if _free_demand_space(state, tile, piece) is not None:
            found.append(tile["id"])
    return found


def place(state: State, seat: int, piece: str, target: str, from_supply: bool = False) -> None:
    """Put one of the seat's pieces on ``target`` (from its board, or with
    ``from_supply`` straight from the general supply)."""
    c = comp()
    colour = colour_of(state, seat)
    pool = state["seats"][seat][piece + "s"]
    pool["supply" if from_supply else "board"] -= 1
    if target in c.alcoves:
        (state["alcove_mosaics"] if piece == MOSAIC else state["alcove_statues"])[target].append(colour)
        where = f"the {c.alcoves[target].title}"
    elif target == ENTRANCE:
        state["entrance"].append(colour)
        where = "the Entrance"
    elif target == STORAGE:
        state["seats"][seat]["storage_mosaics"] += 1
        where = "a Storage area"
    elif target == OFFER:
        section = contracts.next_offer_section(state, seat)
        assert section is not None, "targets() offers the Offer only while a section lacks the seat's Statue"
        state["offer_statues"][section].append(colour)
        where = f"contract section {section + 1}"
    else:
        tile = demand_tile(state, target)
        assert tile is not None, f"{target!r} is not a target that targets() offers"
        space = _free_demand_space(state, tile, piece)
        assert space is not None, "targets() offers only demand tiles with a free space"
        tile["statues" if piece == STATUE else "mosaics"][space] = colour
        where = f"demand tile {target}"
        if piece == STATUE:
            where += f" ({c.demand_tiles[target].statues[space]} VP per ship)"
    note(state, f"{seat_title(state, seat)} places a {piece} on {where}")


def statue_value(state: State, target: str) -> int | None:
    """The VP a Statue placed now on a demand tile would score per ship."""
    tile = demand_tile(state, target)
    if tile is None:
        return None
    space = _free_demand_space(state, tile, STATUE)
    return None if space is None else comp().demand_tiles[target].statues[space]


def target_words(target: str) -> str:
    c = comp()
    if target in c.alcoves:
        return f"the {c.alcoves[target].title}"
    return {ENTRANCE: "the Entrance (chariot)", STORAGE: "a Storage area", OFFER: "the contract offer"}.get(
        target, f"demand tile {target}"
    )


# ---------------------------------------------------------------------------
# Demand tiles


def demand_cities(state: State) -> list[str]:
    """Cities with an inactive Demand tile left in their stack."""
    return [city for city in comp().cities if state["demand_stacks"][city]]


def activate_demand(state: State, city: str) -> str:
    """Flip the top inactive tile of a city into the Demand area."""
    tile_id = state["demand_stacks"][city].pop()
    c = comp()
    state["demand"].append(
        {
            "id": tile_id,
            "statues": [None] * len(c.demand_statue_spaces),
            "mosaics": [None] * len(c.demand_mosaic_spaces),
        }
    )
    state["draws"] += 1
    note(state, f"Demand tile {tile_id} ({c.city_titles[city]}) joins the demand area ({len(state['demand'])} tiles)")
    check_demand_condition(state)
    return tile_id


def add_demand(state: State, seat: int, city: str, piece: str | None) -> None:
    """The chariot's Demand reward: a new tile and, if the supply allows, a
    Mosaic or Statue from the general supply on it."""
    tile_id = activate_demand(state, city)
    if piece is not None:
        place(state, seat, piece, tile_id, from_supply=True)
