"""Drawing helpers every renderer shares: fonts, the seat palette, PNG output."""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"

# Okabe & Ito's palette: distinguishable with the common colour-vision
# deficiencies. The names match engine.core.SEAT_COLOURS, in order.
SEAT_RGB = {
    "Blue": (0, 114, 178),
    "Orange": (230, 159, 0),
    "Green": (0, 158, 115),
    "Purple": (204, 121, 167),
    "Yellow": (240, 228, 66),
    "Cyan": (86, 180, 233),
    "Red": (213, 94, 0),
}
SEAT_ORDER = tuple(SEAT_RGB)

INK = (33, 37, 41)
MUTED = (108, 117, 125)
PAPER = (250, 247, 240)
HIGHLIGHT = (255, 214, 10)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False, condensed: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (shipped in data/fonts with its licence) at ``size`` px."""
    name = "DejaVuSans-Bold.ttf" if bold else ("DejaVuSansCondensed.ttf" if condensed else "DejaVuSans.ttf")
    return ImageFont.truetype(str(FONT_DIR / name), size)


def seat_rgb(seat: int) -> tuple[int, int, int]:
    return SEAT_RGB[SEAT_ORDER[seat % len(SEAT_ORDER)]]


def text_on(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on ``rgb``."""
    r, g, b = rgb
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (255, 255, 255)


def to_png(image: Image.Image, compress_level: int = 6) -> bytes:
    """PNG bytes; a lower ``compress_level`` trades size for speed (a big
    board can spend more time in zlib than in drawing)."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=compress_level)
    return buffer.getvalue()


def centred_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
                 fnt: ImageFont.FreeTypeFont, fill: tuple[int, int, int]) -> None:
    draw.text(xy, text, font=fnt, fill=fill, anchor="mm")


def wrap(text: str, fnt: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """Greedy word wrap to ``width`` pixels."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words, line = paragraph.split(), ""
        for word in words:
            trial = f"{line} {word}".strip()
            if fnt.getlength(trial) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
