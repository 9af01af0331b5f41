"""Artemis, Goddess of the Hunt — Your Move."""

from engine.games.santorini import rules
from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.rules import BUILD, PASS
from engine.games.santorini.state import State


class Artemis(God):
    """ "Your worker may move one additional time, but not back to its initial
    space." The second move is optional (``pass``), made by the same worker,
    and like any move wins when it goes up onto level 3."""

    name = "artemis"

    def after_move(self, state: State) -> str:
        return "again"

    def steps_again(self, state: State) -> list[Step]:
        wid = state.live_turn.builder
        start = state.live_turn.starts[wid]
        frm = state.workers[wid]
        return self.optional(
            [("move", frm, to) for to in rules.move_targets(state, state.live_turn.seat, wid) if to != start]
        )

    def apply_again(self, state: State, step: Step) -> None:
        if step != PASS:
            self.do_move(state, step)
        if state.phase != "over":
            state.live_turn.stage = BUILD
