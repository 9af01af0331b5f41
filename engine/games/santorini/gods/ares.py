"""Ares, God of War — End of Your Turn."""

from engine.games.santorini import rules
from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.rules import END, PASS
from engine.games.santorini.state import State


class Ares(God):
    """ "You may remove an unoccupied block (not dome) neighboring your
    unmoved worker." Written ``remove c3``: the top block comes off."""

    name = "ares"

    def after_build(self, state: State) -> str:
        return "demolish"

    def steps_demolish(self, state: State) -> list[Step]:
        turn = state.live_turn
        squares: dict[int, None] = {}
        for wid in state.own_workers(turn.seat):
            if wid in turn.moved:
                continue
            for sq in self.neighbours[state.workers[wid]]:
                if state.blocks[sq] > 0 and state.free(sq):
                    squares.setdefault(sq)
        return self.optional([("remove", sq) for sq in squares])

    def apply_demolish(self, state: State, step: Step) -> None:
        if step != PASS:
            rules.remove_block(state, state.live_turn.seat, step[1], self.name)
        state.live_turn.stage = END
