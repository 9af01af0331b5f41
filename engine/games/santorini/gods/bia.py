"""Bia, Goddess of Violence — Setup and Your Move."""

from engine.games.santorini import rules
from engine.games.santorini.board import beyond
from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.state import OFF, State


class Bia(God):
    """ "Setup: Place your workers first. Your Move: If your worker moves into
    a space and the next space in the same direction is occupied by an
    opponent worker, the opponent's worker is removed from the game." A
    winning move ends the game before anyone is removed."""

    name = "bia"
    places_first = True

    def do_move(self, state: State, step: Step) -> int:
        _, frm, to = step
        wid = super().do_move(state, step)
        if state.phase == "over":
            return wid
        target = beyond(frm, to)
        if target is not None:
            victim = state.occupant(target)
            if victim != OFF and not state.is_own(state.live_turn.seat, victim):
                rules.remove_worker(state, victim, self.name)
        return wid
