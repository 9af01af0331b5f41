"""The bitboard generator (``fast``) against the readable rules: on thousands
of random positions both must list exactly the same full turns."""

from __future__ import annotations

import random

from engine.games.santorini import fast
from engine.games.santorini.board import square_name
from engine.games.santorini.positions import from_diagram, turn_texts
from engine.games.santorini.state import State

POSITIONS = 2000


def random_diagram(rng: random.Random, players: int = 2, crowded: bool = False) -> str:
    """A random position; ``crowded`` ones are tall and domed, so that stuck
    workers are common."""
    cells = []
    heights = (0, 2, 2, 3, 3, 3) if crowded else (0, 0, 0, 1, 1, 2, 2, 3)
    for _ in range(25):
        level = rng.choice(heights)
        cells.append(
            f"{level}X"
            if level == 3 and rng.random() < 0.3
            else f"{level}X"
            if rng.random() < (0.25 if crowded else 0.05)
            else str(level)
        )
    free = [i for i, c in enumerate(cells) if "X" not in c]
    letters = "BOG"[:players]
    for i, square in enumerate(rng.sample(free, 2 * players)):
        cells[square] += letters[i % players]
    rows = [cells[r * 5 : (r + 1) * 5] for r in range(4, -1, -1)]
    return "\n".join(" ".join(row) for row in rows)


def fast_texts(state: State) -> set[str]:
    result = set()
    for frm, to, build in fast.turns(fast.from_state(state)):
        text = f"move {square_name(frm)} {square_name(to)}"
        result.add(text if build < 0 else f"{text}, build {square_name(build)}")
    return result


def test_fast_and_readable_generators_agree_on_random_positions():
    rng = random.Random(20240601)
    checked = stuck = wins = 0
    for index in range(POSITIONS):
        players = 3 if index % 5 == 0 else 2  # three pools: the mover's workers still block and are blocked
        diagram = random_diagram(rng, players, crowded=index % 4 == 0)
        state = from_diagram(diagram, seat=rng.randrange(players), players=players)
        readable = turn_texts(state)
        assert fast_texts(state) == readable, diagram
        position = fast.from_state(state)
        assert fast.has_move(position) == bool(readable)
        assert fast.can_win_now(position) == any("build" not in t for t in readable)
        checked += 1
        stuck += not readable
        wins += any("build" not in t for t in readable)
    assert checked == POSITIONS and stuck >= 5 and wins > 100  # the sample covers the edge cases


def test_fast_apply_matches_the_readable_rules():
    from engine.games.santorini import GAME

    rng = random.Random(7)
    for _ in range(300):
        state = from_diagram(random_diagram(rng))
        turns = fast.turns(fast.from_state(state))
        if not turns:
            continue
        frm, to, build = rng.choice(turns)
        after = GAME.play(state, 0, f"move {square_name(frm)} {square_name(to)}")
        if build >= 0:
            after = GAME.play(after, 0, f"build {square_name(build)}")
        expected = fast.apply(fast.from_state(state), (frm, to, build))
        if after.phase == "play":
            assert fast.from_state(after) == expected


def test_random_games_run_to_an_end():
    rng = random.Random(3)
    start = fast.from_state(
        from_diagram("""
        0 0 0 0 0
        0 0O 0 0B 0
        0 0 0 0 0
        0 0B 0 0O 0
        0 0 0 0 0""")
    )
    results = [fast.random_game(rng, start) for _ in range(200)]
    assert {winner for winner, _ in results} == {0, 1}
    assert all(plies >= 1 for _, plies in results)


def test_random_starts_place_four_workers_on_an_empty_board():
    rng = random.Random(5)
    for _ in range(50):
        h1, h2, h3, dm, pools, mover = fast.random_start(rng)
        squares = [sq for pool in pools for sq in pool]
        assert (h1, h2, h3, dm, mover) == (0, 0, 0, 0, 0) and len(set(squares)) == 4
        assert fast.random_game(rng, (h1, h2, h3, dm, pools, mover))[1] >= 1
