"""Upkeep: conquest, new governments, Delphi's Free Temple, retrieving cubes,
Deity Cards, replenishing boards — and the objectives and victory."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.hellenica import GAME
from engine.games.hellenica.objectives import completed, met, upgrade_count, victors
from engine.games.hellenica.steps import current
from engine.games.hellenica.upkeep import conquer, replenish, retrieve
from tests.hellenica.helpers import (
    act_as,
    clear_units,
    count,
    home_of,
    learn,
    moves,
    new_game,
    own,
    play,
    units,
    upgrade,
)


@pytest.fixture
def game():
    state = new_game(2, seed=44)
    clear_units(state)
    return state


def _finish_turn(state: dict) -> dict:
    """Both seats pass; the game moves through Upkeep to the next decision."""
    for seat in list(state["order"]):
        state = play(act_as(state, seat), seat, "pass") if not state["seats"][seat]["passed"] else state
    return state


def _to_actions(state: dict) -> dict:
    """Through the rest of Upkeep (a Government Marker to place) and the next
    turn's Ethos and Favorite phases to its first action."""
    while state["phase"] != "over" and current(state)["kind"] != "action":
        seat = GAME.to_move(state)[0]
        state = play(state, seat, moves(state, seat)[0])
    return state


class TestConquest:
    def test_sole_occupier_conquers_a_neutral_city(self, game):
        units(game, "megara", 0, "hoplite", 1)
        state = _finish_turn(game)
        assert state["cities"]["megara"]["owner"] == 0

    def test_shared_or_empty_cities_are_not_conquered(self, game):
        units(game, "megara", 0, "hoplite", 1)
        units(game, "megara", 1, "hoplite", 1)
        state = _finish_turn(game)
        assert state["cities"]["megara"]["owner"] is None

    def test_what_a_conquered_city_loses(self, game):
        """Under Construction upgrades and the Government Marker are
        destroyed; half of the Active and Exhausted ones (rounded down) at
        random; mines are unaffected."""
        home = home_of(game, 1)
        upgrade(game, home, 3, "barracks", status="building")
        game["cities"][home]["slots"][0]["state"] = "exhausted"
        mine = next(
            m
            for m, body in __import__("engine.games.hellenica.board", fromlist=["x"]).preset("classic").mines.items()
            if body.city == home
        )
        game["mines"][mine] = {"type": "market", "state": "active"}
        conquer(game, 0, home)
        slots = game["cities"][home]["slots"]
        assert slots[3] is None
        assert game["cities"][home]["government"] is None
        assert sum(1 for p in slots if p) == 3 - 3 // 2
        assert game["mines"][mine] is not None
        assert game["cities"][home]["owner"] == 0

    def test_law_code_keeps_the_upgrades(self, game):
        learn(game, 0, "law-code")
        conquer(game, 0, home_of(game, 1))
        assert sum(1 for p in game["cities"][home_of(game, 1)]["slots"] if p) == 3

    def test_losing_the_government_city(self, game):
        """The loser places a new Government Marker on a city it still owns and
        activates it for free: a Tyranny gives a Hoplite."""
        loser = 1
        home = home_of(game, loser)
        own(game, "megara", loser)
        units(game, home, 0, "hoplite", 2)
        state = _finish_turn(game)
        assert state["cities"][home]["owner"] == 0
        assert current(state)["kind"] == "government" and GAME.to_move(state) == [loser]
        assert moves(state, loser) == [
            f"government {g} megara"
            for g in ("tyranny", "republic", "democracy", "oligarchy", "theocracy", "thalassocracy")
        ]
        with pytest.raises(IllegalAction, match="still own"):
            GAME.play(state, loser, f"government tyranny {home}")
        state = GAME.play(state, loser, "government tyranny megara")
        assert state["cities"]["megara"]["government"] == {"type": "tyranny", "state": "active"}
        assert count(state, "megara", loser, "hoplite") == 1

    def test_democracy_gives_a_philosopher_and_a_research(self, game):
        loser = 1
        own(game, "megara", loser)
        units(game, home_of(game, loser), 0, "hoplite", 1)
        state = _finish_turn(game)
        philosophers = state["seats"][loser]["philosophers"]
        state = GAME.play(state, loser, "government democracy megara")
        assert state["seats"][loser]["philosophers"] == philosophers + 1
        assert current(state)["kind"] == "research"
        state = GAME.play(state, loser, "learn mining")
        assert "mining" in state["seats"][loser]["advancements"]

    def test_republic_gives_commerce(self, game):
        loser = 1
        own(game, "megara", loser)
        units(game, home_of(game, loser), 0, "hoplite", 1)
        state = _finish_turn(game)
        commerce = state["seats"][loser]["commerce"]
        state = GAME.play(state, loser, "government republic megara")
        assert state["seats"][loser]["commerce"] == commerce + 1

    def test_taking_delphi_offers_a_free_temple(self, game):
        """ "they may immediately place an Active Temple of their choice for free
        on the Free Temple location, replacing any Temple that is already there.\""""
        game["cities"]["delphi"]["oracle"] = {"type": "temple", "state": "active", "deity": "ares"}
        units(game, "delphi", 0, "hoplite", 1)
        state = _finish_turn(game)
        assert current(state)["kind"] == "oracle" and GAME.to_move(state) == [0]
        state = GAME.play(state, 0, "temple apollo")
        assert state["cities"]["delphi"]["oracle"] == {"type": "temple", "state": "active", "deity": "apollo"}
        assert "apollo" in state["seats"][0]["deities"]  # a new patron's Deity Card

    def test_the_free_temple_keeps_to_rival_deities(self, game):
        """Rival Deities: "A player may never own a Temple belonging to a Deity
        and that Deity's rival at the same time": the free Temple is offered
        only to Deities that are no rival of the player's own."""
        patron = game["cities"][home_of(game, 0)]["slots"][2]["deity"]
        others = [d for d in ("apollo", "ares", "zeus", "hera") if d != patron]
        game["rivals"] = [others[0], patron, others[1], others[2]]
        units(game, "delphi", 0, "hoplite", 1)
        state = _finish_turn(game)
        assert current(state)["kind"] == "oracle"
        offered = {a.split()[1] for a in moves(state, 0) if a != "pass"}
        assert others[0] not in offered and others[1] not in offered and others[2] in offered
        with pytest.raises(IllegalAction, match="Rival Deities"):
            GAME.play(state, 0, f"temple {others[0]}")

    def test_a_new_government_raises_no_units_beside_enemy_units(self, game):
        """The free activation of a Tyranny gives a Hoplite — but, as no Train
        action may place units where enemy units stand, not in a city held
        with the enemy."""
        loser = 1
        own(game, "megara", loser)
        units(game, "megara", loser, "cavalry", 1)
        units(game, "megara", 0, "hoplite", 1)
        units(game, home_of(game, loser), 0, "hoplite", 2)
        state = _finish_turn(game)
        state = GAME.play(state, loser, "government tyranny megara")
        assert count(state, "megara", loser, "hoplite") == 0
        assert state["cities"]["megara"]["government"]["type"] == "tyranny"


