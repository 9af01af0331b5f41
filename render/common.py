"""Drawing helpers every renderer shares: fonts, the seat palette, PNG output."""

from __future__ import annotations

import io
import logging
import math
import os
import struct
import subprocess
import unicodedata
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

# Installed unpacked (a wheel or a checkout), the package data are real files,
# which is what FreeType needs.
FONT_DIR = Path(str(resources.files("data").joinpath("fonts")))

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


def centred_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fnt: ImageFont.FreeTypeFont,
    fill: tuple[int, int, int],
) -> None:
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


# --- Text in any script -----------------------------------------------------
#
# Pillow draws each string with one font and shows an empty box for every
# character that font lacks, and player names arrive in any script. So text
# that may hold a name is split into runs by glyph coverage, each run drawn
# with the first font of a fallback chain that has all its characters:
#   1. the caller's DejaVu face (Latin, Greek, Cyrillic, many symbols);
#   2. Droid Sans Fallback, shipped (Chinese, Japanese kana);
#   3. a colour emoji font, if the system has one (Debian: fonts-noto-color-emoji);
#   4. Unifont Upper, shipped (monochrome emoji and the other supplementary planes);
#   5. Unifont's other BMP glyphs, shipped (Hangul, Indic, Thai, Ethiopic...);
#   6. any system font that fontconfig says covers the character;
# and a character no font covers is drawn as a visible U+FFFD "�".

FALLBACK_FONTS = (FONT_DIR / "DroidSansFallbackFull.ttf", FONT_DIR / "UnifontUpper.otf", FONT_DIR / "UnifontBMP.otf")
"""Shipped fallbacks, in chain order after the caller's font (see data/fonts/LICENSE-*)."""

COLOUR_EMOJI_FONTS = (
    Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
    Path("/usr/share/fonts/noto/NotoColorEmoji.ttf"),
    Path("/usr/share/fonts/google-noto-emoji/NotoColorEmoji.ttf"),
    Path("/usr/share/fonts/truetype/noto-color-emoji/NotoColorEmoji.ttf"),
    Path("/System/Library/Fonts/Apple Color Emoji.ttc"),
)
"""Where systems keep a bitmap colour emoji font; the first that exists is used."""

REPLACEMENT = "\N{REPLACEMENT CHARACTER}"
ELLIPSIS = "…"
EMOJI_PRESENTATION = "\N{VARIATION SELECTOR-16}"

log = logging.getLogger(__name__)

use_system_fonts = True
"""Whether the chain may use fonts installed on the system (colour emoji and
fontconfig's matches); tests switch it off to draw only with shipped fonts."""


def _table_directory(data: bytes, index: int = 0) -> dict[bytes, tuple[int, int]]:
    """An OpenType file's tables as tag -> (offset, length); ``index`` picks
    the face of a collection (.ttc)."""
    base = 0
    if data[:4] == b"ttcf":
        base = struct.unpack_from(">I", data, 12 + 4 * index)[0]
    if data[base : base + 4] not in (b"\x00\x01\x00\x00", b"OTTO", b"true"):
        raise ValueError("not an OpenType or TrueType font")
    count = struct.unpack_from(">H", data, base + 4)[0]
    tables = {}
    for i in range(count):
        tag, _checksum, offset, length = struct.unpack_from(">4sIII", data, base + 12 + 16 * i)
        tables[tag] = (offset, length)
    return tables


