"""Rebuild UnifontBMP.otf: GNU Unifont's BMP glyphs that neither DejaVu Sans
nor Droid Sans Fallback has (Hangul, Indic, Thai, Ethiopic...), so the
shipped file is 1.5 MB instead of 5 MB.

Needs Debian's fonts-unifont and fontTools, which is a tool for this one job
and not a dependency of Agora (run it from any virtualenv that has it):

    python data/fonts/make_unifont_bmp.py [/usr/share/fonts/opentype/unifont/unifont.otf]
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

HERE = Path(__file__).resolve().parent


def characters(path: Path | str) -> set[int]:
    return set(TTFont(str(path)).getBestCmap())


def main(source: str = "/usr/share/fonts/opentype/unifont/unifont.otf") -> None:
    covered = characters(HERE / "DejaVuSans.ttf") | characters(HERE / "DroidSansFallbackFull.ttf")
    wanted = sorted(
        c for c in characters(source) if c not in covered and not 0xE000 <= c <= 0xF8FF
    )  # private use means nothing shared
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    font = subset.load_font(source, options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=wanted)
    subsetter.subset(font)
    subset.save_font(font, str(HERE / "UnifontBMP.otf"), options)
    print(f"UnifontBMP.otf: {len(wanted)} characters")


if __name__ == "__main__":
    main(*sys.argv[1:])
