"""Buying and replacing researcher cards; drawing exhibitions; the piles."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.thebes.components import EXHIBITION_BY_KEY, is_exhibition
from engine.games.thebes.deck import draw_researcher, show_exhibition


class TestBuy:
    def test_travel_plus_card_weeks_and_refill(self, kit):
        """ "After moving his pawn to the location indicated on the purchased
        card, the player must also spend a certain amount of time, also
        indicated on the card ... and draws one to fill the empty space"."""
        state = kit.to_act(kit.new(2), 0, place="warsaw", week=1)
        card = kit.card("specialized", "greece", 3, "london")  # London: 2 weeks away, 4 weeks
        kit.show(state, 2, card)
        top = state.deck[-1]
        after = kit.play(state, 0, "buy 2")
        me = after.players[0]
        assert me.place == "london" and me.week == 1 + 2 + 4 and me.cards == [card]
        if not is_exhibition(top):
            assert after.display[1] == top
        assert state.players[0].cards == []  # the input state is untouched

    def test_the_car_shortens_long_journeys(self, kit):
        """ "The Auto card allows you to reduce by one week the duration of a
        journey of at least 3 weeks"."""
        state = kit.to_act(kit.new(2), 0, place="egypt", week=1)
        kit.give(state, 0, kit.card("car"))
        kit.show(state, 1, kit.card("specialized", "greece", 3, "london"))  # Egypt -> London: 4 weeks
        after = kit.play(state, 0, "buy 1")
        assert after.players[0].week == 1 + 3 + 4

    def test_empty_slot(self, kit):
        state = kit.to_act(kit.new(2), 0)
        state.deck.append(state.display[0])
        state.display[0] = None
        with pytest.raises(IllegalAction, match="slot 1 is empty"):
            kit.game.play(state, 0, "buy 1")


class TestZeppelin:
    def test_one_journey_for_nothing_then_discarded(self, kit):
        """ "The Zeppelin card allows you to make any trip in zero weeks instead
        of the normal duration, but is for single use only (discard the card
        after use)"."""
        state = kit.to_act(kit.new(2), 0, place="egypt", week=1)
        zeppelin = kit.card("zeppelin")
        kit.give(state, 0, zeppelin)
        kit.show(state, 1, kit.card("specialized", "greece", 3, "london"))
        assert kit.game.legal(state, 0)[0] == "zeppelin"
        state = kit.play(state, 0, "zeppelin")
        assert state.turn == 0 and "zeppelin" not in kit.game.legal(state, 0)
        after = kit.play(state, 0, "buy 1")
        me = after.players[0]
        assert me.week == 1 + 0 + 4 and zeppelin not in me.cards and zeppelin in after.discard

    def test_kept_when_the_action_needs_no_journey(self, kit):
        state = kit.to_act(kit.new(2), 0, place="london", week=1)
        zeppelin = kit.card("zeppelin")
        kit.give(state, 0, zeppelin)
        kit.show(state, 1, kit.card("specialized", "greece", 3, "london"))
        after = kit.play(state, 0, "zeppelin", "buy 1")
        assert zeppelin in after.players[0].cards and after.players[0].week == 5

    def test_without_the_card(self, kit):
        state = kit.to_act(kit.new(2), 0)
        with pytest.raises(IllegalAction, match="no Zeppelin card"):
            kit.game.play(state, 0, "zeppelin")


class TestReplace:
    def test_one_week_in_warsaw_and_four_new_cards(self, kit):
        """ "After moving his pawn to Warschau, the player spends 1 week to
        discard the 4 researcher cards on the board, and draws to replace them"."""
        state = kit.to_act(kit.new(2), 0, place="berlin", week=5)
        old = list(state.display)
        after = kit.play(state, 0, "replace")
        me = after.players[0]
        assert me.place == "warsaw" and me.week == 5 + 1 + 1
        assert after.discard[:4] == old and not set(old) & set(after.display)
        assert all(c is not None and not is_exhibition(c) for c in after.display)

    def test_repeats_cost_one_more_week_until_another_player_acts(self, kit):
        """ "If a player makes this action several times before the next
        player's turn, the cost increases by 1 week each time"."""
        state = kit.to_act(kit.new(2), 0, place="warsaw", week=1)
        state.players[1].week = 5
        weeks = []
        for _ in range(3):
            state = kit.play(state, 0, "replace")
            weeks.append(state.players[0].week)
        assert weeks == [2, 4, 7]  # costs 1, 2, 3
        assert state.turn == 1 and state.replaces == 0
        state = kit.play(state, 1, "replace", "replace")
        assert state.players[1].week == 5 + 1 + 2
        assert state.turn == 0
        state = kit.play(state, 0, "replace")
        assert state.players[0].week == 8  # 1 week again: Orange acted in between
        state = kit.play(state, 0, "replace")  # on top of the shared square: acts again
        assert state.players[0].week == 10


