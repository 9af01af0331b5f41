"""Drawing boards and hands without holding up the bot: in worker processes
where the machine has a core to spare (``engine.workers``), else in a thread."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import render
from engine.metrics import PICTURE_SECONDS
from engine.replay import frames, summary_moves
from engine.tables.history import SummarySource
from engine.workers import Workers
from render.replay import animate_frames


class Drawing:
    """Renders views to PNG (and hands to text) off the event loop."""

    def __init__(self, processes: int):
        # Each worker imports Pillow, the fonts and the renderers as it starts.
        self.workers = Workers(processes, warm_up=render.warm_up)

    async def start(self) -> None:
        await self.workers.start()

    async def close(self) -> None:
        await self.workers.close()

    async def board(self, view: dict[str, Any], names: Sequence[str]) -> bytes:
        with PICTURE_SECONDS.labels("board").time():
            return await self.workers.run(render.render_view, view, list(names))

    async def hand(self, view: dict[str, Any], names: Sequence[str]) -> tuple[str, bytes | None]:
        """A seat's private view in words, and its picture where the game draws one."""
        with PICTURE_SECONDS.labels("hand").time():
            return await self.workers.run(render.hand, view, list(names))

    async def summary(self, source: SummarySource) -> bytes:
        """The animated summary (GIF) of a finished game, drawn in a worker."""
        with PICTURE_SECONDS.labels("summary").time():
            return await self.workers.run(draw_summary, source)


def draw_summary(source: SummarySource) -> bytes:
    """A finished game's summary GIF: the set-up, the end of each turn and
    the final board, replayed from its log (public views only)."""
    from engine.games import REGISTRY

    shown = frames(
        REGISTRY[source.game],
        source.players,
        source.options,
        source.seed,
        source.actions,
        summary_moves([seat for seat, _ in source.actions]),
    )
    return animate_frames(shown, source.names, len(source.actions))
