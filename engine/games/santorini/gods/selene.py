"""Selene, Goddess of the Moon — Setup and Your Build."""

from engine.games.santorini import rules
from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.state import OFF, TOP_LEVEL, State


def female_worker(state: State, seat: int) -> int:
    """Selene's female worker: the first of her pool placed (set-up)."""
    pool = state.pool_of[seat]
    first = next((w for w, p in enumerate(state.owner) if p == pool), OFF)
    return first if first != OFF and state.workers[first] != OFF else OFF


class Selene(God):
    """ "Setup: Place a male and female worker. Your Build: Instead of your
    normal build, your female worker may build a dome at any level regardless
    of which worker moved." Her first placed worker is the female one (marked
    on the board); ``dome c3`` is her build."""

    name = "selene"

    def steps_build(self, state: State) -> list[Step]:
        steps = self.standard_builds(state)
        female = female_worker(state, state.live_turn.seat)
        if female == OFF:
            return steps
        normal = {s[1] for s in steps}
        for sq in self.neighbours[state.workers[female]]:
            if not state.free(sq) or not rules.build_allowed(state, state.live_turn.seat, sq, True):
                continue
            if state.blocks[sq] == TOP_LEVEL and sq in normal:
                continue  # the plain build already domes it
            steps.append(("dome", sq))
        return steps
