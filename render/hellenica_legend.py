"""Hellenica picture: where the place names go (never over one another or
a mine) and the legend under the map, each symbol drawn as on the map."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import INK, MUTED, seat_rgb, text_on
from render.hellenica_base import (
    BEAST,
    CLOSED_INK,
    COMBAT,
    HEX_W,
    MAP_X,
    OPEN_RIM,
    OPEN_SPACE,
    SEA_INK,
    STATE_FILL,
    TILE_BACK,
    TILE_BACK_INK,
    TILE_BACK_RIM,
    WHITE,
    R,
    _advance,
    _anchor,
    _hexagon,
    _line,
    _mask,
    _text,
)


def _mine_point(mine: dict[str, Any], areas: dict) -> tuple[float, float]:
    """Where a mine's triangle stands: in its area, on the side of its city."""
    ax, ay = _anchor(areas[mine["area"]])
    tx, ty = _anchor(areas[mine["city"]])
    d = math.hypot(tx - ax, ty - ay) or 1
    reach = R * (0.3 if (ty - ay) / d < -0.5 else 0.55)  # keep clear of the area's name
    return ax + (tx - ax) / d * reach, ay + (ty - ay) / d * reach


# ---------------------------------------------------------------------------
# Place names: placed once per map, each where it overlaps no other name and
# no mine, shrunk (condensed, then smaller) to fit its hex.

Box = tuple[float, float, float, float]
TITLE_ROOM = HEX_W - 12
"""The widest a land or sea name may be: its hex, less a margin each side."""
SEA_TITLE_ROOM = 1.6 * HEX_W - 12
"""A sea is many hexes of open water: its name may run into the next one."""
TITLE_STYLES = ((12, False), (12, True), (11, True), (10, True), (9, True))
SEA_TITLE_STYLES = ((11, False), (11, True), (10, True))
"""(size, condensed) tried in turn until a name fits its room."""
TITLE_NUDGES = ((0, 0), (0, -5), (-10, 0), (10, 0), (0, 5), (-18, -4), (18, -4), (-18, 4), (18, 4))
MINE_SPOTS = ((0, 16), (0, -18), (22, 0), (-22, 0), (16, 14), (-16, 14), (16, -16), (-16, -16))
"""Where a mine's name may go around its triangle: below first."""


def _overlaps(box: Box, taken: list[Box], margin: float = 1.0) -> float:
    """How much of ``box`` the boxes in ``taken`` cover (0: free)."""
    total = 0.0
    for other in taken:
        w = min(box[2], other[2]) - max(box[0], other[0]) + margin
        h = min(box[3], other[3]) - max(box[1], other[1]) + margin
        if w > 0 and h > 0:
            total += w * h
    return total


def _spot(
    text: str,
    size: int,
    bold: bool,
    condensed: bool,
    centre: tuple[float, float],
    nudges: Sequence[tuple[float, float]],
    taken: list[Box],
) -> tuple[tuple[float, float], Box]:
    """The first nudge of ``centre`` where the text overlaps nothing taken
    (else the least covered), as the mask's top-left and its box."""
    mask = _mask(text, size, bold, condensed)
    best = None
    for dx, dy in nudges:
        x, y = centre[0] + dx - mask.width / 2, centre[1] + dy - mask.height / 2
        box = (x, y, x + mask.width, y + mask.height)
        covered = _overlaps(box, taken)
        if best is None or covered < best[0]:
            best = (covered, (x, y), box)
        if not covered:
            break
    assert best is not None, "no nudges to try"
    return best[1], best[2]


