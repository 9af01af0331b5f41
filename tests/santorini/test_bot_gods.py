"""The hard bot in 1 vs 1 games with gods: searched on bitboards
(``fast_gods``) when every god in play is one the fast generator plays,
through the readable rules otherwise."""

from __future__ import annotations

import random
import time

import pytest

from engine.games.santorini import GAME, bot, turn
from engine.games.santorini.positions import from_diagram
from tests.santorini.test_bot import THREAT


def search(state, depth: int = 3, budget: float = 5.0) -> bot.Searcher:
    searcher = bot.Searcher(state.turn.seat, time.perf_counter() + budget)
    searcher.best(bot.root_options(state), depth, random.Random(0))
    return searcher


def test_the_search_uses_bitboards_only_when_every_god_is_fast():
    assert search(from_diagram(THREAT, ["demeter", "hephaestus"])).match is not None
    assert search(from_diagram(THREAT, ["chronus", "demeter"]), depth=2).match is None


@pytest.mark.parametrize(
    "gods",
    [
        ["demeter", "hephaestus"],
        ["atlas", None],
        ["zeus", "hermes"],
        ["poseidon", "triton"],
        ["hestia", "hades"],
        ["charon", "limus"],
    ],
)
def test_the_hard_bot_stops_an_immediate_threat_with_gods(gods):
    """Orange on d2 (level 2) steps onto d3 (level 3) next turn unless Blue
    stops it: "You Win immediately if one of your workers moves from a lower
    level up to a level-3 tower!" """
    state = from_diagram(THREAT, gods)
    while GAME.outcome(state) is None and GAME.to_move(state) == [0]:
        state = GAME.play(state, 0, GAME.choose(state, 0, "hard", seed=1, budget=0.5))
    assert GAME.outcome(state) is None
    assert turn.can_win(state) is False, gods


def test_hard_bot_games_with_fast_gods_are_legal_to_the_end():
    """Whole games (set-up included) between the hard and medium bots, every
    action through ``GAME.play``, which refuses anything illegal."""
    for seed, gods in enumerate(("hermes,medusa", "bia,triton", "graeae,hypnus")):
        state = GAME.new(2, {"gods": gods}, seed)
        levels = ("hard", "medium") if seed % 2 == 0 else ("medium", "hard")
        steps = 0
        while GAME.outcome(state) is None and steps < 300:
            seat = GAME.to_move(state)[0]
            action = GAME.choose(state, seat, levels[seat], seed=steps, budget=0.05)
            assert action in GAME.legal(state, seat)
            state = GAME.play(state, seat, action)
            steps += 1
        assert GAME.outcome(state) is not None, gods
