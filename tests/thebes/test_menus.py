"""Every decision by clicks (issue 16): each legal action has its own
plain-words menu path, at most four steps of at most 25 entries each."""

from __future__ import annotations

from collections import defaultdict

import pytest

from engine.games.thebes import GAME
from engine.games.thebes.state import State

MOST_ENTRIES = 25
MOST_STEPS = 4


def menu_problems(state: State, seat: int) -> list[str]:
    """What the front end would find wrong with the menus built from the
    seat's legal actions (grouped by the path's steps)."""
    legal = GAME.legal(state, seat)
    paths = {action: GAME.menu_path(state, seat, action) for action in legal}
    problems = [f"{a}: {len(p)} steps" for a, p in paths.items() if not 1 <= len(p) <= MOST_STEPS]
    if len(set(paths.values())) != len(paths):
        problems.append("two actions share a path")
    entries: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for path in paths.values():
        for depth in range(len(path)):
            entries[path[:depth]].add(path[depth])
    leaves = set(paths.values())
    problems += [f"{prefix}: {len(after)} entries" for prefix, after in entries.items() if len(after) > MOST_ENTRIES]
    problems += [f"{path} is both an action and a step" for path in leaves if path in entries]
    return problems


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("mix", ["easy", "greedy"])
def test_every_decision_of_whole_games_fits_the_menus(finished_games, players, mix):
    _, log = finished_games[(players, mix)]
    state = GAME.new(players, {}, (100 if mix == "easy" else 200) + players)
    for seat, action in log:
        assert menu_problems(state, seat) == [], action
        state = GAME.play(state, seat, action)


def test_a_dig_by_kind_site_knowledge_and_weeks(kit):
    """A dig is chosen as "Dig", then the site, then the knowledge with the
    cards it discards, then the weeks with the tokens they draw."""
    state = kit.to_act(kit.new(2), 0, place="egypt")
    kit.give(state, 0, *kit.cards("specialized", "egypt")[:4], kit.card("local", "egypt"))
    path = GAME.menu_path(state, 0, "dig egypt 6k 8w")
    assert path == ("Dig", "Egypt", "6 knowledge, discarding Egypt local experts 2", "8 weeks: 5 tokens")
    assert GAME.menu_path(state, 0, "buy 1")[0] == "Buy a card"
    assert GAME.menu_path(state, 0, "replace") == ("Replace the display",)
