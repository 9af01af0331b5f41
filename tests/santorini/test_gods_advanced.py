"""Advanced and Golden Fleece gods: exact legal-turn sets from crafted
positions (counted by hand in each docstring) and each power's edge cases."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.santorini import GAME
from engine.games.santorini.positions import from_diagram
from tests.santorini.helpers import CORRIDOR, OPEN_CORNER, legal_sequences, play, sq, turns

# -- Aphrodite -------------------------------------------------------------------


APHRODITE = """
    0  0  0 3X 0B
    0  0  0 3X 3X
    0  0O 0 0  0
    0B 0  0 0  0
    0  0  0 0  0O"""


def test_aphrodite_charmed_worker_must_end_next_to_her():
    """ "If an opponent worker starts its turn neighboring one of your workers,
    its last move must be to a space neighboring one of your workers." Blue
    a2 starts next to Orange b3. Free: a1 (builds a2 b1 b2), b1 (a1 a2 b2 c1
    c2), a3 (a2 a4 b2 b4), b2 (a1 a2 a3 b1 c1 c2 c3): 19 turns. Charmed, it
    may only end on a3 or b2: 11."""
    assert len(turns(APHRODITE)) == 19
    got = turns(APHRODITE, [None, "aphrodite"])
    assert len(got) == 11 and not any(t.startswith("move a2 a1") or t.startswith("move a2 b1") for t in got)


def test_aphrodite_binds_only_workers_that_start_next_to_her():
    far = APHRODITE.replace("    0B 0  0 0  0\n", "    0  0  0 0  0\n").replace(
        "    0  0  0 0  0O", "    0B 0  0 0  0O"
    )
    assert len(turns(far, [None, "aphrodite"])) == len(turns(far))


# -- Ares ------------------------------------------------------------------------


def test_ares_may_remove_a_block_next_to_his_unmoved_worker():
    """ "You may remove an unoccupied block (not dome) neighboring your unmoved
    worker." The walled worker on e5 has a level-2 block on e4 (domes on d4
    and d5 cannot be removed): each of the 18 turns ends with ``remove e4``
    or ``pass``: 36."""
    position = OPEN_CORNER.replace("    0  0 0 3X 3X", "    0  0 0 3X 2")
    got = turns(position, ["ares"])
    assert len(got) == 36
    assert "move a1 b2, build c3, remove e4" in got and "move a1 b2, build c3, pass" in got
    state = play(from_diagram(position, ["ares"]), "move a1 b2", "build c3")
    assert GAME.describe(state, 0, "remove e4") == "Blue removes a block from e4 (now level 1)"


# -- Bia -------------------------------------------------------------------------


def test_bia_removes_the_opponent_beyond_her_move():
    """ "If your worker moves into a space and the next space in the same
    direction is occupied by an opponent worker, the opponent's worker is
    removed from the game.\""""
    state = from_diagram(
        """
        0 0 0 0 0
        0 0 0 0 0
        0 0 0O 0 0
        0 0 0 0 0
        0B 0 0 0 0O""",
        ["bia"],
    )
    assert GAME.describe(state, 0, "move a1 b2") == "Blue moves a1→b2, removing Orange's worker on c3 (Bia)"
    after = GAME.play(state, 0, "move a1 b2")
    assert sq("c3") not in after.workers and after.occupant(sq("e1")) != -1
    side = GAME.play(state, 0, "move a1 a2")
    assert sq("c3") in side.workers


def test_bia_places_her_workers_first():
    """ "Setup: Place your workers first.\""""
    state = GAME.new(2, {"gods": "apollo,bia"}, 1)
    assert GAME.to_move(state) == [1]
    state = play(state, "place c3", "place b2")
    assert GAME.to_move(state) == [0]


def test_a_player_who_loses_every_worker_loses():
    state = from_diagram(
        """
        0 0 0 0 0
        0 0 0 0 0
        0 0 0O 0 0
        0 0 0 0 0
        0B 0 0O 0 0B""",
        ["bia"],
    )
    after = play(state, "move a1 b2")  # removes c3
    after = play(after, "build a1")
    assert GAME.outcome(after) is None
    after = play(after, "move c1 d2", "build d3")
    after = play(after, "move b2 c2", "build b2")  # c2 -> next is d2: removed
    assert GAME.outcome(after).winners == (0,)


