"""A game's public picture at every move, rebuilt from its log (pure: no
storage, no asyncio).

The input is the game's set-up (``players``, ``options`` as stored with the
game, ``seed``) and its *effective* actions: the ``(seat, action)`` pairs of
the ``play`` rows that still count once undo rows are applied, which is what
``engine.tables.model.effective_actions`` returns (that module imports the
store, so the service applies it and passes the pairs here).

Only public views (``game.view(state, None)``) and the public log line
(``game.describe``) leave this module: never a seat's private part, never the
action text itself, which may name a secret ("bid 5", a card in hand). That
holds after the game too: a finished game's hands stay as private as they
were while it ran.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import Game, IllegalAction


@dataclass(frozen=True)
class Frame:
    """The public board after ``move`` actions (move 0 is the set-up)."""

    move: int
    view: dict[str, Any]
    text: str
    """The log line of the action that led here ("" for the set-up)."""
    seat: int | None
    """The seat that acted (None for the set-up)."""


def _steps(
    game: Game, players: int, options: Mapping[str, Any], seed: int, actions: Sequence[tuple[int, str]]
) -> Iterator[tuple[int, Any, Any, int | None, str | None]]:
    """(move, state before, state after, seat, action) from the set-up on
    (the set-up is move 0, with no state before, seat or action)."""
    state = game.new(players, dict(options), seed)
    yield 0, None, state, None, None
    for move, (seat, action) in enumerate(actions, start=1):
        after = _replayed(game, state, move, seat, action)
        yield move, state, after, seat, action
        state = after


def _replayed(game: Game, state: Any, move: int, seat: int, action: str) -> Any:
    """The state after logged move ``move``; a log that no longer replays
    (rules changed under an old game) says which move is refused."""
    try:
        return game.play(state, seat, action)
    except IllegalAction as error:
        raise IllegalAction(
            f"The log does not replay: move {move} ({game.describe(state, seat, action)}) is refused: {error}"
        ) from None


def frames(
    game: Game,
    players: int,
    options: Mapping[str, Any],
    seed: int,
    actions: Sequence[tuple[int, str]],
    moves: Iterable[int] | None = None,
) -> list[Frame]:
    """The public frames of a game: the set-up, then one per effective action
    (or only those of ``moves``, which skips drawing the views in between)."""
    wanted = None if moves is None else set(moves)
    last = len(actions) if wanted is None else max(wanted, default=-1)
    found = []
    for move, before, after, seat, action in _steps(game, players, options, seed, actions[: max(last, 0)]):
        if wanted is None or move in wanted:
            text = "" if seat is None or action is None else game.describe(before, seat, action)
            found.append(Frame(move, game.view(after, None), text, seat))
    return found


def frame_at(
    game: Game, players: int, options: Mapping[str, Any], seed: int, actions: Sequence[tuple[int, str]], move: int
) -> Frame:
    """The public frame after ``move`` actions (0 is the set-up; negative
    counts from the end, as in ``-1`` for the final board)."""
    return Replay(game, players, options, seed, actions).frame(move)


def summary_moves(seats: Sequence[int], limit: int = 200) -> list[int]:
    """The moves an animated summary shows, for a game whose effective
    actions were played by ``seats`` in order: the set-up, the end of every
    turn (a run of actions by one seat, so a multi-step turn is one frame),
    thinned evenly to at most ``limit`` frames, always keeping the final
    board."""
    if limit < 2:
        raise ValueError("a summary needs room for the set-up and the final board")
    total = len(seats)
    ends = [move for move in range(1, total + 1) if move == total or seats[move] != seats[move - 1]]
    chosen = [0, *ends]
    if len(chosen) > limit:
        step = (len(chosen) - 1) / (limit - 1)
        chosen = sorted({chosen[round(i * step)] for i in range(limit)})
    return chosen


class Replay:
    """A game's log opened for stepping back and forth (the ``/game replay``
    buttons): states are kept every ``CHECKPOINT_EVERY`` moves as they are
    first reached, so a step or a jump replays at most that many actions
    after the first visit. ``play`` never mutates a state, so keeping them is
    safe."""

    CHECKPOINT_EVERY = 50

    def __init__(
        self, game: Game, players: int, options: Mapping[str, Any], seed: int, actions: Sequence[tuple[int, str]]
    ):
        self.game, self.actions = game, list(actions)
        self.checkpoints: dict[int, Any] = {0: game.new(players, dict(options), seed)}

    @property
    def total(self) -> int:
        """The last move (the final board)."""
        return len(self.actions)

    def frame(self, move: int) -> Frame:
        """The public frame after ``move`` actions (negative counts from the end)."""
        wanted = move + self.total + 1 if move < 0 else move
        if not 0 <= wanted <= self.total:
            raise IllegalAction(f"Move {move} does not exist: this game has moves 0 (the set-up) to {self.total}.")
        if wanted == 0:
            return Frame(0, self.game.view(self.checkpoints[0], None), "", None)
        before = self._state_at(wanted - 1)
        seat, action = self.actions[wanted - 1]
        after = _replayed(self.game, before, wanted, seat, action)
        return Frame(wanted, self.game.view(after, None), self.game.describe(before, seat, action), seat)

    def _state_at(self, move: int) -> Any:
        """The full state after ``move`` actions (it holds every secret: it
        never leaves this class), keeping checkpoints on the way."""
        start = max(m for m in self.checkpoints if m <= move)
        state = self.checkpoints[start]
        for index in range(start, move):
            seat, action = self.actions[index]
            state = _replayed(self.game, state, index + 1, seat, action)
            if (index + 1) % self.CHECKPOINT_EVERY == 0:
                self.checkpoints[index + 1] = state
        return state
