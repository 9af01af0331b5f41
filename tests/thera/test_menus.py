"""Menu paths: every legal action can be clicked, one step of at most 25
entries at a time (issue 16: on Discord a select menu holds 25 entries)."""

import random

import pytest

from engine.games.thera import GAME

MENU_LIMIT = 25
MOST_CLICKS = 4


def check_menus(state, seat):
    """Every legal action has its own path; no step offers more than 25
    entries; no path ends where another goes on; at most four clicks."""
    legal = GAME.legal(state, seat)
    paths = {action: GAME.menu_path(state, seat, action) for action in legal}
    assert len(set(paths.values())) == len(legal), "two actions share a menu path"
    entries: dict[tuple, set] = {}
    for path in paths.values():
        assert 1 <= len(path) <= MOST_CLICKS and all(isinstance(step, str) and step for step in path)
        for depth in range(len(path)):
            entries.setdefault(path[:depth], set()).add(path[depth])
    for prefix, children in entries.items():
        assert len(children) <= MENU_LIMIT, (prefix, sorted(children))
    leaves = set(paths.values())
    assert not leaves & set(entries), "a finished action is also a step toward others"
    return max(len(path) for path in paths.values())


@pytest.mark.parametrize(
    "players, options, seed",
    [
        (2, {}, 1),
        (3, {"advanced": True}, 2),
        (4, {"divine": "1,1,1,1"}, 3),
        (5, {"advanced": True}, 4),
    ],
)
def test_every_decision_of_random_games_is_clickable(players, options, seed):
    rng = random.Random(seed)
    state = GAME.new(players, options, seed)
    deepest = 0
    while GAME.to_move(state):
        seat = rng.choice(GAME.to_move(state))
        deepest = max(deepest, check_menus(state, seat))
        state = GAME.play(state, seat, rng.choice(GAME.legal(state, seat)))
    assert deepest <= MOST_CLICKS


def test_paths_read_as_plain_words(kit):
    state = kit.new(2, seed=13)
    assert GAME.menu_path(state, 0, "choose planner +2") == ("Planner", "+2 favor for 2 drachma")
    assert GAME.menu_path(state, 0, "move 2 stone c2 d2") == ("Move stone", "from c2", "to d2", "2 stone")
    assert GAME.menu_path(state, 0, "build odeon e5") == ("Build luxury", "Odeon", "on e5")
    assert GAME.menu_path(state, 0, "work c2") == ("Work a building", "Small Quarry on c2")
    assert GAME.menu_path(state, 0, "done") == ("Done",)


def test_large_amounts_go_through_a_range(kit):
    state = kit.new(2, seed=13)
    assert GAME.menu_path(state, 0, "move 27 water c2 d2") == (
        "Move water",
        "from c2",
        "to d2",
        "21-40 more",
        "27 water",
    )