# -- Charon ----------------------------------------------------------------------


CHARON = """
    0  0  0  3X 0B
    0  0  0  3X 3X
    3X 3X 0O 0  0
    3X 0B 3X 0  0
    0  3X 3X 0  0O"""


def test_charon_ferries_an_opponent_before_moving():
    """ "Before your worker moves, you may force a neighboring opponent worker
    to the space directly on the other side of your worker, if that space is
    unoccupied." b2 can only reach a1 (then build b2): 1. Or ferry c3 to a1,
    then b2 moves into c3 and builds b2 b4 c4 d2 d3 (d4 is a dome): 5. 6."""
    got = turns(CHARON, ["charon"])
    assert len(got) == 6
    assert "move b2 a1, build b2" in got
    assert {f"force c3 a1, move b2 c3, build {s}" for s in ("b2", "b4", "c4", "d2", "d3")} <= got
    state = from_diagram(CHARON, ["charon"])
    assert GAME.describe(state, 0, "force c3 a1") == "Blue ferries Orange's worker c3→a1"


def test_charon_needs_a_free_landing_and_never_makes_a_winner():
    blocked = CHARON.replace("    0  3X 3X 0  0O", "    3X 3X 3X 0  0O")
    assert not any(t.startswith("force") for t in turns(blocked, ["charon"]))
    high = CHARON.replace("    0  3X 3X 0  0O", "    3  3X 3X 0  0O").replace("3X 3X 0O", "3X 3X 1O")
    after = play(from_diagram(high, ["charon"]), "force c3 a1")
    assert GAME.outcome(after) is None and after.blocks[sq("a1")] == 3


# -- Chronus ---------------------------------------------------------------------


CHRONUS = """
    3X 3X 0 0 0O
    3X 3X 0 0 0
    0  0  0 0 0
    0  3  0 0 0
    0B 0  0 0 0O"""


def test_chronus_wins_with_five_complete_towers():
    """ "You also win when there are at least five Complete Towers on the
    board." Four stand; domeing b2 makes five."""
    state = play(from_diagram(CHRONUS, ["chronus"]), "move a1 a2")
    assert (
        GAME.describe(state, 0, "build b2")
        == "Blue builds a dome on b2 and wins (has five complete towers on the board)"
    )
    assert GAME.outcome(GAME.play(state, 0, "build b2")).winners == (0,)


def test_chronus_wins_when_an_opponent_builds_the_fifth_tower():
    state = play(from_diagram(CHRONUS, [None, "chronus"]), "move a1 a2")
    after = GAME.play(state, 0, "build b2")
    assert GAME.outcome(after).winners == (1,)


def test_a_dome_at_a_low_level_is_no_complete_tower():
    """ "Complete Tower: consists of three blocks and a dome.\""""
    state = play(
        from_diagram(CHRONUS.replace("    0  3  0 0 0", "    0  1  0 0 0"), ["chronus", "atlas"]), "move a1 a2"
    )
    assert GAME.outcome(GAME.play(state, 0, "build b2")) is None


# -- Eros ------------------------------------------------------------------------


def test_eros_places_on_opposite_edges():
    """ "Place your workers anywhere along opposite edges of the board.\""""
    state = GAME.new(2, {"gods": "eros,apollo"}, 1)
    first = GAME.legal(state, 0)
    assert "place c3" not in first and "place a3" in first and len(first) == 16
    state = GAME.play(state, 0, "place a3")
    second = set(GAME.legal(state, 0))
    assert second == {f"place e{r}" for r in range(1, 6)}
    corner = GAME.play(GAME.new(2, {"gods": "eros,apollo"}, 1), 0, "place a1")
    assert set(GAME.legal(corner, 0)) == ({f"place e{r}" for r in range(1, 6)} | {f"place {f}5" for f in "abcde"})


