"""Pictures are drawn in a worker process, and a dead worker costs no post."""

from __future__ import annotations

import os
import signal

from cogs.utils.drawing import Drawing
from engine.games import REGISTRY

PNG = b"\x89PNG\r\n\x1a\n"


def santorini_view() -> dict:
    game = REGISTRY["santorini"]
    return game.view(game.new(2, {}, 1), None)


async def test_boards_are_drawn_in_another_process_and_a_dead_worker_is_replaced():
    drawing = Drawing(processes=1)
    await drawing.start()
    try:
        worker = await drawing.workers.run(os.getpid)
        assert worker != os.getpid()
        assert (await drawing.board(santorini_view(), ["alice", "bob"])).startswith(PNG)

        os.kill(worker, signal.SIGKILL)
        assert (await drawing.board(santorini_view(), ["alice", "bob"])).startswith(PNG), (
            "the picture is still drawn when the worker has died"
        )
        replacement = await drawing.workers.run(os.getpid)
        assert replacement not in (worker, os.getpid()), "a fresh worker draws the next one"
    finally:
        await drawing.close()


async def test_without_workers_boards_are_drawn_in_a_thread():
    drawing = Drawing(processes=0)
    await drawing.start()
    try:
        assert await drawing.workers.run(os.getpid) == os.getpid()
        text, image = await drawing.hand(santorini_view(), ["alice", "bob"])
        assert isinstance(text, str)
    finally:
        await drawing.close()
