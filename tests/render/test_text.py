"""Text in any script: the fallback chain, measuring, shortening with "…",
anchors, and a visible replacement when no font has a character.

Issue 15: "names in any script render (a fallback font chain that covers CJK
and emoji ...) and long names are shortened with "…" everywhere"."""

import subprocess

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from render import common
from render.common import ELLIPSIS, FALLBACK_FONTS, REPLACEMENT, draw_text, fit_name, fit_text, font, text_length

DROID, UNIFONT, UNIFONT_BMP = (str(path) for path in FALLBACK_FONTS)


def faces_of(text, fnt, colour=True):
    return [(part, face.path if face else None) for part, face in common._runs(text, common._path_of(fnt), colour)]


def drawn(text, fnt, anchor="la", xy=(20, 40), mode="RGB", size=(400, 80)):
    image = Image.new(mode, size, "white")
    draw_text(ImageDraw.Draw(image), xy, text, fnt, "black", anchor)
    return image


def ink_box(image):
    """The bounding box of everything not white."""
    return ImageChops.invert(image.convert("L")).getbbox()


def test_the_shipped_fonts_cover_dejavu_s_gaps():
    """DejaVu has Latin, Greek and Cyrillic but no Chinese, kana, Hangul,
    Devanagari or emoji; Droid Sans Fallback (Chinese, Japanese), Unifont
    Upper (emoji) and the rest of Unifont's BMP (Hangul, Indic...) have those."""
    dejavu = common._face(common._path_of(font(17)))
    droid, unifont, unifont_bmp = common._face(DROID), common._face(UNIFONT), common._face(UNIFONT_BMP)
    assert all(ord(ch) in dejavu.codepoints for ch in "AzΖωήЖ…�")
    assert not any(ord(ch) in dejavu.codepoints for ch in "王さ김क🐉")
    assert all(ord(ch) in droid.codepoints for ch in "王小明さくら")
    assert all(ord(ch) in unifont.codepoints for ch in "🐉🔥👍")
    assert all(ord(ch) in unifont_bmp.codepoints for ch in "김민준राम")


def test_each_character_goes_to_the_first_font_that_has_it():
    """A per-character fallback: the caller's font first, then the chain."""
    fnt = font(17, bold=True)
    assert faces_of("Ζωή", fnt) == [("Ζωή", None)]
    assert faces_of("王小明", fnt) == [("王小明", DROID)]
    assert faces_of("🐉 Drake 🔥", fnt) == [("🐉", UNIFONT), (" Drake ", None), ("🔥", UNIFONT)]
    assert faces_of("Mai さくら!", fnt) == [("Mai ", None), ("さくら", DROID), ("!", None)]
    assert faces_of("김민준", fnt) == [("김민준", UNIFONT_BMP)]


def test_marks_stay_with_their_character_or_vanish():
    """A skin tone stays with its emoji; a variation selector or joiner the
    font lacks draws nothing rather than a box."""
    fnt = font(17)
    assert faces_of("👍🏽 ok", fnt) == [("👍🏽", UNIFONT), (" ok", None)]
    assert "".join(part for part, _ in faces_of("王\ufe0f", fnt)) in ("王", "王\ufe0f")
    assert REPLACEMENT not in "".join(part for part, _ in faces_of("a\u200db\ufe0fc", fnt))


def test_cjk_and_emoji_draw_their_own_glyphs_not_boxes():
    """Every character DejaVu lacks draws the same empty box, so two names
    that differ in one such character would look alike; with the chain they
    differ, and each matches its fallback font's own drawing."""
    fnt = font(20)
    for one, other in (("王小明", "王小朋"), ("さくら", "さくは"), ("🐉", "🔥")):
        assert ImageChops.difference(drawn(one, fnt), drawn(other, fnt)).getbbox() is not None
        boxes = Image.new("RGB", (400, 80), "white")
        ImageDraw.Draw(boxes).text((20, 40), one, font=fnt, fill="black")
        assert ImageChops.difference(drawn(one, fnt), boxes).getbbox() is not None
    droid = ImageFont.truetype(DROID, 20)
    direct = Image.new("RGB", (400, 80), "white")
    ImageDraw.Draw(direct).text((20, 40 + fnt.getmetrics()[0]), "王小明", font=droid, fill="black", anchor="ls")
    assert ImageChops.difference(drawn("王小明", fnt), direct).getbbox() is None


def test_text_length_adds_up_the_runs_in_their_own_fonts():
    fnt = font(17)
    droid = ImageFont.truetype(DROID, 17)
    assert text_length("ab王", fnt) == pytest.approx(fnt.getlength("ab") + droid.getlength("王"))
    assert text_length("Alice", fnt) == fnt.getlength("Alice")
    assert text_length("", fnt) == 0


@pytest.mark.parametrize("vertical", "amsd")
def test_mixed_text_sits_on_the_line_pillow_would_use(vertical):
    """Anchors keep working for mixed runs: the Latin part of a mixed line
    lands exactly where Pillow draws it alone with the same anchor."""
    fnt = font(20)
    alone = Image.new("RGB", (400, 80), "white")
    ImageDraw.Draw(alone).text((20, 40), "ab", font=fnt, fill="black", anchor="l" + vertical)
    mixed = drawn("ab王🐉", fnt, "l" + vertical)
    width = round(fnt.getlength("ab"))
    assert (
        ImageChops.difference(mixed.crop((0, 0, 20 + width, 80)), alone.crop((0, 0, 20 + width, 80))).getbbox() is None
    )


