"""Time controls beyond the per-turn deadline, as pure functions over a
table's settings: a time bank per player (a reserve plus an increment per
turn, as correspondence chess and BGA's turn-based clocks have it), pauses
the table agreed on, and players' vacations (``/away``).

A bank, a pause and a vacation all work on *frozen time*: the intervals in
which a seat's clock does not run (the table is paused, or the player is
away). A wait's deadline is pushed back by every frozen second in it, and a
bank is charged only for the time that ran.

The clocks' state is kept in the table's settings under ``"clock"`` (so a
move and the bank it charges are written in one transaction)::

    {"banks": {"0": 86400.0, ...},   # seconds left, per seat; absent: a full reserve
     "paused": [[start, end], ...]}  # the table's pauses, newest last
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

Interval = tuple[float, float]

HOUR = 3600.0
DAY = 86400.0
AWAY_DAYS_PER_YEAR = 30
"""How many days a player may be away (``/away``) in any 365 days: enough
for holidays, not enough to hold a table hostage."""
AWAY_MAX_DAYS = 30
AWAY_SCOPE, AWAY_KEY = "user", "away"
"""Where a player's vacations are kept (the store's settings, per user)."""
PAUSE_MAX_DAYS = 30
RETURN_ALLOWANCE = HOUR
"""The least a player who ran out of bank finds in it on coming back, so
that taking the seat back does not lose it again at once."""


class Fall(NamedTuple):
    """When a wait runs out of time, and how much time it was allowed."""

    at: float
    allowed: float


def merged(intervals: Iterable[Interval]) -> list[Interval]:
    """The intervals sorted, overlapping ones joined."""
    result: list[Interval] = []
    for start, end in sorted((float(a), float(b)) for a, b in intervals if b > a):
        if result and start <= result[-1][1]:
            result[-1] = (result[-1][0], max(result[-1][1], end))
        else:
            result.append((start, end))
    return result


def unfrozen_between(start: float, end: float, frozen: Iterable[Interval]) -> float:
    """Seconds from ``start`` to ``end`` in which the clock ran."""
    if end <= start:
        return 0.0
    stopped = sum(max(0.0, min(end, b) - max(start, a)) for a, b in merged(frozen))
    return end - start - stopped


def clock_end(start: float, budget: float, frozen: Iterable[Interval]) -> float:
    """The moment ``budget`` seconds of running clock have passed since ``start``."""
    at, left = start, max(0.0, budget)
    for a, b in merged(frozen):
        if b <= at:
            continue
        if a > at:
            if at + left <= a:
                break
            left -= a - at
        at = max(at, b)
    return at + left


def frozen_until(now: float, frozen: Iterable[Interval]) -> float | None:
    """When the frozen interval ``now`` is in ends (None: the clock runs)."""
    for a, b in merged(frozen):
        if a <= now < b:
            return b
    return None


# -- a table's clock state ---------------------------------------------------------------


def clock_state(settings: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of the table's clock state, to change and store back."""
    state = settings.get("clock") or {}
    return {"banks": dict(state.get("banks") or {}), "paused": [list(p) for p in state.get("paused") or []]}


def pauses(settings: Mapping[str, Any]) -> list[Interval]:
    return [(float(a), float(b)) for a, b in (settings.get("clock") or {}).get("paused") or []]


def paused_until(settings: Mapping[str, Any], now: float) -> float | None:
    """When the table's pause under way ends (None: not paused)."""
    return frozen_until(now, pauses(settings))


def reserve(settings: Mapping[str, Any]) -> float | None:
    """The bank's full reserve in seconds (None: the table keeps no bank)."""
    hours = float(settings.get("bank_hours") or 0)
    return hours * HOUR if hours > 0 else None


def bank_left(settings: Mapping[str, Any], seat: int) -> float | None:
    """Seconds left in a seat's bank (None: the table keeps no bank)."""
    full = reserve(settings)
    if full is None:
        return None
    banks = (settings.get("clock") or {}).get("banks") or {}
    return float(banks.get(str(seat), full))


