"""Hypnus, God of Sleep — Start of Opponent's Turn."""

from engine.games.santorini.gods.base import God
from engine.games.santorini.state import State


class Hypnus(God):
    """ "If one of your opponent's workers is higher than all of their others,
    it cannot move." Decided at the start of that opponent's turn; a player
    with a single worker left has no "others", so it may move."""

    name = "hypnus"

    def rival_turn_begins(self, state: State, holder: int, seat: int) -> None:
        workers = [w for w in state.own_workers(seat) if not state.is_own(holder, w)]
        if len(workers) < 2:
            return
        heights = sorted(((state.blocks[state.workers[w]], w) for w in workers), reverse=True)
        if heights[0][0] > heights[1][0]:
            state.live_turn.flags["asleep"] = heights[0][1]

    def forbids_move(self, state: State, holder: int, seat: int, wid: int, frm: int, to: int) -> bool:
        return state.live_turn.flags.get("asleep") == wid
