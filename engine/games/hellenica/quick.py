"""Quick steps (option ``quick``): a decision with a single possible choice
is played at once instead of waiting for a command.

"A player must Pass if they have no available Actions to take this turn":
such steps are no decision at all — passing with nothing left to do, ending
a Movement with nothing left to move, a bid of 0 without Favor, the only
unit to destroy. Playing them at once changes no rule; it only saves the
players a command each. A seat keeps the step while it could cast an
Invocation (it may want to cast first); trades, open at any time, do not
hold a step back.

Games stored before the option existed have no ``quick`` in their options
and replay as they were played; ``new`` leaves it off unless asked, the
table asks for it (its default).

Several steps in one command (``play_in_one``, not an option): a seat may
write its own steps in a row separated by commas, ``supply megara from
athens, move all panactum``, when nobody else decides between them.
"""

from __future__ import annotations

from typing import Protocol

from engine.core import IllegalAction
from engine.games.hellenica import invocations, phases
from engine.games.hellenica.ai.grudges import GRUDGES, note_action
from engine.games.hellenica.notation import listing
from engine.games.hellenica.read_cache import reading
from engine.games.hellenica.state import copy_for_play, seat_name
from engine.games.hellenica.steps import STEPS, current, open_frame

QUICK = "quick"
QUICK_HELP = (
    "Play a step at once when it is the only choice left (passing with no action left, ending a "
    "Movement with nothing left to move, a bid of 0 without Favor, the only unit to destroy); "
    "never while you could cast an Invocation."
)
STEP_LIMIT = 10_000
"""More forced steps in a row than a game has: a loop would be a bug."""


def enabled(state: dict) -> bool:
    return bool(state["options"].get(QUICK, False))


def forced(state: dict, asked: dict[int, list[str]] | None = None) -> tuple[int, str] | None:
    """The first seat now to decide whose only choice is one action, with it;
    ``asked`` collects the legal actions of each seat looked at."""
    frame = current(state)
    if state["phase"] == "over" or frame is None:
        return None
    step = STEPS[frame["kind"]]
    ai = state.get("ai_seats", ())
    with reading(state):  # listing actions only reads: who owns which city is asked again and again
        for seat in step.seats(state, frame):
            if seat in ai:
                continue
            actions = step.legal(state, frame, seat)
            if asked is not None:
                asked[seat] = actions
            if len(actions) == 1 and not invocations.free_commands(state, seat):
                return seat, actions[0]
    return None


def play_forced(state: dict) -> dict[int, list[str]]:
    """Play every forced step in turn (on a state ``play`` already copied).
    Returns the current step's legal actions of every seat to decide in the
    state it leaves (all of them were asked to find none forced; none when
    quick steps are off), so they need not be worked out again."""
    if not enabled(state):
        return {}
    for _ in range(STEP_LIMIT):
        asked: dict[int, list[str]] = {}
        found = forced(state, asked)
        if found is None:
            return asked
        seat, action = found
        # a forced World Event choice aimed at an AI player still earns its grudge
        before = (
            copy_for_play(state) if state.get("ai_seats") and action.split()[0] in GRUDGES["event_choices"] else state
        )
        frame = open_frame(state)  # ``forced`` found a seat to move
        STEPS[frame["kind"]].play(state, frame, seat, action)
        if before is not state:
            note_action(before, state, seat, action)
        phases.advance(state)
    raise RuntimeError("quick steps did not come to an end")


# ---------------------------------------------------------------------------
# Several steps in one command

STEP_SEPARATOR = ","


class _Game(Protocol):
    def _play(self, state: dict, seat: int, action: str) -> dict: ...
    def to_move(self, state: dict) -> list[int]: ...
    def reveals(self, before: dict, seat: int, action: str, after: dict) -> bool: ...


def play_in_one(game: _Game, state: dict, seat: int, text: str) -> dict:
    """``supply megara from athens, move all panactum``: a seat's own steps
    in a row, written as one command. It is exactly those steps played one
    after another, so no rule changes; it is refused as a whole (nothing is
    played) when a step is refused, when someone else has to decide before a
    next step (a casting window, a defender, the other bidders), or when a
    step but the last reveals something (dice, a drawn card, opened bids):
    nobody commits to a step before seeing what the one before it showed."""
    steps = [step.strip() for step in text.split(STEP_SEPARATOR)]
    if not all(steps):
        raise IllegalAction(
            "Separate your steps with single commas, e.g. `supply megara from athens, move all panactum`."
        )
    before = after = state
    for number, step in enumerate(steps):
        if number:
            waiting = game.to_move(after)
            if waiting != [seat]:
                raise IllegalAction(
                    f"`{step}` cannot come in the same command: after `{steps[number - 1]}` "
                    + (
                        f"{listing(others)} {'decides' if len(others) == 1 else 'decide'} first."
                        if (others := [seat_name(s) for s in waiting if s != seat])
                        else "the decision is no longer yours."
                    )
                )
            if game.reveals(before, seat, steps[number - 1], after):
                raise IllegalAction(
                    f"`{steps[number - 1]}` reveals something (dice, a card, bids): send `{step}` once you have seen it."
                )
        before = after
        try:
            after = game._play(after, seat, step)
        except IllegalAction as refusal:
            raise IllegalAction(f"Step {number + 1}, `{step}`: {refusal}") from None
    return after
