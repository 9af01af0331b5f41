"""A small decision asked on behalf of a longer process (a World Event, the
Creatures' turn, a casting window): one seat picks one of a few options.

The process frame pushes a ``choose`` frame naming itself (``parent``) and a
``key``, suspends itself, and reads ``answers[key]`` when it resumes.
Notation: ``<verb> <option>`` (or the option alone when the verb is empty).

An order (``ORDERS``: "the Favorite of the gods determines the order in
which they attack") is asked one option at a time, again over the options
left; ``unleash hydra cetus sphinx`` gives the whole order at once: the first
answer now, the others kept on the process frame and given when the same
question comes back, exactly as if they were typed then (one that is no
longer an option drops the rest, and the question is asked).
"""

from __future__ import annotations

from itertools import permutations

from engine.core import IllegalAction
from engine.games.hellenica.steps import Step, current, finish, push, register


def frame_by_id(state: dict, frame_id: int) -> dict | None:
    return next((f for f in state["stack"] if f["id"] == frame_id), None)


def suspend(frame: dict) -> None:
    """Let the frame run again (``enter``) once the frames pushed above it finish."""
    frame["entered"] = False


def ask(
    state: dict,
    parent: dict,
    key: str,
    seat: int,
    verb: str,
    options: list[str],
    prompt: str,
    labels: dict[str, str] | None = None,
) -> None:
    """Push a choice for ``seat`` and suspend ``parent`` until it is answered
    (at once, from an order given ahead: ``ORDERS``)."""
    planned = planned_answer(parent, key, seat, options)
    if planned is not None:
        state["next_id"] += 1  # the question the single steps would have asked
        parent.setdefault("answers", {})[key] = planned
        suspend(parent)
        return
    push(
        state,
        "choose",
        seat=seat,
        parent=parent["id"],
        key=key,
        verb=verb,
        options=list(options),
        prompt=prompt,
        labels=dict(labels or {}),
    )
    suspend(parent)


ORDERS = ("unleash",)
"""Verbs of questions asked again over the options left, until all are ordered."""
WHOLE_ORDERS_UP_TO = 5
"""Options an order may have for the menus to offer it whole (5 give 120
orders, in three clicks; more would need more)."""
PLANNED = "planned"
"""The process frame's key for the rest of an order given at once."""


def whole_orders(state: dict, seat: int) -> list[str]:
    """Every whole order of the question asked now, if it is an order put to
    ``seat`` (``unleash hydra cetus``: the last option needs no answer), for
    the menus; none for two options (the first answer is the order) or for
    more than ``WHOLE_ORDERS_UP_TO``."""
    frame = current(state)
    if frame is None or frame["kind"] != "choose" or frame["verb"] not in ORDERS or frame["seat"] != seat:
        return []
    options = frame["options"]
    if not 3 <= len(options) <= WHOLE_ORDERS_UP_TO:
        return []
    return [command(frame["verb"], " ".join(order)) for order in permutations(options, len(options) - 1)]


def planned_answer(parent: dict, key: str, seat: int, options: list[str]) -> str | None:
    """The next answer of an order the same seat gave at once to this
    question, if it is still an option (else the rest of the order is dropped)."""
    plans = parent.get(PLANNED, {})
    plan = plans.get(key)
    if not plan:
        return None
    rest = plan["rest"]
    answer = rest.pop(0) if plan["seat"] == seat and rest[0] in options else None
    if answer is None or not rest:
        del plans[key]
        if not plans:
            del parent[PLANNED]
    return answer


def command(verb: str, option: str) -> str:
    return f"{verb} {option}" if verb else option


@register
class ChooseStep(Step):
    kind = "choose"

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        return [command(frame["verb"], option) for option in frame["options"]]

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        words = action.split()
        order = words[1:] if frame["verb"] in ORDERS and words[:1] == [frame["verb"]] and len(words) > 2 else []
        if order:  # ``unleash hydra cetus``: the whole order at once
            if len(set(order)) != len(order) or not set(order) <= set(frame["options"]):
                raise IllegalAction(
                    f"Give each of {', '.join(f'`{o}`' for o in frame['options'])} at most once, "
                    f"first to act first: `{frame['verb']} {' '.join(frame['options'])}`."
                )
            action = command(frame["verb"], order[0])
        chosen = next((o for o in frame["options"] if command(frame["verb"], o) == action), None)
        if chosen is None:
            shown = ", ".join(f"`{command(frame['verb'], o)}`" for o in frame["options"][:8])
            more = "" if len(frame["options"]) <= 8 else f" (and {len(frame['options']) - 8} more)"
            raise IllegalAction(f"{frame['prompt'][0].upper()}{frame['prompt'][1:]}: {shown}{more}.")
        parent = frame_by_id(state, frame["parent"])
        if parent is not None:
            parent.setdefault("answers", {})[frame["key"]] = chosen
            if order[1:]:
                parent.setdefault(PLANNED, {})[frame["key"]] = {"seat": seat, "rest": order[1:]}
        finish(state, frame)

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        option = action[len(frame["verb"]) + 1 :] if frame["verb"] else action
        return frame["labels"].get(option, f"{frame['prompt']}: {option}")

    def title(self, state: dict, frame: dict) -> str:
        return frame["prompt"]
