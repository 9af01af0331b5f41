"""Morpheus, God of Dreams — Start of Your Turn and Your Build."""

from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.rules import END, PASS
from engine.games.santorini.state import State


class Morpheus(God):
    """ "Start of Your Turn: Place a block or dome on your God Power card. Your
    Build: Your worker cannot build as normal. Instead, your worker may build
    any number of times (even zero) using blocks / domes collected on your God
    Power card."

    Any piece on the card may be swapped for the shape needed, so the card
    holds a count (``tokens["morpheus"]``). Builds may repeat a square; a dome
    still needs a level-3 tower. Since zero builds are allowed, Morpheus never
    loses for want of a build.
    """

    name = "morpheus"

    def begin_turn(self, state: State) -> None:
        state.tokens[self.name] = state.tokens.get(self.name, 0) + 1

    def steps_build(self, state: State) -> list[Step]:
        if state.tokens.get(self.name, 0) == 0:
            return [PASS]
        return self.optional(self.standard_builds(state))

    def apply_build(self, state: State, step: Step) -> None:
        if step == PASS:
            state.live_turn.stage = END
            return
        state.tokens[self.name] -= 1
        self.do_build(state, step)