def fall(settings: Mapping[str, Any], seat: int, since: float, frozen: Iterable[Interval] = ()) -> Fall | None:
    """When the wait of ``seat`` that began at ``since`` runs out of time:
    the per-turn deadline or the seat's bank, whichever comes first, each
    pushed back by the frozen time in it. A deadline or bank changed during a
    wait counts from the change, so nobody loses a seat to a clock shortened
    behind their back. None: the table has neither."""
    frozen = merged(list(frozen) + pauses(settings))
    candidates = []
    deadline = float(settings.get("deadline_hours") or 0) * HOUR
    if deadline:
        start = max(since, float(settings.get("deadline_from") or 0))
        candidates.append(Fall(clock_end(start, deadline, frozen), deadline))
    bank = bank_left(settings, seat)
    if bank is not None:
        start = max(since, float(settings.get("bank_from") or 0))
        candidates.append(Fall(clock_end(start, bank, frozen), bank))
    return min(candidates) if candidates else None


def charged(
    settings: Mapping[str, Any],
    seat: int,
    since: float,
    now: float,
    turn_over: bool,
    frozen: Iterable[Interval] = (),
) -> dict[str, Any] | None:
    """The clock state once ``seat`` acted after waiting since ``since``: its
    bank pays for the running time, then gains the increment if its turn is
    over, never past the full reserve. None: the table keeps no bank."""
    full, left = reserve(settings), bank_left(settings, seat)
    if full is None or left is None:
        return None
    start = max(since, float(settings.get("bank_from") or 0))
    used = unfrozen_between(start, now, list(frozen) + pauses(settings))
    left = max(0.0, left - used)
    if turn_over:
        left = min(full, left + float(settings.get("increment_hours") or 0) * HOUR)
    state = clock_state(settings)
    state["banks"][str(seat)] = left
    return state


def refilled(settings: Mapping[str, Any], seat: int) -> dict[str, Any] | None:
    """The clock state for a player taking their seat back from a stand-in:
    at least an increment (and an hour) in the bank. None: no bank, or
    enough in it."""
    full, left = reserve(settings), bank_left(settings, seat)
    if full is None or left is None:
        return None
    floor = min(full, max(float(settings.get("increment_hours") or 0) * HOUR, RETURN_ALLOWANCE))
    if left >= floor:
        return None
    state = clock_state(settings)
    state["banks"][str(seat)] = floor
    return state


def with_pause(settings: Mapping[str, Any], now: float, days: float) -> dict[str, Any]:
    """The clock state with a pause of ``days`` from now (one under way is
    lengthened or shortened to it); 0 days ends a pause under way."""
    state = clock_state(settings)
    paused = [p for p in state["paused"] if p[1] > now - 365 * DAY]  # a year of history is plenty
    if paused and paused[-1][0] <= now < paused[-1][1]:
        paused[-1][1] = now + days * DAY
        if days == 0:
            paused[-1][1] = now
    elif days > 0:
        paused.append([now, now + days * DAY])
    state["paused"] = [p for p in paused if p[1] > p[0]]
    return state


def with_full_banks(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The clock state with every bank back to the full reserve (the table
    changed its reserve: everyone starts again, alike)."""
    state = clock_state(settings)
    state["banks"] = {}
    return state


# -- vacations ----------------------------------------------------------------------------


def away_used(periods: Iterable[Interval], now: float) -> float:
    """Days of vacation taken (or booked) in the 365 days up to ``now``."""
    window = (now - 365 * DAY, float("inf"))
    return sum(max(0.0, min(b, window[1]) - max(a, window[0])) for a, b in merged(periods)) / DAY


def away_until(periods: Iterable[Interval], now: float) -> float | None:
    return frozen_until(now, periods)


def book_away(periods: Iterable[Interval], now: float, days: float, per_year: float) -> list[Interval]:
    """The vacations with one of ``days`` from now (replacing one under way:
    its days not yet used go back to the allowance); 0 ends one under way.
    Raises ``ValueError`` with the days left when the allowance is short."""
    kept = [(a, b) for a, b in merged(periods) if b > now - 365 * DAY]
    current = next(((a, b) for a, b in kept if a <= now < b), None)
    if current is not None:
        kept.remove(current)
        if now > current[0]:
            kept.append((current[0], now))
    if days > 0:
        left = per_year - away_used(kept, now)
        if days > left + 1e-9:
            raise ValueError(f"{max(0.0, left):g}")
        kept.append((now, now + days * DAY))
    return merged(kept)
