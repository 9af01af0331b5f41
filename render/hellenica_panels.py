"""Hellenica picture: one panel per player — name, city and marks, Favor,
Philosophers, Commerce and cities, Action Cubes and Deity Cards (or an AI
player's row of the AI Board), objectives met, World Events won and
Advancements. A panel is redrawn only when something in it changed."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import INK, MUTED, PAPER, fit_name, fit_text, font, seat_rgb, text_length, text_on
from render.hellenica_base import (
    ACTION_LETTER,
    COMBAT,
    PANEL_H,
    PANEL_W,
    SEAT_LETTER,
    WHITE,
    _fit,
    _line,
    _mask,
    _sprite_text,
    _text,
)

_LOCK = threading.Lock()  # pictures are drawn in worker threads


def _label(view: dict[str, Any], names: Sequence[str], seat: int, fitted: bool = True) -> str:
    """ "name (Colour)"; in pictures (``fitted``) the name is shortened with "…"
    so the label takes at most 220 px of 15 px bold text."""
    colour = view["seats"][seat]
    if not (seat < len(names) and names[seat]):
        return colour
    return fit_name(names[seat], font(15, bold=True), 220, f" ({colour})") if fitted else f"{names[seat]} ({colour})"


def _seat_chip(image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, seat: int, size: int) -> None:
    rgb = seat_rgb(seat)
    draw.ellipse((x, y, x + size, y + size), fill=rgb, outline=INK)
    _text(image, (x + size / 2, y + size / 2), SEAT_LETTER[seat % 7], int(size * 0.62), text_on(rgb), bold=True)


def _panels(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: Sequence[str], x: float, y: float
) -> None:
    cities: dict[int, int] = {}  # seat -> cities owned
    for area in view["areas"]:
        if area["owner"] is not None:
            cities[area["owner"]] = cities.get(area["owner"], 0) + 1
    titles = {a["name"]: a["title"] for a in view["areas"]}
    ai_rows = {row["seat"]: row for row in (view.get("ai") or {}).get("board", [])}
    for info in view["players_info"]:
        seat = info["seat"]
        key = _panel_key(view, names, info, ai_rows.get(seat), cities.get(seat, 0), titles)
        with _LOCK:
            panel = _PANELS.get(key)
            if panel is not None:
                _PANELS.move_to_end(key)
        if panel is None:
            panel = Image.new("RGB", (PANEL_W - 8, PANEL_H - 2), PAPER)
            _panel(panel, ImageDraw.Draw(panel), view, names, info, ai_rows.get(seat), cities, titles, 2, 2)
            with _LOCK:
                _PANELS[key] = panel
                while len(_PANELS) > PANEL_CACHE:
                    _PANELS.popitem(last=False)
        image.paste(panel, (round(x) - 2, round(y + PANEL_H * seat) - 2))


# A player's panel changes only when something in it does: most pictures of a
# game redraw one or two panels and copy the others.
_PANELS: OrderedDict[str, Image.Image] = OrderedDict()
PANEL_CACHE = 256


def _panel_key(
    view: dict[str, Any],
    names: Sequence[str],
    info: dict[str, Any],
    row: dict[str, Any] | None,
    cities: int,
    titles: dict[str, str],
) -> str:
    """Everything a panel shows, as one string."""
    seat = info["seat"]
    return json.dumps(
        [
            names[seat] if seat < len(names) else None,
            view["seats"],
            info,
            row,
            cities,
            titles.get(info["city"]),
            seat == view["favorite"],
            seat in view["waiting"],
            bool((view.get("ai") or {}).get("ethos")),
            [(c["name"], c["title"]) for c in view["pathos"]],
            view["revealed"].get(str(seat)),
            [c["title"] for c in view.get("creatures", []) if c["slain_by"] == seat],
            {card["deity"]: view["deities"][card["deity"]]["colour"] for card in info.get("deity_cards", [])},
        ],
        sort_keys=True,
        default=str,
    )


def _panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    names: Sequence[str],
    info: dict[str, Any],
    row: dict[str, Any] | None,
    cities: dict[int, int],
    titles: dict[str, str],
    x: float,
    top: float,
) -> None:
    """One player's panel with its top-left corner at (``x``, ``top``)."""
    seat = info["seat"]
    draw.rectangle((x, top, x + PANEL_W - 12, top + PANEL_H - 6), outline=seat_rgb(seat), width=3)
    _seat_chip(image, draw, x + 8, top + 7, seat, 22)
    marks = ["★ Favorite"] if seat == view["favorite"] else []
    marks += ["passed"] if info["passed"] else []
    marks += ["◀ to act"] if seat in view["waiting"] else []
    head = f"{_label(view, names, seat)} — {titles.get(info['city'], '?')}" + (" · AI player" if row else "")
    room = PANEL_W - 22 - 38 - 10 - text_length("  ".join(marks), font(12, bold=True))
    _sprite_text(
        image, (x + 38, top + 18), fit_text(head, font(15, bold=True), room), font(15, bold=True), INK, anchor="lm"
    )
    _line(image, (x + PANEL_W - 22, top + 18), "  ".join(marks), 12, INK, bold=True, anchor="rm")
    _line(
        image,
        (x + 10, top + 33),
        f"Favor {info['favor']}   Philosophers {info['philosophers']}   "
        f"Commerce {info['commerce']}   Cities {cities.get(seat, 0)}",
        13,
        INK,
    )
    done = [c["title"] for c in view["pathos"] if c["name"] in info["pathos_done"]]
    pathos = f"{len(done)}" + (f" ({', '.join(done)})" if done else "")
    if row:
        _ai_board(image, draw, view, row, x + 10, top + 60, x + PANEL_W - 22)
        met = ", ".join(row["ethos_met"]) or "none"
        ethos = f"AI Ethos met: {met} · objectives {row['objectives']}" if view["ai"]["ethos"] else "AI Ethos face down"
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
        advances = f"Advancements ({len(info['advancements'])}): " + (", ".join(info["advancement_titles"]) or "none")
    _line(image, (x + 10, top + 102), _fit(advances, 11, PANEL_W - 36), 11, MUTED)


def _cubes(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    info: dict[str, Any],
    x: float,
    y: float,
    right: float,
) -> None:
    """A person's Action Cubes left per action, then their Deity Cards."""
    _text(image, (x, y), "Cubes", 12, MUTED, anchor="lm")
    x += 42
    for action, letter in ACTION_LETTER:
        n = info["cubes"][action]
        draw.rectangle((x, y - 8, x + 28, y + 8), fill=WHITE if n else (225, 225, 225), outline=MUTED)
        _text(image, (x + 14, y), f"{letter}{n}", 11, INK if n else MUTED, bold=True)
        x += 31
    _deity_cards(image, draw, view, info, x + 8, y, right)


def _ai_board(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    row: dict[str, Any],
    x: float,
    y: float,
    right: float,
) -> None:
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


def _deity_cards(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    info: dict[str, Any],
    x: float,
    y: float,
    right: float,
) -> None:
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
        return sum(_mask(caption(card), 11, True, False).width + 11 + 15 * len(card["invocations"]) for card in cards)

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
