"""What a part of ``SQLiteStore`` kept in a module of its own may use of the
store it belongs to (the connection, its lock, the transaction helpers)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any

import aiosqlite


class SQLitePart:
    """The base of ``SQLiteStore``'s parts; ``SQLiteStore`` provides all of it."""

    _db: aiosqlite.Connection
    _lock: asyncio.Lock
    path: str

    if TYPE_CHECKING:

        def _transaction(self) -> AbstractAsyncContextManager[aiosqlite.Connection]: ...
        async def _write(
            self,
            statements: Sequence[tuple[str, Sequence[Any]]],
            committed: Callable[[list[int | None]], None] | None = None,
        ) -> list[int | None]: ...
        def _note_data_version(self, version: int) -> None: ...
        async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]: ...
