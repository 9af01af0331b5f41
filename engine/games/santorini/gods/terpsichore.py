"""Terpsichore, Muse of Dancing — Your Turn."""

from itertools import permutations

from engine.games.santorini.board import adjacent
from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.rules import BUILD, END
from engine.games.santorini.state import OFF, State


class Terpsichore(God):
    """ "All of your workers must move, and then all must build." Each worker
    moves once, in any order; then each builds once next to itself. A ``build``
    on a square next to both workers counts for whichever makes the rest
    possible. A turn that cannot do all this is no turn: she loses."""

    name = "terpsichore"

    def steps_move(self, state: State) -> list[Step]:
        waiting = [w for w in state.own_workers(state.live_turn.seat) if w not in state.live_turn.moved]
        return self.standard_moves(state, waiting)

    def apply_move(self, state: State, step: Step) -> None:
        self.do_move(state, step)
        if state.phase == "over":
            return
        if all(w in state.live_turn.moved for w in state.own_workers(state.live_turn.seat)):
            state.live_turn.stage = BUILD
            # Every worker builds, so none is "the" builder: moving them in
            # either order leads to the same turn.
            state.live_turn.builder = OFF

    def builders(self, state: State) -> list[int]:
        return state.own_workers(state.live_turn.seat)

    def steps_build(self, state: State) -> list[Step]:
        workers = [state.workers[w] for w in state.own_workers(state.live_turn.seat)]
        done = state.live_turn.flags.get("danced", ())
        candidates: dict[Step, None] = {}
        for wid in state.own_workers(state.live_turn.seat):
            for step in self.standard_builds(state, wid):
                if _assignable(workers, done + (step[1],)):
                    candidates.setdefault(step)
        return list(candidates)

    def apply_build(self, state: State, step: Step) -> None:
        self.do_build(state, step)
        if state.phase == "over":
            return
        # Squares built so far, sorted: the order of her builds never matters.
        done = tuple(sorted(state.live_turn.flags.get("danced", ()) + (step[1],)))
        state.live_turn.flags["danced"] = done
        if len(done) >= len(state.own_workers(state.live_turn.seat)):
            state.live_turn.stage = END


def _assignable(workers: list[int], builds: tuple[int, ...]) -> bool:
    """Whether each build can be given to a different worker next to it."""
    return any(all(adjacent(w, b) for w, b in zip(order, builds)) for order in permutations(workers, len(builds)))
