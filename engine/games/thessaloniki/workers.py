"""Workers in the seven alcoves: moving, pushing, sliding, the denarius
space, gaining goods and counting action points.

An alcove's workers are kept as a list from the rightmost space leftwards:
"Place the Worker you moved on the rightmost empty space" appends, the
worker pushed out is the first, and removing a worker "slides right" the
rest by itself.

Rules quoted here:
- "You must move one of your Workers clockwise by 1 or 2 spaces (Alcoves),
  or you may pay 1 Denarius to move by 3 spaces. Moving your Patrician is
  free, while moving any of your Merchants costs 1 Denarius."
- "If your Patrician passes the [denarius space] (during movement or by being
  pushed), immediately take 1 Denarius from it. If there are no Denarii
  remaining, take from the general supply instead."
- "If there are no empty spaces in the Alcove you are moving to, push the
  Worker on the rightmost space of that Alcove to the next clockwise Alcove
  that has at least 1 empty space; then slide right the remaining Workers
  ... Whenever a Worker belonging to any player (including your own) is
  pushed, its owner gains 1 Denarius."
- "For every Worker present in the Alcove you moved to (including the Worker
  you have just moved), gain 1 Raw Good of that color."
- "Gain as many action points (⚡) as there are visible in that Alcove. If
  you have a Statue there, gain 1 additional ⚡."
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.games.thessaloniki import storage
from engine.games.thessaloniki.ending import check_pool_condition
from engine.games.thessaloniki.state import (
    State,
    abilities_of,
    ability,
    colour_of,
    comp,
    has,
    note,
    seat_of_colour,
    seat_title,
    title,
)

PATRICIAN = "P"
MERCHANT = "M"
SALT_MERCHANT = "salt"
MAX_STEPS = 3
FREE_STEPS = 2


def token(colour: str, kind: str) -> str:
    return f"{colour}:{kind}"


def token_colour(worker: str) -> str:
    return SALT_MERCHANT if worker == SALT_MERCHANT else worker.split(":", 1)[0]


def token_kind(worker: str) -> str:
    return MERCHANT if worker == SALT_MERCHANT else worker.split(":", 1)[1]


def worker_name(worker: str) -> str:
    if worker == SALT_MERCHANT:
        return "the Salt merchant"
    kind = "Patrician" if token_kind(worker) == PATRICIAN else "Merchant"
    return f"{title(token_colour(worker))}'s {kind}"


def worker_good(worker: str) -> str:
    """The raw good a worker yields: its colour's good, or Salt."""
    colour = token_colour(worker)
    return storage.SALT if colour == SALT_MERCHANT else comp().good_of(colour)


def has_room(state: State, alcove: str) -> bool:
    return len(state["alcoves"][alcove]) < comp().alcoves[alcove].capacity


def visible_action_points(state: State, alcove: str) -> int:
    """⚡ on the empty (leftmost) spaces of an alcove."""
    spec = comp().alcoves[alcove]
    empty = spec.capacity - len(state["alcoves"][alcove])
    return sum(spec.action_points[: max(empty, 0)])


def crosses_denarius_space(origin: str) -> bool:
    """Whether one clockwise step from ``origin`` passes the denarius space."""
    return origin == comp().denarius_after


def alcoves_of(state: State, seat: int, kind: str) -> list[str]:
    """Alcoves holding the seat's workers of ``kind``, one entry per worker."""
    wanted = token(colour_of(state, seat), kind)
    return [name for name in comp().alcove_order for w in state["alcoves"][name] if w == wanted]


def destination(origin: str, steps: int) -> tuple[str, list[str], bool]:
    """Where ``steps`` clockwise moves from ``origin`` end, the alcoves moved
    through or onto, and whether the denarius space was passed."""
    here, passed, crossed = _destination(origin, steps)
    return here, list(passed), crossed


@cache
def _destination(origin: str, steps: int) -> tuple[str, tuple[str, ...], bool]:
    """``destination`` worked out once per alcove and distance (the board
    never changes; every legal list of a turn asks for each move's target)."""
    c = comp()
    passed: list[str] = []
    crossed = False
    here = origin
    for _ in range(steps):
        crossed = crossed or crosses_denarius_space(here)
        here = c.next_alcove(here)
        passed.append(here)
    return here, tuple(passed), crossed


# ---------------------------------------------------------------------------
# The moves on offer


@dataclass(frozen=True)
class Move:
    kind: str
    origin: str
    steps: int
    denarii: int
    salt: int
    free_merchant: bool

    @property
    def target(self) -> str:
        return destination(self.origin, self.steps)[0]

    def notation(self) -> str:
        worker = "patrician" if self.kind == PATRICIAN else f"merchant {self.origin}"
        return f"move {worker} {self.target}" + (" with salt" if self.salt else "")


def moves(state: State, seat: int) -> list[Move]:
    """Every move the seat can afford this turn."""
    data = state["seats"][seat]
    free_merchant = has(state, seat, "free_merchant") and not state["turn"].get("free_merchant_used")
    salt_merchant = has(state, seat, "salt_merchant")
    found: list[Move] = []
    origins = [(PATRICIAN, a) for a in alcoves_of(state, seat, PATRICIAN)]
    origins += [(MERCHANT, a) for a in dict.fromkeys(alcoves_of(state, seat, MERCHANT))]
    for kind, origin in origins:
        for steps in range(1, MAX_STEPS + 1):
            extra = 1 if steps > FREE_STEPS else 0
            if kind == PATRICIAN:
                variants = [(extra, 0, False)]
            elif free_merchant:
                variants = [(extra, 0, True)]
            else:
                variants = [(extra + 1, 0, False)] + ([(extra, 1, False)] if salt_merchant else [])
            for denarii, salt, free in variants:
                if denarii <= data["denarii"] and salt <= data["salt"]:
                    found.append(Move(kind, origin, steps, denarii, salt, free))
    return found


