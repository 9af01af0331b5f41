"""Hestia, Goddess of Hearth and Home — Your Build."""

from engine.games.santorini.board import PERIMETER
from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.rules import END, PASS
from engine.games.santorini.state import State


class Hestia(God):
    """ "Your worker may build one additional time, but this cannot be on a
    perimeter space." The same space as the first build is allowed."""

    name = "hestia"

    def after_build(self, state: State) -> str:
        return "again"

    def steps_again(self, state: State) -> list[Step]:
        return self.optional([s for s in self.standard_builds(state) if s[1] not in PERIMETER])

    def apply_again(self, state: State, step: Step) -> None:
        if step != PASS:
            self.do_build(state, step)
        if state.phase != "over":
            state.live_turn.stage = END
