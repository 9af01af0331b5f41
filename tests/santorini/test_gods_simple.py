"""The ten simple gods. Each power is checked by the exact set of legal
turns from a crafted position, counted by hand in the test's docstring, and
by its edge cases. Turns are written as the steps a player would type.

Most positions wall Blue's second worker in on e5 (domes on d5, d4, e4), so
only the worker on a1 matters.
"""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.santorini import GAME
from engine.games.santorini.board import parse_square
from engine.games.santorini.positions import diagram, from_diagram, turn_texts
from tests.santorini.helpers import CORRIDOR, OPEN_CORNER, turns


def test_plain_rules_in_the_open_corner():
    assert len(turns(OPEN_CORNER)) == 18


# -- Apollo ----------------------------------------------------------------------


APOLLO = """
    0 0  0 3X 0B
    0 0  0 3X 3X
    0 0  0 0  0
    0 0O 0 0  0
    0B 0 0 0  0O"""


def test_apollo_swaps_into_an_opponents_space():
    """ "Your worker may move into an opponent worker's space by forcing their
    worker to the space yours just vacated." a2: builds a1 a3 b1 b3 (4); b1:
    a1 a2 c1 c2 (4); swap onto b2: a2 a3 b1 b3 c1 c2 c3 (7) — never a1,
    where Orange now stands. 15."""
    got = turns(APOLLO, ["apollo"])
    assert len(got) == 15
    assert {f"move a1 b2, build {sq}" for sq in ("a2", "a3", "b1", "b3", "c1", "c2", "c3")} <= got
    assert "move a1 b2, build a1" not in got


def test_apollo_swap_describes_and_places_both_workers():
    state = from_diagram(APOLLO, ["apollo"])
    assert GAME.describe(state, 0, "move a1 b2") == "Blue moves a1→b2, swapping Orange's worker b2→a1"
    after = GAME.play(state, 0, "move a1 b2")
    assert after.occupant(parse_square("a1")) != -1 and after.owner[after.occupant(parse_square("a1"))] == 1
    with pytest.raises(IllegalAction, match="worker on it"):
        GAME.play(after, 0, "build a1")


def test_apollo_cannot_swap_up_two_levels_or_with_his_own_worker():
    state = from_diagram(
        """
        0 0  0 0 0
        0 0  0 0 0
        0 0  0 0 0
        0 2O 0 0 0
        0B 0B 0 0 0O""",
        ["apollo"],
    )
    moves = set(GAME.legal(state, 0))
    assert "move a1 b2" not in moves and "move a1 b1" not in moves and "move b1 a1" not in moves


def test_apollo_forcing_an_opponent_up_to_level_three_does_not_win_for_them():
    """ "A worker cannot win by being forced up to the third level." Apollo
    stands on level 3 (no win: he got there under Hera's rule, say) and swaps
    down with a worker on level 2, which is forced up onto level 3."""
    state = from_diagram(
        """
        0 0  0 0 0
        0 0  0 0 0
        0 0  0 0 0
        0 2O 0 0 0
        3B 0 0 0 0O""",
        ["apollo"],
    )
    after = GAME.play(state, 0, "move a1 b2")
    assert GAME.outcome(after) is None
    orange = after.occupant(parse_square("a1"))
    assert after.owner[orange] == 1 and after.blocks[parse_square("a1")] == 3


# -- Artemis ---------------------------------------------------------------------


def test_artemis_may_move_a_second_time_but_not_back():
    """ "Your worker may move one additional time, but not back to its initial
    space." From a2 (after a1-a2): pass and build a1 a3 b3 (3); on to a3 and
    build a2 a4 b3 b4 (4); on to b3 and build a2 a3 a4 b4 c2 c3 c4 (7).
    Never back to a1. 14."""
    got = turns(CORRIDOR, ["artemis"])
    assert len(got) == 14
    assert "move a1 a2, pass, build a1" in got
    assert "move a1 a2, move a2 b3, build c4" in got
    assert not any("move a2 a1" in t for t in got)


