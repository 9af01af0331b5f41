"""When the table next looks at each waiting seat: pure functions over a
game's settings and the seats a move leaves waiting (the reminders
themselves are sent by ``engine.tables.reminders``)."""

from __future__ import annotations

from typing import Any

from engine.core import Game
from engine.store import ReminderRecord
from engine.tables.model import Live


def next_reminders(live: Live, seat: int | None, before: Any, after: Any, movers: list[int],
                   seq: int, now: float, over: bool) -> list[ReminderRecord]:
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
            result.append(ReminderRecord(live.record.id, s, kept.seq, kept.since, kept.due_at, kept.sent,
                                         kept.muted, group))
        else:
            result.append(ReminderRecord(live.record.id, s, seq, now, first_due, 0, False, group))
    return result


def first_due_at(live: Live, state: Any, now: float) -> float:
    """When a new wait is first looked at: the reminder interval, or sooner if
    a deadline or the game's own step timeout comes first."""
    settings = live.record.settings
    due = now + float(settings.get("remind_hours", 12.0)) * 3600
    deadline = float(settings.get("deadline_hours") or 0) * 3600
    if deadline:
        due = min(due, now + deadline)
    timeout = step_timeout(live.game, state)
    if timeout:
        due = min(due, now + timeout)
    return due


def step_timeout(game: Game, state: Any) -> float | None:
    """Seconds a game lets a short step (a casting window, say) wait before
    passing for whoever has not answered; None when it has none."""
    return game.step_timeout(state)
