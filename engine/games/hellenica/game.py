"""The Hellenica ``GAME`` object: the engine contract over the decision frames."""

from __future__ import annotations

from typing import Any, Mapping

from engine.core import BaseGame, IllegalAction, Option, Outcome, normalize_action
# Importing the rule modules registers their decision frames (``steps.register``).
from engine.games.hellenica import (actions, build, combat, ethos, favorite, movement, produce,  # noqa: F401
                                    setup, trade, upkeep)
from engine.games.hellenica import bot, phases, snapshot, views
from engine.games.hellenica.objectives import completed
from engine.games.hellenica.state import copy_state, seat_name
from engine.games.hellenica.steps import STEPS, current


class Hellenica(BaseGame):
    name = "hellenica"
    title = "Hellenica: Story of Greece"
    min_players = 2
    max_players = 7
    options = {
        "homes": Option("choose", "With fewer than 7 players: players choose their Home Cities in turn "
                                  "(`choose`) or receive them at random (`random`), following the spacing rule.",
                        choices=("choose", "random")),
    }
    bot_levels = bot.LEVELS
    cheap_legal = True

    # -- the contract ------------------------------------------------------------

    def new(self, players: int, options: dict[str, Any], seed: int) -> dict:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(f"Hellenica is played by {self.min_players} to {self.max_players} players, "
                                f"not {players}.")
        full = {name: option.default for name, option in self.options.items()}
        full.update(options or {})
        state = setup.new_state(players, full, seed)
        phases.advance(state)
        return state

    def to_move(self, state: dict) -> list[int]:
        frame = current(state)
        if state["phase"] == "over" or frame is None:
            return []
        return STEPS[frame["kind"]].seats(state, frame)

    def legal(self, state: dict, seat: int) -> list[str]:
        if seat not in self.to_move(state):
            return []
        frame = current(state)
        return STEPS[frame["kind"]].legal(state, frame, seat)

    def play(self, state: dict, seat: int, action: str) -> dict:
        self.require_turn(state, seat)
        text = normalize_action(action)
        after = copy_state(state)
        frame = current(after)
        STEPS[frame["kind"]].play(after, frame, seat, text)
        phases.advance(after)
        return after

    def view(self, state: dict, seat: int | None) -> dict[str, Any]:
        public = views.public_view(state, self.name)
        if seat is not None:
            public["seat"] = seat
            public["private"] = views.private_view(state, seat)
        return public

    def outcome(self, state: dict) -> Outcome | None:
        if state["phase"] != "over":
            return None
        scores = tuple(float(len(completed(state, seat))) for seat in range(state["players"]))
        return Outcome(scores, tuple(state["winners"]), state["reason"], tuple(state["notes"]))

    def dump(self, state: dict) -> dict[str, Any]:
        return copy_state(state)

    def load(self, data: Mapping[str, Any]) -> dict:
        return snapshot.load(data)

    def describe(self, state: dict, seat: int, action: str) -> str:
        """What the action did, in the public log's words (it is played on a
        copy to know the dice and the casualties)."""
        who = seat_name(seat)
        try:
            after = self.play(state, seat, action)
        except IllegalAction:
            return f"{who}: {action}"
        lines = [entry["text"] for entry in after["log"] if entry["n"] > state["log_seq"]]
        if not lines:
            return f"{who}: {normalize_action(action)}"
        if not lines[0].startswith(who):
            lines.insert(0, f"{who}: {normalize_action(action)}.")
        return " ".join(lines)

    # -- optional members --------------------------------------------------------

    def label(self, state: dict, seat: int, action: str) -> str:
        frame = current(state)
        if frame is None:
            return action
        try:
            return STEPS[frame["kind"]].explain(state, frame, seat, normalize_action(action))
        except (KeyError, IndexError, ValueError, TypeError):
            return action

    def choose(self, state: dict, seat: int, level: str, seed: int, budget: float = 2.0) -> str:
        return bot.choose(self, state, seat, level, seed)


GAME = Hellenica()
