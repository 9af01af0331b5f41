"""The PostgreSQL store (asyncpg, a pool of connections): Agora's production
store, for one process or a fleet of them on one database.

The tables and their meaning are SQLite's (see engine/store/sqlite.py and the
two schema modules); so are the guarantees:

- every public method is one transaction: most are one statement (a
  statement is its own transaction), and a move's ``commit`` is one statement
  too, whose data-modifying ``WITH`` parts append the log row, move the game
  row's seq on, replace the snapshot, the reminders and add the outbox rows
  (one round trip, and all or nothing);
- ``UNIQUE (game_id, seq)`` on the log: a second writer of the same seq, in
  this process or another, gets ``SeqConflict`` and writes nothing;
- the partial unique index on live games: ``ChannelBusy``;
- ``synchronous_commit = on`` on every connection, whatever the server's
  default: a move is acknowledged only once its commit record is flushed.
  No group commit of our own: PostgreSQL already lets concurrent commits
  share a WAL flush (bench/service.py measures it);
- work that any process could do (reminders due, notices to deliver) is
  claimed with a lease, so that each row goes to one process and the work of
  a process that died is taken over once its lease has run out;
- a game is held by one process at a time (``game_lock``,
  engine/store/postgres_locks.py: session advisory locks whose operations
  for many games go to the server together);
- every write to a game's row, seats or reminders adds one to its
  ``version``, so a guarded commit (``commit(guard=...)``) lands only on the
  game its process has cached, and only while nobody holds the game.

A move on a game its process has cached is one statement: the guarded
commit (engine/tables/moves.py). Held instead (the game was not cached, or
was not the stored one), it costs about two and a half: the fresh read of
the held game (``game_and_reminders``), the commit, and a share of one lock
statement. Connections go back to the pool without asyncpg's reset query
(``_keep_session``).

Schema migrations (engine/store/schema_pg.py) are applied at open under a
session advisory lock, so processes starting together apply each one once.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

from engine.store.postgres_copies import PostgresCopies
from engine.store.postgres_lobbies import PostgresLobbies
from engine.store.postgres_locks import GAME_LOCKS, PostgresGameLocks
from engine.store.postgres_ratings import PostgresRatings
from engine.store.postgres_sql import (
    BUMP_VERSION,
    GAME_WITH_SEATS,
    GAME_WITH_SEATS_AND_REMINDERS,
    REMINDER_FIELDS,
    SEAT_FIELDS,
    versioned,
)
from engine.store.records import (
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
from engine.store.rows import (
    claimable_notice,
    dumps,
    game_from_row,
    game_updates,
    loads,
    notice_from_row,
    reminder_from_row,
    seat_from_row,
    undo_from_row,
)
from engine.store.schema_pg import MIGRATIONS

MIGRATION_LOCK = 0x4167_6F72_614D_6967  # "AgoraMig": the advisory lock key of schema migrations
NOTICE_LOCKS = 0x4167_0000_0000_0000
"""Advisory lock keys ``NOTICE_LOCKS + game_id``: one notice claimer per game at a time."""

_LIVE_CHANNEL_INDEX = "games_one_live_per_channel"
_ONE_ROW_PER_SEQ = "actions_one_row_per_seq"


def _insert_seats(game: str, first: int) -> str:
    """INSERT of seats for the game ``game`` (an SQL expression) from five
    arrays, the parameters ``$first`` to ``$first+4``."""
    arrays = ", ".join(f"${first + i}::{kind}[]" for i, kind in enumerate(("int", "bigint", "text", "text", "int")))
    return f"INSERT INTO seats (game_id, seat, user_id, name, bot, away) SELECT {game}, * FROM unnest({arrays})"


def _without_password(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}@{netloc}" if user else netloc))


DEFAULT_POOL_SIZE = 20


async def _keep_session(db: asyncpg.Connection) -> None:
    """What a connection given back to the pool needs beyond asyncpg's own
    roll-back of a transaction left open: nothing. The store never leaves
    session state behind (no ``SET``, ``LISTEN``, cursors outside a
    transaction, or session locks once a method returns), so asyncpg's
    default reset (``RESET ALL``, ``UNLISTEN *``, ``CLOSE ALL`` and
    ``pg_advisory_unlock_all()``: one more round trip after every query)
    would only cost time: measured, it was five of a move's twelve round
    trips."""


def _pool_size(url: str) -> tuple[str, int]:
    """The URL without its ``pool_size`` parameter, and that size."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    sizes = [value for name, value in query if name == "pool_size"]
    if not sizes:
        return url, DEFAULT_POOL_SIZE
    if not sizes[-1].isdigit() or int(sizes[-1]) < 1:
        raise ValueError(f"pool_size must be a positive whole number, not {sizes[-1]!r}")
    rest = urlencode([(name, value) for name, value in query if name != "pool_size"])
    return urlunsplit(parts._replace(query=rest)), int(sizes[-1])