def test_eros_wins_next_to_his_other_worker_on_level_one():
    """ "You also win if one of your workers moves to a space neighboring your
    other worker and both are on the first level (or the same level in a
    3-player game).\""""
    position = """
        0 0 0 0 0
        0 0 0 0 0O
        0 1B 1 0 0
        0 0 0 0 0
        1B 0 0 0 0O"""
    state = from_diagram(position, ["eros"])
    assert GAME.outcome(GAME.play(state, 0, "move a1 b2")) is None  # b2 is level 0
    high = from_diagram(
        """
        0 0 0 0 0
        0 0 0 0 0O
        0 1B 1 0 0
        0 1 0 0 0
        1B 0 0 0 0O""",
        ["eros"],
    )
    assert GAME.outcome(GAME.play(high, 0, "move a1 b2")).winners == (0,)
    three = from_diagram(
        """
        0 0 0 0 0G
        0 0 0 0 0O
        0 0B 0 0 0
        0 0 0 0 0G
        0B 0 0 0 0O""",
        ["eros"],
        players=3,
    )
    assert GAME.outcome(GAME.play(three, 0, "move a1 a2")).winners == (0,)


# -- Hera ------------------------------------------------------------------------


def test_hera_denies_wins_on_the_perimeter():
    """ "An opponent cannot win by moving into a perimeter space.\""""
    state = from_diagram(
        """
        0 0 0 0 0O
        0 0 0 0 0
        3 3 0 0 0
        2B 0 0 0 0
        0B 0 0 0 0O""",
        [None, "hera"],
    )
    edge = GAME.play(state, 0, "move a2 a3")
    assert GAME.outcome(edge) is None and edge.turn.stage == "build"
    assert GAME.outcome(GAME.play(state, 0, "move a2 b3")).winners == (0,)


# -- Hestia ----------------------------------------------------------------------


def test_hestia_builds_again_but_not_on_the_perimeter():
    """ "Your worker may build one additional time, but this cannot be on a
    perimeter space." From a2: a1, a3 or b3, then pass or b3 (the only
    square off the edge; again b3 is allowed): 6."""
    got = turns(CORRIDOR, ["hestia"])
    assert len(got) == 6
    assert "move a1 a2, build b3, build b3" in got and "move a1 a2, build b3, build a3" not in got


# -- Hypnus ----------------------------------------------------------------------


LONE_WORKER = """
    0 0  0 0 0O
    0 0  0 0 0
    0 0  0 0 0
    0 1B 0 0 0
    0 0  0 0 0O"""


def test_hypnus_freezes_the_single_highest_worker():
    """ "If one of your opponent's workers is higher than all of their others,
    it cannot move.\""""
    state = from_diagram(
        """
        0 0 0 0 0O
        0 0 0 0 0
        0 0 0 0 0
        0 1B 0 0 0
        0B 0 0 0 0O""",
        [None, "hypnus"],
    )
    assert not any(a.startswith("move b2") for a in GAME.legal(state, 0))
    assert any(a.startswith("move a1") for a in GAME.legal(state, 0))
    level = from_diagram(
        """
        0 0 0 0 0O
        0 0 0 0 0
        0 0 0 0 0
        0 1B 0 0 0
        1B 0 0 0 0O""",
        [None, "hypnus"],
    )
    assert any(a.startswith("move b2") for a in GAME.legal(level, 0))
    # "higher than all of their others": a lone worker has no others.
    alone = from_diagram(LONE_WORKER, [None, "hypnus"])
    assert any(a.startswith("move b2") for a in GAME.legal(alone, 0))


def test_hypnus_can_leave_a_player_stuck_and_losing():
    state = from_diagram(
        """
        0 0 0 0 0O
        0 0 0 0 0
        0 0 0 0 0
        3X 3X 0 0 0
        0B 3X 0 0 1B""",
        [None, "hypnus"],
        settle=True,
    )
    assert GAME.outcome(state).winners == (1,)


# -- Limus -----------------------------------------------------------------------


