"""The Thera table from a view: the central board (role wheel, luxury pool,
novelty tracks, bag, recognition track, industry pool) above every player's
island (locations, roads, buildings, resources, vistas, the Port).

Every colour also carries a letter or a shape: resources are W/S/L/C chips,
luxury types T/V/E/A, seats their initial. Hands are never drawn here, only
their size (the public view has nothing more); ``hand_text`` words a seat's
private view for DMs and ``/hand``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    SEAT_RGB,
    draw_text,
    fit_name,
    fit_text,
    font,
    seat_rgb,
    text_on,
    to_png,
)

# -- palette ---------------------------------------------------------------------------

SEA = (206, 226, 238)
LAND = (238, 228, 204)
LAND_EDGE = (176, 158, 122)
VISTA = (222, 236, 250)
START_MARK = (190, 170, 130)
ROAD_UNBUILT = (200, 192, 176)
ROAD_BUILT = (122, 84, 48)
INDUSTRY = (214, 204, 186)
PANEL = (255, 253, 248)
PANEL_EDGE = (200, 192, 176)
LAST_MOVE = (214, 40, 40)
"""The ring and arrow that mark the last move on an island (red, like the final-round line)."""

RESOURCE_STYLE = {  # fill, letter
    "water": ((0, 114, 178), "W"),
    "stone": ((128, 128, 128), "S"),
    "lumber": ((140, 86, 40), "L"),
    "cloth": ((250, 250, 250), "C"),
}
TYPE_STYLE = {  # fill, letter
    "temple": ((204, 121, 167), "T"),
    "vineyard": ((150, 60, 90), "V"),
    "entertainment": ((230, 159, 0), "E"),
    "art": ((0, 158, 115), "A"),
}
ROLE_TITLE = {
    "priest": "Priest",
    "noble": "Noble",
    "worker": "Worker",
    "planner": "Planner",
    "builder": "Builder",
    "trader": "Trader",
}

# -- geometry ----------------------------------------------------------------------------

WIDTH = 1500
MARGIN = 16
HEADER = 56
BOARD_HEIGHT = 360
COLUMNS = 3
ISLAND_W = (WIDTH - MARGIN * (COLUMNS + 1)) // COLUMNS
CELL = 64
GAP = 12
ISLAND_HEAD = 64
ISLAND_H = ISLAND_HEAD + 5 * CELL + 4 * GAP + 24


def render(view: dict[str, Any], names: Sequence[str]) -> bytes:
    """The PNG of a Thera view (public or a seat's: both draw the same)."""
    players = view["players"]
    rows = math.ceil(players / COLUMNS)
    height = HEADER + BOARD_HEIGHT + MARGIN + rows * (ISLAND_H + MARGIN)
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    labels = [_seat_label(view, seat, names, NAME_ROOM) for seat in range(players)]
    _header(draw, view, labels)
    _board(draw, view, labels, MARGIN, HEADER)
    top = HEADER + BOARD_HEIGHT + MARGIN
    for slot in range(rows * COLUMNS):
        row, column = divmod(slot, COLUMNS)
        left, y = MARGIN + column * (ISLAND_W + MARGIN), top + row * (ISLAND_H + MARGIN)
        if slot < players:
            _island(image, draw, view, slot, labels[slot], left, y)
        elif slot == players:
            _legend(draw, view, labels, left, y)
    # A flat palette keeps the PNG small and quick to encode; mapping to a
    # fixed palette takes a few ms where building one per picture took ~20.
    return to_png(image.quantize(palette=_palette(), dither=Image.Dither.NONE), compress_level=3)


_PALETTE: list[Image.Image] = []


def _palette() -> Image.Image:
    """The board's 256 colours, worked out once: every colour the board
    draws with, exactly, and the blends that anti-aliased edges make between
    each foreground colour and each background, reduced to fill the rest."""
    if _PALETTE:
        return _PALETTE[0]
    backgrounds = [
        PAPER,
        PANEL,
        SEA,
        LAND,
        VISTA,
        INDUSTRY,
        (255, 255, 255),
        HIGHLIGHT,
        (250, 240, 214),
        (255, 226, 140),
        (245, 240, 228),
        ROAD_BUILT,
        ROAD_UNBUILT,
    ]
    backgrounds += [rgb for rgb, _ in RESOURCE_STYLE.values()] + [rgb for rgb, _ in TYPE_STYLE.values()]
    backgrounds += [seat_rgb(seat) for seat in range(len(SEAT_RGB))]
    foregrounds = backgrounds + [INK, MUTED, LAND_EDGE, PANEL_EDGE, START_MARK, (30, 80, 150), (180, 40, 40), LAST_MOVE]
    exact = sorted({tuple(c) for c in foregrounds})
    blends = set()
    for fg in foregrounds:
        for bg in backgrounds:
            for share in (0.25, 0.5, 0.75):
                blends.add(tuple(round(f * share + b * (1 - share)) for f, b in zip(fg, bg)))
    swatch = Image.new("RGB", (len(blends), 1))
    swatch.putdata(sorted(blends))
    reduced = swatch.quantize(colors=256 - len(exact), method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    reduced_colours = reduced.getpalette()
    assert reduced_colours is not None  # quantize always makes a palette ("P") image
    palette = Image.new("P", (1, 1))
    palette.putpalette([v for colour in exact for v in colour] + reduced_colours[: 3 * (256 - len(exact))])
    _PALETTE.append(palette)
    return palette


_STAMPS: dict[tuple[str, int, bool, str], tuple[Image.Image, int, int]] = {}
_STAMPS_KEPT = 4096


def _text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int],
    anchor: str = "la",
    bold: bool = False,
) -> None:
    """``draw.text`` in the DejaVu font for the board's own words and numbers:
    each (text, size, anchor) is rendered once into a grey mask and then only
    stamped, which is most of the drawing time saved on a five-island board
    (the same few hundred labels every time). Player names go through
    ``render.common.draw_text`` instead, for its font fallback."""
    key = (text, size, bold, anchor)
    stamp = _STAMPS.get(key)
    if stamp is None:
        fnt = font(size, bold=bold)
        # FreeType boxes are whole pixels; Pillow's stubs type them as float.
        left, top, right, bottom = (int(edge) for edge in fnt.getbbox(text, anchor=anchor))
        mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
        ImageDraw.Draw(mask).text((-left, -top), text, font=fnt, fill=255, anchor=anchor)
        if len(_STAMPS) >= _STAMPS_KEPT:
            _STAMPS.clear()
        stamp = _STAMPS[key] = (mask, left, top)
    mask, left, top = stamp
    draw.bitmap((round(xy[0] + left), round(xy[1] + top)), mask, fill=fill)


