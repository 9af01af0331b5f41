"""Santorini bots: ``easy``, ``medium`` and ``hard``.

Every level starts from the turns the readable rules allow (``turn.
completions``), so a bot can never play an illegal step, and every level
takes a win in one when it has one.

- easy: a random turn among those after which no opponent can win at once.
- medium: looks one full turn of each side ahead (2 plies) with the
  evaluation below.
- hard: iterative-deepening alpha-beta within the time budget. Base games
  for two sides (1 vs 1, 2 vs 2) are searched with the bitboard generator
  (``fast``), 1 vs 1 games whose gods are all in ``fast_gods.FAST_GODS``
  (28 of the 32) with the god generator (``fast_gods``); other games
  through the rules code itself, "paranoid" (every opponent plays against
  the bot). Both bitboard searches order a node's turns best-looking first;
  the turns whose children are leaves are generated lazily (readable rules:
  ``turn.each_completion``; gods on bitboards: ``fast_gods`` batches) and
  cut off as soon as one refutes.

The budget covers the whole decision, listing the root's turns included.
A turn is several steps; the bot plans the whole turn at its first step and
remembers the rest, so later steps come at once.
"""

from __future__ import annotations

import random
import time
from collections import OrderedDict
from contextlib import suppress
from typing import Any

from engine.core import IllegalAction
from engine.games.santorini import fast, fast_gods, rules, turn
from engine.games.santorini.board import NEIGHBOURS, distance
from engine.games.santorini.gods import CARDS
from engine.games.santorini.gods.base import Step
from engine.games.santorini.notation import format_step
from engine.games.santorini.state import OFF, TOP_LEVEL, State

WIN = 1_000_000
CENTRE = 12
CENTRE_BONUS = (14, 6, 0)
"""Bonus for a worker's distance from the centre square (0, 1, 2)."""
HEIGHT_BONUS = (0, 40, 120, 120)
CLIMB_BONUS = 10
"""Per neighbouring square one level up that a worker could climb to."""
THREAT_PENALTY = 400
"""Per level-3 tower an opponent on level 2 could step onto next."""

EXACT, LOWER, UPPER = 0, 1, 2
"""Transposition-table bounds."""

MEDIUM_DEPTH = 2
MAX_DEPTH = 12

_PLANS: OrderedDict[tuple, Step] = OrderedDict()
_PLAN_SIZE = 2000

KEPT_ENTRIES = 400_000
"""Transposition-table entries kept from one decision to the next (about
100 MB at most): a bitboard position's value depends on the position and
the gods alone, so the next decision of the same game starts with what the
last one found two plies earlier (its first iterations cost nothing, its
move ordering is better). A table over this size starts again empty."""
_KEPT_TABLES: OrderedDict[tuple[str | None, str | None] | None, dict[Any, tuple]] = OrderedDict()
_KEPT_KINDS = 4
"""Tables kept at once, one per pair of gods (None: the base game)."""


def kept_table(gods: tuple[str | None, str | None] | None) -> dict[Any, tuple]:
    """The transposition table the hard bot keeps for games with these gods."""
    table = _KEPT_TABLES.get(gods)
    if table is None or len(table) > KEPT_ENTRIES:
        table = _KEPT_TABLES[gods] = {}
    _KEPT_TABLES.move_to_end(gods)
    while len(_KEPT_TABLES) > _KEPT_KINDS:
        with suppress(KeyError):  # bots of other tables think in other threads
            _KEPT_TABLES.popitem(last=False)
    return table


class _OutOfTime(Exception):
    pass


# -- entry point ---------------------------------------------------------------------


def choose(game: Any, state: State, seat: int, level: str, seed: int, budget: float = 2.0) -> str:
    """The bot's next action for ``seat`` (always one of ``game.legal``)."""
    legal = game.legal_steps(state, seat)
    if not legal:
        raise IllegalAction("The bot has nothing to do right now.")
    rng = random.Random(seed)
    if state.phase != "play":
        return format_step(_setup_choice(state, seat, legal, rng))
    planned = _PLANS.get((state.key(), level))
    if planned is not None and planned in legal:
        return format_step(planned)
    path = plan_turn(state, seat, level, rng, budget)
    _remember(state, path, level)
    return format_step(path[0])


