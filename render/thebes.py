"""The Thebes table from a view: the map of Europe and the Mediterranean with
the 12 places, their connections and the pawns; the time track; the card
display, the exhibitions, the piles and the bags; a panel per player.

Everything is public in Thebes, so the one picture serves the channel and
every player. Pawns are coloured figures (markers on the time track coloured
discs) with their seat's initial; sites are coloured squares with their
initial, cities white circles.

Speed: the static parts (map, track squares, headings) are drawn once and
copied; words are rasterised once and pasted (``_SpriteDraw``); the picture
is mapped to a fixed palette before PNG encoding. About 40-60 ms of CPU.
"""

from __future__ import annotations

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
    fit_name,
    fit_text,
    font,
    seat_rgb,
    text_length,
    text_on,
    to_png,
    wrap,
)

WIDTH = 1600
MARGIN = 20
HEADER = 96
MAP_BOX = (MARGIN, HEADER, 900, HEADER + 640)
RIGHT_X = 920
EXHIBITIONS_Y = HEADER + 172
BAGS_Y = HEADER + 326
TRACK_Y = MAP_BOX[3] + 18
TRACK_H = 120
PANEL_Y = TRACK_Y + TRACK_H + 16
PANEL_H = 340

PNG_LEVEL = 3
LAST_MOVE_WIDTH = 9

SEA = (178, 208, 226)
LAND = (236, 226, 200)
COAST = (150, 140, 115)
ROUTE = (92, 84, 70)
CARD = (255, 253, 246)
CARD_EDGE = (170, 160, 140)
GOOD = (46, 125, 50)
BAD = (183, 28, 28)

SITE_RGB = {
    "greece": (232, 124, 40),
    "crete": (150, 38, 62),
    "egypt": (232, 196, 52),
    "palestine": (78, 150, 72),
    "mesopotamia": (48, 92, 172),
}
"""The colours of the site bags and books, as on the board."""

# -- the map: an equirectangular sketch of Europe and the Mediterranean ------------

LON_W, LON_E, LAT_S, LAT_N = -10.0, 48.0, 26.0, 59.0

Outline = tuple[tuple[float, float], ...]
"""A closed shape as (longitude, latitude) points."""

# fmt: off
# Map data, several entries a line: the formatter's one entry a line would add some 200 lines.
PLACE_LONLAT = {
    "london": (-0.1, 51.5), "paris": (2.35, 48.85), "berlin": (13.4, 52.5), "vienna": (16.4, 48.2),
    "rome": (12.5, 41.9), "warsaw": (21.0, 52.2), "moscow": (37.6, 55.75), "greece": (22.4, 39.2),
    "crete": (24.9, 35.25), "egypt": (31.0, 29.2), "palestine": (35.2, 31.8), "mesopotamia": (44.0, 32.6),
}
LABEL_SIDE = {"london": "w", "paris": "w", "rome": "w", "greece": "w", "crete": "s", "egypt": "s",
              "palestine": "s", "mesopotamia": "s", "vienna": "s", "berlin": "n", "warsaw": "n", "moscow": "n"}
PAWN_SPOT = {"london": (22, 10, 1), "paris": (22, 10, 1), "berlin": (14, 20, 1), "vienna": (24, -8, 1),
             "rome": (24, 8, 1), "warsaw": (14, 20, 1), "moscow": (14, 20, 1), "greece": (32, 8, 1),
             "crete": (-26, -6, -1), "egypt": (-26, -6, -1), "palestine": (-24, -26, -1),
             "mesopotamia": (-34, -24, -1)}
"""Where pawns stand around each place (clear of its name and of the value-1
artefact token): offset x, offset y, and the direction later pawns stack."""

