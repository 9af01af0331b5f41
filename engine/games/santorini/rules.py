"""Santorini base rules: placement, move then build, winning and losing.

Rulebook (``shared/rules/santorini.txt``):
- "On your turn, you must 1 move then 2 build."
- "When moving higher, you may move up a maximum of 1 level ... When moving
  lower, move down any number of levels." "You may move onto blocks built by
  any player (but not onto domes)."
- "Builds can be up or down any number of levels." A dome goes on level 3.
- "You Win immediately if one of your workers moves from a lower level up to
  a level-3 tower!"
- "You Lose if you get stuck, meaning you cannot move and then build during
  your turn." "If a player loses, they remove their workers ... If 2 or more
  opposing players remain, the game continues."
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.core import SEAT_COLOURS, IllegalAction, Rng, StateError, require
from engine.games.santorini.board import NEIGHBOURS, SQUARES, parse_square, square_name

WORKERS_PER_PLAYER = 2
TOP_LEVEL = 3


@dataclass
class State:
    players: int
    options: dict[str, Any]
    rng: Rng
    blocks: list[int] = field(default_factory=lambda: [0] * 25)
    """Blocks on each square, 0..3 (a dome is counted separately)."""
    domes: list[bool] = field(default_factory=lambda: [False] * 25)
    workers: list[list[int]] = field(default_factory=list)
    """Each seat's worker squares, in placement order."""
    turn: int = 0
    phase: str = "place"
    """``place``, ``move``, ``build`` or ``over``."""
    moved: int | None = None
    """The square of the worker that moved this turn (it must build)."""
    last: dict[str, Any] = field(default_factory=dict)
    """The last turn for the picture: seat, move (from, to), builds."""
    alive: list[bool] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    reason: str = ""
    ply: int = 0

    def copy(self) -> "State":
        return State(
            self.players, dict(self.options), Rng.from_json(self.rng.state), list(self.blocks),
            list(self.domes), [list(w) for w in self.workers], self.turn, self.phase, self.moved,
            {k: (list(v) if isinstance(v, list) else v) for k, v in self.last.items()},
            list(self.alive), list(self.winners), self.reason, self.ply,
        )

    def occupant(self, square: int) -> int | None:
        for seat, squares in enumerate(self.workers):
            if square in squares:
                return seat
        return None

    def occupied(self, square: int) -> bool:
        return self.domes[square] or self.occupant(square) is not None

    def height(self, square: int) -> int:
        return self.blocks[square]


def new_state(players: int, options: dict[str, Any], seed: int) -> State:
    return State(players, dict(options), Rng(seed), workers=[[] for _ in range(players)],
                 alive=[True] * players)


# -- generation --------------------------------------------------------------


def placements(state: State) -> list[int]:
    return [s for s in SQUARES if not state.occupied(s)]


def worker_moves(state: State, frm: int) -> list[int]:
    """Where the worker on ``frm`` may move: a neighbour, unoccupied, at most
    one level up."""
    limit = state.height(frm) + 1
    return [to for to in NEIGHBOURS[frm] if not state.occupied(to) and state.height(to) <= limit]


def builds(state: State, worker: int) -> list[int]:
    """Where the worker on ``worker`` may build: any unoccupied neighbour."""
    return [sq for sq in NEIGHBOURS[worker] if not state.occupied(sq)]


def moves(state: State, seat: int) -> list[tuple[int, int]]:
    return [(frm, to) for frm in state.workers[seat] for to in worker_moves(state, frm)]


def can_take_turn(state: State, seat: int) -> bool:
    """Whether ``seat`` can move and then build."""
    for frm, to in moves(state, seat):
        after = state.copy()
        _relocate(after, frm, to)
        if builds(after, to):
            return True
    return False


# -- applying ------------------------------------------------------------------


def _relocate(state: State, frm: int, to: int) -> None:
    for squares in state.workers:
        if frm in squares:
            squares[squares.index(frm)] = to
            return


def place(state: State, seat: int, square: int) -> None:
    if state.occupied(square):
        raise IllegalAction(f"{square_name(square)} is taken; place your worker on an empty square.")
    state.workers[seat].append(square)
    state.last = {"seat": seat, "placed": [square]} if len(state.workers[seat]) == 1 else {
        "seat": seat, "placed": state.last.get("placed", []) + [square]}
    if len(state.workers[seat]) < WORKERS_PER_PLAYER:
        return
    following = (seat + 1) % state.players
    if following == 0:
        state.phase = "move"
        _begin_turn(state, 0)
    else:
        state.turn = following


