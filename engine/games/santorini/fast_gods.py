"""A fast generator for 1 vs 1 games with gods: every distinct result of a
full turn, on bitboards, for the bot's search.

The readable rules (``turn``, ``rules``, ``gods``) are the reference; this
module plays the same turns with integers for the gods in ``FAST_GODS`` (the
others are searched through the readable rules). ``tests/santorini/
test_fast_gods.py`` checks on thousands of random god positions that both
reach exactly the same set of boards.

A position is ``(h1, h2, h3, dm, pools, mover, up)`` as in ``fast`` plus
``up``: whether Athena's holder moved up on its last turn (always False when
Athena is not in the game, so that positions merge). The gods stay with
their pools for the whole search (``Matchup``); the party mode, where cards
change hands, is not played here.

A turn's result is ``(position, won)``: ``won`` means the mover won during
the turn, and ``position`` is then the board at the winning move.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.games.santorini.board import NEIGHBOURS, PERIMETER, SQUARES, WRAPPED_NEIGHBOURS, beyond
from engine.games.santorini.fast import BIT, FULL, NB
from engine.games.santorini.state import OFF, State

PLAIN_TURN = frozenset({"athena", "hades", "harpies", "hera", "hypnus", "limus", "persephone"})
"""Gods whose own turn is the plain one; their powers bend the opponent's."""
OWN_TURN = frozenset(
    {
        "apollo",
        "ares",
        "artemis",
        "atlas",
        "bia",
        "charon",
        "demeter",
        "eros",
        "graeae",
        "hephaestus",
        "hermes",
        "hestia",
        "medusa",
        "minotaur",
        "pan",
        "poseidon",
        "prometheus",
        "selene",
        "triton",
        "urania",
        "zeus",
    }
)
"""Gods whose power changes their own turn, played here."""
FAST_GODS = PLAIN_TURN | OWN_TURN
"""Every god this generator plays; a game with any other god (Aphrodite,
Chronus, Morpheus, Terpsichore) is searched through the readable rules."""
APART = frozenset({frozenset({"selene", "bia"}), frozenset({"selene", "medusa"})})
"""Pairs played through the readable rules: a pool here lists only the
workers on the board, and Selene's power belongs to her first worker, whom
Bia or Medusa may remove."""
SPECIAL_MOVES = frozenset({"artemis", "bia", "eros", "pan", "triton"})
"""Gods whose moves do more than move (more moves, kills, other wins)."""
EXTRA_BUILDS = frozenset({"ares", "demeter", "hephaestus", "hestia", "poseidon"})
"""Gods that may do more after the usual build."""

WNB = tuple(sum(1 << n for n in WRAPPED_NEIGHBOURS[s]) for s in SQUARES)
"""Urania's neighbour masks (opposite edges touch)."""
PERIM = sum(1 << s for s in PERIMETER)
BEYOND = tuple(tuple(-1 if (b := beyond(frm, to)) is None else b for to in SQUARES) for frm in SQUARES)
"""``BEYOND[frm][to]``: the square past ``to`` seen from ``frm`` (Minotaur's push), -1 off the board."""


