"""Squares of the 5x5 Santorini board: names, neighbours, perimeter, edges.

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
    """``0`` -> ``a1``."""
    return SQUARE_NAMES[square]


def parse_square(text: str) -> int | None:
    """The square a name such as ``c3`` means, or None."""
    return _BY_NAME.get(text.strip().lower())


def _neighbours(square: int, wrap: bool) -> tuple[int, ...]:
    x, y = square % SIZE, square // SIZE
    result = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if not (dx or dy):
                continue
            nx, ny = x + dx, y + dy
            if wrap:
                nx, ny = nx % SIZE, ny % SIZE
            elif not (0 <= nx < SIZE and 0 <= ny < SIZE):
                continue
            result.append(ny * SIZE + nx)
    return tuple(sorted(set(result)))


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(s, False) for s in SQUARES)
"""The up to eight neighbouring squares of each square."""

WRAPPED_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(s, True) for s in SQUARES)
"""Urania's board, where opposite edges and corners touch: always eight."""

NEIGHBOUR_SETS = tuple(frozenset(n) for n in NEIGHBOURS)

PERIMETER = frozenset(s for s in SQUARES if s % SIZE in (0, SIZE - 1) or s // SIZE in (0, SIZE - 1))
"""The 16 spaces around the edge ("Perimeter Space" in the glossary)."""

CORNERS = frozenset((0, SIZE - 1, SIZE * (SIZE - 1), SIZE * SIZE - 1))

EDGES = {
    "west": frozenset(s for s in SQUARES if s % SIZE == 0),
    "east": frozenset(s for s in SQUARES if s % SIZE == SIZE - 1),
    "south": frozenset(s for s in SQUARES if s // SIZE == 0),
    "north": frozenset(s for s in SQUARES if s // SIZE == SIZE - 1),
}
OPPOSITE_EDGES = (("west", "east"), ("south", "north"))


def adjacent(a: int, b: int) -> bool:
    """Whether two squares are neighbours (never a square with itself)."""
    return b in NEIGHBOUR_SETS[a]


def beyond(frm: int, to: int) -> int | None:
    """The square one step past ``to`` in the direction ``frm`` -> ``to``
    (Minotaur's push, Bia's victim, Charon's far side), or None off the board."""
    x, y = to % SIZE, to // SIZE
    nx, ny = 2 * x - frm % SIZE, 2 * y - frm // SIZE
    return ny * SIZE + nx if 0 <= nx < SIZE and 0 <= ny < SIZE else None


def distance(a: int, b: int) -> int:
    """King-move distance between two squares."""
    return max(abs(a % SIZE - b % SIZE), abs(a // SIZE - b // SIZE))