def test_limus_forbids_building_next_to_her_except_domes():
    """ "Opponent workers cannot build on spaces neighboring your workers,
    unless building a dome." Orange on c3: Blue, after a1-b2, may not build
    on b3 c1? c1 is not next to c3; b3, c2 and the level-3 b1 (a dome) are:
    b3 c2 are refused, b1 domed is fine."""
    position = """
        0  0 0  3X 0B
        0  0 0  3X 3X
        0  0 0O 0  0
        0  0 0  0  0
        0B 3 0  0  0O"""
    free = {t for t in turns(position) if t.startswith("move a1 b2")}
    limited = {t for t in turns(position, [None, "limus"]) if t.startswith("move a1 b2")}
    assert free - limited == {"move a1 b2, build b3", "move a1 b2, build c2"}
    assert "move a1 b2, build b1" in limited
    state = play(from_diagram(position, [None, "limus"]), "move a1 b2")
    with pytest.raises(IllegalAction, match="Limus"):
        GAME.play(state, 0, "build c2")


# -- Medusa ----------------------------------------------------------------------


def test_medusa_petrifies_lower_neighbours_at_the_end_of_her_turn():
    """ "If possible, your workers build in lower neighboring spaces that are
    occupied by opponent workers, removing the opponent workers.\""""
    state = from_diagram(
        """
        0 0 0 0 0O
        0 0 0 0 0
        0 0O 0 0 0
        0 1B 0 0 0
        1B 0 0 0 0""",
        ["medusa"],
    )
    state = GAME.play(state, 0, "move a1 a2")
    line = GAME.describe(state, 0, "build a1")
    assert line == "Blue builds level 2 on a1, petrifying Orange's worker on b3 (Medusa), builds level 1 on b3"
    after = GAME.play(state, 0, "build a1")
    assert sq("b3") not in after.workers and after.blocks[sq("b3")] == 1


def test_medusa_leaves_equal_and_higher_neighbours_alone():
    state = from_diagram(
        """
        0 0 0 0 0O
        0 0 0 0 0
        0 1O 0 0 0
        0 1B 0 0 0
        0B 0 0 0 0""",
        ["medusa"],
    )
    after = play(state, "move a1 a2", "build a1")
    assert sq("b3") in after.workers


# -- Morpheus --------------------------------------------------------------------


def test_morpheus_banks_a_build_each_turn_and_spends_any_number():
    """ "Start of Your Turn: Place a block or dome on your God Power card. Your
    worker ... may build any number of times (even zero) using blocks / domes
    collected." With one banked: 0 or 1 build on a1 a3 b3: 4 turns. With
    two more banked the worker could build 0, 1 or 2 times."""
    got = turns(CORRIDOR, ["morpheus"])
    # After the one banked build is spent nothing is left to decline: no ``pass``.
    assert got == {"move a1 a2, pass", "move a1 a2, build a1", "move a1 a2, build a3", "move a1 a2, build b3"}
    state = from_diagram(CORRIDOR, ["morpheus"])
    assert state.tokens["morpheus"] == 1
    state.tokens["morpheus"] = 3
    after = play(state, "move a1 a2", "build a3", "build a3", "build a3")
    assert after.blocks[sq("a3")] == 3 and after.tokens["morpheus"] == 0


# -- Persephone ------------------------------------------------------------------


def test_persephone_forces_a_move_up_when_one_is_possible():
    """ "If possible, at least one worker must move up this turn." With a2 one
    level up, only the 5 turns through a2 remain of 18; with no way up every
    turn is allowed."""
    up = OPEN_CORNER.replace("    0  0 0 0  0\n    0B", "    1  0 0 0  0\n    0B")
    got = turns(up, [None, "persephone"])
    assert len(got) == 5 and all(t.startswith("move a1 a2") for t in got)
    assert len(turns(OPEN_CORNER, [None, "persephone"])) == 18


# -- Poseidon --------------------------------------------------------------------


