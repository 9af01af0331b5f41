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
from typing import Any, Sequence

from PIL import Image, ImageDraw

from render.common import HIGHLIGHT, INK, MUTED, PAPER, font, seat_rgb, text_on, to_png

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
ROLE_TITLE = {"priest": "Priest", "noble": "Noble", "worker": "Worker", "planner": "Planner",
              "builder": "Builder", "trader": "Trader"}

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
    labels = [_seat_label(view, seat, names) for seat in range(players)]
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
    # A flat palette keeps the PNG small and quick to encode.
    return to_png(image.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE), compress_level=3)


def _fit(text: str, fnt: Any, width: float) -> str:
    """``text`` shortened with a full stop until it fits ``width`` pixels."""
    while fnt.getlength(text) > width and len(text) > 3:
        text = text[:-2].rstrip() + "."
    return text


def _seat_label(view: dict[str, Any], seat: int, names: Sequence[str]) -> str:
    colour = view["seats"][seat]
    return f"{names[seat]} ({colour})" if seat < len(names) and names[seat] else colour


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
    draw.text((MARGIN, 14), "Thera", font=font(28, bold=True), fill=INK)
    draw.text((MARGIN + 100, 20), _status(view, labels), font=font(18), fill=INK)
    if view["final_round"] and view["step"] != "over":
        text = f"Final round: the bag is empty; the game ends after {labels[view['final_seat']]}'s turn."
        draw.text((MARGIN + 100, 42), text, font=font(14, bold=True), fill=(180, 40, 40))


# -- central board ---------------------------------------------------------------------------


def _board(draw: ImageDraw.ImageDraw, view: dict[str, Any], labels: list[str], left: int, top: int) -> None:
    draw.rounded_rectangle((left, top, WIDTH - MARGIN, top + BOARD_HEIGHT), radius=12, fill=PANEL,
                           outline=PANEL_EDGE, width=2)
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
        draw.pieslice((cx - radius, cy - radius, cx + radius, cy + radius), start, start + step, fill=fill,
                      outline=LAND_EDGE, width=2)
        middle = math.radians(start + step / 2)
        tx, ty = cx + math.cos(middle) * radius * 0.62, cy + math.sin(middle) * radius * 0.62
        draw.text((tx, ty - 22), ROLE_TITLE[slot["role"]], font=font(15, bold=True), fill=INK, anchor="mm")
        draw.text((tx, ty + 2), f"{slot['favor']}", font=font(24, bold=True), fill=INK, anchor="mm")
        spent = phase["spent"] if phase and slot["role"] == current and not phase["second"] else 0
        # Drachma spent lie on the role as temporary favor until the phase ends.
        caption = f"favor +{spent} temp." if spent else "favor"
        draw.text((tx, ty + 22), caption, font=font(11, bold=bool(spent)), fill=INK if spent else MUTED,
                  anchor="mm")
        if slot["chosen_by"] is not None:
            _seat_badge(draw, slot["chosen_by"], view["seats"], tx + 32, ty + 2, 10,
                        ring=slot["role"] == last.get("role"))
    draw.ellipse((cx - 30, cy - 30, cx + 30, cy + 30), fill=PANEL, outline=LAND_EDGE, width=2)
    draw.text((cx, cy - 7), "bag", font=font(11), fill=MUTED, anchor="mm")
    draw.text((cx, cy + 9), str(view["bag"]), font=font(20, bold=True), fill=INK, anchor="mm")
    draw.text((cx - 160, cy - 184), "Role wheel (badge: who chose it last)", font=font(12), fill=MUTED)


def _seat_badge(draw: ImageDraw.ImageDraw, seat: int, seats: Sequence[str], x: float, y: float, r: int,
                ring: bool = False) -> None:
    rgb = seat_rgb(seat)
    if ring:
        draw.ellipse((x - r - 4, y - r - 4, x + r + 4, y + r + 4), outline=INK, width=3)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=rgb, outline=INK, width=1)
    draw.text((x, y), seats[seat][0], font=font(int(r * 1.3), bold=True), fill=text_on(rgb), anchor="mm")


