"""The Santorini ``GAME`` object: the engine contract over the rules modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import BaseGame, IllegalAction, Outcome, reject_unknown, usable
from engine.games.santorini import describe as wording
from engine.games.santorini import setup, turn
from engine.games.santorini.board import square_name
from engine.games.santorini.gods import CARDS, GODS
from engine.games.santorini.gods import power as god_power
from engine.games.santorini.gods.base import Step
from engine.games.santorini.notation import format_step, parse_step
from engine.games.santorini.options import OPTIONS
from engine.games.santorini.rules import colour, god_of, rival_powers
from engine.games.santorini.state import OFF, TOP_LEVEL, State, dump, load
from engine.games.santorini.view import public_view

SETUP_PHASES = ("offer", "choose", "first", "place")


class Santorini(BaseGame):
    name = "santorini"
    title = "Santorini"
    min_players = 2
    max_players = 4
    options = OPTIONS
    bot_levels: tuple[str, ...] = ("easy", "medium", "hard")
    hidden_information = False

    # -- the contract --------------------------------------------------------------

    def new(self, players: int, options: dict[str, Any], seed: int) -> State:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(f"Santorini is played by 2 to 4 players, not {players}.")
        resolved = {name: option.default for name, option in OPTIONS.items()}
        resolved.update(options or {})
        return setup.new_state(players, resolved, seed)

    def to_move(self, state: State) -> list[int]:
        if state.phase == "over":
            return []
        if state.phase == "play":
            return [state.live_turn.seat]
        return [setup.actor(state)]

    def legal_steps(self, state: State, seat: int) -> list[Step]:
        """The legal steps of ``seat`` as tuples (``legal`` formats them)."""
        if seat not in self.to_move(state):
            return []
        if state.phase in SETUP_PHASES:
            return setup.steps(state)
        return turn.legal_steps(state)

    def legal(self, state: State, seat: int) -> list[str]:
        return [format_step(step) for step in self.legal_steps(state, seat)]

    def play(self, state: State, seat: int, action: str) -> State:
        self.require_turn(state, seat)
        step = self._legal_step(state, seat, action)
        after = state.copy()
        perform(after, seat, step)
        after.ply += 1
        return after

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        public = public_view(state)
        if seat is not None:
            public["seat"] = seat
            public["private"] = {}
        return public

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = tuple(1.0 if s in state.winners else 0.0 for s in range(state.players))
        notes: tuple[str, ...] = ()
        if len(state.winners) > 1:
            notes = (f"{' and '.join(colour(s) for s in state.winners)} win together as a team.",)
        return Outcome(scores, tuple(state.winners), state.reason, notes)

    def dump(self, state: State) -> dict[str, Any]:
        return dump(state)

    def load(self, data: Mapping[str, Any]) -> State:
        return usable(self, load(data, frozenset(GODS), _stage_known))

    def seat_name(self, state: Any, seat: int) -> str:
        return colour(seat)

    def describe(self, state: State, seat: int, action: str) -> str:
        who = colour(seat)
        try:
            step = self._legal_step(state, seat, action)
        except IllegalAction:
            return f"{who}: {action}"
        after = state.copy()
        perform(after, seat, step)
        if step == ("pass",) and state.phase == "play":
            declined = f"{who} {wording.passing(state)}"
            if not after.events:
                return declined
            return f"{declined}, {wording.line(after, seat, after.events, '')[len(who) + 1 :]}"
        text = wording.line(after, seat, after.events, format_step(step))
        if step[0] == "build" and state.phase == "play" and state.live_turn.stage == "move":
            text += " before moving"
        return text

    def label(self, state: State, seat: int, action: str) -> str:
        """The log line, plus what a god does when the action picks one (so
        the list of gods on offer explains itself)."""
        text = self.describe(state, seat, action)
        words = action.split()
        if len(words) == 2 and words[0] in ("offer", "choose") and words[1] in CARDS:
            card = CARDS[words[1]]
            reminder = card.reminder.rstrip(".")
            text = text.replace(card.display, f"{card.display} ({reminder[0].lower()}{reminder[1:]})", 1)
        return text

    def menu_path(self, state: State, seat: int, action: str) -> tuple[str, ...]:
        """Plain-words menu steps: what to do (with which worker), then where."""
        return wording.menu_path(state, parse_step(action, state.players))

    def choose(self, state: State, seat: int, level: str, seed: int, budget: float = 2.0) -> str:
        from engine.games.santorini.bot import choose

        return choose(self, state, seat, level, seed, budget)

    # -- reading an action -----------------------------------------------------------

    def _legal_step(self, state: State, seat: int, action: str) -> Step:
        step = parse_step(str(action), state.players)
        legal = self.legal_steps(state, seat)
        if step in legal:
            return step
        # "dome d4" on a level-3 tower is the same as the plain build there.
        if step[0] == "dome" and ("build", step[1]) in legal and state.blocks[step[1]] == TOP_LEVEL:
            return ("build", step[1])
        raise self._why_not(state, seat, step, legal)

    def _why_not(self, state: State, seat: int, step: Step, legal: list[Step]) -> IllegalAction:
        """A specific reason why ``step`` is not legal, or the standard list."""
        texts = [format_step(s) for s in legal]
        verb = step[0]
        if state.phase == "place" and verb == "place" and legal:
            reason = _place_problem(state, seat, step[1])
            if reason:
                return IllegalAction(f"{reason} You can: {_some(texts)}.")
        if state.phase == "play" and verb in ("move", "build") and any(s[0] == verb for s in legal):
            reason = _move_problem(state, seat, step) if verb == "move" else _build_problem(state, seat, step)
            if reason:
                return IllegalAction(f"{reason} You can: {_some(texts)}.")
        if state.phase == "play" and verb == "build" and not any(s[0] == "build" for s in legal):
            if any(s[0] == "move" for s in legal):
                return IllegalAction("Move first, then build: e.g. " + f"`{texts[0]}`.")
        return reject_unknown(format_step(step), texts)


def _stage_known(state: State) -> bool:
    """Whether the turn's stage is one its mover's power has."""
    stage = state.live_turn.stage
    return stage == "end" or hasattr(god_of(state, state.live_turn.seat), f"steps_{stage}")


def perform(state: State, seat: int, step: Step) -> None:
    """Carry out a legal step, then everything that follows from it: the end
    of the turn, the next turn's start, players who are stuck."""
    state.events = []
    if state.phase in SETUP_PHASES:
        setup.apply(state, seat, step)
        return
    turn.apply_step(state, step)
    if state.phase == "play" and turn.turn_done(state):
        turn.finish_turn(state)
        turn.settle(state)


