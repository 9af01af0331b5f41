"""AI seats: always legal, and the normal bot plays better than the easy one."""

import random

from engine.games.thera import GAME
from engine.games.thera.bot_roles import determinize
from engine.games.thera.components import COMPONENTS

GAME_MAT = COMPONENTS.mat


def bot_game(levels, seed, options=None):
    state = GAME.new(len(levels), options or {}, seed)
    step = 0
    while GAME.to_move(state):
        seat = GAME.to_move(state)[0]
        action = GAME.choose(state, seat, levels[seat], seed * 1000 + step, 0.5)
        assert action in GAME.legal(state, seat)
        state = GAME.play(state, seat, action)
        step += 1
    return GAME.outcome(state)


def bot_phase(state, seat):
    """The normal bot plays ``seat``'s part of the phase; its steps and the state after."""
    steps = []
    while seat in GAME.to_move(state) and len(steps) < 10:
        action = GAME.choose(state, seat, "normal", len(steps), 0.5)
        steps.append(action)
        state = GAME.play(state, seat, action)
    return steps, state


def test_normal_beats_easy():
    outcome = bot_game(["normal", "easy"], 1)
    assert outcome.winners == (0,)
    assert outcome.scores[0] >= 10  # it builds: a luxury and industry at least


def test_bots_finish_an_advanced_three_player_game():
    outcome = bot_game(["normal", "easy", "normal"], 2, {"advanced": True, "length": "short"})
    assert outcome is not None and max(outcome.scores) > 5


def test_role_choice_does_not_peek():
    """The bot plans on a copy whose unseen luxuries are redrawn."""
    state = GAME.new(3, {}, 3)
    state = GAME.play(state, 0, "choose noble")
    for _ in range(3):
        seat = GAME.to_move(state)[0]
        state = GAME.play(state, seat, GAME.legal(state, seat)[0])
    world = determinize(state, 0, random.Random(1))
    assert world["hands"][0] == state["hands"][0] and world["pool"] == state["pool"]
    assert len(world["bag"]) == len(state["bag"])
    assert [len(h) for h in world["hands"]] == [len(h) for h in state["hands"]]
    assert world["rng"] != state["rng"]


def test_a_bot_uses_divine_intervention_to_build():
    """A Quarry's stone lies on a3 and its water next door on a2: a Divine
    Intervention at the start of the Builder phase brings the water over."""
    state = GAME.new(2, {"divine": "0,1", "two_player": False}, 4)
    mat = state["mats"][1]
    mat["res"] = [[0, 0, 0, 0] for _ in mat["res"]]
    mat["res"][GAME_MAT.parse("a3")] = [0, 2, 0, 0]
    mat["res"][GAME_MAT.parse("a2")] = [1, 0, 0, 0]
    state["industry"].update(grove=0, pasture=0)  # the Quarry is the one thing worth building
    steps, state = bot_phase(GAME.play(state, 0, "choose builder"), 1)
    assert steps[:3] == ["divine", "move water a2 a3", "build quarry a3"]


def test_a_bot_uses_divine_intervention_to_water_a_quarry():
    """The Small Quarry on c2 is dry and water lies next door on c3: a Divine
    Intervention at the start of the Worker phase brings it over."""
    state = GAME.new(2, {"divine": "0,1", "two_player": False}, 4)
    mat = state["mats"][1]
    mat["res"] = [[0, 0, 0, 0] for _ in mat["res"]]
    mat["res"][GAME_MAT.parse("c3")] = [1, 0, 0, 0]
    steps, state = bot_phase(GAME.play(state, 0, "choose worker"), 1)
    assert steps == ["divine", "move water c3 c2", "done"]
    assert state["mats"][1]["res"][GAME_MAT.parse("c2")] == [0, 1, 0, 0]


def test_a_bot_short_of_drachma_sells_spare_stone():
    """The Fresco's site on b3 lacks only cloth, which this island cannot
    make, and the purse is empty: spare stone goes to the Port and is sold."""
    state = GAME.new(2, {"two_player": False}, 5)
    state["industry"] = {kind: 0 for kind in state["industry"]}  # nothing else worth building
    state["hands"][1] = ["fresco"]
    state["drachma"][1] = 0
    mat = state["mats"][1]
    mat["res"] = [[0, 0, 0, 0] for _ in mat["res"]]
    mat["res"][GAME_MAT.parse("b3")] = [1, 2, 0, 0]
    mat["res"][GAME_MAT.parse("b1")] = [0, 4, 0, 0]
    steps, state = bot_phase(GAME.play(state, 0, "choose planner"), 1)
    assert steps[:2] == ["move stone b1 b2", "move stone b1 b2"]  # toward the Port, not off the site
    assert GAME_MAT.parse("b3") not in [GAME_MAT.parse(s.split()[2]) for s in steps if s.startswith("move")]
    state = GAME.play(state, 0, "done")
    state["mats"][1]["res"][GAME_MAT.parse("a2")] = [0, 2, 0, 0]
    state["turn"] = 0
    steps, state = bot_phase(GAME.play(state, 0, "choose trader"), 1)
    assert steps[0] == "sell stone"


def test_a_bot_keeps_a_token_it_cannot_use():
    """The token is offered in every phase ("At any point in the game"), but
    a bot with nothing to gain from it says done and keeps it."""
    state = GAME.new(2, {"divine": "0,1", "two_player": False}, 4)
    mat = state["mats"][1]
    mat["res"] = [[0, 0, 0, 0] for _ in mat["res"]]
    mat["res"][GAME_MAT.parse("f5")] = [1, 0, 0, 0]
    state = GAME.play(state, 0, "choose trader")
    state = GAME.play(state, 0, "drachma")
    assert "divine" in GAME.legal(state, 1)
    steps, state = bot_phase(state, 1)
    assert "divine" not in steps and state["divine"][1] == 1
