"""The Hellenica board from a view: the hex map with every area, owners,
upgrades and their states, units by owner, mines, mountains and shallows,
the Mythological Creatures and the areas closed this turn; a header with the
turn, the Favorite and direction, the chaos track and the public Pathos
cards (and the AI players' shared Ethos cards: counted while face down); a
panel per player (Deity Cards with their spent Invocations, World Events
won, Creatures slain; for an AI player its row of the AI Board instead of
Action Cubes: Advancements, Supply, Grudge, its last AI card); a map box
while the map is built (who places, tiles in hand) or explored (the tile
stack); a World Event box (the last event with its text, who won it and the
bids, the secret bids under way, the casting window and the offers); in a
seat's own picture, the tiles it holds; and the latest log lines. Empty
Areas are face-down tiles on the Explorable Map and dashed open locations
while a map is built.

The hexes and borders change only with the map, so they are drawn once per
map and copied (``_static_layer``); text that recurs is measured once.

Every colour also carries a letter: seats by their initial, upgrades by
letter (A Academy, T Temple, M Market, B Barracks, S Stables, D Docks,
W Walls, Ω Wonder), units by letter (H Hoplite, C Cavalry, T Trireme,
X Hero, Al Alcibiades; ``*`` marks elite units), Creatures by two letters on
a black disc, Invocations by their level (a cross when spent).
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from functools import lru_cache
from typing import Any, Callable, Sequence

from PIL import Image, ImageDraw

from render.common import INK, MUTED, PAPER, font, seat_rgb, text_on, to_png, wrap

R = 56                      # hex circumradius
HEX_W = math.sqrt(3) * R
MAP_X, MAP_Y = 12, 112
PANEL_W = 520
PANEL_H = 124
EVENT_H = 178
LOG_LINES = 8
PALETTE = 192

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
TILE_BACK = (104, 88, 70)       # an Empty Area of the Explorable Map: a face-down tile
TILE_BACK_RIM = (150, 130, 102)
TILE_BACK_INK = (232, 220, 196)
OPEN_SPACE = (244, 240, 230)    # a location still open while the map is built
OPEN_RIM = (170, 160, 140)
MAP_BOX_H = 44
TILE_ICON = 15                  # circumradius of a tile drawn in the private "Your tiles" box
SIDE_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
STATIC_CACHE = 8               # static layers kept (about 6 MB each)

UPGRADE_LETTER = {"academy": "A", "temple": "T", "market": "M", "barracks": "B", "stables": "S",
                  "docks": "D", "walls": "W", "wonder": "Ω"}
GOVERNMENT_LETTERS = {"tyranny": "Ty", "republic": "Re", "democracy": "De", "oligarchy": "Ol", "theocracy": "Te",
                      "thalassocracy": "Th"}
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


@lru_cache(maxsize=2048)
def _mask(text: str, size: int, bold: bool, condensed: bool) -> Image.Image:
    fnt = font(size, bold=bold, condensed=condensed)
    left, top, right, bottom = fnt.getbbox(text)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=fnt, fill=255)
    return mask


@lru_cache(maxsize=4096)
def _stamp(text: str, size: int, bold: bool) -> tuple[Image.Image, int, int]:
    """A text line's mask and where its ink starts relative to the pen."""
    fnt = font(size, bold=bold)
    left, top, right, bottom = fnt.getbbox(text)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=fnt, fill=255)
    return mask, left, top


def _line(image: Image.Image, xy: tuple[float, float], text: str, size: int, fill: tuple[int, int, int],
          *, bold: bool = False, anchor: str = "la") -> None:
    """Like ``draw.text`` at a top-left (``la``), left-middle (``lm``) or
    right-middle (``rm``) anchor, from cached masks: lines that recur from one
    picture to the next cost nothing to lay out again."""
    if not text:
        return
    mask, left, top = _stamp(text, size, bold)
    x, y = xy
    if anchor[1] == "m":
        y -= sum(font(size, bold=bold).getmetrics()) / 2
    if anchor[0] == "r":
        x -= mask.width + left
    image.paste(fill, (round(x + left), round(y + top)), mask)


