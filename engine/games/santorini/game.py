"""The Santorini ``GAME`` object: the engine contract over ``rules``."""

from __future__ import annotations

from typing import Any, Mapping

from engine.core import BaseGame, IllegalAction, Outcome, match_action, reject_unknown
from engine.games.santorini import rules
from engine.games.santorini.board import square_name
from engine.games.santorini.rules import State


class Santorini(BaseGame):
    name = "santorini"
    title = "Santorini"
    min_players = 2
    max_players = 2
    options: dict = {}

    def new(self, players: int, options: dict[str, Any], seed: int) -> State:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(f"Santorini is played by {self.min_players} to {self.max_players} players, not {players}.")
        return rules.new_state(players, options, seed)

    def to_move(self, state: State) -> list[int]:
        return [] if state.phase == "over" else [state.turn]

    def legal(self, state: State, seat: int) -> list[str]:
        if state.phase == "over" or seat != state.turn:
            return []
        if state.phase == "place":
            return [f"place {square_name(s)}" for s in rules.placements(state)]
        if state.phase == "move":
            return [f"move {square_name(f)} {square_name(t)}" for f, t in rules.moves(state, seat)]
        assert state.moved is not None
        return [f"build {square_name(s)}" for s in rules.builds(state, state.moved)]

    def play(self, state: State, seat: int, action: str) -> State:
        self.require_turn(state, seat)
        verb, squares = rules.parse(str(action).lower())
        expected = {"place": ("place", 1), "move": ("move", 2), "build": ("build", 1)}[state.phase]
        if verb != expected[0] or len(squares) != expected[1]:
            legal = self.legal(state, seat)
            if match_action(action, legal) is None:
                raise reject_unknown(action, legal)
        after = state.copy()
        if state.phase == "place":
            rules.place(after, seat, squares[0])
        elif state.phase == "move":
            rules.move(after, seat, squares[0], squares[1])
        else:
            rules.build(after, seat, squares[0])
        after.ply += 1
        return after

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        occupant = {sq: s for s, squares in enumerate(state.workers) for sq in squares}
        public: dict[str, Any] = {
            "game": self.name,
            "players": state.players,
            "seats": [self.seat_name(state, s) for s in range(state.players)],
            "squares": [
                {"name": square_name(i), "level": state.blocks[i], "dome": state.domes[i],
                 "worker": occupant.get(i)}
                for i in range(25)
            ],
            "phase": state.phase,
            "turn": state.turn,
            "moved": None if state.moved is None else square_name(state.moved),
            "last": {
                "seat": state.last.get("seat"),
                "move": [square_name(s) for s in state.last.get("move", [])],
                "builds": [square_name(s) for s in state.last.get("builds", [])],
                "placed": [square_name(s) for s in state.last.get("placed", [])],
            },
            "alive": list(state.alive),
            "winners": list(state.winners),
            "reason": state.reason,
        }
        if seat is not None:
            public["seat"] = seat
            public["private"] = {}
        return public

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = tuple(1.0 if s in state.winners else 0.0 for s in range(state.players))
        return Outcome(scores, tuple(state.winners), state.reason)

    def dump(self, state: State) -> dict[str, Any]:
        return rules.dump(state)

    def load(self, data: Mapping[str, Any]) -> State:
        return rules.load(data)

    def describe(self, state: State, seat: int, action: str) -> str:
        who = self.seat_name(state, seat)
        try:
            verb, squares = rules.parse(action)
        except IllegalAction:
            return f"{who}: {action}"
        if verb == "place" and squares:
            return f"{who} places a worker on {square_name(squares[0])}"
        if verb == "move" and len(squares) == 2:
            frm, to = squares
            height_from, height_to = state.blocks[frm], state.blocks[to]
            text = f"{who} moves {square_name(frm)}→{square_name(to)}"
            if height_to > height_from:
                text += f" up to level {height_to}"
            elif height_to < height_from:
                text += f" down to level {height_to}"
            if height_to == rules.TOP_LEVEL and height_from < rules.TOP_LEVEL:
                text += " and wins"
            return text
        if verb == "build" and squares:
            square = squares[0]
            if state.blocks[square] == rules.TOP_LEVEL:
                return f"{who} builds a dome on {square_name(square)}"
            return f"{who} builds level {state.blocks[square] + 1} on {square_name(square)}"
        return f"{who}: {action}"


GAME = Santorini()
