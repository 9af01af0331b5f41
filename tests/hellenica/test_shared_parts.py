"""A move's copy shares the parts of the state that rules never change in
place (``SHARED_BY_PLAY``; the AI records in a game without AI players) and
each city's record until a rule takes it (``own_city``): no play may change
the state it was given, over whole random games on every kind of map, with
AI players, quick steps and the epic game."""

from __future__ import annotations

import random

import orjson
import pytest

from engine.games.hellenica import GAME
from engine.games.hellenica.state import AI_RECORDS, SHARED_BY_PLAY, copy_for_play, own, own_city
from tests.hellenica.helpers import new_game

CONFIGS = [
    (3, {}),
    (4, {"homes": "random", "quick": True}),
    (3, {"map": "buildable", "quick": True}),
    (4, {"map": "explorable", "pathos": "random", "epic": True}),
    (4, {"ai_seats": [1, 3], "rivals": True}),
    (5, {"patrons": "all", "map": "random"}),
]


@pytest.mark.parametrize("players, options", CONFIGS)
def test_no_play_changes_the_state_it_was_given(players, options):
    changed = dict.fromkeys(SHARED_BY_PLAY + (AI_RECORDS,), 0)
    shared = cities_shared = 0
    rng = random.Random(players)
    state = GAME.new(players, dict(options), 11)
    for _ in range(600):
        movers = GAME.to_move(state)
        if not movers:
            break
        seat = rng.choice(movers)
        before = orjson.dumps(state)
        after = GAME.play(state, seat, rng.choice(GAME.legal(state, seat)))
        assert orjson.dumps(state) == before
        for key in changed:
            if after[key] != state[key]:
                changed[key] += 1
        shared += after["events"] is state["events"]
        cities_shared += sum(after["cities"].get(name) is record for name, record in state["cities"].items())
        state = after
    assert changed["events"] > 0 and changed["deity_deck"] > 0  # each changed on its own copy ...
    assert shared > 0  # ... and was shared by the moves that left it alone
    assert cities_shared > 0


def test_a_rule_changes_its_own_copy_of_a_shared_part():
    state = new_game(3)
    after = copy_for_play(state)
    assert after["events"] is state["events"]
    own(after, "events")["discard"].append("plague")
    assert after["events"]["discard"] == [*state["events"]["discard"], "plague"]
    assert "plague" not in state["events"]["discard"]


def test_a_rule_changes_its_own_copy_of_a_city():
    state = new_game(3)
    after = copy_for_play(state)
    home = state["seats"][0]["city"]
    assert after["cities"][home] is state["cities"][home]
    record = own_city(after, home)
    assert record is not state["cities"][home] and record == state["cities"][home]
    record["slots"] = [None] * len(record["slots"])
    assert own_city(after, home) is record  # the same copy for the rest of the move
    assert any(state["cities"][home]["slots"]) and not any(after["cities"][home]["slots"])
    fresh = new_game(3)  # a state no move has copied owns its records already
    assert own_city(fresh, home) is fresh["cities"][home]