def _slide_ray(frm: int, to: int) -> tuple[int, ...]:
    """The squares past ``to`` in the direction of the step from ``frm``, to
    the board's edge (a wrapped step of Urania's read the short way)."""
    dx = ((to % 5 - frm % 5 + 2) % 5) - 2
    dy = ((to // 5 - frm // 5 + 2) % 5) - 2
    dx, dy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    ray = []
    x, y = to % 5 + dx, to // 5 + dy
    while (dx or dy) and 0 <= x < 5 and 0 <= y < 5:
        ray.append(y * 5 + x)
        x, y = x + dx, y + dy
    return tuple(ray)


SLIDE_RAY = tuple(tuple(_slide_ray(frm, to) for to in SQUARES) for frm in SQUARES)
"""``SLIDE_RAY[frm][to]``: where Harpies may force a worker that stepped from ``frm`` to ``to``."""


Position = tuple[int, int, int, int, tuple[tuple[int, ...], ...], int, bool]
MOVED_UP, WON = 1, 2
"""Flags of a found result."""


class Matchup:
    """The gods of the two pools (index = pool), fixed for a search."""

    __slots__ = ("gods", "athena")

    def __init__(self, gods: tuple[str | None, str | None]):
        self.gods = gods
        self.athena = gods.index("athena") if "athena" in gods else -1
        """The pool holding Athena, or -1."""


def supported(state: State) -> bool:
    """Whether this generator plays the game: two seats with a pool each,
    gods that stay put, every god in ``FAST_GODS``, at least one god (the
    base game has ``fast``) and never the same god twice (each card is
    unique)."""
    return (
        state.players == 2
        and state.mode == "standard"
        and state.pool_of == (0, 1)
        and state.options.get("gods") != "party"
        and all(state.alive)
        and any(g is not None for g in state.gods)
        and all(g is None or g in FAST_GODS for g in state.gods)
        and state.gods[0] != state.gods[1]
        and frozenset(state.gods) not in APART
    )


def at_turn_start(state: State) -> bool:
    """Whether the turn in progress has not begun yet (no step taken)."""
    if state.phase != "play":
        return False
    turn = state.live_turn
    return (
        turn.stage == "move" and not turn.moved and not turn.builds and set(turn.flags) <= {"asleep"}
    )  # Hypnus marks the sleeper as the turn begins


def matchup(state: State) -> Matchup:
    return Matchup((state.gods[0], state.gods[1]))


def board_of(state: State) -> tuple[int, int, int, int, tuple[tuple[int, ...], ...]]:
    """The bitboards and the pools' worker squares (in worker-id order)."""
    h1 = h2 = h3 = dm = 0
    for sq in SQUARES:
        level = state.blocks[sq]
        if level >= 1:
            h1 |= BIT[sq]
        if level >= 2:
            h2 |= BIT[sq]
        if level >= 3:
            h3 |= BIT[sq]
        if state.domes[sq]:
            dm |= BIT[sq]
    placed = [(sq, pool) for sq, pool in zip(state.workers, state.owner, strict=True) if sq != OFF]
    pools = (tuple(sq for sq, pool in placed if pool == 0), tuple(sq for sq, pool in placed if pool == 1))
    return h1, h2, h3, dm, pools


def from_state(state: State, match: Matchup) -> Position:
    """The position of a readable state at the start of a turn."""
    up = match.athena >= 0 and state.moved_up_last[match.athena]
    return board_of(state) + (state.pool_of[state.live_turn.seat], up)


def _level(h1: int, h2: int, h3: int, sq: int) -> int:
    return ((h1 >> sq) & 1) + ((h2 >> sq) & 1) + ((h3 >> sq) & 1)


def _forced(frm: int, to: int, blocked: int, h1: int, h2: int, h3: int) -> int:
    """Where Harpies force a worker that stepped from ``frm`` to ``to``:
    on along ``SLIDE_RAY`` until the next square is ``blocked`` or higher."""
    here, level = to, ((h1 >> to) & 1) + ((h2 >> to) & 1) + ((h3 >> to) & 1)
    for nxt in SLIDE_RAY[frm][to]:
        if (blocked >> nxt) & 1:
            return here
        beyond_level = ((h1 >> nxt) & 1) + ((h2 >> nxt) & 1) + ((h3 >> nxt) & 1)  # _level, inlined: hot
        if beyond_level > level:
            return here
        here, level = nxt, beyond_level
    return here


def _raise(h1: int, h2: int, h3: int, dm: int, bit: int) -> tuple[int, int, int, int]:
    """A block on the square (a dome on level 3)."""
    if not h1 & bit:
        return h1 | bit, h2, h3, dm
    if not h2 & bit:
        return h1, h2 | bit, h3, dm
    if not h3 & bit:
        return h1, h2, h3 | bit, dm
    return h1, h2, h3, dm | bit


def _lower(h1: int, h2: int, h3: int, bit: int) -> tuple[int, int, int]:
    """The top block off a square (Ares)."""
    if h3 & bit:
        return h1, h2, h3 & ~bit
    if h2 & bit:
        return h1, h2 & ~bit, h3
    return h1 & ~bit, h2, h3


def _bits(mask: int) -> list[int]:
    result = []
    while mask:
        low = mask & -mask
        result.append(low.bit_length() - 1)
        mask ^= low
    return result


class _Turn:
    """One mover's turn being listed: the position, the powers in play, the
    boards reached after the moves (``to_build``) and the finished turns
    found so far (``found``: board -> flags)."""

    __slots__ = (
        "h1",
        "h2",
        "h3",
        "dm",
        "mine",
        "theirs",
        "own",
        "rival",
        "rival_up",
        "nb",
        "nbl",
        "mover",
        "athena_moves",
        "sleeper",
        "to_build",
        "found",
        "visited",
    )

    def __init__(self, match: Matchup, pos: Position):
        h1, h2, h3, dm, pools, mover, up = pos
        self.h1, self.h2, self.h3, self.dm = h1, h2, h3, dm
        self.mine, self.theirs = pools[mover], pools[1 - mover]
        self.own, self.rival = match.gods[mover], match.gods[1 - mover]
        self.rival_up = up and self.rival == "athena"
        """Athena's "opponent workers cannot move up this turn" is on."""
        self.nb = WNB if self.own == "urania" else NB
        self.nbl = WRAPPED_NEIGHBOURS if self.own == "urania" else NEIGHBOURS
        self.mover = mover
        self.athena_moves = match.athena == mover
        self.sleeper = self.hypnus_sleeper() if self.rival == "hypnus" else -1
        self.to_build: dict[tuple, int] = {}
        """``(builder's square, mine, theirs, h1, h2, h3, dm)`` -> flags."""
        self.found: dict[tuple, int] = {}
        """Finished turns: ``(h1, h2, h3, dm, pools)`` -> flags."""
        self.visited: set = set()
        """Triton's and Hermes's boards already walked from."""

    def hypnus_sleeper(self) -> int:
        """Hypnus: "If one of your opponent's workers is higher than all of
        their others, it cannot move" (the index of that worker, or -1)."""
        if len(self.mine) < 2:
            return -1
        levels = [_level(self.h1, self.h2, self.h3, sq) for sq in self.mine]
        top = max(levels)
        return levels.index(top) if levels.count(top) == 1 else -1

    # -- moves ----------------------------------------------------------------------

    def step_mask(self, h1: int, h2: int, h3: int, hf: int) -> int:
        """Squares a worker on level ``hf`` may move to by height, under the
        opponent's limits (Athena: not up; Hades: not down)."""
        if self.rival_up:
            mask = (~h1, ~h2, ~h3, FULL)[hf]
        else:
            mask = (~h2, ~h3, FULL, FULL)[hf]
        if self.rival == "hades":
            mask &= (FULL, h1, h2, h3)[hf]
        return mask & FULL

    def wins(self, hf: int, ht: int, to: int, i: int, mine: tuple[int, ...], h1: int, h2: int, h3: int) -> bool:
        """Whether worker ``i``'s move from level ``hf`` to ``to`` (level
        ``ht``) wins; ``mine`` has it on ``to`` already."""
        if self.rival == "hera" and (PERIM >> to) & 1:
            return False
        if hf < 3 and ht == 3:
            return True
        if self.own == "pan":
            return hf - ht >= 2
        if self.own == "eros" and ht == 1:
            return any(j != i and (NB[to] >> sq) & 1 and _level(h1, h2, h3, sq) == 1 for j, sq in enumerate(mine))
        return False

    def moves(self) -> None:
        """Every first move (with Apollo's swaps, Minotaur's pushes, Charon's
        ferries, Prometheus's first builds, Hermes's travels), on to the
        builds."""
        h1, h2, h3, dm = self.h1, self.h2, self.h3, self.dm
        mine, theirs, own = self.mine, self.theirs, self.own
        if own == "hermes":
            self.hermes_turns()
            return
        occ = 0
        for sq in mine + theirs:
            occ |= BIT[sq]
        blocked = occ | dm
        plain = own not in SPECIAL_MOVES and self.rival not in ("hera", "harpies")
        to_build = self.to_build
        for i, frm in enumerate(mine):
            if i == self.sleeper:
                continue
            hf = _level(h1, h2, h3, frm)
            allowed = self.step_mask(h1, h2, h3, hf)
            reach = self.nb[frm] & ~blocked & allowed
            for to in self.nbl[frm]:
                if not (reach >> to) & 1:
                    continue
                moved = mine[:i] + (to,) + mine[i + 1 :]
                if not plain:
                    self.moved(i, frm, to, hf, moved, theirs, h1, h2, h3, dm, 0, frm)
                    continue
                # The common case written out (the search's inner loop): a
                # step up onto level 3 wins, any other move builds.
                if (h3 >> to) & 1:
                    if hf < 3:
                        self.add((h1, h2, h3, dm, moved, theirs), MOVED_UP | WON)
                        continue
                    flags = 0
                else:
                    flags = MOVED_UP if _level(h1, h2, h3, to) > hf else 0
                key = (to, moved, theirs, h1, h2, h3, dm)
                to_build[key] = to_build.get(key, 0) | flags
            if own == "apollo" or own == "minotaur":
                for j, victim in enumerate(theirs):
                    if not (NB[frm] >> victim) & 1 or not (allowed >> victim) & 1:
                        continue
                    if own == "apollo":
                        pushed = frm
                    else:
                        pushed = BEYOND[frm][victim]
                        if pushed < 0 or (blocked >> pushed) & 1:
                            continue
                    moved = mine[:i] + (victim,) + mine[i + 1 :]
                    self.moved(
                        i, frm, victim, hf, moved, theirs[:j] + (pushed,) + theirs[j + 1 :], h1, h2, h3, dm, 0, -1
                    )
            elif own == "charon":
                self.charon_ferries(i, frm, hf, occ)
        if own == "prometheus":
            self.prometheus_first_builds(occ)

    def moved(
        self,
        i: int,
        frm: int,
        to: int,
        hf: int,
        mine: tuple[int, ...],
        theirs: tuple[int, ...],
        h1: int,
        h2: int,
        h3: int,
        dm: int,
        flags: int,
        start: int,
    ) -> None:
        """Worker ``i`` has moved ``frm`` -> ``to`` (``mine`` has it there): a
        win, or the move's after-effects (Harpies's slide, Bia's kill), more
        moves (Artemis, whose worker started on ``start``; Triton) and a
        worker ready to build."""
        ht = _level(h1, h2, h3, to)
        if ht > hf:
            flags |= MOVED_UP
        if self.wins(hf, ht, to, i, mine, h1, h2, h3):
            self.add((h1, h2, h3, dm, mine, theirs), flags | WON)
            return
        here = to
        if self.rival == "harpies":
            here = self.slide(frm, to, mine, theirs, h1, h2, h3, dm)
            if here != to:
                mine = mine[:i] + (here,) + mine[i + 1 :]
        if self.own == "bia":
            target = BEYOND[frm][to]
            if target >= 0 and target in theirs:
                j = theirs.index(target)
                theirs = theirs[:j] + theirs[j + 1 :]
        if (self.own == "artemis" and start >= 0) or (self.own == "triton" and (PERIM >> here) & 1):
            self.again(i, here, start, mine, theirs, h1, h2, h3, dm, flags)
        key = (here, mine, theirs, h1, h2, h3, dm)
        to_build = self.to_build
        to_build[key] = to_build.get(key, 0) | flags

    def again(
        self,
        i: int,
        frm: int,
        start: int,
        mine: tuple[int, ...],
        theirs: tuple[int, ...],
        h1: int,
        h2: int,
        h3: int,
        dm: int,
        flags: int,
    ) -> None:
        """Artemis: "Your worker may move one additional time, but not back
        to its initial space". Triton: "Each time your worker moves into a
        perimeter space, it may immediately move again"."""
        if self.own == "triton":
            key = (i, mine, flags)  # only worker ``i`` moves on from here
            if key in self.visited:
                return
            self.visited.add(key)
        occ = 0
        for sq in mine + theirs:
            occ |= BIT[sq]
        hf = _level(h1, h2, h3, frm)
        reach = NB[frm] & ~(occ | dm) & self.step_mask(h1, h2, h3, hf)
        if self.own == "artemis":
            reach &= ~BIT[start]
        for to in _bits(reach):
            self.moved(i, frm, to, hf, mine[:i] + (to,) + mine[i + 1 :], theirs, h1, h2, h3, dm, flags, -1)

    def slide(
        self, frm: int, to: int, mine: tuple[int, ...], theirs: tuple[int, ...], h1: int, h2: int, h3: int, dm: int
    ) -> int:
        """Harpies: the moved worker "is forced space by space in the same
        direction until the next space is at a higher level or it is
        obstructed" (a wrapped step of Urania's read the short way)."""
        blocked = dm
        for sq in mine + theirs:
            blocked |= BIT[sq]
        return _forced(frm, to, blocked, h1, h2, h3)

    def charon_ferries(self, i: int, middle: int, hf: int, occ: int) -> None:
        """Charon: "Before your worker moves, you may force a neighboring
        opponent worker to the space directly on the other side of your
        worker, if that space is unoccupied"; that worker then moves."""
        h1, h2, h3, dm, mine, theirs = self.h1, self.h2, self.h3, self.dm, self.mine, self.theirs
        for j, victim in enumerate(theirs):
            if not (NB[middle] >> victim) & 1:
                continue
            landing = BEYOND[victim][middle]
            if landing < 0 or ((occ | dm) >> landing) & 1:
                continue
            ferried = theirs[:j] + (landing,) + theirs[j + 1 :]
            after = (occ & ~BIT[victim]) | BIT[landing]
            for to in _bits(NB[middle] & ~(after | dm) & self.step_mask(h1, h2, h3, hf)):
                self.moved(i, middle, to, hf, mine[:i] + (to,) + mine[i + 1 :], ferried, h1, h2, h3, dm, 0, -1)

    def prometheus_first_builds(self, occ: int) -> None:
        """ "If your worker does not move up, it may build both before and
        after moving": a build by either worker, then a move (not up) by a
        worker that neighboured it, then the usual build."""
        h1, h2, h3, dm, mine, theirs = self.h1, self.h2, self.h3, self.dm, self.mine, self.theirs
        firsts = 0
        for sq in mine:
            firsts |= NB[sq]
        firsts &= ~(occ | dm) & ~self.limus_blocks(theirs, h3)
        for first in _bits(firsts):
            b1, b2, b3, bd = _raise(h1, h2, h3, dm, BIT[first])
            for i, frm in enumerate(mine):
                if i == self.sleeper or not (NB[first] >> frm) & 1:
                    continue
                hf = _level(b1, b2, b3, frm)
                level = (~b1, ~b2, ~b3, FULL)[hf] & FULL  # not up
                for to in _bits(NB[frm] & ~(occ | bd) & self.step_mask(b1, b2, b3, hf) & level):
                    self.moved(i, frm, to, hf, mine[:i] + (to,) + mine[i + 1 :], theirs, b1, b2, b3, bd, 0, -1)

    def hermes_turns(self) -> None:
        """Hermes: "If your workers do not move up or down, they may each move
        any number of times (even zero), and then either builds." A first
        move up or down is a plain turn."""
        h1, h2, h3, dm, mine, theirs = self.h1, self.h2, self.h3, self.dm, self.mine, self.theirs
        occ = 0
        for sq in mine + theirs:
            occ |= BIT[sq]
        for i, frm in enumerate(mine):
            if i == self.sleeper:
                continue
            hf = _level(h1, h2, h3, frm)
            same = (~h1, h1 & ~h2, h2 & ~h3, h3)[hf]
            for to in _bits(self.nb[frm] & ~(occ | dm) & self.step_mask(h1, h2, h3, hf) & ~same):
                self.moved(i, frm, to, hf, mine[:i] + (to,) + mine[i + 1 :], theirs, h1, h2, h3, dm, 0, -1)
        harpies = self.rival == "harpies"
        stack = [mine]
        self.visited.add(mine)
        while stack:
            current = stack.pop()
            for sq in current:  # then either worker builds
                key = (sq, current, theirs, h1, h2, h3, dm)
                self.to_build.setdefault(key, 0)
            blocked = dm
            for sq in current + theirs:
                blocked |= BIT[sq]
            for i, frm in enumerate(current):
                if i == self.sleeper:
                    continue
                hf = _level(h1, h2, h3, frm)
                same = (~h1, h1 & ~h2, h2 & ~h3, h3)[hf] & FULL
                for to in _bits(NB[frm] & ~blocked & same):
                    if harpies:
                        to = _forced(frm, to, (blocked & ~BIT[frm]) | BIT[to], h1, h2, h3)
                    moved = current[:i] + (to,) + current[i + 1 :]
                    if moved not in self.visited:
                        self.visited.add(moved)
                        stack.append(moved)

    # -- builds ---------------------------------------------------------------------

    def limus_blocks(self, theirs: tuple[int, ...], h3: int) -> int:
        """Squares where Limus forbids a block (domes stay allowed: a build on
        level 3 is a dome)."""
        if self.rival != "limus":
            return 0
        near = 0
        for sq in theirs:
            near |= NB[sq]
        return near & ~h3

    def build_from(self, key: tuple, flags: int) -> None:
        """The builds after one board in ``to_build``: by the moved worker,
        or by each unmoved one (Graeae)."""
        at, mine, theirs, h1, h2, h3, dm = key
        if self.own == "graeae":
            for sq in mine:
                if sq != at:
                    self.builds(sq, at, mine, theirs, h1, h2, h3, dm, flags)
        else:
            self.builds(at, at, mine, theirs, h1, h2, h3, dm, flags)

    def build_all(self) -> None:
        for key, flags in self.to_build.items():
            self.build_from(key, flags)

    def batches(self, up: bool) -> Iterator[list[Position]]:
        """The non-winning results a few at a time, one board's builds per
        batch, the highest-standing builders first: a search that only needs
        one good enough result stops early. Not for Persephone's opponent,
        whose "if possible" needs every turn first."""
        after, athena_moves = 1 - self.mover, self.athena_moves
        order = sorted(self.to_build.items(), key=lambda item: -_level(item[0][3], item[0][4], item[0][5], item[0][0]))
        for key, flags in order:
            self.found = {}
            self.build_from(key, flags)
            found = self.petrified() if self.own == "medusa" else self.found
            if athena_moves:
                yield [board + (after, bool(flags & MOVED_UP)) for board, flags in found.items()]
            else:
                yield [board + (after, up) for board in found]

    def builds(
        self,
        at: int,
        moved: int,
        mine: tuple[int, ...],
        theirs: tuple[int, ...],
        h1: int,
        h2: int,
        h3: int,
        dm: int,
        flags: int,
    ) -> None:
        """Every build of the worker on ``at`` (the worker that moved is on
        ``moved``), with the power's extras."""
        own, found = self.own, self.found
        occ = 0
        for sq in mine:
            occ |= BIT[sq]
        for sq in theirs:
            occ |= BIT[sq]
        pools = (mine, theirs) if self.mover == 0 else (theirs, mine)
        free = self.nb[at] & ~(occ | dm)
        near_limus = self.limus_blocks(theirs, 0) if self.rival == "limus" else 0
        plain = free & ~(near_limus & ~h3)
        if own not in EXTRA_BUILDS:
            for sq in self.nbl[at]:  # the inner loop of the search: written out
                bit = BIT[sq]
                if not plain & bit:
                    continue
                if not h1 & bit:
                    key = (h1 | bit, h2, h3, dm, pools)
                elif not h2 & bit:
                    key = (h1, h2 | bit, h3, dm, pools)
                elif not h3 & bit:
                    key = (h1, h2, h3 | bit, dm, pools)
                else:
                    key = (h1, h2, h3, dm | bit, pools)
                found[key] = found.get(key, 0) | flags
            if own == "atlas" or own == "selene":
                # Selene's female worker (her first) domes "regardless of which worker moved".
                domes = free & ~h3 if own == "atlas" else NB[mine[0]] & ~(occ | dm)
                for sq in _bits(domes):
                    key = (h1, h2, h3, dm | BIT[sq], pools)
                    found[key] = found.get(key, 0) | flags
            elif own == "zeus":
                bit = BIT[at]
                if not h3 & bit and not near_limus & bit:
                    key = _raise(h1, h2, h3, dm, bit) + (pools,)
                    found[key] = found.get(key, 0) | flags
            return
        unmoved = [sq for sq in mine if sq != moved]
        for sq in _bits(plain):
            bit = BIT[sq]
            b1, b2, b3, bd = _raise(h1, h2, h3, dm, bit)
            key = (b1, b2, b3, bd, pools)
            found[key] = found.get(key, 0) | flags
            if own == "hephaestus":
                if not bd & bit and not b3 & bit and not near_limus & bit:
                    key = _raise(b1, b2, b3, bd, bit) + (pools,)
                    found[key] = found.get(key, 0) | flags
            elif own == "ares":
                # "You may remove an unoccupied block (not dome) neighboring your unmoved worker."
                near = 0
                for u in unmoved:
                    near |= NB[u]
                for sq2 in _bits(near & b1 & ~(occ | bd)):
                    key = _lower(b1, b2, b3, BIT[sq2]) + (bd, pools)
                    found[key] = found.get(key, 0) | flags
            elif own == "poseidon":
                self.tide(unmoved, occ, near_limus, pools, (b1, b2, b3, bd), flags)
            else:
                again = self.nb[at] & ~(occ | bd) & ~(near_limus & ~b3)
                again &= ~bit if own == "demeter" else ~PERIM
                for sq2 in _bits(again):
                    key = _raise(b1, b2, b3, bd, BIT[sq2]) + (pools,)
                    found[key] = found.get(key, 0) | flags

    def tide(
        self, unmoved: list[int], occ: int, near_limus: int, pools: tuple, board: tuple[int, int, int, int], flags: int
    ) -> None:
        """Poseidon: "If your unmoved worker is on the ground level, it may
        build up to three times" (after the usual build)."""
        ground = [u for u in unmoved if not (board[0] >> u) & 1]
        if not ground:
            return
        reach = 0
        for u in ground:
            reach |= NB[u]
        reach &= ~occ
        found = self.found
        frontier = {board}
        for _ in range(3):
            grown = set()
            for h1, h2, h3, dm in frontier:
                for sq in _bits(reach & ~dm & ~(near_limus & ~h3)):
                    after = _raise(h1, h2, h3, dm, BIT[sq])
                    if after not in grown:
                        grown.add(after)
                        key = after + (pools,)
                        found[key] = found.get(key, 0) | flags
            frontier = grown

    def petrified(self) -> dict[tuple, int]:
        """Medusa, at the end of her turn: "If possible, your workers build in
        lower neighboring spaces that are occupied by opponent workers,
        removing the opponent workers from the game"."""
        result: dict[tuple, int] = {}
        mover = self.mover
        for (h1, h2, h3, dm, pools), flags in self.found.items():
            if not flags & WON:
                mine, theirs = pools[mover], pools[1 - mover]
                victims = sorted(
                    sq
                    for sq in theirs
                    if any((NB[w] >> sq) & 1 and _level(h1, h2, h3, sq) < _level(h1, h2, h3, w) for w in mine)
                )
                for sq in victims:
                    if self.rival == "limus" and not (h3 >> sq) & 1 and any((NB[o] >> sq) & 1 for o in theirs):
                        continue  # Limus forbids the block there
                    theirs = tuple(o for o in theirs if o != sq)
                    h1, h2, h3, dm = _raise(h1, h2, h3, dm, BIT[sq])
                pools = (mine, theirs) if mover == 0 else (theirs, mine)
            key = (h1, h2, h3, dm, pools)
            result[key] = result.get(key, 0) | flags
        return result

    def add(self, board: tuple, flags: int) -> None:
        """A finished turn: ``board`` is ``(h1, h2, h3, dm, mine, theirs)``."""
        h1, h2, h3, dm, mine, theirs = board
        key = (h1, h2, h3, dm, (mine, theirs) if self.mover == 0 else (theirs, mine))
        found = self.found
        found[key] = found.get(key, 0) | flags


def begin(match: Matchup, pos: Position) -> _Turn:
    """A turn with its moves listed: ``found`` then holds its wins (if
    any), and ``batches`` gives the rest lazily."""
    turn = _Turn(match, pos)
    turn.moves()
    return turn


def results(match: Matchup, pos: Position) -> list[tuple[Position, bool]]:
    """Every distinct result of a full legal turn of the pool to move, and
    whether it won; empty when the mover is stuck (and so loses)."""
    turn = begin(match, pos)
    turn.build_all()
    found = turn.petrified() if turn.own == "medusa" else turn.found
    if turn.rival == "persephone" and any(flags & MOVED_UP for flags in found.values()):
        # "If possible, at least one worker must move up this turn."
        found = {board: flags for board, flags in found.items() if flags & MOVED_UP}
    mover, up = pos[5], pos[6]
    after = 1 - mover
    if turn.athena_moves:
        return [(board + (after, bool(flags & MOVED_UP)), bool(flags & WON)) for board, flags in found.items()]
    return [(board + (after, up), bool(flags & WON)) for board, flags in found.items()]


__all__ = [
    "FAST_GODS",
    "Matchup",
    "Position",
    "supported",
    "at_turn_start",
    "matchup",
    "board_of",
    "from_state",
    "begin",
    "results",
]
