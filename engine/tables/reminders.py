"""Nudging the seats a game waits for, and what happens at a deadline."""

from __future__ import annotations

import logging

from engine.core import AgoraError
from engine.metrics import REMINDERS
from engine.store import NewNotice, ReminderRecord
from engine.tables.away import Away
from engine.tables.bots import default_level
from engine.tables.clocks import clock_end, fall, frozen_until, pauses
from engine.tables.model import Live, TableError, duration, legal_now, timestamp
from engine.tables.schedule import next_due_at, warning_lead, window_seconds

log = logging.getLogger("agora.tables")

PASS_WORDS = ("pass", "done")
REMINDER_BATCH = 500
"""The most reminders one ``remind`` claims; the rest wait for the next call."""


class Reminders(Away):
    """Reminders, step time-outs and deadlines."""

    async def remind(self, now: float | None = None) -> int:
        """Send every reminder that is due and apply deadlines; returns how
        many reminders went out. Call periodically (the front end's loop)."""
        now = self.clock() if now is None else now
        sent = 0
        # On a shared database each is claimed, so that only one process
        # takes it; a claim ends when the reminder is rescheduled, or runs
        # out (its process died) and another process takes the reminder over.
        if self.shared:
            due_now = await self.store.claim_due_reminders(now, self.owner, self.claim_lease, REMINDER_BATCH)
        else:
            due_now = await self.store.due_reminders(now)
        for due in due_now:
            try:
                sent += await self._remind_one(due, now)
            except AgoraError as error:
                log.warning("reminder for game %s seat %s failed: %s", due.game_id, due.seat, error)
        return sent

    async def _remind_one(self, due: ReminderRecord, now: float) -> int:
        """One wait that is due: close a reaction window, apply the deadline
        (only after its warning went out), warn, or remind."""
        async with self._held(due.game_id) as live:
            record = live.record
            current = live.reminders.get(due.seat)
            if record.status != "active" or current is None or (current.seq, current.sent) != (due.seq, due.sent):
                return 0  # the turn is over, or this reminder went out meanwhile (its claim had run out)
            settings = record.settings
            seat = record.seats[due.seat]
            frozen = await self._frozen_for(seat.user_id)
            stopped = frozen_until(now, frozen + pauses(settings))
            if stopped is not None:
                # Nobody is reminded, warned or replaced while the table is
                # paused or the player is away: look again when that ends.
                await self.store.send_reminder(record.id, record.seq, [], due.seat, current.seq, stopped, current.sent)
                current.due_at = stopped
                return 0
            timeout = window_seconds(live.game, live.state, settings)
            if timeout and now >= clock_end(current.since, timeout, frozen + pauses(settings)):
                passing = next((a for a in PASS_WORDS if a in legal_now(live, due.seat)), None)
                if passing is not None:
                    await self._play(live, due.seat, passing)
                    return 0
            falls = fall(settings, due.seat, current.since, frozen)
            notices: list[NewNotice] = []
            if falls is not None and now >= falls.at - warning_lead(falls.allowed):
                if now >= falls.at and current.due_at >= falls.at:
                    # This look was scheduled by the warning: the time is up.
                    await self._deadline(live, due.seat)
                    return 0
                # The warning, in the channel and by DM; a player who muted
                # reminders still gets it.
                text = self._warning_text(live, seat.user_id, falls.at, now)
                for dm in (False, True):
                    notices.append(
                        NewNotice(
                            "reminder",
                            {
                                "text": text,
                                "seat": due.seat,
                                "seq": current.seq,
                                "dm": dm,
                                "warning": True,
                                "mentions": [seat.user_id],
                                "game": record.game,
                            },
                            seat.user_id,
                        )
                    )
                next_due = falls.at if now < falls.at else now + warning_lead(falls.allowed)
            else:
                next_due = next_due_at(settings, due.seat, current.since, now, frozen)
                if timeout:
                    window_closes = clock_end(current.since, timeout, frozen + pauses(settings))
                    next_due = min(next_due, max(now, window_closes))
                if not current.muted:
                    notices.append(
                        NewNotice(
                            "reminder",
                            {
                                "text": self._reminder_text(
                                    live, current, seat.user_id, falls.at if falls else None, now
                                ),
                                "seat": due.seat,
                                "seq": current.seq,
                                "sent": current.sent,
                                "dm": current.sent >= 1,
                                "mentions": [seat.user_id],
                                "game": record.game,
                            },
                            seat.user_id,
                        )
                    )
            # One transaction: a process killed in between neither loses
            # this reminder nor leaves it for another process to send again.
            await self.store.send_reminder(
                record.id, record.seq, notices, due.seat, current.seq, next_due, current.sent + 1
            )
            if notices:
                REMINDERS.inc()
            current.due_at, current.sent = next_due, current.sent + 1
        self._spawn(self.flush(record.id))
        return 1 if notices else 0

    def _reminder_text(
        self, live: Live, current: ReminderRecord, user_id: int | None, falls: float | None, now: float
    ) -> str:
        movers = live.game.to_move(live.state)
        waited = duration(now - current.since)
        if current.group_size > 1 and movers == [current.seat]:
            text = f"<@{user_id}>, you are the last one: everyone else has acted. ({waited})"
        else:
            text = f"<@{user_id}>, the {live.game.title} game is waiting for you ({waited})."
        if falls is not None:
            text += f" Deadline {timestamp(falls)}."
        return text

    def _warning_text(self, live: Live, user_id: int | None, falls: float, now: float) -> str:
        fallback = live.record.settings.get("fallback", "bot")
        then = "a bot plays for you" if fallback == "bot" else "the table passes for you where it can"
        when = timestamp(falls) if falls > now else "now"
        return (
            f"⏳ <@{user_id}>, your time in the {live.game.title} game runs out {when}: then {then} "
            f"(`/game back` takes your seat back)."
        )

    async def _deadline(self, live: Live, seat: int) -> None:
        """The seat missed its deadline: pass for it where the rules allow,
        otherwise a bot plays it until its player returns."""
        record, game = live.record, live.game
        legal = legal_now(live, seat)
        fallback = record.settings.get("fallback", "bot")
        passing = next((a for a in PASS_WORDS if a in legal), None)
        seat_record = record.seats[seat]
        if fallback == "pass" and passing is not None:
            await self._play(live, seat, passing)
            await self.store.add_notices(
                record.id,
                record.seq,
                [
                    NewNotice(
                        "channel",
                        {
                            "text": f"⏰ {seat_record.name} missed the deadline; passed for them.",
                            "mentions": [],
                            "game": record.game,
                        },
                    )
                ],
            )
            return
        seat_record.bot = seat_record.bot or default_level(game, stand_in=True)
        seat_record.away = True
        await self.store.update_seat(record.id, seat_record)
        await self.store.add_notices(
            record.id,
            record.seq,
            [
                NewNotice(
                    "channel",
                    {
                        "text": f"⏰ {seat_record.name} missed the deadline; a bot plays for them until they return "
                        f"(`/game back`, or any accepted `/play`, takes the seat back).",
                        "mentions": [],
                        "game": record.game,
                    },
                )
            ],
        )
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
