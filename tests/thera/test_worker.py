"""The Worker: converting water, favored doubles, Housing."""

import pytest

from engine.core import IllegalAction


def island_with_converters(kit, advanced=False):
    state = kit.new(2, seed=4, two_player=False, advanced=advanced)
    state["setup"] = None
    state["step"] = "choose"
    kit.clear_island(state, 0)
    kit.building(state, 0, "b2", "quarry")
    kit.building(state, 0, "b3", "grove")
    kit.put(state, 0, "b2", water=2)
    kit.put(state, 0, "b3", water=2)
    kit.put(state, 0, "c2", water=2)
    return state


def workshop(kit, tokens):
    return kit.choose(island_with_converters(kit), 0, "worker", tokens=tokens)


class TestRulebookExample:
    """ "you select the Worker with three favor tokens as your role. Every
    player's Industry buildings ... activate. You choose to activate your
    Quarry twice this turn, converting two of the water on it into four
    stone. Your Small Quarry and your Grove each activate once as well,
    converting one water into one stone and one lumber, respectively.\""""

    def test_the_whole_example(self, kit):
        state = workshop(kit, tokens=3)
        state = kit.play(state, (0, "work b2"), (0, "work b2"), (0, "done"))
        assert kit.res(state, 0, "b2") == {"stone": 4}
        assert kit.res(state, 0, "c2") == {"water": 1, "stone": 1}
        assert kit.res(state, 0, "b3") == {"water": 1, "lumber": 1}


class TestActivation:
    def test_done_activates_every_building_once(self, kit):
        state = workshop(kit, tokens=0)
        state = kit.play(state, (0, "done"))
        assert kit.res(state, 0, "b2") == {"water": 1, "stone": 2}
        assert kit.res(state, 0, "c2") == {"water": 1, "stone": 1}

    def test_no_water_no_resources(self, kit):
        """ "If there is no water on the building when it activates, no resources are produced.\""""
        state = workshop(kit, tokens=0)
        kit.put(state, 0, "b3", water=0)
        with pytest.raises(IllegalAction, match="no water on your Grove on b3"):
            kit.play(state, (0, "work b3"))
        state = kit.play(state, (0, "done"))
        assert kit.res(state, 0, "b3") == {}

    def test_no_second_activation_without_favor(self, kit):
        state = workshop(kit, tokens=2)
        state = kit.play(state, (0, "work b2"))
        with pytest.raises(IllegalAction, match="already activated this phase"):
            kit.play(state, (0, "work b2"))

    def test_doubles_go_to_different_buildings(self, kit):
        """ "If you gain multiple uses of this action, you must select
        different buildings for each ability.\""""
        state = workshop(kit, tokens=6)
        kit.put(state, 0, "b2", water=3)
        state = kit.play(state, (0, "work b2"), (0, "work b2"))
        with pytest.raises(IllegalAction, match="twice"):
            kit.play(state, (0, "work b2"))
        state = kit.play(state, (0, "work b3"), (0, "work b3"))
        assert kit.res(state, 0, "b3") == {"lumber": 2}

    def test_only_converters_work(self, kit):
        state = workshop(kit, tokens=0)
        with pytest.raises(IllegalAction, match="no Small Quarry, Quarry, Grove or Pasture on a2"):
            kit.play(state, (0, "work a2"))

    def test_a_player_with_nothing_to_convert_is_not_kept_waiting(self, kit):
        state = island_with_converters(kit)
        kit.clear_island(state, 1)
        state = kit.choose(state, 0, "worker", tokens=0)
        assert kit.game.to_move(state) == [0]

    def test_housing_doubles_its_neighbours(self, kit):
        """Housing: "All adjacent Small Quarries, Quarries, Pastures, and
        Groves may activate twice\" — but never more than twice."""
        state = island_with_converters(kit, advanced=True)
        kit.building(state, 0, "a3", "housing")  # next to b3 (Grove), not b2
        state = kit.choose(state, 0, "worker", tokens=3)
        state = kit.play(state, (0, "work b3"), (0, "work b3"))  # the Housing's double
        with pytest.raises(IllegalAction, match="twice"):
            kit.play(state, (0, "work b3"))
        state = kit.play(state, (0, "work b2"), (0, "work b2"))  # the favored double is still there
        assert kit.res(state, 0, "b2") == {"stone": 4}
