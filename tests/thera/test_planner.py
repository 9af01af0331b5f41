"""The Planner: moves, extra moves, free roads, bonus recognition, Crossroads."""

import pytest

from engine.core import IllegalAction
from engine.games.thera.planner import bonus_recognition


def planner(kit, tokens, spend=0, advanced=False):
    state = kit.new(2, seed=6, two_player=False, advanced=advanced)
    state["setup"] = None
    state["step"] = "choose"
    state["drachma"][0] = 10
    kit.clear_island(state, 0)
    return state, tokens, spend


def choose(kit, arranged):
    state, tokens, spend = arranged
    return kit.choose(state, 0, "planner", tokens=tokens, spend=spend)


class TestRulebookExample:
    """ "you select the Planner role with three favor tokens, and pay an
    additional six drachma to bring your total favor for this phase up to
    nine. ... you also get to choose 4 resources and move them an additional
    time. You could also, if you wanted, move one resource 2 additional times
    and two other resource one additional time. ... You also get to build 2
    free roads wherever you want, before you move any of your goods. In
    addition to that, you also get four bonus recognition.\""""

    def test_nine_favor(self, kit):
        state, tokens, spend = planner(kit, 3, 6)
        kit.put(state, 0, "b2", stone=1)
        kit.put(state, 0, "c3", water=2)
        state = choose(kit, (state, tokens, spend))
        assert state["phase"]["favor"] == 9
        assert state["phase"]["extra"][0] == 4
        assert state["phase"]["allow"][0]["free_roads"] == 2
        assert state["bonus"][0] == 4
        # Two free roads before moving anything.
        state = kit.play(state, (0, "free road b2 c2"), (0, "free road c2 d2"))
        # One stone moves three times (once + 2 extra), two water once more each (+2 extra).
        state = kit.play(state, (0, "move stone b2 d2"), (0, "move stone d2 e2"), (0, "move stone e2 e3"))
        state = kit.play(state, (0, "move water c3 c4"), (0, "move water c3 d3"))
        state = kit.play(state, (0, "move water c4 b4"), (0, "move water d3 e3"))
        assert kit.res(state, 0, "e3") == {"stone": 1, "water": 1}
        assert kit.res(state, 0, "b4") == {"water": 1}
        assert state["phase"]["extra"][0] == 0
        assert not [a for a in kit.game.legal(state, 0) if a.startswith("move")]

    def test_thresholds(self):
        """Three or more: one; six: one more; nine: two more (four overall)."""
        assert [bonus_recognition(f) for f in (2, 3, 5, 6, 8, 9, 13)] == [0, 1, 1, 2, 2, 4, 4]


class TestMoves:
    def test_built_roads_then_an_unbuilt_road(self, kit):
        """ "you could move a resource across multiple built roads followed by
        a second move of the same resource across an unbuilt road.\""""
        state, tokens, spend = planner(kit, 2)
        kit.roads(state, 0, "a2-b2", "b2-c2", "c2-d2")
        kit.put(state, 0, "a2", cloth=1)
        state = choose(kit, (state, tokens, spend))
        state = kit.play(state, (0, "move cloth a2 d2"), (0, "move cloth d2 d3"))
        assert kit.res(state, 0, "d3") == {"cloth": 1}

    def test_favored_free_road_only_for_the_favored(self, kit):
        state = choose(kit, planner(kit, 4))
        with pytest.raises(IllegalAction, match="no free road"):
            kit.play(state, (1, "free road a2 b2"))
        state = kit.play(state, (0, "free road b2 a2"))  # either order
        assert state["mats"][0]["roads"][kit.mat.road_between(kit.loc("a2"), kit.loc("b2"))] == 1

    def test_free_road_on_a_built_road(self, kit):
        state, tokens, spend = planner(kit, 8)
        kit.roads(state, 0, "a2-b2")
        state = choose(kit, (state, tokens, spend))
        with pytest.raises(IllegalAction, match="already built"):
            kit.play(state, (0, "free road a2 b2"))

    def test_crossroads(self, kit):
        """Crossroads: "You may move every resource on or adjacent to this
        location once. You may activate this building before or after any
        other movement effects.\""""
        state, tokens, spend = planner(kit, 0, advanced=True)
        kit.building(state, 0, "c3", "crossroads")
        kit.put(state, 0, "c3", stone=1)
        kit.put(state, 0, "b2", stone=1)  # not adjacent to c3
        state = choose(kit, (state, tokens, spend))
        state = kit.play(state, (0, "move stone c3 c4"))
        with pytest.raises(IllegalAction):
            kit.play(state, (0, "move stone c4 d4"))
        state = kit.play(state, (0, "crossroads c3"))  # c4 is adjacent: the stone may move again
        state = kit.play(state, (0, "move stone c4 d4"), (0, "move stone b2 b3"))
        with pytest.raises(IllegalAction):
            kit.play(state, (0, "move stone b3 b4"))
        assert kit.res(state, 0, "d4") == {"stone": 1}
