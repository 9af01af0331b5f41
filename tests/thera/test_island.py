"""Adjacency, connection and moving resources over roads."""

import pytest

from engine.core import IllegalAction


def built(kit, *names):
    roads = [0] * len(kit.mat.roads)
    for name in names:
        a, b = (kit.loc(p) for p in name.split("-"))
        roads[kit.mat.road_between(a, b)] = 1
    return roads


class TestAdjacentAndConnected:
    def test_adjacent_by_any_road(self, kit):
        """ "A location is adjacent to another location if there is a single
        road (either built or unbuilt) connecting the two.\""""
        assert sorted(kit.mat.name(l) for l in kit.mat.adjacent(kit.loc("c3"))) == ["b3", "c2", "c4", "d3"]

    def test_connected_by_built_roads(self, kit):
        """ "A location is connected to another location if there is an
        unbroken route of built roads between the two locations.\""""
        roads = built(kit, "c3-d3", "d3-d4", "d4-e4")
        connected = {kit.mat.name(l) for l in kit.mat.connected(roads, kit.loc("c3"))}
        assert connected == {"c3", "d3", "d4", "e4"}


class TestMoveDistances:
    """The rulebook's movement diagram: from A one move reaches B (adjacent)
    or any C (connected); D needs two moves, E three."""

    ROADS = ("b2-c2", "c2-c3", "c3-d3")  # A = b2; C = c2, c3, d3

    def test_one_move_reaches_adjacent_and_connected(self, kit):
        roads = built(kit, *self.ROADS)
        one = {kit.mat.name(l) for l in kit.mat.one_move(roads, kit.loc("b2"))}
        assert {"a2", "b1", "b3"} <= one  # B: across one unbuilt road
        assert {"c2", "c3", "d3"} <= one  # C: any distance over built roads
        assert "e3" not in one

    def test_two_and_three_moves(self, kit):
        roads = built(kit, *self.ROADS)
        assert kit.mat.moves_needed(roads, kit.loc("b2"), kit.loc("e3")) == 2  # D: next to the farthest C
        assert kit.mat.moves_needed(roads, kit.loc("b2"), kit.loc("e4")) == 3  # E: one past D

    def test_without_roads_every_step_is_a_move(self, kit):
        roads = built(kit)
        assert kit.mat.moves_needed(roads, kit.loc("a2"), kit.loc("f5")) == 8


class TestMovingInThePlanner:
    def test_a_move_may_go_far_over_built_roads(self, kit):
        state = kit.new(2)
        kit.clear_island(state, 0)
        kit.roads(state, 0, "b2-c2", "c2-c3", "c3-d3")
        kit.put(state, 0, "b2", stone=1)
        state = kit.choose(state, 0, "planner", tokens=0)
        state = kit.play(state, (0, "move stone b2 d3"))
        assert kit.res(state, 0, "d3") == {"stone": 1}

    def test_each_resource_moves_once(self, kit):
        """ "You may move every resource on your island mat once.\""""
        state = kit.new(2)
        kit.clear_island(state, 1)
        kit.put(state, 1, "b2", stone=2)
        state = kit.choose(state, 0, "planner", tokens=0)
        state = kit.play(state, (1, "move stone b2 b3"))
        with pytest.raises(IllegalAction, match="can still move"):
            kit.play(state, (1, "move stone b3 b4"))
        state = kit.play(state, (1, "move stone b2 c2"))
        assert kit.res(state, 1, "b3") == {"stone": 1} and kit.res(state, 1, "c2") == {"stone": 1}

    def test_too_far_is_refused_with_the_reachable_places(self, kit):
        state = kit.new(2)
        kit.clear_island(state, 0)
        kit.put(state, 0, "b2", water=1)
        state = kit.choose(state, 0, "planner", tokens=0)
        with pytest.raises(IllegalAction, match="not one move from b2.*reaches a2, b1, b3, c2"):
            kit.play(state, (0, "move water b2 d2"))

    def test_counted_moves(self, kit):
        state = kit.new(2)
        kit.clear_island(state, 0)
        kit.put(state, 0, "b2", water=3)
        state = kit.choose(state, 0, "planner", tokens=0)
        assert "move 3 water b2 b3" in kit.game.legal(state, 0)
        state = kit.play(state, (0, "move 2 water b2 b3"))
        assert kit.res(state, 0, "b2") == {"water": 1} and kit.res(state, 0, "b3") == {"water": 2}

    def test_vista_connected_to_the_port(self, kit):
        roads = built(kit, "a2-b2", "b2-b3", "b3-b4", "b4-c4", "c4-d4")
        assert kit.mat.vista_connected(roads, kit.loc("d4"))
        assert not kit.mat.vista_connected(roads, kit.loc("e4"))
