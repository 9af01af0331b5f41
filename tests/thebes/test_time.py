"""The time track: turn order, years, permits, and the end of 1903."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.thebes import rules
from engine.games.thebes.components import SITES
from engine.games.thebes.timetrack import acting_order, weeks_left, year_marker


def test_player_furthest_behind_acts(kit):
    """ "the game turn is to the player who is last on the time track"."""
    state = kit.to_act(kit.new(3), 0, place="berlin")
    state.players[1].week = 10
    state.players[2].week = 5
    state.players[0].week = 8
    assert acting_order(state) == [2, 0, 1]


def test_last_to_arrive_on_a_square_acts_first(kit):
    """ "If two players are on the same square, the player with his marker on
    top is considered to be last (and therefore plays before)"."""
    state = kit.new(2, seed=3)
    first = state.turn
    other = 1 - first
    kit.show(state, 1, kit.card("specialized", "greece", 1, "moscow"))
    state = kit.play(state, first, "buy 1")  # Warsaw -> Moscow 1 week, the card 1 week
    assert state.players[first].week == 3 and state.turn == other
    kit.show(state, 2, kit.card("specialized", "crete", 1, "vienna"))
    state = kit.play(state, other, "buy 2")  # Warsaw -> Vienna 1 week, the card 1 week
    assert state.players[other].week == 3
    assert state.turn == other  # it arrived last, so its marker is on top


def test_passing_week_52_restores_permits_and_changes_year(kit):
    """ "When a player's pawn exceeds week 52, that player flips all his
    search permissions on their valid side"; the year marker moves "When all
    of the players' pawns have changed years"."""
    state = kit.to_act(kit.new(2), 0, place="moscow", week=51)
    state.players[0].permits = {site: False for site in SITES}
    state.players[1].permits = {site: False for site in SITES}
    state.players[1].week = 51
    kit.show(state, 1, kit.card("specialized", "crete", 3, "moscow"))
    state = kit.play(state, 0, "buy 1")  # 4 weeks from week 51: week 3 of 1902
    assert (state.players[0].year, state.players[0].week) == (1902, 3)
    assert all(state.players[0].permits.values())
    assert not any(state.players[1].permits.values())
    assert year_marker(state) == 1901  # seat 1 is still in 1901
    state.players[1].year, state.players[1].week = 1902, 1
    assert year_marker(state) == 1902


def test_no_action_may_pass_the_end_of_1903(kit):
    """ "In the year 1903, players are not allowed to make any action that
    would cause them to pass square 1"."""
    state = kit.to_act(kit.new(2), 0, place="moscow", year=1903, week=50)
    kit.show(state, 1, kit.card("specialized", "crete", 3, "moscow"))  # 4 weeks: too long
    kit.show(state, 2, kit.card("specialized", "greece", 1, "moscow"))  # 1 week: fits
    assert weeks_left(state.players[0]) == 2
    legal = kit.game.legal(state, 0)
    assert "buy 1" not in legal and "buy 2" in legal
    before = kit.game.dump(state)
    with pytest.raises(IllegalAction, match="only 2 are left before the end of 1903"):
        kit.game.play(state, 0, "buy 1")
    assert kit.game.dump(state) == before


def test_the_last_week_of_1903_may_be_reached(kit):
    state = kit.to_act(kit.new(2), 0, place="moscow", year=1903, week=51)
    kit.show(state, 1, kit.card("specialized", "greece", 1, "moscow"))
    state = kit.play(state, 0, "buy 1")
    assert (state.players[0].year, state.players[0].week) == (1903, 52)


def test_a_player_for_whom_nothing_fits_is_finished(kit):
    """The game ends at the end of 1903: when the player furthest behind can
    no longer act, that player is done and the next one acts; the game is
    over when all are done."""
    state = kit.to_act(kit.new(2), 0, place="moscow", year=1903, week=51)
    state.players[1].year, state.players[1].week = 1903, 40
    kit.show(state, 1, kit.card("specialized", "greece", 1, "moscow"))
    state = kit.play(state, 0, "buy 1")  # week 52: nothing fits any more
    assert state.turn == 1 and kit.game.outcome(state) is None
    state = kit.to_act(state, 1, place="moscow", year=1903, week=51)
    state.players[0].week = 52
    kit.show(state, 1, kit.card("specialized", "crete", 1, "vienna"))
    kit.show(state, 2, kit.card("specialized", "egypt", 1, "moscow"))
    state = kit.play(state, 1, "buy 2")  # seat 1 reaches week 52 too
    assert all(p.finished for p in state.players)
    assert state.over and kit.game.to_move(state) == [] and kit.game.outcome(state) is not None
    assert state.last["finished"] == [1, 0]  # on top first


def test_four_player_game_is_two_years(kit):
    state = kit.new(4)
    assert weeks_left(state.players[0]) == 52 + 51
    assert weeks_left(kit.new(2).players[0]) == 52 * 2 + 51
    assert weeks_left(kit.new(3).players[0]) == 52 * 2 + 36


def test_a_player_passed_over_acts_again_when_an_action_comes_within_reach(kit):
    """ "the game turn is to the player who is last on the time track": a
    player for whom nothing fits is only passed over. When another player's
    move turns up an action that fits, the one furthest behind acts again."""
    state = kit.to_act(kit.new(2), 1, place="warsaw", year=1903, week=51)
    state = kit.to_act(state, 0, place="moscow")  # same square, seat 0 on top
    for slot, card in enumerate(kit.cards("specialized", "palestine")[:4], start=1):
        kit.show(state, slot, card)  # nothing bought in Moscow
    moscow = kit.card("specialized", "greece", 1, "moscow")  # 1 week, in Moscow
    kit.take(state, moscow)
    state.deck.append(moscow)  # the next card drawn
    rules.settle(state)
    assert state.turn == 1 and state.players[0].finished and state.last["finished"] == [0]
    assert kit.game.legal(state, 0) == []
    state = kit.play(state, 1, "replace")  # Warsaw: 1 week, to week 52
    assert state.display[0] == moscow
    assert state.turn == 0 and not state.players[0].finished
    assert state.last["resumed"] == 0 and "finished" not in state.last
    assert "Blue can act again" in kit.game.view(state, None)["last"]["text"]
    assert kit.game.legal(state, 0) == ["buy 1"]
    state = kit.play(state, 0, "buy 1")
    assert state.over and all(p.finished for p in state.players)
    assert state.last["finished"] == [0, 1]  # seat 0 arrived last: on top
    assert kit.game.view(state, None)["last"]["text"].endswith(
        "No one can act any more before the end of 1903: the game is over."
    )
