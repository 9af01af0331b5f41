"""The base game: placement, moving, building, winning and losing.

Each test quotes the rule it checks (``shared/rules/santorini.txt``)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.santorini import GAME
from engine.games.santorini.board import parse_square
from engine.games.santorini.positions import from_diagram, turn_texts


def placed(*squares: str, seed: int = 1):
    state = GAME.new(2, {}, seed)
    for square in squares:
        state = GAME.play(state, GAME.to_move(state)[0], f"place {square}")
    return state


def test_default_options_are_the_base_game_without_gods():
    state = GAME.new(2, {}, 0)
    assert state.gods == [None, None]
    assert state.phase == "place"
    assert GAME.to_move(state) == [0]


def test_start_player_places_both_workers_then_the_other_player():
    """Set-up fixed by the platform issue: start player places both workers."""
    state = GAME.new(2, {}, 0)
    order = []
    for square in ("c3", "b2", "d4", "a1"):
        seat = GAME.to_move(state)[0]
        order.append(seat)
        state = GAME.play(state, seat, f"place {square}")
    assert order == [0, 0, 1, 1]
    assert GAME.to_move(state) == [0] and state.phase == "play"


def test_cannot_place_on_an_occupied_square():
    state = placed("c3")
    with pytest.raises(IllegalAction):
        GAME.play(state, 0, "place c3")


def test_move_up_at_most_one_level_and_down_any():
    """ "When moving higher, you may move up a maximum of 1 level ... When moving
    lower, move down any number of levels.\""""
    state = from_diagram("""
        0 0 0 0 0O
        0 0 0 0 0
        0 2 1 3 0
        0 0 1B 0 0
        0O 0 0 0 0B
    """)
    moves = {a for a in GAME.legal(state, 0) if a.startswith("move c2")}
    assert moves == {"move c2 b1", "move c2 c1", "move c2 d1", "move c2 b2", "move c2 d2", "move c2 b3", "move c2 c3"}
    with pytest.raises(IllegalAction, match="at most one level"):
        GAME.play(state, 0, "move c2 d3")
    high = from_diagram("""
        0 0 0 0 0O
        0 0 0 0 0
        0 0 2B 0 0
        0 0 0 0 0
        0O 0 0 0 0B
    """)
    assert "move c3 c2" in GAME.legal(high, 0)
    assert GAME.describe(high, 0, "move c3 c2") == "Blue moves c3→c2 down to level 0"


def test_moving_onto_domes_and_workers_is_refused_with_reasons():
    """ "You may move onto blocks built by any player (but not onto domes)."""
    state = from_diagram("""
        0 0 0 0 0
        0 0 0 0 0
        0 0 3X 0 0
        0 0B 0O 0 0
        0 0 0 0B 0O
    """)
    with pytest.raises(IllegalAction, match="dome"):
        GAME.play(state, 0, "move b2 c3")
    with pytest.raises(IllegalAction, match="occupied"):
        GAME.play(state, 0, "move b2 c2")
    with pytest.raises(IllegalAction, match="not next to"):
        GAME.play(state, 0, "move b2 d4")
    with pytest.raises(IllegalAction, match="no worker on a5"):
        GAME.play(state, 0, "move a5 a4")
    with pytest.raises(IllegalAction, match="not a square"):
        GAME.play(state, 0, "move b2 z9")


def test_build_next_to_the_moved_worker_any_level_dome_on_level_three():
    """ "Builds can be up or down any number of levels. Use the appropriate
    block/dome shape for the level being built.\""""
    state = from_diagram("""
        0 0 0 0 0
        0 0 0 0 0
        0 3 2 0 0
        0B 0 0O 0 0
        0 0 0 0B 0O
    """)
    state = GAME.play(state, 0, "move a2 b1")
    with pytest.raises(IllegalAction, match="not next to the worker you moved"):
        GAME.play(state, 0, "build b3")
    state = from_diagram("""
        0 0 0 0 0
        0 0 0 0 0
        0 3 2 0 0
        0B 0 0O 0 0
        0 0 0 0B 0O
    """)
    state = GAME.play(state, 0, "move a2 a3")
    assert GAME.describe(state, 0, "build b3") == "Blue builds a dome on b3"
    after = GAME.play(state, 0, "build b3")
    assert after.domes[parse_square("b3")] and after.blocks[parse_square("b3")] == 3
    assert GAME.describe(state, 0, "build a2") == "Blue builds level 1 on a2"


