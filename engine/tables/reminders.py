"""Nudging the seats a game waits for, and what happens at a deadline."""

from __future__ import annotations

import logging

from engine.core import AgoraError
from engine.store import NewNotice, ReminderRecord
from engine.tables.bots import default_level
from engine.tables.model import Live, TableError, duration
from engine.tables.moves import Moves
from engine.tables.schedule import step_timeout

log = logging.getLogger("agora.tables")

PASS_WORDS = ("pass", "done")


class Reminders(Moves):
    """Reminders, step time-outs and deadlines."""

    async def remind(self, now: float | None = None) -> int:
        """Send every reminder that is due and apply deadlines; returns how
        many reminders went out. Call periodically (the front end's loop)."""
        now = self.clock() if now is None else now
        sent = 0
        for due in await self.store.due_reminders(now):
            try:
                sent += await self._remind_one(due, now)
            except AgoraError as error:
                log.warning("reminder for game %s seat %s failed: %s", due.game_id, due.seat, error)
        return sent

    async def _remind_one(self, due: ReminderRecord, now: float) -> int:
        async with self._held(due.game_id) as live:
            record = live.record
            current = live.reminders.get(due.seat)
            if record.status != "active" or current is None or current.seq != due.seq:
                return 0
            timeout = step_timeout(live.game, live.state)
            if timeout and now >= current.since + timeout:
                passing = next((a for a in PASS_WORDS if a in live.game.legal(live.state, due.seat)), None)
                if passing is not None:
                    await self._play(live, due.seat, passing)
                    return 0
            deadline = float(record.settings.get("deadline_hours") or 0) * 3600
            if deadline and now >= current.since + deadline:
                await self._deadline(live, due.seat)
                return 0
            seat = record.seats[due.seat]
            movers = live.game.to_move(live.state)
            last_one = current.group_size > 1 and movers == [due.seat]
            waited = duration(now - current.since)
            if last_one:
                text = f"<@{seat.user_id}>, you are the last one: everyone else has acted. ({waited})"
            else:
                text = f"<@{seat.user_id}>, the {live.game.title} game is waiting for you ({waited})."
            if deadline:
                text += f" Deadline in {duration(current.since + deadline - now)}."
            payload = {"text": text, "seat": due.seat, "seq": current.seq, "dm": current.sent >= 1,
                       "mentions": [seat.user_id], "game": record.game}
            interval = float(record.settings.get("remind_hours", 12.0)) * 3600
            next_due = now + interval
            if deadline:
                next_due = min(next_due, current.since + deadline)
            await self.store.add_notices(record.id, record.seq, [NewNotice("reminder", payload, seat.user_id)])
            await self.store.reschedule_reminder(record.id, due.seat, current.seq, next_due, current.sent + 1)
            current.due_at, current.sent = next_due, current.sent + 1
        self._spawn(self.flush(record.id))
        return 1

    async def _deadline(self, live: Live, seat: int) -> None:
        """The seat missed its deadline: pass for it where the rules allow,
        otherwise a bot plays it until its player returns."""
        record, game = live.record, live.game
        legal = game.legal(live.state, seat)
        fallback = record.settings.get("fallback", "bot")
        passing = next((a for a in PASS_WORDS if a in legal), None)
        seat_record = record.seats[seat]
        if fallback == "pass" and passing is not None:
            result = await self._play(live, seat, passing)
            await self.store.add_notices(record.id, record.seq, [NewNotice("channel", {
                "text": f"⏰ {seat_record.name} missed the deadline; passed for them.", "mentions": [],
                "game": record.game})])
            return result
        seat_record.bot = seat_record.bot or default_level(game, stand_in=True)
        seat_record.away = True
        await self.store.update_seat(record.id, seat_record)
        await self.store.add_notices(record.id, record.seq, [NewNotice("channel", {
            "text": f"⏰ {seat_record.name} missed the deadline; a bot plays for them until they return "
                    f"(`/game back`, or any accepted `/play`, takes the seat back).", "mentions": [], "game": record.game})])
        self._after_commit(record.id)

    async def mute(self, game_id: int, user_id: int, seq: int | None = None) -> str:
        live = await self._live(game_id)
        seat = self._seat_of(live, user_id)
        current = live.reminders.get(seat)
        if current is None or (seq is not None and current.seq != seq):
            raise TableError("That reminder is for a turn that is already over.")
        await self.store.mute_reminder(game_id, seat, current.seq)
        current.muted = True
        return "Reminders muted until your turn is over."
