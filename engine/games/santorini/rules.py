"""The mechanics every turn is made of: moving, forcing, building, removing,
winning and losing, with the hooks through which god powers bend them.

Rulebook (``shared/rules/santorini.txt``):
- "When moving higher, you may move up a maximum of 1 level ... When moving
  lower, move down any number of levels." "You may move onto blocks built by
  any player (but not onto domes)."
- "Builds can be up or down any number of levels." A dome goes on level 3.
- "You Win immediately if one of your workers moves from a lower level up to
  a level-3 tower!"
- "Force: ... Unlike a move, a force can be up or down any number of levels. A
  worker cannot win by being forced up to the third level."
- "Losing: If a player loses, they remove their workers, tokens, and god power
  from the game. If 2 or more opposing players remain, the game continues."
- "Teams: ... If either of you wins or loses the game, you both do."

God powers hook in through the ``God`` methods named here: the mover's own
god decides what its turn may do; the gods of the mover's opponents may forbid
moves, builds and wins, or react to moves ("Opponent's Turn" powers); any god
may react to any build ("At All Times").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import SEAT_COLOURS
from engine.games.santorini.board import NEIGHBOURS
from engine.games.santorini.state import OFF, TOP_LEVEL, State

if TYPE_CHECKING:
    from engine.games.santorini.gods.base import God

MOVE, BUILD, END = "move", "build", "end"
"""The standard stages of a turn; ``end`` means the turn is complete."""

PASS = ("pass",)


def colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


# -- who holds which power ------------------------------------------------------


class Powers:
    """The powers that matter during one turn, worked out once per turn
    (gods and players change only between turns)."""

    __slots__ = ("own", "every", "rivals", "move_rules", "build_rules", "win_rules", "movers", "build_watchers")

    def __init__(self, state: State, seat: int):
        base = gods.God
        self.own = gods.power(state.gods[seat])
        self.every = [
            (holder, gods.power(name))
            for holder, name in enumerate(state.gods)
            if name is not None and state.alive[holder]
        ]
        self.rivals = [(h, g) for h, g in self.every if state.rivals(h, seat)]
        self.move_rules = [(h, g) for h, g in self.rivals if type(g).forbids_move is not base.forbids_move]
        self.build_rules = [(h, g) for h, g in self.rivals if type(g).forbids_build is not base.forbids_build]
        self.win_rules = [(h, g) for h, g in self.rivals if type(g).forbids_win is not base.forbids_win]
        self.movers = [(h, g) for h, g in self.rivals if type(g).after_rival_move is not base.after_rival_move]
        self.build_watchers = [(h, g) for h, g in self.every if type(g).after_any_build is not base.after_any_build]


def powers(state: State) -> Powers:
    """The powers in play for the turn in progress (cached on the turn)."""
    turn = state.live_turn
    cached = turn.powers
    if cached is None:
        cached = turn.powers = Powers(state, turn.seat)
    return cached


def god_of(state: State, seat: int) -> God:
    """The power of ``seat`` (the plain rules when it has none)."""
    turn = state.turn
    if turn is not None and turn.seat == seat:
        return powers(state).own
    return gods.power(state.gods[seat])


def rival_powers(state: State, seat: int) -> list[tuple[int, God]]:
    """``(holder, god)`` for every opponent of ``seat`` still in the game that
    holds a god: the powers whose "Opponent's Turn" effects apply now."""
    turn = state.turn
    if turn is not None and turn.seat == seat:
        return powers(state).rivals
    return [
        (holder, gods.power(name))
        for holder, name in enumerate(state.gods)
        if name is not None and state.alive[holder] and state.rivals(holder, seat)
    ]


# -- moving ---------------------------------------------------------------------


def move_allowed(state: State, seat: int, wid: int, frm: int, to: int) -> bool:
    """Whether no opponent's power forbids this move (Athena, Hypnus, Hades)."""
    for holder, god in powers(state).move_rules:
        if not state.is_own(holder, wid) and god.forbids_move(state, holder, seat, wid, frm, to):
            return False
    return True


def move_targets(
    state: State, seat: int, wid: int, climb: int = 1, neighbours: tuple[tuple[int, ...], ...] = NEIGHBOURS
) -> list[int]:
    """Where worker ``wid`` may move: a neighbouring unoccupied square at most
    ``climb`` levels up, allowed by every opponent's power."""
    frm = state.workers[wid]
    limit = state.blocks[frm] + climb
    domes, blocks, workers = state.domes, state.blocks, state.workers
    targets = [to for to in neighbours[frm] if not domes[to] and blocks[to] <= limit and to not in workers]
    if powers(state).move_rules:
        targets = [to for to in targets if move_allowed(state, seat, wid, frm, to)]
    return targets