def _seat_columns(seats: Iterable[SeatRecord]) -> list[list[Any]]:
    seats = list(seats)
    return [
        [s.seat for s in seats],
        [s.user_id for s in seats],
        [s.name for s in seats],
        [s.bot for s in seats],
        [int(s.away) for s in seats],
    ]


ADD_NOTICES = (
    "INSERT INTO outbox (game_id, seq, kind, user_id, payload, created_at)"
    " SELECT $1, $2, kind, user_id, payload, $3 FROM unnest($4::text[], $5::bigint[], $6::text[])"
    " WITH ORDINALITY AS notice (kind, user_id, payload, place) ORDER BY place RETURNING id"
)
RESCHEDULE_REMINDER = versioned(
    "UPDATE reminders SET due_at = $1, sent = $2, claimed_by = NULL, claimed_until = NULL"
    " WHERE game_id = $3 AND seat = $4 AND seq = $5",
    "$3",
)


def _notice_params(game_id: int, seq: int, notices: Sequence[NewNotice]) -> tuple[Any, ...]:
    """The parameters of ``ADD_NOTICES``."""
    return (
        game_id,
        seq,
        time.time(),
        [n.kind for n in notices],
        [n.user_id for n in notices],
        [dumps(n.payload) for n in notices],
    )


class PostgresStore(PostgresRatings, PostgresCopies, PostgresLobbies, PostgresGameLocks):
    """One PostgreSQL database through a pool of connections."""

    def __init__(self, pool: asyncpg.Pool, path: str):
        self._pool = pool
        self.path = path

    @classmethod
    async def open(cls, url: str) -> PostgresStore:
        """The database at ``url``. Its query may set ``pool_size`` (the most
        connections this process opens, 20 by default: concurrent commits
        share one WAL flush, so more connections commit more moves per
        flush); other query parameters become server settings (asyncpg)."""
        url, pool_size = _pool_size(url)
        pool = await asyncpg.create_pool(
            url,
            min_size=1,
            max_size=pool_size,
            server_settings={"synchronous_commit": "on", "application_name": "agora"},
            reset=_keep_session,
        )
        store = cls(pool, _without_password(url))
        store._connect_url = url  # for the connection that holds game locks (``game_lock``)
        try:
            await store._migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self._close_lock_lanes()
        await self._pool.close()

    async def _migrate(self) -> None:
        async with self._pool.acquire() as db:
            # A session lock, held across the migrations' own transactions:
            # a second process starting now waits here, then finds them done.
            await db.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:
                await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
                current = await db.fetchval("SELECT version FROM schema_version")
                if current is None:
                    current = 0
                    await db.execute("INSERT INTO schema_version (version) VALUES (0)")
                if current > len(MIGRATIONS):
                    raise RuntimeError(
                        f"{self.path} has schema version {current}, newer than this Agora "
                        f"({len(MIGRATIONS)}); upgrade Agora before opening it"
                    )
                for version in range(current, len(MIGRATIONS)):
                    async with db.transaction():
                        await db.execute(MIGRATIONS[version])
                        await db.execute("UPDATE schema_version SET version = $1", version + 1)
            finally:
                await db.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)

    async def schema_version(self) -> int:
        return await self._pool.fetchval("SELECT version FROM schema_version")

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
            return await self._pool.fetchval(
                "WITH new AS (INSERT INTO games (guild_id, channel_id, parent_id, game, options, seed, status,"
                " host_id, settings, created_at) VALUES ($1, $2, $3, $4, $5, $6, 'lobby', $7, $8, $9)"
                f" RETURNING id), seated AS ({_insert_seats('(SELECT id FROM new)', 10)}) SELECT id FROM new",
                guild_id,
                channel_id,
                parent_id,
                game,
                dumps(options),
                seed,
                host_id,
                dumps(settings),
                time.time(),
                *_seat_columns(seats),
            )
        except asyncpg.UniqueViolationError as error:
            if error.constraint_name == _LIVE_CHANNEL_INDEX:
                raise ChannelBusy(channel_id) from None
            raise

    async def replace_seats(self, game_id: int, seats: Iterable[SeatRecord]) -> None:
        async with self._pool.acquire() as db, db.transaction():
            await db.execute("DELETE FROM seats WHERE game_id = $1", game_id)
            await db.execute(_insert_seats("$1::bigint", 2), game_id, *_seat_columns(seats))
            await db.execute(BUMP_VERSION, game_id)

    async def update_seat(self, game_id: int, seat: SeatRecord) -> None:
        await self._pool.execute(
            "WITH seated AS (UPDATE seats SET user_id = $1, name = $2, bot = $3, away = $4"
            " WHERE game_id = $5 AND seat = $6) UPDATE games SET version = version + 1 WHERE id = $5",
            seat.user_id,
            seat.name,
            seat.bot,
            int(seat.away),
            game_id,
            seat.seat,
        )

    async def update_game(self, game_id: int, **fields: Any) -> None:
        updates = game_updates(fields)
        if not updates:
            return
        assignments = ", ".join(f"{name} = ${n}" for n, (name, _) in enumerate(updates, start=2))
        await self._pool.execute(
            f"UPDATE games SET {assignments}, version = version + 1 WHERE id = $1",
            game_id,
            *(value for _, value in updates),
        )

    async def _games_where(self, where: str, *params: Any) -> list[GameRecord]:
        """Games and their seats, read by one statement (so from one snapshot)."""
        rows = await self._pool.fetch(f"{GAME_WITH_SEATS} WHERE {where} ORDER BY g.id", *params)
        return [
            game_from_row(row, [seat_from_row(dict(zip(SEAT_FIELDS, seat))) for seat in row["seat_rows"]])
            for row in rows
        ]

    async def game(self, game_id: int) -> GameRecord | None:
        found = await self._games_where("g.id = $1", game_id)
        return found[0] if found else None

    async def game_and_reminders(self, game_id: int) -> tuple[GameRecord | None, list[ReminderRecord]]:
        """One statement, so one round trip and one snapshot."""
        row = await self._pool.fetchrow(f"{GAME_WITH_SEATS_AND_REMINDERS} WHERE g.id = $1", game_id)
        if row is None:
            return None, []
        seats = [seat_from_row(dict(zip(SEAT_FIELDS, seat))) for seat in row["seat_rows"]]
        reminders = [reminder_from_row(dict(zip(REMINDER_FIELDS, r))) for r in row["reminder_rows"]]
        return game_from_row(row, seats), reminders

    async def live_game_in(self, channel_id: int) -> GameRecord | None:
        found = await self._games_where("g.channel_id = $1 AND g.status IN ('lobby', 'active')", channel_id)
        return found[0] if found else None

    async def latest_game_in(self, channel_id: int) -> GameRecord | None:
        """The channel's live game, or else its most recent one."""
        found = await self._games_where(
            "g.id = (SELECT id FROM games WHERE channel_id = $1 ORDER BY status IN ('lobby', 'active') DESC,"
            " id DESC LIMIT 1)",
            channel_id,
        )
        return found[0] if found else None

    async def games_of_user(self, user_id: int, live_only: bool = True) -> list[GameRecord]:
        status = "AND g.status IN ('lobby', 'active')" if live_only else ""
        return await self._games_where(f"g.id IN (SELECT game_id FROM seats WHERE user_id = $1) {status}", user_id)

    async def finished_games(
        self, guild_id: int, *, game: str | None = None, user_id: int | None = None, limit: int = 10, offset: int = 0
    ) -> tuple[list[GameRecord], int]:
        """A server's finished and abandoned games, newest first, one page of
        them, and how many there are in all (for paging)."""
        where = "guild_id = $1 AND status IN ('finished', 'abandoned')"
        params: list[Any] = [guild_id]
        if game is not None:
            params.append(game)
            where += f" AND game = ${len(params)}"
        if user_id is not None:
            params.append(user_id)
            where += f" AND id IN (SELECT game_id FROM seats WHERE user_id = ${len(params)})"
        total = await self._pool.fetchval(f"SELECT COUNT(*) FROM games WHERE {where}", *params)
        page = await self._games_where(
            f"g.id IN (SELECT id FROM games WHERE {where} ORDER BY id DESC LIMIT ${len(params) + 1}"
            f" OFFSET ${len(params) + 2})",
            *params,
            limit,
            offset,
        )
        return page[::-1], int(total)

    async def health(self, now: float) -> tuple[int, int, int]:
        """(notices waiting, dead letters, waits due): what a fleet's dashboard watches."""
        row = await self._pool.fetchrow(
            "SELECT (SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL),"
            " (SELECT COUNT(*) FROM outbox WHERE failed_at IS NOT NULL),"
            " (SELECT COUNT(*) FROM reminders WHERE due_at <= $1)",
            now,
        )
        return int(row[0]), int(row[1]), int(row[2])

    async def games_waiting_for(self, user_id: int) -> set[int]:
        """The games waiting for this user now: a reminder row exists exactly
        for each seat a game waits for (``/mygames`` needs no game state)."""
        rows = await self._pool.fetch(
            "SELECT r.game_id FROM reminders r JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat"
            " WHERE s.user_id = $1",
            user_id,
        )
        return {row[0] for row in rows}

    async def active_games_with_bots(self) -> list[int]:
        """Active games in which a bot plays a seat (for good, or for an
        absent player): the only ones that may need a move after a restart."""
        rows = await self._pool.fetch(
            "SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game_id = g.id WHERE g.status = 'active' "
            "AND s.bot IS NOT NULL AND (s.user_id IS NULL OR s.away <> 0) ORDER BY g.id"
        )
        return [row[0] for row in rows]

    async def game_ids(self) -> list[int]:
        """Every game's id, oldest first."""
        return [row[0] for row in await self._pool.fetch("SELECT id FROM games ORDER BY id")]

    async def count_games(self) -> int:
        return await self._pool.fetchval("SELECT COUNT(*) FROM games")

    async def current_seq(self, game_id: int) -> int | None:
        """The game's last stored seq (None: no such game), for a process to
        check its cached state against before using it."""
        return await self._pool.fetchval("SELECT seq FROM games WHERE id = $1", game_id)

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

        One statement: each part is a data-modifying ``WITH`` query, all of
        them run to completion or none. Raises ``SeqConflict`` if ``seq`` was
        taken (another writer got there first). Returns the outbox ids of the
        notices, in the notices' order.

        With ``guard``, the game row's update is the gate: it changes the row
        only if its version is still ``guard`` and the game's lock is free
        (taken for this transaction: a process holding the game may be
        changing it), and every other part writes once per row that update
        returned, so a closed gate writes nothing (``GameChanged``). A
        concurrent update of the row is waited for and the gate judged on
        the row it left (READ COMMITTED).
        """
        params: list[Any] = [game_id, seq, seat, kind, action, text, time.time()]

        def param(value: Any) -> str:
            params.append(value)
            return f"${len(params)}"

        updates = game_updates(game_fields or {})
        assignments = "".join(f", {name} = {param(value)}" for name, value in updates)
        gate = (
            ""
            if guard is None
            else f" AND version = {param(guard)} AND pg_try_advisory_xact_lock({param(GAME_LOCKS + game_id)})"
        )
        parts = [
            f"moved AS (UPDATE games SET seq = $2, version = version + 1{assignments} WHERE id = $1{gate} RETURNING 1)",
            (
                "logged AS (INSERT INTO actions (game_id, seq, seat, kind, action, text, at)"
                " SELECT $1, $2, $3, $4, $5, $6, $7 FROM moved)"
            ),
        ]
        if state is not None:
            snapshot = param(dumps(state))
            parts.append(
                f"saved AS (INSERT INTO snapshots (game_id, seq, state) SELECT $1, $2, {snapshot} FROM moved"
                " ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, state = excluded.state)"
            )
        if reminders is not None:
            # An upsert and a delete of the other seats: two parts of one
            # statement must not touch the same row.
            seats = param([r.seat for r in reminders])
            columns = [(seats, "int")] + [
                (param(values), kind)
                for values, kind in (
                    ([r.seq for r in reminders], "int"),
                    ([r.since for r in reminders], "float8"),
                    ([r.due_at for r in reminders], "float8"),
                    ([r.sent for r in reminders], "int"),
                    ([int(r.muted) for r in reminders], "int"),
                    ([r.group_size for r in reminders], "int"),
                )
            ]
            arrays = ", ".join(f"{name}::{kind}[]" for name, kind in columns)
            parts += [
                (
                    "dropped AS (DELETE FROM reminders WHERE game_id = $1 AND EXISTS (SELECT FROM moved)"
                    f" AND NOT (seat = ANY({seats}::int[])))"
                ),
                (
                    "nudged AS (INSERT INTO reminders (game_id, seat, seq, since, due_at, sent, muted, group_size)"
                    f" SELECT $1, wait.* FROM moved, unnest({arrays}) AS wait"
                    " ON CONFLICT (game_id, seat) DO UPDATE SET seq = excluded.seq,"
                    " since = excluded.since, due_at = excluded.due_at, sent = excluded.sent, muted = excluded.muted,"
                    " group_size = excluded.group_size, claimed_by = NULL, claimed_until = NULL)"
                ),
            ]
        parts.append(
            "posted AS (INSERT INTO outbox (game_id, seq, kind, user_id, payload, created_at)"
            f" SELECT $1, $2, kind, user_id, payload, $7 FROM moved, unnest({param([n.kind for n in notices])}::text[],"
            f" {param([n.user_id for n in notices])}::bigint[], {param([dumps(n.payload) for n in notices])}::text[])"
            " WITH ORDINALITY AS notice (kind, user_id, payload, place) ORDER BY place RETURNING id)"
        )
        try:
            row = await self._pool.fetchrow(
                f"WITH {', '.join(parts)} SELECT EXISTS (SELECT FROM moved), ARRAY(SELECT id FROM posted ORDER BY id)",
                *params,
            )
        except asyncpg.UniqueViolationError as error:
            if error.constraint_name == _ONE_ROW_PER_SEQ:
                raise SeqConflict(game_id) from None
            raise
        if not row[0]:
            raise GameChanged(game_id)
        return list(row[1])

    async def actions(self, game_id: int, after: int = -1) -> list[ActionRecord]:
        rows = await self._pool.fetch(
            "SELECT seq, seat, kind, action, text, at FROM actions WHERE game_id = $1 AND seq > $2 ORDER BY seq",
            game_id,
            after,
        )
        return [ActionRecord(r["seq"], r["seat"], r["kind"], r["action"], r["text"], r["at"]) for r in rows]

    async def snapshot(self, game_id: int) -> tuple[int, dict[str, Any]] | None:
        row = await self._pool.fetchrow("SELECT seq, state FROM snapshots WHERE game_id = $1", game_id)
        if row is None:
            return None
        try:
            return row["seq"], loads(row["state"])
        except ValueError:
            return None  # a damaged snapshot is only a cache: the log replays

    async def snapshot_text(self, game_id: int) -> str | None:
        return await self._pool.fetchval("SELECT state FROM snapshots WHERE game_id = $1", game_id)

    async def add_notices(self, game_id: int, seq: int, notices: Sequence[NewNotice]) -> list[int]:
        rows = await self._pool.fetch(ADD_NOTICES, *_notice_params(game_id, seq, notices))
        return sorted(row[0] for row in rows)

    # -- the outbox --------------------------------------------------------------------

    async def pending_notices(self, game_id: int | None = None, limit: int = 500) -> list[NoticeRecord]:
        """Notices neither delivered nor set aside as dead letters, oldest first."""
        rows = await self._pool.fetch(
            "SELECT * FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL"
            " AND ($1::bigint IS NULL OR game_id = $1) ORDER BY id LIMIT $2",
            game_id,
            limit,
        )
        return [notice_from_row(r) for r in rows]

    async def claim_pending_notices(
        self, game_id: int | None, owner: str, lease_seconds: float, limit: int = 500
    ) -> list[NoticeRecord]:
        """Claim pending notices for ``owner`` until ``lease_seconds`` from
        now, oldest first: never one whose claim is running, nor one of a
        game on which another owner holds a running claim, so each game's
        notices go out through one process at a time, in order.

        A transaction-level advisory lock per game is the ``SKIP LOCKED`` of
        games: another claimer skips a game being claimed, and once it holds
        the lock it sees every claim committed before (a new statement, a new
        snapshot)."""
        now = time.time()
        async with self._pool.acquire() as db, db.transaction():
            candidates = await db.fetch(
                f"SELECT DISTINCT game_id FROM outbox o WHERE {claimable_notice('$1', '$4')}"
                " AND ($2::bigint IS NULL OR game_id = $2) ORDER BY game_id LIMIT $3",
                now,
                game_id,
                limit,
                owner,
            )
            locked = await db.fetch(
                "SELECT game FROM unnest($1::bigint[]) AS game WHERE pg_try_advisory_xact_lock($2 + game)",
                [row[0] for row in candidates],
                NOTICE_LOCKS,
            )
            rows = await db.fetch(
                "UPDATE outbox SET claimed_by = $3, claimed_until = $4 WHERE id IN (SELECT id FROM outbox o"
                f" WHERE {claimable_notice('$1', '$3')} AND game_id = ANY($2::bigint[]) ORDER BY id LIMIT $5)"
                " RETURNING *",
                now,
                [row[0] for row in locked],
                owner,
                now + lease_seconds,
                limit,
            )
        return sorted((notice_from_row(r) for r in rows), key=lambda notice: notice.id)

    async def mark_delivered(self, notice_ids: Sequence[int]) -> None:
        if notice_ids:
            await self._pool.execute(
                "UPDATE outbox SET delivered_at = $1 WHERE id = ANY($2::bigint[])", time.time(), list(notice_ids)
            )

    async def mark_failed(self, notice_id: int, error: str, *, retry_at: float | None, now: float) -> None:
        """Count a failed delivery: try again from ``retry_at``, or, when it is
        None, set the notice aside for good as a dead letter with ``error``."""
        await self._pool.execute(
            "UPDATE outbox SET attempts = attempts + 1, error = $1, next_attempt_at = $2,"
            " failed_at = CASE WHEN $2::float8 IS NULL THEN $3 ELSE failed_at END WHERE id = $4",
            error[:500],
            retry_at,
            now,
            notice_id,
        )

    async def dead_letters(self, game_id: int) -> list[tuple[int, str, str]]:
        """A game's notices that could not be delivered: (id, kind, reason)."""
        rows = await self._pool.fetch(
            "SELECT id, kind, error FROM outbox WHERE game_id = $1 AND failed_at IS NOT NULL ORDER BY id", game_id
        )
        return [(r["id"], r["kind"], r["error"] or "") for r in rows]

    async def games_with_pending_notices(self) -> list[int]:
        rows = await self._pool.fetch(
            "SELECT DISTINCT game_id FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL ORDER BY game_id"
        )
        return [r[0] for r in rows]

    # -- reminders -------------------------------------------------------------------------

    async def due_reminders(self, now: float) -> list[ReminderRecord]:
        rows = await self._pool.fetch("SELECT * FROM reminders WHERE due_at <= $1 ORDER BY due_at", now)
        return [reminder_from_row(r) for r in rows]

    async def claim_due_reminders(
        self, now: float, owner: str, lease_seconds: float, limit: int = 500
    ) -> list[ReminderRecord]:
        """Claim reminders due at ``now`` for ``owner`` until ``now +
        lease_seconds``: each goes to one claimer (``FOR UPDATE SKIP
        LOCKED``); one claimed by a process that died is claimable again
        once its lease has run out. Rescheduling ends the claim."""
        rows = await self._pool.fetch(
            "UPDATE reminders r SET claimed_by = $2, claimed_until = $3 FROM (SELECT game_id, seat FROM reminders"
            " WHERE due_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)"
            " ORDER BY due_at, game_id, seat LIMIT $4 FOR UPDATE SKIP LOCKED) due"
            " WHERE r.game_id = due.game_id AND r.seat = due.seat RETURNING r.*",
            now,
            owner,
            now + lease_seconds,
            limit,
        )
        return sorted((reminder_from_row(r) for r in rows), key=lambda r: (r.due_at, r.game_id, r.seat))

    async def reminders_of(self, game_id: int) -> list[ReminderRecord]:
        rows = await self._pool.fetch("SELECT * FROM reminders WHERE game_id = $1 ORDER BY seat", game_id)
        return [reminder_from_row(r) for r in rows]

    async def reschedule_reminder(self, game_id: int, seat: int, seq: int, due_at: float, sent: int) -> bool:
        """Move a reminder on, only if it still belongs to turn ``seq``."""
        return await self._pool.fetchval(RESCHEDULE_REMINDER, due_at, sent, game_id, seat, seq) > 0

    async def mute_reminder(self, game_id: int, seat: int, seq: int) -> bool:
        muted = await self._pool.fetchval(
            versioned("UPDATE reminders SET muted = 1 WHERE game_id = $1 AND seat = $2 AND seq = $3", "$1"),
            game_id,
            seat,
            seq,
        )
        return muted > 0

    async def clear_reminders(self, game_id: int) -> None:
        await self._pool.execute(versioned("DELETE FROM reminders WHERE game_id = $1", "$1"), game_id)

    # -- undo requests ------------------------------------------------------------------------

    async def undo_request(self, game_id: int) -> UndoRequest | None:
        row = await self._pool.fetchrow("SELECT * FROM undo_requests WHERE game_id = $1", game_id)
        return undo_from_row(row) if row is not None else None

    async def put_undo_request(self, request: UndoRequest) -> None:
        await self._pool.execute(
            "INSERT INTO undo_requests (game_id, seat, target_seq, at_seq, votes, created_at)"
            " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id) DO UPDATE SET seat = excluded.seat,"
            " target_seq = excluded.target_seq, at_seq = excluded.at_seq, votes = excluded.votes,"
            " created_at = excluded.created_at",
            request.game_id,
            request.seat,
            request.target_seq,
            request.at_seq,
            dumps(request.votes),
            request.created_at,
        )

    async def drop_undo_request(self, game_id: int) -> None:
        await self._pool.execute("DELETE FROM undo_requests WHERE game_id = $1", game_id)

    # -- settings ---------------------------------------------------------------------------------

    async def get_setting(self, scope: str, scope_id: int, key: str) -> Any:
        value = await self._pool.fetchval(
            "SELECT value FROM settings WHERE scope = $1 AND scope_id = $2 AND key = $3", scope, scope_id, key
        )
        return loads(value) if value is not None else None

    async def put_setting(self, scope: str, scope_id: int, key: str, value: Any) -> None:
        await self._pool.execute(
            "INSERT INTO settings (scope, scope_id, key, value) VALUES ($1, $2, $3, $4)"
            " ON CONFLICT (scope, scope_id, key) DO UPDATE SET value = excluded.value",
            scope,
            scope_id,
            key,
            dumps(value),
        )

    async def release_notices(self, notice_ids: Sequence[int], owner: str) -> None:
        """End ``owner``'s claims on these notices (those it did not deliver
        wait for its next flush, or another process's, without a lease to
        run out)."""
        if notice_ids:
            await self._pool.execute(
                "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL WHERE id = ANY($1::bigint[])"
                " AND claimed_by = $2",
                list(notice_ids),
                owner,
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
        """A reminder's notices and its next look, in one transaction: a
        process that dies half-way neither loses the reminder nor leaves it
        to be sent again."""
        async with self._pool.acquire() as db, db.transaction():
            rows = await db.fetch(ADD_NOTICES, *_notice_params(game_id, seq, notices))
            await db.fetchval(RESCHEDULE_REMINDER, due_at, sent, game_id, seat, reminder_seq)
        return sorted(row[0] for row in rows)
