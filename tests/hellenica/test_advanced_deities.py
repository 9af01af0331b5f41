"""Advanced rules: All Deities and Rival Deities (the rival track, dedication
refused, forced Temple removal)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.hellenica import GAME
from engine.games.hellenica.components import DEITIES
from engine.games.hellenica.deity_modes import enforce, rival_clash, rivals_of, temples_owned
from engine.games.hellenica.steps import current, push
from tests.hellenica.helpers import act_as, clear_units, home_of, moves, new_game, own, play, units, upgrade

TRACK = ["zeus", "hera", "poseidon", "athena", "ares", "apollo", "artemis", "hermes", "aphrodite", "hephaestus"]


def test_all_deities_offers_every_deity_as_first_patron():
    """ "allow players to select their first Temple from all of the Deities in the game.\""""
    state = GAME.new(3, {"homes": "random", "patrons": "all"}, 5)
    assert current(state)["kind"] == "patron"
    for seat in range(3):
        assert sorted(a.split()[1] for a in moves(state, seat)) == sorted(DEITIES)
    state = play(state, 0, "patron hephaestus")
    assert state["seats"][0]["deities"] == ["hephaestus"]


def test_standard_game_deals_three_patrons():
    state = GAME.new(3, {"homes": "random"}, 5)
    assert all(len(moves(state, seat)) == 3 for seat in range(3))
    assert "rivals" not in state


def test_rival_track_holds_each_deity_once_and_rivals_are_neighbours():
    """ "shuffle 1 Temple Underlay for each Deity together and randomly deal 1 to
    each of the locations on the Rival Deities track ... Each Deity is a rival of
    the Deity immediately above or below them on the Rival Deities track.\""""
    assert sorted(TRACK) == sorted(DEITIES)
    tracks = {tuple(GAME.new(2, {"homes": "random", "rivals": True}, seed)["rivals"]) for seed in range(6)}
    assert len(tracks) > 1 and all(sorted(t) == sorted(DEITIES) for t in tracks)
    state = {"rivals": TRACK}
    assert rivals_of(state, "zeus") == ["hera"]
    assert rivals_of(state, "athena") == ["poseidon", "ares"]
    assert rivals_of(state, "hephaestus") == ["aphrodite"]
    assert GAME.view(GAME.new(2, {"homes": "random", "rivals": True}, 1), None)["rivals"]


@pytest.fixture
def rival_game():
    state = new_game(2, seed=44)
    clear_units(state)
    state["options"]["rivals"] = True
    state["rivals"] = list(TRACK)
    home = home_of(state, 0)
    upgrade(state, home, 2, "temple", deity="athena")
    for slot in range(len(state["cities"][home]["slots"])):
        piece = state["cities"][home]["slots"][slot]
        if piece and piece["type"] == "temple":
            piece["deity"] = "athena"
    return state


def test_a_new_temple_may_not_be_dedicated_to_a_rival(rival_game):
    """ "A player may never own a Temple belonging to a Deity and that Deity's
    rival at the same time.\""""
    state = rival_game
    home = home_of(state, 0)
    upgrade(state, home, 3, "temple", status="building", deity=None)
    state["cities"][home]["slots"][3].pop("deity", None)
    push(state, "dedicate", seat=0, city=home, site="s3")["entered"] = True
    legal = moves(state, 0)
    assert "dedicate ares" not in legal and "dedicate poseidon" not in legal and "dedicate zeus" in legal
    with pytest.raises(IllegalAction, match="Ares is a rival of Athena"):
        GAME.play(state, 0, "dedicate ares")
    after = play(state, 0, "dedicate zeus")
    assert after["cities"][home]["slots"][3]["deity"] == "zeus"


def test_conquest_forces_the_removal_of_one_rivals_temples(rival_game):
    """ "If, at any time, a player owns Temples to 2 Deities that are rivals,
    that player must immediately remove all Temples they own dedicated to one
    of the Rival Deities and return them to the pool.\""""
    state = rival_game
    upgrade(state, "megara", 0, "temple", deity="ares")
    upgrade(state, "megara", 1, "temple", deity="ares")
    units(state, "megara", 0, "hoplite", 1)
    for seat in list(state["order"]):
        state = play(act_as(state, seat), seat, "pass") if not state["seats"][seat]["passed"] else state
    assert state["cities"]["megara"]["owner"] == 0
    frame = current(state)
    assert frame["kind"] == "rival" and GAME.to_move(state) == [0]
    assert sorted(moves(state, 0)) == ["forsake ares", "forsake athena"]
    with pytest.raises(IllegalAction, match="forsake one of those two"):
        GAME.play(state, 0, "forsake zeus")
    athena_temples = len(temples_owned(state, 0)["athena"])
    after = play(state, 0, "forsake athena")
    owned = temples_owned(after, 0)
    assert "athena" not in owned and "ares" in owned and athena_temples >= 1
    assert rival_clash(after, 0) is None
    assert any("forsakes Athena" in entry["text"] for entry in after["log"])


def test_non_neighbours_on_the_track_are_no_rivals(rival_game):
    state = rival_game
    own(state, "megara", 0)
    upgrade(state, "megara", 0, "temple", deity="hermes")
    assert rival_clash(state, 0) is None
    state["stack"] = []
    assert enforce(state) is False


def test_a_rulebook_ai_seat_forsakes_the_rival_with_fewer_temples(rival_game):
    state = rival_game
    state["ai_seats"] = [0]
    own(state, "megara", 0)
    upgrade(state, "megara", 0, "temple", deity="ares")
    state["stack"] = []
    assert enforce(state) is False
    owned = temples_owned(state, 0)
    assert "ares" not in owned and "athena" in owned
