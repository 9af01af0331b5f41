"""The shape of a Thessaloniki state and the small helpers every rule uses.

A state is a plain JSON tree (dicts, lists, strings, ints), so ``copy_state``
copies it fast and ``dump`` is just such a copy. Its keys:

- ``players``, ``options``, ``rng`` (the ``Rng`` state as an int), ``draws``
  (how many hidden cards or tiles have been turned up; see ``reveals``)
- ``phase``: ``draft`` (family cards), ``play`` or ``over``
- ``round``, ``active`` (whose turn), ``turn`` (this turn's bookkeeping)
- ``seats``: one dict per player (goods, denarii, VP, pieces, hand, ...)
- ``alcoves``: alcove -> worker tokens from the rightmost space leftwards;
  a token is ``"<colour>:P"`` (Patrician), ``"<colour>:M"`` (Merchant) or
  ``"salt"`` (the Salt merchant)
- ``pool``: denarii left above the denarius space
- ``alcove_mosaics`` / ``alcove_statues``: alcove -> colours placed there;
  ``entrance``: colours of the Entrance mosaics
- ``offer`` (5 contract ids or None), ``offer_statues`` (colours per section),
  ``deck`` (top last), ``reserve`` (the other tier II cards), ``reserve_used``
- ``ships`` (4 spaces: None or ``{"id", "goods"}``), ``sailed``,
  ``ship_stack`` (top last), ``ship_aside``, ``ship_box``
- ``demand`` (active tiles in the order added, with the colours on their
  statue and mosaic spaces), ``demand_stacks`` (city -> ids, top last)
- ``families`` (family cards on display during the draft)
- ``end``: which end conditions are met and the last round, once triggered
- ``pending``: the steps still to resolve, first first (see ``steps``)
- ``log`` and ``events``: recent public events and how many there have been
- ``final``: the final scoring breakdown once the game is over
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine.core import Rng
from engine.games.thessaloniki.components import Components, components

State = dict[str, Any]
Seat = dict[str, Any]

LOG_KEEP = 40
"""How many recent events the state keeps for the picture and the log lines."""


def copy_state(state: Any) -> Any:
    """A deep copy of a state: the same result as ``engine.core.clone`` at
    a fraction of the cost. ``play`` copies the whole state on every move,
    so this is the engine's hottest line. The parts known to hold only
    words and numbers (the log, the decks, each seat's goods and cards, the
    workers in each alcove) are copied whole by one C-level call; everything
    else goes through ``copy_tree``."""
    if type(state) is not dict:
        return copy_tree(state)
    copied = state.copy()
    for key, value in copied.items():
        kind = type(value)
        if kind is list and key in _FLAT_LISTS:
            copied[key] = value[:]
        elif kind is dict and key in _DICTS_OF_FLAT_LISTS:
            copied[key] = {name: _flat(items) for name, items in value.items()}
        elif kind is list and key == "seats":
            copied[key] = [_copy_seat(seat) for seat in value]
        elif kind is dict or kind is list:
            copied[key] = copy_tree(value)
    return copied


_FLAT_LISTS = frozenset(
    {"log", "deck", "reserve", "offer", "ship_stack", "ship_aside", "ship_box", "entrance", "families"}
)
"""State keys whose value is a list of words or numbers (or None)."""

_DICTS_OF_FLAT_LISTS = frozenset({"alcoves", "alcove_mosaics", "alcove_statues", "demand_stacks"})
"""State keys whose value maps names to lists of words."""

_SEAT_FLAT = frozenset({"raw", "refined", "mosaics", "statues", "hand", "fulfilled", "ships"})
"""Seat keys whose value is a flat dict or list of words or numbers."""


def _flat(value: Any) -> Any:
    """A list or dict of words and numbers, copied; anything else in full."""
    if type(value) is list and not any(type(item) in _CONTAINERS for item in value):
        return value[:]
    return copy_tree(value)


_CONTAINERS = (dict, list)


def _copy_seat(seat: Any) -> Any:
    if type(seat) is not dict:
        return copy_tree(seat)
    copied = seat.copy()
    for key, value in copied.items():
        kind = type(value)
        if key in _SEAT_FLAT and (kind is dict or kind is list):
            copied[key] = value.copy()
        elif kind is dict or kind is list:
            copied[key] = copy_tree(value)
    return copied


def copy_tree(value: Any) -> Any:
    """A deep copy of a JSON tree of dicts, lists and scalars, faster than
    a copy node by node: leaves are copied with their container
    (``dict.copy``, a list slice) and only nested containers are visited."""
    if type(value) is dict:
        copied_dict = value.copy()
        for key, item in copied_dict.items():
            kind = type(item)
            if kind is dict or kind is list:
                copied_dict[key] = copy_tree(item)
        return copied_dict
    if type(value) is list:
        copied_list = value[:]
        for index, item in enumerate(copied_list):
            kind = type(item)
            if kind is dict or kind is list:
                copied_list[index] = copy_tree(item)
        return copied_list
    return value


def comp() -> Components:
    return components()


def seat_state(state: State, seat: int) -> Seat:
    return state["seats"][seat]


def colour_of(state: State, seat: int) -> str:
    return state["seats"][seat]["colour"]


def seat_of_colour(state: State, colour: str) -> int | None:
    """The seat playing ``colour``, or None for a colour nobody plays."""
    for seat, data in enumerate(state["seats"]):
        if data["colour"] == colour:
            return seat
    return None


def own_good(state: State, seat: int) -> str:
    """ "Your Good": the good of the seat's colour."""
    return comp().good_of(colour_of(state, seat))


