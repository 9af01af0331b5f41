"""Santorini bots: ``easy``, ``medium`` and ``hard``.

Every level starts from the turns the readable rules allow (``turn.
completions``), so a bot can never play an illegal step, and every level
takes a win in one when it has one.

- easy: a random turn among those after which no opponent can win at once.
- medium: looks one full turn of each side ahead (2 plies) with the
  evaluation below.
- hard: iterative-deepening alpha-beta within the time budget. Base games
  for two sides (1 vs 1, 2 vs 2) are searched with the bitboard generator
  (``fast``); games with gods or more than two sides through the rules code
  itself, "paranoid" (every opponent plays against the bot).

A turn is several steps; the bot plans the whole turn at its first step and
remembers the rest, so later steps come at once.
"""

from __future__ import annotations

import random
import time
from collections import OrderedDict
from typing import Any

from engine.core import IllegalAction
from engine.games.santorini import fast, turn
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

_PLANS: "OrderedDict[tuple, Step]" = OrderedDict()
_PLAN_SIZE = 2000


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
    """The steps of the whole turn the bot will play."""
    options = root_options(state)
    for path, child in options:
        if child.phase == "over" and seat in child.winners:
            return path
    if level == "easy":
        # The first safe turn of a random order is a uniform pick among the safe ones.
        order = [path for path, _ in options]
        rng.shuffle(order)
        children = dict(options)
        return next((path for path in order if not _opponent_wins_next(children[path], seat)), order[0])
    deadline = time.perf_counter() + (min(budget, 1.0) if level == "medium" else budget)
    max_depth = MEDIUM_DEPTH if level == "medium" else MAX_DEPTH
    return Searcher(seat, deadline).best(options, max_depth, rng)


def root_options(state: State, check: Any = None, settle: bool = True) -> list[tuple[tuple[Step, ...], State]]:
    """Every complete turn from here with the state it leads to (the next
    player's turn begun and, with ``settle``, stuck players removed), one per
    distinct result."""
    seen: set = set()
    result = []
    for path, done in turn.completions(state, check):
        child = _finish(done, settle)
        key = child.key()
        if key not in seen:
            seen.add(key)
            result.append((path, child))
    return result


def _finish(done: State, settle: bool = True) -> State:
    child = done  # completions hands out fresh states: finish them in place
    if child.phase == "play":
        turn.finish_turn(child)
        if settle:
            turn.settle(child)
    return child


def _remember(state: State, path: tuple[Step, ...], level: str) -> None:
    """Keep the rest of a planned turn: the states after its first steps map
    to the step planned there (a turn's first step is always thought over)."""
    from engine.games.santorini.game import perform

    current = state
    for index, step in enumerate(path):
        if index:
            _PLANS[(current.key(), level)] = step
            if len(_PLANS) > _PLAN_SIZE:
                _PLANS.popitem(last=False)
        current = current.copy()
        perform(current, current.turn.seat, step)


def _opponent_wins_next(child: State, seat: int) -> bool:
    if child.phase == "over":
        return seat not in child.winners
    mover = child.turn.seat
    if mover in child.team(seat):
        return False
    if _fast_ok(child):
        return fast.can_win_now(fast.from_state(child))
    answer = turn.can_win(child)
    return _standard_threat(child) if answer is None else answer


def _standard_threat(state: State) -> bool:
    """Whether the player to move has a worker on level 2 next to a free
    level-3 tower (the plain way to win next)."""
    for wid in state.own_workers(state.turn.seat):
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
    for wid, sq in enumerate(workers):
        if sq == OFF:
            continue
        h = blocks[sq]
        value = HEIGHT_BONUS[h] + CENTRE_OF[sq]
        climbs = sum(1 for n in NEIGHBOURS[sq] if blocks[n] == h + 1 and not domes[n] and n not in workers)
        value += CLIMB_BONUS * climbs
        threats = climbs if h == 2 else 0
        if owner[wid] == mine_pool:
            score += value + threats * THREAT_PENALTY // 4
        else:
            score -= value + threats * THREAT_PENALTY
    return score


