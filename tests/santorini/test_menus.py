"""Menus in plain words (``GAME.menu_path``): every legal action is reached
by clicks, one menu of at most 25 entries per step."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from engine.games.santorini import GAME

MENU_LIMIT = 25


def menu_problems(state, seat) -> list[str]:
    """Paths shared by two actions, and menus with more than 25 entries."""
    legal = GAME.legal(state, seat)
    paths = {action: GAME.menu_path(state, seat, action) for action in legal}
    problems = []
    if len(set(paths.values())) != len(paths):
        problems.append(f"two actions share a path: {sorted(paths.items(), key=lambda p: p[1])}")
    entries: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for path in paths.values():
        for depth in range(len(path)):
            entries[path[:depth]].add(path[depth])
    problems += [f"{len(e)} entries after {prefix}" for prefix, e in entries.items() if len(e) > MENU_LIMIT]
    problems += [
        f"{p} is a prefix of another path"
        for p in paths.values()
        if any(q != p and q[: len(p)] == p for q in paths.values())
    ]
    return problems


@pytest.mark.parametrize(
    "options,players",
    [
        ({}, 2),
        ({"gods": "chosen"}, 2),
        ({"gods": "random"}, 2),
        ({"gods": "random"}, 3),
        ({"mode": "teams", "gods": "random"}, 4),
    ],
)
def test_every_decision_is_reachable_by_menus_of_at_most_25(options, players):
    rng = random.Random(players)
    for seed in range(6):
        state = GAME.new(players, options, seed)
        for _ in range(80):
            if GAME.outcome(state) is not None:
                break
            seat = GAME.to_move(state)[0]
            assert not menu_problems(state, seat), state.gods
            state = GAME.play(state, seat, rng.choice(GAME.legal(state, seat)))


def test_menu_paths_read_as_plain_words():
    state = GAME.new(2, {}, 1)
    assert GAME.menu_path(state, 0, "place c3") == ("Place a worker", "on c3")
    for square in ("a1", "e5"):
        state = GAME.play(state, 0, f"place {square}")
    for square in ("a5", "e1"):
        state = GAME.play(state, 1, f"place {square}")
    assert GAME.menu_path(state, 0, "move a1 b2") == ("Move the worker on a1", "to b2")
    state = GAME.play(state, 0, "move a1 b2")
    assert GAME.menu_path(state, 0, "build c3") == ("Build", "on c3")
