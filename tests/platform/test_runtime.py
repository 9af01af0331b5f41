"""The interpreter settings of a long-running process (``engine.runtime``)."""

from __future__ import annotations

import gc

from engine.runtime import YOUNG_COLLECTION_EVERY, tune_garbage_collector


def test_the_collector_runs_less_often_and_leaves_start_up_alone():
    thresholds = gc.get_threshold()
    try:
        tune_garbage_collector()
        assert gc.get_threshold()[0] == YOUNG_COLLECTION_EVERY > thresholds[0]
        assert gc.get_freeze_count() > 0, "what was loaded so far is out of the collector's sight"
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()
