"""Choosing roles, favor, temporary favor and redistribution."""

import pytest

from engine.core import IllegalAction, clone


class TestChoosing:
    def test_first_player_places_the_thirteenth_token(self, kit):
        """ "The very first player to take their turn places the 13th favor
        token on the role they chose.\""""
        state = kit.new(3)
        assert sum(state["favor"]) == 12 and state["reserve"] == 1
        state = kit.play(state, (0, "choose worker"))
        assert state["phase"]["favor"] == 3  # two printed + the 13th
        assert state["reserve"] == 0

    def test_everyone_performs_the_normal_action(self, kit):
        """ "Every player, including yourself, performs the normal action/s for the role.\""""
        state = kit.play(kit.new(3), (0, "choose priest"))
        assert kit.game.to_move(state) == [0, 1, 2]
        for seat in range(3):
            assert state["phase"]["allow"][seat]["water"] == (3 if seat == 0 else 2)  # 3 favor: one more

    def test_turn_overview_example(self, kit):
        """ "You selected the Planner role while it had three favor tokens on it,
        and spent three drachma. You have a total of six favor for this role,
        and receive three extra moves, one extra road, and two bonus
        recognition overall. After everyone has completed their movement, you
        discard the extra favor, remove all the favor tokens on the Planner,
        and place one favor token on the Builder, the Trader, and the
        Priest.\""""
        state = kit.new(4)
        state["drachma"][0] = 5
        kit.favor(state, "planner", 3)
        before = list(state["favor"])
        state = kit.play(state, (0, "choose planner +3"))
        phase = state["phase"]
        assert phase["favor"] == 6 and state["drachma"][0] == 2
        assert phase["extra"][0] == 3
        assert phase["allow"][0]["free_roads"] == 1
        assert state["bonus"][0] == 2
        state = kit.everyone_done(state)
        wheel = state["wheel"]
        after = dict(zip(wheel, state["favor"]))
        was = dict(zip(wheel, before))
        assert after["planner"] == 0
        assert [after[r] - was[r] for r in ("builder", "trader", "priest")] == [1, 1, 1]
        assert after["noble"] == was["noble"] and after["worker"] == was["worker"]
        assert state["drachma"][0] == 2  # the temporary favor is discarded, not returned
        assert state["step"] == "choose" and state["turn"] == 1  # "The player to your left now chooses"

    def test_redistribution_wraps_around_the_wheel(self, kit):
        state = kit.new(2, two_player=False)
        kit.favor(state, "trader", 8)
        state = kit.choose(state, 0, "trader", tokens=8)
        state = kit.everyone_done(state)
        assert state["favor"][state["wheel"].index("trader")] == 1  # the sixth of eight lands on it again
        assert state["favor"][state["wheel"].index("priest")] >= 2

    def test_cannot_spend_more_than_you_have(self, kit):
        state = kit.new(3)
        state["drachma"][0] = 2
        snapshot = clone(state)
        with pytest.raises(IllegalAction, match="You have 2 drachma; you cannot spend 5"):
            kit.play(state, (0, "choose builder +5"))
        assert state == snapshot

    def test_choose_lists_every_spend(self, kit):
        state = kit.new(3)
        state["drachma"][0] = 2
        assert [a for a in kit.game.legal(state, 0) if a.startswith("choose noble")] == [
            "choose noble",
            "choose noble +1",
            "choose noble +2",
        ]

    def test_only_the_current_player_chooses(self, kit):
        with pytest.raises(IllegalAction, match="not your turn"):
            kit.play(kit.new(3), (1, "choose priest"))

    def test_last_choice_is_remembered_for_the_board(self, kit):
        state = kit.play(kit.new(3), (0, "choose trader +1"))
        view = kit.game.view(state, None)
        slot = state["wheel"].index("trader")
        assert view["wheel"][slot]["chosen_by"] == 0
        assert view["last"] == {"seat": 0, "role": "trader", "tokens": 3, "spent": 1}


class TestBadInput:
    @pytest.mark.parametrize(
        "text, message",
        [
            ("choose wizard", "Choose one of the roles"),
            ("fly away", "not a Thera action"),
            ("move water", "Write it as move"),
            ("water z9", "not a location"),
            ("sell gold", "not a resource"),
            ("", "Type an action"),
        ],
    )
    def test_syntax_errors_say_what_is_expected(self, kit, text, message):
        state = kit.play(kit.new(3), (0, "choose priest"))
        with pytest.raises(IllegalAction, match=message):
            kit.play(state, (1, text))

    def test_steps_of_another_role_are_named(self, kit):
        state = kit.play(kit.new(3), (0, "choose builder"))
        with pytest.raises(IllegalAction, match="`water` is a Priest step; this is the Builder phase"):
            kit.play(state, (0, "water c2"))

    def test_refusals_leave_the_state_unchanged(self, kit):
        state = kit.play(kit.new(3), (0, "choose trader"))
        snapshot = clone(state)
        for text in ("buy lumber", "sell stone", "build quarry b3", "road a2 b2", "take odeon"):
            with pytest.raises(IllegalAction):
                kit.play(state, (1, text))
        assert state == snapshot