# Water drawn over land, then islands drawn over water: (longitude, latitude).
WATER: tuple[Outline, ...] = (
    # Atlantic, North Sea and Baltic
    ((-14, 24), (-13, 27.5), (-9.8, 29.5), (-8, 33.5), (-6, 35.8), (-5.6, 36.0), (-6.3, 36.8), (-7.4, 37.2),
     (-8.9, 37.0), (-8.8, 38.7), (-9.0, 41.1), (-9.3, 43.0), (-8.0, 43.7), (-3.8, 43.5), (-1.8, 43.4),
     (-1.2, 44.6), (-1.3, 46.2), (-2.2, 47.2), (-4.7, 47.8), (-4.6, 48.5), (-3.0, 48.8), (-1.6, 48.7),
     (-1.6, 49.6), (0.1, 49.5), (1.6, 50.2), (2.5, 51.1), (3.6, 51.4), (4.3, 52.2), (4.8, 53.0), (6.9, 53.4),
     (8.6, 53.9), (8.7, 55.4), (8.2, 56.8), (10.5, 57.6), (10.4, 56.5), (10.9, 56.0), (10.2, 55.3),
     (10.9, 54.0), (12.2, 54.2), (14.2, 53.9), (16.5, 54.5), (18.6, 54.4), (19.9, 54.9), (21.1, 55.7),
     (21.0, 56.8), (24.0, 57.0), (23.5, 58.5), (24.7, 59.4), (28.0, 59.8), (30.0, 60.0), (30.0, 62),
     (17.5, 62), (18.5, 60.0), (19.0, 59.3), (16.6, 57.3), (16.0, 56.1), (14.2, 55.4), (12.9, 55.4),
     (12.6, 56.0), (11.9, 57.7), (11.0, 59.0), (8.0, 58.1), (5.5, 58.9), (5.0, 62), (-14, 62)),
    # Mediterranean
    ((-5.6, 36.0), (-2.0, 36.7), (-0.3, 39.5), (2.2, 41.4), (3.2, 42.2), (4.5, 43.4), (5.4, 43.3),
     (8.9, 44.4), (10.3, 43.5), (12.2, 41.7), (14.3, 40.8), (15.6, 40.0), (15.7, 38.0), (16.5, 38.5),
     (17.2, 40.4), (18.5, 40.1), (16.5, 41.3), (14.0, 42.5), (12.3, 44.5), (12.3, 45.4), (13.8, 45.6),
     (14.5, 45.0), (16.0, 43.5), (18.0, 42.6), (19.4, 41.8), (19.5, 40.5), (20.2, 39.5), (21.1, 38.3),
     (21.7, 36.8), (22.5, 36.4), (23.1, 36.5), (23.0, 37.5), (23.7, 37.9), (24.0, 38.2), (22.9, 40.6),
     (24.5, 40.9), (26.0, 40.8), (26.2, 39.5), (27.0, 38.4), (27.3, 37.0), (28.0, 36.6), (30.6, 36.8),
     (32.5, 36.1), (34.6, 36.8), (36.0, 36.7), (35.9, 35.5), (35.5, 34.4), (35.1, 33.0), (34.9, 32.8),
     (34.8, 32.1), (34.4, 31.5), (33.0, 31.1), (32.3, 31.3), (31.0, 31.6), (29.9, 31.2), (25.0, 31.6),
     (23.0, 32.6), (20.0, 32.0), (19.0, 30.3), (15.5, 31.5), (13.2, 32.9), (11.0, 33.5), (10.5, 36.0),
     (11.0, 37.0), (10.0, 37.3), (8.0, 36.9), (3.0, 36.8), (0.0, 35.9), (-2.0, 35.1), (-5.3, 35.9)),
    # Black Sea
    ((28.0, 41.2), (27.5, 42.5), (28.6, 43.8), (29.7, 45.2), (30.7, 46.5), (32.5, 46.1), (32.7, 45.5),
     (33.5, 44.4), (35.0, 44.9), (36.6, 45.2), (38.0, 44.3), (39.8, 43.5), (41.6, 41.6), (40.0, 41.0),
     (37.0, 41.1), (35.0, 42.0), (33.0, 42.0), (31.0, 41.2), (29.1, 41.2)),
    # Caspian Sea
    ((46.8, 44.8), (47.5, 43.0), (48.6, 41.8), (49.5, 40.3), (49.0, 38.5), (49.0, 37.4), (51, 36.8),
     (53, 37), (53, 47), (49, 46.5), (47.0, 45.8)),
    # Red Sea
    ((32.5, 29.9), (33.5, 28.0), (35.0, 24.5), (36.5, 22), (39.2, 22), (38.0, 24.1), (36.5, 26.0),
     (35.0, 28.0), (34.9, 29.5), (34.5, 28.2), (34.3, 27.8), (33.6, 28.3)),
    # Persian Gulf
    ((47.9, 30.0), (48.5, 29.3), (50, 27), (52, 26), (52, 31), (49.0, 30.5)),
)
ISLANDS: tuple[Outline, ...] = (
    ((-5.7, 50.05), (-3.5, 50.3), (-1.0, 50.7), (1.4, 51.2), (1.7, 52.6), (0.3, 53.5), (-0.2, 54.2),
     (-1.5, 55.0), (-2.0, 55.8), (-3.0, 56.0), (-1.8, 57.5), (-3.0, 58.6), (-5.0, 58.6), (-6.2, 57.5),
     (-5.6, 56.0), (-4.9, 55.0), (-3.0, 54.9), (-3.4, 54.2), (-3.0, 53.4), (-4.6, 53.3), (-4.3, 52.2),
     (-5.2, 51.7), (-3.2, 51.4), (-4.5, 51.1)),
    ((-6.0, 52.2), (-6.2, 53.3), (-5.9, 54.6), (-6.5, 55.2), (-8.5, 55.2), (-10.0, 54.2), (-9.5, 53.0),
     (-10.4, 51.9), (-8.5, 51.6)),
    ((12.4, 38.1), (15.6, 38.3), (15.1, 36.7), (12.4, 37.6)),
    ((8.2, 41.0), (9.7, 41.1), (9.6, 39.1), (8.4, 39.0)),
    ((8.6, 43.0), (9.5, 42.9), (9.2, 41.4), (8.6, 41.7)),
    ((23.5, 35.6), (26.3, 35.3), (26.2, 35.0), (23.6, 35.2)),
    ((32.3, 35.1), (34.6, 35.7), (33.9, 34.6), (32.4, 34.7)),
)
# fmt: on


