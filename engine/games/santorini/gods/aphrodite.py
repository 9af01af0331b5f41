"""Aphrodite, Goddess of Love — Any Move."""

from engine.games.santorini.board import adjacent
from engine.games.santorini.gods.base import God
from engine.games.santorini.state import OFF, State


def _near(state: State, square: int, holder: int) -> bool:
    return any(adjacent(square, state.workers[w]) for w in state.own_workers(holder))


class Aphrodite(God):
    """ "If an opponent worker starts its turn neighboring one of your
    workers, its last move must be to a space neighboring one of your
    workers."

    A charmed worker that does not move is not bound. A "must": a turn that
    cannot obey it is no turn at all, and a player with no other loses.
    """

    name = "aphrodite"

    def rival_turn_begins(self, state: State, holder: int, seat: int) -> None:
        charmed = tuple(
            w for w in state.own_workers(seat) if not state.is_own(holder, w) and _near(state, state.workers[w], holder)
        )
        if charmed:
            state.live_turn.flags["charmed"] = charmed

    def rival_turn_ok(self, state: State, holder: int, seat: int) -> bool:
        turn = state.live_turn
        return all(
            w not in turn.moved or state.workers[w] == OFF or _near(state, state.workers[w], holder)
            for w in turn.flags.get("charmed", ())
        )
