"""The Thessaloniki ``GAME`` object: the engine contract over the rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import BaseGame, IllegalAction, Option, Outcome, usable
from engine.games.thessaloniki import bot, menus, persist, setup, steps, views

# Every step kind must be registered before a state is resolved.
from engine.games.thessaloniki import effects as _effects  # noqa: F401  (registration)
from engine.games.thessaloniki import turn as _turn  # noqa: F401  (registration)
from engine.games.thessaloniki.scoring import PART_WORDS, PARTS
from engine.games.thessaloniki.state import State, comp, copy_state, events_since, seat_title


class Thessaloniki(BaseGame):
    name = "thessaloniki"
    title = "Thessaloniki"
    min_players = 2
    max_players = 4
    options: dict[str, Option] = {}
    bot_levels: tuple[str, ...] = ("easy", "normal", "hard")
    stand_in_level: str | None = "normal"

    REACTION_WINDOWS = {"window": "sell", "tax": "tax"}
    """Steps where players other than the active one answer, by the name of
    the reaction window the table times: the Port's sell window and the Tax."""

    def __init__(self) -> None:
        self._labels: tuple[State, int, dict[str, str]] | None = None
        self._last_play: tuple[State, int, str, list[str]] | None = None
        """The latest ``play``: its input state, seat, action and the events
        it logged, so ``describe`` of that same move (the table asks right
        after playing it) does not play it a second time."""

    # -- set-up and turns ------------------------------------------------------

    def new(self, players: int, options: dict[str, Any], seed: int) -> State:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                f"Thessaloniki is played by {self.min_players} to {self.max_players} players, not {players}."
            )
        state = setup.new_state(players, options, seed)
        steps.settle(state)
        return state

    def to_move(self, state: State) -> list[int]:
        if state["phase"] == "over":
            return []
        return steps.waiting_seats(state)

    def legal(self, state: State, seat: int) -> list[str]:
        if state["phase"] == "over":
            return []
        return steps.legal(state, seat)

    def play(self, state: State, seat: int, action: str) -> State:
        self.require_turn(state, seat)
        after = copy_state(state)
        wanted = steps.normalise(str(action))
        steps.apply(after, seat, wanted)
        self._last_play = (state, seat, wanted, events_since(state, after))
        return after

    # -- what players see ----------------------------------------------------------

    def seat_name(self, state: State, seat: int) -> str:
        return seat_title(state, seat)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        public = views.public_view(state)
        if seat is not None:
            public["seat"] = seat
            public["private"] = views.private_view(state, seat)
        return public

    def private_view(self, state: State, seat: int) -> dict[str, Any]:
        """Only the ``private`` part of ``view(state, seat)``."""
        return views.private_view(state, seat)

    def describe(self, state: State, seat: int, action: str) -> str:
        """The action and what it set off, from the public events it logged."""
        who = self.seat_name(state, seat)
        lines = self._events_of(state, seat, action)
        if lines is None:
            return f"{who}: {action}"
        if not lines:
            return f"{who} {self._quiet_words(state, steps.normalise(action))}"
        text = "; ".join(lines)
        return text if text.startswith(who) else f"{who}: {text}"

    def _events_of(self, state: State, seat: int, action: str) -> list[str] | None:
        """The public events the action logs, or None if it is not legal."""
        last = self._last_play
        if last is not None and last[0] is state and last[1] == seat and last[2] == steps.normalise(action):
            return list(last[3])
        try:
            after = self.play(state, seat, action)
        except IllegalAction:
            return None
        return events_since(state, after)

    @staticmethod
    def _quiet_words(state: State, action: str) -> str:
        """Words for an action that logs nothing by itself (it opens a choice)."""
        words = action.split(" ")
        alcoves = comp().alcoves
        if words[0] == "bonus":
            if len(words) > 1 and words[1] in alcoves:
                return f"takes the mosaic bonus of the {alcoves[words[1]].title}"
            here = state["turn"]["alcove"]
            return f"takes the {alcoves[here].title}'s bonus" if here in alcoves else "takes the alcove bonus"
        quiet = {"pass": "passes", "ability": "uses their family ability", "done": "ends their actions"}
        return quiet.get(words[0], action)

    def label(self, state: State, seat: int, action: str) -> str:
        """The wording in a player's own action list (may name their cards)."""
        cached = self._labels
        if cached is None or cached[0] is not state or cached[1] != seat:
            # One entry, holding the state itself, so a list of actions is
            # labelled from one pass over the options, never a stale one.
            cached = (state, seat, steps.labels(state, seat))
            self._labels = cached
        return cached[2].get(steps.normalise(action)) or self.describe(state, seat, action)

    def reaction_window(self, state: State) -> str | None:
        """ "sell" while the Port's sell window waits for another player,
        "tax" while players choose what their Mosaics protect; None otherwise.
        The table keeps the window open as long as its settings say, then
        plays ``pass`` for whoever has not answered (no sale; at the Tax, the
        Mosaics protect the raw goods they hold most of). The window closes
        as soon as every seat in it has answered: the next step follows."""
        found = steps.current(state)
        if state["phase"] == "over" or found is None:
            return None
        return self.REACTION_WINDOWS.get(found[0]["do"])

    def menu_path(self, state: State, seat: int, action: str) -> tuple[str, ...]:
        """The action as click-through menu steps in plain words
        ("Sell", "to ship 2 (4 VP each)", "2 Wine"); see ``menus``."""
        return menus.menu_path(steps.normalise(action))

    def reveals(self, before: State, seat: int, action: str, after: State) -> bool:
        """Drawing a card, a ship or a demand tile shows what was hidden."""
        return before["draws"] != after["draws"] or before["rng"] != after["rng"]

    # -- the end ---------------------------------------------------------------------

    def outcome(self, state: State) -> Outcome | None:
        final = state.get("final")
        if state["phase"] != "over" or final is None:
            return None
        breakdown = final["breakdown"]
        scores = tuple(float(b["total"]) for b in breakdown)
        notes = []
        for seat, parts in enumerate(breakdown):
            words = ", ".join(f"{PART_WORDS[p]} {parts['parts'][p]}" for p in PARTS if parts["parts"][p])
            notes.append(f"{seat_title(state, seat)}: {parts['total']} ({words})")
        tied = final["tied_on_points"]
        if len(tied) > 1:
            names = " and ".join(seat_title(state, s) for s in tied)
            if len(final["winners"]) < len(tied):
                notes.append(
                    f"{names} tie on points; the tie breaker (most ships, then most fulfilled contracts) decides"
                )
            else:
                notes.append(f"{names} tie on points, ships and contracts, and share the victory")
        return Outcome(scores, tuple(final["winners"]), "most victory points after the final scoring", tuple(notes))

    # -- storage -------------------------------------------------------------------------

    def dump(self, state: State) -> dict[str, Any]:
        return persist.dump(state)

    def load(self, data: Mapping[str, Any]) -> State:
        return usable(self, persist.load(data))

    # -- bots ----------------------------------------------------------------------------

    def choose(self, state: State, seat: int, level: str, seed: int, budget: float = 2.0) -> str:
        return bot.choose(self, state, seat, level, seed, budget)


GAME = Thessaloniki()
