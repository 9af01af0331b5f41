"""The Noble: picks in turn order, the favored extras."""

import pytest

from engine.core import IllegalAction


def noble(kit, tokens, spend=0, players=4, pool=("shrine", "odeon", "mosaic", "terrace", "cellar")):
    state = kit.new(players, seed=3)
    state["pool"] = sorted(pool)
    state["drachma"][0] = 5
    return kit.choose(state, 0, "noble", tokens=tokens, spend=spend)


class TestRulebookExample:
    """ "you select the Noble with four favor tokens and spend two drachma to
    bring the total favor up to six. First, because you have at least four
    favor, you choose two of the luxury buildings in the luxury pool ... Then
    every other player, in clockwise order, chooses and takes a building into
    their hand. If there was a luxury building left, it would be discarded,
    but you selected a second luxury so there wasn't. You then receive two
    drachma and have the option of building a luxury building\""""

    def test_the_whole_example(self, kit):
        state = noble(kit, tokens=4, spend=2)
        assert state["phase"]["favor"] == 6
        assert state["drachma"][0] == 5 - 2 + 2  # spent two, received two
        assert kit.game.to_move(state) == [0]
        state = kit.play(state, (0, "take odeon"), (0, "take shrine"))
        assert kit.game.to_move(state) == [0]  # may still build
        kit.clear_island(state, 0)
        kit.put(state, 0, "b2", stone=3, water=1)
        state = kit.play(state, (0, "build shrine b2"))
        assert state["mats"][0]["buildings"][kit.loc("b2")] == "shrine"
        assert kit.game.to_move(state) == [1]
        state = kit.play(state, (1, "take mosaic"), (2, "take terrace"), (3, "take cellar"))
        assert state["step"] == "choose"
        assert state["pool"] == []
        assert state["hands"][0] == ["odeon"]

    def test_leftover_luxuries_are_discarded(self, kit):
        state = noble(kit, tokens=0)
        discarded = state["discarded"]
        state = kit.play(state, (0, "take odeon"), (1, "take mosaic"), (2, "take terrace"), (3, "take cellar"))
        assert state["pool"] == [] and state["discarded"] == discarded + 1


class TestPicks:
    def test_picks_follow_turn_order_from_the_favored(self, kit):
        state = kit.new(3, seed=3)
        state["pool"] = ["odeon", "shrine", "mosaic", "cellar"]
        state = kit.choose(state, 2, "noble", tokens=0)
        order = []
        while state["step"] == "phase":
            seat = kit.game.to_move(state)[0]
            order.append(seat)
            state = kit.play(state, (seat, kit.game.legal(state, seat)[0]))
        assert order == [2, 0, 1]

    def test_the_pick_is_not_optional(self, kit):
        state = noble(kit, tokens=0)
        assert "done" not in kit.game.legal(state, 0)
        with pytest.raises(IllegalAction, match="Take a luxury from the pool first"):
            kit.play(state, (0, "done"))

    def test_second_pick_needs_four_favor(self, kit):
        state = noble(kit, tokens=3)
        state = kit.play(state, (0, "take odeon"))
        assert kit.game.to_move(state) == [1]  # three favor: one pick, a drachma, nothing more

    def test_a_luxury_not_in_the_pool(self, kit):
        state = noble(kit, tokens=0)
        with pytest.raises(IllegalAction, match="no Colossus .* in the pool; it holds cellar, mosaic"):
            kit.play(state, (0, "take colossus"))

    def test_empty_pool_means_nothing_to_pick(self, kit):
        """ "The luxury pool is only refilled once the Priest has been taken again.\""""
        state = noble(kit, tokens=3, pool=())
        assert state["step"] == "choose"  # nobody had anything to do
        assert state["drachma"][0] == 5 + 1  # the favored drachma still comes

    def test_build_needs_six_favor(self, kit):
        state = noble(kit, tokens=5)
        kit.clear_island(state, 0)
        kit.put(state, 0, "b2", stone=3, water=1)
        state["hands"][0] = ["shrine"]
        with pytest.raises(IllegalAction, match="Builder phase"):
            kit.play(state, (0, "build shrine b2"))

    def test_drachma_for_every_three_favor(self, kit):
        """ "For every three (3) favor on the Noble, take a drachma.\""""
        assert noble(kit, tokens=8)["drachma"][0] == 5 + 2
