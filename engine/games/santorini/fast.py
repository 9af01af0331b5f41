"""A fast generator for the base game (no gods): bitboards over 25 squares.

The readable rules (``turn``, ``rules``, ``gods``) are the reference; this
module plays the same base game with integers so that random play and the
bot's search are quick. ``tests/santorini/test_fast.py`` checks on thousands
of random positions that both generate exactly the same turns.

A position is ``(h1, h2, h3, dm, pools, mover)``: ``hk`` has a bit for every
square at least ``k`` blocks high, ``dm`` for every dome, ``pools`` the
worker squares of each pool (a tuple of tuples) and ``mover`` the pool to
move. Pools move in turn, as in the 1 vs 1 game and, with shared workers, in
2 vs 2.
"""

from __future__ import annotations

import random

from engine.games.santorini.board import NEIGHBOURS, SQUARES
from engine.games.santorini.state import OFF, State

NB = tuple(sum(1 << n for n in NEIGHBOURS[s]) for s in SQUARES)
"""Neighbour masks."""
NBL = NEIGHBOURS
BIT = tuple(1 << s for s in SQUARES)
FULL = (1 << 25) - 1

Position = tuple[int, int, int, int, tuple[tuple[int, ...], ...], int]
Turn = tuple[int, int, int]
"""``(from, to, build)``; ``build`` is -1 for a winning move."""


def from_state(state: State) -> Position:
    """The bitboard position of a readable state at the start of a turn."""
    h1 = h2 = h3 = dm = 0
    for sq in SQUARES:
        level = state.blocks[sq]
        if level >= 1:
            h1 |= BIT[sq]
        if level >= 2:
            h2 |= BIT[sq]
        if level >= 3:
            h3 |= BIT[sq]
        if state.domes[sq]:
            dm |= BIT[sq]
    pools = tuple(
        tuple(sq for w, sq in enumerate(state.workers) if state.owner[w] == pool and sq != OFF)
        for pool in range(max(state.pool_of) + 1)
    )
    return h1, h2, h3, dm, pools, state.pool_of[state.live_turn.seat]


def height(h1: int, h2: int, h3: int, sq: int) -> int:
    return ((h1 >> sq) & 1) + ((h2 >> sq) & 1) + ((h3 >> sq) & 1)


def occupied(pools: tuple[tuple[int, ...], ...]) -> int:
    occ = 0
    for pool in pools:
        for sq in pool:
            occ |= BIT[sq]
    return occ


def climbable(h1: int, h2: int, h3: int, sq: int) -> int:
    """Squares a worker on ``sq`` could step to by height alone."""
    if (h2 >> sq) & 1:
        return FULL
    if (h1 >> sq) & 1:
        return FULL & ~h3
    return FULL & ~h2


def turns(pos: Position) -> list[Turn]:
    """Every full turn of the pool to move: a move then a build, or a winning
    move (``build == -1``). Moves to higher squares come first (the search
    meets the strong turns, and so its cut-offs, sooner)."""
    h1, h2, h3, dm, pools, mover = pos
    occ = occupied(pools)
    blocked = occ | dm
    result: list[Turn] = []
    reaches = [(frm, NB[frm] & ~blocked & climbable(h1, h2, h3, frm)) for frm in pools[mover]]
    for level in (h3, h2 & ~h3, h1 & ~h2, FULL & ~h1):
        for frm, anywhere in reaches:
            reach = anywhere & level
            if not reach:
                continue
            on_top = (h3 >> frm) & 1
            after_leave = blocked & ~BIT[frm]
            for to in NBL[frm]:
                if not (reach >> to) & 1:
                    continue
                if (h3 >> to) & 1 and not on_top:
                    result.append((frm, to, -1))
                    continue
                free = NB[to] & ~after_leave & ~BIT[to]
                for b in NBL[to]:
                    if (free >> b) & 1:
                        result.append((frm, to, b))
    return result


def apply(pos: Position, move: Turn) -> Position:
    """The position after a full turn (the next pool to move)."""
    h1, h2, h3, dm, pools, mover = pos
    frm, to, b = move
    moved = tuple(to if sq == frm else sq for sq in pools[mover])
    pools = pools[:mover] + (moved,) + pools[mover + 1 :]
    if b >= 0:
        bit = BIT[b]
        if not h1 & bit:
            h1 |= bit
        elif not h2 & bit:
            h2 |= bit
        elif not h3 & bit:
            h3 |= bit
        else:
            dm |= bit
    return h1, h2, h3, dm, pools, (mover + 1) % len(pools)


def can_win_now(pos: Position) -> bool:
    """Whether the pool to move has a worker on level 2 next to a free
    level-3 tower: it wins by moving there."""
    h1, h2, h3, dm, pools, mover = pos
    target = h3 & ~dm & ~occupied(pools)
    return any((h2 >> sq) & 1 and not (h3 >> sq) & 1 and NB[sq] & target for sq in pools[mover])


def has_move(pos: Position) -> bool:
    """Whether the pool to move can move at all (in the base game a moved
    worker can always build on the square it left)."""
    h1, h2, h3, dm, pools, mover = pos
    blocked = occupied(pools) | dm
    return any(NB[sq] & ~blocked & climbable(h1, h2, h3, sq) for sq in pools[mover])


def perft(pos: Position, depth: int) -> int:
    """The number of distinct sequences of ``depth`` full turns (a win ends
    a sequence early and counts as one)."""
    moves = turns(pos)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        total += 1 if move[2] < 0 else perft(apply(pos, move), depth - 1)
    return total


def random_start(rng: random.Random) -> Position:
    """A fresh base game with both players' workers placed at random (the
    set-up step of a full random game)."""
    squares = rng.sample(range(25), 4)
    return 0, 0, 0, 0, (tuple(squares[:2]), tuple(squares[2:])), 0


def random_game(rng: random.Random, pos: Position) -> tuple[int, int]:
    """Play uniformly random moves (then a random build) to the end: the
    winning pool and the number of turns. Two pools only (1 vs 1, 2 vs 2)."""
    h1, h2, h3, dm, pools, mover = pos
    mine, theirs = list(pools[mover]), list(pools[1 - mover])
    plies = 0
    while True:
        blocked = dm | BIT[mine[0]] | BIT[mine[1]] | BIT[theirs[0]] | BIT[theirs[1]]
        options = []
        for i, frm in enumerate(mine):
            reach = NB[frm] & ~blocked & climbable(h1, h2, h3, frm)
            for to in NBL[frm]:
                if (reach >> to) & 1:
                    options.append((i, frm, to))
        if not options:
            return 1 - mover, plies
        i, frm, to = options[rng.randrange(len(options))]
        plies += 1
        if (h3 >> to) & 1 and not (h3 >> frm) & 1:
            return mover, plies
        mine[i] = to
        free = NB[to] & ~(blocked & ~BIT[frm]) & ~BIT[to]
        builds = [b for b in NBL[to] if (free >> b) & 1]
        bit = BIT[builds[rng.randrange(len(builds))]]
        if not h1 & bit:
            h1 |= bit
        elif not h2 & bit:
            h2 |= bit
        elif not h3 & bit:
            h3 |= bit
        else:
            dm |= bit
        mine, theirs = theirs, mine
        mover = 1 - mover


__all__ = [
    "Position",
    "from_state",
    "turns",
    "apply",
    "perft",
    "random_start",
    "random_game",
    "can_win_now",
    "has_move",
]