def _some(texts: list[str], shown: int = 6) -> str:
    """A few legal actions for an error message."""
    listed = ", ".join(f"`{t}`" for t in texts[:shown])
    return listed + (f" (and {len(texts) - shown} more)" if len(texts) > shown else "")


def _place_problem(state: State, seat: int, square: int) -> str:
    if state.occupant(square) != OFF:
        return f"{square_name(square)} already has a worker on it; place on an empty square."
    for holder in range(state.players):
        god = god_power(state.gods[holder])
        if state.pool_of[holder] == state.pool_of[seat] and god.placement_rule:
            return f"{square_name(square)} is not allowed: {god.placement_rule}."
    return ""


def _move_problem(state: State, seat: int, step: Step) -> str:
    _, frm, to = step
    mine = [state.workers[w] for w in state.own_workers(seat)]
    if frm not in mine:
        return f"You have no worker on {square_name(frm)}; yours are on {', '.join(square_name(s) for s in mine)}."
    god = god_of(state, seat)
    if to not in god.neighbours[frm]:
        return f"{square_name(to)} is not next to your worker on {square_name(frm)}."
    if state.domes[to]:
        return f"{square_name(to)} has a dome; nobody can stand on a dome."
    if state.blocks[to] > state.blocks[frm] + 1:
        return (
            f"{square_name(to)} is level {state.blocks[to]}: from level {state.blocks[frm]} you can move up "
            "at most one level."
        )
    wid = state.occupant(frm)
    for holder, rival in rival_powers(state, seat):
        if not state.is_own(holder, wid) and rival.forbids_move(state, holder, seat, wid, frm, to):
            return f"{CARDS[rival.name].display} ({colour(holder)}) forbids that move: {CARDS[rival.name].reminder}"
    if state.occupant(to) != OFF:
        return f"{square_name(to)} is occupied by a worker."
    return f"`{format_step(step)}` would leave you no way to finish your turn."


def _build_problem(state: State, seat: int, step: Step) -> str:
    square = step[1]
    god = god_of(state, seat)
    squares = [state.workers[w] for w in god.builders(state)]
    if squares and not any(square in god.neighbours[here] or square == here for here in squares):
        where = ", ".join(square_name(here) for here in squares)
        if (
            len(squares) == 1
            and state.live_turn.builder != OFF
            and state.workers[state.live_turn.builder] == squares[0]
        ):
            return f"{square_name(square)} is not next to the worker you moved (on {where})."
        return f"{square_name(square)} is not next to a worker that may build now (on {where})."
    if state.domes[square]:
        return f"{square_name(square)} has a dome; nothing can be built on it."
    if state.occupant(square) != OFF:
        return f"{square_name(square)} has a worker on it; build on an unoccupied square."
    for holder, rival in rival_powers(state, seat):
        if rival.forbids_build(state, holder, seat, square, False):
            card = CARDS[rival.name]
            return f"{card.display} ({colour(holder)}) forbids building there: {card.reminder}"
    return ""


GAME = Santorini()
