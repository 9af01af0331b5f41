"""Apollo, God of Music — Your Move."""

from engine.games.santorini import rules
from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.state import OFF, State


class Apollo(God):
    """ "Your worker may move into an opponent worker's space by forcing their
    worker to the space yours just vacated."

    The swap is still a move: at most one level up, and opponents' limits
    (Athena, Hypnus ...) apply. The displaced worker is *forced*, so it may
    land at any height and never wins; it now occupies the vacated square,
    which therefore cannot be built on.
    """

    name = "apollo"

    def steps_move(self, state: State) -> list[Step]:
        seat = state.live_turn.seat
        steps = self.standard_moves(state)
        for wid in state.own_workers(seat):
            frm = state.workers[wid]
            for to in self.neighbours[frm]:
                victim = state.occupant(to)
                if (
                    victim != OFF
                    and not state.is_own(seat, victim)
                    and state.blocks[to] <= state.blocks[frm] + 1
                    and rules.move_allowed(state, seat, wid, frm, to)
                ):
                    steps.append(("move", frm, to))
        return steps

    def do_move(self, state: State, step: Step) -> int:
        _, frm, to = step
        victim = state.occupant(to)
        if victim == OFF:
            return super().do_move(state, step)
        mover = state.occupant(frm)
        rules.force_worker(state, victim, frm, self.name)
        rules.move_worker(state, state.live_turn.seat, mover, to)
        state.live_turn.builder = mover
        return mover