def _project(lon: float, lat: float) -> tuple[float, float]:
    left, top, right, bottom = MAP_BOX
    x = left + (lon - LON_W) / (LON_E - LON_W) * (right - left)
    y = top + (LAT_N - lat) / (LAT_N - LAT_S) * (bottom - top)
    return x, y


def _place_xy(key: str) -> tuple[float, float]:
    return _project(*PLACE_LONLAT[key])


@lru_cache(maxsize=4)
def _background(places: tuple[tuple[str, str, str], ...], connections: tuple[tuple[str, str], ...]) -> Image.Image:
    """Everything that never changes: the map (sea, land, routes, places),
    the time track's squares and the section headings. Drawn once."""
    image = Image.new("RGB", (WIDTH, PANEL_Y + PANEL_H + MARGIN), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle(MAP_BOX, fill=LAND)
    for shape in WATER:
        draw.polygon([_project(*p) for p in shape], fill=SEA, outline=COAST)
    for shape in ISLANDS:
        draw.polygon([_project(*p) for p in shape], fill=LAND, outline=COAST)
    # The sketch overflows the frame: paint the outside back to paper.
    left, top, right, bottom = MAP_BOX
    for box in (
        (0, 0, WIDTH, top - 1),
        (0, top, left - 1, bottom),
        (right + 1, top, WIDTH, bottom),
        (0, bottom + 1, WIDTH, image.height),
    ):
        draw.rectangle(box, fill=PAPER)
    draw.rectangle(MAP_BOX, outline=COAST, width=2)
    for a, b in connections:
        _dashed(draw, _place_xy(a), _place_xy(b), ROUTE)
    for key, name, kind in places:
        x, y = _place_xy(key)
        if kind == "site":
            rgb = SITE_RGB.get(key, MUTED)
            draw.rounded_rectangle((x - 17, y - 17, x + 17, y + 17), radius=4, fill=rgb, outline=INK, width=2)
            draw.text((x, y), name[0], font=font(18, bold=True), fill=text_on(rgb), anchor="mm")
        else:
            draw.ellipse((x - 14, y - 14, x + 14, y + 14), fill=(255, 255, 255), outline=INK, width=3)
        _label(draw, key, name, x, y)
    draw.text((RIGHT_X, HEADER), "Researcher cards (buy 1-4)", font=font(18, bold=True), fill=INK)
    draw.text((RIGHT_X, EXHIBITIONS_Y), "Exhibitions (a → b → c → discard)", font=font(18, bold=True), fill=INK)
    draw.text((RIGHT_X, BAGS_Y + 30), "Bags (tokens left)", font=font(18, bold=True), fill=INK)
    _track_squares(draw)
    return image


def _panel_place(seat: int, players: int) -> tuple[int, int]:
    """The left edge and the width of a seat's panel."""
    width = (WIDTH - 2 * MARGIN - (players - 1) * 12) // players
    return MARGIN + seat * (width + 12), width


PANEL_COLUMNS = "site  permit  books  max k  artefacts"
PANEL_ROWS_Y = 78
"""The first site row of a panel, below its top."""


@lru_cache(maxsize=8)
def _table(
    places: tuple[tuple[str, str, str], ...], connections: tuple[tuple[str, str], ...], seats: tuple[str, ...]
) -> Image.Image:
    """The background plus what never changes in the players' panels for
    these seats: the frame, the seat's figure, the column heads and the site
    chips (drawn once per seating; a picture draws only what changed)."""
    image = _background(places, connections).copy()
    draw = ImageDraw.Draw(image)
    for seat, colour in enumerate(seats):
        left, width = _panel_place(seat, len(seats))
        draw.rounded_rectangle(
            (left, PANEL_Y, left + width, PANEL_Y + PANEL_H), radius=10, fill=CARD, outline=CARD_EDGE, width=3
        )
        _pawn(draw, left + 22, PANEL_Y + 22, seat, colour[0], radius=13)
        draw.text((left + 12, PANEL_Y + 60), PANEL_COLUMNS, font=font(13), fill=MUTED)
        for row, site in enumerate(SITE_RGB):
            _site_chip(draw, left + 12, PANEL_Y + PANEL_ROWS_Y + 27 * row, site, "", size=22)
    return image


def _label(draw: ImageDraw.ImageDraw, key: str, name: str, x: float, y: float) -> None:
    side = LABEL_SIDE.get(key, "e")
    offset = {"n": (0, -24, "ms"), "s": (0, 24, "mt"), "e": (22, 0, "lm"), "w": (-22, 0, "rm")}[side]
    draw.text(
        (x + offset[0], y + offset[1]),
        name,
        font=font(17, bold=True),
        fill=INK,
        anchor=offset[2],
        stroke_width=3,
        stroke_fill=(255, 255, 255),
    )


def _dashed(
    draw: ImageDraw.ImageDraw,
    a: tuple[float, float],
    b: tuple[float, float],
    rgb: tuple[int, int, int],
    dash: float = 9,
    gap: float = 6,
) -> None:
    (x1, y1), (x2, y2) = a, b
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    steps = max(1, int(length // (dash + gap)))
    for i in range(steps + 1):
        start = i * (dash + gap) / length
        end = min(1.0, (i * (dash + gap) + dash) / length)
        if start >= 1:
            break
        draw.line(
            (x1 + (x2 - x1) * start, y1 + (y2 - y1) * start, x1 + (x2 - x1) * end, y1 + (y2 - y1) * end),
            fill=rgb,
            width=3,
        )


# -- drawing ------------------------------------------------------------------------


def _seat_label(view: dict[str, Any], names: Sequence[str], seat: int, fnt: Any = None, room: float = 300) -> str:
    """ "name (Colour)", the name shortened with "…" so the label fits ``room`` pixels in ``fnt``."""
    colour = view["seats"][seat]
    name = names[seat] if seat < len(names) and names[seat] else ""
    return fit_name(name, fnt or font(20, bold=True), room, f" ({colour})") if name else colour


def _pawn(
    draw: ImageDraw.ImageDraw, x: float, y: float, seat: int, letter: str, radius: int = 13, ring: bool = False
) -> None:
    rgb = seat_rgb(seat)
    if ring:
        draw.ellipse((x - radius - 5, y - radius - 5, x + radius + 5, y + radius + 5), outline=HIGHLIGHT, width=4)
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=rgb, outline=INK, width=2)
    draw.text((x, y), letter, font=font(int(radius * 1.2), bold=True), fill=text_on(rgb), anchor="mm")


@lru_cache(maxsize=4096)
def _glyphs(text: str, fnt: Any, anchor: str) -> tuple[Image.Image, int, int]:
    """A text's anti-aliased coverage mask and its offset from the anchor point."""
    left, top, right, bottom = fnt.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=fnt, fill=255, anchor=anchor)
    return mask, left, top


class _SpriteDraw(ImageDraw.ImageDraw):
    """An ImageDraw whose plain ``text`` pastes cached masks: most words
    (names, numbers, headings) repeat from picture to picture, and
    rasterising text is most of the drawing time."""

    def __init__(self, image: Image.Image):
        super().__init__(image)
        self.canvas = image

    def text(
        self,
        xy: Any,
        text: Any,
        fill: Any = None,
        font: Any = None,
        anchor: Any = None,
        *args: Any,
        **kwargs: Any,
    ) -> None:
        if args or kwargs or font is None or not isinstance(fill, tuple):
            super().text(xy, text, fill, font, anchor, *args, **kwargs)
            return
        mask, left, top = _glyphs(str(text), font, anchor or "la")
        x, y = round(xy[0]) + left, round(xy[1]) + top
        self.canvas.paste(fill, (x, y, x + mask.width, y + mask.height), mask)


def render(view: dict[str, Any], names: Sequence[str]) -> bytes:
    """The PNG of a Thebes view."""
    players = view["players"]
    places = tuple((p["key"], p["name"], p["kind"]) for p in view["board"]["places"])
    connections = tuple(tuple(c) for c in view["board"]["connections"])
    image = _table(places, connections, tuple(view["seats"])).copy()
    draw = _SpriteDraw(image)
    _header(draw, view, names)
    _last_move(draw, view, connections)
    for site, info in view["sites"].items():
        if info["first_artefact"]:
            x, y = _place_xy(site)
            _on_site_token(draw, x + 16, y - 16)
    _pawns(draw, view)
    _display(draw, view)
    _exhibitions(draw, view)
    _bags(draw, view)
    _time_track(draw, view)
    for seat, player in enumerate(players):
        left, width = _panel_place(seat, len(players))
        _player_panel(draw, view, names, player, left, PANEL_Y, width)
    # Mapping to a fixed palette (no dithering) is fast, and a palette PNG
    # is a third of the size and encodes twice as fast as an RGB one. zlib
    # level 3 encodes in 8 ms instead of 20 (level 6) for a file 25% larger,
    # still well under 150 KB.
    return to_png(image.quantize(palette=_palette(), dither=Image.Dither.NONE), compress_level=PNG_LEVEL)


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: Sequence[str]) -> None:
    title = f"Thebes · year {view['year']} (ends with {view['final_year']})"
    draw.text((MARGIN, 14), title, font=font(28, bold=True), fill=INK)
    if view["over"]:
        totals = [s["total"] for s in view["scores"]]
        best = max(totals)
        leaders = [_seat_label(view, names, s) for s, t in enumerate(totals) if t == best]
        status = f"Game over: {' and '.join(leaders)} {'win' if len(leaders) > 1 else 'wins'} with {best} points"
    else:
        seat = view["turn"]
        player = view["players"][seat]
        status = (
            f"{_seat_label(view, names, seat)} to act: week {player['week']} of {player['year']}, "
            f"in {_place_name(view, player['place'])}"
        )
        if view["zeppelin_declared"]:
            status += " — travelling by Zeppelin this turn"
    room = WIDTH - 2 * MARGIN - text_length(title, font(28, bold=True)) - 24
    draw_text(
        draw, (WIDTH - MARGIN, 18), fit_text(status, font(20, bold=True), room), font(20, bold=True), INK, anchor="ra"
    )
    last = view.get("last", {}).get("text", "")
    for i, line in enumerate(_wrap(last, font(16), WIDTH - 2 * MARGIN)[:2]):
        draw.text((MARGIN, 52 + i * 20), line, font=font(16), fill=MUTED)


