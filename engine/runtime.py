"""How a long-running Agora process sets up the interpreter."""

from __future__ import annotations

import gc

YOUNG_COLLECTION_EVERY = 50_000
"""Allocations (less frees) between two passes of the cyclic garbage
collector over new objects; CPython's default is 700."""


def tune_garbage_collector() -> None:
    """Collect cyclic garbage less often, and never again look at what
    start-up loaded.

    A move allocates thousands of short-lived dicts and lists (views, the
    copy of a state) that reference counting frees at once; at the default
    threshold the collector still runs many times a move, and its older
    passes walk every cached game. Start-up's objects (modules, the games'
    data) are moved out of its sight (``gc.freeze``). The bot and the
    terminal table call this once; ``bench/service.py`` does too, to
    measure the same process (Hellenica's CPU per committed move: 1.86-1.93
    ms before, 1.43-1.68 ms after, on a loaded machine)."""
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_EVERY, 20, 10)