def _fit(text: str, fnt: Any, width: float) -> str:
    """``text`` shortened with a full stop until it fits ``width`` pixels."""
    while fnt.getlength(text) > width and len(text) > 3:
        text = text[:-2].rstrip() + "."
    return text


NAME_ROOM = 260
"""Pixels (16 px bold) a seat's label may take in the picture: "name (Colour)",
the name shortened with "…"; the island head has this much room."""


def _seat_label(view: dict[str, Any], seat: int, names: Sequence[str], room: float | None = None) -> str:
    """ "name (Colour)"; fitted to ``room`` pixels in 16 px bold when given (pictures)."""
    colour = view["seats"][seat]
    if not (seat < len(names) and names[seat]):
        return colour
    if room is None:
        return f"{names[seat]} ({colour})"
    return fit_name(names[seat], font(16, bold=True), room, f" ({colour})")


# -- header ------------------------------------------------------------------------------


def _status(view: dict[str, Any], labels: list[str]) -> str:
    step = view["step"]
    if step == "over":
        outcome = view.get("outcome") or {}
        winners = " and ".join(labels[s] for s in outcome.get("winners", []))
        return f"Game over: {winners} win{'s' if len(outcome.get('winners', [])) == 1 else ''}."
    if step == "setup":
        waiting = ", ".join(labels[s] for s in view["to_move"])
        return f"Advanced set-up: keep two starting tiles and place them. Waiting for {waiting}."
    if step == "choose":
        return f"{labels[view['turn']]} chooses a role."
    phase = view["phase"]
    role = ROLE_TITLE[phase["role"]]
    if phase["second"]:
        head = f"{role} phase (second phase of {labels[phase['chooser']]}'s turn, no favored actions)"
    else:
        head = f"{role} phase, {labels[phase['favored']]} favored with {phase['favor']} favor"
    waiting = ", ".join(labels[s] for s in view["to_move"])
    return f"{head}. Waiting for {waiting}."


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], labels: list[str]) -> None:
    _text(draw, (MARGIN, 14), "Thera", 28, INK, bold=True)
    draw_text(
        draw, (MARGIN + 100, 20), fit_text(_status(view, labels), font(18), WIDTH - 2 * MARGIN - 100), font(18), INK
    )
    last_move = view.get("last_move")
    if last_move:
        caption = f"Last move: {labels[last_move['seat']]}: {last_move['action']}"
        draw_text(
            draw,
            (WIDTH - MARGIN, 42),
            fit_text(caption, font(14, bold=True), 700),
            font(14, bold=True),
            LAST_MOVE,
            anchor="ra",
        )
    if view["final_round"] and view["step"] != "over":
        text = f"Final round: the bag is empty; the game ends after {labels[view['final_seat']]}'s turn."
        draw_text(draw, (MARGIN + 100, 42), text, font(14, bold=True), (180, 40, 40))


