"""Rows to records, shared by both backends: a row is anything that answers
``row["column"]`` (``sqlite3.Row``, ``asyncpg.Record``), with the columns of
the schema (engine/store/schema.py, schema_pg.py)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Protocol

import orjson

from engine.store.records import (
    GameRecord,
    NoticeRecord,
    ReminderRecord,
    SeatRecord,
    UndoRequest,
)


class Row(Protocol):
    """A database row read by column name: a mapping, asyncpg's Record or sqlite3.Row."""

    def __getitem__(self, key: str) -> Any: ...


JSON_COLUMNS = frozenset({"options", "settings", "outcome", "turn_lines"})
"""Columns of ``games`` that hold JSON text."""
UPDATABLE = frozenset(
    {"status", "options", "settings", "outcome", "started_at", "finished_at", "host_id", "turn_lines"}
)
"""Columns of ``games`` that ``update_game`` and ``commit(game_fields=...)`` may set."""


_ORJSON_STRICT = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
"""orjson would write dataclasses and datetimes on its own; passing them
through makes it refuse them, as ``json`` does."""


def dumps(value: Any) -> str:
    """Compact JSON text of ``value``, read back exactly by ``loads`` and by
    ``json.loads``. orjson, 10-60x faster than ``json`` on a snapshot or a
    view (the biggest texts a move writes). Keys that are not strings are
    written as ``json`` writes them (``1`` as ``"1"``), on a second try, as
    orjson does that more slowly. Refused (TypeError), as by ``json``: values
    JSON has no type for; beyond ``json``: integers outside 64 bits, which
    orjson would read back as floats. NaN and infinities, which no game
    stores, are written as ``null``."""
    try:
        return orjson.dumps(value, option=_ORJSON_STRICT).decode()
    except TypeError:
        return orjson.dumps(value, option=_ORJSON_STRICT | orjson.OPT_NON_STR_KEYS).decode()


def loads(text: str | bytes) -> Any:
    """The value of stored JSON text; ``json`` for text orjson refuses and
    ``json`` reads (``NaN``, which ``json.dumps`` wrote before orjson)."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


def game_updates(fields: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """``(column, stored value)`` of a game-row update; refuses unknown columns."""
    unknown = set(fields) - UPDATABLE
    if unknown:
        raise ValueError(f"cannot update {sorted(unknown)}")
    return [
        (name, dumps(value) if name in JSON_COLUMNS and value is not None else value) for name, value in fields.items()
    ]


def seat_from_row(row: Row) -> SeatRecord:
    return SeatRecord(row["seat"], row["user_id"], row["name"], row["bot"], bool(row["away"]))


def game_from_row(row: Row, seats: list[SeatRecord]) -> GameRecord:
    return GameRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        parent_id=row["parent_id"],
        game=row["game"],
        options=loads(row["options"]),
        seed=row["seed"],
        status=row["status"],
        host_id=row["host_id"],
        settings=loads(row["settings"]),
        seq=row["seq"],
        outcome=loads(row["outcome"]) if row["outcome"] else None,
        created_at=row["created_at"],
        started_at=row["started_at"],
        finished_at=row["finished_at"],
        seats=seats,
        turn_lines=loads(row["turn_lines"]),
        version=row["version"],
    )


def reminder_from_row(row: Row) -> ReminderRecord:
    return ReminderRecord(
        row["game_id"],
        row["seat"],
        row["seq"],
        row["since"],
        row["due_at"],
        row["sent"],
        bool(row["muted"]),
        row["group_size"],
    )


def notice_from_row(row: Row) -> NoticeRecord:
    return NoticeRecord(
        row["id"],
        row["game_id"],
        row["seq"],
        row["kind"],
        row["user_id"],
        row["payload"],
        row["attempts"],
        row["next_attempt_at"],
    )


def undo_from_row(row: Row) -> UndoRequest:
    return UndoRequest(
        row["game_id"], row["seat"], row["target_seq"], row["at_seq"], loads(row["votes"]), row["created_at"]
    )


def claimable_notice(now: str, owner: str) -> str:
    """The condition on ``outbox o`` of a notice ``owner`` may claim at
    ``now`` (both SQL parameters): pending (neither delivered nor a dead
    letter), not claimed or its claim run out, in a game none of whose
    pending notices another owner holds a running claim on. So a game's
    notices go out through one process at a time, in order."""
    return (
        f"o.delivered_at IS NULL AND o.failed_at IS NULL AND (o.claimed_until IS NULL OR o.claimed_until <= {now})"
        " AND NOT EXISTS (SELECT 1 FROM outbox b WHERE b.game_id = o.game_id AND b.delivered_at IS NULL"
        f" AND b.failed_at IS NULL AND b.claimed_until > {now} AND b.claimed_by <> {owner})"
    )


def topological(references: Mapping[str, set[str]]) -> list[str]:
    """Tables in an order where each comes after the tables it references."""
    order: list[str] = []
    placed: set[str] = set()

    def place(table: str, path: tuple[str, ...]) -> None:
        if table in placed:
            return
        if table in path:
            raise ValueError(f"tables reference each other in a circle: {' -> '.join(path + (table,))}")
        for referenced in sorted(references.get(table, set()) - {table}):
            place(referenced, path + (table,))
        placed.add(table)
        order.append(table)

    for table in sorted(references):
        place(table, ())
    return order