def test_artemis_second_move_is_offered_with_pass_and_can_win():
    state = from_diagram(
        """
        0 0 0 3X 0B
        0 0 0 3X 3X
        3 0 0 0  0
        2 3X 0 0  0
        1B 3X 0 0  0O""",
        ["artemis"],
        seat=0,
    )
    state = GAME.play(state, 0, "move a1 a2")
    assert set(GAME.legal(state, 0)) == {"move a2 a3", "move a2 b3", "pass"}
    assert GAME.outcome(GAME.play(state, 0, "move a2 a3")).winners == (0,)


# -- Athena ----------------------------------------------------------------------


def test_athena_stops_opponents_moving_up_after_she_moved_up():
    """ "If one of your workers moved up on your last turn, opponent workers
    cannot move up this turn." With a2 one level up, Blue loses the 5 turns
    through a2: 13 of 18."""
    position = OPEN_CORNER.replace("0B 0 0 0  0O", "0B 0 0 0  0O").replace(
        "    0  0 0 0  0\n    0B", "    1  0 0 0  0\n    0B"
    )
    assert len(turns(position, [None, "athena"])) == 18
    assert len(turns(position, [None, "athena"], moved_up=[1])) == 13
    state = from_diagram(position, [None, "athena"], moved_up=[1])
    with pytest.raises(IllegalAction, match="Athena"):
        GAME.play(state, 0, "move a1 a2")


def test_athena_memory_comes_from_her_own_last_move():
    state = from_diagram(
        """
        0 0 0 0 0
        0 0 0 0 0
        0 0 0 0 0
        1 1 0 0 0O
        0B 0 0 0 0O""",
        [None, "athena"],
        seat=1,
    )
    state = GAME.play(state, 1, "move e2 d2")  # level, not up
    state = GAME.play(state, 1, "build d3")
    assert "move a1 a2" in GAME.legal(state, 0)
    state = GAME.play(GAME.play(state, 0, "move a1 b1"), 0, "build c1")
    state = GAME.play(GAME.play(state, 1, "move d2 d3"), 1, "build d2")  # up onto level 1
    assert "move b1 a2" not in GAME.legal(state, 0) and "move b1 b2" not in GAME.legal(state, 0)
    assert "move b1 a1" in GAME.legal(state, 0)


# -- Atlas -----------------------------------------------------------------------


def test_atlas_may_dome_at_any_level():
    """ "Your worker may build a dome at any level." Every build square also
    offers a dome: 36 turns in the open corner; with b3 at level 3 the plain
    build there is already the dome, so 34."""
    assert len(turns(OPEN_CORNER, ["atlas"])) == 36
    tall = OPEN_CORNER.replace("    0  0 0 0  0\n    0  0", "    0  3 0 0  0\n    0  0", 1)
    got = turns(tall, ["atlas"])
    assert len(got) == 34 and "move a1 b2, build b3" in got and "move a1 b2, dome b3" not in got


# -- Demeter ---------------------------------------------------------------------


def test_demeter_builds_again_not_on_the_same_space():
    """ "Your worker may build one additional time, but not on the same
    space." Builds a1 a3 b3: one build and pass (3) or two different squares
    in order (6): 9."""
    got = turns(CORRIDOR, ["demeter"])
    assert len(got) == 9
    assert "move a1 a2, build a1, build a3" in got and "move a1 a2, build a1, pass" in got
    assert "move a1 a2, build a1, build a1" not in got


# -- Hephaestus ------------------------------------------------------------------


def test_hephaestus_second_block_never_a_dome():
    """ "Your worker may build one additional block (not dome) on top of your
    first block." With a3 at level 2 and b3 at level 3: a1 may take a second
    block; a3 would need a dome; b3 is domed. 3 single builds + 1 double."""
    position = CORRIDOR.replace("    0  0  0 0  0\n    0  3X", "    2  3  0 0  0\n    0  3X")
    got = turns(position, ["hephaestus"])
    # Where no second block is possible the optional step is skipped, so no ``pass``.
    assert got == {
        "move a1 a2, build a1, pass",
        "move a1 a2, build a1, build a1",
        "move a1 a2, build a3",
        "move a1 a2, build b3",
    }