# -- central board ---------------------------------------------------------------------------


def _board(draw: ImageDraw.ImageDraw, view: dict[str, Any], labels: list[str], left: int, top: int) -> None:
    draw.rounded_rectangle(
        (left, top, WIDTH - MARGIN, top + BOARD_HEIGHT), radius=12, fill=PANEL, outline=PANEL_EDGE, width=2
    )
    _wheel(draw, view, left + 170, top + 190)
    _pool(draw, view, left + 345, top + 12)
    _recognition(draw, view, labels, left + 345, top + 200)
    _novelty(draw, view, left + 880, top + 12)
    _industry_pool(draw, view, left + 880, top + 200)


def _wheel(draw: ImageDraw.ImageDraw, view: dict[str, Any], cx: int, cy: int) -> None:
    radius = 150
    phase = view.get("phase")
    current = phase["role"] if phase else None
    last = view.get("last") or {}
    slots = view["wheel"]
    step = 360 / len(slots)
    for i, slot in enumerate(slots):
        start = -90 - step / 2 + i * step  # slot 0 at the top, clockwise
        fill = (250, 240, 214) if slot["role"] != current else (255, 226, 140)
        draw.pieslice(
            (cx - radius, cy - radius, cx + radius, cy + radius),
            start,
            start + step,
            fill=fill,
            outline=LAND_EDGE,
            width=2,
        )
        middle = math.radians(start + step / 2)
        tx, ty = cx + math.cos(middle) * radius * 0.62, cy + math.sin(middle) * radius * 0.62
        _text(draw, (tx, ty - 22), ROLE_TITLE[slot["role"]], 15, INK, anchor="mm", bold=True)
        _text(draw, (tx, ty + 2), f"{slot['favor']}", 24, INK, anchor="mm", bold=True)
        spent = phase["spent"] if phase and slot["role"] == current and not phase["second"] else 0
        # Drachma spent lie on the role as temporary favor until the phase ends.
        caption = f"favor +{spent} temp." if spent else "favor"
        _text(draw, (tx, ty + 22), caption, 11, INK if spent else MUTED, anchor="mm", bold=bool(spent))
        if slot["chosen_by"] is not None:
            _seat_badge(
                draw, slot["chosen_by"], view["seats"], tx + 32, ty + 2, 10, ring=slot["role"] == last.get("role")
            )
    draw.ellipse((cx - 30, cy - 30, cx + 30, cy + 30), fill=PANEL, outline=LAND_EDGE, width=2)
    _text(draw, (cx, cy - 7), "bag", 11, MUTED, anchor="mm")
    _text(draw, (cx, cy + 9), str(view["bag"]), 20, INK, anchor="mm", bold=True)
    _text(draw, (cx - 160, cy - 184), "Role wheel (badge: who chose it last)", 12, MUTED)


def _seat_badge(
    draw: ImageDraw.ImageDraw, seat: int, seats: Sequence[str], x: float, y: float, r: int, ring: bool = False
) -> None:
    rgb = seat_rgb(seat)
    if ring:
        draw.ellipse((x - r - 4, y - r - 4, x + r + 4, y + r + 4), outline=INK, width=3)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=rgb, outline=INK, width=1)
    _text(draw, (x, y), seats[seat][0], int(r * 1.3), text_on(rgb), anchor="mm", bold=True)