def _fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut to ``width`` pixels with an ellipsis."""
    fnt = font(size, bold=bold)
    if fnt.getlength(text) <= width:
        return text
    while text and fnt.getlength(text + " …") > width:
        text = text[:-1]
    return text.rstrip(" ,·") + " …"


def _text(image: Image.Image, xy: tuple[float, float], text: str, size: int, fill: tuple[int, int, int],
          *, bold: bool = False, condensed: bool = False, anchor: str = "mm") -> float:
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
    image.paste(fill, (round(x), round(y)), mask)
    return mask.width


# ---------------------------------------------------------------------------
# The picture


def render(view: dict[str, Any], names: Sequence[str]) -> bytes:
    map_w, map_h = _map_size(view)
    log_h = 16 * LOG_LINES + 50
    width = map_w + PANEL_W + 8
    map_box = MAP_BOX_H if _map_lines(view, names) else 0
    tiles = _private_tiles(view)
    tiles_h = _tiles_box_height(tiles)
    column = MAP_Y + PANEL_H * len(view["seats"]) + map_box + EVENT_H + tiles_h + 16
    height = max(MAP_Y + map_h + log_h, column)
    areas = {a["name"]: a for a in view["areas"]}
    cells = {tuple(h): a["name"] for a in view["areas"] for h in a["hexes"]}
    image = _static_layer(view, areas, cells, (width, height))
    draw = ImageDraw.Draw(image)
    _header(image, draw, view, names, width)
    _highlights(draw, view, areas)
    for area in view["areas"]:
        _area_contents(image, draw, view, area)
    _mines(image, draw, view, areas)
    _closed(image, draw, view, areas)
    _creatures(image, draw, view, areas)
    _assaults(image, draw, view, areas)
    x, y = map_w + 4, MAP_Y
    _panels(image, draw, view, names, x, y)
    y += PANEL_H * len(view["seats"])
    if map_box:
        _map_box(image, draw, view, names, x, y + 2)
        y += map_box
    _event_box(image, draw, view, names, x, y + 2)
    if tiles:
        _tiles_box(image, draw, view, tiles, x, y + EVENT_H + 2)
    _log(image, view, MAP_Y + map_h + 4, map_w)
    # A palette image encodes about twice as fast and is a third of the size;
    # the picture has far fewer than PALETTE distinct colours to keep apart.
    # The lowest compression level: zlib would otherwise take as long as all
    # the drawing for a third less bytes.
    palette = image.quantize(colors=PALETTE, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return to_png(palette, compress_level=1)


# ---------------------------------------------------------------------------
# The static layer: the paper, the hexes and their borders change only when
# the map does (set-up, a tile placed or explored), so they are drawn once
# and copied for each picture.

_STATIC: OrderedDict[tuple, Image.Image] = OrderedDict()
_STATIC_LOCK = threading.Lock()  # pictures are drawn in worker threads


def _static_key(view: dict[str, Any], size: tuple[int, int]) -> tuple:
    return (size, _open_locations(view), tuple(
        (a["name"], a["kind"], tuple(map(tuple, a["hexes"])), a["sides"], a["home"], a["impassable"],
         a["shallows"], a["empty"]) for a in view["areas"]))


def _static_layer(view: dict[str, Any], areas: dict, cells: dict, size: tuple[int, int]) -> Image.Image:
    key = _static_key(view, size)
    with _STATIC_LOCK:
        layer = _STATIC.get(key)
        if layer is not None:
            _STATIC.move_to_end(key)
    if layer is None:
        layer = Image.new("RGB", size, PAPER)
        draw = ImageDraw.Draw(layer)
        _hexes(draw, view, areas, cells)
        _borders(draw, areas, cells)
        with _STATIC_LOCK:
            _STATIC[key] = layer
            while len(_STATIC) > STATIC_CACHE:
                _STATIC.popitem(last=False)
    return layer.copy()


@lru_cache(maxsize=1024)
def _wrapped(text: str, size: int, bold: bool, width: int) -> tuple[str, ...]:
    """``wrap`` with its result kept: log lines and card texts recur from one
    picture to the next, and measuring them is most of the text's cost."""
    return tuple(wrap(text, font(size, bold=bold), width))


def _label(view: dict[str, Any], names: Sequence[str], seat: int) -> str:
    colour = view["seats"][seat]
    return f"{names[seat]} ({colour})" if seat < len(names) and names[seat] else colour


def _seat_chip(image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, seat: int, size: int) -> None:
    rgb = seat_rgb(seat)
    draw.ellipse((x, y, x + size, y + size), fill=rgb, outline=INK)
    _text(image, (x + size / 2, y + size / 2), SEAT_LETTER[seat % 7], int(size * 0.62), text_on(rgb), bold=True)