def plan_turn(state: State, seat: int, level: str, rng: random.Random, budget: float) -> tuple[Step, ...]:
    """The steps of the whole turn the bot will play. The clock starts now:
    listing the turns counts against the budget (a god with many ways to
    build, Poseidon or Morpheus, can have thousands)."""
    deadline = time.perf_counter() + (min(budget, 1.0) if level == "medium" else budget)
    options = root_options(state, begin=False)
    for path, child in options:
        if child.phase == "over" and seat in child.winners:
            return path
    if level == "easy":
        return _easy_turn(options, seat, rng, deadline)
    if level == "medium":
        return Searcher(seat, deadline).best(options, MEDIUM_DEPTH, rng)
    return Searcher(seat, deadline, keep=True).best(options, MAX_DEPTH, rng)


def _easy_turn(
    options: list[tuple[tuple[Step, ...], State]], seat: int, rng: random.Random, deadline: float
) -> tuple[Step, ...]:
    """A uniformly random turn among those after which no opponent can win at
    once; a turn that leaves the next player stuck (and so wins) if one is
    found while there is time to look."""
    order = list(options)
    rng.shuffle(order)
    safe = None
    for path, child in order:
        open_turn(child)
        if child.phase == "over" and seat in child.winners:
            return path
        if safe is None and not _opponent_wins_next(child, seat):
            safe = path
        if safe is not None and time.perf_counter() > deadline:
            break
    return safe if safe is not None else order[0][0]


def root_options(
    state: State, check: Any = None, settle: bool = True, begin: bool = True
) -> list[tuple[tuple[Step, ...], State]]:
    """Every complete turn from here with the state it leads to, one per
    distinct result (turns that leave the same board are merged). With
    ``begin`` the next player's turn is begun in each (and, with ``settle``,
    stuck players are removed); without, each is left closed, to be opened
    by ``open_turn`` if the search gets to it: beginning turns is the costly
    part."""
    seen: set = set()
    result = []
    for path, done in turn.completions(state, check):
        if done.phase == "play":  # completions hands out fresh states: close them in place
            turn.close_turn(done)
        key = done.board_key()
        if key in seen:
            continue
        seen.add(key)
        if begin:
            open_turn(done, settle)
        result.append((path, done))
    return result


def is_closed(state: State) -> bool:
    """A finished turn whose successor has not begun (``root_options`` with
    ``begin=False``)."""
    return state.phase == "play" and state.live_turn.stage == turn.END


def open_turn(state: State, settle: bool = True) -> None:
    """Begin the next player's turn in a closed state (in place) and, with
    ``settle``, remove players who are stuck; nothing if already open."""
    if is_closed(state):
        turn.begin_turn(state, rules.next_seat(state, state.live_turn.seat))
        if settle:
            turn.settle(state)


def _remember(state: State, path: tuple[Step, ...], level: str) -> None:
    """Keep the rest of a planned turn: the states after its first steps map
    to the step planned there (a turn's first step is always thought over)."""
    from engine.games.santorini.game import perform

    current = state
    for index, step in enumerate(path):
        if index:
            _PLANS[(current.key(), level)] = step
            if len(_PLANS) > _PLAN_SIZE:
                with suppress(KeyError):  # bots of other tables think in other threads
                    _PLANS.popitem(last=False)
        current = current.copy()
        perform(current, current.live_turn.seat, step)


def _opponent_wins_next(child: State, seat: int) -> bool:
    if child.phase == "over":
        return seat not in child.winners
    mover = child.live_turn.seat
    if mover in child.team(seat):
        return False
    if _fast_ok(child):
        return fast.can_win_now(fast.from_state(child))
    answer = turn.can_win(child)
    return _standard_threat(child) if answer is None else answer


def _standard_threat(state: State) -> bool:
    """Whether the player to move has a worker on level 2 next to a free
    level-3 tower (the plain way to win next)."""
    for wid in state.own_workers(state.live_turn.seat):
        here = state.workers[wid]
        if state.blocks[here] == 2 and any(state.blocks[n] == TOP_LEVEL and state.free(n) for n in NEIGHBOURS[here]):
            return True
    return False


