"""Set-up exactly as the rulebook's SETUP section."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.thebes.components import EXHIBITIONS, SITES, is_exhibition
from engine.games.thebes.timetrack import acting_order, year_marker


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pawns_on_warsaw_with_valid_permits(kit, players):
    """Each player "places his/her archaeologist pawn on Warschau" and takes
    "One excavation permission per area ... on their valid side"."""
    state = kit.new(players)
    assert [p.place for p in state.players] == ["warsaw"] * players
    assert all(p.permits == {site: True for site in SITES} for p in state.players)
    assert all(p.cards == [] and p.exhibitions == [] for p in state.players)


@pytest.mark.parametrize("players, year, week", [(2, 1901, 1), (3, 1901, 16), (4, 1902, 1)])
def test_time_markers_and_year_marker(kit, players, year, week):
    """ "places his time marker on the start square of the time track (on
    square 16 if there are 3 players)"; "The year marker is placed on the 1902
    square for 4 players, otherwise on 1901"."""
    state = kit.new(players)
    assert {(p.year, p.week) for p in state.players} == {(year, week)}
    assert year_marker(state) == year


def test_value_one_artefact_on_each_site(kit):
    """ "An artefact token of value 1 is placed on the excavation area of the
    same colour. The other artefact tokens go into the bag"."""
    state = kit.new()
    assert state.on_site == {site: True for site in SITES}
    for site in SITES:
        assert len(state.bags[site]) == 30


@pytest.mark.parametrize("players", [2, 3, 4])
def test_four_cards_face_up_and_no_exhibitions_showing(kit, players):
    """ "Set aside the 10 Exhibition cards. Place 4 researcher cards face up"."""
    state = kit.new(players)
    assert len(state.display) == 4 and not any(is_exhibition(c) for c in state.display)
    assert state.exhibitions == [None, None, None] and state.discard == []


def test_two_players_all_exhibitions_in_pile_two(kit):
    """ "With 2 players, mix the 10 exhibitions in pile n°2. Place pile n°1 on
    pile n°2 to form the draw pile. Set pile n°3 aside.\""""
    state = kit.new(2, seed=5)
    assert len(state.reserve) == 27 and not any(is_exhibition(c) for c in state.reserve)
    pile_one = state.deck[-27:]  # the top of the draw pile is the end of the list
    assert not any(is_exhibition(c) for c in pile_one)
    assert sum(is_exhibition(c) for c in state.deck) == 10 and len(state.deck) == 27 + 27 + 10


@pytest.mark.parametrize("players", [3, 4])
def test_three_or_four_players_small_in_pile_two_large_in_pile_three(kit, players):
    """ "With 3 and 4 players, mix the 5 small exhibits in pile n°2, and the 5
    large ones in pile n°3.\""""
    state = kit.new(players, seed=9)
    small = {e.id for e in EXHIBITIONS if e.size == "small"}
    large = {e.id for e in EXHIBITIONS if e.size == "large"}
    assert small <= set(state.deck[:-27]) and not small & set(state.deck[-27:])
    assert large <= set(state.reserve) and len(state.reserve) == 27 + 5


def test_player_on_top_of_the_start_square_acts_first(kit):
    """ "If two players are on the same square, the player with his marker on
    top is considered to be last (and therefore plays before)." Who lies on
    top at the start is drawn from the seed."""
    firsts = set()
    for seed in range(12):
        state = kit.new(3, seed)
        top = max(range(3), key=lambda s: state.players[s].stamp)
        assert state.turn == top == acting_order(state)[0]
        firsts.add(top)
    assert firsts == {0, 1, 2}


@pytest.mark.parametrize("players", [1, 7])
def test_player_count_outside_two_to_six(kit, players):
    """ "NUMBER OF PLAYERS: 2 to 6"."""
    with pytest.raises(IllegalAction, match="2 to 6 players"):
        kit.new(players)


@pytest.mark.parametrize("players, year, week", [(5, 1902, 16), (6, 1902, 27)])
def test_five_and_six_players_our_extension(kit, players, year, week):
    """ "NUMBER OF PLAYERS: 2 to 6", but the set-up stops at four ("The year
    marker is placed on the 1902 square for 4 players"). Ours, stated in the
    rules text and in tables.toml: five start on week 16 of 1902, six on week
    27; every seat has its own distinct colour, time marker and five valid
    permits; the exhibitions are dealt as for three and four players."""
    state = kit.new(players, seed=3)
    assert {(p.year, p.week) for p in state.players} == {(year, week)}
    assert all(p.permits == {site: True for site in SITES} and p.place == "warsaw" for p in state.players)
    assert len({p.stamp for p in state.players}) == players  # one marker each, stacked
    colours = [kit.game.seat_name(state, seat) for seat in range(players)]
    assert len(set(colours)) == players and len({c[0] for c in colours}) == players  # letters too
    large = {e.id for e in EXHIBITIONS if e.size == "large"}
    assert large <= set(state.reserve)
    rules_text = " ".join(kit.game.rules_text.split())
    assert "Five start on week 16 of 1902 and six on week 27 of 1902" in rules_text
    assert "this set-up for five and six is our extension" in rules_text


def test_set_up_depends_only_on_the_seed(kit):
    assert kit.game.dump(kit.new(3, 42)) == kit.game.dump(kit.new(3, 42))
    assert kit.game.dump(kit.new(3, 42)) != kit.game.dump(kit.new(3, 43))


def test_no_options(kit):
    """Thebes has no variants: the rulebook's set-up depends only on the player count."""
    assert kit.game.options == {}
    with pytest.raises(IllegalAction, match="Thebes has no option 'short'"):
        kit.game.new(2, {"short": True}, 1)
