"""Vacations (``/away``): a player stops their clocks in every game at once,
within a yearly allowance. While away, nobody reminds them, no deadline or
bank runs out for them, and their tables are told why they wait."""

from __future__ import annotations

from engine.store import NewNotice
from engine.tables.clocks import (
    AWAY_DAYS_PER_YEAR,
    AWAY_KEY,
    AWAY_MAX_DAYS,
    AWAY_SCOPE,
    DAY,
    Interval,
    away_until,
    away_used,
    book_away,
)
from engine.tables.model import TableError, timestamp
from engine.tables.moves import Moves
from engine.tables.schedule import next_due_at


class Away(Moves):
    """Players' vacations across all their games."""

    away_days_per_year: float = AWAY_DAYS_PER_YEAR

    async def away_status(self, user_id: int) -> str:
        now = self.clock()
        periods = await self._frozen_for(user_id)
        left = max(0.0, self.away_days_per_year - away_used(periods, now))
        until = away_until(periods, now)
        head = f"You are away, back {timestamp(until)}." if until else "You are not away."
        return f"{head} Days of vacation left in the last 365 days: {left:g} of {self.away_days_per_year:g}."

    async def away(self, user_id: int, days: float) -> str:
        """Be away for ``days`` from now (a vacation under way is replaced,
        its unused days given back); 0 ends one under way."""
        if not 0 <= days <= AWAY_MAX_DAYS:
            raise TableError(f"A vacation lasts from 1 to {AWAY_MAX_DAYS} days (0 ends one); {days:g} is not.")
        now = self.clock()
        periods = await self._frozen_for(user_id)
        was_away = away_until(periods, now) is not None
        if days == 0 and not was_away:
            raise TableError("You are not away, so there is no vacation to end.")
        try:
            booked = book_away(periods, now, days, self.away_days_per_year)
        except ValueError as short:
            raise TableError(
                f"That is more than your vacation allowance: {short} of {self.away_days_per_year:g} days "
                f"are left in the last 365 days."
            ) from None
        await self.store.put_setting(AWAY_SCOPE, user_id, AWAY_KEY, [list(p) for p in booked])
        until = now + days * DAY
        if days:
            note = f"🌴 <@{user_id}> is away, back {timestamp(until)}: no reminders, and their clock is stopped."
        else:
            note = f"👋 <@{user_id}> is back from vacation; their clock runs again."
        await self._tell_tables(user_id, note, booked)
        left = max(0.0, self.away_days_per_year - away_used(booked, now))
        if days:
            return f"You are away in all your games, back {timestamp(until)}. Days of vacation left: {left:g}."
        return f"Welcome back: your clocks run again. Days of vacation left: {left:g}."

    async def _tell_tables(self, user_id: int, note: str, frozen: list[Interval]) -> None:
        """Say so at each of the player's running tables, and look at their
        waits again under the new vacations (one that ended early makes the
        next reminder come sooner)."""
        now = self.clock()
        for record in await self.store.games_of_user(user_id):
            if record.status != "active":
                continue
            async with self._held(record.id) as live:
                seat = live.record.seat_of(user_id)
                if seat is None:
                    continue
                current = live.reminders.get(seat)
                if current is not None:
                    due = next_due_at(live.record.settings, seat, current.since, now, frozen)
                    await self.store.reschedule_reminder(record.id, seat, current.seq, due, current.sent)
                    current.due_at = due
                await self.store.add_notices(
                    record.id,
                    live.record.seq,
                    [NewNotice("channel", {"text": note, "mentions": [], "game": live.record.game})],
                )
            self._spawn(self.flush(record.id))