def _header(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: Sequence[str],
            width: int) -> None:
    _line(image, (MAP_X, 8), "Hellenica: Story of Greece", 24, INK, bold=True)
    if view["winners"]:
        status = f"Game over: {view['reason']}."
    else:
        waiting = ", ".join(_label(view, names, s) for s in view["waiting"])
        phase = f"Turn {view['turn']} · {view['phase'].title()}"
        if view["phase"] == "actions":
            phase += f", round {view['round']}"
        status = phase + (f" · to act: {waiting} ({view['doing']})" if waiting else "")
    for index, line in enumerate(_wrapped(status, 15, False, width - PANEL_W - 40)[:2]):
        _line(image, (MAP_X, 40 + 18 * index), line, 15, INK)
    favorite = view["favorite"]
    arrow = "↻ clockwise" if view["direction"] == "zeus" else "↺ counter-clockwise"
    _seat_chip(image, draw, MAP_X, 80, favorite, 20)
    chaos_x = width - PANEL_W - 12 - 27 * (view["chaos_start"] + 1) - 52
    text = f"Favorite of the Gods: {_label(view, names, favorite)}, {view['direction'].title()} ({arrow})"
    _line(image, (MAP_X + 26, 90), _fit(text, 15, chaos_x - MAP_X - 40 - 19 * len(view["order"]) - 50), 15, INK,
          anchor="lm")
    if view["order"]:  # the seats in action order, as chips, just left of the chaos track
        x = chaos_x - 16 - 19 * len(view["order"])
        _line(image, (x - 4, 90), "order", 13, MUTED, anchor="rm")
        for seat in view["order"]:
            _seat_chip(image, draw, x, 82, seat, 16)
            x += 19
    x = chaos_x
    _line(image, (x, 90), "Chaos", 14, INK, bold=True, anchor="lm")
    x += 52
    for space in range(view["chaos_start"], -1, -1):
        here = space == view["chaos"]
        draw.rectangle((x, 79, x + 23, 101), fill=COMBAT if here else (240, 235, 225), outline=MUTED)
        _text(image, (x + 12, 90), "⚡" if space == 0 else str(space), 12, WHITE if here else INK, bold=here)
        x += 27
    x = width - PANEL_W
    _line(image, (x, 8), f"Public Pathos objectives (win with {view['objectives_to_win']}, counting your Ethos)",
          13, INK, bold=True)
    for index, card in enumerate(view["pathos"]):
        _line(image, (x, 27 + 17 * index), f"{card['title']}: {card['text']}", 13, INK)
    _line(image, (x, 27 + 17 * len(view["pathos"])), f"Ethos deck: {view['ethos_deck']} cards", 12, MUTED)
    ai = view.get("ai")
    if ai:  # the Ethos cards shared by the AI players: named once turned face up, else only counted
        shared = ", ".join(c["title"] for c in ai["ethos"])
        if shared:
            text = f"AI Ethos (shared by the AI players; any 2 count): {shared}"
        elif ai["ethos_hidden"]:
            text = f"AI Ethos: {ai['ethos_hidden']} cards face down until every person has chosen"
        else:
            text = "AI Ethos: dealt face down in the first Ethos phase"
        _line(image, (x, 42 + 17 * len(view["pathos"])), _fit(text, 12, PANEL_W - 16), 12, INK)


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
                draw.line((ax + (bx - ax) * t / 10, ay + (by - ay) * t / 10,
                           ax + (bx - ax) * (t + 1) / 10, ay + (by - ay) * (t + 1) / 10), fill=OPEN_RIM, width=2)
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


def _anchor(area: dict[str, Any]) -> tuple[float, float]:
    """Where an area's label and units go: its hex nearest its middle."""
    hexes = area["hexes"]
    points = [_centre(c, r) for c, r in hexes]
    mx = sum(p[0] for p in points) / len(points)
    my = sum(p[1] for p in points) / len(points)
    return min(points, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)


def _highlights(draw: ImageDraw.ImageDraw, view: dict[str, Any], areas: dict) -> None:
    marks = []
    if view.get("movement"):
        marks.append((view["movement"]["area"], SUPPLIED))
    if view.get("combat"):
        marks.append((view["combat"]["area"], COMBAT))
    for name, colour in marks:
        for col, row in areas[name]["hexes"]:
            cx, cy = _centre(col, row)
            draw.polygon(_hexagon(cx, cy, R - 2), outline=colour, width=5)


def _location_code(view: dict[str, Any], area: dict[str, Any]) -> str:
    cell = list(area["hexes"][0])
    return next((loc.upper() for loc, at in view.get("locations", {}).items() if list(at) == cell), "")


def _area_contents(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], area: dict[str, Any]) -> None:
    cx, cy = _anchor(area)
    if area["empty"]:
        code = _location_code(view, area)
        isle = " isle" if area["island"] else ""
        if _open_locations(view):
            _text(image, (cx, cy - R * 0.1), code, 18, OPEN_RIM, bold=True)
            _text(image, (cx, cy + R * 0.3), f"open{isle}", 10, MUTED)
        else:
            _text(image, (cx, cy - R * 0.48), f"{code}{isle}", 11, TILE_BACK_INK, bold=True)
            _text(image, (cx, cy - R * 0.05), "?", 26, TILE_BACK_INK, bold=True)
        _units(image, draw, area, cx, cy + R * 0.3)
        return
    if area["kind"] == "sea":
        _text(image, (cx, cy - R * 0.5), area["title"], 11, SEA_INK, bold=True)
        _units(image, draw, area, cx, cy - R * 0.2)
        return
    if area["owner"] is not None:
        draw.polygon(_hexagon(cx, cy, R - 6), outline=seat_rgb(area["owner"]), width=5)
        _seat_chip(image, draw, cx - HEX_W / 2 + 9, cy - 8, area["owner"], 16)
    title = area["title"] + (" ♨" if area["volcano"] else "")
    _text(image, (cx, cy - R * 0.6), title, 12, INK, bold=True, condensed=False)
    if area["home_of"] is not None:
        _text(image, (cx, cy + R * 0.66), "⌂ home", 10, seat_rgb(area["home_of"]), bold=True)
    pieces: list[tuple[dict[str, Any] | None, str]] = [(p, "settlement") for p in area["slots"]]
    if "oracle" in area:
        pieces.append((area["oracle"], "oracle"))
    if area["government"]:
        pieces.append((area["government"], "government"))
    size, gap = 16, 2
    x = cx - (len(pieces) * (size + gap) - gap) / 2
    for piece, shape in pieces:
        _piece(image, draw, view, x, cy - R * 0.38, size, piece, shape)
        x += size + gap
    _units(image, draw, area, cx, cy + (R * 0.02 if pieces else -R * 0.3))


