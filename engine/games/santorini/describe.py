"""Log lines in plain words, built from the events an action caused.

``GAME.describe`` plays the action on a copy and reads back what happened, so
a line tells exactly what the rules did: swaps, pushes, slides, removals,
wins, eliminations. Lines start with the actor's seat colour (the table puts
the player's name there).
"""

from __future__ import annotations

from typing import Any

from engine.games.santorini.board import square_name
from engine.games.santorini.gods import CARDS
from engine.games.santorini.notation import SQUARE_VERBS as SQUARE_STEPS
from engine.games.santorini.rules import colour, god_of
from engine.games.santorini.state import State


def pool_name(state: State, pool: int) -> str:
    """The colour(s) of a pool of workers: "Orange", or "Blue/Green" for a
    shared pool."""
    return "/".join(colour(s) for s in range(state.players) if state.pool_of[s] == pool)


def _whose(state: State, wid: int) -> str:
    return f"{pool_name(state, state.owner[wid])}'s worker"


def _god(name: str) -> str:
    return CARDS[name].display if name in CARDS else name


def clause(state: State, actor: int, event: list[Any]) -> str:
    """One event as words (``state`` only names workers; it may be any state
    of the same game)."""
    kind = event[0]
    if kind == "move":
        _, wid, frm, to, up_from, up_to = event
        text = f"moves {square_name(frm)}→{square_name(to)}"
        if up_to > up_from:
            text += f" up to level {up_to}"
        elif up_to < up_from:
            text += f" down to level {up_to}"
        return text
    if kind == "force":
        _, wid, frm, to, by = event
        verbs = {"apollo": "swapping", "minotaur": "pushing", "charon": "ferries"}
        if by == "harpies":
            return f"the Harpies drag it on to {square_name(to)}"
        return f"{verbs.get(by, 'forcing')} {_whose(state, wid)} {square_name(frm)}→{square_name(to)}"
    if kind == "kill":
        _, wid, square, by = event
        verb = "petrifying" if by == "medusa" else "removing"
        return f"{verb} {_whose(state, wid)} on {square_name(square)} ({_god(by)})"
    if kind == "build":
        _, square, level, seat, by = event
        return f"builds level {level} on {square_name(square)}"
    if kind == "dome":
        _, square, below, seat, by = event
        at = "" if below == 3 else f" at level {below}"
        return f"builds a dome on {square_name(square)}{at}"
    if kind == "unbuild":
        _, square, level, seat, by = event
        return f"removes a block from {square_name(square)} (now level {level})"
    if kind == "win":
        _, seat, reason = event
        return f"{colour(seat)} wins"
    if kind == "out":
        _, seat, reason = event
        return f"{colour(seat)} {reason} and is out"
    if kind == "rotate":
        return "every god passes to the next player"
    if kind == "offer":
        return f"offers {_god(event[2])}"
    if kind == "choose":
        return f"chooses {_god(event[2])}" if event[1] == actor else f"{colour(event[1])} keeps {_god(event[2])}"
    if kind == "first":
        return f"picks {colour(event[2])} to start"
    if kind == "roll":
        return f"the roll-off makes {colour(event[1])} the start player"
    if kind == "place":
        return f"places a worker on {square_name(event[2])}"
    return kind


def line(state: State, actor: int, events: list[list[Any]], fallback: str) -> str:
    """The whole log line for one action."""
    who = colour(actor)
    events = list(events)
    if (
        len(events) > 1
        and events[0][0] == "force"
        and events[0][4] in ("apollo", "minotaur")
        and events[1][0] == "move"
    ):
        events[0], events[1] = events[1], events[0]  # say the move, then whom it displaced
    if not events:
        return f"{who} {fallback}"
    text = ""
    for index, event in enumerate(events):
        part = clause(state, actor, event)
        if event[0] == "win" and event[1] == actor and index and events[index - 1][0] in ("move", "build", "dome"):
            mover_won = events[index - 1][0] == "move"
            text += " and wins" if mover_won else f" and wins ({event[2]})"
        elif event[0] == "win" and index and events[index - 1][0] == "out":
            text += f", so {part}"
        else:
            text += (", " if text else "") + part
    return f"{who} {text}"


_VERB_WORDS = {
    "move": "move",
    "build": "build",
    "dome": "build",
    "force": "ferry an opponent",
    "remove": "remove a block",
}


def stage_choices(state: State) -> tuple[list[str], bool]:
    """What the power of the player to move offers at this stage of the turn,
    in words ("move", "move again", "build again", "remove a block" ...), and
    whether ``pass`` declines it."""
    turn = state.live_turn
    steps = god_of(state, turn.seat).steps(state)
    built = any(e[0] in ("build", "dome") for e in state.turn_log)
    words: list[str] = []
    for step in steps:
        word = _VERB_WORDS.get(step[0])
        if word == "move" and turn.moved:
            word = "move again"
        elif word == "build" and built and turn.moved:
            word = "build again"
        if word and word not in words:
            words.append(word)
    return words, ("pass",) in steps


def passing(state: State) -> str:
    """What ``pass`` declines now, as a log clause: "does not move again"."""
    words, _ = stage_choices(state)
    return f"does not {' or '.join(words)}" if words else "passes"


def menu_path(state: State, step: tuple) -> tuple[str, ...]:
    """The menus that lead to a step, in plain words: first what to do (and
    with which worker), then where. "move b2 c3" is ("Move the worker on
    b2", "to c3"); "pass" is what it declines ("Do not build again")."""
    verb, args = step[0], [square_name(sq) for sq in step[1:]] if step[0] in SQUARE_STEPS else []
    if verb == "move" or verb == "force":
        return (f"{verb.capitalize()} the worker on {args[0]}", f"to {args[1]}")
    if verb == "build":
        before = state.phase == "play" and state.live_turn.stage == "move"
        return ("Build before moving" if before else "Build", f"on {args[0]}")
    if verb in ("place", "dome", "remove"):
        first = {"place": "Place a worker", "dome": "Build a dome", "remove": "Remove a block"}[verb]
        return (first, f"{'from' if verb == 'remove' else 'on'} {args[0]}")
    if verb == "offer":  # 32 gods: grouped by the box they come in, so no menu passes 25
        return ("Offer a god", f"{CARDS[step[1]].set.capitalize()} gods", CARDS[step[1]].display)
    if verb == "choose":
        return ("Choose your god", CARDS[step[1]].display)
    if verb == "first":
        return ("Start player", colour(step[1]))
    clause = passing(state) if state.phase == "play" else "passes"
    return ("Pass",) if clause == "passes" else (clause.replace("does not", "Do not", 1),)
