"""The Chariot track: advancing and its rewards.

Rules quoted here:
- Officina and Mercatus sunset: "Advance your Chariot marker by 1 plus the
  number of your Mosaics on the Entrance section of the Side board. Resolve
  all effects from each space you advance on."
- "For each step that you cannot take above space 14 of the Chariot track,
  gain 1 VP."
- C25: "Whenever you advance on the [chariot track] any number of steps, you
  may also Sell 1 Good overall."  F7: "This applies every time you advance
  on [the chariot track] regardless of the effect that allows it."
"""

from __future__ import annotations

from typing import Any

from engine.games.thessaloniki import storage
from engine.games.thessaloniki.state import State, abilities_of, as_items, colour_of, comp, note, seat_title


def sunset_steps(state: State, seat: int) -> int:
    """1 plus the seat's Mosaics on the Entrance."""
    colour = colour_of(state, seat)
    return 1 + sum(1 for c in state["entrance"] if c == colour)


def advance(state: State, seat: int, steps: int) -> list[dict[str, Any]]:
    """Start moving the seat's chariot: one step at a time, each space's
    reward resolved before the next step; then the abilities that watch
    advancing."""
    note(state, f"{seat_title(state, seat)} advances the chariot {steps} step{'s' if steps != 1 else ''}")
    follow: list[dict[str, Any]] = [{"do": "chariot_step", "seat": seat} for _ in range(steps)]
    for held in abilities_of(state, seat, "chariot_vp"):
        storage.gain_vp(state, seat, held["vp"])
    if abilities_of(state, seat, "chariot_sell"):
        follow.append({"do": "sell", "mode": "same", "max": 1, "seat": seat, "source": "c25"})
    return follow


def step_forward(state: State, seat: int) -> list[dict[str, Any]]:
    """One step: the reward of the space reached, or 1 VP beyond the 14th."""
    c = comp()
    data = state["seats"][seat]
    if data["chariot"] >= len(c.chariot_spaces):
        return as_items(c.chariot_beyond, seat, source="chariot")
    data["chariot"] += 1
    return as_items(c.chariot_spaces[data["chariot"] - 1], seat, source="chariot")
