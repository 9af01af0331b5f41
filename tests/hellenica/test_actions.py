"""Build, Train, Research, Worship, Supply, Exchange — with the rulebook's examples."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.hellenica import GAME
from engine.games.hellenica.steps import current
from tests.hellenica.helpers import act_as, count, home_of, learn, new_game, own, play, units, upgrade


@pytest.fixture
def game():
    """Blue (seat 0) to act, in a two-player game."""
    return act_as(new_game(2, seed=21), 0)


def _home(state):
    return home_of(state, 0)


class TestWorship:
    def test_jason_worships_in_athens(self, game):
        """Worship example: 2 Temples (different patrons) give 2 Favor and one
        is exhausted; a later Worship there gives 1."""
        city = _home(game)
        upgrade(game, city, 0, "temple", deity="athena")
        upgrade(game, city, 1, "temple", deity="zeus")
        upgrade(game, city, 2, None)
        game["cities"][city]["government"] = None
        favor = game["seats"][0]["favor"]
        game["seats"][0]["cubes"]["worship"] = 2
        after = play(game, 0, f"worship {city}")
        assert after["seats"][0]["favor"] == favor + 2
        temples = [p["state"] for p in after["cities"][city]["slots"] if p and p["type"] == "temple"]
        assert sorted(temples) == ["active", "exhausted"]
        after = play(act_as(after, 0), 0, f"worship {city}")
        assert after["seats"][0]["favor"] == favor + 3

    def test_no_active_temple_no_worship(self, game):
        city = _home(game)
        for slot, piece in enumerate(game["cities"][city]["slots"]):
            if piece and piece["type"] == "temple":
                piece["state"] = "exhausted"
        assert f"worship {city}" not in GAME.legal(game, 0)
        with pytest.raises(IllegalAction, match="no Active Temple"):
            GAME.play(game, 0, f"worship {city}")

    def test_needs_a_worship_cube(self, game):
        game["seats"][0]["cubes"]["worship"] = 0
        with pytest.raises(IllegalAction, match="no Worship cube"):
            GAME.play(game, 0, f"worship {_home(game)}")


class TestTrain:
    def test_travis_trains_hoplites_in_thebes(self, game):
        """Train example: 2 Barracks place 2 Hoplites and one Barracks is
        exhausted; later only 1 Hoplite."""
        city = _home(game)
        game["cities"][city]["government"] = None
        upgrade(game, city, 0, "barracks")
        upgrade(game, city, 1, "barracks")
        before = count(game, city, 0, "hoplite")
        game["seats"][0]["cubes"]["train"] = 2
        after = play(game, 0, f"train hoplites {city}")
        assert count(after, city, 0, "hoplite") == before + 2
        after = play(act_as(after, 0), 0, f"train hoplites {city}")
        assert count(after, city, 0, "hoplite") == before + 3

    def test_government_marker_counts_as_its_upgrade(self, game):
        """ "a Tyranny Government Marker is also a Barracks"."""
        city = _home(game)
        after = play(game, 0, f"train hoplites {city}")
        assert count(after, city, 0, "hoplite") == 2
        assert after["cities"][city]["government"]["state"] == "exhausted"

    def test_a_single_hero_per_action(self, game):
        city = _home(game)
        upgrade(game, city, 3, "academy")
        after = play(game, 0, f"train hero {city}")
        assert count(after, city, 0, "hero") == 1

    def test_unit_limits(self, game):
        """ "Players may not have more than 10 of each unit type or more than 5 heroes.\""""
        city = _home(game)
        units(game, "panactum", 0, "hoplite", 8)  # 9 with the one at home
        upgrade(game, city, 3, "barracks")  # with the Tyranny, 2 would be trained
        after = play(game, 0, f"train hoplites {city}")
        assert sum(count(after, a, 0, "hoplite") for a in after["units"]) == 10
        units(game, "panactum", 0, "hoplite", 1)
        with pytest.raises(IllegalAction, match="already have 10 hoplites"):
            GAME.play(game, 0, f"train hoplites {city}")

    def test_elite_training(self, game):
        city = _home(game)
        learn(game, 0, "elite-training")
        after = play(game, 0, f"train hoplites {city}")
        assert any(s["elite"] and s["kind"] == "hoplite" for s in after["units"][city])

    def test_nothing_matching(self, game):
        with pytest.raises(IllegalAction, match="no Active Stables"):
            GAME.play(game, 0, f"train cavalry {_home(game)}")

    def test_not_your_city(self, game):
        with pytest.raises(IllegalAction, match="do not own"):
            GAME.play(game, 0, f"train hoplites {home_of(game, 1)}")


