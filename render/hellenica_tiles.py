"""Hellenica picture: the map tiles only one seat sees (its hand while the
map is built, the two drawn to explore), as small hexes in the picture and
in words for its DM."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.common import INK, MUTED
from render.hellenica_base import (
    BORDER,
    COMBAT,
    LAND,
    LAND_HOME,
    MOUNTAIN,
    PANEL_W,
    SEA,
    SIDE_NAMES,
    TILE_ICON,
    _edge,
    _fit,
    _hexagon,
    _line,
    _text,
)


def _private_tiles(view: dict[str, Any]) -> tuple[str, list[dict[str, Any]]] | None:
    """The tiles only this seat sees: its hand while the map is built, or the
    two it drew to explore."""
    private = view.get("private") or {}
    if private.get("exploring"):
        return "Your two tiles to explore (place one: `place <tile> <turns>`)", private["exploring"]
    if private.get("tiles"):
        return "Your tiles, face down to the others (`place <tile> <location> <turns>`)", private["tiles"]
    return None


TILES_PER_ROW = 6


def _tile_rows(tiles: tuple[str, list[dict[str, Any]]]) -> tuple[int, int]:
    """(tiles per row, row height): two to a row with room for the turns
    that fit while exploring, six to a row for a hand."""
    exploring = any("fits" in tile for tile in tiles[1])
    return (2, 2 * TILE_ICON + 34) if exploring else (TILES_PER_ROW, 2 * TILE_ICON + 20)


def _tiles_box_height(tiles: tuple[str, list[dict[str, Any]]] | None) -> int:
    if not tiles:
        return 0
    per_row, row_h = _tile_rows(tiles)
    return 26 + -(-len(tiles[1]) // per_row) * row_h + 4


def _tiles_box(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    tiles: tuple[str, list[dict[str, Any]]],
    x: float,
    y: float,
) -> None:
    """Each private tile as a small hex in its printed orientation: brown
    sides are mountains, the number its Settlements, a red dot a Volcano;
    its name underneath (and, while exploring, the turns that fit)."""
    heading, shown = tiles
    per_row, row_h = _tile_rows(tiles)
    draw.rectangle((x, y, x + PANEL_W - 12, y + _tiles_box_height(tiles) - 6), outline=INK, width=2)
    _line(image, (x + 10, y + 5), heading, 12, INK, bold=True)
    step = (PANEL_W - 32) / per_row
    for index, tile in enumerate(shown):
        cx = x + 16 + step * (index % per_row) + step / 2
        cy = y + 26 + (index // per_row) * row_h + TILE_ICON + 2
        fill = LAND_HOME if tile["kind"] == "home" else (SEA if tile["kind"] == "sea" else LAND)
        draw.polygon(_hexagon(cx, cy, TILE_ICON), fill=fill, outline=BORDER)
        for direction, side in enumerate(tile["sides"]):
            if side != "c":
                draw.line(_edge(cx, cy, direction, TILE_ICON), fill=MOUNTAIN, width=4)
        if tile["settlements"]:
            _text(image, (cx, cy), str(tile["settlements"]), 10, INK, bold=True)
        if tile["volcano"]:
            draw.ellipse((cx + 4, cy - 11, cx + 10, cy - 5), fill=COMBAT)
        _text(
            image,
            (cx, cy + TILE_ICON + 8),
            _fit(f"{tile['title']} (`{tile['name']}`)" if "fits" in tile else tile["title"], 10, int(step) - 4),
            10,
            INK,
        )
        if "fits" in tile:
            fits = ", ".join(map(str, tile["fits"]))
            text = f"fits turned {fits}" if fits else "does not fit here"
            _text(image, (cx, cy + TILE_ICON + 21), text, 10, INK if fits else MUTED, bold=bool(fits))


def _tile_words(tile: dict[str, Any]) -> str:
    """A tile in words: what it is and where its mountains face for each turn
    clockwise from its printed orientation (sides E NE NW W SW SE), and,
    while exploring, the turns that fit the Empty Area."""
    if tile["kind"] in ("city", "home"):
        what = f"City, {tile['settlements']} Settlement{'s' if tile['settlements'] != 1 else ''}"
    else:
        what = "Sea" if tile["kind"] == "sea" else "no city"
    extras = [e for e in ("Volcano" if tile["volcano"] else "", "Free Temple" if tile["free_temple"] else "") if e]
    if tile["mines"]:
        extras.append("mines " + ", ".join(tile["mines"]))
    if not tile.get("islands", True):
        extras.append("not on islands")
    lies = tile.get("lies") or [
        {"turns": 0, "mountains": [n for n, side in zip(SIDE_NAMES, tile["sides"]) if side != "c"]}
    ]
    ways = "; ".join(
        f"turned {lie['turns']}{' (as printed)' if lie['turns'] == 0 else ''}: "
        + ("mountains " + "/".join(lie["mountains"]) if lie["mountains"] else "clearings all round")
        for lie in lies
    )
    text = f"{tile['title']} (`{tile['name']}`) — {', '.join([what] + extras)}. {ways}."
    if "fits" in tile:
        text += f" Fits here turned {', '.join(map(str, tile['fits']))}." if tile["fits"] else " Does not fit here."
    return text
