"""Minotaur, Bull-headed Monster — Your Move."""

from engine.games.santorini import rules
from engine.games.santorini.board import beyond
from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.state import OFF, State


class Minotaur(God):
    """ "Your worker may move into an opponent worker's space, if their worker
    can be forced one space straight backwards to an unoccupied space at any
    level."

    The pushed worker is forced (any height, never a win) onto the square
    beyond, which it then occupies: that square cannot be built on.
    """

    name = "minotaur"

    def steps_move(self, state: State) -> list[Step]:
        seat = state.live_turn.seat
        steps = self.standard_moves(state)
        for wid in state.own_workers(seat):
            frm = state.workers[wid]
            for to in self.neighbours[frm]:
                victim = state.occupant(to)
                if victim == OFF or state.is_own(seat, victim) or state.blocks[to] > state.blocks[frm] + 1:
                    continue
                behind = beyond(frm, to)
                if behind is not None and state.free(behind) and rules.move_allowed(state, seat, wid, frm, to):
                    steps.append(("move", frm, to))
        return steps

    def do_move(self, state: State, step: Step) -> int:
        _, frm, to = step
        victim = state.occupant(to)
        if victim != OFF:
            behind = beyond(frm, to)
            assert behind is not None  # steps_move offers a push only with a square behind
            rules.force_worker(state, victim, behind, self.name)
        return super().do_move(state, step)