def _cmap_format_4(data: bytes, at: int) -> set[int]:
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends_at = at + 14
    starts_at = ends_at + 2 * segments + 2
    deltas_at = starts_at + 2 * segments
    range_offsets_at = deltas_at + 2 * segments
    ends = struct.unpack_from(f">{segments}H", data, ends_at)
    starts = struct.unpack_from(f">{segments}H", data, starts_at)
    deltas = struct.unpack_from(f">{segments}h", data, deltas_at)
    range_offsets = struct.unpack_from(f">{segments}H", data, range_offsets_at)
    covered: set[int] = set()
    for segment, (start, end, delta, range_offset) in enumerate(zip(starts, ends, deltas, range_offsets)):
        if start == 0xFFFF:
            continue
        if range_offset == 0:
            covered.update(c for c in range(start, end + 1) if (c + delta) & 0xFFFF)
            continue
        glyphs = struct.unpack_from(f">{end - start + 1}H", data, range_offsets_at + 2 * segment + range_offset)
        covered.update(start + i for i, glyph in enumerate(glyphs) if glyph and (glyph + delta) & 0xFFFF)
    return covered


def _cmap_format_12(data: bytes, at: int) -> set[int]:
    groups = struct.unpack_from(">I", data, at + 12)[0]
    covered: set[int] = set()
    for i in range(groups):
        start, end, first_glyph = struct.unpack_from(">III", data, at + 16 + 12 * i)
        covered.update(range(start if first_glyph else start + 1, end + 1))
    return covered


def _cmap_codepoints(data: bytes, tables: dict[bytes, tuple[int, int]]) -> frozenset[int]:
    """Every character the font's Unicode cmap subtables map to a real glyph."""
    at = tables[b"cmap"][0]
    covered: set[int] = set()
    for i in range(struct.unpack_from(">H", data, at + 2)[0]):
        platform, encoding, offset = struct.unpack_from(">HHI", data, at + 4 + 8 * i)
        if not (platform == 0 or (platform == 3 and encoding in (1, 10))):
            continue
        subtable_format = struct.unpack_from(">H", data, at + offset)[0]
        if subtable_format == 4:
            covered |= _cmap_format_4(data, at + offset)
        elif subtable_format == 12:
            covered |= _cmap_format_12(data, at + offset)
    return frozenset(covered)


def _bitmap_strikes(data: bytes, tables: dict[bytes, tuple[int, int]]) -> list[int]:
    """The pixel sizes of a bitmap-only font's strikes (CBLC or sbix), largest first."""
    sizes: list[int] = []
    if b"CBLC" in tables:
        at = tables[b"CBLC"][0]
        for i in range(struct.unpack_from(">I", data, at + 4)[0]):
            sizes.append(data[at + 8 + 48 * i + 45])  # BitmapSize.ppemY
    elif b"sbix" in tables:
        at = tables[b"sbix"][0]
        for i in range(struct.unpack_from(">I", data, at + 4)[0]):
            strike = struct.unpack_from(">I", data, at + 8 + 4 * i)[0]
            sizes.append(struct.unpack_from(">H", data, at + strike)[0])
    return sorted(sizes, reverse=True)


class Face:
    """One font file of the chain: what it covers, and how to load it at a size."""

    def __init__(self, path: str, index: int = 0):
        self.path, self.index = path, index
        data = Path(path).read_bytes()
        tables = _table_directory(data, index)
        self.codepoints = _cmap_codepoints(data, tables)
        outlines = b"glyf" in tables or b"CFF " in tables or b"CFF2" in tables
        self.strikes = [] if outlines and b"CBDT" not in tables else _bitmap_strikes(data, tables)
        # A COLRv1 font's colour glyphs need a renderer Pillow lacks: it draws nothing.
        colr_v1 = b"COLR" in tables and struct.unpack_from(">H", data, tables[b"COLR"][0])[0] >= 1
        self.usable = bool(self.codepoints) and not (colr_v1 and not self.strikes)
        self.colour = bool(self.strikes) or (b"COLR" in tables and not colr_v1)

    def __repr__(self) -> str:
        return f"Face({self.path!r})"

    def font_for(self, size: float) -> tuple[ImageFont.FreeTypeFont, float]:
        """The face at ``size`` px, and the factor to scale what it draws by
        (not 1 only for bitmap fonts, which come in fixed strikes)."""
        if self.strikes:
            return _load(self.path, self.index, self.strikes[0]), size / self.strikes[0]
        return _load(self.path, self.index, size), 1.0


