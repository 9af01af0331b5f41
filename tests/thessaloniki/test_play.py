"""Whole games: random play for 2 to 4 players ends with an outcome, states
round-trip through JSON, replay from the seed reproduces them, views keep
hands secret, and bad input changes nothing."""

from __future__ import annotations

import json
import random

import pytest

from engine.core import IllegalAction, StateError, canonical_json, replay
from engine.games.thessaloniki import GAME


def play_out(players: int, seed: int, level: str = "easy", check_every: int = 0):
    """Bots play a whole game; returns the final state and the action list."""
    state = GAME.new(players, {}, seed)
    rng = random.Random(seed)
    actions = []
    while GAME.outcome(state) is None:
        movers = GAME.to_move(state)
        assert movers, "a game that is not over must wait for someone"
        seat = movers[rng.randrange(len(movers))]
        action = GAME.choose(state, seat, level, rng.randrange(1 << 30))
        assert action in GAME.legal(state, seat)
        state = GAME.play(state, seat, action)
        actions.append((seat, action))
        if check_every and len(actions) % check_every == 0:
            check_round_trip(state)
            check_views(state)
        assert len(actions) < 5000, "the game does not end"
    return state, actions


def check_round_trip(state):
    data = json.loads(json.dumps(GAME.dump(state)))
    loaded = GAME.load(data)
    assert canonical_json(GAME.dump(loaded)) == canonical_json(GAME.dump(state))


def check_views(state):
    public = GAME.view(state, None)
    text = json.dumps(public)
    assert isinstance(public["deck"], int) and isinstance(public["ship_stack"], int)
    for seat, data in enumerate(state["seats"]):
        for cid in data["hand"]:
            assert f'"{cid}"' not in text, f"{cid} in a hand shows in the public view"
        own = GAME.view(state, seat)
        assert {k: v for k, v in own.items() if k not in ("seat", "private")} == public
        assert [c["id"] for c in own["private"]["hand"]] == sorted(data["hand"], key=lambda c: int(c[1:]))
        others = json.dumps(own["private"])
        for other, other_data in enumerate(state["seats"]):
            if other != seat:
                for cid in other_data["hand"]:
                    if cid not in data["hand"]:
                        assert f'"{cid}"' not in others


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_round_trip_and_replay(players):
    """Random games end with an outcome and final scoring; every few actions
    the state survives JSON and the views keep hands private; replaying the
    actions from the seed gives exactly the final state."""
    for seed in range(2):
        state, actions = play_out(players, 100 * players + seed, check_every=25)
        outcome = GAME.outcome(state)
        assert len(outcome.scores) == players and outcome.winners
        assert state["end"]["last_round"] is not None
        assert sum(1 for k in ("denarii", "demand", "contract", "ship") if state["end"][k]) >= 2
        assert GAME.to_move(state) == [] and GAME.legal(state, 0) == []
        again = replay(GAME, players, {}, 100 * players + seed, actions)
        assert canonical_json(GAME.dump(again)) == canonical_json(GAME.dump(state))
        check_round_trip(state)


def test_normal_bots_finish_a_game():
    state, _ = play_out(3, 7, level="normal")
    outcome = GAME.outcome(state)
    assert max(outcome.scores) > 60
    # They use the demand tiles, the game's main way to score ships.
    assert sum(b["parts"]["demand"] for b in state["final"]["breakdown"]) > 0


def test_the_normal_bot_beats_the_easy_one():
    """A seat level is only worth offering if it plays better: over two
    seeded games with the seats swapped, normal outscores easy."""
    margin = 0
    for seed, levels in ((31, ("normal", "easy")), (32, ("easy", "normal"))):
        state = GAME.new(2, {}, seed)
        rng = random.Random(seed)
        while GAME.outcome(state) is None:
            seat = GAME.to_move(state)[0]
            state = GAME.play(state, seat, GAME.choose(state, seat, levels[seat], rng.randrange(1 << 30)))
        scores = GAME.outcome(state).scores
        normal = levels.index("normal")
        margin += scores[normal] - scores[1 - normal]
    assert margin > 20


@pytest.mark.slow
def test_the_hard_bot_beats_the_normal_one():
    """Issue 19: the strongest level must play better than the one before
    it: over two seeded games with the seats swapped, hard outscores normal
    (bench/thessaloniki_match.py plays the full 40-game match)."""
    margin = 0
    for seed, levels in ((41, ("hard", "normal")), (42, ("normal", "hard"))):
        state = GAME.new(2, {}, seed)
        rng = random.Random(seed)
        while GAME.outcome(state) is None:
            seat = GAME.to_move(state)[0]
            action = GAME.choose(state, seat, levels[seat], rng.randrange(1 << 30))
            assert action in GAME.legal(state, seat)
            state = GAME.play(state, seat, action)
        scores = GAME.outcome(state).scores
        hard = levels.index("hard")
        margin += scores[hard] - scores[1 - hard]
    assert margin > 0


