"""The Favorite of the Gods phase and the turn order it sets.

- "The Player with the most Favor places the Favorite of the Gods token in
  front of them and chooses whether it will be Zeus or Hera side up."
- "Should there be any ties ... the current Favorite of the Gods selects the
  winner from any of the tied Players."
- "the Favorite of the Gods Player takes the first Action each round, with
  play proceeding in the direction indicated by the face-up side." Zeus runs
  clockwise in the board's seating order of the city-states, Hera the other
  way.

Notation: ``favorite <colour>`` (breaking a tie), then ``zeus`` or ``hera``.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.games.hellenica.state import log, map_of, seat_by_name, seat_name
from engine.games.hellenica.steps import Step, finish, push, register

DIRECTIONS = ("zeus", "hera")


def run_favorite_phase(state: dict, first: bool) -> bool:
    if not first:
        return True
    favor = [player["favor"] for player in state["seats"]]
    most = max(favor)
    tied = [seat for seat, value in enumerate(favor) if value == most]
    push(state, "direction")
    if len(tied) == 1:
        _crown(state, tied[0], f"with the most Favor ({most})")
    else:
        push(state, "favorite", seat=state["favorite"], tied=tied)
    return False


def _crown(state: dict, seat: int, why: str) -> None:
    state["favorite"] = seat
    log(state, f"{seat_name(seat)} is Favorite of the Gods {why}.")


def turn_order(state: dict) -> list[int]:
    """Seats in action order: the Favorite first, then Zeus (clockwise) or
    Hera (counter-clockwise) around the board's seating."""
    seating = map_of(state).seating
    around = sorted(range(state["players"]), key=lambda s: seating.index(state["seats"][s]["city"]))
    if state["direction"] == "hera":
        around.reverse()
    start = around.index(state["favorite"])
    return around[start:] + around[:start]


@register
class FavoriteTieStep(Step):
    """The current Favorite picks among the players tied for most Favor."""

    kind = "favorite"

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        return [f"favorite {seat_name(s).lower()}" for s in frame["tied"]]

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        words = action.split()
        if len(words) != 2 or words[0] != "favorite":
            raise self.refuse(state, frame, seat, action)
        chosen = seat_by_name(state, words[1])
        names = ", ".join(seat_name(s) for s in frame["tied"])
        if chosen is None or chosen not in frame["tied"]:
            raise IllegalAction(f"Choose the new Favorite among the players tied for most Favor: {names}.")
        _crown(state, chosen, f"(chosen by {seat_name(seat)} among {names})")
        finish(state, frame)

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        return f"make {action.split()[1].title()} the Favorite of the Gods"

    def title(self, state: dict, frame: dict) -> str:
        return "breaking a tie for Favorite of the Gods"


@register
class DirectionStep(Step):
    """The Favorite turns the token Zeus (clockwise) or Hera side up."""

    kind = "direction"

    def seats(self, state: dict, frame: dict) -> list[int]:
        return [state["favorite"]]

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        return list(DIRECTIONS)

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        if action not in DIRECTIONS:
            raise IllegalAction("Turn the token `zeus` (clockwise) or `hera` (counter-clockwise).")
        state["direction"] = action
        order = ", ".join(seat_name(s) for s in turn_order(state))
        log(state, f"{seat_name(seat)} turns the token {action.title()} side up: {order}.")
        finish(state, frame)

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        return "play clockwise" if action == "zeus" else "play counter-clockwise"

    def title(self, state: dict, frame: dict) -> str:
        return "choosing Zeus or Hera"
