"""Persephone, Goddess of Spring Growth — Opponent's Turn."""

from engine.games.santorini.gods.base import God
from engine.games.santorini.state import State


class Persephone(God):
    """ "If possible, at least one worker must move up this turn." When some
    complete turn of the opponent moves a worker up, only such turns are
    legal; otherwise any turn is."""

    name = "persephone"

    def rival_turn_preferred(self, state: State, holder: int, seat: int) -> bool:
        return state.live_turn.moved_up
