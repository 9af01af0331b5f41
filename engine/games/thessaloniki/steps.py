"""Pending steps: how a turn, an effect or an interrupt waits for a choice.

Everything that happens in Thessaloniki is a *step* on the state's
``pending`` list, resolved first to last: the family draft, a turn's move,
the alcove's actions, each effect of a card or a chariot space, other
players' sell window, the Tax, the sunset, the end of the turn. A step is a
dict such as ``{"do": "raw", "good": "any", "n": 2, "seat": 1}``; its
``do`` names a ``Step`` in ``STEPS`` that knows how to resolve it.

A step is either *automatic* (gain 2 VP: it just happens) or waits for its
seats to choose one of its ``options``. Resolving a step may add new steps
in front of the rest (a contract's effects, a claimed ship's benefit), so
nested effects resolve before whatever was waiting. An optional step also
accepts ``pass`` ("You may always forfeit positive effects"); sunset steps
are mandatory ("must be always resolved").

``settle`` runs automatic steps, drops steps nobody can act on, and stops at
the first step that needs a choice: its seats are the ones ``to_move``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import IllegalAction, normalize_action, reject_unknown
from engine.games.thessaloniki.state import State

Item = dict[str, Any]
Result = tuple[list[Item], bool]
"""What resolving a choice gives: steps to add in front, and whether the
step itself stays (to be chosen from again)."""

PASS = "pass"
DONE = "done"


@dataclass
class Choice:
    run: Callable[[], Result]
    label: str | Callable[[], str]
    """Words for the player's own list; a callable when costly, so only
    listing the actions pays for it."""
    paying: dict[str, int] | None = None
    """The goods this choice spends, when its text may name them (``with``)."""

    def words(self) -> str:
        return self.label() if callable(self.label) else self.label


def finished(follow: list[Item] | None = None) -> Result:
    return (follow or [], False)


def again(follow: list[Item] | None = None) -> Result:
    return (follow or [], True)


class Step:
    """How one kind of pending step resolves. Subclasses override what they need."""

    finish: str | None = PASS
    """The word that ends the step without a choice; None when it is mandatory."""

    def automatic(self, state: State, item: Item) -> bool:
        return False

    def run(self, state: State, item: Item) -> list[Item]:
        """Resolve an automatic step; returns the steps it adds."""
        raise NotImplementedError

    def seats(self, state: State, item: Item) -> list[int]:
        return [item["seat"]]

    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        return {}

    def options_for(self, state: State, item: Item, seat: int, verb: str) -> dict[str, Choice]:
        """The options whose notation starts with ``verb`` (at least those:
        ``apply`` needs no others). Steps with many kinds of options work
        out only the ones asked for."""
        return self.options(state, item, seat)

    def has_options(self, state: State, item: Item, seat: int) -> bool:
        """Whether ``options`` would offer anything: ``settle`` asks this
        after every action, so steps with costly options answer it cheaply."""
        return bool(self.options(state, item, seat))

    def on_finish(self, state: State, item: Item, seat: int) -> Result:
        """``pass`` (or ``done``), or nothing left to choose."""
        return finished()

    def finish_label(self, state: State, item: Item) -> str:
        """What ``pass`` or ``done`` means here, for the player's own list."""
        if self.finish == DONE:
            return "End your actions (unused ⚡ are lost) and resolve the sunset"
        return "Pass: forfeit this effect"

    def prompt(self, state: State, item: Item) -> str:
        return "to choose"

    def explain(self, state: State, item: Item, seat: int, text: str) -> str | None:
        """A specific reason why ``text`` is not one of the options, if known."""
        return None


class Auto(Step):
    """A step that resolves without a choice."""

    finish = None

    def automatic(self, state: State, item: Item) -> bool:
        return True


STEPS: dict[str, Step] = {}


def step(kind: str) -> Callable[[type[Step]], type[Step]]:
    """Class decorator registering a step under its ``do`` name."""

    def register(cls: type[Step]) -> type[Step]:
        if kind in STEPS:
            raise RuntimeError(f"step {kind!r} registered twice")
        STEPS[kind] = cls()
        return cls

    return register