def test_poseidon_unmoved_ground_worker_builds_up_to_three_times():
    """ "If your unmoved worker is on the ground level, it may build up to
    three times." The walled worker on e5 (ground) can only build on e4, a
    level-2 block too high to climb: nothing more, one block, or the block
    and then the dome (the third build has nowhere to go) after each of the
    18 turns: 54."""
    position = """
        0O 0 0 3X 0B
        0  0 0 3X 2
        0  0 0 0  0
        0  0 0 0  0
        0B 0 0 0  0O"""
    got = turns(position, ["poseidon"])
    assert len(got) == 54
    assert {
        "move a1 b2, build c3, pass",
        "move a1 b2, build c3, build e4, pass",
        "move a1 b2, build c3, build e4, build e4",
    } <= got
    high = """
        0O 0 0 3X 1B
        0  0 0 3X 3
        0  0 0 0  0
        0  0 0 0  0
        0B 0 0 0  0O"""
    got = turns(high, ["poseidon"])
    assert len(got) == 18 and not any("e4" in t for t in got)  # e5 is not on the ground


# -- Selene ----------------------------------------------------------------------


def test_selene_female_worker_domes_at_any_level_instead():
    """ "Instead of your normal build, your female worker may build a dome at
    any level regardless of which worker moved." The female is her first
    worker (a1 here); moving the other one (e5 freed) she may still dome."""
    position = """
        0O 0 0 0 0B
        0  0 0 3X 3X
        0  0 0 0  0
        0  3X 0 0 0
        0B 3X 0 0 0O"""
    state = play(from_diagram(position, ["selene"]), "move e5 d5")
    legal = set(GAME.legal(state, 0))
    assert {"dome a2"} <= legal and "build a2" not in legal
    assert {"build c5", "build c4", "build e5"} <= legal
    assert GAME.describe(state, 0, "dome a2") == "Blue builds a dome on a2 at level 0"


# -- Triton ----------------------------------------------------------------------


def test_triton_keeps_moving_along_the_perimeter():
    """ "Each time your worker moves into a perimeter space, it may immediately
    move again." In the corridor: a1-a2 (edge) may go on to a3 (edge, and on)
    or b3 (inner, stop) or back to a1."""
    state = play(from_diagram(CORRIDOR, ["triton"]), "move a1 a2")
    assert set(GAME.legal(state, 0)) == {"move a2 a1", "move a2 a3", "move a2 b3", "pass"}
    inner = GAME.play(state, 0, "move a2 b3")
    assert inner.turn.stage == "build"


# -- Zeus ------------------------------------------------------------------------


def test_zeus_builds_under_himself_and_does_not_win_by_rising():
    """ "Your worker may build a block under itself." Rising to level 3 is not
    moving up: no win."""
    state = play(
        from_diagram(
            """
        0O 0  0 3X 0B
        0  0  0 3X 3X
        0  0  0 0  0
        2  3X 0 0  0
        1B 3X 0 0  0O""",
            ["zeus"],
        ),
        "move a1 a2",
    )
    assert "build a2" in GAME.legal(state, 0)
    after = GAME.play(state, 0, "build a2")
    assert after.blocks[sq("a2")] == 3 and GAME.outcome(after) is None


# -- Hades, Harpies, Urania, Terpsichore, Graeae -------------------------------------


def test_hades_forbids_moving_down():
    """ "Opponent workers cannot move down.\""""
    state = from_diagram(
        """
        0 0 0 0 0O
        0 0 0 0 0
        0 0 0 0 0
        1 1 0 0 0
        1B 0 0 0 0O""",
        [None, "hades"],
    )
    assert {a for a in GAME.legal(state, 0)} == {"move a1 a2", "move a1 b2"}