@lru_cache(maxsize=4096)
def _wrap(text: str, fnt: Any, width: int) -> tuple[str, ...]:
    """``wrap``, remembered: card names and score lines repeat from picture
    to picture, and measuring words is a good part of the drawing time."""
    return tuple(wrap(text, fnt, width))


def _route(connections: tuple[tuple[str, ...], ...], origin: str, destination: str) -> list[str]:
    """One shortest route between two places (the rules take a shortest one;
    which does not matter), as the places passed through."""
    previous: dict[str, str | None] = {origin: None}
    frontier = [origin]
    while frontier and destination not in previous:
        following = []
        for here in frontier:
            for a, b in connections:
                there = b if a == here else a if b == here else None
                if there is not None and there not in previous:
                    previous[there] = here
                    following.append(there)
        frontier = following
    if destination not in previous:
        return [origin, destination]
    route = [destination]
    while (step := previous[route[-1]]) is not None:
        route.append(step)
    return route[::-1]


def _last_move(draw: ImageDraw.ImageDraw, view: dict[str, Any], connections: tuple[tuple[str, ...], ...]) -> None:
    """The last action on the map (as Santorini marks its last move): the
    journey in highlight yellow along its route (a straight line for a
    Zeppelin), an arrowhead at the end, and a ring round the place where the
    action happened."""
    last = view.get("last") or {}
    origin, destination = last.get("from"), last.get("to")
    if not origin or not destination:
        return
    route = [origin, destination] if last.get("zeppelin") else _route(connections, origin, destination)
    points = [_place_xy(place) for place in route]
    if len(points) > 1:
        draw.line(points, fill=HIGHLIGHT, width=LAST_MOVE_WIDTH, joint="curve")
        for a, b in zip(points, points[1:]) if not last.get("zeppelin") else ():  # a flight is no route
            _dashed(draw, a, b, ROUTE)
        _arrowhead(draw, points[-2], points[-1])
    x, y = points[-1]
    draw.ellipse((x - 25, y - 25, x + 25, y + 25), outline=HIGHLIGHT, width=6)


