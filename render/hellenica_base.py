"""Hellenica picture: the colours, the hex geometry, the hex grid's fills and
edges, and the text stamps shared by ``render.hellenica`` and
``render.hellenica_legend``.

Small repeated labels are drawn from cached masks, word by word, and pasted
without ``Image.paste``'s checks: a picture stamps hundreds of them.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from render.common import draw_text, font, text_length, wrap

R = 56  # hex circumradius
HEX_W = math.sqrt(3) * R
MAP_X, MAP_Y = 12, 112
PANEL_W = 520
PANEL_H = 124
EVENT_H = 178
LOG_LINES = 8
PALETTE = 128

LAND = (222, 210, 165)
LAND_HOME = (235, 216, 150)
SEA = (150, 190, 222)
SEA_EDGE = (132, 176, 212)
CLOSED = (178, 178, 172)
HATCH = (150, 150, 145)
MOUNTAIN = (120, 82, 48)
SHALLOWS = (196, 230, 242)
COAST = (70, 90, 110)
BORDER = (160, 148, 115)
WOOD = (214, 178, 118)
EXHAUSTED = (95, 95, 95)
WHITE = (255, 255, 255)
COMBAT = (200, 30, 30)
BEAST = (25, 25, 25)
CLOSED_INK = (90, 60, 140)
SUPPLIED = (255, 190, 0)
SEA_INK = (35, 65, 105)
TILE_BACK = (104, 88, 70)  # an Empty Area of the Explorable Map: a face-down tile
TILE_BACK_RIM = (150, 130, 102)
TILE_BACK_INK = (232, 220, 196)
OPEN_SPACE = (244, 240, 230)  # a location still open while the map is built
OPEN_RIM = (170, 160, 140)
MAP_BOX_H = 44
TILE_ICON = 15  # circumradius of a tile drawn in the private "Your tiles" box
SIDE_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
STATIC_CACHE = 8  # static layers kept (about 6 MB each)

UPGRADE_LETTER = {
    "academy": "A",
    "temple": "T",
    "market": "M",
    "barracks": "B",
    "stables": "S",
    "docks": "D",
    "walls": "W",
    "wonder": "Ω",
}
GOVERNMENT_LETTERS = {
    "tyranny": "Ty",
    "republic": "Re",
    "democracy": "De",
    "oligarchy": "Ol",
    "theocracy": "Te",
    "thalassocracy": "Th",
}
UNIT_LETTER = {"hoplite": "H", "cavalry": "C", "trireme": "T", "hero": "X", "alcibiades": "Al"}
STATE_FILL = {"active": WHITE, "building": WOOD, "exhausted": EXHAUSTED}
ACTION_LETTER = (("build", "B"), ("train", "T"), ("research", "R"), ("worship", "W"), ("supply", "S"))
SEAT_LETTER = "BOGPYCR"

_EVEN_ROW = ((1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1))
_ODD_ROW = ((1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1))


# ---------------------------------------------------------------------------
# Geometry (pointy-top hexes, odd rows shifted right — as in the map data)


def _centre(col: int, row: int) -> tuple[float, float]:
    return (MAP_X + HEX_W * (col + 0.5 * (row % 2)) + HEX_W / 2, MAP_Y + R + row * 1.5 * R)


def _corner(cx: float, cy: float, index: int, radius: float = R) -> tuple[float, float]:
    angle = math.radians(60 * index - 30)
    return cx + radius * math.cos(angle), cy + radius * math.sin(angle)


def _hexagon(cx: float, cy: float, radius: float = R) -> list[tuple[float, float]]:
    return [_corner(cx, cy, i, radius) for i in range(6)]


def _edge(cx: float, cy: float, direction: int, radius: float = R) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners of a hex side; directions E, NE, NW, W, SW, SE."""
    return _corner(cx, cy, (-direction) % 6, radius), _corner(cx, cy, (1 - direction) % 6, radius)


def _neighbour(col: int, row: int, direction: int) -> tuple[int, int]:
    dc, dr = (_ODD_ROW if row % 2 else _EVEN_ROW)[direction]
    return col + dc, row + dr


def _map_size(view: dict[str, Any]) -> tuple[int, int]:
    columns, rows = view["map"]["columns"], view["map"]["rows"]
    return int(HEX_W * (columns + 0.5)) + MAP_X, int(R * (1.5 * rows + 0.5)) + 4


# ---------------------------------------------------------------------------
# Text: small repeated labels are drawn from cached masks (much faster than
# laying out the same glyphs again for every piece).


def _ink_box(fnt: ImageFont.FreeTypeFont, text: str) -> tuple[int, int, int, int]:
    """The text's ink box in whole pixels (FreeType gives whole pixels when no
    stroke is asked for; Pillow's annotation says float for stroked text)."""
    left, top, right, bottom = fnt.getbbox(text)
    return int(left), int(top), int(right), int(bottom)


