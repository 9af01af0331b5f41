"""Eros, God of Desire — Setup and Alternative Win Condition."""

from engine.games.santorini import rules
from engine.games.santorini.board import EDGES, OPPOSITE_EDGES, PERIMETER, adjacent
from engine.games.santorini.gods.base import God
from engine.games.santorini.state import State


class Eros(God):
    """ "Setup: Place your workers anywhere along opposite edges of the board.
    Win Condition: You also win if one of your workers moves to a space
    neighboring your other worker and both are on the first level (or the
    same level in a 3-player game)." "The first level" is one block high."""

    name = "eros"
    placement_rule = "Eros places his workers anywhere along opposite edges of the board"

    def placement_ok(self, state: State, pool: int, placed: list[int], square: int) -> bool:
        if square not in PERIMETER:
            return False
        if not placed:
            return True
        first = placed[0]
        return any(
            (first in EDGES[a] and square in EDGES[b]) or (first in EDGES[b] and square in EDGES[a])
            for a, b in OPPOSITE_EDGES
        )

    def wins_by_move(
        self, state: State, seat: int, wid: int, frm: int, to: int, up_from: int, up_to: int
    ) -> str | None:
        standard = rules.standard_win(up_from, up_to)
        if standard:
            return standard
        for other in state.own_workers(seat):
            there = state.workers[other]
            if other == wid or not adjacent(to, there):
                continue
            if state.players == 3 and state.blocks[there] == up_to:
                return "moved next to his other worker on the same level"
            if state.players != 3 and up_to == 1 and state.blocks[there] == 1:
                return "moved next to his other worker, both on level 1"
        return None