class TestResearch:
    def test_chance_researches_logistics(self, game):
        """Research example: 2 Philosophers + 1 held = 3; Logistics or Tactics
        are open, Leadership is not until a second level 1 Military advancement."""
        city = _home(game)
        upgrade(game, city, 3, "academy")
        learn(game, 0, "conscription", "brilliant-general")
        game["seats"][0]["philosophers"] = 1
        after = play(game, 0, f"research {city}")
        assert after["seats"][0]["philosophers"] == 3
        legal = GAME.legal(after, 0)
        assert "learn logistics" in legal and "learn tactics" in legal
        assert "learn leadership" not in legal
        with pytest.raises(IllegalAction, match="another level 1 Military"):
            GAME.play(after, 0, "learn leadership")
        after = play(after, 0, "learn logistics")
        assert after["seats"][0]["philosophers"] == 2
        assert "logistics" in after["seats"][0]["advancements"]
        after["seats"][0]["philosophers"] = 3
        from engine.games.hellenica.advancements import research_refusal

        assert research_refusal(after, 0, "leadership") is None

    def test_level_two_needs_level_one_and_costs_three(self, game):
        city = _home(game)
        game["seats"][0]["philosophers"] = 5
        after = play(game, 0, f"research {city}")
        with pytest.raises(IllegalAction, match="need a level 1 Naval"):
            GAME.play(after, 0, "learn brilliant-admiral")
        learn(after, 0, "ramming")
        after = play(after, 0, "learn brilliant-admiral")
        assert after["seats"][0]["philosophers"] == 6 - 3

    def test_exactly_one_advancement_per_action(self, game):
        game["seats"][0]["philosophers"] = 5
        after = play(game, 0, f"research {_home(game)}", "learn mining")
        assert current(after)["kind"] != "research"

    def test_commerce_converts_after_the_advancement_too(self, game):
        """ "During a Research action, the Active Player may convert Commerce
        ... Converting Commerce into Philosophers is a free part of the research
        Action": after the one Advancement ("the second part of the Research
        Action") the action is still under way, so converting stays open; a
        second Advancement does not."""
        game["seats"][0]["philosophers"] = 5
        game["seats"][0]["commerce"] = 6
        after = play(game, 0, f"research {_home(game)}", "learn mining")
        assert current(after)["kind"] == "research"
        assert [a for a in GAME.legal(after, 0) if not a.startswith(("offer", "invoke"))] == ["convert", "done"]
        with pytest.raises(IllegalAction, match="exactly 1 Advancement"):
            GAME.play(after, 0, "learn tactics")
        after = play(after, 0, "convert")
        assert current(after)["kind"] == "research"
        after = play(after, 0, "convert")  # no Commerce left to convert: the action ends
        assert current(after)["kind"] != "research"
        assert (after["seats"][0]["commerce"], after["seats"][0]["philosophers"]) == (0, 6 + 2 - 1)

    def test_convert_commerce_three_to_one(self, game):
        """ "For every 3 Commerce spent the player receives 1 Philosopher."""
        game["seats"][0]["commerce"] = 7
        after = play(game, 0, f"research {_home(game)}", "convert", "convert")
        assert after["seats"][0]["commerce"] == 1
        assert after["seats"][0]["philosophers"] == 1 + 2
        with pytest.raises(IllegalAction, match="costs 3 Commerce"):
            GAME.play(after, 0, "convert")
        assert "convert" not in GAME.legal(game, 0)  # only during a Research action

    def test_scribes_convert_two_to_one(self, game):
        learn(game, 0, "scribes")
        game["seats"][0]["commerce"] = 2
        after = play(game, 0, f"research {_home(game)}", "convert")
        assert after["seats"][0]["commerce"] == 0


