"""Hermes, God of Travel — Your Turn."""

from engine.games.santorini import rules
from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.rules import BUILD, END, PASS
from engine.games.santorini.state import OFF, State


class Hermes(God):
    """ "If your workers do not move up or down, they may each move any number
    of times (even zero), and then either builds."

    Reading (as played online): a first move up or down makes a normal turn
    (that worker builds). A first move on the same level, or ``pass`` before
    any move, starts Hermes's travel: further same-level moves by either
    worker until ``pass``, then either worker builds.
    """

    name = "hermes"

    def steps_move(self, state: State) -> list[Step]:
        return self.standard_moves(state) + [rules.PASS]

    def apply_move(self, state: State, step: Step) -> None:
        if step == PASS:
            state.live_turn.stage = "travel_build"
            return
        _, frm, to = step
        level = state.blocks[frm] == state.blocks[to]
        self.do_move(state, step)
        if state.phase != "over" and level:
            state.live_turn.stage = "travel"
            state.live_turn.builder = OFF  # either worker will build
        elif state.phase != "over":
            state.live_turn.stage = BUILD

    def steps_travel(self, state: State) -> list[Step]:
        seat = state.live_turn.seat
        return self.optional(
            [
                ("move", state.workers[w], to)
                for w in state.own_workers(seat)
                for to in rules.move_targets(state, seat, w)
                if state.blocks[to] == state.blocks[state.workers[w]]
            ]
        )

    def apply_travel(self, state: State, step: Step) -> None:
        if step == PASS:
            state.live_turn.stage = "travel_build"
        else:
            self.do_move(state, step)
            state.live_turn.builder = OFF

    def steps_travel_build(self, state: State) -> list[Step]:
        seen: dict[Step, None] = {}
        for wid in state.own_workers(state.live_turn.seat):
            for step in self.standard_builds(state, wid):
                seen.setdefault(step)
        return list(seen)

    def apply_travel_build(self, state: State, step: Step) -> None:
        self.do_build(state, step)
        if state.phase != "over":
            state.live_turn.stage = END
