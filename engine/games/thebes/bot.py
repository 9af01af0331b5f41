"""AI seats for Thebes.

``easy``   picks a kind of action at random (buy, replace, dig, exhibit,
           Zeppelin), then one of those at random: it plays legal, varied
           games and is the opponent for random-play tests.
``greedy`` takes the action with the most expected points per week spent,
           journey included (``bot_greedy``).
``strong`` greedy's estimates with a plan: future digs go, year by year, to
           the sites where they gain most, a permit costs what the plan loses
           without it, and congress cards are valued as a set (``bot_strong``).
"""

from __future__ import annotations

import random

from engine.games.thebes import rules
from engine.games.thebes.bot_greedy import DEFAULT_WEIGHTS, Greedy, Weights
from engine.games.thebes.bot_strong import choose_strong
from engine.games.thebes.notation import Action
from engine.games.thebes.state import State

__all__ = ["DEFAULT_WEIGHTS", "LEVELS", "Greedy", "Weights", "choose"]

LEVELS = ("easy", "greedy", "strong")


def choose(state: State, seat: int, level: str, seed: int) -> Action:
    """The bot's action: one of ``rules.legal_actions``."""
    if level == "easy":
        return _easy(state, seat, random.Random(seed))
    if level == "strong":
        return choose_strong(state, seat, seed)
    return Greedy(state, seat, DEFAULT_WEIGHTS).best()


def _easy(state: State, seat: int, rng: random.Random) -> Action:
    by_kind: dict[type, list[Action]] = {}
    for action in rules.legal_actions(state, seat):
        by_kind.setdefault(type(action), []).append(action)
    kind = rng.choice(sorted(by_kind, key=lambda k: k.__name__))
    return rng.choice(by_kind[kind])
