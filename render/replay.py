"""An animated summary of a whole game: its public boards, in order, as a
looping GIF sized for Discord's preview.

Drawn from public views only (``engine.replay.frames`` gives them), with the
game's own renderer, so the animation can show nothing the channel did not
see. GIF rather than APNG: Discord animates GIFs in its preview and in every
client, while an APNG shows there as a still of its first frame.

Size: every board is scaled to ``width`` (560 px: Discord's preview shows
about 400-550 px) with a caption strip under it ("Move 120 of 3192" and the
move's log line), quantised to one palette taken from the first, middle and
last boards (one palette for all frames, so a pixel that did not change keeps
its index and the GIF writer stores only the changed rectangle of each
frame), and held longer on the final board.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import render_view
from render.common import INK, MUTED, PAPER, draw_text, fit_text, font

WIDTH = 560
FRAME_MS = 450
LAST_FRAME_MS = 4000
CAPTION_HEIGHT = 44
MAX_FRAMES = 200
"""More frames than this make a summary too long to watch and too big to post
(``engine.replay.summary_moves`` picks which to keep)."""


def board_frame(
    view: dict[str, Any], names: Sequence[str], caption: str, detail: str, width: int = WIDTH
) -> Image.Image:
    """One frame: the board scaled to ``width``, its caption strip below."""
    board = Image.open(io.BytesIO(render_view(view, names))).convert("RGB")
    height = max(1, round(board.height * width / board.width))
    board = board.resize((width, height), Image.Resampling.LANCZOS, reducing_gap=2.0)
    frame = Image.new("RGB", (width, height + CAPTION_HEIGHT), PAPER)
    frame.paste(board, (0, 0))
    draw = ImageDraw.Draw(frame)
    bold, plain = font(15, bold=True), font(14)
    draw_text(draw, (10, height + 4), fit_text(caption, bold, width - 20), bold, INK)
    draw_text(draw, (10, height + 24), fit_text(detail, plain, width - 20), plain, MUTED)
    return frame


def _palette(frames: Sequence[Image.Image]) -> Image.Image:
    """One 255-colour palette for every frame, from the first, middle and
    last (the board's colours, the pieces as they spread, the end)."""
    picks = [frames[0], frames[len(frames) // 2], frames[-1]]
    strip = Image.new("RGB", (picks[0].width, sum(p.height for p in picks)))
    top = 0
    for pick in picks:
        strip.paste(pick, (0, top))
        top += pick.height
    return strip.quantize(colors=255, method=Image.Quantize.MEDIANCUT)


def animate(
    views: Sequence[dict[str, Any]],
    names: Sequence[str],
    captions: Sequence[str],
    details: Sequence[str] = (),
    width: int = WIDTH,
) -> bytes:
    """A looping GIF of ``views`` (public views, in order), each with its
    caption line and, optionally, a detail line (the move's log text)."""
    if not views:
        raise ValueError("an animation needs at least one view")
    if len(views) > MAX_FRAMES:
        raise ValueError(f"{len(views)} frames is more than {MAX_FRAMES}; pick moves with summary_moves")
    if len(captions) != len(views) or (details and len(details) != len(views)):
        raise ValueError("give one caption (and one detail, if any) per view")
    boards = [
        board_frame(view, names, captions[i], details[i] if details else "", width) for i, view in enumerate(views)
    ]
    height = max(board.height for board in boards)
    canvases = []
    for board in boards:
        canvas = Image.new("RGB", (width, height), PAPER)
        canvas.paste(board, (0, 0))
        canvases.append(canvas)
    palette = _palette(canvases)
    frames = [canvas.quantize(palette=palette, dither=Image.Dither.NONE) for canvas in canvases]
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    buffer = io.BytesIO()
    frames[0].save(
        buffer,
        format="GIF",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        optimize=True,
        disposal=1,
    )
    return buffer.getvalue()


def animate_frames(frames: Sequence[Any], names: Sequence[str], total_moves: int, width: int = WIDTH) -> bytes:
    """The summary GIF of ``engine.replay.Frame``s (anything with ``move``,
    ``view`` and ``text``): "Move 120 of 3192" over each move's log line."""
    captions = ["Set-up" if frame.move == 0 else f"Move {frame.move} of {total_moves}" for frame in frames]
    return animate([frame.view for frame in frames], names, captions, [frame.text for frame in frames], width)
