"""The SQLite store (aiosqlite, WAL): Agora's embedded default.

What is stored:

- ``games``: one row per game: where it lives, which game and options, the
  seed, its status (lobby, active, finished, abandoned), settings and outcome.
  A partial unique index allows one live (lobby or active) game per channel.
- ``seats``: who sits where (a Discord user, or a bot level).
- ``actions``: the append-only log ``(game_id, seq, seat, kind, action, text,
  at)`` with ``UNIQUE(game_id, seq)``. Undo appends an ``undo`` row naming
  the seq it takes back; nothing is ever rewritten.
- ``snapshots``: the latest state of each game, so loading replays nothing.
- ``outbox``: notices not yet delivered, written in the same transaction as
  the move that caused them and marked delivered only after delivery.
- ``reminders``: when to nudge whom, so reminders survive restarts.
- ``undo_requests``: take-backs waiting for the other players' consent.
- ``settings``: per guild or channel defaults.

The SQL is kept portable (no SQLite-only syntax beyond the upsert and the
partial index, both also in PostgreSQL) so another store can sit beside it.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import random
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from engine.store.records import (
    ActionRecord,
    ChannelBusy,
    GameRecord,
    NewNotice,
    NoticeRecord,
    ReminderRecord,
    SeatRecord,
    SeqConflict,
    UndoRequest,
)
from engine.store.rows import claimable_notice, dumps, game_from_row, loads, notice_from_row, reminder_from_row
from engine.store.schema import MIGRATIONS
from engine.store.sqlite_copies import SQLiteCopies
from engine.store.sqlite_lobbies import SQLiteLobbies
from engine.store.sqlite_outbox import INSERT_NOTICE, PendingNotices, SQLiteOutbox, notice_rows, touches_outbox
from engine.store.sqlite_ratings import SQLiteRatings

T = TypeVar("T")
log = logging.getLogger("agora.store")
Committed = Callable[[list[int | None]], None]

_JSON_COLUMNS = frozenset({"options", "settings", "outcome", "turn_lines"})
_UPDATABLE = frozenset(
    {"status", "options", "settings", "outcome", "started_at", "finished_at", "host_id", "turn_lines"}
)


def _dumps(value: Any) -> str:
    return dumps(value)


RESCHEDULE_REMINDER = (
    "UPDATE reminders SET due_at = ?, sent = ?, claimed_by = NULL, claimed_until = NULL"
    " WHERE game_id = ? AND seat = ? AND seq = ?"
)


def _commit_batch(
    connection: sqlite3.Connection, batch: Sequence[tuple[Sequence[tuple[str, Sequence[Any]]], Any, Any]]
) -> tuple[int, list[Any]]:
    """In the connection's thread: every write of the batch in one
    transaction, each in a savepoint; a write's result is its lastrowids, or
    the SQLite error that undid it alone. Also the file's ``data_version``
    as the batch began (it changes when another connection commits)."""
    results: list[Any] = []
    connection.execute("BEGIN IMMEDIATE")
    try:
        data_version = connection.execute("PRAGMA data_version").fetchone()[0]
        for statements, _, _ in batch:
            connection.execute("SAVEPOINT one_write")
            try:
                ids = [connection.execute(sql, params).lastrowid for sql, params in statements]
            except sqlite3.Error as error:
                connection.execute("ROLLBACK TO one_write")
                results.append(error)
            else:
                results.append(ids)
            connection.execute("RELEASE one_write")
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return data_version, results


async def _switch_to_wal(db: aiosqlite.Connection) -> None:
    """Switching a new file to WAL needs an exclusive lock, and SQLite answers
    "database is locked" at once, without waiting out the busy timeout, when
    another process opening the same file holds it: try again for a while."""
    for attempt in range(100):
        try:
            await db.execute_fetchall("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or attempt == 99:
                raise
            await asyncio.sleep(0.01 + random.random() * 0.04)


class SQLiteStore(SQLiteOutbox, SQLiteRatings, SQLiteCopies, SQLiteLobbies):
    """One SQLite file. Every public method is one transaction.

    A single aiosqlite connection serialises statements in its thread; the
    lock keeps one coroutine's transaction from interleaving with another's.
    """

    def __init__(self, db: aiosqlite.Connection, path: str):
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()
        self._queued: list[tuple[Sequence[tuple[str, Sequence[Any]]], asyncio.Future, Committed | None]] = []
        self._writer: asyncio.Future | None = None
        self._pending = PendingNotices()
        self._data_version: int | None = None

    @classmethod
    async def open(cls, path: str | Path) -> SQLiteStore:
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path, isolation_level=None)
        try:
            db.row_factory = sqlite3.Row
            # PRAGMAs that answer with a row are fetched, so no statement stays
            # open.
            await db.execute_fetchall("PRAGMA busy_timeout = 5000")
            await _switch_to_wal(db)
            # WAL + FULL: every COMMIT is fsynced before it returns, so a move
            # that was acknowledged survives a power cut, not only a crash of
            # this process (NORMAL syncs only at checkpoints).
            await db.execute("PRAGMA synchronous = FULL")
            await db.execute("PRAGMA foreign_keys = ON")
            store = cls(db, path)
            await store._migrate()
        except BaseException:
            # aiosqlite's worker thread is not a daemon: a connection left
            # open by a failed open keeps the process from ever exiting.
            await db.close()
            raise
        return store

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()

    async def _migrate(self) -> None:
        async with self._transaction() as db:
            await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            rows = await db.execute_fetchall("SELECT version FROM schema_version")
            current = rows[0][0] if rows else 0
            if not rows:
                await db.execute("INSERT INTO schema_version (version) VALUES (0)")
        if current > len(MIGRATIONS):
            raise RuntimeError(
                f"{self.path} has schema version {current}, newer than this Agora "
                f"({len(MIGRATIONS)}); upgrade Agora before opening it"
            )
        for version in range(current, len(MIGRATIONS)):
            async with self._transaction() as db:
                # Read again under the write lock: another process opening
                # the same file at the same time may have applied it already.
                rows = await db.execute_fetchall("SELECT version FROM schema_version")
                if rows[0][0] > version:
                    continue
                for statement in MIGRATIONS[version].split(";"):
                    if statement.strip():
                        await db.execute(statement)
                await db.execute("UPDATE schema_version SET version = ?", (version + 1,))

    async def schema_version(self) -> int:
        async with self._lock:
            rows = list(await self._db.execute_fetchall("SELECT version FROM schema_version"))
            return int(rows[0][0])

    # -- transactions ------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _transaction(self):
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")
            self._pending.forget_all()  # a raw transaction may have written anything

    def _note_data_version(self, version: int) -> None:
        """What is kept in memory of the file holds until another connection commits."""
        if version != self._data_version:
            self._pending.forget_all()
            self._data_version = version

    async def _write(
        self, statements: Sequence[tuple[str, Sequence[Any]]], committed: Committed | None = None
    ) -> list[int | None]:
        """Run statements in one transaction; returns each one's lastrowid.

        Writes that queue up while another is running are committed together
        (group commit): one trip to the connection's thread and one COMMIT for
        the lot, each write in its own savepoint so that one failing (a taken
        sequence number, say) fails alone. A trip costs tens of microseconds
        of thread hand-over, which, paid per statement, was most of the time of
        a committed move. Every caller returns only after its COMMIT, and a
        caller that is cancelled meanwhile does not stop the others' writes:
        a task of the store's own runs the batches.

        ``committed`` is told the lastrowids once the write is committed,
        before any other read or write runs: what the store keeps in memory
        of the file changes with it (a write that names the outbox without
        one forgets the pending notices kept, ``sqlite_outbox``)."""
        done: asyncio.Future[list[int | None]] = asyncio.get_running_loop().create_future()
        self._queued.append((statements, done, committed))
        if self._writer is None:
            self._writer = asyncio.ensure_future(self._write_queued())
        return await asyncio.shield(done)

    async def _write_queued(self) -> None:
        try:
            async with self._lock:
                while self._queued:
                    batch, self._queued = self._queued, []
                    try:
                        data_version, results = await self._in_thread(functools.partial(_commit_batch, batch=batch))
                    except BaseException as error:
                        self._pending.forget_all()  # committed or not: nobody knows
                        for _, waiting, _ in batch:
                            if not waiting.done():
                                waiting.set_exception(error)
                        if not isinstance(error, Exception):
                            raise
                        continue
                    self._note_data_version(data_version)
                    for (statements, waiting, committed), result in zip(batch, results):
                        if isinstance(result, BaseException):
                            if not waiting.done():
                                waiting.set_exception(result)
                            continue
                        self._follow(statements, committed, result)
                        if not waiting.done():
                            waiting.set_result(result)
        finally:
            # Nothing can queue between the loop's last check and here (no
            # await in between), so a later write starts a new writer.
            self._writer = None

    def _follow(
        self, statements: Sequence[tuple[str, Sequence[Any]]], committed: Committed | None, ids: list[int | None]
    ) -> None:
        """Change what is kept in memory as a committed write changed the file."""
        if committed is None:
            if touches_outbox(statements):
                self._pending.forget_all()
            return
        try:
            committed(ids)
        except Exception:  # noqa: BLE001 — the write stands; only what was kept is in doubt
            log.exception("keeping the pending notices in memory failed; reading them from the file again")
            self._pending.forget_all()

    async def _in_thread(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` on the raw connection in aiosqlite's worker thread.

        aiosqlite has no public call for this; ``_execute`` is the method its
        own public calls are built on (aiosqlite is pinned below 0.23, and
        tests/platform/test_store.py fails loudly if the seam moves)."""
        return await self._db._execute(work, self._db._conn)

    async def _write_one(self, sql: str, params: Sequence[Any]) -> int:
        """Run one statement in its own transaction; returns the rows it changed."""
        async with self._transaction() as db:
            cursor = await db.execute(sql, params)
            return cursor.rowcount

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock:
            return list(await self._db.execute_fetchall(sql, params))

    # -- games ---------------------------------------------------------------------

    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        parent_id: int | None,
        game: str,
        options: dict[str, Any],
        seed: int,
        host_id: int | None,
        settings: dict[str, Any],
        seats: Iterable[SeatRecord],
    ) -> int:
        try:
            async with self._transaction() as db:
                cursor = await db.execute(
                    "INSERT INTO games (guild_id, channel_id, parent_id, game, options, seed, status,"
                    " host_id, settings, created_at) VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        parent_id,
                        game,
                        _dumps(options),
                        seed,
                        host_id,
                        _dumps(settings),
                        time.time(),
                    ),
                )
                game_id = cursor.lastrowid
                assert game_id is not None
                await self._insert_seats(game_id, seats)
        except sqlite3.IntegrityError as error:
            if "games.channel_id" in str(error) or "UNIQUE" in str(error):
                raise ChannelBusy(channel_id) from None
            raise
        return game_id

    async def _insert_seats(self, game_id: int, seats: Iterable[SeatRecord]) -> None:
        await self._db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, bot, away) VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, s.seat, s.user_id, s.name, s.bot, int(s.away)) for s in seats],
        )

    async def replace_seats(self, game_id: int, seats: Iterable[SeatRecord]) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await self._insert_seats(game_id, seats)

    async def update_seat(self, game_id: int, seat: SeatRecord) -> None:
        await self._write(
            [
                (
                    "UPDATE seats SET user_id = ?, name = ?, bot = ?, away = ? WHERE game_id = ? AND seat = ?",
                    (seat.user_id, seat.name, seat.bot, int(seat.away), game_id, seat.seat),
                )
            ]
        )

    async def update_game(self, game_id: int, **fields: Any) -> None:
        unknown = set(fields) - _UPDATABLE
        if unknown:
            raise ValueError(f"cannot update {sorted(unknown)}")
        assignments = ", ".join(f"{name} = ?" for name in fields)
        values = [_dumps(v) if name in _JSON_COLUMNS and v is not None else v for name, v in fields.items()]
        await self._write([(f"UPDATE games SET {assignments} WHERE id = ?", (*values, game_id))])

    async def _games_where(self, where: str, params: Sequence[Any]) -> list[GameRecord]:
        async with self._lock:
            rows = await self._db.execute_fetchall(f"SELECT * FROM games WHERE {where} ORDER BY id", params)
            if not rows:
                return []
            ids = [row["id"] for row in rows]
            seat_rows = await self._db.execute_fetchall(
                f"SELECT * FROM seats WHERE game_id IN ({','.join('?' * len(ids))}) ORDER BY game_id, seat", ids
            )
        seats: dict[int, list[SeatRecord]] = {i: [] for i in ids}
        for s in seat_rows:
            seats[s["game_id"]].append(SeatRecord(s["seat"], s["user_id"], s["name"], s["bot"], bool(s["away"])))
        return [game_from_row(row, seats[row["id"]]) for row in rows]

    async def game(self, game_id: int) -> GameRecord | None:
        found = await self._games_where("id = ?", (game_id,))
        return found[0] if found else None

    async def live_game_in(self, channel_id: int) -> GameRecord | None:
        found = await self._games_where("channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))
        return found[0] if found else None

    async def latest_game_in(self, channel_id: int) -> GameRecord | None:
        """The channel's live game, or else its most recent one."""
        found = await self._games_where(
            "id = (SELECT id FROM games WHERE channel_id = ? ORDER BY status IN ('lobby', 'active') DESC,"
            " id DESC LIMIT 1)",
            (channel_id,),
        )
        return found[0] if found else None

    async def games_of_user(self, user_id: int, live_only: bool = True) -> list[GameRecord]:
        status = "AND status IN ('lobby', 'active')" if live_only else ""
        return await self._games_where(f"id IN (SELECT game_id FROM seats WHERE user_id = ?) {status}", (user_id,))

    async def finished_games(
        self, guild_id: int, *, game: str | None = None, user_id: int | None = None, limit: int = 10, offset: int = 0
    ) -> tuple[list[GameRecord], int]:
        """A server's finished and abandoned games, newest first, one page of
        them, and how many there are in all (for paging)."""
        where = "guild_id = ? AND status IN ('finished', 'abandoned')"
        params: list[Any] = [guild_id]
        if game is not None:
            where += " AND game = ?"
            params.append(game)
        if user_id is not None:
            where += " AND id IN (SELECT game_id FROM seats WHERE user_id = ?)"
            params.append(user_id)
        total = (await self._read(f"SELECT COUNT(*) FROM games WHERE {where}", params))[0][0]
        page = await self._games_where(
            f"id IN (SELECT id FROM games WHERE {where} ORDER BY id DESC LIMIT ? OFFSET ?)", [*params, limit, offset]
        )
        return page[::-1], total

    async def health(self, now: float) -> tuple[int, int, int]:
        """(notices waiting, dead letters, waits due): what a fleet's dashboard watches."""
        backlog = (await self._read("SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL"))[0][
            0
        ]
        dead = (await self._read("SELECT COUNT(*) FROM outbox WHERE failed_at IS NOT NULL"))[0][0]
        due = (await self._read("SELECT COUNT(*) FROM reminders WHERE due_at <= ?", (now,)))[0][0]
        return int(backlog), int(dead), int(due)

    async def games_waiting_for(self, user_id: int) -> set[int]:
        """The games waiting for this user now: a reminder row exists exactly
        for each seat a game waits for (``/mygames`` needs no game state)."""
        rows = await self._read(
            "SELECT r.game_id FROM reminders r JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat"
            " WHERE s.user_id = ?",
            (user_id,),
        )
        return {row[0] for row in rows}

    async def active_games_with_bots(self) -> list[int]:
        """Active games in which a bot plays a seat (for good, or for an
        absent player): the only ones that may need a move after a restart."""
        rows = await self._read(
            "SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game_id = g.id WHERE g.status = 'active' "
            "AND s.bot IS NOT NULL AND (s.user_id IS NULL OR s.away) ORDER BY g.id"
        )
        return [row[0] for row in rows]

    async def game_ids(self) -> list[int]:
        """Every game's id, oldest first."""
        return [row[0] for row in await self._read("SELECT id FROM games ORDER BY id")]

    async def count_games(self) -> int:
        rows = await self._read("SELECT COUNT(*) FROM games")
        return rows[0][0]

    # -- the log ---------------------------------------------------------------------

    async def commit(
        self,
        game_id: int,
        seq: int,
        *,
        seat: int | None,
        kind: str,
        action: str,
        text: str,
        state: dict[str, Any] | None,
        notices: Sequence[NewNotice] = (),
        game_fields: dict[str, Any] | None = None,
        reminders: Sequence[ReminderRecord] | None = None,
        guard: int | None = None,
    ) -> list[int]:
        """Append log row ``seq`` and everything that follows from it, atomically:
        the snapshot, the notices to deliver, the game row and the reminders.

        Raises ``SeqConflict`` if ``seq`` was taken (another writer got there
        first). Returns the outbox ids of the notices. ``guard`` asks nothing
        here: one process owns a SQLite file, so no other changes its games.
        """
        now = time.time()
        statements: list[tuple[str, Sequence[Any]]] = [
            (
                "INSERT INTO actions (game_id, seq, seat, kind, action, text, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, seq, seat, kind, action, text, now),
            ),
            ("UPDATE games SET seq = ? WHERE id = ?", (seq, game_id)),
        ]
        if state is not None:
            statements.append(
                (
                    "INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?) ON CONFLICT (game_id)"
                    " DO UPDATE SET seq = excluded.seq, state = excluded.state",
                    (game_id, seq, _dumps(state)),
                )
            )
        if game_fields:
            unknown = set(game_fields) - _UPDATABLE
            if unknown:
                raise ValueError(f"cannot update {sorted(unknown)}")
            assignments = ", ".join(f"{name} = ?" for name in game_fields)
            values = [_dumps(v) if name in _JSON_COLUMNS and v is not None else v for name, v in game_fields.items()]
            statements.append((f"UPDATE games SET {assignments} WHERE id = ?", (*values, game_id)))
        if reminders is not None:
            statements.append(("DELETE FROM reminders WHERE game_id = ?", (game_id,)))
            statements.extend(
                (
                    "INSERT INTO reminders (game_id, seat, seq, since, due_at, sent, muted, group_size)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, r.seat, r.seq, r.since, r.due_at, r.sent, int(r.muted), r.group_size),
                )
                for r in reminders
            )
        first_notice = len(statements)
        rows = notice_rows(game_id, seq, notices)
        statements.extend((INSERT_NOTICE, row) for row in rows)
        try:
            ids = await self._write(statements, committed=lambda ids: self._pending.added(rows, ids[first_notice:]))
        except sqlite3.IntegrityError as error:
            if "actions" in str(error) or "UNIQUE" in str(error):
                raise SeqConflict(game_id) from None
            raise
        return [i for i in ids[first_notice:] if i is not None]

    async def actions(self, game_id: int, after: int = -1) -> list[ActionRecord]:
        rows = await self._read(
            "SELECT seq, seat, kind, action, text, at FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, after),
        )
        return [ActionRecord(r["seq"], r["seat"], r["kind"], r["action"], r["text"], r["at"]) for r in rows]

    async def snapshot(self, game_id: int) -> tuple[int, dict[str, Any]] | None:
        rows = await self._read("SELECT seq, state FROM snapshots WHERE game_id = ?", (game_id,))
        if not rows:
            return None
        try:
            return rows[0]["seq"], loads(rows[0]["state"])
        except ValueError:
            return None  # a damaged snapshot is only a cache: the log replays

    async def snapshot_text(self, game_id: int) -> str | None:
        rows = await self._read("SELECT state FROM snapshots WHERE game_id = ?", (game_id,))
        return rows[0][0] if rows else None

    # -- reminders -------------------------------------------------------------------------

    async def due_reminders(self, now: float) -> list[ReminderRecord]:
        rows = await self._read("SELECT * FROM reminders WHERE due_at <= ? ORDER BY due_at", (now,))
        return [reminder_from_row(r) for r in rows]

    async def reminders_of(self, game_id: int) -> list[ReminderRecord]:
        rows = await self._read("SELECT * FROM reminders WHERE game_id = ? ORDER BY seat", (game_id,))
        return [reminder_from_row(r) for r in rows]

    async def game_and_reminders(self, game_id: int) -> tuple[GameRecord | None, list[ReminderRecord]]:
        """``game``, then ``reminders_of``: a SQLite file has one process, whose
        own tasks leave a game alone while one of them holds it."""
        record = await self.game(game_id)
        return record, (await self.reminders_of(game_id) if record is not None else [])

    async def reschedule_reminder(self, game_id: int, seat: int, seq: int, due_at: float, sent: int) -> bool:
        """Move a reminder on, only if it still belongs to turn ``seq``."""
        return await self._write_one(RESCHEDULE_REMINDER, (due_at, sent, game_id, seat, seq)) > 0

    async def mute_reminder(self, game_id: int, seat: int, seq: int) -> bool:
        return (
            await self._write_one(
                "UPDATE reminders SET muted = 1 WHERE game_id = ? AND seat = ? AND seq = ?", (game_id, seat, seq)
            )
            > 0
        )

    async def clear_reminders(self, game_id: int) -> None:
        await self._write([("DELETE FROM reminders WHERE game_id = ?", (game_id,))])

    # -- undo requests ------------------------------------------------------------------------

    async def undo_request(self, game_id: int) -> UndoRequest | None:
        rows = await self._read("SELECT * FROM undo_requests WHERE game_id = ?", (game_id,))
        if not rows:
            return None
        r = rows[0]
        return UndoRequest(r["game_id"], r["seat"], r["target_seq"], r["at_seq"], loads(r["votes"]), r["created_at"])

    async def put_undo_request(self, request: UndoRequest) -> None:
        await self._write(
            [
                (
                    "INSERT INTO undo_requests (game_id, seat, target_seq, at_seq, votes, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET seat = excluded.seat,"
                    " target_seq = excluded.target_seq, at_seq = excluded.at_seq, votes = excluded.votes,"
                    " created_at = excluded.created_at",
                    (
                        request.game_id,
                        request.seat,
                        request.target_seq,
                        request.at_seq,
                        _dumps(request.votes),
                        request.created_at,
                    ),
                )
            ]
        )

    async def drop_undo_request(self, game_id: int) -> None:
        await self._write([("DELETE FROM undo_requests WHERE game_id = ?", (game_id,))])

    # -- settings ---------------------------------------------------------------------------------

    async def get_setting(self, scope: str, scope_id: int, key: str) -> Any:
        rows = await self._read(
            "SELECT value FROM settings WHERE scope = ? AND scope_id = ? AND key = ?", (scope, scope_id, key)
        )
        return loads(rows[0][0]) if rows else None

    async def put_setting(self, scope: str, scope_id: int, key: str, value: Any) -> None:
        await self._write(
            [
                (
                    "INSERT INTO settings (scope, scope_id, key, value) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (scope, scope_id, key) DO UPDATE SET value = excluded.value",
                    (scope, scope_id, key, _dumps(value)),
                )
            ]
        )

    # -- a fleet of processes: claims, the stored seq -------------------------------------------
    # Several processes may share one file: BEGIN IMMEDIATE takes SQLite's
    # write lock, so a claim's read and its update are one step for them all.

    async def current_seq(self, game_id: int) -> int | None:
        """The game's last stored seq (None: no such game), for a process to
        check its cached state against before using it."""
        rows = await self._read("SELECT seq FROM games WHERE id = ?", (game_id,))
        return rows[0][0] if rows else None

    async def claim_due_reminders(
        self, now: float, owner: str, lease_seconds: float, limit: int = 500
    ) -> list[ReminderRecord]:
        """Claim reminders due at ``now`` for ``owner`` until ``now +
        lease_seconds``: each goes to one claimer; one claimed by a process
        that died is claimable again once its lease has run out.
        Rescheduling ends the claim."""
        async with self._transaction() as db:
            rows = await db.execute_fetchall(
                "SELECT * FROM reminders WHERE due_at <= ?"
                " AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY due_at, game_id, seat LIMIT ?",
                (now, now, limit),
            )
            await db.executemany(
                "UPDATE reminders SET claimed_by = ?, claimed_until = ? WHERE game_id = ? AND seat = ?",
                [(owner, now + lease_seconds, r["game_id"], r["seat"]) for r in rows],
            )
        return [reminder_from_row(r) for r in rows]

    async def claim_pending_notices(
        self, game_id: int | None, owner: str, lease_seconds: float, limit: int = 500
    ) -> list[NoticeRecord]:
        """Claim pending notices for ``owner`` until ``lease_seconds`` from
        now, oldest first: never one whose claim is running, nor one of a
        game on which another owner holds a running claim, so each game's
        notices go out through one process at a time, in order."""
        now = time.time()
        async with self._transaction() as db:
            rows = await db.execute_fetchall(
                f"SELECT * FROM outbox o WHERE {claimable_notice(':now', ':owner')}"
                " AND (:game IS NULL OR game_id = :game) ORDER BY id LIMIT :limit",
                {"now": now, "owner": owner, "game": game_id, "limit": limit},
            )
            await db.executemany(
                "UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE id = ?",
                [(owner, now + lease_seconds, r["id"]) for r in rows],
            )
        return [notice_from_row(r) for r in rows]

    # -- a fleet of processes: one process at a time acts on a game -----------------------------------

    @contextlib.asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        """Nothing to hold: a SQLite file serves one process, whose own
        per-game lock (the table service's) is enough."""
        yield

    async def release_notices(self, notice_ids: Sequence[int], owner: str) -> None:
        """End ``owner``'s claims on these notices."""
        if notice_ids:
            await self._write(
                [
                    (
                        "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ?"
                        f" AND id IN ({', '.join('?' * len(notice_ids))})",
                        (owner, *notice_ids),
                    )
                ]
            )

    async def send_reminder(
        self,
        game_id: int,
        seq: int,
        notices: Sequence[NewNotice],
        seat: int,
        reminder_seq: int,
        due_at: float,
        sent: int,
    ) -> list[int]:
        """A reminder's notices and its next look, in one transaction."""
        rows = notice_rows(game_id, seq, notices)
        ids = await self._write(
            [
                *((INSERT_NOTICE, row) for row in rows),
                (RESCHEDULE_REMINDER, (due_at, sent, game_id, seat, reminder_seq)),
            ],
            committed=lambda ids: self._pending.added(rows, ids[: len(rows)]),
        )
        return [i for i in ids[: len(notices)] if i is not None]
