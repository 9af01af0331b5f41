"""Hephaestus, God of Blacksmiths — Your Build."""

from engine.games.santorini import rules
from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.rules import END, PASS
from engine.games.santorini.state import TOP_LEVEL, State


class Hephaestus(God):
    """ "Your worker may build one additional block (not dome) on top of your
    first block." So only when the first build left a block of level 1 or 2:
    never after a dome, and never to put a dome on level 3."""

    name = "hephaestus"

    def after_build(self, state: State) -> str:
        state.live_turn.flags["first_build"] = state.live_turn.builds[-1]
        return "again"

    def steps_again(self, state: State) -> list[Step]:
        square = state.live_turn.flags["first_build"]
        if state.domes[square] or state.blocks[square] >= TOP_LEVEL:
            return self.optional([])
        if not rules.build_allowed(state, state.live_turn.seat, square, False):
            return self.optional([])
        return self.optional([("build", square)])

    def apply_again(self, state: State, step: Step) -> None:
        if step != PASS:
            self.do_build(state, step)
        if state.phase != "over":
            state.live_turn.stage = END