def _cost_chips(draw: ImageDraw.ImageDraw, cost: dict[str, int] | None, x: int, y: int, size: int = 15) -> int:
    """Draw a cost as resource chips and a drachma figure; returns the end x."""
    costs = cost or {}
    for name, (rgb, letter) in RESOURCE_STYLE.items():
        count = costs.get(name, 0)
        if count:
            x = _chip(draw, x, y, rgb, letter, count, size) + 3
    if costs.get("drachma"):
        _text(draw, (x, y + size // 2), f"{costs['drachma']}d", size - 2, INK, anchor="lm", bold=True)
        x += int(font(size - 2, bold=True).getlength(f"{costs['drachma']}d")) + 3
    return x


def _chip(
    draw: ImageDraw.ImageDraw, x: int, y: int, rgb: tuple[int, int, int], letter: str, count: int, size: int
) -> int:
    draw.rectangle((x, y, x + size, y + size), fill=rgb, outline=INK, width=1)
    _text(draw, (x + size / 2, y + size / 2), letter, size - 5, text_on(rgb), anchor="mm", bold=True)
    _text(draw, (x + size + 2, y + size / 2), str(count), size - 3, INK, anchor="lm", bold=True)
    return x + size + 3 + int(font(size - 3, bold=True).getlength(str(count)))


def _pool(draw: ImageDraw.ImageDraw, view: dict[str, Any], left: int, top: int) -> None:
    _text(
        draw,
        (left, top),
        f"Luxury pool ({len(view['pool'])})   bag {view['bag']}   discarded "
        f"{view['discarded']}   removed before play {view['removed']}",
        14,
        INK,
        bold=True,
    )
    card_w, card_h = 168, 72
    if not view["pool"]:
        _text(draw, (left, top + 30), "empty until the Priest is chosen", 14, MUTED)
    for i, card in enumerate(view["pool"]):
        row, column = divmod(i, 3)
        x, y = left + column * (card_w + 8), top + 24 + row * (card_h + 8)
        _luxury_card(draw, card, x, y, card_w, card_h)


def _luxury_card(draw: ImageDraw.ImageDraw, card: dict[str, Any], x: int, y: int, w: int, h: int) -> None:
    rgb, letter = TYPE_STYLE[card["type"]]
    draw.rounded_rectangle((x, y, x + w, y + h), radius=6, fill=(255, 255, 255), outline=rgb, width=3)
    draw.rectangle((x + 3, y + 3, x + 24, y + h - 3), fill=rgb)
    _text(draw, (x + 13, y + h / 2), letter, 15, text_on(rgb), anchor="mm", bold=True)
    _text(draw, (x + 30, y + 6), _fit(card["name"], font(13, bold=True), w - 70), 13, INK, bold=True)
    _text(draw, (x + 30, y + 24), card["id"], 11, MUTED)
    _text(draw, (x + w - 8, y + 8), f"{card['recognition']}★", 15, INK, anchor="ra", bold=True)
    _cost_chips(draw, card["cost"], x + 30, y + h - 24, 15)


def _novelty(draw: ImageDraw.ImageDraw, view: dict[str, Any], left: int, top: int) -> None:
    _text(draw, (left, top), "Novelty (bonus for the next luxury of each type)", 14, INK, bold=True)
    box = 30
    for row, entry in enumerate(view["novelty"]):
        y = top + 26 + row * (box + 8)
        rgb, letter = TYPE_STYLE[entry["type"]]
        draw.rectangle((left, y, left + box, y + box), fill=rgb)
        _text(draw, (left + box / 2, y + box / 2), letter, 16, text_on(rgb), anchor="mm", bold=True)
        _text(draw, (left + box + 6, y + box / 2), entry["name"], 13, INK, anchor="lm")
        for i, value in enumerate(entry["track"]):
            x = left + 140 + i * (box + 4)
            here = i == entry["position"]
            draw.rectangle(
                (x, y, x + box, y + box),
                fill=HIGHLIGHT if here else (245, 240, 228),
                outline=INK if here else PANEL_EDGE,
                width=3 if here else 1,
            )
            _text(draw, (x + box / 2, y + box / 2), str(value), 14, INK, anchor="mm", bold=here)


def _industry_pool(draw: ImageDraw.ImageDraw, view: dict[str, Any], left: int, top: int) -> None:
    _text(draw, (left, top), "Industry pool (left, cost, recognition)", 14, INK, bold=True)
    for i, entry in enumerate(view["industry"]):
        row, column = i % 5, i // 5
        x, y = left + column * 300, top + 22 + row * 25
        colour = INK if entry["left"] else MUTED
        label = _fit(f"{entry['left']}× {entry['name']}", font(13, bold=True), 136)
        _text(draw, (x, y), label, 13, colour, bold=True)
        end = _cost_chips(draw, entry["cost"], x + 140, y, 14)
        _text(draw, (end + 2, y), f"{entry['recognition']}★", 13, colour)


def _recognition(draw: ImageDraw.ImageDraw, view: dict[str, Any], labels: list[str], left: int, top: int) -> None:
    _text(draw, (left, top), "Recognition so far", 14, INK, bold=True)
    _text(draw, (left + 150, top + 2), "buildings + bonus; each drachma adds 1/4 at the end", 12, MUTED)
    totals = [island["recognition"] for island in view["islands"]]
    span = int(math.ceil(max(30, max(totals) + 5) / 10) * 10)
    x0, x1, y = left + 10, left + 500, top + 104
    draw.line((x0, y, x1, y), fill=INK, width=2)
    for mark in range(0, span + 1, 5):
        x = x0 + (x1 - x0) * mark / span
        draw.line((x, y - 4, x, y + 4), fill=INK, width=1)
        if mark % 10 == 0:
            _text(draw, (x, y + 12), str(mark), 11, MUTED, anchor="mm")
    stacked: dict[int, int] = {}
    for seat, total in enumerate(totals):
        level = stacked.get(total, 0)
        stacked[total] = level + 1
        # Tied markers stack upward; five fit below the heading (all tied at the start).
        _seat_badge(draw, seat, view["seats"], x0 + (x1 - x0) * total / span, y - 13 - level * 16, 8)
    lines = [f"{fit_text(labels[s], font(13), 150)} {t}" for s, t in enumerate(totals)]
    draw_text(draw, (left, y + 24), "   ".join(lines[:3]), font(13), INK)
    if len(lines) > 3:
        draw_text(draw, (left, y + 40), "   ".join(lines[3:]), font(13), INK)


# -- islands -----------------------------------------------------------------------------------


def _cell_origin(x: int, y: int) -> tuple[int, int]:
    """Top-left corner of a location inside an island panel."""
    grid_w = 6 * CELL + 5 * GAP
    return (ISLAND_W - grid_w) // 2 + x * (CELL + GAP), ISLAND_HEAD + (4 - y) * (CELL + GAP)


def _road_box(a: dict[str, Any], b: dict[str, Any], built: bool) -> tuple[int, int, int, int]:
    ax, ay = _cell_origin(a["x"], a["y"])
    bx, by = _cell_origin(b["x"], b["y"])
    half = 6 if built else 3
    if a["y"] == b["y"]:  # east-west: the road fills the gap between the two cells
        x0 = min(ax, bx) + CELL
        return x0, ay + CELL // 2 - half, x0 + GAP, ay + CELL // 2 + half
    y0 = min(ay, by) + CELL
    return ax + CELL // 2 - half, y0, ax + CELL // 2 + half, y0 + GAP


_BLANK: dict[str, Image.Image] = {}


def _blank_island(layout: dict[str, Any]) -> Image.Image:
    """The printed mat (sea, locations, names, vista values, unbuilt roads),
    the same for every player: drawn once, pasted per island."""
    key = repr(layout)
    if key in _BLANK:
        return _BLANK[key]
    image = Image.new("RGB", (ISLAND_W, ISLAND_H), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, ISLAND_W - 1, ISLAND_H - 1), radius=10, fill=SEA, outline=PANEL_EDGE, width=2)
    locations = {loc["name"]: loc for loc in layout["locations"]}
    for road in layout["roads"]:
        a, b = (locations[n] for n in road.split("-"))
        draw.rectangle(_road_box(a, b, False), fill=ROAD_UNBUILT)
    for loc in layout["locations"]:
        x, y = _cell_origin(loc["x"], loc["y"])
        draw.rectangle(
            (x, y, x + CELL, y + CELL),
            fill=VISTA if loc["vista"] else LAND,
            outline=LAND_EDGE,
            width=3 if loc["start"] else 2,
        )
        _text(draw, (x + 3, y + 2), loc["name"], 10, MUTED)
        if loc["vista"]:
            _text(draw, (x + CELL - 3, y + 1), f"★{loc['vista']}", 12, (30, 80, 150), anchor="ra", bold=True)
    _text(
        draw, (12, ISLAND_H - 20), "★n vista value (scores when joined to the Port)   • joined to the Port", 11, MUTED
    )
    _BLANK[key] = image
    return image


def _island(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], seat: int, label: str, left: int, top: int
) -> None:
    island = view["islands"][seat]
    image.paste(_blank_island(view["map"]), (left, top))
    if seat in view["to_move"]:
        draw.rounded_rectangle(
            (left, top, left + ISLAND_W - 1, top + ISLAND_H - 1), radius=10, outline=seat_rgb(seat), width=5
        )
    _island_head(draw, view, seat, label, left, top)
    locations = {loc["name"]: loc for loc in view["map"]["locations"]}
    for road in island["roads"]:
        a, b = (locations[n] for n in road.split("-"))
        x0, y0, x1, y1 = _road_box(a, b, True)
        draw.rectangle((left + x0, top + y0, left + x1, top + y1), fill=ROAD_BUILT)
    buildings = {b["location"]: b for b in island["buildings"]}
    port = view["map"]["port"]
    for name in island["connected"]:
        if name != port:
            x, y = _cell_origin(locations[name]["x"], locations[name]["y"])
            draw.ellipse(
                (left + x + CELL - 9, top + y + CELL - 9, left + x + CELL - 3, top + y + CELL - 3), fill=ROAD_BUILT
            )
    for name, building in buildings.items():
        x, y = _cell_origin(locations[name]["x"], locations[name]["y"])
        _building(draw, left + x, top + y, building)
    for name, resources in island["resources"].items():
        x, y = _cell_origin(locations[name]["x"], locations[name]["y"])
        _resources(draw, left + x, top + y, resources)
    last_move = view.get("last_move")
    if last_move and last_move["seat"] == seat:
        _mark_last_move(draw, last_move["action"], locations, left, top)


