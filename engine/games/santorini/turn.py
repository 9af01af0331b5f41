"""Playing a turn step by step, ending it, and knowing which steps are legal.

A step is legal when it starts (or continues) a *complete* legal turn: the
glossary's "Must or Cannot: ... they must be obeyed, or you lose the game"
and "You Lose if you get stuck, meaning you cannot move and then build" are
read together as: a player may only take steps from which the turn can still
be finished obeying every "must"; a player with no such turn at the start of
their turn loses. So no step is ever offered that would leave a moved worker
unable to build.

"If possible" requirements (Persephone) narrow the legal turns only when a
turn meeting them exists.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import suppress

from engine.games.santorini import rules
from engine.games.santorini.gods.base import God, Step
from engine.games.santorini.rules import END, MOVE, PASS, god_of, rival_powers
from engine.games.santorini.state import State, Turn


def begin_turn(state: State, seat: int) -> None:
    """Start ``seat``'s turn: its own and its opponents' start-of-turn effects."""
    state.turn = Turn(seat, MOVE, tuple(state.workers))
    god_of(state, seat).begin_turn(state)
    for holder, god in rival_powers(state, seat):
        god.rival_turn_begins(state, holder, seat)
    advance(state)


def candidates(state: State) -> list[Step]:
    """The steps the mover's power offers now, before the completion check."""
    return god_of(state, state.live_turn.seat).steps(state)


def advance(state: State) -> None:
    """Skip optional stages that offer nothing but ``pass``."""
    while state.phase == "play" and state.live_turn.stage != END:
        god = god_of(state, state.live_turn.seat)
        if god.steps(state) != [PASS]:
            return
        god.apply(state, PASS)


def apply_step(state: State, step: Step) -> None:
    """Carry out one step of the turn in progress (no legality check)."""
    god_of(state, state.live_turn.seat).apply(state, step)
    advance(state)


def turn_done(state: State) -> bool:
    return state.phase == "over" or state.live_turn.stage == END


def turn_valid(state: State) -> bool:
    """Whether a finished turn obeyed every opponent's "must" (Aphrodite)."""
    seat = state.live_turn.seat
    return all(god.rival_turn_ok(state, holder, seat) for holder, god in rival_powers(state, seat))


def turn_preferred(state: State) -> bool:
    """Whether a finished turn met every "if possible" (Persephone)."""
    seat = state.live_turn.seat
    return all(god.rival_turn_preferred(state, holder, seat) for holder, god in rival_powers(state, seat))


def has_preferences(state: State) -> bool:
    seat = state.live_turn.seat
    return any(type(god).rival_turn_preferred is not God.rival_turn_preferred for _, god in rival_powers(state, seat))


def finish_turn(state: State) -> None:
    """The mover's steps are done: ``close_turn``, then the next player's turn
    begins (without checking whether that player is stuck: ``settle``)."""
    seat = state.live_turn.seat
    close_turn(state)
    if state.phase != "over":
        begin_turn(state, rules.next_seat(state, seat))


def close_turn(state: State) -> None:
    """Automatic end-of-turn effects (Medusa), what the next turn must
    remember (Athena), party-mode rotation. The board is then final for this
    turn (a bot evaluates it as it stands)."""
    turn = state.live_turn
    seat = turn.seat
    god_of(state, seat).end_of_turn(state)
    if state.phase == "over":
        return
    state.moved_up_last[seat] = turn.moved_up
    if state.options.get("gods") == "party" and any(e[0] == "dome" for e in state.turn_log):
        rotate_gods(state)
    state.last_log = state.turn_log
    state.turn_log = []


def rotate_gods(state: State) -> None:
    """Party mode: after any turn in which a dome was built, every god card
    passes to the next player in turn order."""
    moved = list(state.gods)
    for seat in range(state.players):
        if state.alive[seat]:
            moved[rules.next_seat(state, seat)] = state.gods[seat]
    state.gods = moved
    state.emit("rotate")


def settle(state: State) -> None:
    """Remove every player who, at the start of their turn, cannot take a
    complete turn; the game goes on with the next player (or ends)."""
    while state.phase == "play" and not has_completion(state):
        seat = state.live_turn.seat
        rules.eliminate(state, seat, "could not move and then build")
        if state.phase == "play":
            begin_turn(state, rules.next_seat(state, seat))


# -- searching the rest of a turn ------------------------------------------------