def current(state: State) -> tuple[Item, Step] | None:
    if not state["pending"]:
        return None
    item = state["pending"][0]
    return item, STEPS[item["do"]]


def waiting_seats(state: State) -> list[int]:
    found = current(state)
    if found is None:
        return []
    item, handler = found
    return handler.seats(state, item)


def settle(state: State) -> None:
    """Resolve automatic steps until one needs a choice (or none is left)."""
    pending = state["pending"]
    while pending:
        item = pending[0]
        handler = STEPS[item["do"]]
        if handler.automatic(state, item):
            pending.pop(0)
            pending[0:0] = handler.run(state, item)
            continue
        seats = handler.seats(state, item)
        if not seats:
            pending.pop(0)
            continue
        if len(seats) == 1 and not handler.has_options(state, item, seats[0]):
            pending.pop(0)
            follow, keep = handler.on_finish(state, item, seats[0])
            if keep:
                follow.append(item)
            pending[0:0] = follow
            continue
        return


def legal(state: State, seat: int) -> list[str]:
    found = current(state)
    if found is None:
        return []
    item, handler = found
    if seat not in handler.seats(state, item):
        return []
    actions = list(handler.options(state, item, seat))
    if handler.finish is not None:
        actions.append(handler.finish)
    return actions


def labels(state: State, seat: int) -> dict[str, str]:
    found = current(state)
    if found is None:
        return {}
    item, handler = found
    if seat not in handler.seats(state, item):
        return {}
    result = {key: choice.words() for key, choice in handler.options(state, item, seat).items()}
    if handler.finish is not None:
        result[handler.finish] = handler.finish_label(state, item)
    return result


def normalise(text: str) -> str:
    """Lower case, single spaces, and the obvious variants: "fulfil" for
    "fulfill", "ship 2" for "ship2"."""
    words = normalize_action(text).split(" - ", 1)[0].strip().split()
    fixed: list[str] = []
    for word in words:
        if word == "fulfil":
            word = "fulfill"
        if fixed and fixed[-1] == "ship" and word.isdigit():
            fixed[-1] = f"ship{word}"
            continue
        fixed.append(word)
    return " ".join(fixed)


def resolve_text(text: str, options: dict[str, Choice]) -> str | None:
    """The option a player's text means: exact, or the first (cheapest) way
    to pay when the ``with ...`` part is left out."""
    if text in options:
        return text
    paid = [key for key in options if key.split(" with ", 1)[0] == text]
    if paid:
        return paid[0]
    if " with " in text:
        # The goods may be named in any order ("with grain grape grain"), or
        # named where there was no choice to make.
        head, goods = text.split(" with ", 1)
        wanted = _goods_or_none(goods)
        for key, choice in options.items():
            if key.split(" with ", 1)[0] == head and wanted is not None and choice.paying == wanted:
                return key
    return None


def _goods_or_none(words: str) -> dict[str, int] | None:
    from engine.games.thessaloniki.storage import parse_goods

    try:
        return parse_goods(words.split())
    except IllegalAction:
        return None


def _drop(state: State, item: Item) -> None:
    """Remove this very step (choices never reorder the pending list, but a
    step equal to it may wait further back)."""
    for index, pending in enumerate(state["pending"]):
        if pending is item:
            del state["pending"][index]
            return


def apply(state: State, seat: int, text: str) -> None:
    """Resolve the current step with the seat's action (in place)."""
    found = current(state)
    if found is None:
        raise IllegalAction("The game is over; no more actions can be played.")
    item, handler = found
    wanted = normalise(text)
    if handler.finish is not None and wanted == handler.finish:
        state["pending"].pop(0)
        follow, keep = handler.on_finish(state, item, seat)
    else:
        options = handler.options_for(state, item, seat, wanted.split(" ", 1)[0])
        key = resolve_text(wanted, options)
        if key is None:
            reason = handler.explain(state, item, seat, wanted)
            if reason:
                raise IllegalAction(reason)
            allowed = list(handler.options(state, item, seat)) + ([handler.finish] if handler.finish else [])
            raise reject_unknown(wanted, allowed)
        follow, keep = options[key].run()
        _drop(state, item)
    if keep:
        follow.append(item)
    state["pending"][0:0] = follow
    settle(state)
