"""Prometheus, Titan Benefactor of Mankind — Your Turn."""

from engine.games.santorini.board import adjacent
from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.rules import BUILD
from engine.games.santorini.state import State


class Prometheus(God):
    """ "If your worker does not move up, it may build both before and after
    moving."

    ``build`` before any move is the optional first build. The worker that
    then moves must be one that neighboured that square (it did the build),
    and it cannot move up at all this turn; it builds again after moving.
    """

    name = "prometheus"

    def steps_move(self, state: State) -> list[Step]:
        first = state.live_turn.flags.get("built_first")
        if first is None:
            seen: dict[Step, None] = {}
            for wid in state.own_workers(state.live_turn.seat):
                for step in self.standard_builds(state, wid):
                    seen.setdefault(step)
            return self.standard_moves(state) + list(seen)
        builders = [w for w in state.own_workers(state.live_turn.seat) if adjacent(state.live_turn.starts[w], first)]
        return [s for s in self.standard_moves(state, builders) if state.blocks[s[2]] <= state.blocks[s[1]]]

    def apply_move(self, state: State, step: Step) -> None:
        if step[0] == "build":
            self.do_build(state, step)
            state.live_turn.flags["built_first"] = step[1]
            return
        self.do_move(state, step)
        if state.phase != "over":
            state.live_turn.stage = BUILD