def _mark_last_move(draw: ImageDraw.ImageDraw, action: str, locations: dict[str, Any], left: int, top: int) -> None:
    """Ring the locations the last move named on its island and, for a move,
    a road or Spring water, draw an arrow from the first to the second."""
    named = [word for word in action.split() if word in locations]
    centres = []
    for name in named:
        x, y = _cell_origin(locations[name]["x"], locations[name]["y"])
        x, y = left + x, top + y
        draw.rectangle((x - 3, y - 3, x + CELL + 3, y + CELL + 3), outline=LAST_MOVE, width=3)
        centres.append((x + CELL / 2, y + CELL / 2))
    if len(centres) == 2:
        (x0, y0), (x1, y1) = centres
        draw.line((x0, y0, x1, y1), fill=LAST_MOVE, width=4)
        angle = math.atan2(y1 - y0, x1 - x0)
        tip = (x1 - math.cos(angle) * 12, y1 - math.sin(angle) * 12)
        wings = [(tip[0] - math.cos(angle + turn) * 14, tip[1] - math.sin(angle + turn) * 14) for turn in (0.5, -0.5)]
        draw.polygon([tip] + wings, fill=LAST_MOVE)


def _island_head(draw: ImageDraw.ImageDraw, view: dict[str, Any], seat: int, label: str, left: int, top: int) -> None:
    island = view["islands"][seat]
    rgb = seat_rgb(seat)
    draw.rectangle((left + 2, top + 2, left + ISLAND_W - 3, top + 8), fill=rgb)
    _seat_badge(draw, seat, view["seats"], left + 20, top + 26, 12)
    draw_text(draw, (left + 40, top + 14), label, font(16, bold=True), INK)
    facts = (
        f"{island['recognition']} recognition   {island['drachma']} drachma   "
        f"{island['hand']} luxur{'y' if island['hand'] == 1 else 'ies'} in hand"
    )
    if island["divine"]:
        facts += f"   {island['divine']} divine"
    _text(draw, (left + 40, top + 34), facts, 13, INK)
    state = _seat_state(view, seat)
    if state:
        _text(draw, (left + ISLAND_W - 10, top + 16), state, 13, MUTED, anchor="ra", bold=True)
    can = _allowance_text(view, seat) or _setup_text(view, seat)
    if can:
        _text(draw, (left + 40, top + 50), can, 11, MUTED)