def _piece(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], x: float, y: float, size: int,
           piece: dict[str, Any] | None, shape: str) -> None:
    box = (x, y, x + size, y + size)
    if piece is None:
        (draw.ellipse if shape == "oracle" else draw.rectangle)(box, outline=MUTED, width=1)
        return
    fill = STATE_FILL[piece["state"]]
    ink = WHITE if piece["state"] == "exhausted" else INK
    if shape == "government":
        draw.polygon([(x, y + size), (x, y + 5), (x + size / 2, y - 2), (x + size, y + 5), (x + size, y + size)],
                     fill=fill, outline=INK)
        letters = GOVERNMENT_LETTERS.get(piece["type"], piece["type"][:2].title())
        _text(image, (x + size / 2, y + size / 2 + 2), letters, 9, ink, bold=True)
        return
    rim = tuple(view["deities"][piece["deity"]]["colour"]) if piece.get("deity") else INK
    width = 3 if piece.get("deity") else 1
    (draw.ellipse if shape == "oracle" else draw.rectangle)(box, fill=fill, outline=rim, width=width)
    _text(image, (x + size / 2, y + size / 2), UPGRADE_LETTER.get(piece["type"], "?"), 11, ink, bold=True)


def _unit_text(groups: list[dict[str, Any]]) -> str:
    totals: dict[tuple[str, bool], int] = {}
    for stack in groups:
        key = (stack["kind"], stack["elite"])
        totals[key] = totals.get(key, 0) + stack["n"]
    order = list(UNIT_LETTER)
    return " ".join(f"{n}{UNIT_LETTER[k]}{'*' if e else ''}"
                    for (k, e), n in sorted(totals.items(), key=lambda item: (order.index(item[0][0]), item[0][1])))


def _units(image: Image.Image, draw: ImageDraw.ImageDraw, area: dict[str, Any], cx: float, y: float) -> None:
    by_owner: dict[int, list[dict[str, Any]]] = {}
    for stack in area["units"]:
        by_owner.setdefault(stack["owner"], []).append(stack)
    for owner, owned in sorted(by_owner.items()):
        text = _unit_text(owned)
        w = _mask(text, 12, True, False).width + 10
        rgb = seat_rgb(owner)
        draw.rounded_rectangle((cx - w / 2, y, cx + w / 2, y + 18), radius=5, fill=rgb, outline=INK)
        _text(image, (cx, y + 9), text, 12, text_on(rgb), bold=True)
        if any(s["spent"] for s in owned):
            draw.rectangle((cx + w / 2 - 4, y - 4, cx + w / 2 + 3, y + 3), fill=INK)
        y += 20


def _mines(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], areas: dict) -> None:
    """A mine: a triangle in its (non-city) area on the side of its city,
    with its name underneath."""
    for mine in view["mines"]:
        ax, ay = _anchor(areas[mine["area"]])
        tx, ty = _anchor(areas[mine["city"]])
        d = math.hypot(tx - ax, ty - ay) or 1
        reach = R * (0.3 if (ty - ay) / d < -0.5 else 0.55)  # keep clear of the area's name
        px, py = ax + (tx - ax) / d * reach, ay + (ty - ay) / d * reach
        piece = mine["upgrade"]
        fill = STATE_FILL[piece["state"]] if piece else (245, 240, 225)
        draw.polygon([(px, py - 10), (px - 9, py + 6), (px + 9, py + 6)], fill=fill, outline=INK)
        if piece:
            _text(image, (px, py + 1), UPGRADE_LETTER[piece["type"]], 9,
                  WHITE if piece["state"] == "exhausted" else INK, bold=True)
        _text(image, (px, py + 12), mine["name"], 9, INK, condensed=True)