class TestWonder:
    def test_dans_wonder(self, game):
        """Wonder example: Temple, Academy, Barracks and a Wonder in Athens —
        Worship gives 2 Favor and exhausts the Temple; then Worship gives 1 by
        exhausting the Wonder, while Research still gives 2."""
        city = _home(game)
        game["cities"][city]["government"] = None
        upgrade(game, city, 0, "temple", deity="athena")
        upgrade(game, city, 1, "academy")
        upgrade(game, city, 2, "barracks")
        upgrade(game, city, 3, "wonder")
        from engine.games.hellenica.cities import production

        assert [production(game, city, k) for k in ("temple", "academy", "barracks")] == [2, 2, 2]
        favor = game["seats"][0]["favor"]
        game["seats"][0]["cubes"]["worship"] = 2
        after = play(game, 0, f"worship {city}")
        assert after["seats"][0]["favor"] == favor + 2
        assert after["cities"][city]["slots"][0]["state"] == "exhausted"
        assert after["cities"][city]["slots"][3]["state"] == "active"
        assert production(after, city, "academy") == 2
        after = play(act_as(after, 0), 0, f"worship {city}")
        assert after["seats"][0]["favor"] == favor + 3
        assert after["cities"][city]["slots"][3]["state"] == "exhausted"

    def test_wonder_matches_only_types_present(self, game):
        city = _home(game)
        upgrade(game, city, 3, "wonder")
        from engine.games.hellenica.cities import production

        assert production(game, city, "stables") == 0


class TestBuild:
    def test_build_on_an_empty_settlement_under_construction(self, game):
        city = _home(game)
        after = play(game, 0, f"build barracks {city}")
        assert after["cities"][city]["slots"][3] == {"type": "barracks", "state": "building"}
        assert after["seats"][0]["cubes"]["build"] == 0

    def test_replace_active_or_under_construction_but_not_exhausted(self, game):
        """ "City Upgrades may replace an existing Active or Under Construction
        City Upgrade, but not an Exhausted one.\""""
        city = _home(game)
        after = play(game, 0, f"build stables {city} over market")
        assert sorted(p["type"] for p in after["cities"][city]["slots"] if p) == ["academy", "stables", "temple"]
        game["cities"][city]["slots"][0]["state"] = "exhausted"  # the Academy
        with pytest.raises(IllegalAction, match="Exhausted and cannot be replaced"):
            GAME.play(game, 0, f"build stables {city} over academy")
        learn(game, 0, "engineering")
        play(game, 0, f"build stables {city} over academy")

    def test_temple_asks_for_its_patron(self, game):
        city = _home(game)
        after = play(game, 0, f"build temple {city}")
        assert current(after)["kind"] == "dedicate" and GAME.to_move(after) == [0]
        after = play(after, 0, "dedicate hermes")
        assert after["cities"][city]["slots"][3] == {"type": "temple", "state": "building", "deity": "hermes"}

    def test_mines_need_mining(self, game):
        mine = next(
            m
            for m, body in __import__("engine.games.hellenica.board", fromlist=["preset"])
            .preset("classic")
            .mines.items()
            if body.city == _home(game)
        )
        with pytest.raises(IllegalAction, match="needs the Mining advancement"):
            GAME.play(game, 0, f"build barracks {mine}")
        learn(game, 0, "mining")
        after = play(game, 0, f"build barracks {mine}")
        assert after["mines"][mine]["type"] == "barracks"
        with pytest.raises(IllegalAction, match="never be placed on a mine"):
            GAME.play(game, 0, f"build walls {mine}")

    def test_one_walls_per_city(self, game):
        city = _home(game)
        after = play(game, 0, f"build walls {city}")
        after["seats"][0]["cubes"]["build"] = 1
        with pytest.raises(IllegalAction, match="one per city"):
            GAME.play(act_as(after, 0), 0, f"build walls {city} over market")

    def test_docks_need_a_coastal_city(self, game):
        """ "Docks may only be placed ... where the City has a clearing facing
        an adjacent Sea Area" — Larissa has none."""
        own(game, "larissa", 0)
        with pytest.raises(IllegalAction, match="clearing facing the sea"):
            GAME.play(game, 0, "build docks larissa")
        play(game, 0, f"build docks {_home(game)}")

    def test_one_wonder_per_player(self, game):
        city = _home(game)
        with pytest.raises(IllegalAction, match="needs the Wonder of the World advancement"):
            GAME.play(game, 0, f"build wonder {city}")
        learn(game, 0, "wonder")
        after = play(game, 0, f"build wonder {city}")
        after["seats"][0]["cubes"]["build"] = 1
        with pytest.raises(IllegalAction, match="one per player per game"):
            GAME.play(act_as(after, 0), 0, f"build wonder {city} over market")

    def test_change_of_government(self, game):
        """ "returns their Active Government Marker to the pool and places a new
        Government ... place the natural wood Action Cube on it".\""""
        city = _home(game)
        after = play(game, 0, f"build government republic {city}")
        assert after["cities"][city]["government"] == {"type": "republic", "state": "building"}
        game["cities"][city]["government"]["state"] = "exhausted"
        with pytest.raises(IllegalAction, match="Exhausted"):
            GAME.play(game, 0, f"build government republic {city}")

    def test_delphi_free_temple_holds_only_a_temple(self, game):
        own(game, "delphi", 0)
        with pytest.raises(IllegalAction, match="holds only a Temple"):
            GAME.play(game, 0, "build market oracle")
        after = play(game, 0, "build temple oracle", "dedicate apollo")
        assert after["cities"]["delphi"]["oracle"]["deity"] == "apollo"


