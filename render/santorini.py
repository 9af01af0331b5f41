"""The Santorini board from a view: levels as stacked tiers, domes, workers
with their seat letter, the last move and build outlined."""

from __future__ import annotations

from typing import Any, Sequence

from PIL import Image, ImageDraw

from render.common import HIGHLIGHT, INK, MUTED, PAPER, font, seat_rgb, text_on, to_png

CELL = 150
MARGIN = 60
HEADER = 90
WIDTH = MARGIN * 2 + CELL * 5
HEIGHT = HEADER + MARGIN + CELL * 5 + 40

GRASS = (143, 188, 110)
TIERS = [(236, 236, 236), (214, 214, 214), (190, 190, 190)]
TIER_EDGE = (120, 120, 120)
DOME = (37, 99, 164)


def _cell_box(name: str) -> tuple[int, int, int, int]:
    x = "abcde".index(name[0])
    y = int(name[1]) - 1
    left = MARGIN + x * CELL
    top = HEADER + (4 - y) * CELL
    return left, top, left + CELL, top + CELL


def render(view: dict[str, Any], names: Sequence[str]) -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    _header(draw, view, names)
    last = view.get("last", {})
    marked = set(last.get("move", [])) | set(last.get("builds", [])) | set(last.get("placed", []))
    for square in view["squares"]:
        _square(draw, square, square["name"] in marked)
    _coordinates(draw)
    return to_png(image)


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: Sequence[str]) -> None:
    seats = view["seats"]
    x = MARGIN
    for seat, colour in enumerate(seats):
        label = names[seat] if seat < len(names) else colour
        rgb = seat_rgb(seat)
        draw.rounded_rectangle((x, 18, x + 34, 52), radius=17, fill=rgb)
        draw.text((x + 17, 35), colour[0], font=font(20, bold=True), fill=text_on(rgb), anchor="mm")
        alive = view.get("alive", [True] * len(seats))[seat]
        text = f"{label} ({colour})" + ("" if alive else " — out")
        draw.text((x + 44, 35), text, font=font(22, bold=seat == view.get("turn")), fill=INK if alive else MUTED,
                  anchor="lm")
        x += 60 + int(font(22, bold=True).getlength(text))
    if view.get("winners"):
        status = f"{seats[view['winners'][0]]} wins — {view.get('reason', '')}"
    else:
        step = {"place": "to place a worker", "move": "to move", "build": "to build"}.get(view["phase"], "")
        status = f"{seats[view['turn']]} {step}"
    draw.text((MARGIN, 72), status, font=font(20), fill=MUTED, anchor="lm")


def _square(draw: ImageDraw.ImageDraw, square: dict[str, Any], marked: bool) -> None:
    left, top, right, bottom = _cell_box(square["name"])
    draw.rectangle((left, top, right, bottom), fill=GRASS, outline=(90, 130, 70), width=2)
    inset = 10
    for level in range(square["level"]):
        pad = inset + level * 16
        draw.rectangle((left + pad, top + pad, right - pad, bottom - pad), fill=TIERS[level],
                       outline=TIER_EDGE, width=2)
    cx, cy = (left + right) // 2, (top + bottom) // 2
    if square["dome"]:
        radius = 36
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=DOME, outline=(20, 50, 90), width=3)
    if square["level"]:
        draw.text((right - 14, bottom - 12), str(square["level"]), font=font(18, bold=True), fill=INK, anchor="rb")
    if square["worker"] is not None:
        rgb = seat_rgb(square["worker"])
        radius = 30
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=rgb, outline=INK, width=3)
        letter = "BOGPYCR"[square["worker"] % 7]
        draw.text((cx, cy), letter, font=font(28, bold=True), fill=text_on(rgb), anchor="mm")
    if marked:
        draw.rectangle((left + 3, top + 3, right - 3, bottom - 3), outline=HIGHLIGHT, width=6)


def _coordinates(draw: ImageDraw.ImageDraw) -> None:
    label_font = font(22, bold=True)
    for i, letter in enumerate("abcde"):
        x = MARGIN + i * CELL + CELL // 2
        draw.text((x, HEADER + 5 * CELL + 22), letter, font=label_font, fill=MUTED, anchor="mm")
    for rank in range(1, 6):
        y = HEADER + (5 - rank) * CELL + CELL // 2
        draw.text((MARGIN // 2, y), str(rank), font=label_font, fill=MUTED, anchor="mm")