def _arrowhead(draw: ImageDraw.ImageDraw, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A filled arrowhead pointing at ``end``, stopping at the place's ring."""
    (x1, y1), (x2, y2) = start, end
    length = max(1.0, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    tip = (x2 - ux * 27, y2 - uy * 27)
    base = (tip[0] - ux * 20, tip[1] - uy * 20)
    draw.polygon(
        [tip, (base[0] - uy * 11, base[1] + ux * 11), (base[0] + uy * 11, base[1] - ux * 11)],
        fill=HIGHLIGHT,
        outline=INK,
        width=2,
    )


def _place_name(view: dict[str, Any], key: str) -> str:
    return next(p["name"] for p in view["board"]["places"] if p["key"] == key)


def _pawns(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """Pawns around their place, in order of arrival (the last on top)."""
    here: dict[str, list[dict[str, Any]]] = {}
    for player in sorted(view["players"], key=lambda p: p["stamp"]):
        here.setdefault(player["place"], []).append(player)
    for place, pawns in here.items():
        x, y = _place_xy(place)
        dx, dy, step = PAWN_SPOT[place]
        for i, player in enumerate(pawns):  # later arrivals drawn over earlier ones
            px, py = x + dx + i * 20 * step, y + dy
            _figure(draw, px, py, player["seat"], view["seats"][player["seat"]][0], ring=player["seat"] == view["turn"])


def _figure(draw: ImageDraw.ImageDraw, x: float, y: float, seat: int, letter: str, ring: bool) -> None:
    """An archaeologist pawn (head and body, so it never reads as a site
    square or a city circle), its seat letter on the body."""
    rgb = seat_rgb(seat)
    body = [(x - 13, y + 15), (x - 9, y - 4), (x + 9, y - 4), (x + 13, y + 15)]
    if ring:
        draw.line((x - 14, y + 20, x + 14, y + 20), fill=HIGHLIGHT, width=5)
    draw.polygon(body, fill=rgb, outline=INK, width=2)
    draw.ellipse((x - 8, y - 19, x + 8, y - 3), fill=rgb, outline=INK, width=2)
    draw.text((x, y + 6), letter, font=font(14, bold=True), fill=text_on(rgb), anchor="mm")


def _card_box(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], band: tuple[int, int, int] | None) -> None:
    draw.rounded_rectangle(box, radius=8, fill=CARD, outline=CARD_EDGE, width=2)
    if band:
        draw.rounded_rectangle((box[0], box[1], box[2], box[1] + 12), radius=6, fill=band)


def _display(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    top = HEADER
    width, gap = 156, 10
    for slot, card in enumerate(view["display"], start=1):
        left = RIGHT_X + (slot - 1) * (width + gap)
        box = (left, top + 26, left + width, top + 156)
        if card is None:
            draw.rounded_rectangle(box, radius=8, outline=CARD_EDGE, width=2)
            draw.text((left + width / 2, top + 90), "empty", font=font(16), fill=MUTED, anchor="mm")
            continue
        _card_box(draw, box, SITE_RGB.get(card["site"] or ""))
        draw.text((left + 8, top + 44), str(slot), font=font(22, bold=True), fill=INK)
        for i, line in enumerate(_wrap(card["name"], font(16, bold=True), width - 38)[:3]):
            draw.text((left + 34, top + 46 + i * 19), line, font=font(16, bold=True), fill=INK)
        draw.text((left + 8, top + 116), _place_name(view, card["city"]), font=font(16), fill=INK)
        draw.text((left + 8, top + 134), f"{card['weeks']} wk", font=font(16), fill=MUTED)


def _exhibitions(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    top = EXHIBITIONS_Y
    width, gap = 210, 12
    for i, exhibition in enumerate(view["exhibitions"]):
        left = RIGHT_X + i * (width + gap)
        box = (left, top + 26, left + width, top + 136)
        if exhibition is None:
            draw.rounded_rectangle(box, radius=8, outline=CARD_EDGE, width=2)
            draw.text((left + 8, top + 30), "abc"[i], font=font(16, bold=True), fill=MUTED)
            draw.text((left + width / 2, top + 82), "—", font=font(18), fill=MUTED, anchor="mm")
            continue
        _card_box(draw, box, None)
        draw.text((left + 8, top + 30), "abc"[i], font=font(16, bold=True), fill=MUTED)
        draw.text((left + 24, top + 32), exhibition["key"], font=font(17, bold=True), fill=INK)
        draw.text(
            (left + 24, top + 54), f"{exhibition['points']} points · {exhibition['weeks']} wk", font=font(16), fill=INK
        )
        x = left + 10
        for site, count in exhibition["requires"].items():
            _site_chip(draw, x, top + 84, site, f"{count}")
            x += 64


def _site_chip(draw: ImageDraw.ImageDraw, x: float, y: float, site: str, text: str, size: int = 26) -> None:
    """A site's square with its initial, followed by a short text."""
    rgb = SITE_RGB[site]
    draw.rounded_rectangle((x, y, x + size, y + size), radius=4, fill=rgb, outline=INK, width=1)
    draw.text(
        (x + size / 2, y + size / 2),
        site[0].upper(),
        font=font(int(size * 0.6), bold=True),
        fill=text_on(rgb),
        anchor="mm",
    )
    draw.text((x + size + 4, y + size / 2), text, font=font(int(size * 0.65), bold=True), fill=INK, anchor="lm")


def _bags(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    top = BAGS_Y
    piles = view["piles"]
    aside = "shuffled in" if piles["set_aside_shuffled_in"] else f"{piles['set_aside']} set aside"
    draw.text(
        (RIGHT_X, top),
        f"Draw pile {piles['draw']} · pile 3 {aside} · discards {piles['discard']}",
        font=font(17),
        fill=INK,
    )
    for i, (site, info) in enumerate(view["sites"].items()):
        y = top + 58 + i * 42
        bag = info["bag"]
        _site_chip(draw, RIGHT_X, y, site, info["name"], size=30)
        if info["first_artefact"]:
            _on_site_token(draw, RIGHT_X + 200, y + 15)
        arts = sum(bag["artefacts"].values())
        books = [_place_name(view, info["knowledge_token_for"])] if bag["specialized"] else []
        books += ["general"] if bag["general"] else []
        line = f"{bag['tokens']} left: {arts} artefacts ({bag['artefact_points']} pts), {bag['debris']} debris"
        draw.text((RIGHT_X + 218, y + 7), line, font=font(15), fill=INK, anchor="lm")
        knowledge = f"knowledge tokens: {', '.join(books)}" if books else "no knowledge tokens left"
        draw.text((RIGHT_X + 218, y + 25), knowledge, font=font(13), fill=MUTED, anchor="lm")
    if any(info["first_artefact"] for info in view["sites"].values()):
        draw.text(
            (RIGHT_X, top + 58 + 5 * 42),
            "(1) the value-1 artefact still lying on the site: the first dig takes it",
            font=font(14),
            fill=MUTED,
        )


def _on_site_token(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """The value-1 artefact that lies on a site until its first dig."""
    draw.ellipse((x - 10, y - 10, x + 10, y + 10), fill=(250, 240, 210), outline=INK, width=2)
    draw.text((x, y), "1", font=font(13, bold=True), fill=INK, anchor="mm")


TRACK_LEFT = MARGIN + 40
TRACK_BASE = TRACK_Y + TRACK_H - 28
WEEKS_DRAWN = 52
"""The squares of the time track (the rulebook's 52 weeks)."""


def _track_cell() -> float:
    return (WIDTH - MARGIN - TRACK_LEFT) / WEEKS_DRAWN


def _track_squares(draw: ImageDraw.ImageDraw) -> None:
    cell = _track_cell()
    for week in range(1, WEEKS_DRAWN + 1):
        x = TRACK_LEFT + (week - 1) * cell
        draw.rectangle((x, TRACK_BASE, x + cell, TRACK_BASE + 26), fill=CARD, outline=CARD_EDGE)
        if week == 1 or week % 4 == 0:
            draw.text((x + cell / 2, TRACK_BASE + 13), str(week), font=font(12), fill=MUTED, anchor="mm")


def _time_track(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    weeks = view["weeks_per_year"]
    cell = _track_cell()
    draw.text(
        (MARGIN, TRACK_Y),
        f"Time track, weeks of the year {view['year']} (a tag such as '03 marks a "
        "marker already in the next year). The marker furthest back acts next; on a shared square, the one "
        "on top.",
        font=font(15),
        fill=MUTED,
    )
    stacks: dict[int, list[dict[str, Any]]] = {}
    for player in sorted(view["players"], key=lambda p: p["stamp"]):
        stacks.setdefault(player["week"], []).append(player)
    for week, stack in stacks.items():
        x = TRACK_LEFT + (week - 0.5) * cell
        step = min(24, (TRACK_H - 48) / max(1, len(stack) - 1))  # five or six on a square overlap a little
        for level, player in enumerate(stack):  # the last to arrive sits on top
            y = TRACK_BASE - 16 - level * step
            _pawn(
                draw,
                x,
                y,
                player["seat"],
                view["seats"][player["seat"]][0],
                radius=11,
                ring=player["seat"] == view["turn"],
            )
            if player["year"] != view["year"]:  # a marker already in the next year
                tag = f"'{str(player['year'])[-2:]}"
                near_end = week > weeks - 3
                draw.text(
                    (x - 14 if near_end else x + 14, y),
                    tag,
                    font=font(12, bold=True),
                    fill=INK,
                    anchor="rm" if near_end else "lm",
                )


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """A fixed 256-colour palette: every colour drawn here, plus the blends
    anti-aliasing makes between them. Built once from a swatch, so the same
    view always gives the same picture."""
    solids = [
        PAPER,
        INK,
        MUTED,
        HIGHLIGHT,
        SEA,
        LAND,
        COAST,
        ROUTE,
        CARD,
        CARD_EDGE,
        GOOD,
        BAD,
        (255, 255, 255),
        *SITE_RGB.values(),
        *(seat_rgb(s) for s in range(7)),
    ]
    grounds = [PAPER, CARD, LAND, SEA, (255, 255, 255), *SITE_RGB.values(), *(seat_rgb(s) for s in range(4))]
    swatch: list[tuple[int, ...]] = [c for c in solids]
    for ink in solids:
        for ground in grounds:
            for share in (0.25, 0.5, 0.75):
                swatch.append(tuple(round(i * share + g * (1 - share)) for i, g in zip(ink, ground)))
    image = Image.new("RGB", (len(swatch), 1))
    image.putdata(swatch)
    return image.quantize(256, method=Image.Quantize.MEDIANCUT)


def _permit_mark(draw: ImageDraw.ImageDraw, x: float, y: float, valid: bool) -> None:
    """A tick on the valid side of a permit, a cross on the used side."""
    if valid:
        draw.line((x - 7, y, x - 2, y + 6, x + 8, y - 7), fill=GOOD, width=4)
    else:
        draw.line((x - 6, y - 6, x + 6, y + 6), fill=BAD, width=4)
        draw.line((x - 6, y + 6, x + 6, y - 6), fill=BAD, width=4)


def _fit(text: str, fnt: Any, width: float) -> str:
    """``text`` cut short with an ellipsis if it is wider than ``width``."""
    if fnt.getlength(text) <= width:
        return text
    while text and fnt.getlength(text + " …") > width:
        text = text[:-1]
    return text.rstrip() + " …"


def _player_panel(
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    names: Sequence[str],
    player: dict[str, Any],
    left: int,
    top: int,
    width: int,
) -> None:
    seat = player["seat"]
    score = view["scores"][seat]
    right = left + width
    if seat == view["turn"]:  # the frame, figure and site chips are in the cached ``_table``
        draw.rounded_rectangle((left, top, right, top + PANEL_H), radius=10, outline=HIGHLIGHT, width=3)
    points = f"{score['total']} pt{'s' if score['total'] != 1 else ''}"
    room = right - 12 - text_length(points, font(20, bold=True)) - 10 - (left + 42)
    draw_text(
        draw, (left + 42, top + 12), _seat_label(view, names, seat, font(18, bold=True), room), font(18, bold=True), INK
    )
    status = f"{player['weeks_left']} wk left"
    if view["over"]:
        status = "finished"
    elif player["finished"]:
        status += ", nothing fits: passed over"
    where = f"{_place_name(view, player['place'])} · {player['week']}/{player['year']} · {status}"
    draw.text((left + 42, top + 34), _fit(where, font(14), right - 8 - (left + 42)), font=font(14), fill=MUTED)
    draw.text((right - 12, top + 12), points, font=font(20, bold=True), fill=INK, anchor="ra")
    # One row per site (chips in ``_table``, in SITE_RGB's order, which is the view's):
    # permit, closed books (+L per local-experts card), the most knowledge a dig there
    # can use ("7k"), artefacts found.
    y = top + PANEL_ROWS_Y
    for site in view["sites"]:
        knowledge = player["knowledge"][site]
        _permit_mark(draw, left + 56, y + 11, player["permits"][site])
        books = str(knowledge["books"]) + ("+L" * knowledge["local"])
        draw.text((left + 92, y + 11), books, font=font(15, bold=True), fill=INK, anchor="mm")
        draw.text((left + 138, y + 11), f"{knowledge['usable']}k", font=font(15), fill=INK, anchor="mm")
        values = player["artefacts"][site]
        draw.text(
            (left + 176, y + 11),
            _fit(" ".join(map(str, values)) or "–", font(14), width - 186),
            font=font(14),
            fill=INK,
            anchor="lm",
        )
        y += 27
    y += 4
    kit = [
        ("general", player["general"]),
        ("assistants", player["assistants"]),
        ("shovels", player["shovels"]),
        ("congress", player["congress"]),
        ("car", player["cars"]),
        ("zeppelin", player["zeppelins"]),
        ("special permission", player["special_permissions"]),
    ]
    text = " · ".join(f"{name} {count}" for name, count in kit if count)
    for line in _wrap(text or "no other cards", font(14), width - 24)[:3]:
        draw.text((left + 12, y), line, font=font(14), fill=INK)
        y += 18
    held = ", ".join(e["key"] for e in player["exhibitions"])
    for line in _wrap(f"Exhibitions: {held or 'none'}", font(14), width - 24)[:2]:
        draw.text((left + 12, y), line, font=font(14), fill=INK)
        y += 18
    majorities = ", ".join(f"{site[:3].title()} {points}" for site, points in score["majorities"].items())
    breakdown = (
        f"artefacts {score['artefacts']} · exhibitions {score['exhibitions']} · congress "
        f"{score['congress']} · majorities {sum(score['majorities'].values())}"
        + (f" ({majorities})" if majorities else "")
    )
    lines = _wrap(breakdown, font(13), width - 24)[:3]
    y = max(y + 4, top + PANEL_H - 10 - 17 * len(lines))
    for line in lines:
        draw.text((left + 12, y), line, font=font(13), fill=MUTED)
        y += 17
