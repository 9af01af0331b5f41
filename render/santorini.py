"""The Santorini board from a view: a 5x5 board with coordinates, levels as
stacked tiers (with their number), domes, workers in seat colours with their
seat letter, the last turn's moves (arrows), forces (dashed), builds
(outlined) and removals (crossed), and every player's god with a one-line
reminder of its power.

Round things (workers, domes) are sprites drawn once at four times the size
and scaled down, so they have smooth edges while the board itself is drawn at
its real size; the picture is stored with a 128-colour palette, which keeps
rendering under 40 ms and the file small.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    draw_text,
    fit_text,
    font,
    seat_rgb,
    text_length,
    text_on,
    to_png,
)

SCALE = 1
SPRITE = 4
"""Sprites are drawn this many times larger, then scaled down."""
WIDTH = 900
CELL = 136
BOARD = CELL * 5
LEFT = (WIDTH - BOARD) // 2
ROW = 34
"""Height of one player line in the header."""

GRASS = (156, 196, 120)
GRASS_EDGE = (118, 158, 88)
TIER_FACE = [(244, 241, 232), (226, 220, 204), (204, 196, 176)]
TIER_SIDE = [(170, 164, 150), (150, 143, 126), (128, 120, 102)]
DOME = (62, 64, 72)
"""Domes are charcoal, not the box's blue: a blue dome read as a Blue worker."""
DOME_LIGHT = (206, 210, 218)
DOME_RIM = (22, 24, 28)
GOD_NAME = (122, 74, 24)
"""God names in the header: bronze, apart from every seat colour and the domes."""
FORCE = (120, 60, 160)
REMOVED = (200, 40, 40)
LETTERS = "BOGPYCR"
LEVEL_SIZE = 26
"""Level numbers: a dark tag in the corner of every built square, large
enough to read at Discord's ~400 px preview."""
LEGEND_SIZE = 15


def render(view: dict[str, Any], names: Sequence[str]) -> bytes:
    """The PNG of a public (or seat's) view."""
    players = view["players"]
    header = 16 + ROW * players + 44
    height = header + BOARD + 72
    image = Image.new("RGB", (WIDTH * SCALE, height * SCALE), PAPER)
    draw = ImageDraw.Draw(image)
    _header(draw, view, names)
    top = header
    last = view.get("last", {})
    built = set(last.get("builds", [])) | set(last.get("placed", []))
    for square in view["squares"]:
        _square(draw, view, square, top, square["name"] in built)
    for frm, to in last.get("forces", []):
        _arrow(draw, _centre(frm, top), _centre(to, top), FORCE, dashed=True)
    for frm, to in last.get("moves", []):
        _arrow(draw, _centre(frm, top), _centre(to, top), HIGHLIGHT, dashed=False)
    for name in last.get("removed", []):
        _cross(draw, _centre(name, top))
    for square in view["squares"]:  # over the arrows: a move never hides a height
        if square["level"]:
            _level_tag(draw, square, top)
    _coordinates(draw, top)
    _legend(draw, top + BOARD + 52)
    if view.get("offered"):
        _offer_panel(draw, view["offered"], top)
    return to_png(
        image.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE), compress_level=3
    )


# -- geometry -------------------------------------------------------------------------


def _s(value: float) -> int:
    return int(round(value * SCALE))


def _cell(name: str, top: int) -> tuple[int, int, int, int]:
    x = "abcde".index(name[0])
    y = int(name[1]) - 1
    left = LEFT + x * CELL
    upper = top + (4 - y) * CELL
    return left, upper, left + CELL, upper + CELL


def _centre(name: str, top: int) -> tuple[float, float]:
    left, upper, right, lower = _cell(name, top)
    return (left + right) / 2, (upper + lower) / 2


def _box(*coords: float) -> tuple[int, ...]:
    return tuple(_s(c) for c in coords)


def _point(x: float, y: float) -> tuple[int, int]:
    """A text anchor at picture scale (``_box`` for one point)."""
    return _s(x), _s(y)


# -- header: players, gods, whose turn ---------------------------------------------------

