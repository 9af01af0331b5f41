"""Chronus, God of Time — Alternative Win Condition."""

from engine.games.santorini import rules
from engine.games.santorini.gods.base import God
from engine.games.santorini.state import State

TOWERS_TO_WIN = 5


class Chronus(God):
    """ "You also win when there are at least five Complete Towers on the
    board." Checked after every build by anyone, so an opponent who completes
    the fifth tower hands Chronus the game."""

    name = "chronus"

    def after_any_build(self, state: State, holder: int) -> None:
        if state.complete_towers() >= TOWERS_TO_WIN:
            rules.win(state, holder, "has five complete towers on the board")
