"""Issue 16: every decision by clicks. Each legal action has a menu path in
plain words; the menus built from them have at most 25 entries per step
(Discord's select menu), no two actions share a path, and no path is the
start of another (an entry is an action or a further menu, never both)."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from engine.games.thessaloniki import GAME

MENU_LIMIT = 25


def check_menus(state, seat) -> int:
    """Checks the menus of one decision; returns the deepest path."""
    paths = {action: GAME.menu_path(state, seat, action) for action in GAME.legal(state, seat)}
    assert len(set(paths.values())) == len(paths), "two actions share a path"
    entries: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for path in paths.values():
        assert path and all(step for step in path)
        for depth in range(len(path)):
            entries[path[:depth]].add(path[depth])
    for path in paths.values():
        assert path not in entries, f"{path} is both an action and a menu"
    assert max(len(options) for options in entries.values()) <= MENU_LIMIT
    return max(len(path) for path in paths.values())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_decision_fits_the_menus(players):
    deepest = 0
    for seed in (1, 2):
        state = GAME.new(players, {}, seed)
        rng = random.Random(seed)
        while GAME.to_move(state):
            seat = rng.choice(GAME.to_move(state))
            deepest = max(deepest, check_menus(state, seat))
            state = GAME.play(state, seat, rng.choice(GAME.legal(state, seat)))
    assert deepest <= 3


def test_paths_read_as_plain_words():
    """A sale names the ship and its price first, then the goods."""
    state = GAME.new(2, {}, 1)
    assert GAME.menu_path(state, 0, "sell 2 wine ship2") == ("Sell", "to ship 2 (4 VP each)", "2 Wine")
    assert GAME.menu_path(state, 0, "Move Merchant Port Legatio") == (
        "Move a worker",
        "your Merchant in the Port",
        "to the Legatio",
    )
    assert GAME.menu_path(state, 0, "fulfill c12 with grain olive salt") == (
        "Fulfil a contract",
        "C12",
        "paying 1 Grain, 1 Olive and 1 Salt",
    )
    assert GAME.menu_path(state, 0, "mosaic rome2 with salt") == (
        "Place a mosaic",
        "on demand tile rome2",
        "paying 1 Salt",
    )
