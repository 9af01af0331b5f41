"""The Priest: refill, water, the envoy, Spring and Customs House."""

import pytest

from engine.core import IllegalAction


def four_player_priest(kit, tokens=5):
    state = kit.new(4, seed=5)
    return kit.choose(state, 0, "priest", tokens=tokens)


class TestRulebookExample:
    """ "During your turn, you choose the Priest with five favor tokens as your
    role in a four-player game, starting the Priest phase. First, you discard
    all the luxury tiles still in the luxury pool, then draw a new set of five
    luxury buildings to replace them. You then have the option of drawing and
    discarding a further five luxury buildings from the bag. After this, all
    other players get two water to place on their island, while you get four
    water - two for the base plus another two from the favor tokens.\""""

    def test_pool_refilled_with_five(self, kit):
        before = kit.new(4, seed=5)
        old_pool = len(before["pool"])
        state = kit.choose(before, 0, "priest", tokens=5)
        assert len(state["pool"]) == 5
        assert state["discarded"] == before["discarded"] + old_pool
        assert len(state["bag"]) == len(before["bag"]) - 5

    def test_envoy_draws_and_discards_five(self, kit):
        state = four_player_priest(kit)
        assert "envoy" in kit.game.legal(state, 0)
        bag, discarded = len(state["bag"]), state["discarded"]
        state = kit.play(state, (0, "envoy"))
        assert len(state["bag"]) == bag - 5 and state["discarded"] == discarded + 5
        assert "envoy" not in kit.game.legal(state, 0)

    def test_four_water_for_the_favored_two_for_the_others(self, kit):
        state = four_player_priest(kit)
        assert [state["phase"]["allow"][s]["water"] for s in range(4)] == [4, 2, 2, 2]

    def test_envoy_needs_five_favor(self, kit):
        state = four_player_priest(kit, tokens=4)
        assert "envoy" not in kit.game.legal(state, 0)
        with pytest.raises(IllegalAction, match="five|5 or more"):
            kit.play(state, (0, "envoy"))

    def test_others_cannot_call_the_envoy(self, kit):
        state = four_player_priest(kit)
        with pytest.raises(IllegalAction):
            kit.play(state, (1, "envoy"))


class TestWater:
    def test_water_anywhere_same_or_different_locations(self, kit):
        """ "You may place these two water on the same location, or on different locations.\""""
        state = four_player_priest(kit, tokens=0)
        kit.clear_island(state, 1)
        state = kit.play(state, (1, "water f5"), (1, "water f5"))
        assert kit.res(state, 1, "f5") == {"water": 2}
        assert 1 not in kit.game.to_move(state)  # nothing left to do: finished

    def test_both_water_at_once(self, kit):
        state = four_player_priest(kit, tokens=0)
        kit.clear_island(state, 1)
        assert "water 2 f5" in kit.game.legal(state, 1) and "water 3 f5" not in kit.game.legal(state, 1)
        with pytest.raises(IllegalAction, match="You have 2 water left to place, not 3"):
            kit.play(state, (1, "water 3 f5"))
        state = kit.play(state, (1, "water 2 f5"))
        assert kit.res(state, 1, "f5") == {"water": 2}

    def test_no_third_water(self, kit):
        state = four_player_priest(kit, tokens=0)
        state = kit.play(state, (1, "water a2"))
        state = kit.play(state, (2, "water a2"), (2, "water b2"))
        with pytest.raises(IllegalAction, match="not your turn"):
            kit.play(state, (2, "water c2"))


class TestSpringAndCustoms:
    def test_spring_waters_its_neighbours(self, kit):
        """Spring: "take two water ... Place this water on location/s adjacent to the Spring.\""""
        state = kit.new(2, advanced=True)
        state["setup"] = None
        state["step"] = "choose"
        kit.building(state, 1, "b3", "spring")
        state = kit.choose(state, 0, "priest", tokens=0)
        assert "spring b3 b4" in kit.game.legal(state, 1)
        with pytest.raises(IllegalAction, match="adjacent to the Spring: a3, b2, b4, c3"):
            kit.play(state, (1, "spring b3 d3"))
        before = kit.res(state, 1, "b4").get("water", 0)
        state = kit.play(state, (1, "spring b3 b4"), (1, "spring b3 a3"))
        assert kit.res(state, 1, "b4")["water"] == before + 1
        assert not [a for a in kit.game.legal(state, 1) if a.startswith("spring")]

    def test_customs_houses_swap_in_turn_order(self, kit):
        """Customs House: "swap an unbuilt luxury building in your hand with a
        luxury building from the pool. If multiple people have built the
        Customs house, they perform this action in turn order.\""""
        state = kit.new(3, advanced=True, seed=2)
        state["setup"] = None
        state["step"] = "choose"
        for seat in (1, 2):
            kit.building(state, seat, "b3", "customs")
            state["hands"][seat] = ["shrine"]
        state = kit.choose(state, 0, "priest", tokens=0)
        wanted = next(l for l in state["pool"] if l != "shrine")
        with pytest.raises(IllegalAction, match="turn order: wait until Orange"):
            kit.play(state, (2, f"swap shrine {wanted}"))
        assert not [a for a in kit.game.legal(state, 2) if a.startswith("swap")]
        state = kit.play(state, (1, f"swap shrine {wanted}"))
        assert wanted in state["hands"][1] and "shrine" in state["pool"]
        assert [a for a in kit.game.legal(state, 2) if a.startswith("swap")]

    def test_a_later_seat_may_swap_once_the_earlier_is_done(self, kit):
        state = kit.new(3, advanced=True, seed=2)
        state["setup"] = None
        state["step"] = "choose"
        for seat in (1, 2):
            kit.building(state, seat, "b3", "customs")
            state["hands"][seat] = ["shrine"]
        state = kit.choose(state, 0, "priest", tokens=0)
        state = kit.play(state, (1, "done"))
        wanted = next(l for l in state["pool"] if l != "shrine")
        state = kit.play(state, (2, f"swap shrine {wanted}"))
        assert state["hands"][2] == [wanted]
