"""Random play for every game and every player count: seeded random games run
to the end with an outcome; states survive a JSON round trip (and behave the
same after it); ``play`` never mutates its input; replaying the actions from
the seed reproduces the final state exactly.

Each seating plays whole games with seeds 1, 2, ... until ``STEPS_PER_SEATING``
actions have been played (always at least one whole game, so long games such
as 7-player Hellenica get one, short ones get several). Round trips are the
expensive part (``load`` validates everything), so every state is checked up to
``ROUND_TRIPS_DENSE`` actions into a game and then an ever sparser, evenly
spread sample: action ``i`` is checked when ``i`` is a multiple of
``1 + i // ROUND_TRIPS_DENSE``. The final state is always checked.
"""

from __future__ import annotations

import json
import random

import pytest

from engine.core import BaseGame, replay
from tests.stress.conftest import Seating, Step, dumped, play_random_game, scaled, seating_params, stress_games

STEPS_PER_SEATING = scaled(150)
ROUND_TRIPS_DENSE = scaled(30)


def sampled(index: int) -> bool:
    return index % (1 + index // ROUND_TRIPS_DENSE) == 0


def assert_round_trip(seating: Seating, state, text: str, where: str) -> None:
    """``state`` (whose canonical dump is ``text``) survives JSON text and
    ``load``, and the loaded state offers the same moves."""
    game = seating.game
    loaded = game.load(json.loads(json.dumps(game.dump(state))))
    assert dumped(game, loaded) == text, f"{where}: dump(load(dump(state))) differs from dump(state)"
    movers = game.to_move(state)
    assert game.to_move(loaded) == movers, f"{where}: to_move changed across a round trip"
    for seat in movers:
        assert game.legal(loaded, seat) == game.legal(state, seat), (
            f"{where}: legal({seat}) changed across a round trip"
        )


class StepChecker:
    """Checks each step of a random game as it is played."""

    def __init__(self, seating: Seating, seed: int):
        self.seating, self.seed = seating, seed
        self.last_text: str | None = None
        """canonical dump of the latest state, when that state was sampled"""

    def __call__(self, index: int, step: Step) -> None:
        game = self.seating.game
        where = f"{self.seating.id} seed {self.seed} action {index} ({step.seat}: {step.action!r})"
        if self.last_text is not None:
            assert dumped(game, step.before) == self.last_text, f"{where}: play() mutated its input state"
        self.last_text = None
        if sampled(index):
            line = game.describe(step.before, step.seat, step.action)
            assert isinstance(line, str) and line.strip(), f"{where}: describe() gave no log line"
            self.last_text = dumped(game, step.after)
            assert_round_trip(self.seating, step.after, self.last_text, where)


def play_one_game(seating: Seating, seed: int) -> int:
    """Play, check and replay one seeded random game; returns its length."""
    game = seating.game
    played = play_random_game(seating, seed, StepChecker(seating, seed))
    state, actions = played.final, played.actions
    where = f"{seating.id} seed {seed} after {len(actions)} actions"
    outcome = game.outcome(state)
    assert outcome is not None and game.to_move(state) == [], f"{where}: no outcome once nobody may act"
    assert len(outcome.scores) == seating.players and set(outcome.winners) <= set(range(seating.players)), where
    final = dumped(game, state)
    assert_round_trip(seating, state, final, where)
    again = replay(game, seating.players, dict(seating.options), seed, actions)
    assert dumped(game, again) == final, f"{where}: replaying the actions from the seed gives another state"
    return len(actions)


@pytest.mark.parametrize("seating", seating_params())
def test_random_games_end_round_trip_and_replay(seating):
    played, seed = 0, 0
    while played < STEPS_PER_SEATING:
        seed += 1
        played += play_one_game(seating, seed)


@pytest.mark.parametrize(
    "game", [g for g in stress_games() if type(g).private_view is not BaseGame.private_view], ids=lambda g: g.name
)
def test_a_cheap_private_view_is_the_private_part_of_the_view(game):
    """The table compares seats' secrets with ``private_view`` where a game
    has one: it must be exactly the ``private`` part of ``view``."""
    for players in range(game.min_players, game.max_players + 1):
        rng = random.Random(players)
        state = game.new(players, {}, players)
        for _ in range(scaled(120)):
            for seat in range(players):
                assert game.private_view(state, seat) == game.view(state, seat)["private"]
            movers = game.to_move(state)
            if not movers:
                break
            seat = rng.choice(movers)
            state = game.play(state, seat, rng.choice(game.legal(state, seat)))