def test_moving_up_onto_level_three_wins_immediately():
    """ "You Win immediately if one of your workers moves from a lower level up
    to a level-3 tower!\""""
    state = from_diagram("""
        0 0 0 0 0
        0 0 0 0 0
        0 3 0 0 0
        0 2B 0 0O 0
        0B 0 0 0 0O
    """)
    assert GAME.describe(state, 0, "move b2 b3") == "Blue moves b2→b3 up to level 3 and wins"
    after = GAME.play(state, 0, "move b2 b3")
    outcome = GAME.outcome(after)
    assert outcome.winners == (0,) and outcome.scores == (1.0, 0.0)
    assert GAME.to_move(after) == [] and GAME.legal(after, 1) == []


def test_moving_between_level_three_towers_does_not_win():
    """A win needs to move "from a lower level up to" level 3."""
    state = from_diagram("""
        0 0 0 0 0
        0 0 0 0 0
        0 3 3B 0 0
        0 0 0 0O 0
        0B 0 0 0 0O
    """)
    after = GAME.play(state, 0, "move c3 b3")
    assert GAME.outcome(after) is None


def test_a_player_who_cannot_move_loses():
    """ "You Lose if you get stuck, meaning you cannot move and then build.\""""
    state = from_diagram(
        """
        0O 0 0 0 0
        2 2 0 0 0
        0B 2 0 0 0
        2 2 0 0 0
        0B 2 0 0 0O
    """,
        settle=True,
    )
    assert GAME.outcome(state).winners == (1,)
    assert "could not move and then build" in state.reason


def test_a_stuck_player_is_found_right_after_the_previous_turn():
    state = from_diagram(
        """
        0 0 0 0 0O
        2 2 0 0 0
        0B 2 0 0 0
        2 0 0 0 0
        0B 2 0O 0 0
    """,
        seat=1,
    )
    state = GAME.play(state, 1, "move c1 b2")
    line = GAME.describe(state, 1, "build a2")
    assert line == "Orange builds level 3 on a2, Blue could not move and then build and is out, so Orange wins"
    after = GAME.play(state, 1, "build a2")
    assert GAME.outcome(after).winners == (1,)


def test_three_players_the_game_continues_without_the_loser():
    """ "If a player loses, they remove their workers ... If 2 or more
    opposing players remain, the game continues.\""""
    state = from_diagram(
        """
        0 0 0 0 0G
        2 2 0 0 0
        0B 2 0 0 0
        2 2 0 0 0G
        0B 2 0O 0 0O
    """,
        players=3,
        seat=2,
    )
    state = GAME.play(state, 2, "move e5 d5")
    after = GAME.play(state, 2, "build e5")
    assert after.alive == [False, True, True]
    assert all(after.workers[w] == -1 for w in range(len(after.workers)) if after.owner[w] == 0)
    assert GAME.outcome(after) is None and GAME.to_move(after) == [1]


def test_build_before_move_is_refused_with_a_hint():
    state = placed("c3", "b2", "d4", "a1")
    with pytest.raises(IllegalAction, match="Move first"):
        GAME.play(state, 0, "build c4")


def test_play_never_mutates_its_input():
    state = placed("c3", "b2", "d4", "a1")
    before = GAME.dump(state)
    GAME.play(state, 0, "move c3 c4")
    assert GAME.dump(state) == before


def test_turn_checks_and_unknown_words():
    state = placed("c3", "b2", "d4", "a1")
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.play(state, 1, "move d4 d5")
    with pytest.raises(IllegalAction, match="not a Santorini action"):
        GAME.play(state, 0, "jump c3 c4")
    with pytest.raises(IllegalAction, match="takes 2 squares"):
        GAME.play(state, 0, "move c3")
    assert GAME.play(state, 0, "  MOVE  C3   C4 ").workers[0] == parse_square("c4")


def test_corner_position_has_thirty_six_turns_by_hand():
    """Blue on a1 and e5, Orange on a5 and e1, flat board. The a1 worker can
    go to a2 (then build on a1 a3 b1 b2 b3: 5), b1 (a1 a2 b2 c1 c2: 5) or b2
    (a1 a2 a3 b1 b3 c1 c2 c3: 8): 18; e5 likewise: 36."""
    state = from_diagram("""
        0O 0 0 0 0B
        0  0 0 0 0
        0  0 0 0 0
        0  0 0 0 0
        0B 0 0 0 0O
    """)
    turns = turn_texts(state)
    assert len(turns) == 36
    assert "move a1 b2, build c3" in turns and "move e5 d4, build c3" in turns