class TestRetrieveAndReplenish:
    def test_cubes_come_off_units_and_upgrades(self, game):
        home = home_of(game, 0)
        units(game, "megara", 0, "hoplite", 1, used=1)
        game["cities"][home]["slots"][0]["state"] = "exhausted"
        game["seats"][0]["leaders_used"] = ["land"]
        retrieve(game)
        assert game["units"]["megara"][0]["used"] == 0
        assert game["cities"][home]["slots"][0]["state"] == "active"
        assert game["seats"][0]["leaders_used"] == []

    def test_replenish_one_cube_each_and_a_supply_cube_per_market(self, game):
        """ "For each Active Market a player has on cities they own, place one
        Action Cube on a Supply space", plus unlocked spaces."""
        home = home_of(game, 0)
        upgrade(game, home, 3, "market")
        own(game, "megara", 0)
        upgrade(game, "megara", 0, "market")
        learn(game, 0, "architecture", "caravans")
        replenish(game)
        assert game["seats"][0]["cubes"] == {"build": 2, "train": 1, "research": 1, "worship": 1, "supply": 4}

    def test_republic_counts_as_a_market(self, game):
        home = home_of(game, 0)
        game["cities"][home]["government"] = {"type": "republic", "state": "active"}
        replenish(game)
        assert game["seats"][0]["cubes"]["supply"] == 2

    def test_new_temple_patron_gives_the_deity_card(self, game):
        home = home_of(game, 0)
        upgrade(game, home, 3, "temple", deity="poseidon")
        state = _finish_turn(game)
        assert "poseidon" in state["seats"][0]["deities"]
        assert state["deity_deck"]["poseidon"] == game["deity_deck"]["poseidon"] - 1


