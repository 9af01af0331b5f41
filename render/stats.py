"""Small pictures for ``/leaderboard`` and ``/stats``: a ranked table and a
player's card, drawn from plain rows (``engine.ratings`` computes them), 440
and 480 px wide so that Discord's ~400 px preview shows them at nearly full size.

Player names come in any script and up to 32 characters: they go through
``fit_text``/``draw_text`` (the font fallback chain), shortened with "…" to
their column.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.common import HIGHLIGHT, INK, MUTED, PAPER, draw_text, fit_text, font, to_png

WIDTH = 440
CARD_WIDTH = 480
PAD = 12
ROW = 30
STRIPE = (238, 233, 222)
TITLE_SIZE, TEXT_SIZE, SMALL_SIZE = 20, 16, 13


@dataclass(frozen=True)
class LeaderRow:
    rank: int
    name: str
    rating: int
    played: int
    won: int


@dataclass(frozen=True)
class GameLine:
    """One game of a player's card (None: nothing to show yet)."""

    title: str
    rating: int
    played: int
    won: int
    average_score: float | None
    average_wait: float | None
    """Seconds."""
    on_time_share: float | None


def wait_words(seconds: float | None) -> str:
    """ "42 min", "5.5 h", "2.1 days" ("–" when unknown)."""
    if seconds is None:
        return "–"
    if seconds < 3600:
        return f"{seconds / 60:.0f} min"
    if seconds < 86400 * 2:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"


def _canvas(rows: int, title: str, subtitle: str, width: int) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    height = PAD + 28 + 20 + ROW * (rows + 1) + PAD
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    title_font = font(TITLE_SIZE, bold=True)
    draw_text(draw, (PAD, PAD), fit_text(title, title_font, width - 2 * PAD), title_font, INK)
    small = font(SMALL_SIZE)
    draw_text(draw, (PAD, PAD + 28), fit_text(subtitle, small, width - 2 * PAD), small, MUTED)
    return image, draw, PAD + 28 + 20


def _row(
    draw: ImageDraw.ImageDraw,
    width: int,
    top: int,
    index: int,
    cells: Sequence[tuple[float, str, str]],
    bold: bool = False,
    highlight: bool = False,
) -> None:
    """One table row: cells are (x, anchor "l"/"r", text); even rows striped."""
    fill = HIGHLIGHT if highlight else (STRIPE if index % 2 else None)
    if fill is not None:
        draw.rectangle((PAD // 2, top, width - PAD // 2, top + ROW - 1), fill=fill)
    fnt = font(TEXT_SIZE, bold=bold)
    for x, anchor, text in cells:
        draw_text(draw, (x, top + ROW / 2), text, fnt, INK, anchor=f"{anchor}m")


LEADER_COLUMNS = (
    (PAD + 30, "r", "#"),
    (PAD + 42, "l", "Player"),
    (300, "r", "Rating"),
    (366, "r", "Played"),
    (WIDTH - PAD, "r", "Won"),
)


def leaderboard_image(
    title: str, rows: Sequence[LeaderRow], subtitle: str = "", highlight_name: str | None = None
) -> bytes:
    """A PNG of the leaderboard: rank, name, rating, games played and won."""
    image, draw, top = _canvas(max(len(rows), 1), title, subtitle, WIDTH)
    _row(draw, WIDTH, top, 1, LEADER_COLUMNS, bold=True)
    name_room = LEADER_COLUMNS[2][0] - 60 - LEADER_COLUMNS[1][0]
    body = font(TEXT_SIZE)
    if not rows:
        draw_text(draw, (PAD, top + ROW + ROW / 2), "No rated games yet.", body, MUTED, anchor="lm")
    for index, row in enumerate(rows):
        cells = [
            (LEADER_COLUMNS[0][0], "r", str(row.rank)),
            (LEADER_COLUMNS[1][0], "l", fit_text(row.name, body, name_room)),
            (LEADER_COLUMNS[2][0], "r", str(row.rating)),
            (LEADER_COLUMNS[3][0], "r", str(row.played)),
            (LEADER_COLUMNS[4][0], "r", str(row.won)),
        ]
        _row(draw, WIDTH, top + ROW * (index + 1), index, cells, highlight=row.name == highlight_name)
    return to_png(image)


CARD_COLUMNS = (
    (PAD, "l", "Game"),
    (188, "r", "Rating"),
    (252, "r", "Won"),
    (322, "r", "Score"),
    (394, "r", "Wait"),
    (CARD_WIDTH - PAD, "r", "On time"),
)


def stats_card(name: str, lines: Sequence[GameLine]) -> bytes:
    """A PNG of one player's stats, a row per game: rating, won of played,
    average score, average time to move, share of turns before the deadline."""
    image, draw, top = _canvas(
        max(len(lines), 1), name, "Wait: time to move · On time: turns before the deadline", CARD_WIDTH
    )
    _row(draw, CARD_WIDTH, top, 1, CARD_COLUMNS, bold=True)
    body = font(TEXT_SIZE)
    if not lines:
        draw_text(draw, (PAD, top + ROW + ROW / 2), "No finished games yet.", body, MUTED, anchor="lm")
    for index, line in enumerate(lines):
        score = "–" if line.average_score is None else f"{line.average_score:.1f}"
        on_time = "–" if line.on_time_share is None else f"{line.on_time_share:.0%}"
        texts = (
            fit_text(line.title, body, CARD_COLUMNS[1][0] - 68 - PAD),
            str(line.rating),
            f"{line.won}/{line.played}",
            score,
            wait_words(line.average_wait),
            on_time,
        )
        cells = [(x, anchor, text) for (x, anchor, _), text in zip(CARD_COLUMNS, texts)]
        _row(draw, CARD_WIDTH, top + ROW * (index + 1), index, cells)
    return to_png(image)
