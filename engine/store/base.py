"""The one interface the table service uses to persist games, whichever
database is behind it. Every method is one transaction; nothing else in
Agora speaks SQL."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol

from engine.store.records import (
    ActionRecord,
    GameRecord,
    NewNotice,
    NoticeRecord,
    ReminderRecord,
    SeatRecord,
    UndoRequest,
)


class Store(Protocol):
    """A game store: the games and their seats, the append-only log with one
    row per ``(game_id, seq)``, the latest snapshot, the outbox written in the
    move's own transaction, reminders, take-back requests and settings."""

    path: str
    """Where the data lives (a file, or a database URL without password)."""

    async def close(self) -> None: ...

    async def schema_version(self) -> int: ...

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
    ) -> int: ...

    async def replace_seats(self, game_id: int, seats: Iterable[SeatRecord]) -> None: ...

    async def update_seat(self, game_id: int, seat: SeatRecord) -> None: ...

    async def update_game(self, game_id: int, **fields: Any) -> None: ...

    async def game(self, game_id: int) -> GameRecord | None: ...

    async def live_game_in(self, channel_id: int) -> GameRecord | None: ...

    async def latest_game_in(self, channel_id: int) -> GameRecord | None:
        """The channel's live game, or else its most recent one."""
        ...

    async def games_of_user(self, user_id: int, live_only: bool = True) -> list[GameRecord]: ...

    async def finished_games(
        self, guild_id: int, *, game: str | None = None, user_id: int | None = None, limit: int = 10, offset: int = 0
    ) -> tuple[list[GameRecord], int]:
        """A server's finished and abandoned games, newest first (one page), and their count."""
        ...

    async def health(self, now: float) -> tuple[int, int, int]:
        """(notices waiting, dead letters, waits due)."""
        ...

    async def games_waiting_for(self, user_id: int) -> set[int]:
        """The games waiting for this user now (a reminder row for their seat)."""
        ...

    async def active_games_with_bots(self) -> list[int]:
        """Active games in which a bot plays a seat (for good, or for an
        absent player): the only ones that may need a move after a restart."""
        ...

    async def game_ids(self) -> list[int]:
        """Every game's id, oldest first."""
        ...

    async def count_games(self) -> int: ...

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

        ``guard`` (a shared database): write only if the game's version is
        still ``guard`` and no process holds the game (``game_lock``), or else
        write nothing and raise ``GameChanged``: a move worked out on a cached
        game without holding it lands only if that cache was up to date.
        Each commit adds one to the version."""
        ...

    async def actions(self, game_id: int, after: int = -1) -> list[ActionRecord]:
        """A game's log rows with a seq above ``after`` (all by default), in order."""
        ...

    async def snapshot(self, game_id: int) -> tuple[int, dict[str, Any]] | None: ...

    async def snapshot_text(self, game_id: int) -> str | None: ...

    async def add_notices(self, game_id: int, seq: int, notices: Sequence[NewNotice]) -> list[int]: ...

    async def pending_notices(self, game_id: int | None = None, limit: int = 500) -> list[NoticeRecord]: ...

    async def mark_delivered(self, notice_ids: Sequence[int]) -> None: ...

    async def games_with_pending_notices(self) -> list[int]: ...

    async def due_reminders(self, now: float) -> list[ReminderRecord]: ...

    async def reminders_of(self, game_id: int) -> list[ReminderRecord]: ...

    async def game_and_reminders(self, game_id: int) -> tuple[GameRecord | None, list[ReminderRecord]]:
        """``game`` and ``reminders_of`` together, as of one moment: what a
        process re-reads of a game it holds (PostgreSQL: one query)."""
        ...

    async def reschedule_reminder(self, game_id: int, seat: int, seq: int, due_at: float, sent: int) -> bool:
        """Move a reminder on, only if it still belongs to turn ``seq``."""
        ...

    async def mute_reminder(self, game_id: int, seat: int, seq: int) -> bool: ...

    async def clear_reminders(self, game_id: int) -> None: ...

    async def undo_request(self, game_id: int) -> UndoRequest | None: ...

    async def put_undo_request(self, request: UndoRequest) -> None: ...

    async def drop_undo_request(self, game_id: int) -> None: ...

    async def get_setting(self, scope: str, scope_id: int, key: str) -> Any: ...

    async def put_setting(self, scope: str, scope_id: int, key: str, value: Any) -> None: ...

    # -- a fleet of processes on one database ------------------------------------------------

    async def current_seq(self, game_id: int) -> int | None:
        """The game's last stored seq (None: no such game), for a process to
        check its cached state against before using it."""
        ...

    async def claim_due_reminders(
        self, now: float, owner: str, lease_seconds: float, limit: int = 500
    ) -> list[ReminderRecord]:
        """Reminders due at ``now``, each handed to one claimer across every
        process until ``now + lease_seconds``; a claim that ran out (its
        process died) can be taken over. Rescheduling ends it."""
        ...

    async def claim_pending_notices(
        self, game_id: int | None, owner: str, lease_seconds: float, limit: int = 500
    ) -> list[NoticeRecord]:
        """Pending notices, oldest first, claimed for ``owner`` for
        ``lease_seconds``: never one whose claim is running, nor one of a game
        on which another owner holds a running claim, so each game's notices
        go out in order through one process at a time."""
        ...

    @contextlib.asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        """Hold a game for this process alone across every process on the
        database (PostgreSQL: an advisory lock; SQLite, one process: nothing)."""
        yield

    async def release_notices(self, notice_ids: Sequence[int], owner: str) -> None:
        """End ``owner``'s claims on these notices (those a flush did not deliver)."""
        ...

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
        """Add a reminder's notices (at game seq ``seq``) and move the
        reminder of ``seat`` and turn ``reminder_seq`` on to ``due_at``, in
        one transaction, ending its claim; returns the notices' ids."""
        ...

    # -- finding games (engine/tables/discovery.py) -------------------------------------------

    async def open_lobbies(self, guild_id: int | None = None) -> list[GameRecord]:
        """The lobbies (games not yet started) of one server, or of every
        server when ``guild_id`` is None, oldest first."""
        ...

    async def count_hosted_open_games(self, guild_id: int, user_id: int) -> int:
        """How many live games (lobbies and running ones) ``user_id`` hosts in the server."""
        ...

    async def claim_job(self, name: str, owner: str, now: float, every: float) -> bool:
        """Whether ``owner`` runs the periodic job ``name`` now: True (and the
        run recorded) for exactly one caller across every process, unless the
        job ran less than ``every`` seconds ago."""
        ...

    # -- moving a whole database (engine/store/migrate.py) --------------------------------------

    async def table_columns(self) -> dict[str, list[str]]:
        """Every data table (not ``schema_version``) and its columns, in order."""
        ...

    async def table_references(self) -> dict[str, set[str]]:
        """Every data table and the tables its foreign keys point at."""
        ...

    async def count_rows(self, table: str) -> int: ...

    def export_rows(self, table: str, columns: Sequence[str], batch_size: int = 5000) -> AsyncIterator[list[tuple]]:
        """A table's rows (``columns`` of them), in batches."""
        ...

    async def import_rows(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Insert rows as they are, ids included, in one transaction."""
        ...

    async def mark_failed(self, notice_id: int, error: str, *, retry_at: float | None, now: float) -> None:
        """Count a failed delivery: try again from ``retry_at``, or, when it is
        None, set the notice aside for good as a dead letter with ``error``."""
        ...

    async def dead_letters(self, game_id: int) -> list[tuple[int, str, str]]:
        """A game's notices that could not be delivered: (id, kind, reason)."""
        ...

    async def backup(self, target: str | Path) -> None:
        """A consistent copy of the whole database at ``target`` while the bot runs."""
        ...

    async def forget_user(self, user_id: int, replacement: str) -> int:
        """Erase a person from every game; returns how many games they were in."""
        ...

    async def delete_guild(self, guild_id: int) -> int:
        """Delete every game of a server and its settings; returns how many games."""
        ...

    # -- ratings (engine/tables/history.py) ----------------------------------------------------

    async def rated_records(
        self,
        *,
        guild_id: int | None = None,
        game: str | None = None,
        user_id: int | None = None,
        unrated_only: bool = False,
        with_actions: bool = True,
    ) -> list[tuple[GameRecord, list[ActionRecord]]]:
        """Finished games (never abandoned ones), in the order they ended
        (``finished_at``, then id), each with its ``play`` and ``undo`` rows
        (``text`` left out; none without ``with_actions``: ratings alone do not
        need them); ``unrated_only``: those not yet counted in the ratings."""
        ...

    async def ratings_of(
        self, *, game: str | None = None, scope: str = "all", user_id: int | None = None
    ) -> list[tuple[str, int, float, float, int, int]]:
        """Stored ratings in ``scope`` ('all' or a guild id as text), of one
        game and/or one user: (game, user_id, mu, sigma, played, won)."""
        ...

    async def save_ratings(
        self, game_id: int, rows: Sequence[tuple[str, str, int, float, float, int, int]], now: float
    ) -> bool:
        """Count finished game ``game_id``: upsert its players' new ratings
        (game, scope, user_id, mu, sigma, played, won) and mark it rated, in
        one transaction. False (and nothing written) if it was rated already."""
        ...

    async def replace_ratings(
        self, rows: Sequence[tuple[str, str, int, float, float, int, int]], game_ids: Sequence[int], now: float
    ) -> None:
        """Replace every rating and rated-game mark at once (a rebuild)."""
        ...
