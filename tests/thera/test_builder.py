"""The Builder: industry, luxuries, roads, favored extras, the Architect,
and the order of play when the pool runs short."""

import pytest

from engine.core import IllegalAction


def site(kit, players=2, advanced=False, **kwargs):
    state = kit.new(players, seed=7, two_player=False, advanced=advanced, **kwargs)
    state["setup"] = None
    state["step"] = "choose"
    for seat in range(players):
        kit.clear_island(state, seat)
        state["drachma"][seat] = 10
    return state


class TestRulebookExample:
    """ "you select the Builder role with six favor tokens on it. Every player
    gets to build one Industry Building, one Luxury building, and as many
    roads as they want. You do as well, but you may also build an additional
    building of your choice, and two free roads.\""""

    def test_the_whole_example(self, kit):
        state = site(kit)
        for seat in (0, 1):
            state["hands"][seat] = ["shrine", "altar"]
            kit.put(state, seat, "b2", stone=2, water=1)  # a Quarry
            kit.put(state, seat, "b3", stone=3, water=1)  # a Shrine
            kit.put(state, seat, "c3", stone=4)  # an Altar, or a Grove, or roads
        state = kit.choose(state, 0, "builder", tokens=6)
        assert state["phase"]["allow"][0]["free_roads"] == 2
        state = kit.play(
            state,
            (0, "build quarry b2"),
            (0, "build shrine b3"),
            (0, "build altar c3"),
            (0, "free road d4 e4"),
            (0, "free road e4 e5"),
        )
        assert kit.res(state, 0, "c3") == {}
        state = kit.play(state, (1, "build quarry b2"), (1, "build shrine b3"))
        with pytest.raises(IllegalAction, match="already built your luxury"):
            kit.play(state, (1, "build altar c3"))
        with pytest.raises(IllegalAction, match="already built your industry"):
            kit.play(state, (1, "build grove c3"))
        state = kit.play(state, (1, "road c3 c4"), (1, "road c3 d3"))  # as many roads as they want
        assert kit.res(state, 1, "c3") == {"stone": 2}


class TestBuilding:
    def test_resources_on_the_site_and_drachma_from_hand(self, kit):
        """ "you must have resources equal to the cost of a building on the
        building site and enough drachma in your hand.\""""
        state = site(kit)
        kit.put(state, 0, "b2", stone=1, water=1)
        kit.put(state, 0, "b3", stone=1)
        state = kit.choose(state, 0, "builder", tokens=0)
        with pytest.raises(IllegalAction, match="needs 1 water, 2 stone on b2; b2 has 1 water, 1 stone"):
            kit.play(state, (0, "build quarry b2"))
        state["drachma"][0] = 0
        kit.put(state, 0, "b2", stone=3, water=2)
        with pytest.raises(IllegalAction, match="costs 1 drachma and you have 0"):
            kit.play(state, (0, "build quarry b2"))
        state["drachma"][0] = 1
        state = kit.play(state, (0, "build quarry b2"))
        assert kit.res(state, 0, "b2") == {"water": 1, "stone": 1}  # the rest stays
        assert state["drachma"][0] == 0
        assert state["industry"]["quarry"] == 5

    def test_only_on_an_empty_location(self, kit):
        state = site(kit)
        kit.put(state, 0, "c2", stone=3, water=1)
        state = kit.choose(state, 0, "builder", tokens=0)
        with pytest.raises(IllegalAction, match="c2 already holds your Small Quarry"):
            kit.play(state, (0, "build quarry c2"))

    def test_luxury_must_be_in_hand(self, kit):
        state = site(kit)
        kit.put(state, 0, "b2", stone=3, water=1)
        state = kit.choose(state, 0, "builder", tokens=0)
        with pytest.raises(IllegalAction, match="no Shrine of Hestia .* in your hand"):
            kit.play(state, (0, "build shrine b2"))

    def test_advanced_buildings_only_in_the_advanced_game(self, kit):
        state = site(kit)
        kit.put(state, 0, "b2", stone=4)
        state = kit.choose(state, 0, "builder", tokens=0)
        with pytest.raises(IllegalAction, match="advanced building"):
            kit.play(state, (0, "build spring b2"))

    def test_architect_builds_one_more_luxury_next_to_it(self, kit):
        """Architect: "You may construct a Luxury building in an empty location
        adjacent to this location.\""""
        state = site(kit, advanced=True)
        kit.building(state, 0, "c3", "architect")
        state["hands"][0] = ["shrine", "shrine", "shrine"]
        for where in ("d3", "b2", "e3"):
            kit.put(state, 0, where, stone=3, water=1)
        state = kit.choose(state, 0, "builder", tokens=0)
        state = kit.play(state, (0, "build shrine b2"))  # the normal luxury build
        with pytest.raises(IllegalAction, match="Architect builds only on an empty location next to it"):
            kit.play(state, (0, "build shrine e3"))
        state = kit.play(state, (0, "build shrine d3"))  # next to the Architect on c3
        assert state["hands"][0] == ["shrine"]


