"""A table's settings: reminder interval, deadline and what happens at it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.store import NewNotice
from engine.tables.clocks import PAUSE_MAX_DAYS, paused_until, with_full_banks, with_pause
from engine.tables.commits import Commits
from engine.tables.model import Live, TableError, timestamp
from engine.tables.schedule import first_due_after_change

DEFAULT_SETTINGS: dict[str, Any] = {
    "remind_hours": 12.0,
    "deadline_hours": 0.0,
    "fallback": "bot",
    "window_hours": 8.0,
    "bank_hours": 0.0,
    "increment_hours": 0.0,
}
"""Per-game table settings. ``deadline_hours`` 0 means no deadline; at the
deadline ``fallback`` decides: ``pass`` (auto-pass where the rules allow,
else a bot) or ``bot`` (a bot plays the seat until its player returns).
``window_hours``: how long a reaction window (a sell, tax or casting window)
stays open for players who have not answered; it closes earlier once all have.
``bank_hours`` (0: none) is each player's time bank, the reserve their turns
draw on, topped up by ``increment_hours`` after each turn (never past the
reserve); an empty bank is a missed deadline (``engine.tables.clocks``)."""

PAUSE = "pause_days"
"""Not a setting but a change of one kind: pause the table's clocks for so
many days (0: end the pause). Same rules: the host at once, others by vote."""
SETTING_LIMITS = {
    "remind_hours": (2.0, 24.0 * 14),
    "deadline_hours": (1.0, 24.0 * 60),
    "window_hours": (0.5, 72.0),
    "bank_hours": (1.0, 24.0 * 60),
    "increment_hours": (0.0, 24.0 * 14),
    PAUSE: (0.0, float(PAUSE_MAX_DAYS)),
}
"""Floors keep a table fair in a game of days: no player can have an opponent
pinged every few minutes, or lose a seat to a deadline of seconds."""
OFF_BY_ZERO = {"deadline_hours": "no deadline", "bank_hours": "no time bank", PAUSE: "the end of the pause"}
"""Settings where 0 means "none", whatever their floor, in words."""
UNITS = {PAUSE: "days"}
FALLBACKS = ("bot", "pass")
SETTING_WORDS = {
    "remind_hours": "reminders every {:g} h",
    "deadline_hours": "a deadline of {:g} h per turn",
    "fallback": "at the deadline: {}",
    "window_hours": "reaction windows of {:g} h",
    "bank_hours": "a time bank of {:g} h per player",
    "increment_hours": "{:g} h added to the bank per turn",
    PAUSE: "a pause of {:g} days",
}


def check_settings(changes: Mapping[str, Any]) -> dict[str, Any]:
    """The changes, each checked; raises ``TableError`` naming what is allowed."""
    checked: dict[str, Any] = {}
    for key, value in changes.items():
        if key not in DEFAULT_SETTINGS and key != PAUSE:
            raise TableError(f"Unknown setting {key!r}; settings are {', '.join(DEFAULT_SETTINGS)}.")
        if key == "fallback":
            if value not in FALLBACKS:
                raise TableError(f"fallback must be one of {', '.join(FALLBACKS)}.")
            checked[key] = value
            continue
        unit = UNITS.get(key, "hours")
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise TableError(f"{key} must be a number of {unit}.") from None
        low, high = SETTING_LIMITS[key]
        if key in OFF_BY_ZERO and number == 0:
            checked[key] = 0.0
            continue
        if not low <= number <= high:
            floor = " (0 for none)" if key in OFF_BY_ZERO else ""
            raise TableError(f"{key} must be between {low:g} and {high:g} {unit}{floor}; {number:g} is not.")
        checked[key] = number
    return checked


def describe_settings(changes: Mapping[str, Any]) -> str:
    """ "a deadline of 24 h per turn, reminders every 12 h"."""
    parts = []
    for key, value in changes.items():
        if key in OFF_BY_ZERO and not value:
            parts.append(OFF_BY_ZERO[key])
        elif key in SETTING_WORDS:
            parts.append(SETTING_WORDS[key].format(value))
    return ", ".join(parts)


@dataclass
class SettingsChange:
    settings: dict[str, Any]
    applied: bool
    """False when the change was proposed and waits for the other players."""
    text: str


class Settings(Commits):
    """Changing a table's settings: the host (or Manage Channels) at once,
    any other player by a proposal every human player must accept. Every
    change is announced in the channel and applies to the waits under way."""

    async def configure(self, game_id: int, user_id: int, can_manage: bool = False, **changes: Any) -> SettingsChange:
        async with self._held(game_id) as live:
            record = live.record
            if record.status not in ("lobby", "active"):
                raise TableError(f"This game is {record.status}; its settings no longer matter.")
            checked = check_settings({k: v for k, v in changes.items() if v is not None})
            if not checked:
                return SettingsChange(dict(record.settings), False, "Nothing to change: give a setting.")
            host = (
                can_manage
                or record.host_id == user_id
                or (record.host_id is None and record.seat_of(user_id) is not None)
            )
            if host:
                text = await self._apply_settings(live, user_id, checked)
                return SettingsChange(dict(record.settings), True, text)
            seat = record.seat_of(user_id)
            if seat is None:
                raise TableError("Only the host, the players or a member with Manage Channels can change settings.")
            others = [s for s in record.seats if s.user_id is not None and s.seat != seat]
            proposal = {"seat": seat, "changes": checked, "votes": {}, "at": self.clock()}
            await self.store.put_setting("proposal", game_id, "settings", proposal)
            what = describe_settings(checked)
            await self.store.add_notices(
                game_id,
                record.seq,
                [
                    NewNotice(
                        "proposal",
                        {
                            "text": f"⚙️ {record.seats[seat].name} proposes {what}. "
                            f"{', '.join(f'<@{s.user_id}>' for s in others)}: accept or refuse.",
                            "mentions": [s.user_id for s in others],
                            "game": record.game,
                        },
                        None,
                    )
                ],
            )
            self._spawn(self.flush(game_id))
            return SettingsChange(
                dict(record.settings), False, f"Proposed {what}; it applies once every other player accepts."
            )

    async def answer_proposal(self, game_id: int, user_id: int, accept: bool) -> str:
        async with self._held(game_id) as live:
            record = live.record
            proposal = await self.store.get_setting("proposal", game_id, "settings")
            if not proposal:
                raise TableError("No change of settings is waiting for answers.")
            seat = self._seat_of(live, user_id)
            if seat == proposal["seat"]:
                raise TableError("You proposed this change; the other players answer it.")
            if not accept:
                await self.store.put_setting("proposal", game_id, "settings", None)
                await self._note(live, f"⚙️ {record.seats[seat].name} refused the proposed settings; nothing changed.")
                return "You refused the change."
            proposal["votes"][str(seat)] = True
            needed = {s.seat for s in record.seats if s.user_id is not None and s.seat != proposal["seat"]}
            if not needed <= {int(k) for k in proposal["votes"]}:
                await self.store.put_setting("proposal", game_id, "settings", proposal)
                return "Accepted; waiting for the other players."
            await self.store.put_setting("proposal", game_id, "settings", None)
            proposer = record.seats[proposal["seat"]].user_id
            return await self._apply_settings(live, proposer, proposal["changes"], agreed=True)

    async def _apply_settings(
        self, live: Live, user_id: int | None, checked: dict[str, Any], agreed: bool = False
    ) -> str:
        record = live.record
        now = self.clock()
        stored = {k: v for k, v in checked.items() if k != PAUSE}
        if "deadline_hours" in checked and checked["deadline_hours"] != record.settings.get("deadline_hours"):
            stored["deadline_from"] = now
        settings = {**record.settings, **stored}
        if "bank_hours" in checked and checked["bank_hours"] != record.settings.get("bank_hours"):
            # A new reserve: every bank starts full again, from now, alike.
            settings["bank_from"] = now
            settings["clock"] = with_full_banks(settings)
        if PAUSE in checked:
            settings["clock"] = with_pause(settings, now, checked[PAUSE])
        record.settings = settings
        await self.store.update_game(record.id, settings=record.settings)
        for current in live.reminders.values():
            frozen = await self._frozen_for(record.seats[current.seat].user_id)
            current.due_at = first_due_after_change(live, current.seat, current.since, now, frozen)
            await self.store.reschedule_reminder(record.id, current.seat, current.seq, current.due_at, current.sent)
        # The terminal table acts as user 0, a person of no name.
        who = "All players agreed" if agreed else (f"<@{user_id}> set" if user_id else "The table set")
        text = f"⚙️ {who}: {describe_settings({k: v for k, v in checked.items() if k in SETTING_WORDS})}."
        until = paused_until(record.settings, now)
        if PAUSE in checked:
            text += (
                f" ⏸️ Paused: no reminders, and no clock runs; they start again {timestamp(until)}."
                if until
                else " ▶️ The clocks run again."
            )
        await self._note(live, text)
        return text