def _allowance_text(view: dict[str, Any], seat: int) -> str:
    """What the seat may still do this phase, in a few words."""
    phase = view.get("phase")
    if not phase or phase["done"][seat]:
        return ""
    allow = phase["allowances"][seat]
    parts = []
    words = {  # allowance -> (one, several)
        "water": ("1 water", "water"),
        "envoy": ("envoy", "envoys"),
        "must_pick": ("pick", "picks"),
        "may_pick": ("extra pick", "extra picks"),
        "industry": ("industry", "industries"),
        "luxury": ("luxury", "luxuries"),
        "either": ("extra building", "extra buildings"),
        "free_roads": ("free road", "free roads"),
        "free_drachma": ("free drachma", "free drachma"),
        "trades": ("1 trade", "trades"),
        "extra_trades": ("extra trade", "extra trades"),
        "doubles": ("double", "doubles"),
    }
    for key, (one, several) in words.items():
        count = allow.get(key, 0)
        if count:
            parts.append(one if count == 1 else f"{count} {several}")
    if phase["moves_left"][seat]:
        parts.append(f"{phase['moves_left'][seat]} resources may move")
    if phase["extra_moves"][seat]:
        parts.append(f"{phase['extra_moves'][seat]} extra moves")
    for key, count in sorted(allow.items()):
        prefix = key.split(":", 1)[0]
        if prefix in ("spring", "swap", "crossroads", "architect"):
            parts.append(f"{prefix} {key.split(':', 1)[1]}")
    return ("may: " + ", ".join(parts)) if parts else ""


def _setup_text(view: dict[str, Any], seat: int) -> str:
    """During the advanced set-up: the tiles kept and what is left to place."""
    setup = view.get("setup")
    if not setup or not setup["kept"][seat]:
        return ""
    kept = ", ".join(str(tile["number"]) for tile in setup["kept"][seat])
    pending = setup["to_place"][seat]
    things = list(pending["buildings"]) + [f"{n} {name}" for name, n in pending["resources"].items()]
    return f"kept tiles {kept}" + (f"; to place: {', '.join(things)}" if things else "")