def move(state: State, seat: int, frm: int, to: int) -> None:
    if frm not in state.workers[seat]:
        raise IllegalAction(f"You have no worker on {square_name(frm)}; yours are on "
                            f"{', '.join(square_name(s) for s in state.workers[seat])}.")
    if to not in NEIGHBOURS[frm]:
        raise IllegalAction(f"{square_name(to)} is not next to your worker on {square_name(frm)}.")
    if state.domes[to]:
        raise IllegalAction(f"{square_name(to)} has a dome; nobody can stand on a dome.")
    if state.occupant(to) is not None:
        raise IllegalAction(f"{square_name(to)} is occupied by a worker.")
    if state.height(to) > state.height(frm) + 1:
        raise IllegalAction(f"{square_name(to)} is level {state.height(to)}: from level "
                            f"{state.height(frm)} you can move up at most one level.")
    up_onto_top = state.height(frm) < TOP_LEVEL and state.height(to) == TOP_LEVEL
    _relocate(state, frm, to)
    state.moved = to
    state.last = {"seat": seat, "move": [frm, to], "builds": []}
    if up_onto_top:
        _win(state, seat, f"{_seat_word(seat)} moved up onto a level-3 tower")
        return
    state.phase = "build"


def build(state: State, seat: int, square: int) -> None:
    worker = state.moved
    assert worker is not None
    if square not in NEIGHBOURS[worker]:
        raise IllegalAction(f"{square_name(square)} is not next to the worker you moved "
                            f"(on {square_name(worker)}).")
    if state.occupied(square):
        what = "a dome" if state.domes[square] else "a worker"
        raise IllegalAction(f"{square_name(square)} has {what} on it; build on an unoccupied square.")
    if state.blocks[square] == TOP_LEVEL:
        state.domes[square] = True
    else:
        state.blocks[square] += 1
    state.last.setdefault("builds", []).append(square)
    _end_turn(state, seat)


def _end_turn(state: State, seat: int) -> None:
    state.moved = None
    state.phase = "move"
    _begin_turn(state, _next_alive(state, seat))


def _next_alive(state: State, seat: int) -> int:
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if state.alive[candidate]:
            return candidate
    return seat


def _begin_turn(state: State, seat: int) -> None:
    """Start ``seat``'s turn, removing players who are stuck until someone can go."""
    while True:
        state.turn = seat
        if can_take_turn(state, seat):
            return
        state.alive[seat] = False
        state.workers[seat] = []
        survivors = [s for s in range(state.players) if state.alive[s]]
        if len(survivors) == 1:
            _win(state, survivors[0], f"{_seat_word(seat)} could not move and build")
            return
        seat = _next_alive(state, seat)


def _win(state: State, seat: int, reason: str) -> None:
    state.phase = "over"
    state.winners = [seat]
    state.reason = reason
    state.moved = None


def _seat_word(seat: int) -> str:
    return SEAT_COLOURS[seat]


# -- (de)serialisation -----------------------------------------------------------


def dump(state: State) -> dict[str, Any]:
    return {
        "players": state.players, "options": dict(state.options), "rng": state.rng.to_json(),
        "blocks": list(state.blocks), "domes": [int(d) for d in state.domes],
        "workers": [list(w) for w in state.workers], "turn": state.turn, "phase": state.phase,
        "moved": state.moved, "last": state.last, "alive": [int(a) for a in state.alive],
        "winners": list(state.winners), "reason": state.reason, "ply": state.ply,
    }


def load(data: Mapping[str, Any]) -> State:
    try:
        players = data["players"]
        require(isinstance(players, int) and 2 <= players <= 4, "players must be 2 to 4")
        blocks = list(data["blocks"])
        domes = [bool(d) for d in data["domes"]]
        require(len(blocks) == 25 and all(isinstance(b, int) and 0 <= b <= 3 for b in blocks),
                "blocks must be 25 levels from 0 to 3")
        require(len(domes) == 25, "domes must list 25 squares")
        workers = [list(w) for w in data["workers"]]
        require(len(workers) == players, "one worker list per player")
        require(all(isinstance(s, int) and 0 <= s < 25 for w in workers for s in w),
                "worker squares must be 0..24")
        flat = [s for w in workers for s in w]
        require(len(flat) == len(set(flat)), "two workers on one square")
        require(data["phase"] in ("place", "move", "build", "over"), "unknown phase")
        turn = data["turn"]
        require(isinstance(turn, int) and 0 <= turn < players, "turn must be a seat")
        moved = data["moved"]
        require(moved is None or moved in flat, "the moved worker must be on the board")
        require(data["phase"] != "build" or moved is not None, "a build needs a moved worker")
        alive = [bool(a) for a in data["alive"]]
        require(len(alive) == players, "one alive flag per player")
        last = data["last"]
        require(isinstance(last, dict), "last must be an object")
        return State(players, dict(data["options"]), Rng.from_json(data["rng"]), blocks, domes,
                     workers, turn, data["phase"], moved, dict(last), alive,
                     [int(w) for w in data["winners"]], str(data["reason"]), int(data["ply"]))
    except StateError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise StateError(f"not a Santorini state: {error!r}") from None


def parse(text: str) -> tuple[str, list[int]]:
    """Split ``move b2 c3`` into the verb and its squares; bad squares raise."""
    words = text.split()
    squares: list[int] = []
    for word in words[1:]:
        square = parse_square(word)
        if square is None:
            raise IllegalAction(f"`{word}` is not a square: squares run from a1 to e5.")
        squares.append(square)
    return (words[0] if words else ""), squares