BADGE_X = 34
"""Centre of a seat's lettered badge in the header."""
NAME_X = 56
GOD_X = 306
REMINDER_X = 440
REMINDER_WIDTH = WIDTH - REMINDER_X - 16
REMINDER_SIZE = 15


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: Sequence[str]) -> None:
    """One row per seat in fixed columns (badge and name, god, the god's
    one-line reminder), then the line saying who is to do what."""
    seats = view["seats"]
    gods = view.get("gods") or [None] * len(seats)
    acting = view.get("turn")
    winners = set(view.get("winners", []))
    alive = view.get("alive", [True] * len(seats))
    bold = font(_s(17), bold=True)
    y = 16
    for seat, colour in enumerate(seats):
        rgb = seat_rgb(seat)
        cy = y + ROW / 2
        draw.ellipse(_box(BADGE_X - 13, cy - 13, BADGE_X + 13, cy + 13), fill=rgb, outline=INK, width=_s(1.5))
        draw.text(_point(BADGE_X, cy), colour[0], font=font(_s(15), bold=True), fill=text_on(rgb), anchor="mm")
        label = names[seat] if seat < len(names) and names[seat] else colour
        mark = "★ " if seat in winners else "▶ " if seat == acting else ""
        suffix = f" ({colour})" if label != colour else ""
        room = GOD_X - NAME_X - 10 - text_length(suffix, bold) / SCALE
        ink = INK if alive[seat] else MUTED
        draw_text(draw, _point(NAME_X, cy), fit_text(mark + label, bold, room * SCALE) + suffix, bold, ink, anchor="lm")
        god = gods[seat]
        if god:
            draw.text(
                _point(GOD_X, cy), god["display"], font=bold, fill=GOD_NAME if alive[seat] else MUTED, anchor="lm"
            )
            if not alive[seat]:
                width = bold.getlength(god["display"]) / SCALE
                draw.line(_box(GOD_X, cy, GOD_X + width, cy), fill=MUTED, width=_s(2))
        _reminder(draw, god, alive[seat], cy)
        y += ROW
    status = view.get("prompt", "")
    if view.get("mode") in ("teams", "agora"):
        status += "  · " + (
            "2 vs 2: Blue+Green against Orange+Purple"
            if view["mode"] == "teams"
            else "Agora: partners across share workers, each wins alone"
        )
    draw.text(_point(20, y + 18), _fit(status, WIDTH - 40, 17), font=font(_s(17)), fill=INK, anchor="lm")


def _reminder(draw: ImageDraw.ImageDraw, god: dict[str, Any] | None, alive: bool, cy: float) -> None:
    """The reminder column: a god's live status (Morpheus's bank, Athena's
    curse) in front of its one-line reminder; "out" for a player who lost."""
    x: float = REMINDER_X
    if not alive:
        draw.text(
            _point(x, cy), "out of the game", font=font(_s(REMINDER_SIZE), condensed=True), fill=MUTED, anchor="lm"
        )
        return
    if god is None:
        return
    if god.get("status"):
        tag = f"[{god['status']}] "
        draw.text(_point(x, cy), tag, font=font(_s(REMINDER_SIZE), bold=True), fill=FORCE, anchor="lm")
        x += font(_s(REMINDER_SIZE), bold=True).getlength(tag) / SCALE
    draw.text(
        _point(x, cy),
        _fit(god["reminder"], REMINDER_X + REMINDER_WIDTH - x, REMINDER_SIZE),
        font=font(_s(REMINDER_SIZE), condensed=True),
        fill=MUTED,
        anchor="lm",
    )


def reminder_fits(reminder: str, status: str = "") -> bool:
    """Whether a god's reminder (after a status tag) fits its column uncut."""
    width = font(_s(REMINDER_SIZE), condensed=True).getlength(reminder)
    if status:
        width += font(_s(REMINDER_SIZE), bold=True).getlength(f"[{status}] ")
    return width <= REMINDER_WIDTH * SCALE


def _fit(text: str, width: float, size: int, bold: bool = False) -> str:
    """Cut ``text`` with an ellipsis to fit ``width`` pixels."""
    measure = font(_s(size), bold=True) if bold else font(_s(size), condensed=True)
    if measure.getlength(text) <= width * SCALE:
        return text
    while text and measure.getlength(text + "…") > width * SCALE:
        text = text[:-1]
    return text + "…"


# -- the board --------------------------------------------------------------------------------


def _square(draw: ImageDraw.ImageDraw, view: dict[str, Any], square: dict[str, Any], top: int, marked: bool) -> None:
    left, upper, right, lower = _cell(square["name"], top)
    draw.rectangle(_box(left, upper, right, lower), fill=GRASS, outline=GRASS_EDGE, width=_s(2))
    for level in range(square["level"]):
        pad = 9 + level * 15
        depth = 6
        draw.rectangle(
            _box(left + pad + depth, upper + pad + depth, right - pad + depth - 4, lower - pad + depth - 4),
            fill=TIER_SIDE[level],
        )
        draw.rectangle(
            _box(left + pad, upper + pad, right - pad - 4, lower - pad - 4),
            fill=TIER_FACE[level],
            outline=TIER_SIDE[level],
            width=_s(2),
        )
    cx, cy = (left + right) / 2 - 2, (upper + lower) / 2 - 2
    if square["dome"]:
        _paste(draw, _dome_sprite(), cx, cy)
    if square["worker"] is not None:
        seats = tuple(view["pools"][square["worker"]]["seats"])
        _paste(draw, _worker_sprite(seats, bool(square.get("female"))), cx + 1, cy + 2)
    if marked:
        draw.rectangle(_box(left + 3, upper + 3, right - 3, lower - 3), outline=HIGHLIGHT, width=_s(5))


