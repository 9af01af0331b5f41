"""Helpers of the store tests: a bare game row, and random legal moves
through the table service."""

from __future__ import annotations

import random

from engine.tables import Tables

HOST, GUEST = 2**63 - 1, 2**62  # Discord-sized user ids


async def new_game(store, channel: int = 1, seats=(), **fields) -> int:
    """A lobby row in ``store`` (fields as ``create_game`` takes them)."""
    values = {
        "guild_id": None,
        "channel_id": channel,
        "parent_id": None,
        "game": "santorini",
        "options": {},
        "seed": 1,
        "host_id": None,
        "settings": {},
        "seats": list(seats),
    }
    values.update(fields)
    return await store.create_game(**values)


async def play_one(tables: Tables, game_id: int, rng: random.Random) -> bool:
    """One random legal move in a two-player game of HOST and GUEST; False
    once it is over."""
    live = await tables._live(game_id)
    to_move = live.game.to_move(live.state)
    if live.record.status != "active" or not to_move:
        return False
    seat = rng.choice(to_move)
    await tables.play(game_id, (HOST, GUEST)[seat], rng.choice(live.game.legal(live.state, seat)))
    return True
