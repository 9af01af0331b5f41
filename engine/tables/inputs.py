"""The service's front door: every value a caller hands a public ``Tables``
method is checked for type and range before anything is read or stored.

Front ends pass what users typed or what Discord sent; a wrong-typed id (a
bytes user id once joined a game and broke it), an id past 64 bits, or a
name with a lone surrogate must become a clear refusal, never a stored
value or an exception from deep inside SQLite or JSON.
"""

from __future__ import annotations

import functools
import inspect
import math
import unicodedata
from collections.abc import Callable
from typing import Any, TypeVar

from engine.tables.model import TableError

ID_LIMIT = 2**63
"""Discord ids (snowflakes) and our own ids fit a signed 64-bit integer."""
NAME_LIMIT = 32
"""Discord's own limit for a display name."""
ACTION_LIMIT = 1000
"""Far beyond any notation; the game refuses anything over its own limit."""

F = TypeVar("F", bound=Callable[..., Any])


def an_id(value: Any, what: str, *, optional: bool = False) -> int | None:
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TableError(f"That is not a valid {what} (a whole number is needed, not {type(value).__name__}).")
    if not 0 <= value < ID_LIMIT:
        raise TableError(f"That is not a valid {what}: {value} is out of range.")
    return value


def text(value: Any, what: str, limit: int) -> str:
    if not isinstance(value, str):
        raise TableError(f"The {what} must be text, not {type(value).__name__}.")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise TableError(f"The {what} has a broken character (a lone surrogate); type it again.") from None
    if len(value) > limit:
        raise TableError(f"The {what} is too long ({len(value)} characters; at most {limit}).")
    return value


def player_name(value: Any) -> str:
    """A seat's name: printable, single-spaced, 1 to 32 characters."""
    name = text(value, "name", 10_000)
    name = "".join(c for c in name if unicodedata.category(c)[0] != "C" or c == " ")
    name = " ".join(name.split())
    if not name:
        raise TableError("A player needs a name with at least one visible character.")
    if len(name) > NAME_LIMIT:
        raise TableError(f"Names are at most {NAME_LIMIT} characters (as on Discord); {name[:12]}… has {len(name)}.")
    return name


def options(value: Any) -> Any:
    """Game options: names to plain values (the game checks the values)."""
    if value is None:
        return None
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise TableError("Options are written name=value, e.g. `gods=apollo,artemis`.")
    for key, item in value.items():
        if isinstance(item, str):
            text(item, f"value of {key[:20]}", 1000)
        elif not isinstance(item, (int, bool, list)):
            raise TableError(f"The option {key[:20]} cannot be {type(item).__name__}.")
    return value


def days(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise TableError("A number of days must be a number, such as 3 or 0.5.")
    return float(value)


CHECKS: dict[str, Callable[[Any], Any]] = {
    "days": days,
    "user_id": lambda v: an_id(v, "user id"),
    "game_id": lambda v: an_id(v, "game number"),
    "channel_id": lambda v: an_id(v, "channel id"),
    "guild_id": lambda v: an_id(v, "server id", optional=True),
    "parent_id": lambda v: an_id(v, "channel id", optional=True),
    "seed": lambda v: an_id(v, "seed", optional=True),
    "seat": lambda v: an_id(v, "seat"),
    "new_user_id": lambda v: an_id(v, "user id"),
    "target_user_id": lambda v: an_id(v, "user id"),
    "invitee_id": lambda v: an_id(v, "user id"),
    "seq": lambda v: an_id(v, "move number", optional=True),
    "at_seq": lambda v: an_id(v, "move number", optional=True),
    "name": player_name,
    "action": lambda v: text(v, "action", ACTION_LIMIT),
    "game": lambda v: text(v, "game name", 100),
    "level": lambda v: None if v is None else text(v, "bot level", 100),
    "options": options,
}


def checked(method: F) -> F:
    """``method`` with every argument named in ``CHECKS`` checked first."""
    signature = inspect.signature(method)
    names = [name for name in signature.parameters if name in CHECKS]
    if not names:
        return method

    # An argument annotated as optional may be None (a host-less lobby's user).
    optional = {name for name in names if "None" in str(signature.parameters[name].annotation)}
    # Where each checked argument sits when passed by position (``self`` is 0).
    # Found by index, not by ``signature.bind``: this runs on every move, and
    # binding cost more than the checks themselves.
    positions = {
        name: index
        for index, (name, parameter) in enumerate(signature.parameters.items())
        if name in names and parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD)
    }

    def check(name: str, value: Any) -> Any:
        if value is None and name in optional:
            return value
        return CHECKS[name](value)

    @functools.wraps(method)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        listed = list(args)
        for name in names:
            index = positions.get(name)
            if index is not None and index < len(listed):
                listed[index] = check(name, listed[index])
            elif name in kwargs:
                kwargs[name] = check(name, kwargs[name])
        return await method(*listed, **kwargs)

    return wrapper  # type: ignore[return-value]


def check_inputs(cls: type) -> type:
    """Wrap every public coroutine method of ``cls`` (inherited ones too) in
    ``checked``, so no entry point can be added without its checks."""
    for name in dir(cls):
        if name.startswith("_"):
            continue
        method = inspect.getattr_static(cls, name)
        if inspect.iscoroutinefunction(method):  # plain methods: not the classmethod ``open``
            setattr(cls, name, checked(method))
    return cls
