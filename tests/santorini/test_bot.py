"""The bots: always legal, never miss a win in one, never hand the opponent a
win in one when it can be avoided, and they plan whole turns."""

from __future__ import annotations

import random
import time

import pytest

from engine.games.santorini import GAME, bot
from engine.games.santorini.positions import from_diagram

LEVELS = ("easy", "medium", "hard")

WIN_IN_ONE = """
    0 0 0 0 0O
    0 0 0 0 0
    0 3 0 0 0
    0 2B 0 0 0O
    0B 0 0 0 0"""

THREAT = """
    0O 0 0 0  0
    0  0 0 0  0
    0  0 0 3  0
    0  0 0 2O 0
    0B 0 0 0  0B"""
"""Orange on d2 (level 2) will step onto d3 (level 3) unless Blue stops it:
only ``move e1 e2`` then ``build d3`` (a dome) does."""


def test_bot_levels_are_declared():
    assert GAME.bot_levels == ("easy", "medium", "hard")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_a_win_in_one(level):
    state = from_diagram(WIN_IN_ONE)
    assert GAME.choose(state, 0, level, seed=1, budget=0.3) == "move b2 b3"


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_stops_an_immediate_threat(level):
    """ "Random among non-losing moves" for easy; search for the others."""
    state = from_diagram(THREAT)
    for seed in range(3 if level == "easy" else 1):
        first = GAME.choose(state, 0, level, seed=seed, budget=0.5)
        after = GAME.play(state, 0, first)
        second = GAME.choose(after, 0, level, seed=seed, budget=0.5)
        done = GAME.play(after, 0, second)
        assert done.domes[13] or done.occupant(13) != -1, (first, second)


def test_the_rest_of_a_planned_turn_comes_at_once():
    state = from_diagram(THREAT)
    first = GAME.choose(state, 0, "hard", seed=3, budget=0.4)
    after = GAME.play(state, 0, first)
    started = time.perf_counter()
    second = GAME.choose(after, 0, "hard", seed=3, budget=5.0)
    assert time.perf_counter() - started < 0.5 and second in GAME.legal(after, 0)


@pytest.mark.parametrize(
    "options,players",
    [({}, 2), ({"gods": "chosen"}, 2), ({"gods": "random"}, 3), ({"mode": "teams", "gods": "random"}, 4)],
)
def test_bots_only_play_legal_actions(options, players):
    state = GAME.new(players, options, 11)
    levels = ["medium", "easy", "hard", "easy"]
    for ply in range(40):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_move(state)[0]
        action = GAME.choose(state, seat, levels[seat], seed=ply, budget=0.05)
        assert action in GAME.legal(state, seat)
        state = GAME.play(state, seat, action)


def test_hard_beats_easy_in_the_base_game():
    wins = 0
    for seed in range(2):
        state = GAME.new(2, {}, seed)
        levels = ("hard", "easy") if seed % 2 == 0 else ("easy", "hard")
        while GAME.outcome(state) is None:
            seat = GAME.to_move(state)[0]
            state = GAME.play(state, seat, GAME.choose(state, seat, levels[seat], seed=state.ply, budget=0.15))
        wins += levels[GAME.outcome(state).winners[0]] == "hard"
    assert wins == 2


def test_search_with_gods_uses_the_rules_code():
    state = from_diagram(WIN_IN_ONE.replace("0 2B", "0 2B"), ["apollo", "atlas"])
    searcher = bot.Searcher(0, time.perf_counter() + 0.3)
    path = searcher.best(bot.root_options(state), 2, random.Random(0))
    assert path == (("move", 6, 11),)


PAN_WIN = """
    0 0  0 0 0O
    0 0  0 0 0
    0 0  0 0 0
    0 2B 1 0 0
    0 0  0 0 0O"""
"""Pan on b2 (level 2) wins by stepping down two levels to a1, a2, a3, b1,
b3 or c1; no plain win is in reach."""

CHRONUS_WIN = """
    3X 3X 0 0 0O
    3X 3X 0 0 0
    0  0  0 0 0
    0  3  0 0 0
    0B 0  0 0 0O"""
"""Four complete towers; Chronus wins by moving and then domeing b2."""


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_a_win_that_only_its_god_allows(level):
    """ "Never miss a win in one", also when the win is a god's alternative
    win condition or needs the whole turn (move, then the winning build)."""
    state = from_diagram(PAN_WIN, ["pan"])
    after = GAME.play(state, 0, GAME.choose(state, 0, level, seed=2, budget=0.2))
    assert GAME.outcome(after) is not None and GAME.outcome(after).winners == (0,)
    state = from_diagram(CHRONUS_WIN, ["chronus"])
    while GAME.outcome(state) is None and GAME.to_move(state) == [0]:
        state = GAME.play(state, 0, GAME.choose(state, 0, level, seed=2, budget=0.2))
    assert GAME.outcome(state) is not None and GAME.outcome(state).winners == (0,)


def test_the_search_sees_every_turn_the_rules_allow():
    """The bot's lazy turn generator (``turn.each_completion``) yields exactly
    the finished turns ``turn.completions`` lists, in games with gods."""
    from engine.games.santorini import turn
    from engine.games.santorini.state import dump

    rng = random.Random(4)
    for seed in range(6):
        state = GAME.new(2, {"gods": "random"}, seed)
        for _ in range(30):
            if GAME.outcome(state) is not None:
                break
            if state.phase == "play" and not state.turn.moved:
                every = {repr(dump(done)) for _, done in turn.completions(state)}
                lazy = {repr(dump(done)) for _, done in turn.each_completion(state)}
                assert lazy == every, state.gods
            seat = GAME.to_move(state)[0]
            state = GAME.play(state, seat, rng.choice(GAME.legal(state, seat)))


MIDGAME = """
    0  1 2 0 0
    1B 2 1 0 0
    0  1 3 1 0O
    0  2O 1 0 0
    0  0 0 1B 0"""


def test_the_hard_bot_keeps_what_it_learnt_for_its_next_decision(monkeypatch):
    """A position's value depends on the position and the gods alone: the
    next decision starts from the last one's transposition table, kept per
    pair of gods, and a table grown too big starts again."""
    monkeypatch.setattr(bot, "_KEPT_TABLES", bot.OrderedDict())
    state = from_diagram(MIDGAME, [])
    bot.plan_turn(state, state.turn.seat, "hard", random.Random(0), 0.2)
    kept = bot._KEPT_TABLES[None]
    first = len(kept)
    assert first > 0, "the base game's search filled the kept table"
    bot.plan_turn(state, state.turn.seat, "hard", random.Random(1), 0.2)
    assert bot._KEPT_TABLES[None] is kept and len(kept) >= first, "the second decision went on with it"
    with_gods = from_diagram(MIDGAME, ["demeter", "athena"])
    bot.plan_turn(with_gods, with_gods.turn.seat, "hard", random.Random(0), 0.5)
    assert set(bot._KEPT_TABLES) == {None, ("demeter", "athena")}, "gods get a table of their own"
    monkeypatch.setattr(bot, "KEPT_ENTRIES", first // 2)
    assert bot.kept_table(None) == {}, "a table over the size starts again"
    medium = bot.Searcher(0, time.perf_counter() + 0.2)
    assert not medium.keep and medium.table == {}, "other searches start empty"
