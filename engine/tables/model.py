"""What the table service hands out and works with: its errors, the notices
it asks a front end to deliver, the results of a move or a take-back, and
``Live``, a game as the service holds it in memory."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core import AgoraError, Game
from engine.store import ActionRecord, GameRecord, ReminderRecord


class TableError(AgoraError):
    """A table rule was broken (not your game, lobby full, ...)."""


class Unloadable(TableError):
    """Neither the snapshot nor a replay of the log gives a state (a damaged
    database, or an old game under changed rules)."""


class MovedMeanwhile(TableError):
    """Another process appended to the game's log first; the cached game was
    dropped, so trying again sees the new position."""


@dataclass
class Notice:
    """Something to deliver: a channel post, a private message, a reminder.

    ``kind`` is one of ``channel`` (post in the game's channel: ``text``,
    optional ``view`` to draw, ``mentions`` to ping), ``private`` (DM to
    ``user_id``: ``text`` and the seat's ``view``), ``reminder`` (channel ping
    or, when ``payload["dm"]``, a DM) and ``undo_request`` (a channel post
    asking the other players to accept or refuse a take-back).
    """

    id: int
    game_id: int
    kind: str
    user_id: int | None
    payload: dict[str, Any]
    channel_id: int = 0

    @property
    def text(self) -> str:
        return str(self.payload.get("text", ""))

    @property
    def nonce(self) -> str:
        """Stable for this notice across retries and restarts (Discord
        returns the message already posted for a repeated nonce). Short:
        Discord takes at most 25 characters, and a paged notice adds a page
        number."""
        return f"a{self.id}"


class Undeliverable(Exception):
    """Raised by a courier for a notice that can never be delivered (the
    channel is gone, the bot may not post there, Discord refuses the message
    as malformed): it is set aside as a dead letter with this reason instead
    of being retried."""


class Courier(Protocol):
    """Delivers notices. Raise ``Undeliverable`` for a notice that can never
    go out; raise anything else to have it retried later with backoff. A
    courier must send each notice with its ``nonce`` where the transport can
    recognise a repeat, because a crash between sending and marking it
    delivered sends it again."""

    async def deliver(self, notice: Notice) -> None: ...


@dataclass
class PlayResult:
    game_id: int
    seq: int
    seat: int
    action: str
    text: str
    """The plain-words line for this action."""
    turn_over: bool
    """Whether the seat's turn ended (else it has more steps to take)."""
    finished: bool
    _view: dict[str, Any] | Callable[[], dict[str, Any]] = field(default_factory=dict, repr=False)

    @property
    def view(self) -> dict[str, Any]:
        """The public view after the action (for an ephemeral picture), worked
        out on first use: most moves never need it."""
        if callable(self._view):
            self._view = self._view()
        return self._view


@dataclass
class UndoResult:
    done: bool
    text: str


@dataclass
class Live:
    """A game as the service holds it: its record, its rules and its state."""

    record: GameRecord
    game: Game
    state: Any
    reminders: dict[int, ReminderRecord] = field(default_factory=dict)
    privates: dict[int, Any] = field(default_factory=dict)
    """Each seat's secrets in ``privates_of`` (the state they were read from)."""
    privates_of: Any = None
    public: tuple[Any, dict[str, Any]] | None = None
    """The public view of a state (the state, its view), from a move's channel
    post until the answer to its player, which shows the same view."""
    rewrite_snapshot: bool = False
    """The stored snapshot did not serve when the game was loaded (missing,
    corrupt): the next move writes one whatever its seq."""
    legal_of: Any = None
    legal: dict[int, list[str]] = field(default_factory=dict)
    """Seats' legal actions in ``legal_of`` (see ``legal_now``)."""
    guarded: bool = False
    """Held without the fleet's lock or a fresh read (``_held_unchecked``):
    its commit lands only if the stored game is still this one."""


def legal_now(live: Live, seat: int) -> list[str]:
    """A seat's legal actions in the game's current state, worked out once
    per state: the menus shown after a move ask for the list the next move
    is then checked against (read-only: callers share it)."""
    if live.legal_of is not live.state:
        live.legal_of, live.legal = live.state, {}
    actions = live.legal.get(seat)
    if actions is None:
        actions = live.legal[seat] = live.game.legal(live.state, seat)
    return actions


def seat_label(live: Live, seat: int) -> str:
    """ "alice (Blue)": a seat's player and colour."""
    colour = live.game.seat_name(live.state, seat)
    return f"{live.record.seats[seat].name} ({colour})"


def effective_actions(rows: Iterable[ActionRecord]) -> list[ActionRecord]:
    """The ``play`` rows that still count once every ``undo`` row is applied.

    An undo row's action is the seq it takes back; it removes that play and
    every play after it.
    """
    result: list[ActionRecord] = []
    for row in rows:
        if row.kind == "play":
            result.append(row)
        elif row.kind == "undo":
            target = int(row.action)
            result = [r for r in result if r.seq < target]
    return result


def timestamp(at: float) -> str:
    """A moment as Discord markup that each reader sees in their own time zone,
    relative ("in 3 hours"); the terminal table prints it in words."""
    return f"<t:{int(at)}:R>"


def duration(seconds: float) -> str:
    """A wait in words: "25 min", "5 h", "3 days"."""
    seconds = max(0, int(seconds))
    if seconds < 3600:
        return f"{seconds // 60} min"
    if seconds < 86400 * 2:
        return f"{seconds // 3600} h"
    return f"{seconds // 86400} days"