class TestObjectives:
    def test_destruction_needs_the_home_city_held_through_a_turn(self, game):
        """Destruction: "Own the Home Cities of 2 other players (1 with 3 or
        fewer players) at the end of two turns in a row" (our threshold, see
        objectives.toml): a Home City conquered at this Upkeep ("Players who
        solely occupy ... City Areas owned by other players, conquer those
        cities") counts at the next end-of-turn check if it is still owned
        then. Two players: one rival Home City is enough."""
        assert not met(game, 0, "destruction")
        own(game, home_of(game, 1), 0)
        assert not met(game, 0, "destruction")  # owned, not yet held at a check
        game["held_homes"] = {"0": [home_of(game, 1)]}
        assert met(game, 0, "destruction")

    def test_a_home_city_conquered_at_upkeep_wins_one_turn_later(self, game):
        """ "Conquer Cities" comes before the check: a Home City taken at this
        Upkeep is recorded as held but does not count yet; still owned at the
        next end of turn, it completes Destruction (here the third objective)."""
        game["seats"][0].update(ethos=["wealth", "devotion"], commerce=12, favor=12)
        rival_home = home_of(game, 1)
        units(game, rival_home, 0, "hoplite", 1)
        state = _finish_turn(game)
        assert state["cities"][rival_home]["owner"] == 0
        assert state["phase"] != "over"  # Wealth and Devotion only: Destruction must wait a turn
        assert state["held_homes"] == {"0": [rival_home]}
        state = _finish_turn(_to_actions(state))
        assert state["phase"] == "over" and state["winners"] == [0]

    def test_a_home_city_retaken_during_the_turn_must_be_held_again(self, game):
        """The owner's turn to take it back: retaken before the next check,
        the city is off the record, and conquering it again starts over."""
        game["seats"][0].update(ethos=["wealth", "devotion"], commerce=12, favor=12)
        rival_home = home_of(game, 1)
        units(game, rival_home, 0, "hoplite", 1)
        state = _finish_turn(game)
        assert met(state, 0, "destruction")
        clear_units(state)
        units(state, rival_home, 1, "hoplite", 1)  # the owner marches back in
        state = _to_actions(_finish_turn(_to_actions(state)))
        assert state["cities"][rival_home]["owner"] == 1 and state["phase"] != "over"
        assert state.get("held_homes") == {}
        clear_units(state)
        units(state, rival_home, 0, "hoplite", 1)
        state = _finish_turn(_to_actions(state))
        assert state["cities"][rival_home]["owner"] == 0 and state["phase"] != "over"

    def test_a_snapshot_without_the_record_holds_nothing(self, game):
        """Snapshots from before the rule have no ``held_homes``: nothing held yet."""
        from engine.games.hellenica.snapshot import load

        own(game, home_of(game, 1), 0)
        game.pop("held_homes", None)
        loaded = load(game)
        assert not met(loaded, 0, "destruction")
        loaded["held_homes"] = {"0": ["nowhere"]}
        with pytest.raises(Exception, match="held Home Cities"):
            load(loaded)

    def test_with_four_players_destruction_needs_two_home_cities(self):
        """ "Own the Home Cities of 2 other players (1 with 3 or fewer
        players) at the end of two turns in a row": with 4 players one held
        rival Home City is not enough, two are (each held at the last check)."""
        state = new_game(4, seed=44)
        clear_units(state)
        first, second = home_of(state, 1), home_of(state, 2)
        own(state, first, 0)
        state["held_homes"] = {"0": [first]}
        assert not met(state, 0, "destruction")
        own(state, second, 0)
        assert not met(state, 0, "destruction")  # the second is owned, not yet held at a check
        state["held_homes"] = {"0": [first, second]}
        assert met(state, 0, "destruction")

    def test_with_four_players_two_home_cities_conquered_at_upkeep_win_one_turn_later(self):
        """Both conquered at this Upkeep, still owned at the next end of
        turn: Destruction is the third objective then, not before."""
        state = new_game(4, seed=44)
        clear_units(state)
        state["seats"][0].update(ethos=["wealth", "devotion"], commerce=12, favor=12)
        for rival in (1, 2):
            units(state, home_of(state, rival), 0, "hoplite", 1)
        state = _finish_turn(state)
        assert state["phase"] != "over" and sorted(state["held_homes"]["0"]) == sorted(
            [home_of(state, 1), home_of(state, 2)]
        )
        state = _finish_turn(_to_actions(state))
        assert state["phase"] == "over" and state["winners"] == [0]

    def test_empire(self, game):
        """Empire: "Own 8 cities" (our threshold, see objectives.toml)."""
        for city in ("megara", "delphi", "chios", "argos", "corinth", "sparta"):
            own(game, city, 0)
        assert not met(game, 0, "empire")  # seven with the Home City
        own(game, "thebes", 0)
        assert met(game, 0, "empire")

    def test_sea_power(self, game):
        for sea in ("cyclades", "dodecanese", "eastern-aegean"):
            units(game, sea, 0, "trireme", 1)
        assert not met(game, 0, "sea-power")
        units(game, "saronic-gulf", 0, "trireme", 1)
        assert met(game, 0, "sea-power")

    def test_upgrade_counts_include_governments_and_wonders(self, game):
        home = home_of(game, 0)
        assert upgrade_count(game, 0, "barracks") == 1  # the Tyranny
        upgrade(game, home, 3, "wonder")
        assert upgrade_count(game, 0, "barracks") == 2
        assert upgrade_count(game, 0, "stables") == 0

    def test_ascendancy_commune_and_knowledge(self, game):
        units(game, "mt-olympus", 0, "hero", 1)
        assert met(game, 0, "ascendancy")
        units(game, "delphi", 0, "hero", 1)
        assert not met(game, 0, "commune")
        own(game, "delphi", 0)
        assert met(game, 0, "commune")
        learn(game, 0, "mining", "priesthood", "coinage", "ramming")
        assert not met(game, 0, "knowledge")
        learn(game, 0, "tactics")
        assert met(game, 0, "knowledge")


