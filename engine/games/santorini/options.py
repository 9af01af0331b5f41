"""The options of a Santorini table: which gods, which mode, which pool.

``{}`` is the base game without gods (the platform issue fixed it that way):
1 vs 1, the start player places both workers, then the other player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import IllegalAction, Option
from engine.games.santorini.gods import GODS

GOD_MODES = ("none", "chosen", "draft", "random", "party")


@dataclass(frozen=True)
class GodsOption(Option):
    """The ``gods`` option: a way of handing out gods, or the gods themselves
    listed in seat order (``artemis,demeter``). ``choices`` lists the ways
    (front ends suggest them); ``parse`` also takes a list of gods."""

    def describe_allowed(self) -> str:
        return f"{', '.join(GOD_MODES)}, or one god per player in seat order such as artemis,demeter"

    def parse(self, name: str, raw: Any) -> str:
        text = str(raw).strip().lower()
        if text in GOD_MODES:
            return text
        names = [part for part in text.replace("+", ",").replace(" ", ",").split(",") if part]
        unknown = [n for n in names if n not in GODS]
        if not names or unknown:
            bad = unknown[0] if unknown else text
            raise IllegalAction(f"`{name}` cannot be {bad!r}: use {self.describe_allowed()}. Gods: {', '.join(GODS)}.")
        if len(set(names)) != len(names):
            raise IllegalAction("Each god can be in a game only once.")
        return ",".join(names)


OPTIONS: dict[str, Option] = {
    "gods": GodsOption(
        "none",
        help="none (base game); chosen (the challenger offers one god per player, the others pick first); "
        "draft (the same from a random offer); random; party (random gods that change hands whenever "
        "a dome is built); or a list such as artemis,demeter",
        choices=GOD_MODES,
        items=tuple(GODS),
    ),
    "mode": Option(
        "standard",
        help="standard (1 vs 1 or 3 players), teams (2 vs 2: partners across the table share "
        "workers and win together) or agora (4 players, partners across share workers but "
        "each plays to win alone)",
        choices=("standard", "teams", "agora"),
    ),
    "start": Option(
        "first",
        help="who starts: first (Blue, the first seat; with chosen or drafted gods the challenger "
        "picks), random (a roll-off) or choose (Blue picks the start player)",
        choices=("first", "random", "choose"),
    ),
    "pool": Option(
        "all",
        help="which gods may be offered or dealt: simple (the ten simple gods), advanced (all others) or all",
        choices=("all", "simple", "advanced"),
    ),
}


def fixed_gods(value: str) -> list[str] | None:
    """The god list of a ``gods=a,b`` option, or None for a hand-out mode."""
    return None if value in GOD_MODES else value.split(",")
