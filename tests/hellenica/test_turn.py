"""The turn sequence: Ethos phase, Favorite of the Gods, action rounds, Pass."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.hellenica import GAME
from engine.games.hellenica.actions import pass_refund
from engine.games.hellenica.favorite import turn_order
from engine.games.hellenica.steps import current
from tests.hellenica.helpers import act_as, new_game, play


def _to_ethos(players: int = 3, seed: int = 1) -> dict:
    state = GAME.new(players, {"homes": "random"}, seed)
    for seat in range(players):
        state = GAME.play(state, seat, GAME.legal(state, seat)[0])
    assert current(state)["kind"] == "ethos"
    return state


def _end_turn(state: dict) -> dict:
    """Everyone passes until the next turn's first decision."""
    turn = state["turn"]
    while state["turn"] == turn:
        seat = GAME.to_move(state)[0]
        legal = GAME.legal(state, seat)
        state = GAME.play(state, seat, "pass" if "pass" in legal else legal[0])
    return state


class TestEthos:
    def test_four_dealt_privately_everyone_at_once(self):
        state = _to_ethos()
        assert GAME.to_move(state) == [0, 1, 2]
        assert all(len(p["ethos_hand"]) == 4 for p in state["seats"])
        assert len(state["ethos_deck"]) == 36 - 12

    def test_keep_two_different_cards_and_return_the_others(self):
        state = _to_ethos()
        hand = state["seats"][0]["ethos_hand"]
        state = GAME.play(state, 0, "keep 1 3")
        assert state["seats"][0]["ethos"] == [hand[0], hand[2]]
        assert state["seats"][0]["ethos_kept"] and state["seats"][0]["ethos_hand"] == []
        assert len(state["ethos_deck"]) == 36 - 12 + 2
        assert GAME.to_move(state) == [1, 2]

    def test_duplicates_are_not_replaced_and_cannot_both_be_kept(self):
        state = _to_ethos()
        state["seats"][0]["ethos_hand"] = ["piety", "piety", "loyalty", "empire"][:3] + ["prosperity"]
        assert "keep 1 2" not in GAME.legal(state, 0)
        with pytest.raises(IllegalAction, match="both Piety"):
            GAME.play(state, 0, "keep 1 2")

    def test_sean_pays_turn_number_in_favor_to_discard(self):
        """Ethos example: Sean pays 1 Favor on turn 1, 2 on turn 2, and keeps
        two cards on turn 3; afterwards he takes no part in the Ethos phase."""
        state = _to_ethos(2, seed=5)
        sean = 0
        state = play(state, sean, "discard")
        assert state["seats"][sean]["favor"] == 2 and not state["seats"][sean]["ethos_kept"]
        state = GAME.play(state, 1, "keep 1 2")
        state = _end_turn(state)
        assert state["turn"] == 2 and GAME.to_move(state) == [sean]
        assert len(state["seats"][sean]["ethos_hand"]) == 4
        favor = state["seats"][sean]["favor"]
        state = play(state, sean, "discard")
        assert state["seats"][sean]["favor"] == favor - 2
        state = _end_turn(state)
        assert state["turn"] == 3
        state = play(state, sean, GAME.legal(state, sean)[0])
        assert state["seats"][sean]["ethos_kept"]
        state = _end_turn(state)
        assert state["turn"] == 4 and current(state)["kind"] != "ethos"

    def test_cannot_discard_without_the_favor(self):
        state = _to_ethos()
        state["seats"][0]["favor"] = 0
        assert "discard" not in GAME.legal(state, 0)
        with pytest.raises(IllegalAction, match="costs 1 Favor"):
            GAME.play(state, 0, "discard")

    def test_public_log_keeps_the_choice_secret(self):
        state = _to_ethos()
        line = GAME.describe(state, 0, "keep 1 2")
        assert line == "Blue keeps two Ethos objectives."
        assert GAME.label(state, 0, "keep 1 2").startswith("keep ")


