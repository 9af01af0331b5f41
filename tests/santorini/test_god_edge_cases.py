"""Edge cases the god cards and the glossary imply, one test each, and the
losing rules with gods: every rule quoted is from the cards
(``data/santorini/gods.toml``) or ``shared/rules/santorini.txt``."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.santorini import GAME
from engine.games.santorini.positions import from_diagram, turn_texts
from tests.santorini.helpers import play, sq

# -- forces are not moves -------------------------------------------------------


def test_athena_forbids_apollos_swap_and_minotaurs_push_up():
    """Athena: "opponent workers cannot move up this turn". Apollo's swap and
    Minotaur's push are still his worker's move, so neither may go up."""
    position = """
        0 0  0 0 0O
        0 0  0 0 0
        0 0  0 0 0
        0 1O 0 0 0
        0B 0 0 0 0B"""
    for god in ("apollo", "minotaur"):
        free = from_diagram(position, [god, "athena"])
        assert "move a1 b2" in GAME.legal(free, 0)
        cursed = from_diagram(position, [god, "athena"], moved_up=[1])
        assert "move a1 b2" not in GAME.legal(cursed, 0)
        with pytest.raises(IllegalAction, match="Athena"):
            GAME.play(cursed, 0, "move a1 b2")


def test_being_forced_up_does_not_wake_athena():
    """ "A worker that is forced is not considered to have moved" (the
    manual): Athena's worker pushed up onto level 1 by Minotaur, then moving
    along level 1, has not moved up, so Minotaur may still climb."""
    state = from_diagram(
        """
        0 0  0 0 0
        0 0  0 0 0
        1 0  1 1 0
        0 0O 0 0 0
        0B 0 0 0 0O""",
        ["minotaur", "athena"],
    )
    state = play(state, "move a1 b2", "build a1")  # pushes Orange b2 -> c3 (level 1)
    assert state.occupant(sq("c3")) != -1 and state.moved_up_last == [False, False]
    state = play(state, "move c3 d3", "build c3")
    assert state.moved_up_last == [False, False]
    assert "move b2 a3" in GAME.legal(state, 0)  # up onto level 1


def test_charon_forcing_onto_level_three_does_not_win_for_anyone():
    """ "Force: ... A worker cannot win by being forced up to the third
    level." Orange is ferried from level 2 onto a level-3 tower."""
    state = from_diagram(
        """
        0 0 0 0 0O
        0 0 0 0 0
        0 0 2O 0 0
        0 0B 0 0 0
        3 0 0 0 0B""",
        ["charon"],
    )
    after = GAME.play(state, 0, "force c3 a1")
    assert GAME.outcome(after) is None and after.occupant(sq("a1")) != -1
    assert after.turn.stage == "move"  # Charon still has to move


def test_harpies_slide_happens_only_after_a_move_that_did_not_win():
    """A move up onto level 3 wins at once ("You Win immediately"), before the
    Harpies could drag the worker on."""
    state = from_diagram(
        """
        0 0 0 0 0O
        0 0 0 0 0
        0 0 0 0 0
        0 0 0 0 0
        2B 3 0 0 0O""",
        [None, "harpies"],
    )
    after = GAME.play(state, 0, "move a1 b1")
    assert GAME.outcome(after).winners == (0,) and after.occupant(sq("b1")) != -1


# -- win restrictions and alternative wins ----------------------------------------


def test_hera_also_stops_pans_win_on_the_perimeter():
    """Hera: "An opponent cannot win by moving into a perimeter space" — any
    win by moving, Pan's down-two win included; inside the board Pan wins."""
    state = from_diagram(
        """
        0 0 0 0 0O
        0 0 0 0 0
        0 0 0 0 0
        0 2B 0 0 0
        0 0 0 0 0O""",
        ["pan", "hera"],
    )
    edge = GAME.play(state, 0, "move b2 a1")
    assert GAME.outcome(edge) is None and edge.turn.stage == "build"
    assert GAME.outcome(GAME.play(state, 0, "move b2 c3")).winners == (0,)


def test_zeus_cannot_build_under_himself_on_level_three():
    """Zeus builds "a block under itself": on level 3 the next piece would be a
    dome, which is not a block."""
    on_top = play(
        from_diagram(
            """
        0O 0 0 3X 0B
        0  0 0 3X 3X
        0  0 0 0  0
        3  3 0 0  0
        3B 0 0 0  0O""",
            ["zeus"],
        ),
        "move a1 a2",
    )
    assert GAME.outcome(on_top) is None
    assert "build a2" not in GAME.legal(on_top, 0) and "build b2" in GAME.legal(on_top, 0)


def test_limus_lets_atlas_dome_at_any_level_next_to_her():
    """Limus (revised card, as played online): "cannot build on spaces
    neighboring your workers, unless building a dome" — any dome, so Atlas
    may dome a ground-level square next to her but not build a block."""
    state = play(
        from_diagram(
            """
        0O 0 0  3X 0B
        0  0 0  3X 3X
        0  0 0O 0  0
        0  0 0  0  0
        0B 0 0  0  0""",
            ["atlas", "limus"],
        ),
        "move a1 b2",
    )
    legal = set(GAME.legal(state, 0))
    assert "dome c2" in legal and "build c2" not in legal and "build a1" in legal


