"""A table's settings: reminder interval, deadline and what happens at it."""

from __future__ import annotations

from typing import Any, Mapping

from engine.tables.base import TableBase
from engine.tables.model import TableError

DEFAULT_SETTINGS: dict[str, Any] = {
    "remind_hours": 12.0,
    "deadline_hours": 0.0,
    "fallback": "bot",
}
"""Per-game table settings. ``deadline_hours`` 0 means no deadline; at the
deadline ``fallback`` decides: ``pass`` (auto-pass where the rules allow,
else a bot) or ``bot`` (a bot plays the seat until its player returns)."""

SETTING_LIMITS = {"remind_hours": (0.25, 24.0 * 14), "deadline_hours": (0.0, 24.0 * 60)}
FALLBACKS = ("bot", "pass")


def check_settings(changes: Mapping[str, Any]) -> dict[str, Any]:
    """The changes, each checked; raises ``TableError`` naming what is allowed."""
    checked: dict[str, Any] = {}
    for key, value in changes.items():
        if key not in DEFAULT_SETTINGS:
            raise TableError(f"Unknown setting {key!r}; settings are {', '.join(DEFAULT_SETTINGS)}.")
        if key == "fallback":
            if value not in FALLBACKS:
                raise TableError(f"fallback must be one of {', '.join(FALLBACKS)}.")
            checked[key] = value
            continue
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise TableError(f"{key} must be a number of hours.") from None
        low, high = SETTING_LIMITS[key]
        if not (low <= number <= high) and not (key == "deadline_hours" and number == 0):
            raise TableError(f"{key} must be between {low:g} and {high:g} hours.")
        checked[key] = number
    return checked


class Settings(TableBase):
    """Changing a table's settings."""

    async def configure(self, game_id: int, user_id: int, can_manage: bool = False, **changes: Any) -> dict[str, Any]:
        async with self._held(game_id) as live:
            record = live.record
            if record.host_id != user_id and not can_manage and record.seat_of(user_id) is None:
                raise TableError("Only players, the host or a member with Manage Channels can change settings.")
            checked = check_settings({k: v for k, v in changes.items() if v is not None})
            record.settings.update(checked)
            await self.store.update_game(game_id, settings=record.settings)
            return dict(record.settings)