def _assaults(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], areas: dict) -> None:
    """Units massed to attack: an arrow to the target and a badge on it."""
    movement = view.get("movement")
    if not movement or not movement["assaults"]:
        return
    ox, oy = _anchor(areas[movement["area"]])
    for dest, group in movement["assaults"].items():
        tx, ty = _anchor(areas[dest])
        d = math.hypot(tx - ox, ty - oy) or 1
        ux, uy = (tx - ox) / d, (ty - oy) / d
        tip = (tx - ux * R * 0.35, ty - uy * R * 0.35)
        draw.line((ox + ux * R * 0.35, oy + uy * R * 0.35, *tip), fill=COMBAT, width=4)
        draw.polygon([tip, (tip[0] - ux * 12 - uy * 7, tip[1] - uy * 12 + ux * 7),
                      (tip[0] - ux * 12 + uy * 7, tip[1] - uy * 12 - ux * 7)], fill=COMBAT)
        text = "attack: " + _unit_text(group)
        w = _mask(text, 11, True, False).width + 10
        y = ty + R * 0.5
        draw.rounded_rectangle((tx - w / 2, y - 9, tx + w / 2, y + 9), radius=4, fill=WHITE, outline=COMBAT, width=2)
        _text(image, (tx, y), text, 11, COMBAT, bold=True)


def _creatures(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], areas: dict) -> None:
    """A Creature: a black disc with its two letters at the top right of its area."""
    for creature in view.get("creatures", []):
        if creature["area"] is None:
            continue
        cx, cy = _anchor(areas[creature["area"]])
        x, y = cx + HEX_W * 0.31, cy + R * 0.42
        draw.ellipse((x - 13, y - 13, x + 13, y + 13), fill=BEAST, outline=COMBAT, width=2)
        _text(image, (x, y), creature["letter"], 12, WHITE, bold=True)


def _closed(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], areas: dict) -> None:
    """Areas closed to movement this turn (Storms at Sea, Wild Woods)."""
    for name in view.get("closed", []):
        cx, cy = _anchor(areas[name])
        for col, row in areas[name]["hexes"]:
            hx, hy = _centre(col, row)
            draw.polygon(_hexagon(hx, hy, R - 3), outline=CLOSED_INK, width=3)
        _text(image, (cx, cy + R * 0.5), "✕ closed", 10, CLOSED_INK, bold=True)


def _panels(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: Sequence[str],
            x: float, y: float) -> None:
    cities = {}
    for area in view["areas"]:
        if area["owner"] is not None:
            cities[area["owner"]] = cities.get(area["owner"], 0) + 1
    titles = {a["name"]: a["title"] for a in view["areas"]}
    ai_rows = {row["seat"]: row for row in (view.get("ai") or {}).get("board", [])}
    for info in view["players_info"]:
        seat = info["seat"]
        top = y + PANEL_H * seat
        row = ai_rows.get(seat)
        draw.rectangle((x, top, x + PANEL_W - 12, top + PANEL_H - 6), outline=seat_rgb(seat), width=3)
        _seat_chip(image, draw, x + 8, top + 7, seat, 22)
        head = f"{_label(view, names, seat)} — {titles.get(info['city'], '?')}" + (" · AI player" if row else "")
        _line(image, (x + 38, top + 18), head, 15, INK, bold=True, anchor="lm")
        marks = ["★ Favorite"] if seat == view["favorite"] else []
        marks += ["passed"] if info["passed"] else []
        marks += ["◀ to act"] if seat in view["waiting"] else []
        _line(image, (x + PANEL_W - 22, top + 18), "  ".join(marks), 12, INK, bold=True, anchor="rm")
        _line(image, (x + 10, top + 33), f"Favor {info['favor']}   Philosophers {info['philosophers']}   "
                                         f"Commerce {info['commerce']}   Cities {cities.get(seat, 0)}", 13, INK)
        done = [c["title"] for c in view["pathos"] if c["name"] in info["pathos_done"]]
        pathos = f"{len(done)}" + (f" ({', '.join(done)})" if done else "")
        if row:
            _ai_board(image, draw, view, row, x + 10, top + 60, x + PANEL_W - 22)
            met = ", ".join(row["ethos_met"]) or "none"
            ethos = f"AI Ethos met: {met} · objectives {row['objectives']}" if view["ai"]["ethos"] else \
                "AI Ethos face down"
        else:
            _cubes(image, draw, view, info, x + 10, top + 60, x + PANEL_W - 14)
            ethos = f"{info['ethos_count']} Ethos kept (hidden)" if info["ethos_kept"] else "Ethos not chosen yet"
            revealed = view["revealed"].get(str(seat))
            if revealed:
                ethos = "Ethos: " + ", ".join(c["title"] for c in revealed)
        _line(image, (x + 10, top + 72), _fit(f"Pathos met {pathos} · {ethos}", 12, PANEL_W - 36), 12, INK)
        won = info.get("won", [])
        slain = [c["title"] for c in view.get("creatures", []) if c["slain_by"] == seat]
        events = f"World Events won ({len(won)}): " + (", ".join(c["title"] for c in won) or "none")
        if slain:
            events = f"Slain: {', '.join(slain)} · " + events
        _line(image, (x + 10, top + 88), _fit(events, 11, PANEL_W - 36), 11, INK)
        if row:
            advances = f"Advancements ({row['advancements']}) on the AI Board, not tracked by name"
        else:
            advances = (f"Advancements ({len(info['advancements'])}): "
                        + (", ".join(info["advancement_titles"]) or "none"))
        _line(image, (x + 10, top + 102), _fit(advances, 11, PANEL_W - 36), 11, MUTED)


