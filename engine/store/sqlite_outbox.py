"""The outbox of a SQLite file, and the pending notices it keeps in memory.

A flush follows every committed move and used to read the game's pending
notices back from the file: one more trip to the connection's thread per
move, a quarter of what draining the outbox cost. The store writes every
notice itself, so it can know a game's pending notices without asking the
file: ``PendingNotices`` holds them for the games it has read, and every
write of this store changes it in the same locked step as the file (after
the COMMIT, before any read can run). Whatever it cannot follow forgets it
all, so the next flush reads the file again:

- a write that names the outbox without saying what it did (forgetting a
  user, deleting a server's games, claims, a raw transaction);
- a commit by another connection, seen in ``PRAGMA data_version`` at the
  start of each write batch and by ``games_with_pending_notices`` (which
  the reminder loop runs): an admin command, or a second process.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from engine.store.records import NewNotice, NoticeRecord
from engine.store.rows import dumps, notice_from_row
from engine.store.sqlite_part import SQLitePart

INSERT_NOTICE = "INSERT INTO outbox (game_id, seq, kind, user_id, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)"


def notice_rows(game_id: int, seq: int, notices: Sequence[NewNotice]) -> list[tuple[Any, ...]]:
    """The parameters of ``INSERT_NOTICE`` for each notice (its payload as JSON)."""
    now = time.time()
    return [(game_id, seq, n.kind, n.user_id, dumps(n.payload), now) for n in notices]


def touches_outbox(statements: Sequence[tuple[str, Sequence[Any]]]) -> bool:
    return any("outbox" in sql for sql, _ in statements)


class PendingNotices:
    """Each known game's notices neither delivered nor set aside, oldest
    first, exactly as the file holds them (a game not known is read)."""

    def __init__(self) -> None:
        self._games: dict[int, dict[int, NoticeRecord]] = {}
        self._game_of: dict[int, int] = {}

    def known(self, game_id: int) -> list[NoticeRecord] | None:
        notices = self._games.get(game_id)
        return None if notices is None else list(notices.values())

    def learn(self, game_id: int, notices: list[NoticeRecord]) -> None:
        """Everything pending for the game, as just read from the file."""
        self.forget_game(game_id)
        self._games[game_id] = {notice.id: notice for notice in notices}
        self._game_of.update((notice.id, game_id) for notice in notices)

    def added(self, rows: Sequence[tuple[Any, ...]], ids: Sequence[int | None]) -> None:
        """Notices just written (``notice_rows``, with their new ids): added
        to a known game (ids only grow, so the order stays the file's)."""
        for (game_id, seq, kind, user_id, payload, _), notice_id in zip(rows, ids, strict=True):
            notices = self._games.get(game_id)
            if notices is None or notice_id is None:
                continue
            notices[notice_id] = NoticeRecord(notice_id, game_id, seq, kind, user_id, payload)
            self._game_of[notice_id] = game_id

    def delivered(self, notice_ids: Sequence[int]) -> None:
        for notice_id in notice_ids:
            self._drop(notice_id)

    def failed(self, notice_id: int, retry_at: float | None) -> None:
        """A failed delivery: tried again from ``retry_at``, or set aside."""
        if retry_at is None:
            self._drop(notice_id)
            return
        game_id = self._game_of.get(notice_id)
        if game_id is None:
            return
        notices = self._games[game_id]
        was = notices[notice_id]
        notices[notice_id] = NoticeRecord(
            was.id, was.game_id, was.seq, was.kind, was.user_id, was.stored_payload, was.attempts + 1, retry_at
        )

    def forget_game(self, game_id: int) -> None:
        for notice_id in self._games.pop(game_id, {}):
            del self._game_of[notice_id]

    def forget_all(self) -> None:
        self._games.clear()
        self._game_of.clear()

    def _drop(self, notice_id: int) -> None:
        game_id = self._game_of.pop(notice_id, None)
        if game_id is not None:
            del self._games[game_id][notice_id]


class SQLiteOutbox(SQLitePart):
    """The outbox's queries, answered from ``PendingNotices`` where it knows."""

    _pending: PendingNotices

    async def add_notices(self, game_id: int, seq: int, notices: Sequence[NewNotice]) -> list[int]:
        rows = notice_rows(game_id, seq, notices)
        ids = await self._write(
            [(INSERT_NOTICE, row) for row in rows], committed=lambda ids: self._pending.added(rows, ids)
        )
        return [i for i in ids if i is not None]

    async def pending_notices(self, game_id: int | None = None, limit: int = 500) -> list[NoticeRecord]:
        """Notices neither delivered nor set aside as dead letters, oldest first."""
        if game_id is not None:
            known = self._pending.known(game_id)
            if known is not None:
                return known[:limit]
        async with self._lock:  # read and learnt in one step: no write lands in between
            if game_id is None:
                rows = await self._db.execute_fetchall(
                    "SELECT * FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL ORDER BY id LIMIT ?",
                    (limit,),
                )
                return [notice_from_row(r) for r in rows]
            rows = await self._db.execute_fetchall(
                "SELECT * FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL AND game_id = ?"
                " ORDER BY id LIMIT ?",
                (game_id, limit),
            )
            notices = [notice_from_row(r) for r in rows]
            if len(notices) < limit:  # all of them: a list cut at the limit is not kept
                self._pending.learn(game_id, notices)
            return notices

    async def mark_delivered(self, notice_ids: Sequence[int]) -> None:
        if notice_ids:
            marks = ", ".join("?" * len(notice_ids))
            await self._write(
                [(f"UPDATE outbox SET delivered_at = ? WHERE id IN ({marks})", (time.time(), *notice_ids))],
                committed=lambda _: self._pending.delivered(notice_ids),
            )

    async def mark_failed(self, notice_id: int, error: str, *, retry_at: float | None, now: float) -> None:
        """Count a failed delivery: try again from ``retry_at``, or, when it is
        None, set the notice aside for good as a dead letter with ``error``."""
        if retry_at is None:
            statement = (
                "UPDATE outbox SET attempts = attempts + 1, error = ?, failed_at = ?, next_attempt_at = NULL"
                " WHERE id = ?",
                (error[:500], now, notice_id),
            )
        else:
            statement = (
                "UPDATE outbox SET attempts = attempts + 1, error = ?, next_attempt_at = ? WHERE id = ?",
                (error[:500], retry_at, notice_id),
            )
        await self._write([statement], committed=lambda _: self._pending.failed(notice_id, retry_at))

    async def dead_letters(self, game_id: int) -> list[tuple[int, str, str]]:
        """A game's notices that could not be delivered: (id, kind, reason)."""
        rows = await self._read(
            "SELECT id, kind, error FROM outbox WHERE game_id = ? AND failed_at IS NOT NULL ORDER BY id", (game_id,)
        )
        return [(r["id"], r["kind"], r["error"] or "") for r in rows]

    async def games_with_pending_notices(self) -> list[int]:
        async with self._lock:
            self._note_data_version(list(await self._db.execute_fetchall("PRAGMA data_version"))[0][0])
            rows = await self._db.execute_fetchall(
                "SELECT DISTINCT game_id FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL ORDER BY game_id"
            )
        return [r[0] for r in rows]