def fast_evaluate(pos: fast.Position) -> int:
    """``evaluate`` on a bitboard position, for the pool to move; ``WIN`` if
    that pool can step up onto a level-3 tower right away. One pass over the
    workers: this is the search's inner loop."""
    h1, h2, h3, dm, pools, mover = pos
    occ = 0
    for pool in pools:
        for sq in pool:
            occ |= 1 << sq
    free = ~(occ | dm)
    at1, at2, top = h1 & ~h2 & free, h2 & ~h3 & free, h3 & free
    nb_masks = fast.NB
    for sq in pools[mover]:
        if (h2 >> sq) & 1 and not (h3 >> sq) & 1 and nb_masks[sq] & top:
            return WIN
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

    def __init__(self, seat: int, deadline: float):
        self.seat = seat
        self.deadline = deadline
        self.nodes = 0
        self.table: dict[Any, tuple[int, float]] = {}
        self.depth_reached = 0

    def _tick(self) -> None:
        self.nodes += 1
        if not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise _OutOfTime

    def _clock(self) -> None:
        if time.perf_counter() > self.deadline:
            raise _OutOfTime

    def best(self, options: list[tuple[tuple[Step, ...], State]], max_depth: int,
             rng: random.Random) -> tuple[Step, ...]:
        """Iterative deepening over the root's turns; the best path found by
        the deepest finished iteration (ties broken at random)."""
        order = list(options)
        rng.shuffle(order)
        best_path = order[0][0]
        for depth in range(1, max_depth + 1):
            try:
                scored = [(self.value(child, depth - 1), path, child) for path, child in order]
            except _OutOfTime:
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
        if _fast_ok(state) and state.turn.stage == "move" and not state.turn.moved:
            pos = fast.from_state(state)
            if state.pool_of[state.turn.seat] == state.pool_of[self.seat]:
                return self.negamax(pos, depth, alpha, beta)
            return -self.negamax(pos, depth, -beta, -alpha)
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
            if known_depth >= depth and (bound == EXACT or (bound == LOWER and known_value >= beta)
                                         or (bound == UPPER and known_value <= alpha)):
                return known_value
        moves = fast.turns(pos)
        if not moves:
            return -WIN - depth
        if depth > 1:
            h1, h2, h3 = pos[0], pos[1], pos[2]
            moves.sort(key=lambda m: (m != hint, -fast.height(h1, h2, h3, m[1])))
        original_alpha = alpha
        best, best_move = -WIN * 2, moves[0]
        apply = fast.apply
        for move in moves:
            if depth == 1:
                # The children are leaves: evaluate them here, without a call per node.
                self.nodes += 1
                score = -fast_evaluate(apply(pos, move))
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

    # Any game: the readable rules, every opponent against the bot.
    def paranoid(self, state: State, depth: int, alpha: float, beta: float) -> float:
        self._tick()
        if depth == 0:
            return evaluate(state, self.seat)
        # Stuck players are found lazily: a node without turns is settled here,
        # instead of checking every child for it.
        children = [child for _, child in root_options(state, self._clock, settle=False)]
        if not children:
            settled = state.copy()
            turn.settle(settled)
            return self.value(settled, depth, alpha, beta)
        maximising = state.turn.seat in state.team(self.seat)
        if depth == 1:
            # The children are leaves: one evaluation each, no ordering needed.
            values = []
            for child in children:
                self._tick()
                values.append(evaluate(child, self.seat))
            return max(values) if maximising else min(values)
        children.sort(key=lambda c: evaluate(c, self.seat), reverse=maximising)
        if maximising:
            best = -WIN * 2
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


__all__ = ["choose", "plan_turn", "root_options", "evaluate", "fast_evaluate", "Searcher"]
