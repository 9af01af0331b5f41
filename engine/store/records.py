"""What the store keeps, as the service sees it: plain records, and the two
errors a write can end in. Both backends return exactly these."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

LIVE = ("lobby", "active")


class ChannelBusy(Exception):
    """A live game already exists in that channel."""


class SeqConflict(Exception):
    """Someone else appended to the game's log first (another process)."""


class GameChanged(Exception):
    """A guarded commit (``Store.commit(guard=...)``) found the game changed
    since the version it was read at, or held by another process: nothing
    was written."""


@dataclass
class SeatRecord:
    seat: int
    user_id: int | None
    name: str
    bot: str | None = None
    """A bot level when an AI plays this seat (for good, or while ``away``)."""
    away: bool = False
    """The player missed a deadline; the bot plays until they return."""

    @property
    def is_bot(self) -> bool:
        return self.bot is not None and (self.user_id is None or self.away)


@dataclass
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    parent_id: int | None
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    host_id: int | None
    settings: dict[str, Any]
    seq: int
    outcome: dict[str, Any] | None
    created_at: float
    turn_lines: list[str] = field(default_factory=list)
    """Log lines of the acting seat's turn so far, posted when the turn ends."""
    started_at: float | None = None
    finished_at: float | None = None
    seats: list[SeatRecord] = field(default_factory=list)
    version: int = 0
    """How many times the game's row, seats or reminders were written, where
    several processes share a game (PostgreSQL; SQLite, which one process
    owns, does not count): a cached game whose version is still the stored
    one is up to date."""

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None


@dataclass
class ActionRecord:
    seq: int
    seat: int | None
    kind: str
    action: str
    text: str
    at: float


@dataclass
class NoticeRecord:
    id: int
    game_id: int
    seq: int
    kind: str
    user_id: int | None
    stored_payload: dict[str, Any] | str | bytes = field(repr=False)
    """The payload, or its JSON as stored: decoded when first read (the
    outbox delivers a fresh notice from the payload still in memory)."""
    attempts: int = 0
    """Deliveries tried and failed so far."""
    next_attempt_at: float | None = None
    """After a failure: not to be tried again before this time."""

    @property
    def payload(self) -> dict[str, Any]:
        stored = self.stored_payload
        if isinstance(stored, dict):
            return stored
        from engine.store.rows import loads  # rows builds on these records

        decoded: dict[str, Any] = loads(stored)
        self.stored_payload = decoded
        return decoded


@dataclass
class NewNotice:
    kind: str
    payload: dict[str, Any]
    user_id: int | None = None


@dataclass
class ReminderRecord:
    """A seat the game is waiting for, and when to nudge it next."""

    game_id: int
    seat: int
    seq: int
    """The log position at which this wait began or was last renewed."""
    since: float
    due_at: float
    sent: int = 0
    muted: bool = False
    group_size: int = 1
    """How many seats this step waited for when it began (simultaneous steps)."""


@dataclass
class UndoRequest:
    game_id: int
    seat: int
    target_seq: int
    at_seq: int
    votes: dict[str, bool]
    created_at: float
