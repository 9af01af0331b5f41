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

The hexes, borders and the legend change only with the map, so they are
drawn once per map and copied (``_static_layer``); the place names are placed
once per map too (``render.hellenica_legend``: never over one another or a
mine). Text is stamped word by word from cached masks, names and headings
from cached sprites (``render.hellenica_base``), a player's panel is redrawn
only when something in it changed (``render.hellenica_panels``), and the
palette is chosen from a sample of the pixels. The private tiles are drawn
by ``render.hellenica_tiles``. The view names its map and pieces; their
fixed parts (hexes, titles, colours, texts) come from the game's public
component data (``engine.games.hellenica.view_fixed``), never from a state.

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
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.games.hellenica.view_fixed import with_fixed_parts
from render.common import INK, MUTED, PAPER, fit_text, font, seat_rgb, text_on, to_png
from render.hellenica_base import (
    BEAST,
    BORDER,
    CLOSED,
    CLOSED_INK,
    COAST,
    COMBAT,
    EVENT_H,
    EXHAUSTED,
    GOVERNMENT_LETTERS,
    HATCH,
    HEX_W,
    LAND,
    LAND_HOME,
    LOG_LINES,
    MAP_BOX_H,
    MAP_X,
    MAP_Y,
    MOUNTAIN,
    OPEN_RIM,
    OPEN_SPACE,
    PALETTE,
    PANEL_H,
    PANEL_W,
    SEA,
    SEA_EDGE,
    SEA_INK,
    SEAT_LETTER,
    SHALLOWS,
    STATE_FILL,
    STATIC_CACHE,
    SUPPLIED,
    TILE_BACK,
    TILE_BACK_INK,
    TILE_BACK_RIM,
    UNIT_LETTER,
    UPGRADE_LETTER,
    WHITE,
    WOOD,
    R,
    _advance,
    _anchor,
    _borders,
    _centre,
    _hexagon,
    _hexes,
    _line,
    _map_size,
    _mask,
    _open_locations,
    _paste,
    _sprite_text,
    _text,
    _wrapped,
)
from render.hellenica_legend import _legend, _legend_height, _mine_point, _overlaps, _place_names
from render.hellenica_panels import _label, _panels, _seat_chip
from render.hellenica_tiles import _private_tiles, _tile_words, _tiles_box, _tiles_box_height

# ---------------------------------------------------------------------------
# The picture


def render(view: dict[str, Any], names: Sequence[str]) -> bytes:
    view = with_fixed_parts(view)  # the map's hexes and titles, the pieces' texts: the view only names them
    map_w, map_h = _map_size(view)
    log_h = _legend_height(map_w) + 16 * (LOG_LINES - 1) + 12
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
    for text, size, bold, condensed, fill, (x, y) in _names(view, areas, image.size):
        _paste(image, fill, round(x), round(y), _mask(text, size, bold, condensed))
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
    # A middling compression level: level 6 would take as long as all the
    # drawing. At 7 seats over 120 pictures (bench/targets.py's games) level
    # 2 encodes in 7.4 ms with the largest at 152 KB, level 4 in 11.3 ms at
    # 135 KB: under our 150 KB limit with room for fuller boards.
    indexed = image.quantize(palette=_palette(image), dither=Image.Dither.NONE)
    return to_png(indexed, compress_level=4)


SAMPLE_STEP = 4
"""The palette is chosen from every 4th pixel each way (and every colour the
picture draws with): choosing it from all the pixels took a third of the
picture's time, mapping the pixels to it takes a twentieth."""


@lru_cache(maxsize=1)
def _swatches() -> Image.Image:
    """A strip of every colour the picture draws with, so that a colour a
    sparse sample would miss (a lone chip) still gets its own entry."""
    colours = [
        PAPER,
        INK,
        MUTED,
        LAND,
        LAND_HOME,
        SEA,
        SEA_EDGE,
        CLOSED,
        HATCH,
        MOUNTAIN,
        SHALLOWS,
        COAST,
        BORDER,
        WOOD,
        EXHAUSTED,
        WHITE,
        COMBAT,
        BEAST,
        CLOSED_INK,
        SUPPLIED,
        SEA_INK,
        TILE_BACK,
        TILE_BACK_RIM,
        TILE_BACK_INK,
        OPEN_SPACE,
        OPEN_RIM,
    ] + [seat_rgb(seat) for seat in range(len(SEAT_LETTER))]
    strip = Image.new("RGB", (len(colours), 1))
    strip.putdata(colours)
    return strip.resize((len(colours) * 8, 8), Image.Resampling.NEAREST)