class TestFavorite:
    def test_most_favor_becomes_favorite(self):
        state = _to_ethos(3, seed=2)
        state["seats"][2]["favor"] = 5
        for seat in range(3):
            state = GAME.play(
                state, seat, "keep 1 2" if "keep 1 2" in GAME.legal(state, seat) else GAME.legal(state, seat)[0]
            )
        assert state["favorite"] == 2 and current(state)["kind"] == "direction"
        assert GAME.to_move(state) == [2]

    def test_ties_are_broken_by_the_current_favorite(self):
        """ "the current Favorite of the Gods selects the winner from any of the tied Players"."""
        state = _to_ethos(3, seed=2)
        current_favorite = state["favorite"]
        for seat in range(3):
            state = GAME.play(
                state,
                seat,
                GAME.legal(state, seat)[0] if GAME.legal(state, seat)[0] != "discard" else GAME.legal(state, seat)[1],
            )
        assert current(state)["kind"] == "favorite" and GAME.to_move(state) == [current_favorite]
        chosen = (current_favorite + 1) % 3
        state = GAME.play(state, current_favorite, f"favorite {GAME.seat_name(state, chosen).lower()}")
        assert state["favorite"] == chosen and GAME.to_move(state) == [chosen]

    def test_zeus_is_clockwise_and_hera_counter_clockwise(self):
        state = new_game(4, seed=3)
        seating = ["byzantium", "troy", "sparta", "corinth", "athens", "corcyra", "thebes"]
        around = sorted(range(4), key=lambda s: seating.index(state["seats"][s]["city"]))
        state["favorite"] = around[1]
        state["direction"] = "zeus"
        assert turn_order(state) == around[1:] + around[:1]
        state["direction"] = "hera"
        assert turn_order(state) == [around[1], around[0], around[3], around[2]]


class TestRounds:
    def test_one_action_each_in_turn_order_until_all_pass(self):
        state = new_game(3, seed=4)
        order = list(state["order"])
        assert GAME.to_move(state) == [order[0]]
        state = GAME.play(state, order[0], "worship " + state["seats"][order[0]]["city"])
        assert GAME.to_move(state) == [order[1]]
        state = GAME.play(state, order[1], "pass")
        state = GAME.play(state, order[2], "pass")
        assert GAME.to_move(state) == [order[0]] and state["round"] == 2
        state = GAME.play(state, order[0], "pass")
        assert state["turn"] == 2

    def test_passed_players_are_skipped(self):
        state = new_game(3, seed=4)
        first, second, third = state["order"]
        state = GAME.play(state, first, "pass")
        state = GAME.play(state, second, "worship " + state["seats"][second]["city"])
        state = GAME.play(state, third, "worship " + state["seats"][third]["city"])
        assert GAME.to_move(state) == [second]

    def test_pass_refund(self):
        """ "If the player discarded 1 Action Cube, they receive 1 Commerce ...
        2 or more Action Cubes, the player receives 2 Commerce tokens.\""""
        assert [pass_refund(n) for n in (0, 1, 2, 5)] == [0, 1, 2, 2]
        state = act_as(new_game(2, seed=4), 0)
        state = GAME.play(state, 0, "pass")
        assert state["seats"][0]["commerce"] == 2
        assert sum(state["seats"][0]["cubes"].values()) == 0 and state["seats"][0]["passed"]

    def test_not_your_turn(self):
        state = new_game(2, seed=4)
        idle = 1 - GAME.to_move(state)[0]
        with pytest.raises(IllegalAction, match="not your turn"):
            GAME.play(state, idle, "pass")
        assert all(a.split()[0] in ("offer", "invoke") for a in GAME.legal(state, idle))  # out of turn only

    def test_unknown_action_is_refused_with_hints(self):
        state = new_game(2, seed=4)
        seat = GAME.to_move(state)[0]
        with pytest.raises(IllegalAction, match="Start with one of"):
            GAME.play(state, seat, "dance")