def _place_names(view: dict[str, Any], areas: dict) -> list[tuple[str, int, bool, bool, tuple, tuple]]:
    """Every place name as (text, size, bold, condensed, colour, top-left):
    land and sea names first (mines' triangles kept clear), then the mines'
    names around their triangles."""
    taken: list[Box] = []
    mines = [(mine, _mine_point(mine, areas)) for mine in view["mines"]]
    for _, (px, py) in mines:
        taken.append((px - 10, py - 11, px + 10, py + 7))
    placed = []
    for area in view["areas"]:
        if area["empty"]:
            continue  # an Empty Area shows its location code instead, drawn with its contents
        sea = area["kind"] == "sea"  # sea names a size smaller, in the sea's own ink
        text = area["title"] + (" ♨" if area["volcano"] else "")
        styles, room = (SEA_TITLE_STYLES, SEA_TITLE_ROOM) if sea else (TITLE_STYLES, TITLE_ROOM)
        size, condensed = next(
            ((size, condensed) for size, condensed in styles if _mask(text, size, True, condensed).width <= room),
            styles[-1],
        )
        cx, cy = _anchor(area)
        centre = (cx, cy - R * (0.5 if sea else 0.6))
        top_left, box = _spot(text, size, True, condensed, centre, TITLE_NUDGES, taken)
        taken.append(box)
        placed.append((text, size, True, condensed, SEA_INK if sea else INK, top_left))
    for mine, (px, py) in mines:
        top_left, box = _spot(mine["name"], 9, False, True, (px, py), MINE_SPOTS, taken)
        taken.append(box)
        placed.append((mine["name"], 9, False, True, INK, top_left))
    return placed


# ---------------------------------------------------------------------------
# The legend: each symbol drawn as on the map, beside its meaning, in rows
# under the map (part of the static layer).

LEGEND = (
    (
        "Upgrades",
        [
            ("box", "A", "Academy"),
            ("box", "T", "Temple (rim: its deity)"),
            ("box", "M", "Market"),
            ("box", "B", "Barracks"),
            ("box", "S", "Stables"),
            ("box", "D", "Docks"),
            ("box", "W", "Walls"),
            ("box", "Ω", "Wonder"),
        ],
    ),
    (
        "States",
        [
            ("state", "active", "active"),
            ("state", "building", "being built"),
            ("state", "exhausted", "exhausted"),
            (
                "gov",
                "Ty",
                "Government: Ty Tyranny, Re Republic, De Democracy, Ol Oligarchy, Te Theocracy, Th Thalassocracy",
            ),
        ],
    ),
    (
        "Units",
        [
            (
                "badge",
                "2H 1C*",
                "in the owner's colour: H Hoplite, C Cavalry, T Trireme, X Hero, Al Alcibiades, * elite",
            ),
            ("spent", "", "at its Supply Limit or held by a Creature"),
        ],
    ),
    (
        "Map",
        [
            ("mine", "", "mine"),
            ("disc", "Me", "Creature"),
            ("closed", "✕", "closed this turn"),
            ("tile", "?", "unexplored Empty Area"),
            ("open", "", "location still open (map being built)"),
        ],
    ),
    (
        "Invocations",
        [("level", "1", "castable"), ("level-grey", "2", "too few Temples"), ("level-spent", "3", "spent this turn")],
    ),
)
LEGEND_ROW = 19
LEGEND_SIZE = 12
LEGEND_LABEL_W = 86


def _legend_rows(width: int) -> list[list[tuple[float, str, str, str]]]:
    """The legend laid out in rows no wider than ``width``: each entry as
    (x, kind, symbol, meaning); a group's entries run on under its label."""
    rows = []
    for label, entries in LEGEND:
        row: list[tuple[float, str, str, str]] = [(MAP_X, "label", "", label)]
        x: float = MAP_X + LEGEND_LABEL_W
        for kind, symbol, meaning in entries:
            span = _legend_symbol_width(kind, symbol) + 4 + _advance(meaning, LEGEND_SIZE, False) + 16
            if x + span > width and len(row) > 1:
                rows.append(row)
                row, x = [], MAP_X + LEGEND_LABEL_W
            row.append((x, kind, symbol, meaning))
            x += span
        rows.append(row)
    return rows