# -- Hermes ----------------------------------------------------------------------


HERMES = """
    0O 0  0 3X 0B
    0  0  0 3X 3X
    3X 3X 0 0  0
    0  3X 0 0  0
    0B 3X 0 0  0O"""
"""a1 and a2 are the only squares the free worker can use."""


def _outcomes(state) -> set[str]:
    from engine.games.santorini import turn

    return {diagram(done) for _, done in turn.completions(state)}


def test_hermes_moves_freely_on_one_level_then_either_builds():
    """ "If your workers do not move up or down, they may each move any number
    of times (even zero), and then either builds." The worker ends on a1 (and
    builds a2) or on a2 (and builds a1): two outcomes, reached with zero or
    more moves."""
    state = from_diagram(HERMES, ["hermes"])
    assert "pass" in GAME.legal(state, 0)
    assert len(_outcomes(state)) == 2
    after = GAME.play(state, 0, "move a1 a2")
    assert set(GAME.legal(after, 0)) == {"move a2 a1", "pass"}


def test_hermes_moving_up_makes_a_normal_turn():
    state = from_diagram(HERMES.replace("    0  3X 0 0  0\n", "    1  3X 0 0  0\n"), ["hermes"])
    after = GAME.play(state, 0, "move a1 a2")
    assert set(GAME.legal(after, 0)) == {"build a1"}


# -- Minotaur --------------------------------------------------------------------


def test_minotaur_pushes_straight_back():
    """ "Your worker may move into an opponent worker's space, if their worker
    can be forced one space straight backwards to an unoccupied space at any
    level." a2 (4) and b1 (4) as for Apollo; into b2 pushing Orange to c3,
    then build a1 a2 a3 b1 b3 c1 c2 — not c3, now occupied (7). 15."""
    got = turns(APOLLO, ["minotaur"])
    assert len(got) == 15
    assert "move a1 b2, build c3" not in got and "move a1 b2, build a1" in got


def test_minotaur_cannot_push_into_a_dome_or_off_the_board():
    blocked = APOLLO.replace("    0 0  0 0  0\n    0 0O", "    0 0  3X 0  0\n    0 0O")
    assert not any("move a1 b2" in t for t in turns(blocked, ["minotaur"]))
    edge = from_diagram(
        """
        0 0 0 0 0
        0 0 0 0 0
        0 0 0 0 0
        0O 0 0 0 0
        0B 0 0 0 0O""",
        ["minotaur"],
    )
    assert "move a1 a2" in GAME.legal(edge, 0)  # pushed to a3
    corner = from_diagram(
        """
        0 0 0 0 0
        0 0 0 0 0
        0 0 0 0 0
        0B 0 0 0 0
        0O 0 0 0 0B""",
        ["minotaur"],
    )
    assert "move a2 a1" not in GAME.legal(corner, 0)  # nowhere behind a1


def test_minotaur_pushing_a_worker_up_to_level_three_does_not_win():
    state = from_diagram(
        """
        0 0 0 0 0
        0 0 3 0 0
        0 1O 0 0 0
        0B 0 0 0 0
        0 0 0 0 0O""",
        ["minotaur"],
    )
    after = GAME.play(state, 0, "move a2 b3")
    assert GAME.outcome(after) is None
    assert after.occupant(parse_square("c4")) != -1


# -- Pan -------------------------------------------------------------------------


