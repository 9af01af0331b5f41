"""Set-up: chaos track, favor, Pathos, home cities, deities, starting pieces,
impassable areas."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.hellenica import GAME
from engine.games.hellenica.board import preset
from engine.games.hellenica.setup import home_choices
from engine.games.hellenica.state import count_units
from engine.games.hellenica.steps import current
from tests.hellenica.helpers import home_of, new_game

BOARD = preset("classic")


def test_player_counts():
    for players in (1, 8):
        with pytest.raises(IllegalAction, match="2 to 7"):
            GAME.new(players, {}, 1)


@pytest.mark.parametrize("players", [2, 4, 7])
def test_chaos_marker_starts_at_players_plus_one(players):
    """ "place the marker on the 8 space" in a 7 player game."""
    assert GAME.new(players, {"homes": "random"}, 3)["chaos"] == players + 1


def test_standard_pathos_and_three_favor():
    state = GAME.new(3, {"homes": "random"}, 5)
    assert state["pathos"] == ["destruction", "empire", "sea-power"]
    assert [p["favor"] for p in state["seats"]] == [3, 3, 3]
    assert state["direction"] == "zeus"


def test_seven_players_get_random_boards():
    """ "Each Player randomly selects a Player Board": with seven, every city-state plays."""
    state = GAME.new(7, {}, 11)
    assert sorted(p["city"] for p in state["seats"]) == sorted(BOARD.seating)
    assert current(state)["kind"] == "patron"


def test_home_choice_follows_the_spacing_rule():
    """ "select a Home City that is within 3 or 4 Areas of as many other
    players' Home Cities as possible"."""
    state = GAME.new(3, {"homes": "choose"}, 2)
    first = GAME.to_move(state)[0]
    assert len(GAME.legal(state, first)) == 7
    assert GAME.label(state, first, "home athens") == "Athens as your Home City"
    state = GAME.play(state, first, "home athens")
    second = GAME.to_move(state)[0]
    allowed = {a.split()[1] for a in GAME.legal(state, second)}
    distances = BOARD.distances("athens")
    assert allowed == {h for h in BOARD.seating if h != "athens" and 3 <= distances[h] <= 4}
    assert "thebes" not in allowed  # one area away
    with pytest.raises(IllegalAction, match="within 3 or 4"):
        GAME.play(state, second, "home thebes")
    with pytest.raises(IllegalAction, match="taken"):
        GAME.play(state, second, "home athens")
    state = GAME.play(state, second, "home troy")
    assert home_choices(state) == [
        h
        for h in BOARD.seating
        if h not in ("athens", "troy") and sum(3 <= BOARD.distances(h)[o] <= 4 for o in ("athens", "troy")) == 2
    ]


def test_deity_deal_three_different_and_patron_choice():
    """ "deal each Player 3 Deities, replacing all duplicates. Each Player
    selects one deity to be the patron of their first temple"."""
    state = GAME.new(7, {}, 4)
    hands = [p["deity_hand"] for p in state["seats"]]
    assert all(len(hand) == 3 == len(set(hand)) for hand in hands)
    assert GAME.to_move(state) == list(range(7))
    with pytest.raises(IllegalAction, match="choose your patron from those"):
        other = next(d for d in state["deity_deck"] if d not in hands[0])
        GAME.play(state, 0, f"patron {other}")
    chosen = hands[0][1]
    state = GAME.play(state, 0, f"patron {chosen}")
    assert state["seats"][0]["deities"] == [chosen]
    assert state["deity_deck"][chosen] == 6  # the others go back to the common deck
    assert 0 not in GAME.to_move(state)


def test_starting_pieces():
    """Academy, Market and a Temple to the patron on the home settlements, a
    Hoplite and a Trireme, an active Tyranny (a Barracks), one cube on each
    action space."""
    state = new_game(2, seed=9, invocations=True)
    for seat in (0, 1):
        home = home_of(state, seat)
        city = state["cities"][home]
        assert city["owner"] == seat
        kinds = sorted(p["type"] for p in city["slots"] if p)
        assert kinds == ["academy", "market", "temple"]
        temple = next(p for p in city["slots"] if p and p["type"] == "temple")
        assert temple["deity"] == state["seats"][seat]["deities"][0]
        assert all(p["state"] == "active" for p in city["slots"] if p)
        assert city["government"] == {"type": "tyranny", "state": "active"}
        assert count_units(state, home, seat, ("hoplite",)) == 1
        assert count_units(state, home, seat, ("trireme",)) == 1
        assert state["seats"][seat]["cubes"] == {"build": 1, "train": 1, "research": 1, "worship": 1, "supply": 1}


def test_impassable_areas_with_fewer_players():
    """ "any Land or Sea Areas more than 2 Areas away from any player's Home
    City are impassible"."""
    state = new_game(2, seed=9)
    homes = [home_of(state, s) for s in (0, 1)]
    for area in BOARD.areas:
        near = min(BOARD.distances(h).get(area, 99) for h in homes)
        assert (area in state["impassable"]) == (near > 2), area
    assert new_game(7, seed=9)["impassable"] == []


def test_setup_is_deterministic():
    assert GAME.new(5, {"homes": "random"}, 42) == GAME.new(5, {"homes": "random"}, 42)
    assert GAME.new(5, {"homes": "random"}, 42) != GAME.new(5, {"homes": "random"}, 43)