def _legend_symbol_width(kind: str, symbol: str) -> float:
    if kind == "badge":
        return _mask(symbol, 12, True, False).width + 10
    return 16


def _legend_height(width: int) -> int:
    return LEGEND_ROW * len(_legend_rows(width)) + 8


def _legend(image: Image.Image, draw: ImageDraw.ImageDraw, top: float, width: int) -> None:
    draw.line((MAP_X, top, width, top), fill=MUTED, width=1)
    for index, row in enumerate(_legend_rows(width)):
        y = top + 6 + LEGEND_ROW * index + LEGEND_ROW / 2
        for x, kind, symbol, meaning in row:
            if kind == "label":
                _line(image, (x, y), meaning, LEGEND_SIZE, INK, bold=True, anchor="lm")
                continue
            _legend_symbol(image, draw, kind, symbol, x, y)
            _line(image, (x + _legend_symbol_width(kind, symbol) + 4, y), meaning, LEGEND_SIZE, INK, anchor="lm")


def _legend_symbol(image: Image.Image, draw: ImageDraw.ImageDraw, kind: str, symbol: str, x: float, y: float) -> None:
    """One symbol as the map draws it, 16 px wide, centred on ``y``."""
    box = (x, y - 8, x + 15, y + 7)
    if kind == "box":
        draw.rectangle(box, fill=WHITE, outline=INK)
        _text(image, (x + 7.5, y), symbol, 11, INK, bold=True)
    elif kind == "state":
        draw.rectangle(box, fill=STATE_FILL[symbol], outline=INK)
    elif kind == "gov":
        draw.polygon(
            [(x, y + 8), (x, y - 3), (x + 8, y - 10), (x + 16, y - 3), (x + 16, y + 8)], fill=WHITE, outline=INK
        )
        _text(image, (x + 8, y + 1), symbol, 9, INK, bold=True)
    elif kind == "badge":
        w = _legend_symbol_width(kind, symbol)
        draw.rounded_rectangle((x, y - 9, x + w, y + 9), radius=5, fill=seat_rgb(0), outline=INK)
        _text(image, (x + w / 2, y), symbol, 12, text_on(seat_rgb(0)), bold=True)
    elif kind == "spent":
        draw.rectangle((x + 4, y - 4, x + 11, y + 3), fill=INK)
    elif kind == "mine":
        draw.polygon([(x + 8, y - 9), (x, y + 7), (x + 16, y + 7)], fill=(245, 240, 225), outline=INK)
    elif kind == "disc":
        draw.ellipse((x - 1, y - 9, x + 17, y + 9), fill=BEAST, outline=COMBAT, width=2)
        _text(image, (x + 8, y), symbol, 9, WHITE, bold=True)
    elif kind == "closed":
        _text(image, (x + 8, y), symbol, 14, CLOSED_INK, bold=True)
    elif kind == "tile":
        draw.polygon(_hexagon(x + 8, y, 9), fill=TILE_BACK, outline=TILE_BACK_RIM)
        _text(image, (x + 8, y), symbol, 10, TILE_BACK_INK, bold=True)
    elif kind == "open":
        draw.polygon(_hexagon(x + 8, y, 9), fill=OPEN_SPACE, outline=OPEN_RIM)
    else:  # an Invocation level box: castable, out of reach or spent
        draw.rectangle(
            (x + 1, y - 7, x + 14, y + 7), fill=(225, 225, 225) if kind == "level-grey" else WHITE, outline=INK, width=2
        )
        _text(image, (x + 7.5, y), symbol, 9, MUTED if kind == "level-grey" else INK, bold=True)
        if kind == "level-spent":
            draw.line((x + 2, y - 6, x + 13, y + 6), fill=COMBAT, width=2)
            draw.line((x + 2, y + 6, x + 13, y - 6), fill=COMBAT, width=2)