class TestVictory:
    def test_three_objectives_win_at_the_end_of_the_turn(self, game):
        game["seats"][0]["ethos"] = ["loyalty", "piety"]
        for city in ("megara", "delphi", "chios", "argos", "corinth", "sparta"):
            own(game, city, 0)
        own(game, home_of(game, 1), 0)  # Destruction and Empire
        game["held_homes"] = {"0": [home_of(game, 1)]}  # held at the last check too
        home = home_of(game, 0)
        for slot in range(4):
            upgrade(game, home, slot, "barracks")
        assert sorted(completed(game, 0)) == ["destruction", "empire", "loyalty"]
        own(game, home_of(game, 1), 1)
        state = play(act_as(game, 0), 0, f"build temple {home} over barracks", "dedicate zeus")
        own(state, home_of(state, 1), 0)
        state = _finish_turn(state)
        assert state["phase"] == "over" and state["winners"] == [0]
        outcome = GAME.outcome(state)
        assert outcome.winners == (0,) and outcome.scores[0] == 3.0
        assert "Destruction" in outcome.notes[0]
        assert state["revealed"] == {"0": ["loyalty", "piety"]}
        assert GAME.to_move(state) == [] and GAME.legal(state, 0) == []

    def test_tie_breaks(self, game):
        """ "most Objectives completed, most City Upgrades, most Advancements,
        most Favor, most Philosophers, and most Commerce ... (or share the
        victory)"."""
        homes = [home_of(game, 0), home_of(game, 1)]
        own(game, homes[1], 0)
        own(game, homes[0], 1)
        game["held_homes"] = {"0": [homes[1]], "1": [homes[0]]}
        for city in ("megara", "delphi", "chios", "argos", "sparta", "olympia", "messene"):
            own(game, city, 0)
        for city in ("corinth", "thebes", "euboea", "mytilene", "crete", "miletus", "phocaea"):
            own(game, city, 1)
        for seat in (0, 1):
            game["seats"][seat].update(ethos=["wealth", "devotion"], commerce=10, favor=9, philosophers=0)
        assert completed(game, 0) == completed(game, 1) == ["destruction", "empire", "wealth"]
        assert victors(game) == [0, 1]  # tied all the way: shared
        upgrade(game, "megara", 0, "market")
        assert victors(game) == [0]  # more City Upgrades
        upgrade(game, "corinth", 0, "market")
        learn(game, 1, "mining")
        assert victors(game) == [1]  # as many upgrades, more Advancements
        learn(game, 0, "coinage")
        game["seats"][1]["favor"] = 8
        assert victors(game) == [0]  # then Favor
        game["seats"][1].update(favor=9, philosophers=1)
        assert victors(game) == [1]  # then Philosophers
