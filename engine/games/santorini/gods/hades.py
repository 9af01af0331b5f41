"""Hades, God of the Underworld — Opponent's Turn."""

from engine.games.santorini.gods.base import God
from engine.games.santorini.state import State


class Hades(God):
    """ "Opponent workers cannot move down." Forces may still take them down."""

    name = "hades"

    def forbids_move(self, state: State, holder: int, seat: int, wid: int, frm: int, to: int) -> bool:
        return state.blocks[to] < state.blocks[frm]
