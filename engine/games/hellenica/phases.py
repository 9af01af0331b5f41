"""The turn sequence: set-up, then turn after turn of Ethos, Favorite of the
Gods, Action, and Upkeep (conquest first, then the rest).

"A game turn of Hellenica follows this sequence: Ethos Phase, Favorite of the
Gods Phase, Action Phase, Upkeep Phase."

Each phase has a runner ``run(state, first) -> bool``. The loop calls it
whenever no decision is pending: the first call (``first=True``) starts the
phase; it may push decision frames and return False to wait for them, and it
is called again once they are all resolved. It returns True when the phase
is over. Upkeep opens with a casting window for Upkeep Invocations
(``invoke``) and the Creatures' abilities (``creatures``), before conquest.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.games.hellenica import actions, creatures, deity_modes, ethos, favorite, invocations, setup, upkeep
from engine.games.hellenica.ai import driver as ai_driver
from engine.games.hellenica.steps import STEPS

Runner = Callable[[dict, bool], bool]

PHASES: tuple[tuple[str, Runner], ...] = (
    ("setup", setup.run_setup),
    ("ethos", ethos.run_ethos_phase),
    ("favorite", favorite.run_favorite_phase),
    ("actions", actions.run_action_phase),
    ("invoke", invocations.run_upkeep_window),
    ("creatures", creatures.run_creatures),
    ("conquest", upkeep.run_conquest),
    ("upkeep", upkeep.run_upkeep),
)
_RUNNERS = dict(PHASES)
_ORDER = [name for name, _ in PHASES]
TURN_START = "ethos"
"""Where each turn after upkeep begins again."""


def advance(state: dict) -> None:
    """Run automatic work until someone has to decide or the game is over."""
    while state["phase"] != "over":
        stack = state["stack"]
        if stack:
            frame = stack[-1]
            if frame.get("entered"):
                if ai_driver.act(state, frame):  # an AI seat decides by the rulebook's AI rules
                    continue
                return
            frame["entered"] = True
            STEPS[frame["kind"]].enter(state, frame)
            continue
        if deity_modes.enforce(state):  # Rival Deities: "If, at any time, a player owns Temples to 2..."
            continue
        first = not state["phase_started"]
        state["phase_started"] = True
        if _RUNNERS[state["phase"]](state, first) and state["phase"] != "over":
            state["phase"] = _next_phase(state["phase"])
            state["phase_started"] = False


def _next_phase(phase: str) -> str:
    index = _ORDER.index(phase) + 1
    return _ORDER[index] if index < len(_ORDER) else TURN_START
