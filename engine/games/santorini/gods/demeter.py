"""Demeter, Goddess of the Harvest — Your Build."""

from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.rules import END, PASS
from engine.games.santorini.state import State


class Demeter(God):
    """ "Your worker may build one additional time, but not on the same
    space." The second build is optional (``pass``)."""

    name = "demeter"

    def after_build(self, state: State) -> str:
        state.live_turn.flags["first_build"] = state.live_turn.builds[-1]
        return "again"

    def steps_again(self, state: State) -> list[Step]:
        first = state.live_turn.flags["first_build"]
        return self.optional([s for s in self.standard_builds(state) if s[1] != first])

    def apply_again(self, state: State, step: Step) -> None:
        if step != PASS:
            self.do_build(state, step)
        if state.phase != "over":
            state.live_turn.stage = END