def _cubes(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], info: dict[str, Any],
           x: float, y: float, right: float) -> None:
    """A person's Action Cubes left per action, then their Deity Cards."""
    _text(image, (x, y), "Cubes", 12, MUTED, anchor="lm")
    x += 42
    for action, letter in ACTION_LETTER:
        n = info["cubes"][action]
        draw.rectangle((x, y - 8, x + 28, y + 8), fill=WHITE if n else (225, 225, 225), outline=MUTED)
        _text(image, (x + 14, y), f"{letter}{n}", 11, INK if n else MUTED, bold=True)
        x += 31
    _deity_cards(image, draw, view, info, x + 8, y, right)


def _ai_board(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], row: dict[str, Any],
              x: float, y: float, right: float) -> None:
    """An AI player's row of the AI Board: Advancements, Supply (moves left
    this turn), its Grudge and the AI card it revealed last."""
    _text(image, (x, y), "AI Board", 12, MUTED, anchor="lm")
    x += 60
    for label, value in (("Adv", row["advancements"]), ("Supply", row["supply"])):
        text = f"{label} {value}"
        w = _mask(text, 11, True, False).width + 10
        draw.rectangle((x, y - 8, x + w, y + 8), fill=WHITE if value else (225, 225, 225), outline=MUTED)
        _text(image, (x + w / 2, y), text, 11, INK if value else MUTED, bold=True)
        x += w + 4
    x += 6
    _text(image, (x, y), "Grudge", 11, INK, anchor="lm")
    x += _mask("Grudge", 11, False, False).width + 4
    grudge = row["grudge"]
    if grudge is None:
        x += _text(image, (x, y), "none", 11, MUTED, anchor="lm")
    else:
        seat = view["seats"].index(grudge)
        _seat_chip(image, draw, x, y - 8, seat, 16)
        x += 19
        x += _text(image, (x, y), grudge, 11, INK, bold=True, anchor="lm")
    card = row["card"] or "none yet"
    _text(image, (x + 10, y), _fit(f"AI card: {card}", 11, int(right - x - 10)), 11, INK, anchor="lm")


def _deity_cards(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], info: dict[str, Any],
                 x: float, y: float, right: float) -> None:
    """Each Deity Card: its name in its colour, the Temples counted, and one
    box per Invocation level — white if castable, pale if the Temples do not
    reach it, crossed when spent this turn. Names shrink to three letters
    when the cards would not fit before ``right``."""
    cards = info.get("deity_cards", [])
    if not cards:
        _text(image, (x, y), "Deities: —", 12, INK, anchor="lm")
        return

    def full(card: dict[str, Any]) -> str:
        return f"{card['title']} ({card['temples']})"

    def short(card: dict[str, Any]) -> str:
        return f"{card['title'][:3]} ({card['temples']})"

    def shortest(card: dict[str, Any]) -> str:  # the boxes still show which levels the Temples reach
        return card["title"][:3]

    def width_of(caption: Callable[[dict[str, Any]], str]) -> float:
        return sum(_mask(caption(card), 11, True, False).width + 11 + 15 * len(card["invocations"])
                   for card in cards)

    caption = next((c for c in (full, short) if x + width_of(c) <= right), shortest)
    for card in cards:
        rgb = tuple(view["deities"][card["deity"]]["colour"])
        width = _text(image, (x, y), caption(card), 11, INK, bold=True, anchor="lm")
        draw.line((x, y + 8, x + width, y + 8), fill=rgb, width=2)
        x += width + 3
        for inv in card["invocations"]:
            box = (x, y - 7, x + 13, y + 7)
            fill = WHITE if inv["reachable"] else (225, 225, 225)
            draw.rectangle(box, fill=fill, outline=rgb, width=2)
            _text(image, (x + 6.5, y), str(inv["level"]), 9, INK if inv["reachable"] else MUTED, bold=True)
            if inv["spent"]:
                draw.line((x + 1, y - 6, x + 12, y + 6), fill=COMBAT, width=2)
                draw.line((x + 1, y + 6, x + 12, y - 6), fill=COMBAT, width=2)
            x += 15
        x += 8