def test_harpies_drag_a_moved_worker_on_until_uphill_or_blocked():
    """ "Each time an opponent's worker moves, it is forced space by space in
    the same direction until the next space is at a higher level or it is
    obstructed." a1-b1 slides on to c1 and d1 and stops before e1 (Orange)."""
    state = from_diagram(
        """
        0 0 0 0 0O
        0 0 0 0 0
        0 0 0 0 0
        0 0 0 0 0
        0B 0 0 0 0O""",
        [None, "harpies"],
    )
    line = GAME.describe(state, 0, "move a1 b1")
    assert line == "Blue moves a1→b1, the Harpies drag it on to d1"
    after = GAME.play(state, 0, "move a1 b1")
    assert sq("d1") in after.workers and set(GAME.legal(after, 0)) >= {"build c1", "build c2", "build d2"}
    hill = from_diagram(
        """
        0 0 0 0 0O
        0 0 0 0 0
        0 0 0 0 0
        0 0 0 0 0
        0B 0 0 1 0O""",
        [None, "harpies"],
    )
    assert sq("c1") in GAME.play(hill, 0, "move a1 b1").workers


def test_urania_wraps_around_the_edges():
    """ "Treat opposite edges and corners as if they are adjacent so that every
    space has 8 neighbors." a1 also reaches e1? occupied; e5, a5, b5, e2."""
    state = from_diagram(
        """
        0 0 0 0 0
        0 0 0 0 0
        0 0 0 0 0O
        0 0 0 0 0
        0B 0 0 0B 0O""",
        ["urania"],
    )
    moves = {a for a in GAME.legal(state, 0) if a.startswith("move a1")}
    assert moves == {"move a1 a2", "move a1 b1", "move a1 b2", "move a1 a5", "move a1 b5", "move a1 e5", "move a1 e2"}


def test_terpsichore_moves_every_worker_then_builds_with_each():
    """ "All of your workers must move, and then all must build." Blue a1 (to
    a2 only) and e5 (to e4 only): both orders of moving, then a build next to
    each: a2 builds a1 or a3, e4 builds e3 or e5 (d5 is a dome): 2 x 2
    results, each reached in 2 move orders x 2 build orders = 16 ways."""
    position = """
        0O 0  0 3X 0B
        0  0  0 3X 0
        0  3X 0 3X 0
        0  3X 0 0  0
        0B 3X 0 0  0O"""
    state = from_diagram(position, ["terpsichore"])
    assert len(turns(position, ["terpsichore"])) == 4  # distinct results
    got = legal_sequences(state)
    assert len(got) == 16
    assert "move a1 a2, move e5 e4, build a3, build e3" in got
    assert "move e5 e4, move a1 a2, build e5, build a1" in got
    after = play(state, "move a1 a2")
    assert set(GAME.legal(after, 0)) == {"move e5 e4"}


def test_terpsichore_loses_when_a_worker_cannot_move():
    stuck = from_diagram(
        """
        0O 0  0 3X 0B
        0  0  0 3X 3X
        0  0  0 0  0
        0  0  0 0  0
        0B 0  0 0  0O""",
        ["terpsichore"],
        settle=True,
    )
    assert GAME.outcome(stuck).winners == (1,)


def test_graeae_places_three_workers():
    """ "Setup: When placing your workers, place 3 of your color.\""""
    state = GAME.new(2, {"gods": "graeae,apollo"}, 1)
    state = play(state, "place a1", "place c3", "place e5")
    assert GAME.to_move(state) == [1]
    state = play(state, "place a5", "place e1")
    assert state.phase == "play" and len(state.own_workers(0)) == 3


GRAEAE = """
    0O 0 0  3X 0B
    0  0 0  3X 3X
    0  0 0  0  0
    0  3X 0 0  0
    0B 3X 0B 0 0O"""


def test_graeae_builds_with_a_worker_that_did_not_move():
    """ "Your Build: Build with either worker that did not move" (the revised
    card). a1 can only go to a2; then c1 builds c2, d1 or d2 (e5 is walled
    in by domes): 3. c1 can go to c2, d1 or d2; then only a1 can build, on
    a2: 3. Never the worker that moved: 6."""
    got = turns(GRAEAE, ["graeae"])
    assert got == {
        "move a1 a2, build c2",
        "move a1 a2, build d1",
        "move a1 a2, build d2",
        "move c1 c2, build a2",
        "move c1 d1, build a2",
        "move c1 d2, build a2",
    }
    state = play(from_diagram(GRAEAE, ["graeae"]), "move a1 a2")
    with pytest.raises(IllegalAction, match="not next to a worker that may build now"):
        GAME.play(state, 0, "build a3")


