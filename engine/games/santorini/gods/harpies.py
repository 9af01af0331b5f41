"""Harpies, Winged Menaces — Opponent's Turn."""

from engine.games.santorini import rules
from engine.games.santorini.board import SIZE
from engine.games.santorini.gods.base import God
from engine.games.santorini.state import State


def _unit(delta: int) -> int:
    """A step of -1, 0 or 1, reading a wrapped step (Urania) the short way."""
    delta = (delta + 2) % SIZE - 2
    return (delta > 0) - (delta < 0)


class Harpies(God):
    """ "Each time an opponent's worker moves, it is forced space by space in
    the same direction until the next space is at a higher level or it is
    obstructed." A move that wins ends the game first; the slide is a force
    (never a win) and stops at the board's edge."""

    name = "harpies"

    def after_rival_move(self, state: State, holder: int, seat: int, wid: int, frm: int, to: int) -> None:
        dx, dy = _unit(to % SIZE - frm % SIZE), _unit(to // SIZE - frm // SIZE)
        here = to
        while True:
            x, y = here % SIZE + dx, here // SIZE + dy
            if not (0 <= x < SIZE and 0 <= y < SIZE):
                break
            nxt = y * SIZE + x
            if not state.free(nxt) or state.blocks[nxt] > state.blocks[here]:
                break
            here = nxt
        if here != to:
            rules.force_worker(state, wid, here, self.name)