def _seat_state(view: dict[str, Any], seat: int) -> str:
    if view["step"] == "over":
        outcome = view.get("outcome") or {}
        score = outcome.get("scores", [0] * view["players"])[seat]
        return f"final {score:g}" + (" — wins" if seat in outcome.get("winners", []) else "")
    if seat in view["to_move"]:
        return "to act"
    if view["step"] == "phase":
        return "done"
    return ""


def _resources(draw: ImageDraw.ImageDraw, x: int, y: int, resources: dict[str, int]) -> None:
    """Resource chips along the bottom of a location, two per row."""
    size = 13
    chips = [(name, resources[name]) for name in RESOURCE_STYLE if resources.get(name)]
    cx, cy = x + 3, y + CELL - size - 3
    for i, (name, count) in enumerate(chips):
        if i == 2:
            cx, cy = x + 3, cy - size - 2
        rgb, letter = RESOURCE_STYLE[name]
        cx = _chip(draw, cx, cy, rgb, letter, count, size) + 2


def _building(draw: ImageDraw.ImageDraw, x: int, y: int, building: dict[str, Any]) -> None:
    if building["kind"] == "luxury":
        rgb, letter = TYPE_STYLE[building["type"]]
        label = f"{letter} {building['recognition']}★"
    else:
        rgb, label = INDUSTRY, ("⚓" if building["id"] == "port" else "⚒")
    draw.rounded_rectangle((x + 3, y + 14, x + CELL - 3, y + 38), radius=4, fill=rgb, outline=INK, width=1)
    text_font = font(10, bold=True)
    name = _fit(building["name"], text_font, CELL - 10)
    _text(draw, (x + CELL / 2, y + 20), name, 10, text_on(rgb), anchor="mm", bold=True)
    _text(draw, (x + CELL / 2, y + 31), label, 10, text_on(rgb), anchor="mm")


def _legend(draw: ImageDraw.ImageDraw, view: dict[str, Any], labels: list[str], left: int, top: int) -> None:
    """Keys to the symbols, in the slot no island uses."""
    draw.rounded_rectangle(
        (left, top, left + ISLAND_W - 1, top + ISLAND_H - 1), radius=10, fill=PANEL, outline=PANEL_EDGE, width=2
    )
    y = top + 14
    _text(draw, (left + 14, y), "Key", 16, INK, bold=True)
    y += 30
    for name, (rgb, letter) in RESOURCE_STYLE.items():
        _chip(draw, left + 14, y, rgb, letter, 1, 15)
        _text(draw, (left + 52, y + 7), name, 13, INK, anchor="lm")
        y += 22
    y += 6
    for kind, (rgb, letter) in TYPE_STYLE.items():
        draw.rectangle((left + 14, y, left + 29, y + 15), fill=rgb)
        _text(draw, (left + 21, y + 7), letter, 11, text_on(rgb), anchor="mm", bold=True)
        _text(draw, (left + 52, y + 7), f"{kind} luxury", 13, INK, anchor="lm")
        y += 22
    y += 6
    draw.rectangle((left + 14, y + 4, left + 34, y + 10), fill=ROAD_BUILT)
    _text(draw, (left + 52, y + 7), "built road", 13, INK, anchor="lm")
    y += 22
    draw.rectangle((left + 14, y + 5, left + 34, y + 9), fill=ROAD_UNBUILT)
    _text(draw, (left + 52, y + 7), "unbuilt road", 13, INK, anchor="lm")
    y += 22
    _text(draw, (left + 14, y), "★ recognition   ⚓ Port   ⚒ industry   thick edge: start location", 12, INK)
    y += 28
    last = view.get("last")
    if last:
        text = (
            f"Last choice: {labels[last['seat']]} took the {ROLE_TITLE[last['role']]} "
            f"({last['tokens']} favor + {last['spent']} drachma)"
        )
        draw_text(draw, (left + 14, y), fit_text(text, font(12), ISLAND_W - 28), font(12), INK)
        y += 20
    trade = ", ".join(f"{r['lot']} {name} = {r['price']}d" for name, r in view["trade"].items())
    _text(draw, (left + 14, y), f"Port trades: {trade}", 12, INK)


# -- words for a seat -----------------------------------------------------------------------------


