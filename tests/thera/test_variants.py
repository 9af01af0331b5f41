"""Two Player Thera, Divine Intervention, role wheels, game length and the
advanced set-up."""

import pytest

from engine.core import IllegalAction
from engine.games.thera.components import COMPONENTS


class TestTwoPlayerThera:
    """ "make a note of the role that the last Favor token lands on while
    being redistributed. After your normal turn, that role's phase is
    started, with you and your opponent taking the normal actions ... Neither
    player gets any favored actions. ... redistribute the favor tokens on
    that action as normal. It is now your opponents turn.\""""

    def test_second_phase_where_the_last_token_lands(self, kit):
        state = kit.new(2, seed=12)
        kit.favor(state, "worker", 3)  # three tokens: Planner, Builder, Trader; the last lands on the Trader
        state = kit.choose(state, 0, "worker", tokens=3)
        state = kit.finish_phase(state)
        phase = state["phase"]
        assert phase["role"] == "trader" and phase["second"] and phase["favored"] is None
        assert state["turn"] == 0
        assert state["phase"]["allow"][0].get("extra_trades", 0) == 0  # no favored actions
        trader_tokens = state["favor"][state["wheel"].index("trader")]
        state = kit.finish_phase(state)
        assert state["favor"][state["wheel"].index("trader")] == 0
        assert sum(state["favor"]) == 13 and trader_tokens > 0
        assert state["step"] == "choose" and state["turn"] == 1

    def test_spending_does_not_change_the_second_role(self, kit):
        """ "Spending drachma for temporary favor does not change what role is selected after the first.\""""
        state = kit.new(2, seed=12)
        state["drachma"][0] = 9
        kit.favor(state, "worker", 3)
        state = kit.choose(state, 0, "worker", tokens=3, spend=5)
        state = kit.finish_phase(state)
        assert state["phase"]["role"] == "trader"

    def test_a_role_without_tokens_has_no_second_phase(self, kit):
        """No token is redistributed, so none "lands" anywhere: the turn ends
        after the chosen phase (our reading)."""
        state = kit.new(2, seed=12)
        state = kit.everyone_done(kit.choose(state, 0, "worker", tokens=0))
        assert state["step"] == "choose" and state["turn"] == 1

    def test_the_second_phase_may_repeat_the_role(self, kit):
        """Six tokens go once round the wheel: the last lands on the chosen
        role itself, whose phase then runs again without favor."""
        state = kit.new(2, seed=12)
        state = kit.finish_phase(kit.choose(state, 0, "trader", tokens=6))
        assert state["phase"]["role"] == "trader" and state["phase"]["second"]
        assert state["phase"]["favored"] is None and state["turn"] == 0

    def test_the_variant_can_be_switched_off(self, kit):
        state = kit.new(2, seed=12, two_player=False)
        state = kit.everyone_done(kit.choose(state, 0, "worker", tokens=3))
        assert state["step"] == "choose" and state["turn"] == 1

    def test_not_with_more_players(self, kit):
        state = kit.new(3, seed=12)
        state = kit.everyone_done(kit.choose(state, 0, "worker", tokens=3))
        assert state["step"] == "choose" and state["turn"] == 1


