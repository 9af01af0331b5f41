"""Role choice for the Thera bots: which role (and how much drachma for
favor) leaves the choosing seat best placed.

For every role option the bot plays the phase out on a copy of the game in
which what it cannot see (the bag, other hands) is redrawn at random, every
seat following the bots' phase habits, and rates the outcome against the
other players. With more than two players (``replies``) the best few
options are then played on further: each rival in turn, up to the seat's
own next turn, answers with the role that rates best for it. That is where
role contention shows: a role the seat leaves on the wheel may be taken by
a rival (and its favor with it), and the phases the rivals will choose
anyway need not be chosen by the seat. The amount of work is fixed by the
settings, never by a clock, so the same seed gives the same choice on a
busy machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from engine.core import Rng
from engine.games.thera import flow, notation
from engine.games.thera.components import COMPONENTS
from engine.games.thera.phase import favored_gains
from engine.games.thera.state import State, copy_state

Habit = Callable[[State, int, list[str]], str]
Evaluate = Callable[[State, int], float]


@dataclass(frozen=True)
class SearchSettings:
    """How hard the role search looks (tuning, not rules)."""

    rival_weight: float = 0.6
    """How much the rivals' standing counts against the seat's own."""
    max_spend: int = 3
    """Most drachma spent for favor: only the least that reaches a role's
    next favored threshold is considered."""
    replies: int = 0
    """With more than two players, how many of the best options are looked
    at again further ahead: every rival in turn, up to the seat's next turn,
    answers with the role that rates best for it (0: none)."""
    reply_weight: float = 0.5
    """Weight of that look further ahead against the first rating."""
    noise: float = 0.01
    spending: bool = True


def favored_signature(role: str, favor: int) -> tuple:
    """Everything the favored player gets for ``favor`` on ``role``: two
    amounts of favor with the same signature are worth the same."""
    return tuple(favored_gains(role, favor).values())


def role_options(state: State, seat: int, max_spend: int) -> list[tuple[str, int]]:
    """Each role without spending, and with the least spending that reaches
    its next favored threshold (at most ``max_spend``)."""
    options = []
    drachma = state["drachma"][seat]
    for slot, role in enumerate(state["wheel"]):
        tokens = state["favor"][slot] + state["reserve"]
        options.append((role, 0))
        base = favored_signature(role, tokens)
        for spend in range(1, min(max_spend, drachma) + 1):
            if favored_signature(role, tokens + spend) != base:
                options.append((role, spend))
                break
    return options


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy in which what ``seat`` cannot see (the bag, other hands, the
    random generator) is redrawn consistently with what it can see."""
    copy = copy_state(state)
    seen = list(copy["pool"]) + list(copy["hands"][seat])
    seen += [b for mat in copy["mats"] for b in mat["buildings"] if b in COMPONENTS.luxuries]
    unseen = [lux for lux in COMPONENTS.luxuries for _ in range(COMPONENTS.luxury_copies)]
    for lux in seen:
        unseen.remove(lux)
    rng.shuffle(unseen)
    for other in range(copy["players"]):
        if other != seat:
            size = len(copy["hands"][other])
            copy["hands"][other], unseen = unseen[:size], unseen[size:]
    copy["bag"] = sorted(unseen[: len(copy["bag"])])
    copy["rng"] = Rng(rng.getrandbits(64)).to_json()
    return copy


class RoleSearch:
    """Chooses roles by playing phases out with the given habits and rating
    positions with the given evaluation."""

    def __init__(self, habits: dict[str, Habit], evaluate: Evaluate) -> None:
        self.habits = habits
        self.evaluate = evaluate

    def play_out_phase(self, state: State, limit: int = 400) -> State:
        """Play the phase(s) in progress to the next role choice, every seat by habit."""
        for _ in range(limit):
            if state["step"] != "phase":
                return state
            mover = flow.to_move(state)[0]
            legal = flow.legal(state, mover)
            action = self.habits[state["phase"]["role"]](state, mover, legal)
            flow.apply(state, mover, notation.parse(action))
        return state

    def rating(self, state: State, seat: int, settings: SearchSettings) -> float:
        """The seat's standing less a share of its rivals' average."""
        rivals = [self.evaluate(state, other) for other in range(state["players"]) if other != seat]
        return self.evaluate(state, seat) - settings.rival_weight * sum(rivals) / len(rivals)

    def after_choice(self, world: State, seat: int, choice: str) -> State:
        """A copy of ``world`` after ``seat`` chooses and every seat plays the phase(s) out by habit."""
        trial = copy_state(world)
        flow.apply(trial, seat, notation.parse(choice))
        return self.play_out_phase(trial)

    def rival_answers(self, state: State, seat: int, settings: SearchSettings) -> State:
        """Play on until ``seat`` chooses again (or the game ends), each rival
        choosing, without spending, the role whose phase rates best for it."""
        while state["step"] == "choose" and state["turn"] != seat:
            rival = state["turn"]
            answers = [self.after_choice(state, rival, notation.choose(role, 0)) for role in state["wheel"]]
            state = max(answers, key=lambda answer: self.rating(answer, rival, settings))
        return state

    def choose_role(self, state: State, seat: int, rng: random.Random, settings: SearchSettings) -> str:
        """The role (and spending) whose played-out phase leaves ``seat`` best
        placed against the others; ``settings.noise`` blurs the judgement."""
        options = [
            notation.choose(role, spend)
            for role, spend in role_options(state, seat, settings.max_spend)
            if settings.spending or not spend
        ]
        world = determinize(state, seat, rng)
        after = {choice: self.after_choice(world, seat, choice) for choice in options}
        ratings = {choice: self.rating(after[choice], seat, settings) for choice in options}
        if settings.replies and state["players"] > 2:
            options = sorted(options, key=lambda c: (-ratings[c], c))[: settings.replies]
            for choice in options:
                further = self.rating(self.rival_answers(after[choice], seat, settings), seat, settings)
                ratings[choice] += settings.reply_weight * (further - ratings[choice])
        return max(options, key=lambda c: (ratings[c] + rng.gauss(0, settings.noise), c))