@lru_cache(maxsize=2048)
def _mask(text: str, size: int, bold: bool, condensed: bool) -> Image.Image:
    fnt = font(size, bold=bold, condensed=condensed)
    left, top, right, bottom = _ink_box(fnt, text)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=fnt, fill=255)
    return mask


@lru_cache(maxsize=4096)
def _stamp(text: str, size: int, bold: bool) -> tuple[Image.Image, int, int]:
    """A text line's mask and where its ink starts relative to the pen."""
    fnt = font(size, bold=bold)
    left, top, right, bottom = _ink_box(fnt, text)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=fnt, fill=255)
    return mask, left, top


@lru_cache(maxsize=8192)
def _advance(text: str, size: int, bold: bool) -> float:
    return font(size, bold=bold).getlength(text)


def _words(text: str) -> list[str]:
    """``text`` in pieces that each end with their spaces ("Favor 3   Cities 1"
    -> "Favor ", "3   ", "Cities ", "1"): a line is stamped word by word, so
    a changed number costs one small stamp, not a new line."""
    pieces, start = [], 0
    for index in range(1, len(text)):
        if text[index] != " " and text[index - 1] == " ":
            pieces.append(text[start:index])
            start = index
    pieces.append(text[start:])
    return pieces


def _line(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int],
    *,
    bold: bool = False,
    anchor: str = "la",
) -> None:
    """Like ``draw.text`` at a top-left (``la``), left-middle (``lm``) or
    right-middle (``rm``) anchor, from cached masks of its words: words recur
    from one picture to the next and cost nothing to lay out again."""
    if not text:
        return
    x, y = xy
    if anchor[1] == "m":
        y -= sum(font(size, bold=bold).getmetrics()) / 2
    if anchor[0] == "r":
        x -= _advance(text, size, bold)
    for word in _words(text):
        stripped = word.rstrip(" ")
        if stripped:
            mask, left, top = _stamp(stripped, size, bold)
            _paste(image, fill, round(x + left), round(y + top), mask)
        x += _advance(word, size, bold)


def _paste(image: Image.Image, fill: tuple[int, int, int], x: int, y: int, mask: Image.Image) -> None:
    """``image.paste(fill, (x, y), mask)`` without the checks of ``paste``
    (hundreds of stamps a picture: the checks cost more than the pixels)."""
    image.im.paste(fill, (x, y, x + mask.width, y + mask.height), mask.im)


@lru_cache(maxsize=1024)
def _text_sprite(text: str, fnt: Any, fill: tuple[int, int, int], anchor: str) -> tuple[Image.Image, float, float]:
    """``text`` drawn by ``render.common.draw_text`` (its font fallbacks: any
    script, colour emoji) on a transparent sprite, and the sprite's anchor."""
    size = fnt.size
    length = text_length(text, fnt)
    sprite = Image.new("RGBA", (int(length) + 2 * size, 3 * size), (*fill, 0))
    ox = size + {"l": 0.0, "m": length / 2, "r": length}[anchor[0]]
    oy = 1.5 * size if anchor[1] == "m" else size
    draw_text(ImageDraw.Draw(sprite), (ox, oy), text, fnt, fill, anchor=anchor)
    return sprite, ox, oy


def _sprite_text(
    image: Image.Image, xy: tuple[float, float], text: str, fnt: Any, fill: tuple[int, int, int], anchor: str = "la"
) -> None:
    """``draw_text`` from a cache: names and headings recur from one picture
    to the next, and laying out their runs again took a fifth of the time."""
    sprite, ox, oy = _text_sprite(text, fnt, tuple(fill), anchor)
    image.paste(sprite, (round(xy[0] - ox), round(xy[1] - oy)), sprite)


def _fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut to ``width`` pixels with an ellipsis."""
    if _advance(text, size, bold) <= width:
        return text
    fnt = font(size, bold=bold)
    low, high = 0, len(text)  # the longest prefix that fits with the ellipsis, by halving
    while low < high:
        middle = (low + high + 1) // 2
        if fnt.getlength(text[:middle] + " …") <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip(" ,·") + " …"


def _text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int],
    *,
    bold: bool = False,
    condensed: bool = False,
    anchor: str = "mm",
) -> float:
    """Stamp ``text`` at ``xy`` (anchors ``mm``, ``lm``, ``rm``, ``la``);
    returns its width."""
    mask = _mask(text, size, bold, condensed)
    x, y = xy
    if anchor[0] == "m":
        x -= mask.width / 2
    elif anchor[0] == "r":
        x -= mask.width
    if anchor[1] == "m":
        y -= mask.height / 2
    _paste(image, fill, round(x), round(y), mask)
    return mask.width


@lru_cache(maxsize=1024)
def _wrapped(text: str, size: int, bold: bool, width: int) -> tuple[str, ...]:
    """``wrap`` with its result kept: log lines and card texts recur from one
    picture to the next, and measuring them is most of the text's cost."""
    return tuple(wrap(text, font(size, bold=bold), width))