class TestDivineIntervention:
    """ "before the owner of the token performs the normal actions of the
    phase that was chosen, they may discard a Divine Intervention token to
    move every resource on their island once.\""""

    def test_tokens_per_seat(self, kit):
        state = kit.new(3, divine="0,2,1")
        assert state["divine"] == [0, 2, 1]
        assert kit.game.view(state, None)["islands"][1]["divine"] == 2

    def test_move_everything_once_before_acting(self, kit):
        state = kit.new(2, seed=13, divine="0,1")
        kit.clear_island(state, 1)
        kit.put(state, 1, "b2", stone=2)
        state = kit.choose(state, 0, "builder", tokens=0)
        assert "divine" in kit.game.legal(state, 1) and "divine" not in kit.game.legal(state, 0)
        state = kit.play(state, (1, "divine"), (1, "move 2 stone b2 b3"))
        assert state["divine"][1] == 0 and kit.res(state, 1, "b3") == {"stone": 2}
        with pytest.raises(IllegalAction):
            kit.play(state, (1, "move stone b3 b4"))

    def test_only_before_the_normal_actions(self, kit):
        state = kit.new(2, seed=13, divine="0,1")
        state = kit.choose(state, 0, "priest", tokens=0)
        state = kit.play(state, (1, "water c2"))
        assert "divine" not in kit.game.legal(state, 1)
        with pytest.raises(IllegalAction, match="comes before your other steps"):
            kit.play(state, (1, "divine"))

    def test_moves_left_over_lapse_at_the_first_normal_action(self, kit):
        state = kit.new(2, seed=13, divine="0,1")
        kit.clear_island(state, 1)
        kit.put(state, 1, "a2", stone=2)
        state = kit.choose(state, 0, "trader", tokens=0)
        state = kit.play(state, (1, "divine"), (1, "sell stone"))
        assert not [a for a in kit.game.legal(state, 1) if a.startswith("move")]

    def test_a_token_keeps_its_owner_waiting_when_it_would_help(self, kit):
        """ "At any point in the game, before the owner of the token performs the
        normal actions of the phase\": a player whose Small Quarry is dry but
        has water next door is not finished for them; one move brings the
        water over and the Quarry works."""
        state = kit.new(2, seed=13, divine="0,1", two_player=False)
        for seat in (0, 1):
            kit.clear_island(state, seat)
            kit.put(state, seat, "c3", water=1)  # next to the Small Quarry on c2
        state = kit.choose(state, 0, "worker", tokens=0)
        assert kit.game.to_move(state) == [1]  # Blue has no token and nothing to do: finished
        state = kit.play(state, (1, "divine"), (1, "move water c3 c2"), (1, "done"))
        assert kit.res(state, 1, "c2") == {"stone": 1}
        assert state["step"] == "choose"

    def test_a_token_is_offered_in_every_phase(self, kit):
        """ "At any point in the game, before the owner of the token performs
        the normal actions of the phase that was chosen, they may discard a
        Divine Intervention token": in a Builder phase where the holder can
        build nothing, it is still asked, and may walk water toward its Quarry
        for the next Worker phase."""
        state = kit.new(2, seed=13, divine="0,1", two_player=False)
        for seat in (0, 1):
            kit.clear_island(state, seat)
            kit.put(state, seat, "f5", water=1)
        state = kit.choose(state, 0, "builder", tokens=0)
        assert kit.game.to_move(state) == [1]
        assert kit.game.legal(state, 1) == ["divine", "done"]
        assert kit.game.reaction_window(state) == "divine"
        state = kit.play(state, (1, "divine"))
        assert kit.game.reaction_window(state) is None
        moves = [a for a in kit.game.legal(state, 1) if a.startswith("move")]
        assert moves and all(a.startswith("move water f5 ") for a in moves)
        state = kit.play(state, (1, moves[0]))  # its last move finishes it
        assert state["step"] == "choose" and state["divine"] == [0, 0]

    @pytest.mark.parametrize("role", ["priest", "noble", "worker", "planner", "builder", "trader"])
    def test_a_holder_is_asked_in_each_role(self, kit, role):
        """ "At any point in the game": every role's phase asks the holder."""
        state = kit.new(3, seed=13, divine="0,0,1")
        state = kit.choose(state, 0, role, tokens=0)
        for _ in range(6):  # the Noble's earlier pickers take first
            if 2 in kit.game.to_move(state):
                break
            seat = kit.game.to_move(state)[0]
            legal = kit.game.legal(state, seat)
            state = kit.game.play(state, seat, "done" if "done" in legal else legal[0])
        assert "divine" in kit.game.legal(state, 2)

    def test_pass_declines_the_token(self, kit):
        """A quick `pass` keeps the game moving and keeps the token."""
        state = kit.new(2, seed=13, divine="0,1", two_player=False)
        for seat in (0, 1):
            kit.clear_island(state, seat)
        state = kit.choose(state, 0, "trader", tokens=0)
        state = kit.play(state, (0, "drachma"), (1, "pass"))
        assert state["step"] == "choose" and state["divine"] == [0, 1]

    @pytest.mark.parametrize(
        "value, message",
        [
            ("3", "at most 2"),
            ("2,2,2,2", "at most 3"),
            ("x", "whole numbers"),
        ],
    )
    def test_bad_token_counts(self, kit, value, message):
        with pytest.raises(IllegalAction, match=message):
            kit.new(3, divine=value)

    def test_at_most_six_tokens(self, kit):
        with pytest.raises(IllegalAction, match="only 6"):
            kit.new(4, divine="2,2,2,1")


class TestRoleWheel:
    def test_standard_order(self, kit):
        assert kit.new(3)["wheel"] == list(COMPONENTS.wheel)

    def test_random_order_is_seeded(self, kit):
        """ "If you desire a stranger game, change or randomize the order of the actions.\""""
        wheels = {tuple(kit.new(3, seed=s, wheel="random")["wheel"]) for s in range(8)}
        assert len(wheels) > 1
        assert all(sorted(w) == sorted(COMPONENTS.wheel) for w in wheels)
        assert kit.new(3, seed=5, wheel="random")["wheel"] == kit.new(3, seed=5, wheel="random")["wheel"]

    def test_own_order_and_redistribution_follows_it(self, kit):
        order = "trader,builder,planner,worker,noble,priest"
        state = kit.new(3, wheel=order)
        assert state["wheel"] == order.split(",")
        state = kit.everyone_done(kit.choose(state, 0, "trader", tokens=1))
        assert state["favor"][state["wheel"].index("builder")] >= 1

    def test_bad_order(self, kit):
        with pytest.raises(IllegalAction, match="all six roles once each"):
            kit.new(3, wheel="priest,priest,noble,worker,planner,builder")


