"""The fixed parts of the public view, which the view itself leaves out.

The table sends the public view with every channel post and DM, as JSON. A
map's areas (titles, hexes, sides, settlements, ...), its mines, the
Creatures and the texts of the Invocations never change while a game is
played, and were half of a view. The view names its map instead
(``view["map"]["name"]``, and while a map is built or explored its layout,
``view["tiles"]``) and every piece by name (Invocations, Advancements and
World Events too), and lists only the areas with something in them or said
of them; ``with_fixed_parts`` puts the fixed parts and the empty areas back
from the game's public component data, for the pictures and the hand's
text. They are printed on the board and the cards: no secret comes with
them, and no state is read.

A view stored before the parts were left out already holds them: putting
them back changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from engine.games.hellenica.board import Area, Map, get_map
from engine.games.hellenica.components import ADVANCEMENTS, CREATURES, DEITIES, EVENTS, INVOCATIONS

AREA_FIXED = ("title", "kind", "hexes", "sides", "settlements", "home", "island", "volcano", "shallows", "empty")
"""What an area of the map shows that only the map decides."""

DEITIES_SHOWN = {name: {"title": d.title, "colour": list(d.colour)} for name, d in DEITIES.items()}
"""The deities as the pictures show them, by name."""

CREATURES_SHOWN = {name: {"title": c.title, "letter": c.letter, "text": c.text} for name, c in CREATURES.items()}
"""The Creatures' fixed parts, by name."""

INVOCATIONS_SHOWN = {
    name: {"title": inv.title, "level": inv.level, "phase": inv.phase, "text": inv.text}
    for name, inv in INVOCATIONS.items()
}
"""Each Invocation's fixed parts on a Deity Card, by name."""


def area_fixed(area: Area) -> dict[str, Any]:
    """An area's fixed entries (``AREA_FIXED``), as the view showed them."""
    return {
        "title": area.title,
        "kind": area.kind,
        "hexes": [list(h) for h in area.hexes],
        "sides": area.sides,
        "settlements": area.settlements,
        "home": area.home,
        "island": area.island,
        "volcano": area.volcano,
        "shallows": area.shallows,
        "empty": area.empty,
    }


def empty_record(area: Area) -> dict[str, Any]:
    """A city's record in the state with nothing in it, as a new map makes
    it (``setup``): no owner, empty Settlements (and Free Temple), no
    government marker."""
    record: dict[str, Any] = {"owner": None, "slots": [None] * area.settlements, "government": None}
    if area.free_temple:
        record["oracle"] = None
    return record


def empty_area(name: str, area: Area) -> dict[str, Any]:
    """What the view shows of an area with nothing in it or said of it: no
    owner, empty Settlements (and Free Temple) for a city, no units."""
    entry: dict[str, Any] = {
        "name": name,
        "impassable": False,
        "home_of": None,
        "owner": None,
        "slots": [None] * area.settlements,
        "government": None,
        "units": [],
    }
    if area.is_city and area.free_temple:
        entry["oracle"] = None
    return entry


class _Fixed:
    """One map's areas, each with its fixed entries and as an empty area
    shows, and its mines' fixed entries, by name (made once per map)."""

    __slots__ = ("board", "areas", "empty", "mines")

    def __init__(self, board: Map):
        self.board = board  # kept, so its id is not reused while cached
        self.areas = {name: area_fixed(area) for name, area in board.areas.items()}
        self.empty = {name: {**self.areas[name], **empty_area(name, area)} for name, area in board.areas.items()}
        self.mines = {m.name: {"title": m.title, "area": m.area, "city": m.city} for m in board.mines.values()}


class _PerMap(Protocol):
    board: Map


Made = TypeVar("Made", bound=_PerMap)


def per_map(cache: dict[int, Made], board: Map, make: Callable[[Map], Made]) -> Made:
    """``make(board)``, made once per map and kept in ``cache`` by the map's
    identity (what is kept keeps its map, so the id is not reused)."""
    found = cache.get(id(board))
    if found is None or found.board is not board:
        if len(cache) > 64:  # built maps are many: keep the cache small
            cache.clear()
        found = cache[id(board)] = make(board)
    return found


_FIXED: dict[int, _Fixed] = {}
"""``_Fixed`` per map (by identity)."""


def _fixed(board: Map) -> _Fixed:
    return per_map(_FIXED, board, _Fixed)


def view_map(view: dict[str, Any]) -> Map:
    """The map a public view names: a shipped map by its name, a built or
    explored one by its name and layout (``view["tiles"]``)."""
    tiles = view.get("tiles")
    layout = None if tiles is None else {loc: [placed["tile"], placed["turns"]] for loc, placed in tiles.items()}
    return get_map({"map": view["map"]["name"], "tiles": layout})


def with_fixed_parts(view: dict[str, Any]) -> dict[str, Any]:
    """The view with its map's and pieces' fixed parts put back: every area
    of the map in map order, each with its ``AREA_FIXED`` entries (the empty
    ones as ``empty_area``), each mine's title, area and city, the deities'
    titles and colours, each Creature's title, letter and text, and in each
    player's row the titles of its Advancements, World Events won and Deity
    Cards with their Invocations. A new dict; the view is not changed."""
    fixed = _fixed(view_map(view))
    given = {area["name"]: area for area in view["areas"]}
    return {
        **view,
        "areas": [
            {**fixed.areas[name], **given[name]} if name in given else dict(empty)
            for name, empty in fixed.empty.items()
        ],
        "mines": [{**fixed.mines[mine["name"]], **mine} for mine in view["mines"]],
        "deities": DEITIES_SHOWN,
        "creatures": [{**CREATURES_SHOWN[c["name"]], **c} for c in view.get("creatures", [])],
        "players_info": [_player_fixed(info) for info in view.get("players_info", [])],
    }


def _player_fixed(info: dict[str, Any]) -> dict[str, Any]:
    """A player's row with the titles put back: its Advancements', the World
    Events it won, its Deity Cards and their Invocations (level, phase, text)."""
    return {
        **info,
        "advancement_titles": [ADVANCEMENTS[name].title for name in info["advancements"]],
        "won": [{**card, "title": EVENTS[card["name"]].title} for card in info["won"]],
        "deity_cards": [
            {
                **card,
                "title": DEITIES[card["deity"]].title,
                "invocations": [{**INVOCATIONS_SHOWN[inv["name"]], **inv} for inv in card["invocations"]],
            }
            for card in info["deity_cards"]
        ],
    }
