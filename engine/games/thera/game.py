"""The Thera ``GAME`` object: the engine contract over the rules modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import BaseGame, IllegalAction, Outcome, resolve_options, usable
from engine.games.thera import bot, flow, menus, narration, notation, scoring, setup, storage, views
from engine.games.thera.components import COMPONENTS
from engine.games.thera.options import OPTIONS
from engine.games.thera.state import State, copy_state, new_state


class Thera(BaseGame):
    name = "thera"
    title = "Thera"
    min_players = COMPONENTS.min_players
    max_players = COMPONENTS.max_players
    options = OPTIONS
    bot_levels: tuple[str, ...] = bot.LEVELS
    stand_in_level: str | None = "normal"

    def new(self, players: int, options: dict[str, Any], seed: int) -> State:
        """A new game; raises ``IllegalAction`` for a player count or options that cannot be played."""
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(f"Thera is played by {self.min_players} to {self.max_players} players, not {players}.")
        resolved = resolve_options(self, options)
        state = new_state(players, resolved, seed)
        if resolved["advanced"]:
            setup.deal(state)
        return state

    def to_move(self, state: State) -> list[int]:
        return flow.to_move(state)

    def legal(self, state: State, seat: int) -> list[str]:
        return flow.legal(state, seat)

    def play(self, state: State, seat: int, action: str) -> State:
        """The state after ``action``; the input is never changed, refusals raise ``IllegalAction``."""
        self.require_turn(state, seat)
        parsed = notation.parse(action)
        after = copy_state(state)
        flow.apply(after, seat, parsed)
        after["ply"] += 1
        after["last_move"] = {"seat": seat, "action": notation.canonical(parsed)}
        return after

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """The public view (``seat`` None) or a seat's: the public view plus its hand."""
        return views.public(state) if seat is None else views.for_seat(state, seat)

    def private_view(self, state: State, seat: int) -> dict[str, Any]:
        """Only the ``private`` part of ``view(state, seat)``."""
        return views.private_part(state, seat)

    def reaction_window(self, state: State) -> str | None:
        """``"divine"`` while the phase waits only for Divine Intervention
        tokens to be used or declined (the table plays ``pass`` when it closes)."""
        return flow.reaction_window(state)

    def menu_path(self, state: State, seat: int, action: str) -> tuple[str, ...]:
        """One legal action as plain-words menu steps of at most 25 entries each,
        e.g. ("Move stone", "from c2", "to d2", "2 stone")."""
        return menus.menu_path(state, seat, action)

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(state) if state["step"] == "over" else None

    def dump(self, state: State) -> dict[str, Any]:
        return storage.dump(state)

    def load(self, data: Mapping[str, Any]) -> State:
        return usable(self, storage.load(data))

    def describe(self, state: State, seat: int, action: str) -> str:
        """The action in plain words, followed by whatever it set off (a
        phase ending with its novelty bonus, the next phase, a refilled pool,
        the final round)."""
        line = narration.describe(state, seat, action)
        try:
            after = self.play(state, seat, action)
        except IllegalAction:
            return line
        return line + narration.aftermath(state, after, seat, action)

    def label(self, state: State, seat: int, action: str) -> str:
        """The action list's wording: the action alone (no look-ahead, so a
        long list stays quick), with a luxury's cost and worth spelled out."""
        return narration.label(state, seat, action)

    def reveals(self, before: State, seat: int, action: str, after: State) -> bool:
        """Drawing from the bag or dealing tiles (the generator moved), and
        steps that show a card from a hidden hand: building or swapping a
        luxury, keeping starting tiles."""
        if before["rng"] != after["rng"]:
            return True
        words = action.split()
        if words and words[0] in ("keep", "swap"):
            return True
        return len(words) > 1 and words[0] == "build" and words[1] in COMPONENTS.luxuries

    def choose(self, state: State, seat: int, level: str, seed: int, budget: float = 2.0) -> str:
        """A bot's action (levels ``easy`` and ``normal``)."""
        return bot.choose(state, seat, level, seed, budget)


GAME = Thera()
