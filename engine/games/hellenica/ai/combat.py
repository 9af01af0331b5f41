"""Combat choices of the AI.

- "AI Players never Withdraw from Combat."
- "AI Players will destroy the enemy unit that would result in the least
  number of dice being rolled in the next Combat Round. If there is no
  difference in the number of dice to be rolled, then destroy a random elite
  unit before a regular unit. At Sea, always destroy an elite Trireme before a
  regular Trireme."
- A Yellow ``-`` with both a Hero and Alcibiades there: the AI loses the
  Hero (our AI World Events Reference Sheet's loss order; Alcibiades, who
  does not count against the hero limit, cannot be trained again).
- AI Players have no Advancements, so never a Brilliant General or Admiral
  to place; they "do not cast Invocations".
"""

from __future__ import annotations

from engine.games.hellenica.combat import dice_pool, side, unit_choices, walls_stand
from engine.games.hellenica.notation import parse_unit
from engine.games.hellenica.state import rng_of, store_rng


def dice_after(state: dict, frame: dict, enemy: int, token: str) -> int:
    """Dice the enemy would roll next round without one unit of ``token``."""
    units = [dict(s) for s in side(state, frame["area"], enemy)]
    kind, elite = parse_unit(token)  # type: ignore[misc]
    for stack in units:
        if stack["kind"] == kind and stack["elite"] == elite:
            stack["n"] -= 1
            break
    units = [s for s in units if s["n"] > 0]
    defending = enemy != frame["attacker"]
    walls = not frame["sea"] and defending and walls_stand(state, frame["area"], enemy)
    return sum(dice_pool(units, sea=frame["sea"], defender=defending, walls=walls).values())


def casualty(state: dict, frame: dict, seat: int) -> str:
    """The ``destroy <unit>`` the AI picks as a round's winner."""
    enemy = frame["defender"] if seat == frame["attacker"] else frame["attacker"]
    choices = unit_choices(state, frame["area"], enemy)
    fewest = min(dice_after(state, frame, enemy, token) for token in choices)
    best = [t for t in choices if dice_after(state, frame, enemy, t) == fewest]
    elite = [t for t in best if t.startswith("elite-")]
    pool = elite or best
    if len(pool) == 1:
        return f"destroy {pool[0]}"
    rng = rng_of(state)
    token = pool[rng.below(len(pool))]
    store_rng(state, rng)
    return f"destroy {token}"


def decision(state: dict, frame: dict, seat: int, legal: list[str]) -> str:
    """Every combat decision of an AI seat."""
    if frame["step"] == "casualties":
        return casualty(state, frame, seat)
    if frame["step"] == "hero":  # our sheet's loss order: a Hero before Alcibiades
        from engine.games.hellenica.ai.event_choices import LOSS_ORDER

        return min(legal, key=lambda action: LOSS_ORDER.index(action.split()[1]))
    if "roll" in legal:
        return "roll"
    return "fight"