# -- set-up choices ----------------------------------------------------------------------


def _setup_choice(state: State, seat: int, legal: list[Step], rng: random.Random) -> Step:
    verb = legal[0][0]
    if verb == "offer":
        strong = [s for s in legal if CARDS[s[1]].strength >= 3]
        return rng.choice(strong or legal)
    if verb == "choose":
        best = max(CARDS[s[1]].strength for s in legal)
        return rng.choice([s for s in legal if CARDS[s[1]].strength == best])
    if verb == "first":
        return ("first", seat)
    mine = [state.workers[w] for w in state.own_workers(seat)]
    others = [sq for w, sq in enumerate(state.workers) if sq != OFF and not state.is_own(seat, w)]

    def placement_score(step: Step) -> float:
        sq = step[1]
        score = -4.0 * distance(sq, CENTRE)
        score -= sum(3.0 for m in mine if distance(m, sq) < 2)
        score -= sum(1.0 for o in others if distance(o, sq) > 2)
        return score + rng.random()

    return max(legal, key=placement_score)


# -- evaluation ----------------------------------------------------------------------------


def _fast_ok(state: State) -> bool:
    """Whether the bitboard search plays this game: no gods, two sides."""
    return all(g is None for g in state.gods) and len(set(state.pool_of)) == 2 and state.mode != "agora"


CENTRE_OF = tuple(CENTRE_BONUS[min(distance(sq, CENTRE), 2)] for sq in range(25))


def evaluate(state: State, seat: int) -> float:
    """How good ``state`` looks for ``seat``'s side (readable state, any
    gods): worker heights, centrality, room to climb, opponents' threats."""
    if state.phase == "over":
        return WIN if seat in state.winners else -WIN
    blocks, domes, workers, owner = state.blocks, state.domes, state.workers, state.owner
    score = 0.0
    mine_pool = state.pool_of[seat]
    standing = set(workers)
    for wid, sq in enumerate(workers):
        if sq == OFF:
            continue
        h = blocks[sq]
        value = HEIGHT_BONUS[h] + CENTRE_OF[sq]
        climbs = 0
        for n in NEIGHBOURS[sq]:
            if blocks[n] == h + 1 and not domes[n] and n not in standing:
                climbs += 1
        value += CLIMB_BONUS * climbs
        threats = climbs if h == 2 else 0
        if owner[wid] == mine_pool:
            score += value + threats * THREAT_PENALTY // 4
        else:
            score -= value + threats * THREAT_PENALTY
    return score


def fast_evaluate(pos: fast.Position) -> int:
    """``evaluate`` on a bitboard position, for the pool to move: ``WIN`` if
    that pool can step up onto a level-3 tower right away, ``-WIN`` if the
    other side's threats cannot all be stopped. This is the search's inner
    loop."""
    occ = 0
    for pool in pos[4]:
        for sq in pool:
            occ |= 1 << sq
    return _threat_verdict(pos, occ) or _static_score(*pos, occ)


def _threat_verdict(pos: fast.Position, occ: int) -> int:
    """``WIN`` if the pool to move can step up onto a free level-3 tower;
    ``-WIN`` if not and the other side can next turn whatever this turn
    does: two such towers beside its level-2 workers, or one that no worker
    of the mover can get next to, to dome it (stepping onto it would be a
    win); else 0."""
    h1, h2, h3, dm, pools, mover = pos
    blocked = occ | dm
    top = h3 & ~blocked
    nb_masks = fast.NB
    mine = pools[mover]
    for sq in mine:
        if (h2 >> sq) & 1 and not (h3 >> sq) & 1 and nb_masks[sq] & top:
            return WIN
    threats = 0
    for sq in pools[1 - mover]:
        if (h2 >> sq) & 1:
            threats |= nb_masks[sq] & top
    if not threats:
        return 0
    if threats & (threats - 1):
        return -WIN
    around = nb_masks[threats.bit_length() - 1]
    if any(nb_masks[sq] & around & ~blocked & fast.climbable(h1, h2, h3, sq) for sq in mine):
        return 0
    return -WIN


