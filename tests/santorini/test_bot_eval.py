"""The hard bot's base-game evaluation (``bot.fast_evaluate``): what it calls
won or lost must be won or lost by the rules.

Rulebook: "You Win immediately if one of your workers moves from a lower
level up to a level-3 tower!" and "Builds can be up or down any number of
levels. Use the appropriate block/dome shape for the level being built." A
free level-3 tower next to a rival's level-2 worker is a win for the rival
next turn unless the player to move domes it: one build cannot dome two."""

from __future__ import annotations

import random

from engine.games.santorini import bot, fast
from engine.games.santorini.positions import from_diagram

DOUBLE_THREAT = """
    0O 0 0  0 0
    0  3 0  3 0
    0  0 2O 0 0
    0  0 0  0 0
    0B 0 0  0 0B"""
"""Orange on c3 (level 2) has two level-3 towers beside it, b4 and d4; Blue
to move can dome only one of them."""

OUT_OF_REACH = """
    0B 0 0 0  0
    0B 0 0 0  0
    0  0 0 3  0
    0  0 0 2O 0
    0O 0 0 0  0"""
"""Orange on d2 (level 2) threatens d3 (level 3); no Blue worker can get
next to d3 this turn to dome it."""

BLOCKABLE = """
    0O 0 0 0  0
    0  0 0 0  0
    0  0 0 3  0
    0  0 0 2O 0
    0B 0 0 0  0B"""
"""The same threat, but Blue's e1 worker can move to e2 and dome d3."""


def position(diagram: str) -> fast.Position:
    return fast.from_state(from_diagram(diagram))


def test_two_towers_beside_a_rival_on_level_two_are_lost():
    assert bot.fast_evaluate(position(DOUBLE_THREAT)) == -bot.WIN


def test_a_tower_no_worker_can_dome_in_time_is_lost():
    assert bot.fast_evaluate(position(OUT_OF_REACH)) == -bot.WIN


def test_a_tower_the_mover_can_dome_is_not_lost():
    pos = position(BLOCKABLE)
    assert -bot.WIN < bot.fast_evaluate(pos) < 0
    # ... and a turn that domes it really leaves Orange without a win.
    assert any(not fast.can_win_now(fast.apply(pos, move)) for move in fast.turns(pos))


def _random_positions(count: int, seed: int):
    """Positions of random base games (placements, then random turns), each
    with a player to move who cannot win at once."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        pos = fast.random_start(rng)
        for _ in range(rng.randrange(4, 40)):
            moves = fast.turns(pos)
            if not moves or fast.can_win_now(pos):
                break
            found += 1
            yield pos
            move = rng.choice(moves)
            if move[2] < 0:
                break
            pos = fast.apply(pos, move)


def test_lost_means_every_turn_hands_the_rival_a_win():
    """Over random positions where the rival threatens a win: the evaluation
    says lost exactly when every turn of the mover leaves the rival a win in
    one (checked by playing each turn out)."""
    threatened = lost = 0
    for pos in _random_positions(12000, seed=19):
        rival_view = pos[:5] + (1 - pos[5],)
        if not fast.can_win_now(rival_view):
            continue
        threatened += 1
        every_turn_loses = all(fast.can_win_now(fast.apply(pos, move)) for move in fast.turns(pos))
        assert (bot.fast_evaluate(pos) == -bot.WIN) == every_turn_loses, pos
        lost += every_turn_loses
    assert threatened > 100 and 0 < lost < threatened, (threatened, lost)


def test_turns_come_higher_squares_first():
    """The search's generator lists moves up before moves along or down (so
    cut-offs come sooner), and still every turn: "When moving higher, you
    may move up a maximum of 1 level ... When moving lower, move down any
    number of levels." (the full cross-check is in test_fast.py)."""
    checked = 0
    for pos in _random_positions(500, seed=7):
        h1, h2, h3 = pos[0], pos[1], pos[2]
        heights = [fast.height(h1, h2, h3, to) for _, to, _ in fast.turns(pos)]
        assert heights == sorted(heights, reverse=True), pos
        checked += len(set(heights)) > 1
    assert checked > 100