def _level_tag(draw: ImageDraw.ImageDraw, square: dict[str, Any], top: int) -> None:
    """The height of a built square as a white number on a dark tag in its
    lower-left corner."""
    left, _, _, lower = _cell(square["name"], top)
    size = LEVEL_SIZE + 6
    box = (left + 5, lower - 5 - size, left + 5 + size, lower - 5)
    draw.rounded_rectangle(_box(*box), radius=_s(6), fill=INK, outline=PAPER, width=_s(2))
    draw.text(
        _point((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
        str(square["level"]),
        font=font(_s(LEVEL_SIZE), bold=True),
        fill=PAPER,
        anchor="mm",
    )


def _paste(draw: ImageDraw.ImageDraw, sprite: Image.Image, cx: float, cy: float) -> None:
    image = draw._image  # the image this draw works on
    image.paste(sprite, (int(cx - sprite.width / 2), int(cy - sprite.height / 2)), sprite)


@lru_cache(maxsize=64)
def _dome_sprite(r: int = 44) -> Image.Image:
    """A dome seen from above: a charcoal cupola with ribs, a ring and a
    finial, wider than a worker, so it never reads as a worker token (round,
    coloured, lettered)."""
    big = Image.new("RGBA", ((2 * r + 4) * SPRITE,) * 2, (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    c = (r + 2) * SPRITE
    k = SPRITE * r / 36  # the drawing's proportions are those of a 36 px dome
    line = max(1, round(2 * k))
    draw.ellipse(
        (c - 36 * k, c - 36 * k, c + 36 * k, c + 36 * k), fill=DOME, outline=DOME_RIM, width=max(1, round(3 * k))
    )
    for angle in range(0, 360, 45):
        dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        draw.line((c + dx * 9 * k, c + dy * 9 * k, c + dx * 33 * k, c + dy * 33 * k), fill=DOME_LIGHT, width=line)
    inner = 19 * k
    draw.ellipse((c - inner, c - inner, c + inner, c + inner), outline=DOME_LIGHT, width=line)
    draw.ellipse((c - 8 * k, c - 8 * k, c + 8 * k, c + 8 * k), fill=DOME_LIGHT, outline=DOME_RIM, width=line)
    return big.resize((2 * r + 4, 2 * r + 4), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def _worker_sprite(seats: tuple[int, ...], female: bool) -> Image.Image:
    """A worker: its seat colour (two halves for a shared pool), a dark rim,
    a shadow, the seat letter(s), and ♀ for Selene's female worker."""
    r, size = 29, 70
    big = Image.new("RGBA", (size * SPRITE, size * SPRITE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    c = size * SPRITE / 2
    k = SPRITE
    draw.ellipse((c - r * k + 3 * k, c - r * k + 5 * k, c + r * k + 3 * k, c + r * k + 5 * k), fill=(60, 60, 60, 200))
    box = (c - r * k, c - r * k, c + r * k, c + r * k)
    if len(seats) == 1:
        draw.ellipse(box, fill=seat_rgb(seats[0]))
    else:
        draw.pieslice(box, 90, 270, fill=seat_rgb(seats[0]))
        draw.pieslice(box, 270, 90, fill=seat_rgb(seats[1]))
    draw.ellipse(box, outline=INK, width=3 * k)
    letters = "".join(LETTERS[s % len(LETTERS)] for s in seats)
    ink = text_on(seat_rgb(seats[0]))
    halo = (255, 255, 255) if ink == INK else INK
    draw.text(
        (c, c),
        letters,
        font=font((26 if len(letters) == 1 else 19) * k, bold=True),
        fill=ink,
        anchor="mm",
        stroke_width=int(1.5 * k),
        stroke_fill=halo,
    )
    if female:
        draw.text(
            (c + (r - 2) * k, c - (r - 4) * k),
            "♀",
            font=font(18 * k, bold=True),
            fill=INK,
            anchor="mm",
            stroke_width=2 * k,
            stroke_fill=(255, 255, 255),
        )
    return big.resize((size, size), Image.Resampling.LANCZOS)


def _arrow(
    draw: ImageDraw.ImageDraw,
    start: tuple[float, float],
    end: tuple[float, float],
    colour: tuple[int, int, int],
    dashed: bool,
) -> None:
    (x0, y0), (x1, y1) = start, end
    angle = math.atan2(y1 - y0, x1 - x0)
    shorten = 30
    x0, y0 = x0 + math.cos(angle) * shorten, y0 + math.sin(angle) * shorten
    x1, y1 = x1 - math.cos(angle) * shorten, y1 - math.sin(angle) * shorten
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 4:
        return
    width = 5 if not dashed else 4
    if dashed:
        steps = max(1, int(length // 12))
        for i in range(0, steps, 2):
            a, b = i / steps, min(1.0, (i + 1) / steps)
            draw.line(
                _box(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a, x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
                fill=colour,
                width=_s(width),
            )
    else:
        draw.line(_box(x0, y0, x1, y1), fill=INK, width=_s(width + 3))
        draw.line(_box(x0, y0, x1, y1), fill=colour, width=_s(width))
    head = 14
    left = (x1 - head * math.cos(angle - 0.45), y1 - head * math.sin(angle - 0.45))
    right = (x1 - head * math.cos(angle + 0.45), y1 - head * math.sin(angle + 0.45))
    draw.polygon([_box(x1, y1), _box(*left), _box(*right)], fill=colour, outline=INK if not dashed else colour)


def _offer_panel(draw: ImageDraw.ImageDraw, offered: list[dict[str, Any]], top: int) -> None:
    """During god selection: the gods on offer, with their reminders."""
    row = 44
    height = 56 + row * len(offered)
    x0, y0 = LEFT + 40, top + 60
    draw.rounded_rectangle(
        _box(x0, y0, x0 + BOARD - 80, y0 + height), radius=_s(14), fill=PAPER, outline=TIER_SIDE[2], width=_s(2)
    )
    draw.text(_point(x0 + 20, y0 + 26), "Gods on offer", font=font(_s(20), bold=True), fill=INK, anchor="lm")
    for i, god in enumerate(offered):
        y = y0 + 56 + row * i + row / 2 - 6
        draw.text(_point(x0 + 20, y), god["display"], font=font(_s(18), bold=True), fill=GOD_NAME, anchor="lm")
        draw.text(
            _point(x0 + 150, y),
            _fit(god["reminder"], BOARD - 80 - 170, 15),
            font=font(_s(15), condensed=True),
            fill=INK,
            anchor="lm",
        )


def _cross(draw: ImageDraw.ImageDraw, centre: tuple[float, float], r: float = 22, width: float = 6) -> None:
    cx, cy = centre
    for a, b in (((cx - r, cy - r), (cx + r, cy + r)), ((cx - r, cy + r), (cx + r, cy - r))):
        draw.line(_box(*a, *b), fill=REMOVED, width=_s(width))


def _coordinates(draw: ImageDraw.ImageDraw, top: int) -> None:
    label = font(_s(20), bold=True)
    for i, letter in enumerate("abcde"):
        draw.text(_point(LEFT + i * CELL + CELL / 2, top + BOARD + 20), letter, font=label, fill=MUTED, anchor="mm")
    for rank in range(1, 6):
        draw.text(_point(LEFT - 22, top + (5 - rank) * CELL + CELL / 2), str(rank), font=label, fill=MUTED, anchor="mm")


def _legend(draw: ImageDraw.ImageDraw, cy: float) -> None:
    """One line under the board, each entry drawn the way the board draws
    it: a height tag, a dome, the last move's arrow, a forced move's dashed
    arrow, a square built on last turn, a removed worker's cross."""
    label = font(_s(LEGEND_SIZE), condensed=True)
    entries = ("height", "dome", "last move", "forced", "built last turn", "removed")
    gap, icon = 22, 34
    total = sum(icon + 6 + label.getlength(text) / SCALE for text in entries) + gap * (len(entries) - 1)
    x = (WIDTH - total) / 2
    for text in entries:
        _legend_icon(draw, text, x, cy, icon)
        x += icon + 6
        draw.text(_point(x, cy), text, font=label, fill=INK, anchor="lm")
        x += label.getlength(text) / SCALE + gap


def _legend_icon(draw: ImageDraw.ImageDraw, entry: str, x: float, cy: float, width: float) -> None:
    if entry == "height":
        draw.rounded_rectangle(_box(x + 7, cy - 11, x + 29, cy + 11), radius=_s(4), fill=INK)
        draw.text(_point(x + 18, cy), "2", font=font(_s(17), bold=True), fill=PAPER, anchor="mm")
    elif entry == "dome":
        _paste(draw, _dome_sprite(12), x + width / 2, cy)
    elif entry == "last move":
        _arrow(draw, (x - 30, cy), (x + width + 30, cy), HIGHLIGHT, dashed=False)
    elif entry == "forced":
        _arrow(draw, (x - 30, cy), (x + width + 30, cy), FORCE, dashed=True)
    elif entry == "built last turn":
        draw.rectangle(_box(x + 5, cy - 12, x + 29, cy + 12), fill=GRASS, outline=HIGHLIGHT, width=_s(4))
    else:
        _cross(draw, (x + width / 2, cy), 9, 4)