def god_evaluate(match: fast_gods.Matchup, pos: fast_gods.Position) -> int:
    """``fast_evaluate`` for a game with gods: ``WIN`` only for a plain
    step up onto a level-3 tower that the opponent's power does not forbid
    (Athena's "cannot move up", Hera's perimeter, Hypnus's sleeper)."""
    h1, h2, h3, dm, pools, mover, up = pos
    occ = 0
    for pool in pools:
        for sq in pool:
            occ |= 1 << sq
    rival = match.gods[1 - mover]
    if not (up and rival == "athena"):
        top = h3 & ~(occ | dm)
        if rival == "hera":
            top &= ~fast_gods.PERIM
        nb_masks = fast_gods.WNB if match.gods[mover] == "urania" else fast.NB
        mine = pools[mover]
        for sq in mine:
            if (h2 >> sq) & 1 and not (h3 >> sq) & 1 and nb_masks[sq] & top:
                # Hypnus: a worker higher than all its partners cannot move.
                if rival != "hypnus" or len(mine) < 2 or any((h2 >> other) & 1 for other in mine if other != sq):
                    return WIN
    return _static_score(h1, h2, h3, dm, pools, mover, occ)


def _static_score(h1: int, h2: int, h3: int, dm: int, pools: tuple[tuple[int, ...], ...], mover: int, occ: int) -> int:
    """Heights, centrality, room to climb and threats, for the pool to move."""
    free = ~(occ | dm)
    at1, at2, top = h1 & ~h2 & free, h2 & ~h3 & free, h3 & free
    nb_masks = fast.NB
    score = 0
    for index, pool in enumerate(pools):
        value = threats = 0
        for sq in pool:
            nb = nb_masks[sq]
            if (h2 >> sq) & 1:
                up = (nb & top).bit_count()
                value += HEIGHT_BONUS[2] + CLIMB_BONUS * up + CENTRE_OF[sq]
                threats += up
            elif (h1 >> sq) & 1:
                value += HEIGHT_BONUS[1] + CLIMB_BONUS * (nb & at2).bit_count() + CENTRE_OF[sq]
            else:
                value += CLIMB_BONUS * (nb & at1).bit_count() + CENTRE_OF[sq]
        if index == mover:
            score += value
        else:
            score -= value + threats * THREAT_PENALTY
    return score


# -- search ---------------------------------------------------------------------------------


