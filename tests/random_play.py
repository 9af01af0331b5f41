"""Seeded random play, for tests that need the positions of real games."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from engine.core import Game


def random_positions(
    game: Game, players: int, seed: int, limit: int, options: Mapping[str, Any] | None = None
) -> Iterator[tuple[Any, int, str]]:
    """(state, seat, action) at each step of one seeded game, at most
    ``limit`` steps: the first seat to move plays a legal action drawn at
    random."""
    state = game.new(players, dict(options or {}), seed)
    rng = random.Random(seed)
    for _ in range(limit):
        movers = game.to_move(state)
        if not movers:
            return
        seat = movers[0]
        action = rng.choice(game.legal(state, seat))
        yield state, seat, action
        state = game.play(state, seat, action)