class TestLength:
    @pytest.mark.parametrize("players, short, long_", [(2, 36, 24), (3, 28, 12), (4, 20, 0)])
    def test_discards(self, kit, players, short, long_):
        """ "change the number of Luxury buildings that are discarded from the bag.\""""
        for length, removed in (("short", short), ("long", long_)):
            state = kit.new(players, length=length)
            assert state["removed"] == removed
            assert len(state["bag"]) + len(state["pool"]) == 60 - removed

    def test_no_long_game_with_five(self, kit):
        """ "There are not enough luxury buildings to play the Long game with 5 players.\""""
        with pytest.raises(IllegalAction, match="not enough luxury buildings for the long game with 5"):
            kit.new(5, length="long")
        assert kit.new(5, length="short")["removed"] == 12

    def test_unknown_length(self, kit):
        with pytest.raises(IllegalAction, match="short, standard, long"):
            kit.new(3, length="epic")


class TestAdvancedSetUp:
    """ "give four tiles at random to each player. Select two of your tiles and
    take the buildings, resources, and drachma on those tiles.\""""

    def test_four_tiles_each_private_until_kept(self, kit):
        state = kit.new(3, advanced=True, seed=14)
        dealt = state["setup"]["dealt"]
        assert all(len(tiles) == 4 for tiles in dealt)
        assert len({t for tiles in dealt for t in tiles}) == 12
        assert kit.game.to_move(state) == [0, 1, 2]
        public = kit.game.view(state, None)
        assert "tiles" not in str(public["setup"]) and "dealt" not in public["setup"]
        assert [t["number"] for t in kit.game.view(state, 1)["private"]["tiles"]] == dealt[1]
        assert state["drachma"] == [0, 0, 0] and kit.res(state, 0, "b2") == {}

    def test_keep_place_put(self, kit):
        state = kit.new(2, advanced=True, seed=14)
        state["setup"]["dealt"][0] = [1, 4, 17, 27]  # Quarry+2 water, Grove+1 water, 3 water 2 stone 2d, 10d
        state = kit.play(state, (0, "keep 1 27"))
        assert state["drachma"][0] == 10 and state["industry"]["quarry"] == 5
        assert state["setup"]["buildings"][0] == ["quarry"]
        with pytest.raises(IllegalAction, match="empty start location: b2, b3"):
            kit.play(state, (0, "place quarry d3"))
        with pytest.raises(IllegalAction, match="start locations: a2, b2, b3, c2"):
            kit.play(state, (0, "put water d3"))
        state = kit.play(state, (0, "place quarry b3"), (0, "put water b3"))
        assert kit.game.to_move(state) == [0, 1]
        state = kit.play(state, (0, "put water c2"))
        assert kit.game.to_move(state) == [1]  # everything placed: finished
        assert kit.res(state, 0, "b3") == {"water": 1} and state["mats"][0]["buildings"][kit.loc("b3")] == "quarry"

    def test_keep_only_dealt_tiles(self, kit):
        state = kit.new(2, advanced=True, seed=14)
        state["setup"]["dealt"][0] = [1, 4, 17, 27]
        with pytest.raises(IllegalAction, match="Keep two different tiles of the four you were dealt: 1, 4, 17, 27"):
            kit.play(state, (0, "keep 1 2"))
        with pytest.raises(IllegalAction):
            kit.play(state, (0, "keep 1 1"))

    def test_two_buildings_need_two_sites(self, kit):
        state = kit.new(2, advanced=True, seed=14)
        state["setup"]["dealt"][0] = [1, 4, 17, 27]
        state = kit.play(state, (0, "keep 1 4"), (0, "place quarry b2"))
        with pytest.raises(IllegalAction, match="empty start location: b3"):
            kit.play(state, (0, "place grove b2"))

    def test_game_starts_when_everyone_is_set_up(self, kit):
        state = kit.new(2, advanced=True, seed=14)
        for _ in range(40):
            if state["step"] != "setup":
                break
            seat = kit.game.to_move(state)[0]
            state = kit.play(state, (seat, kit.game.legal(state, seat)[0]))
        assert state["step"] == "choose" and state["setup"] is None and state["turn"] == 0
