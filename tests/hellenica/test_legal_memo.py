"""The legal actions a move's quick steps found for the next movers are
handed out again, not worked out a second time, and are exactly the ones
worked out afresh."""

from __future__ import annotations

import copy
import random

import pytest

from engine.games.hellenica import GAME
from engine.games.hellenica.steps import STEPS, current


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2), (5, 3)])
def test_the_next_movers_lists_are_the_ones_worked_out_afresh(players, seed):
    rng = random.Random(seed)
    state = GAME.new(players, {"quick": True}, seed)
    for _ in range(150):
        movers = GAME.to_move(state)
        if not movers:
            break
        seat = rng.choice(movers)
        state = GAME.play(state, seat, rng.choice(GAME.legal(state, seat)))
        fresh = copy.deepcopy(state)  # another object: nothing remembered about it
        for s in range(players):
            assert GAME.legal(state, s) == GAME.legal(fresh, s)


def test_a_mover_asked_right_after_the_move_costs_no_second_search(monkeypatch):
    rng = random.Random(7)
    state = GAME.new(4, {"quick": True}, 7)  # quick steps, as every table now plays
    remembered = 0
    for _ in range(60):
        seat = rng.choice(GAME.to_move(state))
        state = GAME.play(state, seat, rng.choice(GAME.legal(state, seat)))
        frame = current(state)
        if frame is None:
            break
        step = STEPS[frame["kind"]]
        searched: list[int] = []
        original = step.legal
        monkeypatch.setattr(step, "legal", lambda st, fr, s: searched.append(s) or original(st, fr, s))
        for mover in GAME.to_move(state):
            GAME.legal(state, mover)
        monkeypatch.undo()
        remembered += not searched
    assert remembered >= 50, "the quick steps' lists serve the next movers"
