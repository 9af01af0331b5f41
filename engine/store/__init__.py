"""Persistence for Agora: one interface (``Store``), and the backends behind it.

``open_store(where)`` picks the backend from ``AGORA_DB``'s form: a path is
SQLite (the embedded default), a ``postgresql://`` URL is PostgreSQL.
"""

from __future__ import annotations

from pathlib import Path

from engine.store.base import Store
from engine.store.records import (
    LIVE,
    ActionRecord,
    ChannelBusy,
    GameChanged,
    GameRecord,
    NewNotice,
    NoticeRecord,
    ReminderRecord,
    SeatRecord,
    SeqConflict,
    UndoRequest,
)
from engine.store.sqlite import SQLiteStore

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(where: str) -> bool:
    return str(where).startswith(POSTGRES_SCHEMES)


async def open_store(where: str | Path) -> Store:
    """The store at ``where``: a PostgreSQL URL, or else a SQLite file path."""
    if is_postgres(str(where)):
        from engine.store.postgres import PostgresStore

        return await PostgresStore.open(str(where))
    return await SQLiteStore.open(where)


__all__ = [
    "Store",
    "SQLiteStore",
    "open_store",
    "is_postgres",
    "LIVE",
    "ActionRecord",
    "ChannelBusy",
    "GameChanged",
    "GameRecord",
    "NewNotice",
    "NoticeRecord",
    "ReminderRecord",
    "SeatRecord",
    "SeqConflict",
    "UndoRequest",
]
