"""Shared helpers for the Thera tests: set-ups that reach a rulebook
situation quickly, without playing the turns before it."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import clone
from engine.games.thera import GAME
from engine.games.thera.components import COMPONENTS, RESOURCES

MAT = COMPONENTS.mat


class Kit:
    """Builds and drives Thera states for tests."""

    game = GAME
    mat = MAT

    def new(self, players: int = 4, seed: int = 1, **options: Any) -> dict:
        return GAME.new(players, options, seed)

    def loc(self, name: str) -> int:
        location = MAT.parse(name)
        assert location is not None, name
        return location

    # -- arranging a state (tests only: real play goes through GAME.play) --

    def clear_island(self, state: dict, seat: int) -> None:
        """No resources anywhere and no roads (the printed buildings stay)."""
        mat = state["mats"][seat]
        mat["res"] = [[0, 0, 0, 0] for _ in range(len(MAT))]
        mat["roads"] = [0] * len(MAT.roads)

    def put(self, state: dict, seat: int, where: str, **counts: int) -> None:
        here = state["mats"][seat]["res"][self.loc(where)]
        for name, n in counts.items():
            here[RESOURCES.index(name)] = n

    def res(self, state: dict, seat: int, where: str) -> dict[str, int]:
        here = state["mats"][seat]["res"][self.loc(where)]
        return {name: n for name, n in zip(RESOURCES, here) if n}

    def roads(self, state: dict, seat: int, *names: str) -> None:
        for name in names:
            a, b = (self.loc(part) for part in name.split("-"))
            road = MAT.road_between(a, b)
            assert road is not None, name
            state["mats"][seat]["roads"][road] = 1

    def building(self, state: dict, seat: int, where: str, building: str | None) -> None:
        state["mats"][seat]["buildings"][self.loc(where)] = building

    def favor(self, state: dict, role: str, tokens: int) -> None:
        """Put ``tokens`` favor on ``role`` (13th token already placed), the
        rest spread over the other roles so the total stays 13."""
        slot = state["wheel"].index(role)
        rest = COMPONENTS.favor_tokens - tokens
        assert rest >= 0
        others = [i for i in range(len(state["wheel"])) if i != slot]
        state["favor"] = [0] * len(state["wheel"])
        state["favor"][slot] = tokens
        for k in range(rest):
            state["favor"][others[k % len(others)]] += 1
        state["reserve"] = 0

    # -- playing ----------------------------------------------------------------

    def play(self, state: dict, *steps: tuple[int, str]) -> dict:
        for seat, action in steps:
            state = GAME.play(state, seat, action)
        return state

    def everyone_done(self, state: dict, limit: int = 50) -> dict:
        """Finish the turn in progress (both phases in Two Player Thera):
        each waiting seat says done (a Noble takes the first luxury it must)."""
        for _ in range(limit):
            if state["step"] != "phase":
                return state
            state = self.finish_phase(state)
        raise AssertionError("the turn did not end")

    def finish_phase(self, state: dict, limit: int = 50) -> dict:
        """Finish only the phase in progress."""
        current = (state["phase"]["role"], state["phase"]["second"])
        for _ in range(limit):
            if state["step"] != "phase" or (state["phase"]["role"], state["phase"]["second"]) != current:
                return state
            seat = GAME.to_move(state)[0]
            legal = GAME.legal(state, seat)
            action = "done" if "done" in legal else next(a for a in legal if a.startswith("take "))
            state = GAME.play(state, seat, action)
        raise AssertionError("the phase did not end")

    def choose(self, state: dict, seat: int, role: str, tokens: int | None = None, spend: int = 0) -> dict:
        state = clone(state)
        state["turn"] = seat
        if tokens is not None:
            self.favor(state, role, tokens)
        return GAME.play(state, seat, f"choose {role}" + (f" +{spend}" if spend else ""))


@pytest.fixture
def kit() -> Kit:
    return Kit()
