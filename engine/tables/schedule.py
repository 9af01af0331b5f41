"""When the table next looks at each waiting seat: pure functions over a
game's settings and the seats a move leaves waiting (the reminders
themselves are sent by ``engine.tables.reminders``)."""

from __future__ import annotations

from typing import Any

from engine.core import Game
from engine.store import ReminderRecord
from engine.tables.model import Live


def next_reminders(
    live: Live, seat: int | None, before: Any, after: Any, movers: list[int], seq: int, now: float, over: bool
) -> list[ReminderRecord]:
    """The reminder rows after a move: a seat that was already waiting keeps
    its wait (and its count of reminders sent); a seat newly waited for
    starts one now."""
    if over:
        return []
    first_due = first_due_at(live, after, now)
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
            result.append(ReminderRecord(live.record.id, s, seq, now, first_due, 0, False, group))
    return result


def first_due_at(live: Live, state: Any, now: float) -> float:
    """When a new wait is first looked at: the reminder interval, or sooner if
    the deadline's warning or the game's reaction window comes first."""
    due = next_due_at(live.record.settings, now, now)
    timeout = window_seconds(live.game, state, live.record.settings)
    if timeout:
        due = min(due, now + timeout)
    return due


def first_due_after_change(live: Live, since: float, now: float) -> float:
    """A wait's next look once the settings changed: as if it had been
    scheduled under the new ones, and never later than a reaction window's end."""
    due = next_due_at(live.record.settings, since, now)
    timeout = window_seconds(live.game, live.state, live.record.settings)
    if timeout:
        due = min(due, max(now, since + timeout))
    return due


def deadline_seconds(settings: dict[str, Any]) -> float:
    return float(settings.get("deadline_hours") or 0) * 3600


def warning_lead(deadline: float) -> float:
    """How long before a deadline falls its player is warned: a quarter of the
    deadline, from 15 minutes up to 12 hours."""
    return min(max(deadline / 4, 15 * 60.0), 12 * 3600.0)


def deadline_at(settings: dict[str, Any], since: float) -> float | None:
    """When the wait that began at ``since`` runs out of time (None: no
    deadline). A deadline changed during a wait counts from the change, so
    nobody loses a seat to a deadline shortened behind their back."""
    deadline = deadline_seconds(settings)
    if not deadline:
        return None
    return max(since, float(settings.get("deadline_from") or 0)) + deadline


def next_due_at(settings: dict[str, Any], since: float, now: float) -> float:
    """The next look at a wait: the reminder interval, but never past the
    deadline's warning, and the deadline itself once warned."""
    due = now + float(settings.get("remind_hours", 12.0)) * 3600
    falls = deadline_at(settings, since)
    if falls is not None:
        warn = falls - warning_lead(deadline_seconds(settings))
        due = min(due, warn if now < warn else falls)
    return due


def window_seconds(game: Game, state: Any, settings: dict[str, Any]) -> float | None:
    """How long the reaction window open now (a sell, tax or casting window)
    waits before passing for whoever has not answered: the table's
    ``window_hours``; None when no window is open."""
    if game.reaction_window(state) is not None:
        return float(settings.get("window_hours", 8.0)) * 3600
    return None
