"""Triton, God of the Waves — Your Move."""

from engine.games.santorini import rules
from engine.games.santorini.board import PERIMETER
from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.rules import BUILD, PASS
from engine.games.santorini.state import State


class Triton(God):
    """ "Each time your worker moves into a perimeter space, it may
    immediately move again." The same worker, as often as it keeps landing on
    the perimeter (even back where it was); ``pass`` stops."""

    name = "triton"

    def after_move(self, state: State) -> str:
        return "again" if state.workers[state.live_turn.builder] in PERIMETER else BUILD

    def steps_again(self, state: State) -> list[Step]:
        wid = state.live_turn.builder
        frm = state.workers[wid]
        return self.optional([("move", frm, to) for to in rules.move_targets(state, state.live_turn.seat, wid)])

    def apply_again(self, state: State, step: Step) -> None:
        if step == PASS:
            state.live_turn.stage = BUILD
            return
        self.do_move(state, step)
        if state.phase != "over":
            state.live_turn.stage = self.after_move(state)
