"""Atlas, Titan Shouldering the Heavens — Your Build."""

from engine.games.santorini import rules
from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.state import TOP_LEVEL, State


class Atlas(God):
    """ "Your worker may build a dome at any level." Written ``dome c3``; on a
    level-3 tower a plain ``build`` already places the dome."""

    name = "atlas"

    def steps_build(self, state: State) -> list[Step]:
        seat, wid = state.live_turn.seat, state.live_turn.builder
        domes = [
            ("dome", sq)
            for sq in self.neighbours[state.workers[wid]]
            if state.free(sq) and state.blocks[sq] < TOP_LEVEL and rules.build_allowed(state, seat, sq, True)
        ]
        return self.standard_builds(state) + domes