# ---------------------------------------------------------------------------
# Applying a move


def take_from_denarius_space(state: State, seat: int) -> None:
    """The Patrician passed the denarius space: 1 Denarius from it (or from
    the supply once it is empty). F3 (our family): also 1 Salt."""
    if state["pool"] > 0:
        state["pool"] -= 1
        note(
            state,
            f"{seat_title(state, seat)}'s Patrician passes the denarius space: +1 denarius ({state['pool']} left)",
        )
        check_pool_condition(state)
    else:
        note(state, f"{seat_title(state, seat)}'s Patrician passes the denarius space: +1 denarius from the supply")
    storage.gain_denarii(state, seat, 1)
    for held in abilities_of(state, seat, "denarius_space_salt"):
        storage.add(state, seat, storage.SALT, held["salt"])


def push_destination(state: State, alcove: str) -> tuple[str, bool]:
    """Where a worker pushed out of ``alcove`` goes — "the next clockwise
    Alcove that has at least 1 empty space" — and whether it passes the
    denarius space on the way."""
    c = comp()
    here, crossed = alcove, False
    while True:
        crossed = crossed or crosses_denarius_space(here)
        here = c.next_alcove(here)
        if here != alcove and has_room(state, here):
            return here, crossed


def _push(state: State, alcove: str) -> None:
    """Push the worker on the rightmost space of a full alcove on."""
    c = comp()
    pushed = state["alcoves"][alcove].pop(0)
    here, crossed = push_destination(state, alcove)
    state["alcoves"][here].append(pushed)
    owner = seat_of_colour(state, token_colour(pushed)) if pushed != SALT_MERCHANT else None
    note(
        state,
        f"{worker_name(pushed)} is pushed from the {c.alcoves[alcove].title} to the "
        f"{c.alcoves[here].title}" + (" (+1 denarius)" if owner is not None else ""),
    )
    if owner is not None:
        storage.gain_denarii(state, owner, 1)
        if crossed and token_kind(pushed) == PATRICIAN:
            take_from_denarius_space(state, owner)


def apply_move(state: State, seat: int, move: Move) -> list[str]:
    """Pay for and make a move; returns the alcoves moved through or onto."""
    c = comp()
    if move.denarii:
        storage.spend_denarii(state, seat, move.denarii)
    if move.salt:
        storage.remove(state, seat, storage.SALT, move.salt)
    if move.free_merchant:
        state["turn"]["free_merchant_used"] = True
    worker = token(colour_of(state, seat), move.kind)
    state["alcoves"][move.origin].remove(worker)
    target, passed, crossed = destination(move.origin, move.steps)
    kind_word = "Patrician" if move.kind == PATRICIAN else "Merchant"
    paid = []
    if move.denarii:
        paid.append(f"{move.denarii} denari{'us' if move.denarii == 1 else 'i'}")
    if move.salt:
        paid.append("1 salt")
    note(
        state,
        f"{seat_title(state, seat)} moves their {kind_word} from the {c.alcoves[move.origin].title} to "
        f"the {c.alcoves[target].title}" + (f" for {' and '.join(paid)}" if paid else ""),
    )
    if crossed and move.kind == PATRICIAN:
        take_from_denarius_space(state, seat)
    if not has_room(state, target):
        _push(state, target)
    state["alcoves"][target].append(worker)
    return passed


def gain_alcove_goods(state: State, seat: int, alcove: str) -> dict[str, int]:
    """One raw good per worker in the alcove, the mover's included."""
    gained: dict[str, int] = {}
    for worker in state["alcoves"][alcove]:
        good = worker_good(worker)
        gained[good] = gained.get(good, 0) + 1
    storage.gain_goods(state, seat, gained)
    note(state, f"{seat_title(state, seat)} gains {storage.describe_goods(gained)}")
    return gained


def action_points_on_arrival(state: State, seat: int, alcove: str) -> int:
    """Visible ⚡, +1 for the seat's Statue there, +1 per extra-action card
    for this alcove (C26, C27, C50, C59: our cards)."""
    points = visible_action_points(state, alcove)
    if colour_of(state, seat) in state["alcove_statues"][alcove]:
        points += 1
    points += sum(1 for held in abilities_of(state, seat, "extra_action") if held["alcove"] == alcove)
    return points


def mosaic_bonus_alcoves(state: State, seat: int, passed: list[str]) -> list[str]:
    """ "Gain the Mosaic Bonus from every Alcove you moved through or stopped
    on where you have a Mosaic"."""
    colour = colour_of(state, seat)
    return [a for a in passed if colour in state["alcove_mosaics"][a]]


def moved_refine_count(state: State, seat: int, steps: int) -> int:
    """F6: "Immediately after moving your Worker, you may Refine 1/2/3 Raw
    Goods, if your Worker moved by 1/2/3 Alcove spaces"."""
    return steps if ability(state, seat, "move_refine") is not None else 0