def _palette(image: Image.Image) -> Image.Image:
    """The picture's own palette, chosen from a sample of its pixels."""
    sample = image.resize((image.width // SAMPLE_STEP, image.height // SAMPLE_STEP), Image.Resampling.NEAREST)
    strip = _swatches()
    reference = Image.new("RGB", (max(sample.width, strip.width), sample.height + strip.height), PAPER)
    reference.paste(sample, (0, 0))
    reference.paste(strip, (0, sample.height))
    return reference.quantize(colors=PALETTE, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


# ---------------------------------------------------------------------------
# The static layer: the paper, the hexes and their borders change only when
# the map does (set-up, a tile placed or explored), so they are drawn once
# and copied for each picture.

_STATIC: OrderedDict[tuple, Image.Image] = OrderedDict()
_STATIC_LOCK = threading.Lock()  # pictures are drawn in worker threads


def _static_key(view: dict[str, Any], size: tuple[int, int]) -> tuple:
    return (
        size,
        _open_locations(view),
        tuple(
            (
                a["name"],
                a["kind"],
                tuple(map(tuple, a["hexes"])),
                a["sides"],
                a["home"],
                a["impassable"],
                a["shallows"],
                a["empty"],
                a["title"],
                a["volcano"],
            )
            for a in view["areas"]
        ),
        tuple((m["name"], m["area"], m["city"]) for m in view["mines"]),
    )


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
        _legend(layer, draw, MAP_Y + _map_size(view)[1] + 4, _map_size(view)[0])
        with _STATIC_LOCK:
            _STATIC[key] = layer
            while len(_STATIC) > STATIC_CACHE:
                _STATIC.popitem(last=False)
    return layer.copy()


def _header(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: Sequence[str], width: int
) -> None:
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
        _sprite_text(image, (MAP_X, 40 + 18 * index), fit_text(line, font(15), width - PANEL_W - 40), font(15), INK)
    favorite = view["favorite"]
    arrow = "↻ clockwise" if view["direction"] == "zeus" else "↺ counter-clockwise"
    _seat_chip(image, draw, MAP_X, 80, favorite, 20)
    chaos_x = width - PANEL_W - 12 - 27 * (view["chaos_start"] + 1) - 52
    text = f"Favorite of the Gods: {_label(view, names, favorite)}, {view['direction'].title()} ({arrow})"
    _sprite_text(
        image,
        (MAP_X + 26, 90),
        fit_text(text, font(15), chaos_x - MAP_X - 40 - 19 * len(view["order"]) - 50),
        font(15),
        INK,
        anchor="lm",
    )
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
    _line(
        image,
        (x, 8),
        f"Public Pathos objectives (win with {view['objectives_to_win']}, counting your Ethos)",
        13,
        INK,
        bold=True,
    )
    for index, card in enumerate(view["pathos"]):
        size, text = _pathos_line(f"{card['title']}: {card['text']}")
        _line(image, (x, 27 + 17 * index + (13 - size) // 2), text, size, INK)
    if not view.get("ai"):
        _line(image, (x, 27 + 17 * len(view["pathos"])), f"Ethos deck: {view['ethos_deck']} cards", 12, MUTED)
        return
    size, lines = _ai_ethos_lines(view)
    for index, line in enumerate(lines):
        _line(image, (x, 26 + 17 * len(view["pathos"]) + (size + 2) * index), line, size, INK)


def _ai_ethos_lines(view: dict[str, Any]) -> tuple[int, tuple[str, ...]]:
    """The Ethos deck and the Ethos cards shared by the AI players (named once
    turned face up, else only counted), always whole: on the two lines left
    above the panels, in the largest size that fits them."""
    ai = view["ai"]
    shared = ", ".join(c["title"] for c in ai["ethos"])
    if shared:
        text = f"AI Ethos (shared by the AI players; any 2 count): {shared}"
    elif ai["ethos_hidden"]:
        text = f"AI Ethos: {ai['ethos_hidden']} cards face down until every person has chosen"
    else:
        text = "AI Ethos: dealt face down in the first Ethos phase"
    text = f"Ethos deck: {view['ethos_deck']} cards. {text}"
    size = next((size for size in (12, 11, 10, 9) if len(_wrapped(text, size, False, PANEL_TEXT_W)) <= 2), 9)
    return size, _wrapped(text, size, False, PANEL_TEXT_W)


PANEL_TEXT_W = PANEL_W - 16
"""The width a line of the header panel may take: a Pathos card, an AI's Ethos cards."""


def _pathos_line(text: str) -> tuple[int, str]:
    """A Pathos card's line in the largest size from 13 to 11 that fits the
    panel's width, else at 11 shortened with "…" (never cut by the edge)."""
    for size in (13, 12, 11):
        if _advance(text, size, False) <= PANEL_TEXT_W:
            return size, text
    return 11, fit_text(text, font(11), PANEL_TEXT_W)


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
    if area["kind"] == "sea":  # its name is in the static layer (``_place_names``)
        _units(image, draw, area, cx, cy - R * 0.2)
        return
    if area["owner"] is not None:
        draw.polygon(_hexagon(cx, cy, R - 6), outline=seat_rgb(area["owner"]), width=5)
        _seat_chip(image, draw, cx - HEX_W / 2 + 9, cy - 8, area["owner"], 16)
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


def _piece(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    x: float,
    y: float,
    size: int,
    piece: dict[str, Any] | None,
    shape: str,
) -> None:
    box = (x, y, x + size, y + size)
    if piece is None:
        (draw.ellipse if shape == "oracle" else draw.rectangle)(box, outline=MUTED, width=1)
        return
    fill = STATE_FILL[piece["state"]]
    ink = WHITE if piece["state"] == "exhausted" else INK
    if shape == "government":
        draw.polygon(
            [(x, y + size), (x, y + 5), (x + size / 2, y - 2), (x + size, y + 5), (x + size, y + size)],
            fill=fill,
            outline=INK,
        )
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
    return " ".join(
        f"{n}{UNIT_LETTER[k]}{'*' if e else ''}"
        for (k, e), n in sorted(totals.items(), key=lambda item: (order.index(item[0][0]), item[0][1]))
    )


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
        px, py = _mine_point(mine, areas)
        piece = mine["upgrade"]
        fill = STATE_FILL[piece["state"]] if piece else (245, 240, 225)
        draw.polygon([(px, py - 10), (px - 9, py + 6), (px + 9, py + 6)], fill=fill, outline=INK)
        if piece:
            _text(
                image,
                (px, py + 1),
                UPGRADE_LETTER[piece["type"]],
                9,
                WHITE if piece["state"] == "exhausted" else INK,
                bold=True,
            )


_NAMES: OrderedDict[tuple, list] = OrderedDict()


def _names(view: dict[str, Any], areas: dict, size: tuple[int, int]) -> list:
    """``_place_names``, worked out once per map (like the static layer).
    The names are drawn over the owners' rings, so they are not part of
    that layer."""
    key = _static_key(view, size)
    with _STATIC_LOCK:
        placed = _NAMES.get(key)
    if placed is None:
        placed = _place_names(view, areas)
        with _STATIC_LOCK:
            _NAMES[key] = placed
            while len(_NAMES) > STATIC_CACHE:
                _NAMES.popitem(last=False)
    return placed


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
        draw.polygon(
            [
                tip,
                (tip[0] - ux * 12 - uy * 7, tip[1] - uy * 12 + ux * 7),
                (tip[0] - ux * 12 + uy * 7, tip[1] - uy * 12 - ux * 7),
            ],
            fill=COMBAT,
        )
        text = "attack: " + _unit_text(group)
        w = _mask(text, 11, True, False).width + 10
        y = ty + R * 0.5
        draw.rounded_rectangle((tx - w / 2, y - 9, tx + w / 2, y + 9), radius=4, fill=WHITE, outline=COMBAT, width=2)
        _text(image, (tx, y), text, 11, COMBAT, bold=True)


def _creatures(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], areas: dict) -> None:
    """A Creature: a black disc with its two letters at the top right of its area."""
    taken = [(px - 10, py - 11, px + 10, py + 7) for px, py in (_mine_point(m, areas) for m in view["mines"])]
    taken += [
        (x, y, x + _mask(text, size, bold, condensed).width, y + _mask(text, size, bold, condensed).height)
        for text, size, bold, condensed, _, (x, y) in _names(view, areas, image.size)
    ]
    for creature in view.get("creatures", []):
        if creature["area"] is None:
            continue
        cx, cy = _anchor(areas[creature["area"]])
        # At the lower right of the area, else wherever no mine or name lies under it.
        spots = [
            (cx + HEX_W * 0.31, cy + R * 0.42),
            (cx - HEX_W * 0.31, cy + R * 0.42),
            (cx, cy + R * 0.64),
            (cx + HEX_W * 0.31, cy - R * 0.1),
            (cx - HEX_W * 0.31, cy - R * 0.1),
        ]
        x, y = min(spots, key=lambda p: _overlaps((p[0] - 13, p[1] - 13, p[0] + 13, p[1] + 13), taken))
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


def _map_lines(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """What the table sees of a map being built or explored."""
    building, exploring = view.get("building"), view.get("exploring")
    lines = []
    if building:
        stage = {
            "homes": "Home City tiles",
            "olympus": "Mt. Olympus",
            "delphi": "Delphi",
            "tiles": "tiles, in serpentine order",
        }.get(building["stage"], building["stage"])
        placer = building["placer"]
        who = f"{_label(view, names, placer)} places" if placer is not None else "nobody can place"
        lines.append(f"Building the map ({building['mode']}): {stage}; {who}.")
        hands = ", ".join(
            f"{view['seats'][int(s)]} {n}" for s, n in sorted(building["hands"].items(), key=lambda i: int(i[0]))
        )
        lines.append(f"Tiles in hand (face down): {hands or 'none'} · {len(building['empty'])} locations open.")
    if exploring:
        empty = sum(1 for a in view["areas"] if a["empty"])
        lines.append(f"Explorable Map: {empty} Empty Area{'s' if empty != 1 else ''} left to explore.")
        lines.append(f"Tiles: {exploring['stack']} face down in the stack, {exploring['discard']} discarded.")
    return lines


def _map_box(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: Sequence[str], x: float, y: float
) -> None:
    draw.rectangle((x, y, x + PANEL_W - 12, y + MAP_BOX_H - 6), outline=MUTED, width=1)
    for index, line in enumerate(_map_lines(view, names)[:2]):
        fnt = font(12, bold=index == 0)
        _sprite_text(image, (x + 10, y + 5 + 16 * index), fit_text(line, fnt, PANEL_W - 36), fnt, INK)


def _event_box(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: Sequence[str], x: float, y: float
) -> None:
    """The last World Event, the bids or casting window under way, the offers."""
    events = view.get("events") or {}
    draw.rectangle((x, y, x + PANEL_W - 12, y + EVENT_H - 6), outline=INK, width=2)
    _line(
        image,
        (x + 10, y + 6),
        f"World Events — deck {events.get('deck', 0)}, discard {events.get('discard', 0)}",
        14,
        INK,
        bold=True,
    )
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
                lines.append(
                    (
                        f"Reward: {last['reward']}. {last['text']}" + (" (cancelled)" if last.get("cancelled") else ""),
                        False,
                    )
                )
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
        casts = (
            "; ".join(
                f"#{c['n']} {view['seats'][c['seat']]} {c['title']}"
                + (f" → {c['target']}" if c["target"] else "")
                + ("" if c["status"] in ("pending", "resolved") else f" ({c['status']})")
                for c in window["casts"]
            )
            or "none yet"
        )
        waiting = ", ".join(view["seats"][s] for s in window["waiting"]) or "nobody"
        lines.append((f"Casting window ({window['phase']}): cast {casts}; waiting for {waiting}.", True))
    titles = {a["name"]: a["title"] for a in view["areas"]}
    roaming = [f"{c['title']} ({c['letter']}) in {titles[c['area']]}" for c in view.get("creatures", []) if c["area"]]
    slain = [
        f"{c['title']} by {view['seats'][c['slain_by']]}"
        for c in view.get("creatures", [])
        if c["slain_by"] is not None
    ]
    if roaming or slain:
        lines.append(
            (
                "Creatures: "
                + ("; ".join(roaming) or "none on the map")
                + (f". Slain: {', '.join(slain)}" if slain else "")
                + ".",
                False,
            )
        )
    for offer in view.get("offers", []):
        lines.append(
            (f"Offer: {view['seats'][offer['from']]} → {view['seats'][offer['to']]}: {offer['terms']}.", False)
        )
    row = y + 28
    for text, bold in lines:
        for line in _wrapped(text, 12, bold, PANEL_W - 36):
            if row > y + EVENT_H - 22:
                return
            fnt = font(12, bold=bold)
            _sprite_text(image, (x + 10, row), fit_text(line, fnt, PANEL_W - 36), fnt, INK)
            row += 15


def _log(image: Image.Image, view: dict[str, Any], top: float, width: int) -> None:
    """The latest log lines, under the legend."""
    y = top + _legend_height(width) + 2
    entries: list[str] = list(view["notes"]) if view["winners"] else []
    for entry in view["log"][-LOG_LINES:]:
        entries += _wrapped(entry, 13, False, width - MAP_X - 8)
    for line in entries[-(LOG_LINES - 1) :]:
        _line(image, (MAP_X, y), line, 13, INK)
        y += 16


def _copies(card: dict[str, Any]) -> str:
    """An Ethos card's marks: how many copies the deck holds (others may want it too)."""
    n = card.get("copies", 1)
    return f"{n} cop{'y' if n == 1 else 'ies'} in the game"


def hand_text(view: dict[str, Any], names: Sequence[str]) -> str:
    """A seat's private view in words: its Ethos objectives and choices."""
    view = with_fixed_parts(view)  # the Invocations' titles and texts: the view only names them
    private = view.get("private") or {}
    seat = view.get("seat", 0)
    lines = [f"Your seat: {_label(view, names, seat, fitted=False)}."]
    if private.get("deity_hand"):
        lines.append(
            "Deities dealt to you (choose your first temple's patron with `patron <deity>`): "
            + ", ".join(d["title"] for d in private["deity_hand"])
            + "."
        )
    if private.get("ethos"):
        lines.append("Your Ethos objectives (✔ = met right now):")
        lines += [f"  {'✔' if c['met'] else '·'} {c['title']}: {c['text']} ({_copies(c)})" for c in private["ethos"]]
    if private.get("ethos_hand"):
        lines.append("Ethos cards dealt to you (keep two different ones with `keep <a> <b>`, or `discard`):")
        lines += [f"  {c['place']}. {c['title']}: {c['text']} ({_copies(c)})" for c in private["ethos_hand"]]
    pathos = ", ".join(c["title"] for c in view["pathos"])
    lines.append(
        f"Objectives met right now: {private.get('objectives_met', 0)} of the "
        f"{view['objectives_to_win']} needed (public Pathos: {pathos})."
    )
    if private.get("bid") is not None and view.get("bid"):
        lines.append(
            f"Your secret bid on {view['bid']['title']}: {private['bid']} Favor (revealed when everyone has bid)."
        )
    for draft in view.get("drafts", []):
        if draft["from"] == seat:
            lines.append(f"The offer you are writing: {draft['terms']} (`offer <colour>` proposes it; `cancel`).")
    for heading, key in (
        ("Your tiles while the map is built (`place <tile> <location> <turns>`; only you see them):", "tiles"),
        (
            "The two tiles you drew to explore (place one with `place <tile> <turns>`; the other goes "
            "to the bottom of the stack unseen):",
            "exploring",
        ),
    ):
        if private.get(key):
            lines.append(heading)
            lines += [f"  {_tile_words(tile)}" for tile in private[key]]
    info = next((p for p in view.get("players_info", []) if p["seat"] == seat), None)
    if info and info.get("deity_cards"):
        lines.append("Your Invocations (level = Favor = Temples needed; `invoke <name> [target]`):")
        for card in info["deity_cards"]:
            for inv in card["invocations"]:
                state = (
                    "spent this turn"
                    if inv["spent"]
                    else ("ready" if inv["reachable"] else f"needs {inv['level']} Temples, you count {card['temples']}")
                )
                lines.append(
                    f"  {card['title']} {inv['level']} · {inv['title']} (`{inv['name']}`, "
                    f"{inv['phase']}): {inv['text']} — {state}"
                )
    return "\n".join(lines)
