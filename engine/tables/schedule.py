"""When the table next looks at each waiting seat: pure functions over a
game's settings and the seats a move leaves waiting (the reminders
themselves are sent by ``engine.tables.reminders``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core import Game
from engine.store import ReminderRecord
from engine.tables.clocks import Interval, fall
from engine.tables.model import Live


def next_reminders(
    live: Live, seat: int | None, before: Any, after: Any, movers: list[int], seq: int, now: float, over: bool
) -> list[ReminderRecord]:
    """The reminder rows after a move: a seat that was already waiting keeps
    its wait (and its count of reminders sent); a seat newly waited for
    starts one now."""
    if over:
        return []
    previous = live.reminders
    before_movers = set(live.game.to_move(before)) if before is not None else set()
    shrinking = before is not None and set(movers) < before_movers
    group = max((r.group_size for r in previous.values()), default=1) if shrinking else len(movers)
    result = []
    for s in movers:
        if live.record.seats[s].user_id is None:
            continue
        kept = previous.get(s)
        if kept is not None and s != seat and s in before_movers:
            result.append(
                ReminderRecord(live.record.id, s, kept.seq, kept.since, kept.due_at, kept.sent, kept.muted, group)
            )
        else:
            result.append(
                ReminderRecord(live.record.id, s, seq, now, first_due_at(live, after, s, now), 0, False, group)
            )
    return result


def first_due_at(live: Live, state: Any, seat: int, now: float) -> float:
    """When a new wait is first looked at: the reminder interval, or sooner if
    the deadline's warning or the game's reaction window comes first."""
    due = next_due_at(live.record.settings, seat, now, now)
    timeout = window_seconds(live.game, state, live.record.settings)
    if timeout:
        due = min(due, now + timeout)
    return due


def first_due_after_change(live: Live, seat: int, since: float, now: float, frozen: Iterable[Interval] = ()) -> float:
    """A wait's next look once the settings changed: as if it had been
    scheduled under the new ones, and never later than a reaction window's end."""
    due = next_due_at(live.record.settings, seat, since, now, frozen)
    timeout = window_seconds(live.game, live.state, live.record.settings)
    if timeout:
        due = min(due, max(now, since + timeout))
    return due


def warning_lead(allowed: float) -> float:
    """How long before a wait runs out of time its player is warned: a
    quarter of the time allowed, from 15 minutes up to 12 hours."""
    return min(max(allowed / 4, 15 * 60.0), 12 * 3600.0)


def next_due_at(
    settings: dict[str, Any], seat: int, since: float, now: float, frozen: Iterable[Interval] = ()
) -> float:
    """The next look at a wait: the reminder interval, but never past the
    warning before its time runs out (deadline or bank), and that moment
    itself once warned. Looks are never earlier than needed, but may be
    early: frozen time a look does not know of (a vacation) only moves the
    time out later, and the look then reschedules."""
    due = now + float(settings.get("remind_hours", 12.0)) * 3600
    falls = fall(settings, seat, since, frozen)
    if falls is not None:
        warn = falls.at - warning_lead(falls.allowed)
        due = min(due, warn if now < warn else falls.at)
    return due


def window_seconds(game: Game, state: Any, settings: dict[str, Any]) -> float | None:
    """How long the reaction window open now (a sell, tax or casting window)
    waits before passing for whoever has not answered: the table's
    ``window_hours``; None when no window is open."""
    if game.reaction_window(state) is not None:
        return float(settings.get("window_hours", 8.0)) * 3600
    return None
