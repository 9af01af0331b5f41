"""The Thessaloniki table from a view: the seven alcoves with their workers,
mosaics and statues; the denarius space; the port with its ships, loaded
goods and sale values; the contract offer with its statue sections; the
chariot track; the demand tiles; and every player's board.

Colours are never alone: workers carry their colour's letter (a ring for
the Patrician, a square for a Merchant), goods carry a two-letter name
(a circle when raw, a square when refined)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.common import INK, MUTED, PAPER, SEAT_RGB, draw_text, fit_name, font, text_length, text_on, to_png, wrap

WIDTH, HEIGHT = 1820, 1330
MARGIN = 16
LEFT_WIDTH = 1190
RIGHT_X = LEFT_WIDTH + 2 * MARGIN

PANEL = (241, 234, 218)
PANEL_EDGE = (176, 160, 128)
SEA = (205, 226, 238)
GOLD = (201, 162, 39)
SALT_RGB = (245, 245, 245)
ANY_RGB = (225, 225, 225)
HIGHLIGHT = (255, 196, 0)

GOOD_LETTERS = {"grain": "Gr", "meat": "Me", "olive": "Ol", "grape": "Gp", "salt": "Sa"}
ICON_LETTERS = {"laurel": "La", "amphora": "Am", "scroll": "Sc", "column": "Co", "lyre": "Ly", "owl": "Ow"}


def colour_rgb(colour: str | None) -> tuple[int, int, int]:
    if colour is None:
        return ANY_RGB
    if colour == "salt":
        return SALT_RGB
    return SEAT_RGB.get(colour.capitalize(), MUTED)


class Painter:
    """Drawing helpers bound to one view."""

    def __init__(self, view: dict[str, Any], names: Sequence[str], background: Image.Image):
        self.view = view
        self.names = list(names)
        self.image = background.copy()
        self.draw = ImageDraw.Draw(self.image)
        self.good_colour = {good: colour for colour, good in view["colour_goods"].items()}

    # -- primitives ---------------------------------------------------------------

    def panel(self, box: tuple[float, float, float, float], fill=PANEL, outline=PANEL_EDGE, width=2, radius=8) -> None:
        self.draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)

    def text(
        self, xy: tuple[float, float], text: str, size: int = 14, bold: bool = False, fill=INK, anchor: str = "la"
    ) -> None:
        """Text from a cache of rendered glyph masks: most of the table's words
        and numbers recur from picture to picture, and shaping them is the
        bulk of the drawing time."""
        if not text:
            return
        mask, left, top = _text_mask(text, size, bold, anchor)
        x, y = int(round(xy[0])) + left, int(round(xy[1])) + top
        self.image.paste(fill, (x, y, x + mask.width, y + mask.height), mask)

    def wrapped(self, x: float, y: float, text: str, width: int, size: int = 12, fill=INK, max_lines: int = 4) -> float:
        for line in _wrapped_lines(text, size, width, max_lines):
            self.text((x, y), line, size, fill=fill)
            y += size + 3
        return y

    def worker(self, cx: float, cy: float, colour: str, kind: str, radius: int = 15) -> None:
        rgb = colour_rgb(colour)
        letter = "S" if colour == "salt" else colour[0].upper()
        if kind == "P" and colour != "salt":
            self.draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=rgb, outline=INK, width=3)
            self.draw.ellipse(
                (cx - radius + 5, cy - radius + 5, cx + radius - 5, cy + radius - 5), outline=text_on(rgb), width=1
            )
        else:
            r = radius - 2
            self.draw.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=4, fill=rgb, outline=INK, width=2)
        self.text((cx, cy), letter, 14, True, text_on(rgb), "mm")

    def good(self, cx: float, cy: float, token: str, size: int = 11) -> None:
        """A good: circle when raw, square when refined, with its letters."""
        raw_of = self.view.get("_raw_of", {})
        good = raw_of.get(token, token)
        refined = token in raw_of
        rgb = SALT_RGB if good == "salt" else colour_rgb(self.good_colour.get(good))
        box = (cx - size, cy - size, cx + size, cy + size)
        if refined or good == "salt":
            self.draw.rectangle(box, fill=rgb, outline=INK, width=2)
        else:
            self.draw.ellipse(box, fill=rgb, outline=INK, width=2)
        self.text((cx, cy), GOOD_LETTERS.get(good, good[:2]), 10, True, text_on(rgb), "mm")

    def marker(self, x: float, y: float, colour: str | None, shape: str, size: int = 9) -> None:
        """A mosaic (square) or statue (triangle) of a colour; an empty space is dotted."""
        if colour is None:
            if shape == "statue":
                self.draw.polygon([(x, y - size), (x - size, y + size), (x + size, y + size)], outline=MUTED)
            else:
                self.draw.rectangle((x - size, y - size, x + size, y + size), outline=MUTED)
            return
        rgb = colour_rgb(colour)
        letter = max(9, size)  # the colour's letter grows with the marker
        if shape == "statue":
            self.draw.polygon([(x, y - size - 2), (x - size, y + size), (x + size, y + size)], fill=rgb, outline=INK)
            self.text((x, y + size // 3 + 1), colour[0].upper(), letter, True, text_on(rgb), "mm")
        else:
            self.draw.rectangle((x - size, y - size, x + size, y + size), fill=rgb, outline=INK)
            self.text((x, y), colour[0].upper(), letter, True, text_on(rgb), "mm")

    def seat_label(self, seat: int, room: float, size: int, bold: bool = True) -> str:
        """ "name (Colour)", the name shortened with "…" so it fits ``room`` pixels."""
        colour = self.view["seats"][seat]
        if seat < len(self.names) and self.names[seat]:
            return fit_name(self.names[seat], font(size, bold), room, f" ({colour})")
        return colour


@lru_cache(maxsize=1024)
def _text_mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """The coverage mask of a text, and where its top left sits relative to
    the anchor point. (Most masks are a few hundred bytes; the cache stays
    within a few megabytes.)"""
    fnt = font(size, bold)
    # Pillow types the box as floats; unstroked FreeType text has a whole-pixel box, so int() changes nothing.
    left, top, right, bottom = map(int, fnt.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(right - left, 1), max(bottom - top, 1)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=fnt, fill=255, anchor=anchor)
    return mask, left, top


@lru_cache(maxsize=1024)
def _wrapped_lines(text: str, size: int, width: int, max_lines: int) -> tuple[str, ...]:
    lines = wrap(text, font(size), width)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1].rstrip(".,; ") + "…"
    return tuple(lines)


# ---------------------------------------------------------------------------


def render(view: dict[str, Any], names: Sequence[str]) -> bytes:
    view = dict(view)
    view["_raw_of"] = _refined_names(view)
    painter = Painter(view, names, _static_layer(_static_key(view)))
    _header(painter)
    _alcoves(painter, 20, 76)
    _port(painter, 20, 430)
    _offer(painter, 20, 650)
    _chariot(painter, 20, CHARIOT_Y)
    _demand(painter, 20, 1015)
    if view.get("families"):
        _families(painter, 20, 1180)  # the draft: its cards take the events' place
    else:
        _log(painter, 20, 1180)
    for seat in range(view["players"]):
        _player_board(painter, seat, RIGHT_X, 76 + seat * 312, WIDTH - RIGHT_X - MARGIN, 302)
    if view.get("final"):
        _final(painter)
    # A fixed palette keeps the PNG small and quick to encode (the table is
    # drawn from a few flat colours and their anti-aliased blends).
    return to_png(painter.image.quantize(palette=_palette(), dither=Image.Dither.NONE), compress_level=1)


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """A 256-colour palette for our flat colours and their blends, built once
    from a swatch of every foreground over every background."""
    seat = list(SEAT_RGB.values())
    foregrounds = [INK, MUTED, GOLD, (255, 255, 255), PANEL_EDGE, HIGHLIGHT, *seat]
    backgrounds = [
        PAPER,
        PANEL,
        SEA,
        ANY_RGB,
        SALT_RGB,
        (255, 251, 240),
        (236, 224, 200),
        (246, 240, 226),
        (232, 236, 246),
        (230, 226, 216),
        (225, 236, 242),
        (250, 236, 190),
        (240, 232, 214),
        *seat,
        *(_tint(c) for c in seat),
    ]
    colours = []
    for fg in foregrounds:
        for bg in backgrounds:
            for step in range(6):
                a = step / 5
                colours.append(tuple(int(f * a + b * (1 - a)) for f, b in zip(fg, bg)))
    swatch = Image.new("RGB", (len(colours), 1))
    swatch.putdata(colours)
    return swatch.quantize(colors=256, method=Image.Quantize.MEDIANCUT)


def _refined_names(view: dict[str, Any]) -> dict[str, str]:
    """Refined token -> raw good (``flour`` -> ``grain``)."""
    return {refined: raw for raw, refined in view["goods"]["refined"].items()}


def _header(p: Painter) -> None:
    view = p.view
    title = f"Thessaloniki — round {view['round']}" if view["round"] else "Thessaloniki — family draft"
    p.text((MARGIN, 12), title, 26, True)
    p.text((MARGIN, 46), view.get("prompt", ""), 16, fill=MUTED)
    end = view["end"]
    met = [k for k, v in end["conditions"].items() if v]
    status = f"End conditions met: {len(met)} of 4 (2 end the game)"
    if end["last_round"]:
        status += f" — round {end['last_round']} is the last"
    p.text((WIDTH - MARGIN, 16), status, 16, True, anchor="ra")
    p.text((WIDTH - MARGIN, 42), "; ".join(met) if met else "none yet", 13, fill=MUTED, anchor="ra")


ALCOVE_WIDTH, ALCOVE_GAP, ALCOVE_HEIGHT = 150, 6, 340
CARD_HEIGHT = 146
"""An offer card: its longest text takes three lines."""
CHARIOT_Y = 848
CHARIOT_CELL_HEIGHT = 150
"""Bottom of a chariot space below the track's heading: a number, up to
``CHARIOT_LINES`` lines of its label, then a strip for the markers."""
CHARIOT_LINES = 5


def _static_key(view: dict[str, Any]) -> tuple:
    """Everything the static layer is drawn from (it depends on the rules'
    data and the player count only)."""
    return (
        view["players"],
        tuple((a["title"], a["bonus"], a["mosaic_bonus"], a["sunset"]) for a in view["alcoves"]),
        tuple(view["chariot"]["labels"]),
        view["chariot"]["beyond"],
        tuple(view["sale_values"]),
    )


@lru_cache(maxsize=8)
def _static_layer(key: tuple) -> Image.Image:
    """The parts of the table that never change during a game — alcove
    texts, the chariot rewards, frames and headings — drawn once."""
    players, alcoves, chariot_spaces, beyond, sale_values = key
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    p = Painter.__new__(Painter)
    p.image, p.draw = image, ImageDraw.Draw(image)
    x0, y0 = 20, 76
    for index, (title, bonus, mosaic_bonus, sunset) in enumerate(alcoves):
        x = x0 + index * (ALCOVE_WIDTH + ALCOVE_GAP)
        p.panel((x, y0, x + ALCOVE_WIDTH, y0 + ALCOVE_HEIGHT))
        p.text((x + ALCOVE_WIDTH / 2, y0 + 8), title, 16, True, anchor="ma")
        p.text((x + 8, y0 + 100), "Mosaics", 11, fill=MUTED)
        p.text((x + 8, y0 + 122), "Statues", 11, fill=MUTED)
        y = _labelled(p, x + 8, y0 + 148, "Bonus", bonus, ALCOVE_WIDTH - 16)
        y = _labelled(p, x + 8, y + 2, "Mosaic bonus", mosaic_bonus, ALCOVE_WIDTH - 16)
        if sunset:
            _labelled(p, x + 8, y + 2, "Sunset", sunset, ALCOVE_WIDTH - 16)
    # The denarius space sits after the last alcove, on the way back to the first.
    x = x0 + len(alcoves) * (ALCOVE_WIDTH + ALCOVE_GAP)
    p.panel((x, y0, x + 60, y0 + ALCOVE_HEIGHT), fill=(250, 236, 190))
    p.text((x + 30, y0 + 10), "D", 22, True, anchor="ma")
    p.text((x + 30, y0 + 42), "denarii", 11, fill=MUTED, anchor="ma")
    p.draw.ellipse((x + 10, y0 + 80, x + 50, y0 + 120), fill=GOLD, outline=INK, width=2)
    for k, line in enumerate(("Patrician", "passing", "takes 1")):
        p.text((x + 30, y0 + 140 + 13 * k), line, 10, fill=MUTED, anchor="ma")
    p.text((x + 30, y0 + 200), "→ back to", 10, fill=MUTED, anchor="ma")
    p.text((x + 30, y0 + 213), alcoves[0][0], 10, True, anchor="ma")
    # Port frame and the sale value above each ship space.
    px, py = 20, 430
    p.panel((px, py, px + LEFT_WIDTH - 20, py + 210), fill=SEA)
    p.text((px + 10, py + 6), "Port", 18, True)
    for index, value in enumerate(sale_values):
        x = px + 110 + index * (SHIP_WIDTH + 6)
        rightmost = index == len(sale_values) - 1
        label = f"ship{index + 1}: {value} VP per good" + (" · raw OK" if rightmost else "")
        p.text((x + SHIP_WIDTH / 2, py + 6), label, 13, True, anchor="ma")
    # Chariot track.
    cx, cy = 20, CHARIOT_Y
    p.text((cx, cy), "Chariot track", 16, True)
    cell = _chariot_cell(len(chariot_spaces))
    for index in range(len(chariot_spaces) + 1):
        cell_x = cx + index * cell
        demand = index and "demand" in chariot_spaces[index - 1]
        p.panel(
            (cell_x, cy + 22, cell_x + cell - 4, cy + CHARIOT_CELL_HEIGHT),
            fill=(250, 236, 190) if demand else PANEL,
            radius=4,
        )
        p.text((cell_x + 5, cy + 25), "start" if index == 0 else str(index), 11, True, fill=MUTED)
        if index:
            # Short labels, whole: CHARIOT_LINES lines fit above the markers' strip.
            p.wrapped(cell_x + 5, cy + 40, chariot_spaces[index - 1], int(cell - 12), 11, max_lines=CHARIOT_LINES)
    p.text((cx + LEFT_WIDTH - 30, cy), f"beyond 14: {beyond} per step", 11, fill=MUTED, anchor="ra")
    p.text((20, 1180), "Recent events", 14, True)
    p.text(
        (LEFT_WIDTH - 10, 1182),
        "Goods: Gr grain, Me meat, Ol olive, Gp grape, Sa salt — a circle is raw, "
        "a square refined. Workers: ring = Patrician, square = Merchant. "
        "Storage: refined over raw; mosaics below protect from the Tax.",
        10,
        fill=MUTED,
        anchor="ra",
    )
    return image


def _chariot_cell(spaces: int) -> float:
    return (LEFT_WIDTH - 40) / (spaces + 1)


def _alcoves(p: Painter, x0: int, y0: int) -> None:
    view = p.view
    turn_alcove = view["turn"].get("alcove")
    for index, alcove in enumerate(view["alcoves"]):
        x = x0 + index * (ALCOVE_WIDTH + ALCOVE_GAP)
        if alcove["name"] == turn_alcove and view["phase"] == "play":
            p.draw.rounded_rectangle(
                (x, y0, x + ALCOVE_WIDTH, y0 + ALCOVE_HEIGHT), radius=8, outline=HIGHLIGHT, width=4
            )
        p.text((x + ALCOVE_WIDTH / 2, y0 + 28), f"{alcove['visible']} ⚡ visible", 12, fill=MUTED, anchor="ma")
        _worker_spaces(p, alcove, x + 6, y0 + 48, ALCOVE_WIDTH - 12)
        for i in range(alcove["mosaic_spaces"]):
            colour = alcove["mosaics"][i] if i < len(alcove["mosaics"]) else None
            p.marker(x + 72 + i * 24, y0 + 107, colour, "mosaic")
        for i in range(alcove["statue_spaces"]):
            colour = alcove["statues"][i] if i < len(alcove["statues"]) else None
            p.marker(x + 72 + i * 26, y0 + 129, colour, "statue", 11)
    x = x0 + len(view["alcoves"]) * (ALCOVE_WIDTH + ALCOVE_GAP)
    p.text((x + 30, y0 + 100), str(view["pool"]), 18, True, anchor="mm")


def _labelled(p: Painter, x: float, y: float, label: str, text: str, width: int) -> float:
    p.text((x, y), label, 11, True, fill=MUTED)
    return p.wrapped(x, y + 14, text, width, 11, max_lines=3)


def _worker_spaces(p: Painter, alcove: dict[str, Any], x: float, y: float, width: float) -> None:
    capacity = len(alcove["action_points"])
    cell = width / capacity
    occupied = alcove["workers"]  # rightmost first
    for space in range(capacity):
        left = x + space * cell
        p.draw.rectangle((left + 2, y, left + cell - 2, y + 44), fill=(255, 251, 240), outline=PANEL_EDGE)
        from_right = capacity - 1 - space
        if from_right < len(occupied):
            worker = occupied[from_right]
            p.worker(left + cell / 2, y + 22, worker["colour"], worker["kind"])
        elif alcove["action_points"][space]:
            p.text((left + cell / 2, y + 22), "⚡" * alcove["action_points"][space], 15, True, fill=GOLD, anchor="mm")


SHIP_WIDTH = 262


def _port(p: Painter, x0: int, y0: int) -> None:
    view = p.view
    p.text((x0 + 10, y0 + 30), f"stack {view['ship_stack']}", 12, fill=MUTED)
    p.text((x0 + 10, y0 + 46), f"set aside {view['ship_aside']}", 12, fill=MUTED)
    width = SHIP_WIDTH
    for index, ship in enumerate(view["ships"]):
        x = x0 + 110 + index * (width + 6)
        rightmost = index == len(view["ships"]) - 1
        box = (x, y0 + 26, x + width, y0 + 202)
        if ship is None:
            p.panel(box, fill=(225, 236, 242), outline=MUTED)
            waiting = "empty until the first Sail" if rightmost and not view["sailed"] else "empty"
            p.text((x + width / 2, y0 + 110), waiting, 12, fill=MUTED, anchor="mm")
            continue
        p.panel(box, fill=(236, 224, 200))
        city = view["cities"][ship["city"]]
        p.text((x + 8, y0 + 32), f"{city}", 15, True)
        p.text(
            (x + width - 8, y0 + 34),
            ship["id"].upper() + (" 3+" if ship["three_plus"] else ""),
            11,
            fill=MUTED,
            anchor="ra",
        )
        cell = min(46, (width - 16) / max(len(ship["spaces"]), 1))
        for i, space in enumerate(ship["spaces"]):
            cx = x + 8 + cell * i + cell / 2
            cy = y0 + 84
            tint = ANY_RGB if space == "any" else _tint(colour_rgb(p.good_colour.get(space)))
            p.draw.rectangle((cx - cell / 2 + 2, cy - 20, cx + cell / 2 - 2, cy + 20), fill=tint, outline=PANEL_EDGE)
            label = "any" if space == "any" else GOOD_LETTERS.get(space, space[:2])
            p.text((cx, cy - 27), label, 10, fill=MUTED, anchor="mm")
            loaded = ship["goods"][i]
            if loaded is not None:
                p.good(cx, cy, loaded)
        p.wrapped(x + 8, y0 + 122, "Benefit: " + ship["benefit"], width - 16, 12, max_lines=2)
        p.text((x + 8, y0 + 166), _majority_line(p, ship), 12, fill=MUTED)


def _tint(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    red, green, blue = (int(c + (255 - c) * 0.6) for c in rgb)
    return red, green, blue


def _majority_line(p: Painter, ship: dict[str, Any]) -> str:
    raw_of = p.view["_raw_of"]
    counts: dict[str, int] = {}
    for good in ship["goods"]:
        if good is None or good == "salt":
            continue
        colour = p.good_colour.get(raw_of.get(good, good))
        if colour:
            counts[colour] = counts.get(colour, 0) + 1
    if not counts:
        return "no goods yet"
    return "loaded: " + ", ".join(f"{c.capitalize()} {n}" for c, n in sorted(counts.items(), key=lambda i: -i[1]))


def _offer(p: Painter, x0: int, y0: int) -> None:
    view = p.view
    p.text(
        (x0, y0),
        f"Contract offer — deck {view['deck']}"
        + ("" if view["reserve_used"] else f", tier II reserve {view['reserve']}"),
        16,
        True,
    )
    width = 230
    for space, card in enumerate(view["offer"]):
        x = x0 + space * (width + 8)
        section = view["offer_statues"][space]
        for i, colour in enumerate(section):
            p.marker(x + 14 + i * 26, y0 + 34, colour, "statue", 11)
        p.text((x + width - 4, y0 + 28), f"section {space + 1}", 10, fill=MUTED, anchor="ra")
        box = (x, y0 + 48, x + width, y0 + 48 + CARD_HEIGHT)
        if card is None:
            p.panel(box, fill=(230, 226, 216), outline=MUTED)
            p.text((x + width / 2, y0 + 48 + CARD_HEIGHT / 2), "empty", 12, fill=MUTED, anchor="mm")
            continue
        _card(p, card, box)


def _card(p: Painter, card: dict[str, Any], box: tuple[float, float, float, float], compact: bool = False) -> None:
    x, y, right, bottom = box
    fill = (246, 240, 226) if card["tier"] == 1 else (232, 236, 246)
    p.panel(box, fill=fill)
    tier = "I" if card["tier"] == 1 else "II"
    p.text((x + 8, y + 6), card["id"].upper(), 16, True)
    p.text((right - 8, y + 8), f"tier {tier} · {card['kind']}", 11, fill=MUTED, anchor="ra")
    cy = y + 40
    for i, slot in enumerate(card["cost"]):
        cx = x + 18 + i * 28
        if slot == "any":
            p.draw.ellipse((cx - 11, cy - 11, cx + 11, cy + 11), fill=ANY_RGB, outline=INK, width=2)
            p.text((cx, cy), "?", 11, True, INK, "mm")
        else:
            p.good(cx, cy, slot)
    if card.get("legacy"):
        p.text(
            (right - 8, cy),
            ICON_LETTERS.get(card["legacy"], "?") + " " + card["legacy"],
            11,
            True,
            fill=GOLD,
            anchor="rm",
        )
    p.wrapped(x + 8, y + 58, card["text"], int(right - x - 16), 12, max_lines=8 if not compact else 3)


def _chariot(p: Painter, x0: int, y0: int) -> None:
    view = p.view
    entrance = view["entrance"]
    p.text((x0 + 150, y0 + 3), "Entrance (each mosaic: +1 step at sunset):", 12, fill=MUTED)
    for i in range(entrance["spaces"]):
        colour = entrance["mosaics"][i] if i < len(entrance["mosaics"]) else None
        p.marker(x0 + 430 + i * 24, y0 + 10, colour, "mosaic")
    cell = _chariot_cell(len(view["chariot"]["spaces"]))
    positions: dict[int, list[int]] = {}
    for seat, board in enumerate(view["seat_boards"]):
        positions.setdefault(board["chariot"], []).append(seat)
    for index, seats in positions.items():
        x = x0 + index * cell
        radius = 10 if len(seats) <= 3 else 8  # four markers still fit the space's width
        for k, seat in enumerate(seats):
            p.worker(
                x + 4 + radius + k * (2 * radius),
                y0 + CHARIOT_CELL_HEIGHT - 14,
                view["seat_boards"][seat]["colour"],
                "M",
                radius=radius,
            )


def _demand(p: Painter, x0: int, y0: int) -> None:
    view = p.view
    stacks = ", ".join(f"{view['cities'][c]} {n}" for c, n in view["demand_stacks"].items())
    p.text((x0, y0), f"Demand tiles ({len(view['demand'])} active; inactive left: {stacks})", 16, True)
    width = 150
    for i, tile in enumerate(view["demand"]):
        x = x0 + i * (width + 6)
        if x + width > LEFT_WIDTH:
            p.text((x, y0 + 60), f"+{len(view['demand']) - i} more", 12, fill=MUTED)
            break
        p.panel((x, y0 + 24, x + width, y0 + 154), fill=(240, 232, 214))
        p.text((x + 6, y0 + 28), view["cities"][tile["city"]], 13, True)
        p.text((x + width - 6, y0 + 138), tile["id"], 10, fill=MUTED, anchor="ra")
        for k, space in enumerate(tile["statues"]):
            sx = x + 22 + k * 44
            p.marker(sx, y0 + 64, space["colour"], "statue", 13)
            p.text((sx, y0 + 80), f"{space['value']} VP", 12, True, anchor="ma")
        p.text((x + 6, y0 + 100), f"mosaic: +{tile['limit']} ship, {tile['legacy']}", 10, fill=MUTED)
        for k, colour in enumerate(tile["mosaics"]):
            p.marker(x + 16 + k * 26, y0 + 132, colour, "mosaic")


LOG_LINES = 7
"""Lines of text the recent events have room for."""


def _log(p: Painter, x0: int, y0: int) -> None:
    """The latest events that fit, each whole (a long one wraps)."""
    shown: list[tuple[str, int]] = []
    room = LOG_LINES
    for line in reversed(p.view["log"][-LOG_LINES:]):
        needed = len(_wrapped_lines(line, 12, LEFT_WIDTH - 30, LOG_LINES))
        if needed > room:
            break
        shown.insert(0, (line, needed))
        room -= needed
    y: float = y0 + 20
    for line, needed in shown:
        y = p.wrapped(x0, y, line, LEFT_WIDTH - 30, 12, fill=MUTED, max_lines=needed)


def _families(p: Painter, x0: int, y0: int) -> None:
    """The family cards on display during the draft, each with what it gives
    at set-up and its ability, so the picture shows what there is to choose."""
    families = p.view["families"]
    p.draw.rectangle((x0 - 2, y0 - 2, x0 + 120, y0 + 18), fill=PAPER)  # over the events' heading
    p.text((x0, y0), "Family cards", 14, True)
    gap = 6
    width = (LEFT_WIDTH - x0 - gap * (len(families) - 1)) / len(families)
    for index, family in enumerate(families):
        x = x0 + index * (width + gap)
        p.panel((x, y0 + 20, x + width, y0 + 142), fill=(246, 240, 226), radius=6)
        p.text((x + 8, y0 + 25), f"{family['name']} ({family['id'].upper()})", 12, True)
        y = p.wrapped(x + 8, y0 + 42, _family_gifts(family), int(width - 16), 11, fill=MUTED, max_lines=2)
        p.wrapped(x + 8, y + 2, family["text"], int(width - 16), 11, max_lines=FAMILY_TEXT_LINES)


FAMILY_TEXT_LINES = 5
"""Lines a family card's ability has on the draft's cards."""


def _family_gifts(family: dict[str, Any]) -> str:
    """What a family card gives at set-up, in a few words."""
    goods = ", ".join(f"{n} {'own good' if good == 'own' else good}" for good, n in family["goods"].items())
    parts = [goods] if goods else []
    for key, one, many in (
        ("denarii", "denarius", "denarii"),
        ("mosaics", "mosaic", "mosaics"),
        ("statues", "statue", "statues"),
        ("contracts", "contract", "contracts"),
    ):
        if family.get(key):
            parts.append(f"{family[key]} {one if family[key] == 1 else many}")
    if family.get("legacy"):
        parts.append("legacy " + ", ".join(family["legacy"]))
    return " · ".join(parts)


def _player_board(p: Painter, seat: int, x: int, y: int, width: int, height: int) -> None:
    view = p.view
    board = view["seat_boards"][seat]
    rgb = colour_rgb(board["colour"])
    active = seat in view.get("to_move", [])
    p.panel((x, y, x + width, y + height), outline=HIGHLIGHT if active else PANEL_EDGE, width=4 if active else 2)
    p.draw.rounded_rectangle((x + 2, y + 2, x + width - 2, y + 34), radius=6, fill=rgb)
    first = " ★ first player" if seat == 0 else ""
    room = width - 30 - text_length(f"{board['vp']} VP", font(18, True)) - text_length(first, font(16, True))
    draw_text(p.draw, (x + 10, y + 8), p.seat_label(seat, room, 16) + first, font(16, True), text_on(rgb))
    p.text((x + width - 10, y + 7), f"{board['vp']} VP", 18, True, fill=text_on(rgb), anchor="ra")
    p.text(
        (x + 10, y + 42),
        f"denarii {board['denarii']} · salt {board['salt']} · chariot {board['chariot']} · "
        f"hand {board['hand_count']} · offer statues {board['offer_statues']}",
        12,
    )
    # Storage: one column per good, refined on top, raw below.
    goods = list(board["raw"])
    refined = list(board["refined"])
    col = 62
    for i, good in enumerate(goods):
        cx = x + 14 + i * col + col / 2
        p.draw.rectangle(
            (cx - col / 2 + 3, y + 62, cx + col / 2 - 3, y + 128), fill=(255, 251, 240), outline=PANEL_EDGE
        )
        p.good(cx - 12, y + 78, refined[i], 9)
        p.text((cx + 14, y + 78), str(board["refined"][refined[i]]), 13, True, anchor="mm")
        p.good(cx - 12, y + 110, good, 9)
        p.text((cx + 14, y + 110), str(board["raw"][good]), 13, True, anchor="mm")
    for k in range(4):
        colour = board["colour"] if k < board["storage_mosaics"] else None
        p.marker(x + 14 + k * col + col / 2, y + 140, colour, "mosaic", 7)
    px = x + 14 + 4 * col + 10
    for row, piece in enumerate(("mosaics", "statues")):
        p.text(
            (px, y + 62 + 18 * row),
            f"{piece}: {board[piece]['board']} to place · {board[piece]['supply']} left in the general supply",
            12,
        )
    legacy = ", ".join(f"{ICON_LETTERS.get(k, k)}×{n}" for k, n in sorted(board["legacy"].items())) or "none"
    p.text((px, y + 98), f"legacy: {legacy}", 12)
    if board["family"]:
        p.wrapped(
            px, y + 116, f"{board['family']['name']}: {board['family']['text']}", width - (px - x) - 10, 11, max_lines=3
        )
    by_city: dict[str, int] = {}
    for ship in board["ships"]:
        by_city[ship["city"]] = by_city.get(ship["city"], 0) + 1
    ships = ", ".join(f"{view['cities'][city]} ×{n}" for city, n in by_city.items()) or "none"
    scored = f" — {board['demand_points']} VP from demand tiles now" if board["ships"] else ""
    p.wrapped(x + 14, y + 170, f"Ships ({len(board['ships'])}): {ships}{scored}", width - 28, 12, max_lines=2)
    cards = board["fulfilled"]
    p.text((x + 14, y + 206), f"Fulfilled contracts ({len(cards)})", 12, True)
    cx, cy = x + 14, y + 224
    for card in cards:
        label = card["id"].upper() + (" " + ICON_LETTERS[card["legacy"]] if card.get("legacy") else "")
        w = font(11, True).getlength(label) + 12
        if cx + w > x + width - 10:
            cx, cy = x + 14, cy + 22
            if cy > y + height - 20:
                break
        fill = (232, 236, 246) if card["kind"] == "permanent" else (246, 240, 226)
        p.draw.rounded_rectangle((cx, cy, cx + w, cy + 18), radius=4, fill=fill, outline=PANEL_EDGE)
        p.text((cx + 6, cy + 3), label, 11, True)
        cx += w + 4


def _final(p: Painter) -> None:
    view = p.view
    final = view["final"]
    x, y = 20, 1180
    p.draw.rectangle((x - 4, y - 4, LEFT_WIDTH, HEIGHT - 8), fill=PAPER)
    p.text((x, y), "Final scoring", 16, True)
    names = {
        "in_game": "game",
        "demand": "ships",
        "legacy": "legacy",
        "offer": "offer",
        "mosaics": "mosaics",
        "goods": "goods",
        "denarii": "denarii",
        "cards": "cards",
    }
    y += 22
    for seat, breakdown in enumerate(final["breakdown"]):
        parts = " · ".join(f"{names[k]} {v}" for k, v in breakdown["parts"].items())
        winner = "★ " if seat in final["winners"] else ""
        bold = seat in final["winners"]
        draw_text(
            p.draw,
            (x, y),
            f"{winner}{p.seat_label(seat, 220, 13, bold)}: {breakdown['total']}  ({parts})",
            font(13, bold),
            INK,
        )
        y += 20


# ---------------------------------------------------------------------------


def hand_text(view: dict[str, Any], names: Sequence[str]) -> str:
    """A seat's contract hand and board in words (DMs and ``/hand``)."""
    seat = view.get("seat")
    hand = (view.get("private") or {}).get("hand", [])
    lines = []
    if seat is not None:
        board = view["seat_boards"][seat]
        raw = ", ".join(f"{n} {g}" for g, n in board["raw"].items() if n) or "no raw goods"
        refined = ", ".join(f"{n} {g}" for g, n in board["refined"].items() if n) or "no refined goods"
        denarii = f"{board['denarii']} denari{'us' if board['denarii'] == 1 else 'i'}"
        lines.append(
            f"You are {view['seats'][seat]}: {board['vp']} VP, {denarii}, {board['salt']} salt; {raw}; {refined}."
        )
    if not hand:
        lines.append("Your contract hand is empty.")
    else:
        lines.append(f"Your contract hand ({len(hand)}):")
        for card in hand:
            tier = "I" if card["tier"] == 1 else "II"
            legacy = f", {card['legacy']}" if card.get("legacy") else ""
            lines.append(
                f"- {card['id'].upper()} (tier {tier}, {card['kind']}{legacy}) — cost "
                f"{card['cost_text']}: {card['text']}"
            )
    return "\n".join(lines)