def move_worker(state: State, seat: int, wid: int, to: int) -> None:
    """Move a worker (a real move, not a force): record it, check for a win,
    then let opponents' powers react (Harpies)."""
    frm = state.workers[wid]
    up_from, up_to = state.blocks[frm], state.blocks[to]
    state.workers[wid] = to
    turn = state.turn
    assert turn is not None
    if wid not in turn.moved:
        turn.moved = tuple(sorted(turn.moved + (wid,)))
    if up_to > up_from:
        turn.moved_up = True
    state.emit("move", wid, frm, to, up_from, up_to)
    reason = god_of(state, seat).wins_by_move(state, seat, wid, frm, to, up_from, up_to)
    rules_now = powers(state)
    if reason and not any(god.forbids_win(state, holder, seat, wid, frm, to) for holder, god in rules_now.win_rules):
        win(state, seat, reason)
        return
    for holder, god in rules_now.movers:
        if not state.is_own(holder, wid):
            god.after_rival_move(state, holder, seat, wid, frm, to)


def standard_win(up_from: int, up_to: int) -> str | None:
    """ "Moves from a lower level up to a level-3 tower"."""
    if up_from < TOP_LEVEL and up_to == TOP_LEVEL:
        return "moved up onto a level-3 tower"
    return None


def force_worker(state: State, wid: int, to: int, by: str) -> None:
    """Put a worker on another square without it moving: any height, never a
    win, no move effects."""
    frm = state.workers[wid]
    state.workers[wid] = to
    state.emit("force", wid, frm, to, by)


def remove_worker(state: State, wid: int, by: str) -> None:
    """Take a worker out of the game (Bia, Medusa)."""
    square = state.workers[wid]
    state.workers[wid] = OFF
    state.emit("kill", wid, square, by)


# -- building -------------------------------------------------------------------


def build_allowed(state: State, seat: int, square: int, dome: bool) -> bool:
    """Whether no opponent's power forbids building here (Limus)."""
    return not any(god.forbids_build(state, holder, seat, square, dome) for holder, god in powers(state).build_rules)


def makes_dome(state: State, square: int, dome: bool = False) -> bool:
    """Whether a build here places a dome: asked for, or on top of level 3."""
    return dome or state.blocks[square] == TOP_LEVEL


def build_targets(state: State, seat: int, wid: int, neighbours: tuple[tuple[int, ...], ...] = NEIGHBOURS) -> list[int]:
    """Where worker ``wid`` may build a normal block (or dome on level 3)."""
    domes, workers = state.domes, state.workers
    targets = [sq for sq in neighbours[workers[wid]] if not domes[sq] and sq not in workers]
    if powers(state).build_rules:
        targets = [sq for sq in targets if build_allowed(state, seat, sq, makes_dome(state, sq))]
    return targets


def build(state: State, seat: int, square: int, dome: bool = False, by: str = "") -> None:
    """Build a block, or a dome when asked or on level 3; then let every power
    react (Chronus)."""
    turn = state.turn
    if makes_dome(state, square, dome):
        state.domes[square] = True
        state.emit("dome", square, state.blocks[square], seat, by)
    else:
        state.blocks[square] += 1
        state.emit("build", square, state.blocks[square], seat, by)
    if turn is not None:
        turn.builds = turn.builds + (square,)
    if turn is not None:
        for holder, god in powers(state).build_watchers:
            if state.phase != "over":
                god.after_any_build(state, holder)


def remove_block(state: State, seat: int, square: int, by: str) -> None:
    state.blocks[square] -= 1
    state.emit("unbuild", square, state.blocks[square], seat, by)


# -- winning and losing -----------------------------------------------------------


def win(state: State, seat: int, reason: str) -> None:
    """``seat`` (and its team) wins at once."""
    state.phase = "over"
    state.winners = state.team(seat)
    state.reason = f"{colour(seat)} {reason}"
    state.emit("win", seat, reason)


def next_seat(state: State, seat: int) -> int:
    """The next player in turn order still in the game (clockwise)."""
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if state.alive[candidate]:
            return candidate
    return seat


def eliminate(state: State, seat: int, reason: str) -> None:
    """``seat`` (with its team) loses: its god leaves the game and so do its
    workers, unless a player still in the game shares them (the Agora). The
    game ends when one player or team is left."""
    losers = state.team(seat)
    for loser in losers:
        state.alive[loser] = False
    state.emit("out", seat, reason)
    for pool in {state.pool_of[s] for s in losers}:
        if not any(state.alive[s] and state.pool_of[s] == pool for s in range(state.players)):
            for wid in state.pool_workers(pool):
                state.workers[wid] = OFF
    survivors = [s for s in range(state.players) if state.alive[s]]
    teams_left = {tuple(state.team(s)) for s in survivors}
    if len(teams_left) == 1:
        state.phase = "over"
        state.winners = survivors if state.mode == "teams" else survivors[:1]
        state.reason = f"{colour(seat)} {reason}"
        state.emit("win", survivors[0], "is the last one standing")


from engine.games.santorini import gods  # noqa: E402  (gods import this module)