@lru_cache(maxsize=256)
def _load(path: str, index: int, size: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size, index=index)


@lru_cache(maxsize=64)
def _face(path: str, index: int = 0) -> Face | None:
    try:
        face = Face(path, index)
        if face.usable:
            face.font_for(12)  # FreeType must load it too (a bitmap font at its strike)
    except (OSError, ValueError, struct.error, KeyError, IndexError) as error:
        log.warning("Font %s cannot be used as a fallback: %s", path, error)
        return None
    return face if face.usable else None


def _chain() -> list[Face]:
    """The fallback faces after the caller's font, in order (loaded lazily, once)."""
    paths = [str(FALLBACK_FONTS[0])]
    if use_system_fonts:
        paths += [str(p) for p in COLOUR_EMOJI_FONTS if p.exists()][:1]
    paths += [str(p) for p in FALLBACK_FONTS[1:]]
    return [face for face in map(_face, paths) if face is not None]


@lru_cache(maxsize=4096)
def _system_face_for(codepoint: int) -> Face | None:
    """A system font that covers ``codepoint``, by asking fontconfig (once per character)."""
    if not use_system_fonts:
        return None
    try:
        found = subprocess.run(
            ["fc-list", "--format", "%{file}\n", f":charset={codepoint:x}"],
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    for path in sorted(set(found.split())):
        face = _face(path)
        if face is not None and codepoint in face.codepoints:
            return face
    return None


def _ignorable(ch: str) -> bool:
    """Marks that belong to the character before them (variation selectors,
    joiners, combining marks, emoji skin tones), or draw nothing."""
    return unicodedata.category(ch) in ("Mn", "Me", "Cf") or 0x1F3FB <= ord(ch) <= 0x1F3FF


Run = tuple[str, "Face | None"]
"""A stretch of text and the fallback face that draws it (None: the caller's font)."""


@lru_cache(maxsize=8192)
def _runs(text: str, primary_path: str | None, colour: bool) -> tuple[Run, ...]:
    """``text`` split into runs that one font each can draw."""
    primary = _face(primary_path) if primary_path else None
    chain = [face for face in _chain() if colour or not face.colour]
    runs: list[list[Any]] = []

    def covers(face: Face | None, codepoint: int) -> bool:
        return primary is None or codepoint in primary.codepoints if face is None else codepoint in face.codepoints

    for position, ch in enumerate(text):
        codepoint = ord(ch)
        if unicodedata.category(ch) == "Cc":
            ch, codepoint = " ", 32
        if runs and _ignorable(ch):
            if covers(runs[-1][1], codepoint):
                runs[-1][0] += ch
            continue  # a mark the font before it lacks would only draw a box
        emoji_asked = text[position + 1 : position + 2] == EMOJI_PRESENTATION
        face: Face | None = None
        if emoji_asked and colour:
            face = next((f for f in chain if f.colour and codepoint in f.codepoints), None)
        if face is None and not covers(None, codepoint):
            face = next((f for f in chain if codepoint in f.codepoints), None)
            if face is None and unicodedata.category(ch) not in ("Cn", "Co", "Cs"):
                face = _system_face_for(codepoint)  # (unassigned or private: no system font can mean it)
            if face is not None and face.colour and not colour:
                face = None
            if face is None:
                if _ignorable(ch):
                    continue  # nothing to draw, and no box for it either
                log.info("No font covers U+%04X; drawing %s instead", codepoint, REPLACEMENT)
                ch = REPLACEMENT
        if runs and runs[-1][1] is face:
            runs[-1][0] += ch
        else:
            runs.append([ch, face])
    return tuple((text_, face) for text_, face in runs)


def _path_of(fnt: ImageFont.FreeTypeFont) -> str | None:
    path = getattr(fnt, "path", None)
    return str(path) if isinstance(path, (str, os.PathLike)) else None


def _run_font(face: Face | None, fnt: ImageFont.FreeTypeFont) -> tuple[ImageFont.FreeTypeFont, float]:
    return (fnt, 1.0) if face is None else face.font_for(fnt.size)


def _run_length(run: Run, fnt: ImageFont.FreeTypeFont) -> float:
    return _length(run[0], run[1], fnt)


@lru_cache(maxsize=8192)
def _length(part: str, face: Face | None, fnt: ImageFont.FreeTypeFont) -> float:
    """A run's width (cached: fitting a name measures the same runs again and again)."""
    run_font, scale = _run_font(face, fnt)
    return run_font.getlength(part) * scale


def text_length(text: str, fnt: ImageFont.FreeTypeFont) -> float:
    """The width in pixels of ``text`` as :func:`draw_text` draws it."""
    return sum(_run_length(run, fnt) for run in _runs(text, _path_of(fnt), True))


def fit_text(text: str, fnt: ImageFont.FreeTypeFont, max_width: float) -> str:
    """``text``, shortened with "…" if needed so it is at most ``max_width``
    pixels wide (an empty string if not even "…" fits)."""
    if text_length(text, fnt) <= max_width:
        return text
    low, high = 0, len(text)  # the longest prefix that fits with "…" is text[:low]
    while low < high:
        middle = (low + high + 1) // 2
        if text_length(_prefix(text, middle) + ELLIPSIS, fnt) <= max_width:
            low = middle
        else:
            high = middle - 1
    if low == 0 and text_length(ELLIPSIS, fnt) > max_width:
        return ""
    return _prefix(text, low) + ELLIPSIS


def fit_name(name: str, fnt: ImageFont.FreeTypeFont, max_width: float, suffix: str = "") -> str:
    """``name`` shortened with "…" so that it and ``suffix`` (e.g. " (Blue)")
    fit ``max_width`` pixels together. Where keeping the suffix would leave the
    name less than three ems, the suffix goes: the name says who, and every
    board also shows the seat's colour beside it."""
    room = max_width - text_length(suffix, fnt)
    if suffix and room < 3 * fnt.size:
        return fit_text(name, fnt, max_width)
    return fit_text(name, fnt, room) + suffix


def _prefix(text: str, length: int) -> str:
    """The first ``length`` characters, never ending on a joiner, a space or
    an ellipsis (a cut emoji sequence, " …" or "……" looks broken)."""
    cut = text[:length]
    while cut and (cut[-1].isspace() or cut[-1] in ("\N{ZERO WIDTH JOINER}", ELLIPSIS)):
        cut = cut[:-1]
    return cut


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fnt: ImageFont.FreeTypeFont,
    fill: Any,
    anchor: str = "la",
) -> None:
    """Draw one line of ``text`` at ``xy`` like ``draw.text(..., anchor=anchor)``,
    with every character in the first font of the fallback chain that has it.
    Colour emoji are drawn in colour on RGB(A) pictures, in monochrome elsewhere."""
    image = getattr(draw, "_image", None)
    colour = image is not None and image.mode in ("RGB", "RGBA")
    runs = _runs(text, _path_of(fnt), colour)
    if all(face is None for _, face in runs):
        draw.text(xy, "".join(part for part, _ in runs), font=fnt, fill=fill, anchor=anchor)
        return
    horizontal, vertical = (anchor or "la")[0], (anchor or "la")[1]
    widths = [_run_length(run, fnt) for run in runs]
    x = xy[0] - {"l": 0.0, "m": sum(widths) / 2, "r": sum(widths)}.get(horizontal, 0.0)
    baseline = xy[1] + _baseline_offset(runs, fnt, vertical)
    # The fallback fonts have no bold face: a thin outline stands in for it.
    stroke = fnt.size / 40 if "Bold" in (fnt.getname()[1] or "") else 0.0
    for (part, face), width in zip(runs, widths):
        run_font, scale = _run_font(face, fnt)
        if face is not None and face.colour and image is not None:
            _paste_colour(image, (x, baseline), part, run_font, scale)
        elif image is not None and fill is not None:
            mask, left, top = _mask(part, run_font, stroke if face is not None else 0.0)
            image.paste(fill, (round(x) + left, round(baseline) + top), mask)
        else:
            draw.text((x, baseline), part, font=run_font, fill=fill, anchor="ls")
        x += width


