"""Graeae, The Gray Hags — Setup and Your Build."""

from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.state import State


class Graeae(God):
    """ "Setup: When placing your workers, place 3 of your color. Your Build:
    Build with either worker that did not move."

    The card's revised wording, as played online. The build is a "must": a
    turn whose unmoved workers cannot build is no turn, so a Graeae reduced
    to a single worker has no unmoved worker and loses.
    """

    name = "graeae"
    workers = 3

    def builders(self, state: State) -> list[int]:
        return [w for w in state.own_workers(state.live_turn.seat) if w not in state.live_turn.moved]

    def steps_build(self, state: State) -> list[Step]:
        seen: dict[Step, None] = {}
        for wid in self.builders(state):
            for step in self.standard_builds(state, wid):
                seen.setdefault(step)
        return list(seen)
