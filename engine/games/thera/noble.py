"""The Noble: luxury picks in turn order, and the favored Noble's extras.

Rulebook: "Take one luxury building from the luxury pool, and add it unbuilt
side up to your hand. This action is taken in turn order, so the favored
player gets first pick ... If after every player has picked a luxury, there
are any luxuries left in the pool, discard them." Favored: "If there are four
(4) or more favor on the Noble, you may take an additional luxury ... This
happens before any other player picks". "If there are six (6) or more favor
on the Noble, you may construct a luxury from your hand". "For every three
(3) favor on the Noble, take a drachma from the supply."

The phase is sequential: each seat in turn order takes its whole Noble turn
(``phase.cursor``), the favored player first. The first pick is compulsory
while the pool holds a luxury; the favored second pick is optional.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import IllegalAction
from engine.games.thera.components import COMPONENTS
from engine.games.thera.notation import Action
from engine.games.thera.phase import allowance, at_least, every, grant, mark_acted, rules, use
from engine.games.thera.state import State

RULES = rules("noble")

SEQUENTIAL = True


def begin(state: State) -> None:
    """The favored drachma and every seat's picks (and the favored build)."""
    for seat in range(state["players"]):
        state["drachma"][seat] += every(state, seat, int(RULES["drachma_per"]))
        picks = int(RULES["picks"])
        grant(state, seat, "must_pick", picks)
        if at_least(state, seat, int(RULES["second_pick_at"])):
            grant(state, seat, "may_pick")
        if at_least(state, seat, int(RULES["build_at"])):
            grant(state, seat, "luxury")


def options(state: State, seat: int) -> Iterator[str]:
    """Every ``take`` the seat may make now."""
    if allowance(state, seat, "must_pick") or allowance(state, seat, "may_pick"):
        for luxury in sorted(set(state["pool"])):
            yield f"take {luxury}"


def has_work(state: State, seat: int) -> bool:
    """Whether the seat still has a pick (from a non-empty pool) or a build."""
    picking = allowance(state, seat, "must_pick") or allowance(state, seat, "may_pick")
    return bool((picking and state["pool"]) or allowance(state, seat, "luxury"))


def must_act(state: State, seat: int) -> str | None:
    """Why ``done`` is not allowed yet, or None."""
    if allowance(state, seat, "must_pick") and state["pool"]:
        return "Take a luxury from the pool first (`take <luxury>`); the Noble's pick is not optional."
    return None


def apply_take(state: State, seat: int, action: Action) -> None:
    """``take <luxury>``: pick a luxury from the pool into your hand."""
    luxury = action.luxuries[0]
    key = "must_pick" if allowance(state, seat, "must_pick") else "may_pick"
    if not allowance(state, seat, key):
        raise IllegalAction("You have taken every luxury you may take this phase.")
    if luxury not in state["pool"]:
        raise IllegalAction(
            f"There is no {COMPONENTS.luxuries[luxury].name} ({luxury}) in the pool; it holds "
            f"{', '.join(sorted(state['pool'])) or 'nothing'}."
        )
    mark_acted(state, seat)
    use(state, seat, key)
    state["pool"].remove(luxury)
    state["hands"][seat].append(luxury)


def finish(state: State) -> None:
    """After every pick: "If ... there are any luxuries left in the pool,
    discard them."""
    state["discarded"] += len(state["pool"])
    state["pool"] = []
