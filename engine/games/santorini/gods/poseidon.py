"""Poseidon, God of the Sea — End of Your Turn."""

from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.rules import END, PASS
from engine.games.santorini.state import State

EXTRA_BUILDS = 3


class Poseidon(God):
    """ "If your unmoved worker is on the ground level, it may build up to
    three times." Optional, one ``build`` at a time, ``pass`` to stop; the
    same space may be built on again."""

    name = "poseidon"

    def after_build(self, state: State) -> str:
        return "tide"

    def builders(self, state: State) -> list[int]:
        turn = state.live_turn
        if turn.stage != "tide":
            return super().builders(state)
        return [w for w in state.own_workers(turn.seat) if w not in turn.moved and state.blocks[state.workers[w]] == 0]

    def steps_tide(self, state: State) -> list[Step]:
        if state.live_turn.flags.get("tide", 0) >= EXTRA_BUILDS:
            return [PASS]
        seen: dict[Step, None] = {}
        for wid in self.builders(state):
            for step in self.standard_builds(state, wid):
                seen.setdefault(step)
        return self.optional(list(seen))

    def apply_tide(self, state: State, step: Step) -> None:
        if step == PASS:
            state.live_turn.stage = END
            return
        state.live_turn.flags["tide"] = state.live_turn.flags.get("tide", 0) + 1
        self.do_build(state, step)
