"""A small decision asked on behalf of a longer process (a World Event, the
Creatures' turn, a casting window): one seat picks one of a few options.

The process frame pushes a ``choose`` frame naming itself (``parent``) and a
``key``, suspends itself, and reads ``answers[key]`` when it resumes.
Notation: ``<verb> <option>`` (or the option alone when the verb is empty).
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.games.hellenica.steps import Step, finish, push, register


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
    """Push a choice for ``seat`` and suspend ``parent`` until it is answered."""
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


def command(verb: str, option: str) -> str:
    return f"{verb} {option}" if verb else option


@register
class ChooseStep(Step):
    kind = "choose"

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        return [command(frame["verb"], option) for option in frame["options"]]

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        chosen = next((o for o in frame["options"] if command(frame["verb"], o) == action), None)
        if chosen is None:
            shown = ", ".join(f"`{command(frame['verb'], o)}`" for o in frame["options"][:8])
            more = "" if len(frame["options"]) <= 8 else f" (and {len(frame['options']) - 8} more)"
            raise IllegalAction(f"{frame['prompt'][0].upper()}{frame['prompt'][1:]}: {shown}{more}.")
        parent = frame_by_id(state, frame["parent"])
        if parent is not None:
            parent.setdefault("answers", {})[frame["key"]] = chosen
        finish(state, frame)

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        option = action[len(frame["verb"]) + 1 :] if frame["verb"] else action
        return frame["labels"].get(option, f"{frame['prompt']}: {option}")

    def title(self, state: dict, frame: dict) -> str:
        return frame["prompt"]