class TestRoads:
    def test_a_road_costs_a_stone_from_one_end(self, kit):
        """ "You construct a road by spending a stone from a location and
        placing a built road onto an unbuilt road between the space you
        removed the stone from and an adjacent location.\""""
        state = site(kit)
        kit.put(state, 0, "c2", stone=1)
        state = kit.choose(state, 0, "builder", tokens=0)
        assert "road c2 c3" in kit.game.legal(state, 0) and "road c3 c2" not in kit.game.legal(state, 0)
        with pytest.raises(IllegalAction, match="no stone on c3 .* write `road c2 c3`"):
            kit.play(state, (0, "road c3 c2"))
        with pytest.raises(IllegalAction, match="not adjacent"):
            kit.play(state, (0, "road c2 e4"))
        state = kit.play(state, (0, "road c2 c3"))
        assert kit.res(state, 0, "c2") == {}

    def test_roads_only_in_the_builder_phase(self, kit):
        state = site(kit)
        kit.put(state, 0, "c2", stone=1)
        state = kit.choose(state, 0, "planner", tokens=0)
        with pytest.raises(IllegalAction, match="Builder step"):
            kit.play(state, (0, "road c2 c3"))


class TestScarceIndustry:
    """ "if a situation arises where the order in which players perform
    actions matters, you (the favored player) performs all of your actions
    first, followed by the player to your left\" — here, the last Quarry."""

    def test_a_later_seat_waits_for_the_last_copy(self, kit):
        state = site(kit, players=3)
        state["industry"]["quarry"] = 1
        for seat in (1, 2):
            kit.put(state, seat, "b2", stone=2, water=1)
        state = kit.choose(state, 1, "builder", tokens=0)
        assert "build quarry b2" not in kit.game.legal(state, 2)
        with pytest.raises(IllegalAction, match="Only 1 Quarry left in the pool, and Orange"):
            kit.play(state, (2, "build quarry b2"))
        state = kit.play(state, (1, "done"))
        state = kit.play(state, (2, "build quarry b2"))
        assert state["industry"]["quarry"] == 0

    def test_no_wait_when_the_earlier_seat_cannot_afford_it(self, kit):
        state = site(kit, players=3)
        state["industry"]["quarry"] = 1
        kit.put(state, 2, "b2", stone=2, water=1)
        kit.put(state, 1, "c2", stone=1)  # keeps Orange busy, but it cannot build a Quarry
        state = kit.choose(state, 1, "builder", tokens=0)
        assert kit.game.to_move(state) == [1, 2]
        state = kit.play(state, (2, "build quarry b2"))
        assert state["industry"]["quarry"] == 0

    def test_the_pool_runs_out(self, kit):
        state = site(kit)
        state["industry"]["grove"] = 0
        kit.put(state, 0, "b2", stone=3)
        state = kit.choose(state, 0, "builder", tokens=0)
        with pytest.raises(IllegalAction, match="No Grove is left"):
            kit.play(state, (0, "build grove b2"))
