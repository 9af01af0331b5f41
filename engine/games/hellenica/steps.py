"""Decision frames: the stack of pending decisions that drives the game.

Every point where someone must decide is a *frame* on ``state["stack"]``: a
plain dict with a ``kind`` and an ``id``. The frame on top decides who may
act (``seats``), what they may do (``legal``) and what an action does
(``play``). A frame that needs a follow-up decision pushes another frame on
top (a Research action pushes the research step, a move into enemy units
pushes a combat); when a frame is finished it is removed and the one below
resumes. Several seats may act in one frame (the Ethos phase, a tie in
combat, part 2's secret bids and invocation windows): ``seats`` lists them
all and the frame closes when the last has acted.

New decision kinds register themselves with ``@register``; nothing else
needs to change for the phase loop (``phases.advance``) to run them.
"""

from __future__ import annotations

from typing import Any

from engine.core import IllegalAction, reject_unknown

Frame = dict


class Step:
    """One kind of decision frame. Subclasses set ``kind`` and override what
    they need; handlers mutate the (already cloned) state in place."""

    kind = ""

    def enter(self, state: dict, frame: Frame) -> None:
        """Runs once, when the frame first reaches the top of the stack. It
        may finish the frame at once (an automatic step)."""

    def seats(self, state: dict, frame: Frame) -> list[int]:
        if "waiting" in frame:
            return list(frame["waiting"])
        return [frame["seat"]]

    def legal(self, state: dict, frame: Frame, seat: int) -> list[str]:
        raise NotImplementedError

    def play(self, state: dict, frame: Frame, seat: int, action: str) -> None:
        raise NotImplementedError

    def explain(self, state: dict, frame: Frame, seat: int, action: str) -> str:
        """A short private wording of a legal action (for the action list)."""
        return action

    def title(self, state: dict, frame: Frame) -> str:
        """What the frame is waiting for, in a few words (for the picture)."""
        return self.kind

    # -- helpers ---------------------------------------------------------------

    def refuse(self, state: dict, frame: Frame, seat: int, action: str) -> IllegalAction:
        """The standard refusal for an action this frame does not know."""
        return reject_unknown(action, self.legal(state, frame, seat))


STEPS: dict[str, Step] = {}


def register(cls: type[Step]) -> type[Step]:
    """Class decorator: make a frame kind known to the phase loop."""
    if not cls.kind or cls.kind in STEPS:
        raise RuntimeError(f"step kind {cls.kind!r} is empty or registered twice")
    STEPS[cls.kind] = cls()
    return cls


def push(state: dict, kind: str, **data: Any) -> Frame:
    """Put a new decision on top of the stack and return it."""
    if kind not in STEPS:
        raise RuntimeError(f"unknown step kind {kind!r}")
    frame: Frame = {"kind": kind, "id": state["next_id"], **data}
    state["next_id"] += 1
    state["stack"].append(frame)
    return frame


def finish(state: dict, frame: Frame) -> None:
    """Remove a frame (wherever it is: an automatic step may already have
    pushed follow-ups above it)."""
    state["stack"] = [f for f in state["stack"] if f["id"] != frame["id"]]


def current(state: dict) -> Frame | None:
    return state["stack"][-1] if state["stack"] else None


def open_frame(state: dict) -> Frame:
    """The frame on top, where the caller knows one is open (a seat is to move,
    or an action has just pushed its follow-up)."""
    return state["stack"][-1]


def done_waiting(state: dict, frame: Frame, seat: int) -> None:
    """A seat of a simultaneous frame has acted; close the frame after the last."""
    frame["waiting"] = [s for s in frame["waiting"] if s != seat]
    if not frame["waiting"]:
        finish(state, frame)
