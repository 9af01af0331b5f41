"""Graeae, The Gray Hags — Setup and Your Build."""

from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.state import State


class Graeae(God):
    """"Setup: When placing your workers, place 3 of your color. Your Build:
    You choose which worker of yours builds." Any of her workers may build,
    moved or not."""

    name = "graeae"
    workers = 3

    def steps_build(self, state: State) -> list[Step]:
        seen: dict[Step, None] = {}
        for wid in state.own_workers(state.turn.seat):
            for step in self.standard_builds(state, wid):
                seen.setdefault(step)
        return list(seen)
