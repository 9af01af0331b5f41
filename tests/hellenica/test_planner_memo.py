"""The planner values a position while reading it once (``read_cache``): the
measures it adds up ask the same questions (who owns which city, how near
each seat stands to a rival Home City, how far the cities to take lie) many
times, and each is worked out once. What it keeps must never change a value
or a choice: these compare it with every answer worked out afresh."""

from __future__ import annotations

import contextlib
import copy

from engine.games.hellenica import GAME, bot_pressure, planner
from engine.games.hellenica.board import MOUNTAIN
from engine.games.hellenica.movement import land_step_ok
from engine.games.hellenica.state import map_of
from tests.random_play import random_positions


def _positions() -> list[dict]:
    """Every 25th position of seeded games with choices at random."""
    found = []
    for seed in (3, 8):
        for step, (state, _, _) in enumerate(random_positions(GAME, 4, seed, 500, {"homes": "random"})):
            if step % 25 == 0 and state["phase"] != "over":
                found.append(copy.deepcopy(state))
    return found


def test_a_value_read_in_one_go_is_the_value_worked_out_afresh(monkeypatch):
    positions = _positions()
    assert len(positions) >= 20
    kept = [[planner.value(state, seat) for seat in range(4)] for state in positions]
    monkeypatch.setattr(planner, "reading", lambda state: contextlib.nullcontext())  # nothing kept
    bot_pressure._land_steps.cache_clear()
    afresh = [[planner.value(copy.deepcopy(state), seat) for seat in range(4)] for state in positions]
    assert kept == afresh


def _reference_steps(state: dict, seat: int, target: str, most: int) -> dict[str, int]:
    """The land steps to ``target`` walked one area at a time with the rule's own test."""
    board = map_of(state)
    result = {target: 0}
    frontier = [target]
    for step in range(1, most + 1):
        frontier = [
            there
            for here in frontier
            for there, border in board.neighbours(here).items()
            if there not in result
            and there not in state["impassable"]
            and board.areas[there].is_land
            and land_step_ok(state, seat, border)
        ]
        for there in frontier:
            result.setdefault(there, step)
        frontier = list(dict.fromkeys(frontier))
    return result


def test_the_land_steps_kept_between_positions_follow_leadership_and_closed_areas():
    """ "Mountains are impassible. Units may not move across a mountain side
    (exception: Leadership Advancement)": the same question asked for a seat that has it, or after an area closes,
    gets its own answer, never the one kept for another."""
    state = GAME.new(4, {"homes": "random"}, 6)
    board = map_of(state)
    # A city with a mountain side, so that Leadership changes what reaches it.
    city = next(
        name for name in board.cities if MOUNTAIN in board.neighbours(name).values() and name not in state["impassable"]
    )
    without = bot_pressure.land_steps_to(state, 0, city, 2)
    assert without == _reference_steps(state, 0, city, 2)
    state["seats"][0]["advancements"].append("leadership")
    with_leadership = bot_pressure.land_steps_to(state, 0, city, 2)
    assert with_leadership == _reference_steps(state, 0, city, 2)
    assert with_leadership != without
    neighbour = next(area for area, steps in with_leadership.items() if steps == 1)
    state["impassable"] = [*state["impassable"], neighbour]
    closed = bot_pressure.land_steps_to(state, 0, city, 2)
    assert neighbour not in closed
    assert closed == _reference_steps(state, 0, city, 2)
