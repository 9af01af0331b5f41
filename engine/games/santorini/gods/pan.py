"""Pan, God of the Wild — Alternative Win Condition."""

from engine.games.santorini import rules
from engine.games.santorini.gods.base import God
from engine.games.santorini.state import State


class Pan(God):
    """ "You also win if your worker moves down two or more levels." In one
    move; being forced down does not count."""

    name = "pan"

    def wins_by_move(
        self, state: State, seat: int, wid: int, frm: int, to: int, up_from: int, up_to: int
    ) -> str | None:
        if up_from - up_to >= 2:
            return "moved down two levels"
        return rules.standard_win(up_from, up_to)