def _map_lines(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """What the table sees of a map being built or explored."""
    building, exploring = view.get("building"), view.get("exploring")
    lines = []
    if building:
        stage = {"homes": "Home City tiles", "olympus": "Mt. Olympus", "delphi": "Delphi",
                 "tiles": "tiles, in serpentine order"}.get(building["stage"], building["stage"])
        placer = building["placer"]
        who = f"{_label(view, names, placer)} places" if placer is not None else "nobody can place"
        lines.append(f"Building the map ({building['mode']}): {stage}; {who}.")
        hands = ", ".join(f"{view['seats'][int(s)]} {n}" for s, n in sorted(building["hands"].items(),
                                                                           key=lambda i: int(i[0])))
        lines.append(f"Tiles in hand (face down): {hands or 'none'} · {len(building['empty'])} locations open.")
    if exploring:
        empty = sum(1 for a in view["areas"] if a["empty"])
        lines.append(f"Explorable Map: {empty} Empty Area{'s' if empty != 1 else ''} left to explore.")
        lines.append(f"Tiles: {exploring['stack']} face down in the stack, {exploring['discard']} discarded.")
    return lines


def _map_box(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: Sequence[str],
             x: float, y: float) -> None:
    draw.rectangle((x, y, x + PANEL_W - 12, y + MAP_BOX_H - 6), outline=MUTED, width=1)
    for index, line in enumerate(_map_lines(view, names)[:2]):
        _line(image, (x + 10, y + 5 + 16 * index), _fit(line, 12, PANEL_W - 36, index == 0), 12, INK,
              bold=index == 0)


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


def _tiles_box(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any],
               tiles: tuple[str, list[dict[str, Any]]], x: float, y: float) -> None:
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
        _text(image, (cx, cy + TILE_ICON + 8), _fit(f"{tile['title']} (`{tile['name']}`)" if "fits" in tile
                                                    else tile["title"], 10, int(step) - 4), 10, INK)
        if "fits" in tile:
            fits = ", ".join(map(str, tile["fits"]))
            text = f"fits turned {fits}" if fits else "does not fit here"
            _text(image, (cx, cy + TILE_ICON + 21), text, 10, INK if fits else MUTED, bold=bool(fits))


def _event_box(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: Sequence[str],
               x: float, y: float) -> None:
    """The last World Event, the bids or casting window under way, the offers."""
    events = view.get("events") or {}
    draw.rectangle((x, y, x + PANEL_W - 12, y + EVENT_H - 6), outline=INK, width=2)
    _line(image, (x + 10, y + 6), f"World Events — deck {events.get('deck', 0)}, discard {events.get('discard', 0)}",
          14, INK, bold=True)
    lines: list[tuple[str, bool]] = []
    quiet = events.get("quiet")
    if quiet:
        lines.append((f"Last revealed: {quiet['title']} (Chaos {quiet['chaos']}) — did not occur.", True))
    last = events.get("last")
    if last:
        if last["occurred"]:
            under_way = last.get("winner") is None and not last["silence"]
            head = f"{'Now' if under_way else 'Last World Event'}: {last['title']} (Chaos {last['chaos']})"
            if last.get("winner") is not None:
                bids = last.get("bids") or {}
                shown = ", ".join(f"{view['seats'][int(s)]} {n}" for s, n in sorted(bids.items()))
                head += f" — won by {_label(view, names, last['winner'])} (bids: {shown})"
            lines.append((head, True))
            if not last["silence"]:
                lines.append((f"Reward: {last['reward']}. {last['text']}"
                              + (" (cancelled)" if last.get("cancelled") else ""), False))
            else:
                lines.append((last["text"], False))
        else:
            lines.append((f"Last revealed: {last['title']} (Chaos {last['chaos']}) — did not occur.", True))
    bid = view.get("bid")
    if bid:
        done = ", ".join(view["seats"][s] for s in bid["bid"]) or "nobody yet"
        waiting = ", ".join(view["seats"][s] for s in bid["waiting"])
        lines.append((f"Secret bids on {bid['title']}: bid — {done}; waiting for {waiting}.", True))
    window = view.get("window")
    if window:
        casts = "; ".join(f"#{c['n']} {view['seats'][c['seat']]} {c['title']}"
                          + (f" → {c['target']}" if c["target"] else "")
                          + ("" if c["status"] in ("pending", "resolved") else f" ({c['status']})")
                          for c in window["casts"]) or "none yet"
        waiting = ", ".join(view["seats"][s] for s in window["waiting"]) or "nobody"
        lines.append((f"Casting window ({window['phase']}): cast {casts}; waiting for {waiting}.", True))
    titles = {a["name"]: a["title"] for a in view["areas"]}
    roaming = [f"{c['title']} ({c['letter']}) in {titles[c['area']]}" for c in view.get("creatures", []) if c["area"]]
    slain = [f"{c['title']} by {view['seats'][c['slain_by']]}" for c in view.get("creatures", [])
             if c["slain_by"] is not None]
    if roaming or slain:
        lines.append(("Creatures: " + ("; ".join(roaming) or "none on the map")
                      + (f". Slain: {', '.join(slain)}" if slain else "") + ".", False))
    for offer in view.get("offers", []):
        lines.append((f"Offer: {view['seats'][offer['from']]} → {view['seats'][offer['to']]}: {offer['terms']}.",
                      False))
    row = y + 28
    for text, bold in lines:
        for line in _wrapped(text, 12, bold, PANEL_W - 36):
            if row > y + EVENT_H - 22:
                return
            _line(image, (x + 10, row), line, 12, INK, bold=bold)
            row += 15


