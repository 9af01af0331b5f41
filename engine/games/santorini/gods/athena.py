"""Athena, Goddess of Wisdom — Opponent's Turn."""

from engine.games.santorini.gods.base import God
from engine.games.santorini.state import State


class Athena(God):
    """ "If one of your workers moved up on your last turn, opponent workers
    cannot move up this turn." Forces (Apollo's swap, Minotaur's push) are not
    moves: they neither trigger nor break this."""

    name = "athena"

    def forbids_move(self, state: State, holder: int, seat: int, wid: int, frm: int, to: int) -> bool:
        return state.moved_up_last[holder] and state.blocks[to] > state.blocks[frm]
