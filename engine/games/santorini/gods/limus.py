"""Limus, Goddess of Famine — Opponent's Turn."""

from engine.games.santorini.board import adjacent
from engine.games.santorini.gods.base import God
from engine.games.santorini.state import State


class Limus(God):
    """ "Opponent workers cannot build on spaces neighboring your workers,
    unless building a dome." The revised card text used in online play: any
    dome is allowed (the first printing allowed only a dome completing a
    tower)."""

    name = "limus"

    def forbids_build(self, state: State, holder: int, seat: int, square: int, dome: bool) -> bool:
        return not dome and any(adjacent(square, state.workers[w]) for w in state.own_workers(holder))