class TestSupplyAndExchange:
    def test_supply_commerce(self, game):
        city = _home(game)
        after = play(game, 0, f"supply commerce from {city}")
        assert after["seats"][0]["commerce"] == 1
        market = next(p for p in after["cities"][city]["slots"] if p and p["type"] == "market")
        assert market["state"] == "exhausted"

    def test_supply_movement_needs_units_that_can_move(self, game):
        with pytest.raises(IllegalAction, match="no units in Delphi"):
            GAME.play(game, 0, f"supply delphi from {_home(game)}")

    def test_exchange_takes_an_action_without_cube_or_exhaustion(self, game):
        """ "The player does not spend an Action Cube nor do they Exhaust any
        City Upgrade" — but still needs the matching upgrade."""
        city = _home(game)
        game["seats"][0]["commerce"] = 4
        game["seats"][0]["cubes"]["train"] = 0
        after = play(game, 0, f"exchange train hoplites {city}")
        assert after["seats"][0]["commerce"] == 1
        assert after["cities"][city]["government"]["state"] == "active"
        assert count(after, city, 0, "hoplite") == 2
        with pytest.raises(IllegalAction, match="no Active Stables"):
            GAME.play(game, 0, f"exchange train cavalry {city}")

    def test_exchange_build_is_still_under_construction(self, game):
        game["seats"][0]["commerce"] = 3
        after = play(game, 0, f"exchange build walls {_home(game)}")
        assert after["cities"][_home(game)]["slots"][3]["state"] == "building"
        assert after["seats"][0]["cubes"]["build"] == 1

    def test_exchange_costs_three_commerce(self, game):
        game["seats"][0]["commerce"] = 2
        assert not any(a.startswith("exchange") for a in GAME.legal(game, 0))
        with pytest.raises(IllegalAction, match="costs 3 Commerce"):
            GAME.play(game, 0, f"exchange worship {_home(game)}")


def test_listed_actions_are_exactly_those_the_refusals_allow():
    """The lists of Build and Train actions are computed in one pass per city;
    in mid-game positions they hold exactly the actions whose refusal checks
    pass (nothing allowed is missing, nothing refused is listed)."""
    from engine.games.hellenica import build, produce
    from engine.games.hellenica.board import preset
    from engine.games.hellenica.components import TRAINABLE, UPGRADES
    from engine.games.hellenica.notation import train_word

    board = preset("classic")
    state = GAME.new(4, {"homes": "random"}, 3)
    checked = 0
    for step in range(900):
        movers = GAME.to_move(state)
        if not movers:
            break
        seat = movers[0]
        state = GAME.play(state, seat, GAME.choose(state, seat, "random", step))
        if step % 25:
            continue
        for seat in range(4):
            listed = set(build.upgrade_commands(state, seat))
            places = [(c, None) for c in state["cities"]] + [(m, None) for m in board.mines] + [("oracle", None)]
            places += [(c, build.target_token(p)) for c, r in state["cities"].items() for p in r["slots"] if p]
            for kind in UPGRADES:
                for place, over in places:
                    command = f"build {kind} {place}" + (f" over {over}" if over else "")
                    allowed = build.upgrade_refusal(state, seat, kind, place, over) is None
                    assert allowed == (command in listed), (
                        command,
                        build.upgrade_refusal(state, seat, kind, place, over),
                    )
                    checked += 1
            trained = set(produce.commands(state, seat, "train"))
            for city in state["cities"]:
                for kind in TRAINABLE:
                    allowed = produce.train_refusal(state, seat, kind, city) is None
                    assert allowed == (f"train {train_word(kind)} {city}" in trained)
    assert checked > 10_000
