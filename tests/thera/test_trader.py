"""The Trader: the free drachma or two trades, favored extras, Tradehouse,
Bank and the Port."""

import pytest

from engine.core import IllegalAction


def market(kit, advanced=False):
    state = kit.new(2, seed=8, two_player=False, advanced=advanced)
    state["setup"] = None
    state["step"] = "choose"
    for seat in (0, 1):
        kit.clear_island(state, seat)
        state["drachma"][seat] = 10
    return state


class TestRulebookExample:
    """ "you select the Trader role with three favor tokens on it. Each player
    may either trade twice or take a single free drachma. You first receive a
    free drachma just for having favor, and then choose to trade twice. You
    sell a lumber on your port for five drachma, then buy two stone, placing
    them on your port, for four drachma. Those were your two normal trade
    actions, but you have a third. You choose to buy a cloth for five drachma
    as well.\""""

    def test_the_whole_example(self, kit):
        state = market(kit)
        kit.put(state, 0, "a2", lumber=1)
        state = kit.choose(state, 0, "trader", tokens=3)
        assert state["drachma"][0] == 11  # the favored drachma
        state = kit.play(state, (0, "sell lumber"))
        assert state["drachma"][0] == 16
        state = kit.play(state, (0, "buy stone"))
        assert state["drachma"][0] == 12 and kit.res(state, 0, "a2") == {"stone": 2}
        state = kit.play(state, (0, "buy cloth"))
        assert state["drachma"][0] == 7 and kit.res(state, 0, "a2") == {"stone": 2, "cloth": 1}
        assert 0 not in kit.game.to_move(state)  # three trades used: finished

    def test_two_lumber_cost_two_trades_and_ten_drachma(self, kit):
        """ "If you wanted to buy two lumber, you would have to take two trades
        and spend ten drachma\""""
        state = kit.choose(market(kit), 0, "trader", tokens=0)
        state = kit.play(state, (1, "buy lumber"), (1, "buy lumber"))
        assert state["drachma"][1] == 0 and kit.res(state, 1, "a2") == {"lumber": 2}


class TestTrades:
    def test_free_drachma_instead_of_trades(self, kit):
        state = kit.choose(market(kit), 0, "trader", tokens=0)
        state = kit.play(state, (1, "buy stone"))
        assert "drachma" not in kit.game.legal(state, 1)
        with pytest.raises(IllegalAction, match="instead of them"):
            kit.play(state, (1, "drachma"))

    def test_favored_trades_may_follow_the_free_drachma(self, kit):
        """ "You may use these trades even if you took the free drachma.\""""
        state = kit.choose(market(kit), 0, "trader", tokens=3)
        state = kit.play(state, (0, "drachma"))
        assert state["drachma"][0] == 12
        state = kit.play(state, (0, "buy stone"))
        with pytest.raises(IllegalAction, match="not your turn"):
            kit.play(state, (0, "buy stone"))

    def test_selling_needs_the_lot_on_the_port(self, kit):
        """ "When you sell resources with a trade, the resources must be at your port.\""""
        state = market(kit)
        kit.put(state, 0, "b2", lumber=1)
        kit.put(state, 0, "a2", stone=1)
        state = kit.choose(state, 0, "trader", tokens=0)
        with pytest.raises(IllegalAction, match="1 lumber from your Port \\(a2\\) for 5 drachma; your Port has 0"):
            kit.play(state, (0, "sell lumber"))
        with pytest.raises(IllegalAction, match="2 stone"):
            kit.play(state, (0, "sell stone"))

    def test_buying_needs_the_drachma(self, kit):
        state = market(kit)
        state["drachma"][1] = 4
        state = kit.choose(state, 0, "trader", tokens=0)
        with pytest.raises(IllegalAction, match="1 cloth costs 5 drachma and you have 4"):
            kit.play(state, (1, "buy cloth"))


class TestBuildings:
    def test_tradehouse(self, kit):
        """Tradehouse: "You may trade once ... even if you took a free drachma
        ... whenever you buy resources with any trade ... the resources cost
        one less drachma\""""
        state = market(kit, advanced=True)
        kit.building(state, 1, "b3", "tradehouse")
        state = kit.choose(state, 0, "trader", tokens=0)
        state = kit.play(state, (1, "drachma"), (1, "buy lumber"))
        assert state["drachma"][1] == 10 + 1 - 4
        assert 1 not in kit.game.to_move(state)

    def test_bank(self, kit):
        """Bank: "Take two free drachma from the supply.\""""
        state = market(kit, advanced=True)
        kit.building(state, 1, "b3", "bank")
        state = kit.choose(state, 0, "trader", tokens=0)
        assert state["drachma"][1] == 12
