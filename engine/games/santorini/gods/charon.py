"""Charon, Ferryman to the Underworld — Your Move."""

from engine.games.santorini import rules
from engine.games.santorini.board import SIZE, beyond
from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.rules import BUILD
from engine.games.santorini.state import OFF, State


class Charon(God):
    """ "Before your worker moves, you may force a neighboring opponent worker
    to the space directly on the other side of your worker, if that space is
    unoccupied."

    Written ``force <opponent's square> <its new square>``. As played online,
    the worker that ferried is the one that then moves.
    """

    name = "charon"

    def steps_move(self, state: State) -> list[Step]:
        seat = state.live_turn.seat
        ferryman = state.live_turn.flags.get("ferryman")
        if ferryman is not None:
            return self.standard_moves(state, [ferryman])
        steps = self.standard_moves(state)
        for wid in state.own_workers(seat):
            middle = state.workers[wid]
            for square in self.neighbours[middle]:
                victim = state.occupant(square)
                if victim == OFF or state.is_own(seat, victim):
                    continue
                landing = beyond(square, middle)
                if landing is not None and state.free(landing):
                    steps.append(("force", square, landing))
        return steps

    def apply_move(self, state: State, step: Step) -> None:
        if step[0] == "force":
            _, square, landing = step
            middle = (square // SIZE + landing // SIZE) // 2 * SIZE + (square % SIZE + landing % SIZE) // 2
            state.live_turn.flags["ferryman"] = state.occupant(middle)
            rules.force_worker(state, state.occupant(square), landing, self.name)
            return
        self.do_move(state, step)
        if state.phase != "over":
            state.live_turn.stage = BUILD
