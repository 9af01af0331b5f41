"""Drawing boards and hands without holding up the bot.

A board takes tens of milliseconds of CPU, much of it Python code that holds
the GIL, so drawn in a thread it would still slow every other interaction.
Where the machine has a core to spare the pictures are drawn in worker
processes; otherwise (or with ``processes=0``) in a thread.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Sequence, TypeVar

import render

log = logging.getLogger("agora.drawing")

T = TypeVar("T")


MOST_PROCESSES = 4
"""Beyond this, drawing is no longer what a bot waits for."""


def default_processes() -> int:
    """``AGORA_RENDER_PROCESSES``, else a worker per core but one (the event
    loop's), up to ``MOST_PROCESSES``; none on a single core."""
    configured = os.environ.get("AGORA_RENDER_PROCESSES", "").strip()
    if configured:
        return max(0, int(configured))
    return min(MOST_PROCESSES, (os.cpu_count() or 1) - 1)


class Drawing:
    """Renders views to PNG (and hands to text) off the event loop."""

    def __init__(self, processes: int):
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None

    async def start(self) -> None:
        if self.processes > 0:
            self._pool = self._new_pool()
            # Each worker imports Pillow, the fonts and the renderers once, now,
            # rather than during the first player's move.
            await asyncio.gather(*(self._run(render.warm_up) for _ in range(self.processes)))

    def _new_pool(self) -> ProcessPoolExecutor:
        # spawn, not fork: the bot process has threads (SQLite, Discord), and
        # forking a process with threads can copy a held lock into the child.
        return ProcessPoolExecutor(max_workers=self.processes, mp_context=multiprocessing.get_context("spawn"))

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)

    async def board(self, view: dict[str, Any], names: Sequence[str]) -> bytes:
        return await self._run(render.render_view, view, list(names))

    async def hand(self, view: dict[str, Any], names: Sequence[str]) -> tuple[str, bytes | None]:
        """A seat's private view in words, and its picture where the game draws one."""
        return await self._run(render.hand, view, list(names))

    async def _run(self, work: Callable[..., T], *args: Any) -> T:
        pool = self._pool
        if pool is None:
            return await asyncio.to_thread(work, *args)
        try:
            return await asyncio.wrap_future(pool.submit(work, *args))
        except BrokenProcessPool:
            # A worker died (killed, out of memory): draw this one here and
            # start a fresh pool for the next.
            log.error("the drawing process died; starting a new one")
            if self._pool is pool:
                self._pool = self._new_pool()
                pool.shutdown(wait=False)
            return await asyncio.to_thread(work, *args)