def test_graeae_with_a_single_worker_left_cannot_build_and_loses():
    """A lone worker has moved, so no worker that did not move can build:
    "Must or Cannot: ... they must be obeyed, or you lose the game.\""""
    state = from_diagram(
        """
        0 0 0 0 0O
        0 0 0 0 0
        0 0 0 0 0
        0 0 0 0 0
        0B 0 0 0 0O""",
        ["graeae"],
        settle=True,
    )
    assert GAME.outcome(state).winners == (1,)


# -- more hand-counted turn sets ---------------------------------------------------


def test_selene_turn_set():
    """Corridor: a1 (her female worker, placed first) moves to a2; a plain
    build on a1 a3 b3 (3) or, instead, her dome on any of them (3): 6."""
    got = turns(CORRIDOR, ["selene"])
    assert got == {f"move a1 a2, {verb} {s}" for verb in ("build", "dome") for s in ("a1", "a3", "b3")}


def test_triton_outcomes():
    """a3 domed too: from a1 the worker reaches a2 (edge), may hop back to a1
    (edge) or on to b3 (inner, stops). It ends on a2 building a1 or b3 (2),
    on a1 building a2 (1), or on b3 building a2 a4 b4 c2 c3 c4 (6): 9."""
    position = """
        0O 0  0 3X 0B
        0  0  0 3X 3X
        3X 0  0 0  0
        0  3X 0 0  0
        0B 3X 0 0  0O"""
    from engine.games.santorini import turn
    from engine.games.santorini.positions import diagram

    outcomes = {diagram(done) for _, done in turn.completions(from_diagram(position, ["triton"]))}
    assert len(outcomes) == 9


def test_zeus_turn_set():
    """The open corner's 18 turns, plus a block under the moved worker after
    each of its three moves: 21."""
    got = turns(OPEN_CORNER, ["zeus"])
    assert len(got) == 21 and {"move a1 a2, build a2", "move a1 b1, build b1", "move a1 b2, build b2"} <= got


def test_hades_turn_set():
    """a1 on level 1: a2 (level 1, builds a1 a3 b1 b2 b3) and b2 (level 2,
    builds a1 a2 a3 b1 b3 c1 c2 c3) stay; b1 (down to 0) goes: 13 of 18."""
    position = """
        0O 0 0 3X 0B
        0  0 0 3X 3X
        0  0 0 0  0
        1  2 0 0  0
        1B 0 0 0  0O"""
    assert len(turns(position)) == 18
    got = turns(position, [None, "hades"])
    assert len(got) == 13 and not any(t.startswith("move a1 b1") for t in got)


def test_harpies_turn_set():
    """Every move slides on: a1-a2 to a4 (a5 holds Orange; builds a3 b3 b4
    b5), a1-b1 to d1 (e1 holds Orange; builds c1 c2 d2 e2), a1-b2 to c3 (d4
    is a dome; builds b2 b3 b4 c2 c4 d2 d3): 15."""
    got = turns(OPEN_CORNER, [None, "harpies"])
    assert len(got) == 15
    assert {"move a1 a2, build b5", "move a1 b1, build e2", "move a1 b2, build d3"} <= got


@pytest.mark.parametrize(
    "gods",
    [
        ["bia"],
        ["chronus"],
        ["eros"],
        ["medusa"],
        [None, "hera"],
        [None, "hypnus"],
        [None, "athena"],
        [None, "persephone"],
        [None, "limus"],
        [None, "hades"],
    ],
)
def test_powers_that_add_no_choice_here_keep_the_plain_eighteen(gods):
    """In the open corner these powers change what a turn does (removals,
    wins, petrification) or forbid things that cannot happen here (no
    climbing, no descending, Limus's workers far away, Hypnus's workers level
    with each other): the 18 plain turns, exactly."""
    assert turns(OPEN_CORNER, gods) == turns(OPEN_CORNER)