@lru_cache(maxsize=2048)
def _mask(text: str, fnt: ImageFont.FreeTypeFont, stroke: float) -> tuple[Image.Image, int, int]:
    """A run's coverage mask, emboldened by a ``stroke`` px outline, and its
    offset from the baseline point (cached: names recur in every picture of a
    table, and laying out glyphs of the big fallback fonts is the slow part)."""
    box = fnt.getbbox(text, anchor="ls", stroke_width=stroke)
    left, top, right, bottom = math.floor(box[0]), math.floor(box[1]), math.ceil(box[2]), math.ceil(box[3])
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top), text, font=fnt, fill=255, anchor="ls", stroke_width=stroke, stroke_fill=255
    )
    return mask, left, top


def _baseline_offset(runs: tuple[Run, ...], fnt: ImageFont.FreeTypeFont, vertical: str) -> float:
    """How far below the anchor point the baseline lies, as Pillow places it:
    the caller's font's ascender and descender lines, or the ink's top and bottom."""
    ascent, descent = fnt.getmetrics()
    if vertical in "tb":
        boxes = []
        for part, face in runs:
            run_font, scale = _run_font(face, fnt)
            _, top, _, bottom = run_font.getbbox(part, anchor="ls")
            boxes.append((top * scale, bottom * scale))
        return -min(top for top, _ in boxes) if vertical == "t" else -max(bottom for _, bottom in boxes)
    return {"a": ascent, "m": (ascent - descent) / 2, "d": -descent}.get(vertical, 0.0)