def test_aphrodite_does_not_bind_a_charmed_worker_that_stays_put():
    """Aphrodite: a charmed worker's *last move* must end next to her; it
    may also not move at all, leaving the other worker free."""
    state = from_diagram(
        """
        0 0  0 0 0
        0 0  0 0 0
        0 0O 0 0 0
        0B 0 0 0 0
        0 0  0 0 0B""",
        [None, "aphrodite"],
    )
    legal = set(GAME.legal(state, 0))
    assert {a for a in legal if a.startswith("move a2")} == {"move a2 a3", "move a2 b2"}
    assert {"move e1 d1", "move e1 d2", "move e1 e2"} <= legal


def test_urania_builds_across_the_edges_too():
    """Urania: "When your worker moves or builds, treat opposite edges and
    corners as if they are adjacent." From a2 (after a1-a2) she builds on
    a1 a3 b1 b2 b3 and, across the west edge, e1 e2 e3."""
    state = play(
        from_diagram(
            """
        0 0 0O 0 0
        0 0 0O 0 0
        0 0 0  0 0
        0 0 0  0 0
        0B 0 0 0B 0""",
            ["urania"],
        ),
        "move a1 a2",
    )
    assert set(GAME.legal(state, 0)) == {f"build {s}" for s in ("a1", "a3", "b1", "b2", "b3", "e1", "e2", "e3")}


# -- losing -----------------------------------------------------------------------


def test_a_player_whose_moved_worker_could_never_build_loses():
    """ "You Lose if you get stuck, meaning you cannot move and then build."
    Blue's only move is b1-c1; from c1 the free squares b1 and d2 both
    neighbour Limus's worker on c2 (blocks forbidden there), the rest are
    domes: Blue cannot move *and then build* and loses."""
    position = """
        0  0  0  0  0O
        0  0  0  0  0
        3X 3X 0  0  0
        3X 3X 0O 0  0
        0B 0B 0  3X 0"""
    assert turn_texts(from_diagram(position)) == {"move b1 c1, build b1", "move b1 c1, build d2"}
    state = from_diagram(position, [None, "limus"], settle=True)
    assert GAME.outcome(state).winners == (1,)
    assert "could not move and then build" in state.reason


def test_a_move_that_would_leave_no_build_is_never_offered():
    """With another way to finish the turn, the move after which the worker
    could not build is simply not legal (the glossary: a "cannot" must be
    obeyed), and the refusal says why."""
    position = """
        0  0  0  0  0O
        0  0  0  0  0
        3X 3X 0  0  0
        3X 3X 0O 0  0
        3X 0B 0  3X 0B"""
    state = from_diagram(position, [None, "limus"])
    assert "move b1 c1" not in GAME.legal(state, 0)
    with pytest.raises(IllegalAction, match="no way to finish your turn"):
        GAME.play(state, 0, "move b1 c1")
    assert any(a.startswith("move e1") for a in GAME.legal(state, 0))


def test_three_players_the_losers_god_leaves_with_their_workers():
    """ "If a player loses, they remove their workers, tokens, and god power
    from the game. If 2 or more opposing players remain, the game
    continues." Green (Athena, having moved up) is stuck at the start of
    its turn: out, and from then on nobody is held down by Athena."""
    state = from_diagram(
        """
        0G 3X 0 0 0
        3X 3X 0 0 0
        0  0  0 0 0
        0  1  0 1 0
        0B 0  0 0 0O""",
        [None, None, "athena"],
        players=3,
        seat=1,
        moved_up=[2],
    )
    assert "move e1 d2" not in GAME.legal(state, 1)
    state = play(state, "move e1 e2", "build e1")
    assert state.alive == [True, True, False] and GAME.outcome(state) is None
    assert all(state.workers[w] == -1 for w, p in enumerate(state.owner) if p == 2)
    assert GAME.to_move(state) == [0]
    assert "move a1 b2" in GAME.legal(state, 0)


def test_teams_a_stuck_player_takes_the_whole_team_down():
    """ "Teams: ... If either of you wins or loses the game, you both do."
    Green's Terpsichore must move both shared workers; one is walled in, so
    Green is stuck, and Blue with Green loses."""
    state = from_diagram(
        """
        0B 3X 0 0 0
        3X 3X 0 0 0
        0  0  0 0 0
        0  0  0 0 0
        0B 0  0 0 0O""",
        [None, None, "terpsichore", None],
        players=4,
        mode="teams",
        seat=2,
        settle=True,
    )
    outcome = GAME.outcome(state)
    assert outcome.winners == (1, 3) and outcome.scores == (0.0, 1.0, 0.0, 1.0)


def test_agora_a_stuck_player_leaves_the_shared_workers_to_the_partner():
    """In the Agora each player is their own team: Green (Terpsichore) is
    stuck and out, but Blue keeps playing the workers they shared."""
    state = from_diagram(
        """
        0B 3X 0 0 0
        3X 3X 0 0 0
        0  0  0 0 0
        0  0  0 0 0O
        0B 0  0 0 0O""",
        [None, None, "terpsichore", None],
        players=4,
        mode="agora",
        seat=2,
        settle=True,
    )
    assert state.alive == [True, True, False, True] and GAME.outcome(state) is None
    assert GAME.to_move(state) == [3]
    assert sum(1 for w in state.workers if w != -1) == 4