def _log(image: Image.Image, view: dict[str, Any], top: float, width: int) -> None:
    draw = ImageDraw.Draw(image)
    draw.line((MAP_X, top, width, top), fill=MUTED, width=1)
    legend = ("A Academy · T Temple (rim = deity) · M Market · B Barracks · S Stables · D Docks · W Walls · "
              "Ω Wonder · pentagon = Government (Ty Tyranny, Re Republic, De Democracy, Ol Oligarchy, Te Theocracy, "
              "Th Thalassocracy); white active, wood = building, grey = exhausted · "
              "H Hoplite · C Cavalry · T Trireme · X Hero · Al Alcibiades · * elite · ■ at Supply Limit or held "
              "by a Creature · △ mine · black disc = Creature · ✕ closed this turn · Invocations: level boxes, "
              "✕ = spent, grey = too few Temples · dark hex with ? = unexplored Empty Area (a face-down tile) · "
              "dashed hex = a location still open while the map is built")
    lines = _wrapped(legend, 11, False, width - MAP_X - 8)
    for index, line in enumerate(lines):
        _line(image, (MAP_X, top + 3 + index * 13), line, 11, MUTED)
    y = top + 6 + 13 * len(lines)
    entries: list[str] = list(view["notes"]) if view["winners"] else []
    for entry in view["log"][-LOG_LINES:]:
        entries += _wrapped(entry, 13, False, width - MAP_X - 8)
    for line in entries[-(LOG_LINES - 1):]:
        _line(image, (MAP_X, y), line, 13, INK)
        y += 16


def _copies(card: dict[str, Any]) -> str:
    """An Ethos card's marks: how many copies the deck holds (others may want it too)."""
    n = card.get("copies", 1)
    return f"{n} cop{'y' if n == 1 else 'ies'} in the game"


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
    lies = tile.get("lies") or [{"turns": 0, "mountains": [n for n, side in zip(SIDE_NAMES, tile["sides"])
                                                          if side != "c"]}]
    ways = "; ".join(f"turned {lie['turns']}{' (as printed)' if lie['turns'] == 0 else ''}: "
                     + ("mountains " + "/".join(lie["mountains"]) if lie["mountains"] else "clearings all round")
                     for lie in lies)
    text = f"{tile['title']} (`{tile['name']}`) — {', '.join([what] + extras)}. {ways}."
    if "fits" in tile:
        text += (f" Fits here turned {', '.join(map(str, tile['fits']))}." if tile["fits"] else
                 " Does not fit here.")
    return text


def hand_text(view: dict[str, Any], names: Sequence[str]) -> str:
    """A seat's private view in words: its Ethos objectives and choices."""
    private = view.get("private") or {}
    seat = view.get("seat", 0)
    lines = [f"Your seat: {_label(view, names, seat)}."]
    if private.get("deity_hand"):
        lines.append("Deities dealt to you (choose your first temple's patron with `patron <deity>`): "
                     + ", ".join(d["title"] for d in private["deity_hand"]) + ".")
    if private.get("ethos"):
        lines.append("Your Ethos objectives (✔ = met right now):")
        lines += [f"  {'✔' if c['met'] else '·'} {c['title']}: {c['text']} ({_copies(c)})" for c in private["ethos"]]
    if private.get("ethos_hand"):
        lines.append("Ethos cards dealt to you (keep two different ones with `keep <a> <b>`, or `discard`):")
        lines += [f"  {c['place']}. {c['title']}: {c['text']} ({_copies(c)})" for c in private["ethos_hand"]]
    pathos = ", ".join(c["title"] for c in view["pathos"])
    lines.append(f"Objectives met right now: {private.get('objectives_met', 0)} of the "
                 f"{view['objectives_to_win']} needed (public Pathos: {pathos}).")
    if private.get("bid") is not None and view.get("bid"):
        lines.append(f"Your secret bid on {view['bid']['title']}: {private['bid']} Favor (revealed when everyone "
                     f"has bid).")
    for draft in view.get("drafts", []):
        if draft["from"] == seat:
            lines.append(f"The offer you are writing: {draft['terms']} (`offer <colour>` proposes it; `cancel`).")
    for heading, key in (("Your tiles while the map is built (`place <tile> <location> <turns>`; only you see "
                          "them):", "tiles"),
                         ("The two tiles you drew to explore (place one with `place <tile> <turns>`; the other goes "
                          "to the bottom of the stack unseen):", "exploring")):
        if private.get(key):
            lines.append(heading)
            lines += [f"  {_tile_words(tile)}" for tile in private[key]]
    info = next((p for p in view.get("players_info", []) if p["seat"] == seat), None)
    if info and info.get("deity_cards"):
        lines.append("Your Invocations (level = Favor = Temples needed; `invoke <name> [target]`):")
        for card in info["deity_cards"]:
            for inv in card["invocations"]:
                state = "spent this turn" if inv["spent"] else (
                    "ready" if inv["reachable"] else f"needs {inv['level']} Temples, you count {card['temples']}")
                lines.append(f"  {card['title']} {inv['level']} · {inv['title']} (`{inv['name']}`, "
                             f"{inv['phase']}): {inv['text']} — {state}")
    return "\n".join(lines)