def _paste_colour(
    image: Image.Image, at: tuple[float, float], text: str, fnt: ImageFont.FreeTypeFont, scale: float
) -> None:
    sprite, left, top = _colour_sprite(text, fnt, round(scale * 1000))
    if sprite is not None:
        image.paste(sprite, (round(at[0] + left), round(at[1] + top)), sprite)


@lru_cache(maxsize=512)
def _colour_sprite(text: str, fnt: ImageFont.FreeTypeFont, permille: int) -> tuple[Image.Image | None, float, float]:
    """Colour glyphs drawn at the font's own size and scaled, with their offset from the baseline point."""
    left, top, right, bottom = fnt.getbbox(text, anchor="ls")
    if right <= left or bottom <= top:
        return None, 0.0, 0.0
    big = Image.new("RGBA", (int(right - left), int(bottom - top)), (0, 0, 0, 0))
    ImageDraw.Draw(big).text((-left, -top), text, font=fnt, anchor="ls", embedded_color=True)
    scale = permille / 1000
    size = (max(1, round(big.width * scale)), max(1, round(big.height * scale)))
    return big.resize(size, Image.Resampling.LANCZOS), left * scale, top * scale


def load_fonts() -> None:
    """Read the fallback chain's character maps now (~0.1 s) rather than
    while drawing the first name that needs them."""
    for fnt in (font(12), font(12, bold=True), font(12, condensed=True)):
        _face(_path_of(fnt) or "")
    _chain()


def forget_fonts() -> None:
    """Drop every cached font, coverage and run split: needed after changing
    ``FALLBACK_FONTS``, ``COLOUR_EMOJI_FONTS`` or ``use_system_fonts``."""
    for cached in (_load, _face, _system_face_for, _runs, _length, _mask, _colour_sprite):
        cached.cache_clear()