def title(colour: str) -> str:
    return colour.capitalize()


def seat_title(state: State, seat: int) -> str:
    return title(colour_of(state, seat))


def turn_order_from(state: State, seat: int) -> Iterator[int]:
    """The other seats in turn order, starting after ``seat``."""
    for step in range(1, state["players"]):
        yield (seat + step) % state["players"]


def note(state: State, text: str) -> None:
    """Record a public event (shown in the picture and in the action's log line)."""
    state["log"].append(text)
    state["events"] += 1
    if len(state["log"]) > LOG_KEEP:
        del state["log"][: len(state["log"]) - LOG_KEEP]


def events_since(before: State, after: State) -> list[str]:
    """The public events ``after`` recorded since ``before``."""
    count = after["events"] - before["events"]
    if count <= 0:
        return []
    return after["log"][-count:]


class rng_of:
    """``with rng_of(state) as rng:`` draws from the state's generator and
    stores its new position back in the state."""

    def __init__(self, state: State):
        self.state = state
        self.rng = Rng.from_json(state["rng"])

    def __enter__(self) -> Rng:
        return self.rng

    def __exit__(self, *exc: Any) -> None:
        self.state["rng"] = self.rng.state


# ---------------------------------------------------------------------------
# Abilities: permanent contracts and the family card


def abilities(state: State, seat: int) -> list[dict[str, Any]]:
    """Every ability the seat holds: its family card and its fulfilled
    permanent contracts."""
    return [dict(held) for held in _held_abilities(state, seat)]


def _held_abilities(state: State, seat: int) -> Iterator[Mapping[str, Any]]:
    """The seat's abilities as the components hold them (never to be
    changed: the functions above and below hand out copies)."""
    data = state["seats"][seat]
    c = comp()
    if data["family"] is not None:
        yield c.families[data["family"]].ability
    for cid in data["fulfilled"]:
        ability = c.contracts[cid].ability
        if ability is not None:
            yield ability


def ability(state: State, seat: int, kind: str) -> dict[str, Any] | None:
    """The seat's first ability of ``kind``, or None."""
    for held in _held_abilities(state, seat):
        if held["kind"] == kind:
            return dict(held)
    return None


def abilities_of(state: State, seat: int, kind: str) -> list[dict[str, Any]]:
    return [dict(held) for held in _held_abilities(state, seat) if held["kind"] == kind]


def has(state: State, seat: int, kind: str) -> bool:
    return any(held["kind"] == kind for held in _held_abilities(state, seat))


def as_items(effects: Any, seat: int, **extra: Any) -> list[dict[str, Any]]:
    """Pending steps for a list of data effects resolved by ``seat``."""
    return [dict(plain(effect), seat=seat, **extra) for effect in effects]


def plain(value: Any) -> Any:
    """A JSON tree from data that may hold tuples and mappings."""
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value
