"""Facts worked out once while one state is only being read (a view, or the
``medium`` planner valuing a position).

A view asks the same questions of a state many times: who owns which city
(every objective check, every Temple count) and whether an objective is met
(the player's row, then the seat's own Ethos cards). The planner's measures
ask how near each seat stands to the others' Home Cities and how far the
cities to take lie, for several seats and several times over. Inside
``reading(state)`` the answers are kept for that one state object; outside
it nothing is kept, so rules that change a state in place never see an old
answer. A view never changes the state it reads (and a state the table holds
is never changed once made).

The scope is a context variable, so views worked out at the same time in
other threads or tasks keep their own.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar, Token
from types import TracebackType
from typing import Any

_READING: ContextVar[tuple[dict, dict[Any, Any]] | None] = ContextVar("hellenica_reading", default=None)


class reading:  # noqa: N801 - used like a function: ``with reading(state):``
    """Keep answers about ``state`` until the block ends (a block inside one
    for the same state shares its answers)."""

    __slots__ = ("_state", "_token")

    def __init__(self, state: dict):
        self._state = state
        self._token: Token | None = None

    def __enter__(self) -> None:
        known = _READING.get()
        if known is None or known[0] is not self._state:
            self._token = _READING.set((self._state, {}))

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._token is not None:
            _READING.reset(self._token)
            self._token = None


def memo_for(state: object) -> dict[Any, Any] | None:
    """The answers kept for ``state``, or None when it is not being read."""
    known = _READING.get()
    if known is not None and known[0] is state:
        return known[1]
    return None


def remembered(state: object, key: Any, work: Callable[[], Any]) -> Any:
    """``work()``, worked out once per ``key`` while ``state`` is being read
    (every time when it is not). The answer is shared: callers only read it."""
    memo = memo_for(state)
    if memo is None:
        return work()
    if key not in memo:
        memo[key] = work()
    return memo[key]