def hand_text(view: dict[str, Any], names: Sequence[str]) -> str:
    """A seat's private view in words: its luxury hand (with costs and the
    novelty each would score now) and, during the advanced set-up, its tiles."""
    seat = view.get("seat")
    private = view.get("private") or {}
    novelty = {entry["type"]: entry["value"] for entry in view.get("novelty", [])}
    lines = []
    if seat is not None:
        island = view["islands"][seat]
        lines.append(
            f"You are {_seat_label(view, seat, names)}: {island['drachma']} drachma, "
            f"{island['recognition']} recognition so far."
        )
        if island["divine"]:
            lines.append(
                f"Divine Intervention tokens: {island['divine']} (`divine` as your first step of a "
                f"phase: every resource may move once)."
            )
    hand = private.get("hand", [])
    if hand:
        lines.append("Luxuries in your hand:")
        for card in hand:
            cost = ", ".join(f"{n} {k}" for k, n in card["cost"].items())
            lines.append(
                f"- {card['id']}: {card['name']} ({card['type']}), {card['recognition']} recognition "
                f"+{novelty.get(card['type'], 0)} novelty now; costs {cost}"
            )
    else:
        lines.append("No luxuries in your hand.")
    if private.get("tiles"):
        lines.append("Starting tiles dealt to you (keep two: `keep <n> <n>`):")
        lines.extend(f"- tile {tile['number']}: {tile['text']}" for tile in private["tiles"])
    return "\n".join(lines)


HAND_CARD_W, HAND_CARD_H = 230, 150
HAND_PER_ROW = 4
HAND_MIN_WIDTH = 640
"""A hand is drawn as cards, as many per row as it holds (up to four); the
canvas is never narrower than the heading needs."""


def _hand_card(draw: ImageDraw.ImageDraw, card: dict[str, Any], novelty: int, x: int, y: int) -> None:
    """One luxury card: its type band, name, recognition, novelty now and cost."""
    rgb, letter = TYPE_STYLE[card["type"]]
    w, h = HAND_CARD_W, HAND_CARD_H
    draw.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=(255, 255, 255), outline=rgb, width=4)
    draw.rounded_rectangle((x + 4, y + 4, x + w - 4, y + 38), radius=6, fill=rgb)
    ink = text_on(rgb)
    _text(draw, (x + 14, y + 21), f"{letter}  {card['type']}", 15, ink, anchor="lm", bold=True)
    _text(draw, (x + w - 12, y + 21), f"{card['recognition']}★", 20, ink, anchor="rm", bold=True)
    _text(draw, (x + 12, y + 48), _fit(card["name"], font(18, bold=True), w - 24), 18, INK, bold=True)
    _text(draw, (x + 12, y + 74), f"novelty now +{novelty}   ({card['id']})", 13, MUTED)
    _cost_chips(draw, card["cost"], x + 12, y + h - 34, 20)


def render_hand(view: dict[str, Any], names: Sequence[str]) -> bytes:
    """A picture of a seat's private view: its luxury cards (with the novelty
    each would score now) and, during the advanced set-up, its dealt tiles."""
    private = view.get("private") or {}
    hand = private.get("hand", [])
    tiles = private.get("tiles", [])
    novelty = {entry["type"]: entry["value"] for entry in view.get("novelty", [])}
    per_row = min(HAND_PER_ROW, max(1, len(hand)))
    rows = max(1, math.ceil(len(hand) / per_row))
    cards_bottom = 70 + rows * (HAND_CARD_H + 12)
    height = cards_bottom + (40 + 24 * len(tiles) if tiles else 0)
    width = max(MARGIN * 2 + per_row * (HAND_CARD_W + 12), HAND_MIN_WIDTH)
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    seat = view.get("seat")
    who = _seat_label(view, seat, names, NAME_ROOM) if seat is not None else "You"
    draw_text(draw, (MARGIN, 14), f"{who}: luxuries in hand ({len(hand)})", font(20, bold=True), INK)
    _text(draw, (MARGIN, 42), "★ recognition on the card; novelty: the bonus it would score if built now", 13, MUTED)
    if not hand:
        _text(draw, (MARGIN, 72), "none yet: the Noble lets you take one from the pool", 15, MUTED)
    for i, card in enumerate(hand):
        row, column = divmod(i, per_row)
        x, y = MARGIN + column * (HAND_CARD_W + 12), 70 + row * (HAND_CARD_H + 12)
        _hand_card(draw, card, novelty.get(card["type"], 0), x, y)
    if tiles:
        y = cards_bottom + 10
        _text(draw, (MARGIN, y), "Starting tiles dealt to you (keep two):", 16, INK, bold=True)
        for i, tile in enumerate(tiles):
            _text(draw, (MARGIN + 10, y + 28 + 24 * i), f"tile {tile['number']}: {tile['text']}", 15, INK)
    return to_png(image)