class TestExhibitionsDrawn:
    def test_drawn_exhibition_goes_to_space_a_and_shifts(self, kit):
        """ "Whenever an exhibition is drawn, place it on square a, and draw
        another card. Shift the exhibitions already present: a to b, b to c, c
        to the discard pile"."""
        state = kit.new(2)
        keys = ["london-small", "paris-small", "berlin-small", "vienna-small"]
        ids = [EXHIBITION_BY_KEY[k].id for k in keys]
        for exhibition in ids:
            state.deck.remove(exhibition)
        researcher = state.deck[-1]
        state.deck.extend(reversed(ids))  # london-small on top
        card = draw_researcher(state)
        assert card == researcher
        assert state.exhibitions == [ids[3], ids[2], ids[1]]
        assert state.discard == [ids[0]]
        assert state.last["exhibitions_drawn"] == ids

    def test_buying_draws_past_an_exhibition(self, kit):
        state = kit.to_act(kit.new(2), 0, place="warsaw")
        exhibition = EXHIBITION_BY_KEY["moscow-large"].id
        state.deck.remove(exhibition)
        state.deck.append(exhibition)
        after = kit.play(state, 0, "buy 1")
        assert after.exhibitions[0] == exhibition
        assert after.display[0] is not None and not is_exhibition(after.display[0])
        assert "moscow large exhibition was drawn to space a" in kit.game.view(after, None)["last"]["text"].lower()


class TestRebuild:
    def test_first_time_pile_three_and_discards_then_discards_only(self, kit):
        """ "The first time the draw pile is exhausted, shuffle the pile set
        aside at the beginning of the game with the discard pile to
        reconstitute the draw pile. The next times, simply shuffle the discard
        pile.\""""
        state = kit.new(3, seed=4)
        car, zeppelin = kit.card("car"), kit.card("zeppelin")
        pool = set(state.reserve) | {car}  # pile 3 holds the large exhibitions too
        state.deck, state.discard = [], [car]
        card = draw_researcher(state)
        assert state.reserve_used and state.reserve == []
        shown = {e for e in state.exhibitions if e is not None}
        assert set(state.deck) | {card} | shown | set(state.discard) == pool
        state.deck, state.discard = [], [zeppelin]
        assert draw_researcher(state) == zeppelin and state.deck == [] and state.reserve == []

    def test_nothing_left_to_draw_leaves_the_slot_empty(self, kit):
        state = kit.new(2)
        state.deck = [c for c in state.deck if is_exhibition(c)]
        state.reserve = []
        state.reserve_used = True
        assert draw_researcher(state) is None  # only exhibitions left: they cycle, no researcher

    def test_show_exhibition_discards_from_space_c(self, kit):
        state = kit.new(2)
        for key in ("london-large", "paris-large", "berlin-large", "vienna-large"):
            show_exhibition(state, EXHIBITION_BY_KEY[key].id)
        assert [e for e in state.exhibitions] == [
            EXHIBITION_BY_KEY[k].id for k in ("vienna-large", "berlin-large", "paris-large")
        ]
        assert state.discard == [EXHIBITION_BY_KEY["london-large"].id]


def test_turning_up_cards_cannot_be_taken_back_freely(kit):
    """A refill or a new display shows cards from the hidden draw pile, so
    undoing it needs the other players' consent; holding an exhibition or
    declaring a Zeppelin shows nothing."""
    state = kit.to_act(kit.new(2), 0, place="warsaw")
    for action in ("buy 1", "replace"):
        assert kit.game.reveals(state, 0, action, kit.game.play(state, 0, action))
    kit.give(state, 0, kit.card("zeppelin"))
    assert not kit.game.reveals(state, 0, "zeppelin", kit.game.play(state, 0, "zeppelin"))
