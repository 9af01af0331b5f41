"""Shared pieces of the Santorini rule tests: the crafted positions most god
tests start from, and small helpers to play and list turns."""

from __future__ import annotations

from engine.games.santorini import GAME
from engine.games.santorini.board import parse_square
from engine.games.santorini.positions import from_diagram, turn_texts

OPEN_CORNER = """
    0O 0 0 3X 0B
    0  0 0 3X 3X
    0  0 0 0  0
    0  0 0 0  0
    0B 0 0 0  0O"""
"""Blue's e5 worker is walled in by domes, so only a1 matters: it may go to
a2 (then 5 builds), b1 (5) or b2 (8): 18 plain turns."""

CORRIDOR = """
    0O 0  0 3X 0B
    0  0  0 3X 3X
    0  0  0 0  0
    0  3X 0 0  0
    0B 3X 0 0  0O"""
"""a1 may only go to a2; from a2 it may build on a1, a3 or b3."""


def sq(name: str) -> int:
    """``"c3"`` -> its square number."""
    return parse_square(name)


def turns(text: str, gods=(), **kwargs) -> set[str]:
    """Every complete legal turn from a diagram, as ``"move a1 a2, build a3"``."""
    return turn_texts(from_diagram(text, gods, **kwargs))


def play(state, *actions: str):
    """Play actions in order, each by whoever is to move."""
    for action in actions:
        state = GAME.play(state, GAME.to_move(state)[0], action)
    return state


def legal_sequences(state) -> set[str]:
    """Every way to play the whole turn through ``GAME.legal`` and
    ``GAME.play`` (the public contract), step by step, as ``"move a1 a2,
    build a3"``: unlike ``turns``, two orders reaching the same board count
    twice."""
    seat = GAME.to_move(state)[0]
    found: set[str] = set()

    def walk(current, path: tuple[str, ...]) -> None:
        if GAME.outcome(current) is not None or GAME.to_move(current) != [seat] or current.turn.seat != seat:
            found.add(", ".join(path))
            return
        for action in GAME.legal(current, seat):
            walk(GAME.play(current, seat, action), path + (action,))

    walk(state, ())
    return found
