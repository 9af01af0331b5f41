"""SQL and row helpers shared by the PostgreSQL store's modules."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence

import asyncpg

GAME_WITH_SEATS = (
    "SELECT g.*, COALESCE((SELECT array_agg(ROW(s.seat, s.user_id, s.name, s.bot, s.away) ORDER BY s.seat)"
    " FROM seats s WHERE s.game_id = g.id), '{}') AS seat_rows FROM games g"
)
SEAT_FIELDS = ("seat", "user_id", "name", "bot", "away")
REMINDER_FIELDS = ("game_id", "seat", "seq", "since", "due_at", "sent", "muted", "group_size")
GAME_WITH_SEATS_AND_REMINDERS = GAME_WITH_SEATS.replace(
    " FROM games g",
    f", COALESCE((SELECT array_agg(ROW({', '.join(f'r.{f}' for f in REMINDER_FIELDS)}) ORDER BY r.seat)"
    " FROM reminders r WHERE r.game_id = g.id), '{}') AS reminder_rows FROM games g",
)
"""A game, its seats and its reminders in one row (one statement: one snapshot)."""


BUMP_VERSION = "UPDATE games SET version = version + 1 WHERE id = $1"
"""One more write to the game (``GameRecord.version``)."""


def versioned(write: str, game_id: str) -> str:
    """``write`` (an UPDATE or DELETE of one game's rows) made to count as a
    write to the game when it changes any row: one statement whose value is
    the number of rows it changed."""
    return (
        f"WITH changed AS ({write} RETURNING 1), counted AS (UPDATE games SET version = version + 1"
        f" WHERE id = {game_id} AND EXISTS (SELECT FROM changed)) SELECT COUNT(*) FROM changed"
    )


async def table_rows(
    db: asyncpg.Connection, table: str, columns: Sequence[str], batch_size: int
) -> AsyncIterator[list[tuple]]:
    """A table's rows in batches, read through a cursor of ``db``'s open transaction."""
    listed = ", ".join(f'"{c}"' for c in columns)
    cursor = await db.cursor(f'SELECT {listed} FROM "{table}"')
    while rows := await cursor.fetch(batch_size):
        yield [tuple(row) for row in rows]


def changed(status: str) -> int:
    """Rows changed, from asyncpg's command status (``UPDATE 1``)."""
    return int(status.rsplit(" ", 1)[-1])
