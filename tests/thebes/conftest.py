"""Fixtures for the Thebes tests: a kit that builds positions by hand while
keeping every card and token in exactly one place (so ``load`` still
accepts them)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.games.thebes import GAME
from engine.games.thebes.components import CARD_BY_ID, RESEARCH_CARDS
from engine.games.thebes.state import State


class Kit:
    game = GAME

    def new(self, players: int = 2, seed: int = 1) -> State:
        return GAME.new(players, {}, seed)

    @staticmethod
    def cards(kind: str, site: str | None = None, value: int | None = None, city: str | None = None) -> list[int]:
        """Ids of researcher cards matching the description, in id order."""
        return [
            c.id
            for c in RESEARCH_CARDS
            if c.kind == kind
            and (site is None or c.site == site)
            and (value is None or c.value == value)
            and (city is None or c.city == city)
        ]

    def card(self, kind: str, site: str | None = None, value: int | None = None, city: str | None = None) -> int:
        return self.cards(kind, site, value, city)[0]

    @staticmethod
    def take(state: State, card: int) -> None:
        """Remove a card from wherever it is; a display slot it leaves gets the
        first researcher card of the draw pile instead."""
        for pile in (state.deck, state.reserve, state.discard):
            if card in pile:
                pile.remove(card)
                return
        for player in state.players:
            if card in player.cards:
                player.cards.remove(card)
                return
        if card in state.display:
            slot = state.display.index(card)
            replacement = next(c for c in reversed(state.deck) if c in CARD_BY_ID)
            state.deck.remove(replacement)
            state.display[slot] = replacement
            return
        raise AssertionError(f"card {card} is nowhere")

    def give(self, state: State, seat: int, *cards: int) -> State:
        for card in cards:
            self.take(state, card)
            state.players[seat].cards.append(card)
        return state

    def show(self, state: State, slot: int, card: int) -> State:
        """Put ``card`` in display slot ``slot`` (1-based); the card there goes
        to the top of the draw pile."""
        if state.display[slot - 1] == card:
            return state
        self.take(state, card)
        state.deck.append(state.display[slot - 1])
        state.display[slot - 1] = card
        return state

    @staticmethod
    def find(state: State, seat: int, site: str, *codes: str) -> State:
        """Move tokens from a site's bag to the player, as if dug up."""
        for code in codes:
            state.bags[site].remove(code)
            state.players[seat].found[site].append(code)
        return state

    @staticmethod
    def to_act(
        state: State, seat: int, place: str | None = None, year: int | None = None, week: int | None = None
    ) -> State:
        """Put ``seat`` on top of everyone else's square (so it acts), at the
        given place and time."""
        me = state.players[seat]
        if place is not None:
            me.place = place
        if year is not None:
            me.year = year
        if week is not None:
            me.week = week
        order = [s for s in range(len(state.players)) if s != seat] + [seat]
        for stamp, s in enumerate(order, start=1):
            state.players[s].year, state.players[s].week, state.players[s].stamp = me.year, me.week, stamp
        state.stamps = len(order)
        state.zeppelin = False
        if state.turn != seat:
            state.replaces = 0
        state.turn = seat
        me.finished = False
        return state

    def round_trip(self, state: State) -> State:
        """dump -> JSON -> load, which also checks conservation."""
        return GAME.load(json.loads(json.dumps(GAME.dump(state))))

    def play(self, state: State, seat: int, *actions: str) -> State:
        for action in actions:
            state = GAME.play(state, seat, action)
        return state


@pytest.fixture
def kit() -> Kit:
    return Kit()


def play_out(players: int, seed: int, levels: tuple[str, ...]) -> tuple[State, list[tuple[int, str]]]:
    """A whole game between bots; returns the final state and the actions."""
    state = GAME.new(players, {}, seed)
    log: list[tuple[int, str]] = []
    while GAME.to_move(state):
        seat = GAME.to_move(state)[0]
        action = GAME.choose(state, seat, levels[seat % len(levels)], seed * 7919 + len(log))
        state = GAME.play(state, seat, action)
        log.append((seat, action))
    return state, log


@pytest.fixture(scope="session")
def finished_games() -> dict[tuple[int, str], tuple[State, list[tuple[int, str]]]]:
    """One finished game per player count and bot mix, shared by the tests."""
    games: dict[tuple[int, str], Any] = {}
    for players in (2, 3, 4, 5, 6):
        games[(players, "easy")] = play_out(players, 100 + players, ("easy",))
        games[(players, "greedy")] = play_out(players, 200 + players, ("greedy", "easy"))
    return games
