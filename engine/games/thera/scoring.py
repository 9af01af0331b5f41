"""Recognition: during the game and at the end.

Rulebook: "Players flip over all their buildings and add together the
Recognition on buildings they have built as well as any bonus recognition
they earned during the game. Players also receive 1/4 Recognition for every
drachma they have left. There is no penalty for unbuilt luxury building in
your hand. The player with the most Recognition ... wins the game."

Ties (the rulebook is silent; ours): the tied player with more luxury
buildings built wins — the Proconsul came for the luxuries; if still tied,
the one with more resources left on their island; if still tied, they share
the victory.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.core import SEAT_COLOURS, Outcome
from engine.games.thera.components import COMPONENTS
from engine.games.thera.state import State, total_resources

DRACHMA_PER_POINT = 4


@dataclass(frozen=True)
class Score:
    buildings: int
    bonus: int
    drachma: int
    luxuries: int
    resources: int

    @property
    def total(self) -> Fraction:
        return self.buildings + self.bonus + Fraction(self.drachma, DRACHMA_PER_POINT)


def building_recognition(state: State, seat: int) -> int:
    """Recognition printed on the seat's buildings."""
    return sum(COMPONENTS.building(b).recognition for b in state["mats"][seat]["buildings"] if b)


def luxuries_built(state: State, seat: int) -> int:
    """How many luxury buildings the seat has built."""
    return sum(1 for b in state["mats"][seat]["buildings"] if b in COMPONENTS.luxuries)


def score(state: State, seat: int) -> Score:
    """The seat's final score and tie-break figures."""
    return Score(
        building_recognition(state, seat),
        state["bonus"][seat],
        state["drachma"][seat],
        luxuries_built(state, seat),
        total_resources(state, seat),
    )


def outcome(state: State) -> Outcome:
    """Scores, winners after the tie-breaks, and one line of breakdown per seat."""
    scores = [score(state, seat) for seat in range(state["players"])]
    best = max(s.total for s in scores)
    leaders = [seat for seat, s in enumerate(scores) if s.total == best]
    notes = [
        f"{SEAT_COLOURS[seat]}: {s.buildings} from buildings + {s.bonus} bonus + {s.drachma} drachma / 4 = "
        f"{_points(s.total)} ({s.luxuries} luxur{'y' if s.luxuries == 1 else 'ies'})"
        for seat, s in enumerate(scores)
    ]
    winners = leaders
    for name, key in (
        ("more luxury buildings", lambda s: s.luxuries),
        ("more resources left on the island", lambda s: s.resources),
    ):
        if len(winners) == 1:
            break
        top = max(key(scores[seat]) for seat in winners)
        narrowed = [seat for seat in winners if key(scores[seat]) == top]
        if len(narrowed) < len(winners):
            names = ", ".join(SEAT_COLOURS[s] for s in winners)
            notes.append(f"Tie at {_points(best)} between {names}: broken by {name}.")
        winners = narrowed
    if len(winners) > 1:
        notes.append(
            f"Still tied after luxuries and resources: {', '.join(SEAT_COLOURS[s] for s in winners)} share the victory."
        )
    reason = "the Proconsul has arrived; most recognition"
    return Outcome(tuple(float(s.total) for s in scores), tuple(winners), reason, tuple(notes))


def _points(value: Fraction) -> str:
    return f"{float(value):g}"