def test_pan_wins_by_moving_down_two_levels():
    """ "You also win if your worker moves down two or more levels." Down one
    level is a normal move."""
    state = from_diagram(
        """
        0 0 0 0 0
        0 0 0 0 0
        0 0 0 0 0
        1 2B 0 0 0O
        0 0 0 0B 0O""",
        ["pan"],
    )
    got = turn_texts(state)
    assert "move b2 a1" in got and "move b2 a2" not in got  # a1: down 2, wins at once
    assert any(t.startswith("move b2 a2, build") for t in got)
    assert GAME.outcome(GAME.play(state, 0, "move b2 a1")).winners == (0,)


# -- Prometheus ------------------------------------------------------------------


PROMETHEUS = """
    0O 0 0  3X 0B
    0  0 0  3X 3X
    0  0 0  0  0
    0  3X 0 0  0
    0B 0  0 0  0O"""


def test_prometheus_builds_before_and_after_moving():
    """ "If your worker does not move up, it may build both before and after
    moving." Plain: a2 then a1 a3 b1 b3, or b1 then a1 a2 c1 c2 (8). Build
    a2 first: a2 is now up, so only b1, then 4 builds (4). Build b1 first:
    only a2, then a1 a3 b1 b3 (4). 16."""
    got = turns(PROMETHEUS, ["prometheus"])
    assert len(got) == 16
    assert "build a2, move a1 b1, build a2" in got and "build a2, move a1 a2, build a1" not in got
    state = from_diagram(PROMETHEUS, ["prometheus"])
    assert GAME.describe(state, 0, "build a2") == "Blue builds level 1 on a2 before moving"


def test_prometheus_building_first_cannot_move_up_at_all():
    """b1 is one level up: a legal move, unless Prometheus built first. After
    building on a2 only the level move to b2 remains."""
    state = from_diagram(
        """
        0O 0 0 3X 0B
        0  0 0 3X 3X
        0  0 0 0  0
        0  0 0 0  0
        0B 1 0 0  0O""",
        ["prometheus"],
    )
    assert "move a1 b1" in GAME.legal(state, 0)
    after = GAME.play(state, 0, "build a2")
    assert GAME.legal(after, 0) == ["move a1 b2"]
    with pytest.raises(IllegalAction):
        GAME.play(after, 0, "move a1 b1")


def test_optional_steps_say_what_is_offered_and_what_pass_declines():
    """Optional parts of a power are extra steps with ``pass``; the board's
    prompt and the log line name them."""
    state = GAME.play(from_diagram(CORRIDOR, ["artemis"]), 0, "move a1 a2")
    assert GAME.view(state, None)["prompt"] == "Blue to move again or pass"
    assert GAME.describe(state, 0, "pass") == "Blue does not move again"
    state = GAME.play(GAME.play(from_diagram(CORRIDOR, ["demeter"]), 0, "move a1 a2"), 0, "build a1")
    assert GAME.view(state, None)["prompt"] == "Blue to build again or pass"
    assert GAME.describe(state, 0, "pass") == "Blue does not build again"
    assert GAME.view(from_diagram(PROMETHEUS, ["prometheus"]), None)["prompt"] == "Blue to move or build"


def test_artemis_remembers_where_her_worker_started_even_on_the_same_board():
    """Two turns reach the same board with the worker on a2, one from a1 and
    one from b1: each may not go back to its own start, whatever the rules
    engine remembered from the other."""
    from_a1 = GAME.play(from_diagram(OPEN_CORNER, ["artemis"]), 0, "move a1 a2")
    from_b1 = GAME.play(
        from_diagram(OPEN_CORNER.replace("    0B 0 0 0  0O", "    0  0B 0 0  0O"), ["artemis"]), 0, "move b1 a2"
    )
    assert from_a1.workers == from_b1.workers and from_a1.blocks == from_b1.blocks
    assert "move a2 a1" not in GAME.legal(from_a1, 0) and "move a2 b1" in GAME.legal(from_a1, 0)
    assert "move a2 b1" not in GAME.legal(from_b1, 0) and "move a2 a1" in GAME.legal(from_b1, 0)
    with pytest.raises(IllegalAction):
        GAME.play(from_b1, 0, "move a2 b1")
