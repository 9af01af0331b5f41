"""The Thebes ``GAME`` object: the engine contract over the rule modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import BaseGame, IllegalAction, Outcome, resolve_options, usable
from engine.games.thebes import bot, menus, rules, setup
from engine.games.thebes.components import MAX_PLAYERS, MIN_PLAYERS, TABLES
from engine.games.thebes.notation import notation, parse
from engine.games.thebes.scoring import scores, winners
from engine.games.thebes.state import State, dump, load
from engine.games.thebes.view import describe_action, describe_played, public_view


class Thebes(BaseGame):
    name = "thebes"
    title = "Thebes"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options: dict = {}
    bot_levels: tuple[str, ...] = bot.LEVELS
    stand_in_level: str | None = "greedy"
    """Stands in for a person who missed a deadline: sound and instant."""
    hidden_information = False
    """Everything but the order of the piles and bags is on the table."""

    def new(self, players: int, options: dict[str, Any], seed: int) -> State:
        return setup.new_state(players, resolve_options(self, options), seed)

    def to_move(self, state: State) -> list[int]:
        return [] if state.turn is None else [state.turn]

    def legal(self, state: State, seat: int) -> list[str]:
        return [notation(action) for action in rules.legal_actions(state, seat)]

    def __init__(self) -> None:
        self._last_play: tuple[State, int, str, State] | None = None
        """The latest ``play``: its input state, seat, action and result, so
        ``describe`` of that same move (the table asks right after playing
        it) does not play it a second time."""

    def play(self, state: State, seat: int, action: str) -> State:
        self.require_turn(state, seat)
        after = rules.play(state, seat, parse(action))
        self._last_play = (state, seat, action, after)
        return after

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        colours = [self.seat_name(state, s) for s in range(len(state.players))]
        public = public_view(state, colours)
        if seat is not None:
            public["seat"] = seat
            public["private"] = {}
        return public

    def private_view(self, state: State, seat: int) -> dict[str, Any]:
        """Nothing is private in Thebes (``view(state, seat)["private"]``)."""
        return {}

    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        final = scores(state)
        totals = [s.total for s in final]
        best = winners(totals)
        notes = [f"{self.seat_name(state, seat)}: {score.breakdown()}" for seat, score in enumerate(final)]
        if len(best) > 1:
            names = " and ".join(self.seat_name(state, s) for s in best)
            notes.append(
                f"{names} tie on {totals[best[0]]} points; the rulebook names no tie-break, so they share the win."
            )
            reason = f"a shared lead of {totals[best[0]]} points at the end of {TABLES.final_year}"
        else:
            reason = f"the most points at the end of {TABLES.final_year} ({totals[best[0]]})"
        return Outcome(tuple(float(t) for t in totals), tuple(best), reason, tuple(notes))

    def dump(self, state: State) -> dict[str, Any]:
        return dump(state)

    def load(self, data: Mapping[str, Any]) -> State:
        return usable(self, load(data))

    def describe(self, state: State, seat: int, action: str) -> str:
        """The channel's log line. The table calls it once the action has
        been played, so it may tell what the action drew (the finds of a dig,
        exhibitions turned up): it replays the action on a copy to know."""
        who = self.seat_name(state, seat)
        try:
            parsed = parse(action)
            latest = self._last_play
            if latest is not None and latest[0] is state and latest[1] == seat and latest[2] == action:
                after = latest[3]
            else:
                after = rules.play(state, seat, parsed)
        except IllegalAction:
            return f"{who}: {action}"
        colours = [self.seat_name(state, s) for s in range(len(state.players))]
        return describe_played(state, after, seat, parsed, colours)

    def label(self, state: State, seat: int, action: str) -> str:
        """The wording in the player's own list of options: what the action
        will do, never what it would draw."""
        who = self.seat_name(state, seat)
        try:
            parsed = parse(action)
            if rules.action_problem(state, seat, parsed):
                return f"{who}: {action}"
        except IllegalAction:
            return f"{who}: {action}"
        return describe_action(state, seat, parsed, who)

    def menu_path(self, state: State, seat: int, action: str) -> tuple[str, ...]:
        """Kind of action, then site or card, then knowledge and weeks, each
        step at most 25 entries (``menus``)."""
        return menus.menu_path(state, seat, action)

    def reveals(self, before: State, seat: int, action: str, after: State) -> bool:
        """A dig draws from a bag (the generator moves), but the piles were
        shuffled at set-up: a bought card's refill or a new display turns up
        hidden cards without touching the generator, so a draw from the pile
        counts too."""
        return super().reveals(before, seat, action, after) or len(after.deck) != len(before.deck)

    def choose(self, state: State, seat: int, level: str, seed: int, budget: float = 2.0) -> str:
        if seat not in self.to_move(state):
            raise IllegalAction(f"{self.seat_name(state, seat)} has nothing to do right now.")
        if level not in self.bot_levels:
            raise IllegalAction(f"Thebes has no bot level {level!r}; choose {', '.join(self.bot_levels)}.")
        return notation(bot.choose(state, seat, level, seed))


GAME = Thebes()
