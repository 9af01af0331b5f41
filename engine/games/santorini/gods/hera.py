"""Hera, Goddess of Marriage — Opponent's Turn."""

from engine.games.santorini.board import PERIMETER
from engine.games.santorini.gods.base import God
from engine.games.santorini.state import State


class Hera(God):
    """ "An opponent cannot win by moving into a perimeter space." Any win by
    moving, including Pan's and Eros's; the move itself still happens."""

    name = "hera"

    def forbids_win(self, state: State, holder: int, seat: int, wid: int, frm: int, to: int) -> bool:
        return to in PERIMETER
