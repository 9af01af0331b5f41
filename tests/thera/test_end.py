"""The last luxury, the final round, and scoring."""

from engine.games.thera.components import COMPONENTS
from engine.games.thera.scoring import outcome


def nearly_empty_bag(kit, players=3, left=2):
    state = kit.new(players, seed=10, two_player=False)
    state["bag"] = state["bag"][:left]
    return state


def play_turn(kit, state, seat, role="worker"):
    state = kit.choose(state, seat, role, tokens=0)
    return kit.everyone_done(state)


class TestFinalRound:
    """ "Play continues until the last Luxury building is drawn from the
    Luxury bag. At that point, every player except the current player gets
    to take one more turn (the current player gets to take any actions that
    happen during the phases like normal), and then the game is over.\""""

    def test_the_last_draw_starts_the_final_round(self, kit):
        state = nearly_empty_bag(kit)
        state = kit.choose(state, 1, "priest", tokens=0)
        assert state["bag"] == [] and len(state["pool"]) == 2
        assert state["final_seat"] == 0  # Orange drew it: Green and Blue play once more
        assert kit.game.to_move(state) == [0, 1, 2]  # Orange still places its water
        state = kit.everyone_done(state)
        assert state["step"] == "choose" and state["turn"] == 2
        state = play_turn(kit, state, 2)
        assert state["step"] == "choose" and state["turn"] == 0
        state = play_turn(kit, state, 0)
        assert state["step"] == "over" and kit.game.to_move(state) == []
        assert kit.game.outcome(state) is not None

    def test_the_envoy_can_bring_the_proconsul(self, kit):
        state = nearly_empty_bag(kit, left=6)
        state = kit.choose(state, 0, "priest", tokens=5)
        assert state["final_seat"] is None
        state = kit.play(state, (0, "envoy"))
        assert state["bag"] == [] and state["final_seat"] == 2

    def test_nothing_more_is_drawn_from_an_empty_bag(self, kit):
        state = nearly_empty_bag(kit, left=0)
        state["final_seat"] = 2
        state = kit.choose(state, 0, "priest", tokens=0)
        assert state["pool"] == [] and state["final_seat"] == 2


class TestScoring:
    def finished(self, kit):
        state = kit.new(3, seed=11)
        state["step"] = "over"
        return state

    def test_buildings_bonus_and_a_quarter_per_drachma(self, kit):
        """ "add together the Recognition on buildings they have built as well
        as any bonus recognition ... Players also receive 1/4 Recognition for
        every drachma they have left. There is no penalty for unbuilt luxury
        building in your hand.\""""
        state = self.finished(kit)
        kit.building(state, 0, "b2", "quarry")
        kit.building(state, 0, "b3", "parthenon")
        state["bonus"] = [5, 0, 0]
        state["drachma"] = [7, 0, 0]
        state["hands"][0] = ["colossus", "estate"]
        result = outcome(state)
        quarry = COMPONENTS.industry["quarry"].recognition
        parthenon = COMPONENTS.luxuries["parthenon"].recognition
        assert result.scores[0] == quarry + parthenon + 5 + 7 / 4
        assert result.winners == (0,)
        assert "drachma / 4" in result.notes[0]

    def test_tie_broken_by_luxuries_built(self, kit):
        state = self.finished(kit)
        kit.building(state, 0, "b2", "shrine")  # 2
        state["bonus"] = [0, 2, 0]  # Orange: 2 bonus, no luxury
        result = outcome(state)
        assert result.scores[0] == result.scores[1]
        assert result.winners == (0,)
        assert any("broken by more luxury buildings" in note for note in result.notes)

    def test_tie_broken_by_resources_then_shared(self, kit):
        state = self.finished(kit)
        kit.put(state, 1, "b3", stone=1)
        result = outcome(state)
        assert result.winners == (1,)
        kit.put(state, 0, "b3", water=1)
        kit.put(state, 2, "b3", cloth=1)
        result = outcome(state)
        assert result.winners == (0, 1, 2)
        assert any("share the victory" in note for note in result.notes)
