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


async def test_the_table_keeps_the_next_movers_lists_from_the_move(tables):
    record = await tables.create(channel_id=7100, user_id=301, name="ann", game="hellenica", seed=3)
    for user, name in ((302, "ben"), (303, "cy")):
        await tables.join(record.id, user, name)
    await tables.start(record.id, 301)
    rng = random.Random(3)
    for _ in range(20):
        live = await tables._cached(record.id)
        seat = rng.choice(GAME.to_move(live.state))
        await tables.play(record.id, 301 + seat, rng.choice(GAME.legal(live.state, seat)))
        live = await tables._cached(record.id)
        assert live.legal_of is live.state, "the lists came with the move"
        fresh = copy.deepcopy(live.state)
        assert live.legal == {s: GAME.legal(fresh, s) for s in GAME.to_move(fresh)}