def _children(
    state: State, seen: set, finish_first: bool = False, dead: set | frozenset = frozenset()
) -> Iterator[tuple[Step, State]]:
    steps = candidates(state)
    if finish_first:
        # Optional stages list ``pass`` last: trying it first finds a way to
        # finish the turn at once instead of wandering (Hermes, Triton).
        steps = steps[::-1]
    for step in steps:
        child = state.copy()
        apply_step(child, step)
        key = child.key()
        if key in seen or key in dead:
            continue
        seen.add(key)
        yield step, child


_DEAD: dict[bool, set] = {False: set(), True: set()}
"""States known to have no way to finish the turn (with or without the "if
possible" requirements). Whether a state can be finished depends on nothing
but its key, so the knowledge holds from one call to the next."""
_DEAD_LIMIT = 200_000


def has_completion(state: State, preferred: bool = False) -> bool:
    """Whether the turn in progress can be finished legally (and, with
    ``preferred``, also meeting every "if possible"). Depth first, stopping
    at the first finished turn found."""
    if turn_done(state):
        return turn_valid(state) and (not preferred or turn_preferred(state))
    dead = _DEAD[preferred]
    if state.key() in dead:
        return False
    seen: set = set()
    stack = [_children(state, seen, True, dead)]
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
            continue
        current = child[1]
        if turn_done(current):
            if turn_valid(current) and (not preferred or turn_preferred(current)):
                return True
            continue
        stack.append(_children(current, seen, True, dead))
    # A failed search saw every state it reached through to the end.
    if len(dead) > _DEAD_LIMIT:
        dead.clear()
    dead.update(seen)
    dead.add(state.key())
    return False


def completions(state: State, check: Callable[[], None] | None = None) -> list[tuple[tuple[Step, ...], State]]:
    """Every legal way to finish the turn in progress: the steps and the state
    when the steps are done (before ``finish_turn``). Paths reaching the same
    state twice are kept once (Hermes and Triton could loop forever).
    ``check`` is called now and then during long searches (a bot's clock)."""
    done = list(_valid_finishes(state, check))
    if has_preferences(state) and any(turn_preferred(s) for _, s in done):
        done = [(p, s) for p, s in done if turn_preferred(s)]
    done.reverse()
    return done


def each_completion(state: State, check: Callable[[], None] | None = None) -> Iterator[tuple[tuple[Step, ...], State]]:
    """``completions`` one at a time, as the search finds them (in another
    order), so that a caller may stop early; all at once when an "if
    possible" requirement (Persephone) needs the whole set first."""
    if has_preferences(state):
        yield from completions(state, check)
    else:
        yield from _valid_finishes(state, check)


def _valid_finishes(state: State, check: Callable[[], None] | None) -> Iterator[tuple[tuple[Step, ...], State]]:
    seen: set = set()
    stack: list[tuple[State, tuple[Step, ...]]] = [(state, ())]
    expanded = 0
    while stack:
        current, path = stack.pop()
        expanded += 1
        if check is not None and not expanded & 63:
            check()
        if turn_done(current):
            if turn_valid(current):
                yield path, current
            continue
        for step, child in _children(current, seen):
            stack.append((child, path + (step,)))


def can_win(state: State, limit: int = 2000) -> bool | None:
    """Whether the player to move can win during the turn in progress: True,
    False, or None when ``limit`` states were searched without an answer."""
    seat = state.live_turn.seat
    seen: set = set()
    stack = [_children(state, seen)]
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
            continue
        current = child[1]
        if current.phase == "over":
            if seat in current.winners and turn_valid(current):
                return True
            continue
        if turn_done(current):
            continue
        if len(seen) > limit:
            return None
        stack.append(_children(current, seen))
    return False


_LEGAL_CACHE: OrderedDict[tuple, list[Step]] = OrderedDict()
_LEGAL_CACHE_SIZE = 512


def legal_steps(state: State) -> list[Step]:
    """The steps of the turn in progress that keep a legal turn possible."""
    key = state.key()
    cached = _LEGAL_CACHE.get(key)
    if cached is not None:
        with suppress(KeyError):  # bots think in other threads: another may just have dropped it
            _LEGAL_CACHE.move_to_end(key)
        return list(cached)
    need_preferred = has_preferences(state) and has_completion(state, preferred=True)
    result = []
    for step in candidates(state):
        child = state.copy()
        apply_step(child, step)
        if has_completion(child, need_preferred):
            result.append(step)
    _LEGAL_CACHE[key] = result
    if len(_LEGAL_CACHE) > _LEGAL_CACHE_SIZE:
        with suppress(KeyError):
            _LEGAL_CACHE.popitem(last=False)
    return list(result)
