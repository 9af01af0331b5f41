"""Squares of the 5x5 Santorini board: names, neighbours, perimeter.

Squares are ints 0..24, ``index = rank * 5 + file`` with file a..e -> 0..4 and
rank 1..5 -> 0..4, so ``a1`` is 0 and ``e5`` is 24.
"""

from __future__ import annotations

SIZE = 5
SQUARES = range(SIZE * SIZE)
FILES = "abcde"

SQUARE_NAMES = tuple(f"{FILES[i % SIZE]}{i // SIZE + 1}" for i in SQUARES)
_BY_NAME = {name: i for i, name in enumerate(SQUARE_NAMES)}


def square_name(square: int) -> str:
    return SQUARE_NAMES[square]


def parse_square(text: str) -> int | None:
    """The square a name such as ``c3`` means, or None."""
    return _BY_NAME.get(text.strip().lower())


def _neighbours(square: int) -> tuple[int, ...]:
    x, y = square % SIZE, square // SIZE
    result = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if (dx or dy) and 0 <= x + dx < SIZE and 0 <= y + dy < SIZE:
                result.append((y + dy) * SIZE + x + dx)
    return tuple(result)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(s) for s in SQUARES)
"""The up to eight neighbouring squares of each square."""

PERIMETER = frozenset(s for s in SQUARES if s % SIZE in (0, SIZE - 1) or s // SIZE in (0, SIZE - 1))


def direction(frm: int, to: int) -> tuple[int, int]:
    """The step (dx, dy) from one square to a neighbouring one."""
    return (to % SIZE - frm % SIZE, to // SIZE - frm // SIZE)


def step(square: int, dx: int, dy: int) -> int | None:
    """The square one step away in direction (dx, dy), or None off the board."""
    x, y = square % SIZE + dx, square // SIZE + dy
    return y * SIZE + x if 0 <= x < SIZE and 0 <= y < SIZE else None
