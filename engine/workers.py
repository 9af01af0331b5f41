"""Worker processes for CPU-heavy pure work (drawing boards, bots thinking).

Python threads share one GIL: a bot searching for two seconds or a board being
drawn in a thread slows every other game's interactions. Work sent here runs
in spawned worker processes instead, on another core; with no workers (one
core, tests, the terminal table) it runs in a thread as before. The work must
be a module-level function whose arguments and result can be pickled.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger("agora.workers")

T = TypeVar("T")

MOST_PROCESSES = 4
"""Beyond this, the work is no longer what players wait for."""


def default_processes() -> int:
    """One worker per core but one (the event loop's), up to
    ``MOST_PROCESSES``; none on a single core."""
    return min(MOST_PROCESSES, (os.cpu_count() or 1) - 1)


class Workers:
    """A pool of ``processes`` worker processes, started when first needed
    (or by ``start``); ``warm_up`` runs once in each as it starts."""

    def __init__(self, processes: int, warm_up: Callable[[], None] | None = None):
        self.processes = processes
        self.warm_up = warm_up
        self._pool: ProcessPoolExecutor | None = None

    async def start(self) -> None:
        """Start every worker now, rather than during a player's first move."""
        if self.processes > 0 and self._pool is None:
            self._pool = self._new_pool()
            await asyncio.gather(*(self.run(os.getpid) for _ in range(self.processes)))

    def _new_pool(self) -> ProcessPoolExecutor:
        # spawn, not fork: this process has threads (SQLite, Discord), and
        # forking a process with threads can copy a held lock into the child.
        return ProcessPoolExecutor(
            max_workers=self.processes, mp_context=multiprocessing.get_context("spawn"), initializer=self.warm_up
        )

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        if self.processes <= 0:
            return await asyncio.to_thread(work, *args)
        pool = self._pool
        if pool is None:
            pool = self._pool = self._new_pool()
        try:
            return await asyncio.wrap_future(pool.submit(work, *args))
        except BrokenProcessPool:
            # A worker died (killed, out of memory): do this piece here and
            # start a fresh pool for the next.
            log.error("a worker process died; starting new ones")
            if self._pool is pool:
                self._pool = self._new_pool()
                pool.shutdown(wait=False)
            return await asyncio.to_thread(work, *args)

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
