"""Positions from text diagrams, and full turns as text: for tests, the
bench and anyone checking a rule by hand.

A diagram has five rows, rank 5 first, five cells each: a level digit, ``X``
for a dome, then a seat letter for a worker (``B`` Blue, ``O`` Orange, ``G``
Green, ``P`` Purple; in team modes a pool is named by its first seat)::

    0  0  0  0  0
    0  1  2  0  0
    0  0B 3  0  0
    0  0  0O 0  0
    0  0  0B 0O 3X

A pool's workers get ids in square order (a1 first); Selene's female worker
is her pool's first.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import Rng
from engine.games.santorini import turn
from engine.games.santorini.board import SIZE
from engine.games.santorini.notation import format_step
from engine.games.santorini.rules import colour
from engine.games.santorini.state import OFF, State

LETTERS = "BOGP"


def from_diagram(
    diagram: str,
    gods: Iterable[str | None] = (),
    seat: int = 0,
    players: int = 2,
    mode: str = "standard",
    moved_up: Iterable[int] = (),
    settle: bool = False,
) -> State:
    """A state in play with ``seat`` to start its turn."""
    rows = [line.split() for line in diagram.strip().splitlines()]
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise ValueError("a diagram has 5 rows of 5 cells")
    pool_of = tuple(range(players)) if mode == "standard" else (0, 1, 0, 1)
    gods = list(gods) + [None] * (players - len(list(gods)))
    state = State(
        players, {"gods": ",".join(g for g in gods if g) or "none", "mode": mode, "pool": "all"}, Rng(0), mode, pool_of
    )
    state.gods = gods[:players]
    placed: dict[int, list[int]] = {p: [] for p in set(pool_of)}
    for r, row in enumerate(rows):
        for f, cell in enumerate(row):
            square = (SIZE - 1 - r) * SIZE + f
            state.blocks[square] = int(cell[0])
            rest = cell[1:]
            if rest.startswith("X"):
                state.domes[square] = True
                rest = rest[1:]
            if rest:
                placed[pool_of[LETTERS.index(rest)]].append(square)
    owner: list[int] = []
    workers: list[int] = []
    for pool in sorted(placed):
        for square in sorted(placed[pool]):
            owner.append(pool)
            workers.append(square)
    state.owner = tuple(owner)
    state.workers = workers
    state.phase = "play"
    for s in moved_up:
        state.moved_up_last[s] = True
    state.start = seat
    turn.begin_turn(state, seat)
    if settle:
        turn.settle(state)
    return state


def turn_texts(state: State) -> set[str]:
    """Every complete legal turn from here as ``"move b2 c3, build d4"``."""
    return {", ".join(format_step(step) for step in path) for path, _ in turn.completions(state)}


def diagram(state: State) -> str:
    """The diagram of a state (inverse of ``from_diagram``)."""
    lines = []
    for r in range(SIZE - 1, -1, -1):
        cells = []
        for f in range(SIZE):
            square = r * SIZE + f
            cell = str(state.blocks[square]) + ("X" if state.domes[square] else "")
            wid = state.occupant(square)
            if wid != OFF:
                seat = state.pool_of.index(state.owner[wid])
                cell += colour(seat)[0]
            cells.append(cell.ljust(3))
        lines.append(" ".join(cells).rstrip())
    return "\n".join(lines)