@pytest.mark.parametrize("anchor", ["la", "ma", "ra", "lt", "lb", "mm", "rm"])
def test_mixed_text_anchors_horizontally_and_at_its_ink(anchor):
    """ "l", "m" and "r" put the start, middle or end of the whole line at x;
    "t" and "b" its ink's top or bottom at y."""
    fnt = font(20)
    text = "王 Zoë 🐉"
    left, top, right, bottom = ink_box(drawn(text, fnt, anchor, xy=(200, 40)))
    start = 200 - {"l": 0, "m": text_length(text, fnt) / 2, "r": text_length(text, fnt)}[anchor[0]]
    assert start - 1 <= left <= start + 3
    assert right <= start + text_length(text, fnt) + 1
    if anchor[1] == "t":
        assert top == 40
    if anchor[1] == "b":
        assert bottom == 40


def test_fit_text_shortens_with_an_ellipsis_to_the_width():
    """ "a 32-character name overlaps the score": a name now never takes more
    than its room."""
    fnt = font(17, bold=True)
    for name in ("W" * 32, "王小明" * 10, "🐉 Drake 🔥" * 4, "Ана-Мария Петровна"):
        short = fit_text(name, fnt, 150)
        assert short.endswith(ELLIPSIS) and text_length(short, fnt) <= 150
        assert name.startswith(short[:-1]) and not short[:-1].endswith((" ", ELLIPSIS))
    assert fit_text("Ζωή", fnt, 150) == "Ζωή"
    assert fit_text("W" * 32, fnt, 1) == ""
    assert fit_text("Zoë", fnt, text_length(ELLIPSIS, fnt)) == ELLIPSIS


def test_fit_name_keeps_the_colour_while_the_name_has_room():
    fnt = font(15, bold=True)
    label = fit_name("W" * 32, fnt, 200, " (Blue)")
    assert label.endswith("… (Blue)") and text_length(label, fnt) <= 200
    assert fit_name("Zoë", fnt, 200, " (Blue)") == "Zoë (Blue)"
    narrow = fit_name("W" * 32, fnt, 60, " (Orange)")
    assert "(Orange)" not in narrow and narrow.endswith(ELLIPSIS) and text_length(narrow, fnt) <= 60


def test_a_character_no_font_has_is_drawn_as_a_visible_replacement():
    """U+10FFFD is for private use: no font draws it, so "�" stands in (not
    a silent empty box), and nothing crashes."""
    fnt = font(17)
    assert faces_of("a\U0010fffdb", fnt) == [(f"a{REPLACEMENT}b", None)]
    assert ink_box(drawn("\U0010fffd", fnt)) is not None


def test_without_the_fallback_fonts_names_still_draw(monkeypatch, tmp_path):
    """A missing fallback file is logged and skipped: CJK then draws as "�"."""
    monkeypatch.setattr(common, "FALLBACK_FONTS", (tmp_path / "gone.ttf",))
    common.forget_fonts()
    fnt = font(17)
    assert faces_of("王🐉 Li", fnt) == [(f"{REPLACEMENT}{REPLACEMENT} Li", None)]
    assert ink_box(drawn("王🐉 Li", fnt)) is not None
    assert fit_text("王" * 32, fnt, 100).endswith(ELLIPSIS)


def test_emoji_draw_in_monochrome_on_a_grey_picture():
    """Colour glyphs need an RGB picture; on a mask ("L") emoji come from the
    monochrome Unifont Upper and take the fill."""
    image = drawn("🐉 Drake", font(20), mode="L")
    assert ink_box(image) is not None


def test_no_fontconfig_means_no_system_fallback_and_no_crash(monkeypatch):
    monkeypatch.setattr(common, "use_system_fonts", True)

    def missing(*args, **kwargs):
        raise FileNotFoundError("fc-list")

    monkeypatch.setattr(subprocess, "run", missing)
    common.forget_fonts()
    assert common._system_face_for(0x10FFFD) is None
    assert faces_of("\U0010fffd", font(17)) == [(REPLACEMENT, None)]


@pytest.mark.skipif(
    not any(path.exists() for path in common.COLOUR_EMOJI_FONTS),
    reason="no colour emoji font on this system (Debian: fonts-noto-color-emoji)",
)
def test_colour_emoji_are_scaled_to_the_text_and_drawn_in_colour(monkeypatch):
    """Noto Color Emoji has one 109 px bitmap strike: it is drawn there, in
    colour, and scaled to the text's size."""
    monkeypatch.setattr(common, "use_system_fonts", True)
    common.forget_fonts()
    fnt = font(20)
    image = drawn("🔥", fnt)
    left, top, right, bottom = ink_box(image)
    assert 12 <= bottom - top <= 30 and 12 <= right - left <= 30
    red, green, blue = image.getpixel(((left + right) // 2, (top + 3 * bottom) // 4))
    assert red > green + 40 or red > blue + 40  # the flame is orange, not black
    assert right - left <= text_length("🔥", fnt) <= 30  # measured as drawn: the scaled advance


def test_loading_the_fonts_up_front_reads_every_character_map():
    """A worker process reads the chain's character maps as it starts
    (render.warm_up), not while drawing its first picture."""
    common.forget_fonts()
    common.load_fonts()
    loaded = {face.path for face in common._chain()}
    assert {DROID, UNIFONT, UNIFONT_BMP} <= loaded
    assert common._face.cache_info().currsize >= 6  # three DejaVu faces and three fallbacks


def test_a_file_that_is_not_a_font_is_skipped(tmp_path):
    """fontconfig may name bitmap (.pcf.gz) or broken files: they are logged
    and skipped, never a crash while drawing."""
    junk = tmp_path / "junk.ttf"
    junk.write_bytes(b"\x1f\x8b not a font at all" * 10)
    assert common._face(str(junk)) is None
    assert common._face(str(tmp_path / "missing.otf")) is None