def test_the_game_ends_the_round_after_the_trigger():
    """ "When the end of the game is triggered, finish the current round, then
    play one more (final) round.\""""
    state, _ = play_out(3, 11)
    assert state["round"] == state["end"]["last_round"]
    assert "Final scoring" in state["log"][-1]


def test_every_legal_action_can_be_played():
    """A sample of positions: each listed action is accepted."""
    rng = random.Random(5)
    state = GAME.new(3, {}, 5)
    for _ in range(120):
        seat = GAME.to_move(state)[0]
        for action in GAME.legal(state, seat):
            GAME.play(state, seat, action)
        state = GAME.play(state, seat, GAME.choose(state, seat, "easy", rng.randrange(1 << 30)))
        if GAME.outcome(state):
            break


def test_bad_input_changes_nothing():
    state = GAME.new(2, {}, 3)
    before = canonical_json(GAME.dump(state))
    seat = GAME.to_move(state)[0]
    other = 1 - seat
    for seat_, action in ((seat, "move patrician atlantis"), (seat, "fly away"), (other, "family f1"), (seat, "")):
        with pytest.raises(IllegalAction) as error:
            GAME.play(state, seat_, action)
        assert error.value.message
    assert canonical_json(GAME.dump(state)) == before


def test_messages_are_specific(scenario):
    s = scenario(2).workers({"forum": ["red:P"], "port": ["red:M"]}).set("red", denarii=0)
    s.start("red")
    with pytest.raises(IllegalAction, match="no Merchant in the Officina"):
        s.play("red", "move merchant officina taberna")
    with pytest.raises(IllegalAction, match="6 alcoves clockwise"):
        s.play("red", "move patrician officina")
    with pytest.raises(IllegalAction, match="costs 1 denarius"):
        s.play("red", "move merchant port legatio")
    with pytest.raises(IllegalAction, match="not an alcove"):
        s.play("red", "move patrician agora")
    s.play("red", "move patrician port")
    with pytest.raises(IllegalAction, match="already moved"):
        s.play("red", "move patrician legatio")
    with pytest.raises(IllegalAction, match="not in the contract offer"):
        s.play("red", "take c99")
    with pytest.raises(IllegalAction, match="no Fulfil action"):
        s.play("red", "fulfill c1")


def test_load_rejects_malformed_states():
    state = GAME.new(3, {}, 2)
    good = GAME.dump(state)
    broken = [
        {},
        dict(good, players=9),
        dict(good, phase="dancing"),
        dict(good, seats=good["seats"][:2]),
        dict(good, pool=-1),
        dict(good, pending=[{"do": "teleport", "seat": 0}]),
        dict(good, offer=["c999"] + good["offer"][1:]),
        dict(good, alcoves=dict(good["alcoves"], forum=["red:P", "red:P", "red:P"])),
        dict(good, rng="seed"),
        dict(good, ships=[{"id": "s1", "goods": ["gold"]}] + good["ships"][1:]),
    ]
    for data in broken:
        with pytest.raises(StateError):
            GAME.load(data)
    hand_card = good["seats"][0]["hand"][0] if good["seats"][0]["hand"] else None
    if hand_card:
        twice = json.loads(json.dumps(good))
        twice["deck"].append(hand_card)
        with pytest.raises(StateError):
            GAME.load(twice)


def test_describe_starts_with_the_seat_and_hides_the_hand():
    state = GAME.new(2, {}, 9)
    seat = GAME.to_move(state)[0]
    family = GAME.legal(state, seat)[0]
    line = GAME.describe(state, seat, family)
    assert line.startswith(GAME.seat_name(state, seat))
    after = GAME.play(state, seat, family)
    for cid in after["seats"][seat]["hand"]:
        assert cid.upper() not in line and cid not in line


def test_reveals_drawing_hidden_cards():
    state = GAME.new(2, {}, 9)
    seat = GAME.to_move(state)[0]
    action = GAME.legal(state, seat)[0]
    after = GAME.play(state, seat, action)
    assert GAME.reveals(state, seat, action, after)  # the family card drew contracts


def test_log_lines_name_the_bonus_taken(scenario):
    s = scenario(4).workers({"port": ["red:P"]}).offer(None, None, None, None, "c2")
    s.state["alcove_mosaics"]["port"].append("red")
    s.at("red", "port", moved=["port"])
    assert GAME.describe(s.state, 0, "bonus") == "Red takes the Port's bonus"


def test_move_labels_say_what_the_move_pays_and_pushes(scenario):
    """A player choosing a move sees the goods, the ⚡, the push and the
    denarii it brings before committing to it."""
    s = (
        scenario(4)
        .workers(
            {
                "legatio": ["purple:P", "red:M", "green:M", "yellow:M"],
                "mercatus": ["red:P", "green:P", "yellow:P"],
                "forum": ["purple:M"],
            }
        )
        .set("purple", denarii=1)
    )
    s.start("purple")
    label = GAME.label(s.state, s.seat("purple"), "move merchant forum legatio")
    assert "pushes Purple's Patrician to the Officium" in label
    assert "+2 denarii" in label  # 1 for the push, 1 from the denarius space