class Searcher:
    """Alpha-beta over full turns for one decision, within a deadline."""

    def __init__(self, seat: int, deadline: float, keep: bool = False):
        self.seat = seat
        self.deadline = deadline
        self.nodes = 0
        self.keep = keep
        """Whether the transposition table is still to be swapped for the one
        kept between decisions (``kept_table``): done when the first bitboard
        search starts, once its gods are known."""
        self.table: dict[Any, tuple] = {}
        """Transposition table of the bitboard searches: position -> (depth,
        value, bound, best turn or child)."""
        self.depth_reached = 0
        self.match: fast_gods.Matchup | None = None
        """The gods of a 1 vs 1 god game searched on bitboards (set on first use)."""

    def _tick(self) -> None:
        self.nodes += 1
        if not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise _OutOfTime

    def _clock(self) -> None:
        if time.perf_counter() > self.deadline:
            raise _OutOfTime

    def best(
        self, options: list[tuple[tuple[Step, ...], State]], max_depth: int, rng: random.Random
    ) -> tuple[Step, ...]:
        """Iterative deepening over the root's turns; the best path found by
        the deepest finished iteration (ties broken at random), or by an
        unfinished one where it already proved a turn better than the last
        best. Each root turn is searched with the best value so far as its
        lower bound, so a turn that cannot beat it is dropped early."""
        order = list(options)
        rng.shuffle(order)
        best_path = order[0][0]
        deadline = self.deadline
        for depth in range(1, max_depth + 1):
            scored: list[tuple[float, tuple[Step, ...], State]] = []
            alpha: float = -WIN * 2
            # The first iteration only evaluates each turn's result: always
            # finish it, so even a late start ranks the turns.
            self.deadline = float("inf") if depth == 1 else deadline
            try:
                for path, child in order:
                    if depth > 1:
                        # The god search finds a stuck player itself (no
                        # result: lost); settling thousands of Hermes turns
                        # through the readable rules would eat the budget.
                        open_turn(child, settle=not fast_gods.supported(child))
                    score = self.value(child, depth - 1, alpha, WIN * 2)
                    scored.append((score, path, child))
                    alpha = max(alpha, score)
            except _OutOfTime:
                if scored and max(scored, key=lambda item: item[0])[0] > scored[0][0]:
                    best_path = max(scored, key=lambda item: item[0])[1]
                break
            scored.sort(key=lambda item: -item[0])
            order = [(path, child) for _, path, child in scored]
            best_path = order[0][0]
            self.depth_reached = depth
            if scored[0][0] >= WIN // 2 or len(order) == 1:
                break
        return best_path

    def value(self, state: State, depth: int, alpha: float = -WIN * 2, beta: float = WIN * 2) -> float:
        """The value of ``state`` for the bot's side, ``depth`` more turns."""
        if state.phase == "over":
            self._tick()
            return WIN + depth if self.seat in state.winners else -WIN - depth
        if _fast_ok(state) and state.live_turn.stage == "move" and not state.live_turn.moved:
            pos = fast.from_state(state)
            if self.keep:
                self.table, self.keep = kept_table(None), False
            if state.pool_of[state.live_turn.seat] == state.pool_of[self.seat]:
                return self.negamax(pos, depth, alpha, beta)
            return -self.negamax(pos, depth, -beta, -alpha)
        if fast_gods.supported(state) and fast_gods.at_turn_start(state):
            if self.match is None:
                self.match = fast_gods.matchup(state)
                if self.keep:
                    self.table, self.keep = kept_table(self.match.gods), False
            god_pos = fast_gods.from_state(state, self.match)
            if state.pool_of[state.live_turn.seat] == state.pool_of[self.seat]:
                return self.god_negamax(god_pos, depth, alpha, beta)
            return -self.god_negamax(god_pos, depth, -beta, -alpha)
        return self.paranoid(state, depth, alpha, beta)

    # Base game, two sides: negamax on bitboards.
    def negamax(self, pos: fast.Position, depth: int, alpha: float, beta: float) -> float:
        self._tick()
        if depth == 0:
            return fast_evaluate(pos)
        if fast.can_win_now(pos):
            return WIN + depth
        known = self.table.get(pos)
        hint = None
        if known is not None:
            known_depth, known_value, bound, hint = known
            if known_depth >= depth and (
                bound == EXACT or (bound == LOWER and known_value >= beta) or (bound == UPPER and known_value <= alpha)
            ):
                return known_value
        moves = fast.turns(pos)
        if not moves:
            return -WIN - depth
        if depth > 2:
            # Best-looking first (a child's score is the opponent's view):
            # under a big subtree, cut-offs come sooner than the evaluations
            # cost. Each child is built and evaluated: counted as a position
            # searched. (No winning move is left: ``can_win_now`` took them.)
            apply = fast.apply
            moves.sort(key=lambda m: (m != hint, fast_evaluate(apply(pos, m))))
            self.nodes += len(moves)
        elif hint is not None and hint in moves:
            # Near the leaves the generator's order (higher squares first)
            # stands, after the best turn found here before.
            moves.remove(hint)
            moves.insert(0, hint)
        original_alpha = alpha
        best: float = -WIN * 2
        best_move = moves[0]
        apply = fast.apply
        for move in moves:
            if depth == 1:
                # The children are leaves: evaluate them here, without a call per node.
                self.nodes += 1
                score: float = -fast_evaluate(apply(pos, move))
            else:
                score = -self.negamax(apply(pos, move), depth - 1, -beta, -alpha)
            if score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        bound = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
        self.table[pos] = (depth, best, bound, best_move)
        return best

    # 1 vs 1 with gods that ``fast_gods`` plays: negamax over whole-turn results.
    def god_negamax(self, pos: fast_gods.Position, depth: int, alpha: float, beta: float) -> float:
        self._tick()
        match = self.match
        assert match is not None  # set by ``value`` before any god search
        if depth == 0:
            return god_evaluate(match, pos)
        known = self.table.get(pos)
        hint = None
        if known is not None:
            known_depth, known_value, bound, hint = known
            if known_depth >= depth and (
                bound == EXACT or (bound == LOWER and known_value >= beta) or (bound == UPPER and known_value <= alpha)
            ):
                return known_value
        if depth == 1 and match.gods[1 - pos[5]] != "persephone":
            return self.god_leaf_parent(pos, alpha, beta)
        children = fast_gods.results(match, pos)
        if not children:
            return -WIN - depth  # stuck: "You Lose if you get stuck"
        for child, won in children:
            if won:
                return WIN + depth
        if depth > 1:
            # Best-looking first (the child's score is the opponent's view):
            # cut-offs come sooner than the leaves cost to order them.
            children.sort(key=lambda item: (item[0] != hint, god_evaluate(match, item[0])))
            self.nodes += len(children)  # each child evaluated: a position searched
        original_alpha = alpha
        best: float = -WIN * 2
        best_child = children[0][0]
        for child, _ in children:
            if depth == 1:
                # The children are leaves: evaluate them here, without a call per node.
                self.nodes += 1
                score: float = -god_evaluate(match, child)
            else:
                score = -self.god_negamax(child, depth - 1, -beta, -alpha)
            if score > best:
                best, best_child = score, child
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        bound = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
        self.table[pos] = (depth, best, bound, best_child)
        return best

    def god_leaf_parent(self, pos: fast_gods.Position, alpha: float, beta: float) -> float:
        """``god_negamax`` one turn from the leaves: the turn's results are
        built and evaluated a batch at a time, stopping at the first that
        refutes (most of a cut node's results are never built)."""
        match = self.match
        assert match is not None  # set by ``value`` before any god search
        turn = fast_gods.begin(match, pos)
        if turn.found:  # only wins are found before the builds
            return WIN + 1
        best = None
        for batch in turn.batches(pos[6]):
            for child in batch:
                self.nodes += 1
                score: float = -god_evaluate(match, child)
                if best is None or score > best:
                    best = score
                    if best >= beta:
                        return best
        return -WIN - 1 if best is None else best  # no result at all: stuck, and so lost

    # Any game: the readable rules, every opponent against the bot.
    def paranoid(self, state: State, depth: int, alpha: float, beta: float) -> float:
        self._tick()
        if depth == 0:
            return evaluate(state, self.seat)
        maximising = state.live_turn.seat in state.team(self.seat)
        if depth == 1:
            return self.leaves(state, maximising, alpha, beta)
        # Stuck players are found lazily: a node without turns is settled here,
        # instead of checking every child for it.
        children = [child for _, child in root_options(state, self._clock, settle=False)]
        if not children:
            return self.stuck(state, depth, alpha, beta)
        children.sort(key=lambda c: evaluate(c, self.seat), reverse=maximising)
        if maximising:
            best: float = -WIN * 2
            for child in children:
                best = max(best, self.value(child, depth - 1, alpha, beta))
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
        else:
            best = WIN * 2
            for child in children:
                best = min(best, self.value(child, depth - 1, alpha, beta))
                beta = min(beta, best)
                if alpha >= beta:
                    break
        return best

    def leaves(self, state: State, maximising: bool, alpha: float, beta: float) -> float:
        """A node whose children are leaves: each finished turn is evaluated
        as it stands (end-of-turn effects applied, the next turn not begun),
        stopping as soon as one is good enough to cut."""
        best = None
        for _, done in turn.each_completion(state, self._clock):
            self._tick()
            if done.phase == "play":
                turn.close_turn(done)
            score = evaluate(done, self.seat)
            if best is None or (score > best if maximising else score < best):
                best = score
                if (maximising and best >= beta) or (not maximising and best <= alpha):
                    break
        if best is None:
            return self.stuck(state, 1, alpha, beta)
        return best

    def stuck(self, state: State, depth: int, alpha: float, beta: float) -> float:
        """A player without a turn is out: settle and search on."""
        settled = state.copy()
        turn.settle(settled)
        return self.value(settled, depth, alpha, beta)


__all__ = ["choose", "plan_turn", "root_options", "evaluate", "fast_evaluate", "Searcher"]
