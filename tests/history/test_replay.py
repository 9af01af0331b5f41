"""Replays: the public board at every move, rebuilt from the log (issue 17:
"the public board at any move ... drawn from the log (public views only:
never a secret, also after the game; test it with the secrecy checker you
already have)")."""

from __future__ import annotations

import functools

import pytest

from engine.core import IllegalAction, replay
from engine.games import REGISTRY
from engine.replay import Frame, Replay, frame_at, frames, summary_moves
from tests.stress.conftest import finished_random_game, game_params, seatings
from tests.stress.test_secrecy import Moment, check_structure, strings_in


def whole_game(game, seed=1):
    """The smallest seating's whole seeded random game."""
    return finished_random_game(seatings(game)[0], seed)


@functools.cache
def every_frame(game) -> tuple[Frame, ...]:
    """``frames`` of ``whole_game(game)``, computed once for the tests here."""
    played = whole_game(game)
    return tuple(frames(game, played.seating.players, played.seating.options, played.seed, played.actions))


@pytest.mark.parametrize("game", game_params())
def test_frames_are_the_public_views_of_every_move(game):
    """One frame per effective action after the set-up; each is exactly
    ``view(state, None)`` of the state the log reaches there."""
    played = whole_game(game)
    seating = played.seating
    shown = every_frame(game)
    assert len(shown) == len(played.actions) + 1
    assert shown[0] == Frame(
        0, game.view(game.new(seating.players, dict(seating.options), played.seed), None), "", None
    )
    assert shown[-1].view == game.view(played.final, None)
    middle = len(played.actions) // 2
    state = replay(game, seating.players, seating.options, played.seed, played.actions[:middle])
    assert shown[middle].view == game.view(state, None)
    assert shown[middle].seat == played.actions[middle - 1][0]
    assert frame_at(game, seating.players, seating.options, played.seed, played.actions, middle) == shown[middle]
    assert frame_at(game, seating.players, seating.options, played.seed, played.actions, -1) == shown[-1]


@pytest.mark.slow
@pytest.mark.parametrize("game", game_params(hidden_only=True))
def test_no_frame_names_a_secret(game):
    """The secrecy checker over a whole game's frames, the final ones too:
    every frame is the public view (no private part, no seat's secret by
    name, nothing of a private part copied wholesale) and no frame's log line
    names a hidden identifier."""
    played = whole_game(game)
    seating = played.seating
    shown = every_frame(game)
    state = game.new(seating.players, dict(seating.options), played.seed)
    vocabulary: set[str] = set()
    for move, frame in enumerate(shown):
        if move:
            state = game.play(state, *played.actions[move - 1])
        where = f"{seating.id} seed {played.seed}, frame {move} of {len(shown) - 1}"
        moment = Moment.of(game, seating.players, state, vocabulary)
        check_structure(game, state, moment, where)
        assert "private" not in frame.view and "seat" not in frame.view, f"{where}: not a public view"
        assert frame.view == moment.public, f"{where}: the frame is not the public view"
        leaks = moment.leaks("\n".join([frame.text, *strings_in(frame.view, keys=True)]))
        assert not leaks, f"{where}: the frame names hidden identifiers: {leaks}"


def test_moves_out_of_range_are_refused():
    game = REGISTRY["santorini"]
    played = whole_game(game)
    total = len(played.actions)
    for move in (total + 1, -(total + 2)):
        with pytest.raises(IllegalAction, match=f"moves 0 \\(the set-up\\) to {total}"):
            frame_at(game, 2, {}, played.seed, played.actions, move)
    assert frame_at(game, 2, {}, played.seed, played.actions, -(total + 1)).move == 0


def test_a_log_that_does_not_replay_says_which_move():
    game = REGISTRY["santorini"]
    played = whole_game(game)
    broken = list(played.actions[:3]) + [(played.actions[3][0], "fly to the moon")]
    with pytest.raises(IllegalAction, match="move 4 .* is refused"):
        frames(game, 2, {}, played.seed, broken)


def test_selected_moves_only():
    game = REGISTRY["santorini"]
    played = whole_game(game)
    every = every_frame(game)
    picked = frames(game, 2, {}, played.seed, played.actions, moves=[0, 3, len(played.actions)])
    assert picked == [every[0], every[3], every[-1]]
    assert frames(game, 2, {}, played.seed, played.actions, moves=[]) == []


def test_summary_moves_keep_turn_ends_set_up_and_end():
    """A multi-step turn is one frame; at most ``limit`` frames; the set-up and
    the final board always."""
    assert summary_moves([0, 0, 1, 1, 1, 0, 2]) == [0, 2, 5, 6, 7]
    long = summary_moves([0, 1] * 1000, limit=200)
    assert len(long) == 200 and long[0] == 0 and long[-1] == 2000 and long == sorted(set(long))
    assert summary_moves([]) == [0]


class CountingGame:
    """A game that counts its ``play`` calls."""

    def __init__(self, inner):
        self.inner, self.plays = inner, 0

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def play(self, state, seat, action):
        self.plays += 1
        return self.inner.play(state, seat, action)


def test_stepping_through_a_replay_uses_checkpoints():
    """The replay buttons: any move's frame equals the full replay's, and once
    the end was reached a step back replays at most ``CHECKPOINT_EVERY``
    actions."""
    game = REGISTRY["thera"]
    played = whole_game(game)
    seating = played.seating
    every = every_frame(game)
    counting = CountingGame(game)
    stepper = Replay(counting, seating.players, seating.options, played.seed, played.actions)
    assert stepper.frame(-1) == every[-1] and stepper.total == len(played.actions)
    for move in (len(every) - 2, len(every) // 2, 0, 1, Replay.CHECKPOINT_EVERY, Replay.CHECKPOINT_EVERY + 1):
        counting.plays = 0
        assert stepper.frame(move) == every[move]
        assert counting.plays <= Replay.CHECKPOINT_EVERY
