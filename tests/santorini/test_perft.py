"""Perft: the number of distinct sequences of full turns (move then build)
from known positions, for the base game.

Depth 1 of the corner position is counted by hand (see
``test_base_rules.test_corner_position_has_thirty_six_turns_by_hand``);
the deeper figures are pinned after two independent generators — the
readable rules and the bitboards — agreed on them. A winning move ends a
sequence and counts as one; a player with no move contributes nothing.
"""

from __future__ import annotations

import pytest

from engine.games.santorini import fast, turn
from engine.games.santorini.positions import from_diagram

POSITIONS = {
    "corners": """
        0O 0 0 0 0B
        0  0 0 0 0
        0  0 0 0 0
        0  0 0 0 0
        0B 0 0 0 0O""",
    "opening": """
        0 0  0 0  0
        0 0O 0 0B 0
        0 0  0 0  0
        0 0B 0 0O 0
        0 0  0 0  0""",
    "midgame": """
        0  1 2  0  0
        1  2B 3 1  0
        0  3X 2O 1 0
        0  1 0B 2  3
        2O 0 1  0  1""",
}

EXPECTED = {
    "corners": (36, 1296, 69468),
    "opening": (80, 6176, 426384),
    "midgame": (48, 2070, 81890),
}


def readable_perft(state, depth: int) -> int:
    total = 0
    for _, done in turn.completions(state):
        if depth == 1 or done.phase == "over":
            total += 1
            continue
        child = done.copy()
        turn.finish_turn(child)
        total += readable_perft(child, depth - 1)
    return total


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_fast_perft_depths_one_to_three(name):
    position = fast.from_state(from_diagram(POSITIONS[name]))
    assert tuple(fast.perft(position, depth) for depth in (1, 2, 3)) == EXPECTED[name]


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_readable_rules_perft_depths_one_and_two(name):
    state = from_diagram(POSITIONS[name])
    assert (readable_perft(state, 1), readable_perft(state, 2)) == EXPECTED[name][:2]


def test_readable_rules_perft_depth_three_midgame():
    assert readable_perft(from_diagram(POSITIONS["midgame"]), 3) == EXPECTED["midgame"][2]


def test_a_winning_move_counts_once_and_ends_the_line():
    state = from_diagram("""
        0 0 0 0 0O
        0 0 0 0 0
        0 3 0 0 0
        0 2B 0 0 0
        0B 0 0 0 0O""")
    turns = fast.turns(fast.from_state(state))
    assert (6, 11, -1) in turns  # b2 -> b3 wins, no build
    assert readable_perft(state, 2) == fast.perft(fast.from_state(state), 2)
