"""A game as the table service holds it (``Live``), without a store or a
service around it: for measuring and testing what the table works out for a
move (its notices and views), as bench/commit_cost.py and
tests/platform/test_notice_views.py do."""

from __future__ import annotations

from typing import Any

from engine.core import Game
from engine.store import GameRecord, SeatRecord
from engine.tables.model import Live

FIRST_USER = 1000
"""Seat ``s`` is the person ``FIRST_USER + s``: every seat a person, so every seat gets DMs."""


def detached_table(game: Game, players: int, seed: int, options: dict[str, Any] | None = None) -> Live:
    """A started game of ``players`` people, at its set-up."""
    options = dict(options or {})
    record = GameRecord(
        id=1,
        guild_id=None,
        channel_id=1,
        parent_id=None,
        game=game.name,
        options=options,
        seed=seed,
        status="active",
        host_id=FIRST_USER,
        settings={},
        seq=0,
        outcome=None,
        created_at=0.0,
        seats=[SeatRecord(s, FIRST_USER + s, f"p{s}") for s in range(players)],
    )
    return Live(record, game, game.new(players, dict(options), seed))