def _anchor(area: dict[str, Any]) -> tuple[float, float]:
    """Where an area's label and units go: its hex nearest its middle."""
    hexes = area["hexes"]
    points = [_centre(c, r) for c, r in hexes]
    mx = sum(p[0] for p in points) / len(points)
    my = sum(p[1] for p in points) / len(points)
    return min(points, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)


# ---------------------------------------------------------------------------
# The hex grid: each area's fill and the edges between areas (the static layer)


def _open_locations(view: dict[str, Any]) -> bool:
    """Whether Empty Areas are still open locations of a map being built
    (on the Explorable Map they are face-down tiles from the start)."""
    building = view.get("building")
    return building is not None and building["mode"] != "explorable"


def _hexes(draw: ImageDraw.ImageDraw, view: dict[str, Any], areas: dict, cells: dict) -> None:
    building = _open_locations(view)
    for area in view["areas"]:
        fill = SEA if area["kind"] == "sea" else (LAND_HOME if area["home"] else LAND)
        if area["impassable"]:
            fill = CLOSED
        if area["empty"]:
            fill = OPEN_SPACE if building else TILE_BACK
        for col, row in area["hexes"]:
            cx, cy = _centre(col, row)
            draw.polygon(_hexagon(cx, cy), fill=fill)
            if area["empty"]:
                _empty_face(draw, cx, cy, building)
            if area["impassable"]:
                _hatch(draw, cx, cy)
            if area["shallows"]:
                for direction in range(6):
                    other = cells.get(_neighbour(col, row, direction))
                    if area["sides"][direction] == "s" or other is None or areas[other]["kind"] == "sea":
                        draw.line(_edge(cx, cy, direction, R * 0.92), fill=SHALLOWS, width=5)


def _empty_face(draw: ImageDraw.ImageDraw, cx: float, cy: float, building: bool) -> None:
    """An Empty Area: an open location while the map is built (a dashed
    rim), else a face-down tile waiting to be explored (a framed back)."""
    if building:
        corners = _hexagon(cx, cy, R - 5)
        for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]):
            for t in range(0, 10, 2):
                draw.line(
                    (
                        ax + (bx - ax) * t / 10,
                        ay + (by - ay) * t / 10,
                        ax + (bx - ax) * (t + 1) / 10,
                        ay + (by - ay) * (t + 1) / 10,
                    ),
                    fill=OPEN_RIM,
                    width=2,
                )
        return
    draw.polygon(_hexagon(cx, cy, R - 7), outline=TILE_BACK_RIM, width=3)
    draw.polygon(_hexagon(cx, cy, R - 15), outline=TILE_BACK_RIM, width=1)


def _hatch(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    """Diagonal hatching inside a hex's inscribed circle: impassable."""
    radius = R * 0.8
    for k in range(-4, 5):
        offset = k * radius / 4.5
        half = math.sqrt(max(radius * radius - offset * offset, 0))
        ox, oy = offset / math.sqrt(2), offset / math.sqrt(2)
        dx, dy = half / math.sqrt(2), -half / math.sqrt(2)
        draw.line((cx + ox - dx, cy + oy - dy, cx + ox + dx, cy + oy + dy), fill=HATCH, width=1)


def _borders(draw: ImageDraw.ImageDraw, areas: dict, cells: dict) -> None:
    """Edges between areas: mountains brown with peaks, shallows pale blue,
    coasts dark, land borders thin; sea hexes of one area are not split."""
    for (col, row), name in cells.items():
        area = areas[name]
        cx, cy = _centre(col, row)
        for direction in range(6):
            other_name = cells.get(_neighbour(col, row, direction))
            ends = _edge(cx, cy, direction)
            if other_name == name:
                continue
            if other_name is None:
                if area["kind"] == "land":
                    draw.line(ends, fill=COAST, width=2)
                continue
            other = areas[other_name]
            if area["kind"] == "sea":
                if other["kind"] == "sea":
                    draw.line(ends, fill=SEA_EDGE, width=2)
                continue  # a coast is drawn from its land side
            side = area["sides"][direction]
            if side == "m":
                draw.line(ends, fill=MOUNTAIN, width=6)
                _peaks(draw, ends, cx, cy)
            elif side == "s":
                draw.line(ends, fill=SHALLOWS, width=7)
                draw.line(ends, fill=COAST, width=1)
            elif other["kind"] == "sea":
                draw.line(ends, fill=COAST, width=2)
            else:
                draw.line(ends, fill=BORDER, width=1)


def _peaks(draw: ImageDraw.ImageDraw, ends: tuple, cx: float, cy: float) -> None:
    (ax, ay), (bx, by) = ends
    for t in (0.28, 0.72):
        px, py = ax + (bx - ax) * t, ay + (by - ay) * t
        tip = (px + (cx - px) * 0.16, py + (cy - py) * 0.16)
        dx, dy = (bx - ax) * 0.07, (by - ay) * 0.07
        draw.polygon([(px - dx, py - dy), tip, (px + dx, py + dy)], fill=MOUNTAIN)
