"""The schema, as numbered migrations (SQLite's dialect). A database records
the last migration applied; opening it applies the rest, each in its own
transaction."""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: the first schema
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        parent_id INTEGER,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        host_id INTEGER,
        settings TEXT NOT NULL DEFAULT '{}',
        seq INTEGER NOT NULL DEFAULT 0,
        turn_lines TEXT NOT NULL DEFAULT '[]',
        outcome TEXT,
        created_at REAL NOT NULL,
        started_at REAL,
        finished_at REAL
    );
    CREATE UNIQUE INDEX games_one_live_per_channel ON games (channel_id)
        WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_status ON games (status);
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seat INTEGER NOT NULL,
        user_id INTEGER,
        name TEXT NOT NULL,
        bot TEXT,
        away INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX seats_by_user ON seats (user_id);
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        seat INTEGER,
        kind TEXT NOT NULL,
        action TEXT NOT NULL,
        text TEXT NOT NULL,
        at REAL NOT NULL,
        UNIQUE (game_id, seq)
    );
    CREATE TABLE snapshots (
        game_id INTEGER PRIMARY KEY REFERENCES games (id),
        seq INTEGER NOT NULL,
        state TEXT NOT NULL
    );
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL,
        user_id INTEGER,
        payload TEXT NOT NULL,
        created_at REAL NOT NULL,
        delivered_at REAL
    );
    CREATE INDEX outbox_pending ON outbox (game_id, id) WHERE delivered_at IS NULL;
    CREATE TABLE reminders (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seat INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        due_at REAL NOT NULL,
        since REAL NOT NULL,
        sent INTEGER NOT NULL DEFAULT 0,
        muted INTEGER NOT NULL DEFAULT 0,
        group_size INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX reminders_due ON reminders (due_at);
    CREATE TABLE undo_requests (
        game_id INTEGER PRIMARY KEY REFERENCES games (id),
        seat INTEGER NOT NULL,
        target_seq INTEGER NOT NULL,
        at_seq INTEGER NOT NULL,
        votes TEXT NOT NULL DEFAULT '{}',
        created_at REAL NOT NULL
    );
    CREATE TABLE settings (
        scope TEXT NOT NULL,
        scope_id INTEGER NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (scope, scope_id, key)
    );
    """,
    # 2: the outbox keeps trying a notice with backoff, and sets aside as a
    # dead letter (with the reason) one that can never be delivered, so it
    # never holds up the notices after it.
    """
    ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE outbox ADD COLUMN next_attempt_at REAL;
    ALTER TABLE outbox ADD COLUMN failed_at REAL;
    ALTER TABLE outbox ADD COLUMN error TEXT;
    DROP INDEX outbox_pending;
    CREATE INDEX outbox_pending ON outbox (game_id, id) WHERE delivered_at IS NULL AND failed_at IS NULL;
    CREATE INDEX outbox_dead ON outbox (game_id) WHERE failed_at IS NOT NULL;
    """,
    # 3: work that any process of a fleet could do is claimed for a while
    # (a lease): a reminder due, a game's notices to deliver. A claim that
    # runs out (its process died) lets another process take the work over.
    """
    ALTER TABLE reminders ADD COLUMN claimed_by TEXT;
    ALTER TABLE reminders ADD COLUMN claimed_until REAL;
    ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
    ALTER TABLE outbox ADD COLUMN claimed_until REAL;
    """,
    # 4: players' ratings per game, everywhere ('all') and per server (the
    # guild id as text), kept up to date as games finish and recomputable
    # from the finished games (engine/tables/history.py); rated_games marks
    # the games already counted, so none is counted twice.
    """
    CREATE TABLE ratings (
        game TEXT NOT NULL,
        scope TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        played INTEGER NOT NULL DEFAULT 0,
        won INTEGER NOT NULL DEFAULT 0,
        updated_at REAL NOT NULL,
        PRIMARY KEY (game, scope, user_id)
    );
    CREATE INDEX ratings_by_user ON ratings (user_id);
    CREATE TABLE rated_games (
        game_id INTEGER PRIMARY KEY REFERENCES games (id),
        rated_at REAL NOT NULL
    );
    """,
    # 5: a game's version counts the writes to its row, its seats and its
    # reminders where several processes share the database (PostgreSQL);
    # SQLite, which one process owns, keeps the column, for the two schemas
    # to stay one, and does not count.
    """
    ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    """,
]
