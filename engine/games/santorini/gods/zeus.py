"""Zeus, God of the Sky — Your Build."""

from engine.games.santorini import rules
from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.state import TOP_LEVEL, State


class Zeus(God):
    """ "Your worker may build a block under itself." Written ``build <its own
    square>``. A block, never a dome, so not from level 3; rising to level 3
    this way is not moving up and does not win."""

    name = "zeus"

    def steps_build(self, state: State) -> list[Step]:
        steps = self.standard_builds(state)
        here = state.workers[state.live_turn.builder]
        if state.blocks[here] < TOP_LEVEL and rules.build_allowed(state, state.live_turn.seat, here, False):
            steps.append(("build", here))
        return steps