def _cost_chips(draw: ImageDraw.ImageDraw, cost: dict[str, int] | None, x: int, y: int, size: int = 15) -> int:
    """Draw a cost as resource chips and a drachma figure; returns the end x."""
    for name, (rgb, letter) in RESOURCE_STYLE.items():
        count = (cost or {}).get(name, 0)
        if count:
            x = _chip(draw, x, y, rgb, letter, count, size) + 3
    if (cost or {}).get("drachma"):
        draw.text((x, y + size // 2), f"{cost['drachma']}d", font=font(size - 2, bold=True), fill=INK, anchor="lm")
        x += int(font(size - 2, bold=True).getlength(f"{cost['drachma']}d")) + 3
    return x


def _chip(draw: ImageDraw.ImageDraw, x: int, y: int, rgb: tuple[int, int, int], letter: str, count: int,
          size: int) -> int:
    draw.rectangle((x, y, x + size, y + size), fill=rgb, outline=INK, width=1)
    draw.text((x + size / 2, y + size / 2), letter, font=font(size - 5, bold=True), fill=text_on(rgb), anchor="mm")
    draw.text((x + size + 2, y + size / 2), str(count), font=font(size - 3, bold=True), fill=INK, anchor="lm")
    return x + size + 3 + int(font(size - 3, bold=True).getlength(str(count)))


def _pool(draw: ImageDraw.ImageDraw, view: dict[str, Any], left: int, top: int) -> None:
    draw.text((left, top), f"Luxury pool ({len(view['pool'])})   bag {view['bag']}   discarded "
                           f"{view['discarded']}   removed before play {view['removed']}",
              font=font(14, bold=True), fill=INK)
    card_w, card_h = 168, 72
    if not view["pool"]:
        draw.text((left, top + 30), "empty until the Priest is chosen", font=font(14), fill=MUTED)
    for i, card in enumerate(view["pool"]):
        row, column = divmod(i, 3)
        x, y = left + column * (card_w + 8), top + 24 + row * (card_h + 8)
        _luxury_card(draw, card, x, y, card_w, card_h)


def _luxury_card(draw: ImageDraw.ImageDraw, card: dict[str, Any], x: int, y: int, w: int, h: int) -> None:
    rgb, letter = TYPE_STYLE[card["type"]]
    draw.rounded_rectangle((x, y, x + w, y + h), radius=6, fill=(255, 255, 255), outline=rgb, width=3)
    draw.rectangle((x + 3, y + 3, x + 24, y + h - 3), fill=rgb)
    draw.text((x + 13, y + h / 2), letter, font=font(15, bold=True), fill=text_on(rgb), anchor="mm")
    draw.text((x + 30, y + 6), _fit(card["name"], font(13, bold=True), w - 70), font=font(13, bold=True), fill=INK)
    draw.text((x + 30, y + 24), card["id"], font=font(11), fill=MUTED)
    draw.text((x + w - 8, y + 8), f"{card['recognition']}★", font=font(15, bold=True), fill=INK, anchor="ra")
    _cost_chips(draw, card["cost"], x + 30, y + h - 24, 15)


def _novelty(draw: ImageDraw.ImageDraw, view: dict[str, Any], left: int, top: int) -> None:
    draw.text((left, top), "Novelty (bonus for the next luxury of each type)", font=font(14, bold=True), fill=INK)
    box = 30
    for row, entry in enumerate(view["novelty"]):
        y = top + 26 + row * (box + 8)
        rgb, letter = TYPE_STYLE[entry["type"]]
        draw.rectangle((left, y, left + box, y + box), fill=rgb)
        draw.text((left + box / 2, y + box / 2), letter, font=font(16, bold=True), fill=text_on(rgb), anchor="mm")
        draw.text((left + box + 6, y + box / 2), entry["name"], font=font(13), fill=INK, anchor="lm")
        for i, value in enumerate(entry["track"]):
            x = left + 140 + i * (box + 4)
            here = i == entry["position"]
            draw.rectangle((x, y, x + box, y + box), fill=HIGHLIGHT if here else (245, 240, 228),
                           outline=INK if here else PANEL_EDGE, width=3 if here else 1)
            draw.text((x + box / 2, y + box / 2), str(value), font=font(14, bold=here), fill=INK, anchor="mm")


def _industry_pool(draw: ImageDraw.ImageDraw, view: dict[str, Any], left: int, top: int) -> None:
    draw.text((left, top), "Industry pool (left, cost, recognition)", font=font(14, bold=True), fill=INK)
    for i, entry in enumerate(view["industry"]):
        row, column = i % 5, i // 5
        x, y = left + column * 300, top + 22 + row * 25
        colour = INK if entry["left"] else MUTED
        label = _fit(f"{entry['left']}× {entry['name']}", font(13, bold=True), 136)
        draw.text((x, y), label, font=font(13, bold=True), fill=colour)
        end = _cost_chips(draw, entry["cost"], x + 140, y, 14)
        draw.text((end + 2, y), f"{entry['recognition']}★", font=font(13), fill=colour)


def _recognition(draw: ImageDraw.ImageDraw, view: dict[str, Any], labels: list[str], left: int, top: int) -> None:
    draw.text((left, top), "Recognition so far", font=font(14, bold=True), fill=INK)
    draw.text((left + 150, top + 2), "buildings + bonus; each drachma adds 1/4 at the end", font=font(12),
              fill=MUTED)
    totals = [island["recognition"] for island in view["islands"]]
    span = int(math.ceil(max(30, max(totals) + 5) / 10) * 10)
    x0, x1, y = left + 10, left + 500, top + 104
    draw.line((x0, y, x1, y), fill=INK, width=2)
    for mark in range(0, span + 1, 5):
        x = x0 + (x1 - x0) * mark / span
        draw.line((x, y - 4, x, y + 4), fill=INK, width=1)
        if mark % 10 == 0:
            draw.text((x, y + 12), str(mark), font=font(11), fill=MUTED, anchor="mm")
    stacked: dict[int, int] = {}
    for seat, total in enumerate(totals):
        level = stacked.get(total, 0)
        stacked[total] = level + 1
        # Tied markers stack upward; five fit below the heading (all tied at the start).
        _seat_badge(draw, seat, view["seats"], x0 + (x1 - x0) * total / span, y - 13 - level * 16, 8)
    lines = [f"{labels[s]} {t}" for s, t in enumerate(totals)]
    draw.text((left, y + 24), "   ".join(lines[:3]), font=font(13), fill=INK)
    if len(lines) > 3:
        draw.text((left, y + 40), "   ".join(lines[3:]), font=font(13), fill=INK)


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
        draw.rectangle((x, y, x + CELL, y + CELL), fill=VISTA if loc["vista"] else LAND, outline=LAND_EDGE,
                       width=3 if loc["start"] else 2)
        draw.text((x + 3, y + 2), loc["name"], font=font(10), fill=MUTED)
        if loc["vista"]:
            draw.text((x + CELL - 3, y + 1), f"★{loc['vista']}", font=font(12, bold=True), fill=(30, 80, 150),
                      anchor="ra")
    draw.text((12, ISLAND_H - 20), "★n vista value (scores when joined to the Port)   • joined to the Port",
              font=font(11), fill=MUTED)
    _BLANK[key] = image
    return image


def _island(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], seat: int, label: str,
            left: int, top: int) -> None:
    island = view["islands"][seat]
    image.paste(_blank_island(view["map"]), (left, top))
    if seat in view["to_move"]:
        draw.rounded_rectangle((left, top, left + ISLAND_W - 1, top + ISLAND_H - 1), radius=10,
                               outline=seat_rgb(seat), width=5)
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
            draw.ellipse((left + x + CELL - 9, top + y + CELL - 9, left + x + CELL - 3, top + y + CELL - 3),
                         fill=ROAD_BUILT)
    for name, building in buildings.items():
        x, y = _cell_origin(locations[name]["x"], locations[name]["y"])
        _building(draw, left + x, top + y, building)
    for name, resources in island["resources"].items():
        x, y = _cell_origin(locations[name]["x"], locations[name]["y"])
        _resources(draw, left + x, top + y, resources)


def _island_head(draw: ImageDraw.ImageDraw, view: dict[str, Any], seat: int, label: str, left: int,
                 top: int) -> None:
    island = view["islands"][seat]
    rgb = seat_rgb(seat)
    draw.rectangle((left + 2, top + 2, left + ISLAND_W - 3, top + 8), fill=rgb)
    _seat_badge(draw, seat, view["seats"], left + 20, top + 26, 12)
    draw.text((left + 40, top + 14), label, font=font(16, bold=True), fill=INK)
    facts = (f"{island['recognition']} recognition   {island['drachma']} drachma   "
             f"{island['hand']} luxur{'y' if island['hand'] == 1 else 'ies'} in hand")
    if island["divine"]:
        facts += f"   {island['divine']} divine"
    draw.text((left + 40, top + 34), facts, font=font(13), fill=INK)
    state = _seat_state(view, seat)
    if state:
        draw.text((left + ISLAND_W - 10, top + 16), state, font=font(13, bold=True), fill=MUTED, anchor="ra")
    can = _allowance_text(view, seat) or _setup_text(view, seat)
    if can:
        draw.text((left + 40, top + 50), can, font=font(11), fill=MUTED)


def _allowance_text(view: dict[str, Any], seat: int) -> str:
    """What the seat may still do this phase, in a few words."""
    phase = view.get("phase")
    if not phase or phase["done"][seat]:
        return ""
    allow = phase["allowances"][seat]
    parts = []
    words = {  # allowance -> (one, several)
        "water": ("1 water", "water"), "envoy": ("envoy", "envoys"), "must_pick": ("pick", "picks"),
        "may_pick": ("extra pick", "extra picks"), "industry": ("industry", "industries"),
        "luxury": ("luxury", "luxuries"), "either": ("extra building", "extra buildings"),
        "free_roads": ("free road", "free roads"), "free_drachma": ("free drachma", "free drachma"),
        "trades": ("1 trade", "trades"), "extra_trades": ("extra trade", "extra trades"),
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
    draw.text((x + CELL / 2, y + 20), name, font=text_font, fill=text_on(rgb), anchor="mm")
    draw.text((x + CELL / 2, y + 31), label, font=font(10), fill=text_on(rgb), anchor="mm")


def _legend(draw: ImageDraw.ImageDraw, view: dict[str, Any], labels: list[str], left: int, top: int) -> None:
    """Keys to the symbols, in the slot no island uses."""
    draw.rounded_rectangle((left, top, left + ISLAND_W - 1, top + ISLAND_H - 1), radius=10, fill=PANEL,
                           outline=PANEL_EDGE, width=2)
    y = top + 14
    draw.text((left + 14, y), "Key", font=font(16, bold=True), fill=INK)
    y += 30
    for name, (rgb, letter) in RESOURCE_STYLE.items():
        _chip(draw, left + 14, y, rgb, letter, 1, 15)
        draw.text((left + 52, y + 7), name, font=font(13), fill=INK, anchor="lm")
        y += 22
    y += 6
    for kind, (rgb, letter) in TYPE_STYLE.items():
        draw.rectangle((left + 14, y, left + 29, y + 15), fill=rgb)
        draw.text((left + 21, y + 7), letter, font=font(11, bold=True), fill=text_on(rgb), anchor="mm")
        draw.text((left + 52, y + 7), f"{kind} luxury", font=font(13), fill=INK, anchor="lm")
        y += 22
    y += 6
    draw.rectangle((left + 14, y + 4, left + 34, y + 10), fill=ROAD_BUILT)
    draw.text((left + 52, y + 7), "built road", font=font(13), fill=INK, anchor="lm")
    y += 22
    draw.rectangle((left + 14, y + 5, left + 34, y + 9), fill=ROAD_UNBUILT)
    draw.text((left + 52, y + 7), "unbuilt road", font=font(13), fill=INK, anchor="lm")
    y += 22
    draw.text((left + 14, y), "★ recognition   ⚓ Port   ⚒ industry   thick edge: start location",
              font=font(12), fill=INK)
    y += 28
    last = view.get("last")
    if last:
        draw.text((left + 14, y), f"Last choice: {labels[last['seat']]} took the {ROLE_TITLE[last['role']]} "
                                  f"({last['tokens']} favor + {last['spent']} drachma)", font=font(12), fill=INK)
        y += 20
    trade = ", ".join(f"{r['lot']} {name} = {r['price']}d" for name, r in view["trade"].items())
    draw.text((left + 14, y), f"Port trades: {trade}", font=font(12), fill=INK)


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
        lines.append(f"You are {_seat_label(view, seat, names)}: {island['drachma']} drachma, "
                     f"{island['recognition']} recognition so far.")
        if island["divine"]:
            lines.append(f"Divine Intervention tokens: {island['divine']} (`divine` as your first step of a "
                         f"phase: every resource may move once).")
    hand = private.get("hand", [])
    if hand:
        lines.append("Luxuries in your hand:")
        for card in hand:
            cost = ", ".join(f"{n} {k}" for k, n in card["cost"].items())
            lines.append(f"- {card['id']}: {card['name']} ({card['type']}), {card['recognition']} recognition "
                         f"+{novelty.get(card['type'], 0)} novelty now; costs {cost}")
    else:
        lines.append("No luxuries in your hand.")
    if private.get("tiles"):
        lines.append("Starting tiles dealt to you (keep two: `keep <n> <n>`):")
        lines.extend(f"- tile {tile['number']}: {tile['text']}" for tile in private["tiles"])
    return "\n".join(lines)


def render_hand(view: dict[str, Any], names: Sequence[str]) -> bytes:
    """A picture of a seat's private view: its luxury cards (with the novelty
    each would score now) and, during the advanced set-up, its dealt tiles."""
    private = view.get("private") or {}
    hand = private.get("hand", [])
    tiles = private.get("tiles", [])
    novelty = {entry["type"]: entry["value"] for entry in view.get("novelty", [])}
    card_w, card_h, per_row = 200, 84, 4
    rows = max(1, math.ceil(len(hand) / per_row))
    height = 70 + rows * (card_h + 10) + (40 + 24 * len(tiles) if tiles else 0)
    image = Image.new("RGB", (MARGIN * 2 + per_row * (card_w + 10), height), PAPER)
    draw = ImageDraw.Draw(image)
    seat = view.get("seat")
    who = _seat_label(view, seat, names) if seat is not None else "You"
    draw.text((MARGIN, 14), f"{who}: luxuries in hand ({len(hand)})", font=font(20, bold=True), fill=INK)
    draw.text((MARGIN, 42), "★ recognition on the card; +n: novelty it would score if built now",
              font=font(13), fill=MUTED)
    if not hand:
        draw.text((MARGIN, 72), "none yet: the Noble lets you take one from the pool", font=font(15), fill=MUTED)
    for i, card in enumerate(hand):
        row, column = divmod(i, per_row)
        x, y = MARGIN + column * (card_w + 10), 70 + row * (card_h + 10)
        _luxury_card(draw, card, x, y, card_w, card_h)
        draw.text((x + card_w - 8, y + 30), f"+{novelty.get(card['type'], 0)}", font=font(13, bold=True),
                  fill=MUTED, anchor="ra")
    if tiles:
        y = 70 + rows * (card_h + 10) + 10
        draw.text((MARGIN, y), "Starting tiles dealt to you (keep two):", font=font(16, bold=True), fill=INK)
        for i, tile in enumerate(tiles):
            draw.text((MARGIN + 10, y + 28 + 24 * i), f"tile {tile['number']}: {tile['text']}", font=font(15),
                      fill=INK)
    return to_png(image)
