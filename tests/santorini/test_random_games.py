"""Seeded random games in every mode end with an outcome, survive a JSON
round trip, replay exactly from the seed, and show nothing hidden."""

from __future__ import annotations

import json
import random

import pytest

from engine.core import StateError, canonical_json, replay
from engine.games.santorini import GAME

CONFIGS = [
    (2, {}),
    (2, {"gods": "random"}),
    (2, {"gods": "chosen"}),
    (2, {"gods": "draft", "pool": "simple"}),
    (2, {"gods": "party"}),
    (3, {}),
    (3, {"gods": "random"}),
    (4, {"mode": "teams"}),
    (4, {"mode": "teams", "gods": "random"}),
    (4, {"mode": "agora", "gods": "random"}),
]


def random_game(players: int, options: dict, seed: int):
    rng = random.Random(seed)
    state = GAME.new(players, options, seed)
    actions = []
    while GAME.outcome(state) is None and len(actions) < 800:
        seat = GAME.to_move(state)[0]
        legal = GAME.legal(state, seat)
        assert legal, "a player to move always has an action"
        action = rng.choice(legal)
        line = GAME.describe(state, seat, action)
        assert line.startswith(GAME.seat_name(state, seat))
        state = GAME.play(state, seat, action)
        actions.append((seat, action))
    return state, actions


@pytest.mark.parametrize("players,options", CONFIGS)
def test_random_games_end_round_trip_and_replay(players, options):
    for seed in (987654321, 987654322, 987654323):
        state, actions = random_game(players, options, seed)
        outcome = GAME.outcome(state)
        assert outcome is not None and outcome.winners and GAME.to_move(state) == []
        data = json.loads(json.dumps(GAME.dump(state)))
        assert canonical_json(GAME.dump(GAME.load(data))) == canonical_json(GAME.dump(state))
        replayed = replay(GAME, players, options, seed, actions)
        assert canonical_json(GAME.dump(replayed)) == canonical_json(GAME.dump(state))
        view = GAME.view(state, None)
        text = json.dumps(view)
        assert "rng" not in view and str(state.rng.state) not in text
        assert GAME.view(state, 0) == {**view, "seat": 0, "private": {}}


def test_load_rejects_malformed_states():
    state, _ = random_game(2, {"gods": "random"}, 1)
    good = GAME.dump(state)
    for broken in (
        {**good, "blocks": [0] * 24},
        {**good, "workers": [0, 0, 1, 2]},
        {**good, "gods": ["zeus-ish", None]},
        {**good, "phase": "nap"},
        {k: v for k, v in good.items() if k != "turn"},
        {**good, "players": 9},
        "nonsense",
    ):
        with pytest.raises(StateError):
            GAME.load(broken)


def test_load_raises_only_state_errors_on_random_corruption():
    """``load`` must never raise anything but ``StateError``."""
    rng = random.Random(5)
    junk = [None, -1, 99, "x", [], {}, [1, "a"], {"tuple": [1]}, True, 3.5, [[0]], ["move"]]
    states = [
        random_game(2, {"gods": "chosen"}, 1)[0],
        random_game(4, {"mode": "teams", "gods": "random"}, 2)[0],
        GAME.new(2, {"gods": "chosen"}, 3),
        GAME.new(3, {}, 4),
    ]
    for state in states:
        good = GAME.dump(state)
        for _ in range(150):
            data = json.loads(json.dumps(good))
            key = rng.choice(sorted(data))
            if isinstance(data[key], dict) and data[key] and rng.random() < 0.5:
                inner = rng.choice(sorted(data[key]))
                data[key][inner] = rng.choice(junk)
            else:
                data[key] = rng.choice(junk)
            try:
                loaded = GAME.load(data)
            except StateError:
                continue
            except Exception as error:  # noqa: BLE001 — report which corruption got through
                raise AssertionError(f"{key} corrupted: {error!r}") from error
            # Whatever loads must also be usable.
            try:
                for seat in GAME.to_move(loaded):
                    GAME.legal(loaded, seat)
                GAME.view(loaded, None)
            except Exception as error:  # noqa: BLE001
                raise AssertionError(f"{key} corrupted, loaded, then failed: {error!r}") from error
