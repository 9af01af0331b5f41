"""The ``greedy`` Thebes bot: the action with the most expected points per week.

Points are estimated, not searched:

- a dig: tokens drawn times the average worth of a token left in that bag,
  plus the value-1 artefact on an untouched site, less a share of the permit
  it uses up (so that it prefers to use a permit well rather than quickly);
- an exhibition or a congress card: its points;
- knowledge, assistants, shovels: how much better the player's remaining
  digs get (a dig of the best length for the knowledge), times the digs the
  player can still expect, plus any change in the closed-book majorities;
- Car, Zeppelin, Special Permission: the weeks or the dig they save, at a
  baseline rate of points per week.

It declares a Zeppelin when the best action flown beats the best action
travelled by more than the card is worth.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from engine.games.thebes import rules
from engine.games.thebes.bags import GENERAL_TOKEN, SPECIALIZED_TOKEN, artefact_value
from engine.games.thebes.components import (
    ASSISTANT,
    CAR,
    CARD_BY_ID,
    CONGRESS,
    EXHIBITION_BY_KEY,
    GENERAL,
    LOCAL,
    PERMIT,
    PLACES,
    SHOVEL,
    SITES,
    SPECIALIZED,
    TABLES,
    TOKENS,
    ZEPPELIN,
    table_value,
)
from engine.games.thebes.excavation import spent_cards
from engine.games.thebes.knowledge import (
    cards_of,
    closed_books,
    open_books,
    shovel_tokens,
    site_knowledge,
    usable_knowledge,
    wheel_tokens,
)
from engine.games.thebes.market import bought_card
from engine.games.thebes.notation import Action, Buy, Dig, Exhibit, Replace, Zeppelin
from engine.games.thebes.scoring import congress_points, majority_points
from engine.games.thebes.state import Player, State
from engine.games.thebes.timetrack import weeks_left


@dataclass(frozen=True)
class Weights:
    """The greedy bot's heuristic weights (not rules: tuned by self-play)."""

    base_rate: float = 0.2
    """Points a week of time is worth on average: prices time in the estimates."""
    knowledge_token_worth: float = 1.0
    """What a knowledge token found in a bag is worth, in points."""
    permit_share: float = 0.5
    """The share of a good dig's value charged for the permit a dig uses up."""
    weeks_per_dig: float = 14
    """Weeks a dig costs on average with travel and the cards around it."""
    majority_weight: float = 0.7
    """How sure a majority change is to last until the end."""
    replace_value: float = 0.1
    """Points credited to replacing the display: a last resort."""
    travel_guess: int = 2
    """Weeks of travel assumed for future digs."""
    weeks_between_long_journeys: float = 25
    """How often a journey of 3+ weeks comes up (what a Car saves a week on)."""
    zeppelin_weeks: float = 2.5
    """Weeks a Zeppelin saves on the journey it is used for."""
    lone_assistant_cost: float = 0.5
    """Discarding a lone assistant loses the start of a permanent pair."""
    lone_shovel_cost: float = 0.3
    """Discarding a lone shovel loses the start of a permanent pair."""


DEFAULT_WEIGHTS = Weights()


@lru_cache(maxsize=4096)
def _best_dig_gain(knowledge: int, extra_tokens: int, token_worth_x100: int, weights: Weights) -> float:
    """Net points of the best-length dig: tokens times their worth, less the
    time it takes at the baseline rate (never below nothing)."""
    if knowledge < 1:
        return 0.0
    worth = token_worth_x100 / 100
    best = 0.0
    for weeks in range(1, TABLES.max_dig_weeks + 1):
        tokens = wheel_tokens(min(knowledge, TABLES.max_knowledge), weeks) + extra_tokens
        best = max(best, tokens * worth - weights.base_rate * (weeks + weights.travel_guess))
    return best


@dataclass
class Greedy:
    """The greedy bot's estimates for one seat in one state."""

    state: State
    seat: int
    weights: Weights = DEFAULT_WEIGHTS

    def __post_init__(self) -> None:
        self.player: Player = self.state.players[self.seat]
        self.left = weeks_left(self.player)
        self.worth = {site: self._token_worth(site) for site in SITES}
        self.digs = self._expected_digs()
        assistants = table_value(TABLES.assistant_points, len(cards_of(self.player, ASSISTANT)))
        self.specialized = {site: closed_books(self.player, site) + assistants for site in SITES}
        """Permanent specialized knowledge per site."""
        self.general = open_books(self.player)
        self.shovels = len(cards_of(self.player, SHOVEL))
        self.levels = {site: self._knowledge_levels(site) for site in SITES}
        self._spent: dict[tuple[str, int, bool, str | None], float] = {}
        self._journeys: dict[bool, dict[str, int]] = {}
        self.extra_tokens = shovel_tokens(self.player)

    # -- the estimates ---------------------------------------------------------------

    def _token_worth(self, site: str) -> float:
        bag = self.state.bags[site]
        if not bag:
            return 0.0
        points: float = sum(artefact_value(t) or 0 for t in bag)
        points += self.weights.knowledge_token_worth * (bag.count(SPECIALIZED_TOKEN) + bag.count(GENERAL_TOKEN))
        return points / len(bag)

    def _expected_digs(self) -> dict[str, float]:
        """Digs the player can still expect per site: the permits left (this
        year's if unused, one per new year), scaled down when there is not
        time for all of them."""
        years_ahead = TABLES.final_year - self.player.year
        permits = {site: int(self.player.permits[site]) + years_ahead for site in SITES}
        total = sum(permits.values())
        capacity = self.left / self.weights.weeks_per_dig
        scale = min(1.0, capacity / total) if total else 0.0
        return {site: permits[site] * scale for site in SITES}

    def _dig_gain(self, site: str, specialized: int, general: int, shovels: int) -> float:
        extra = table_value(TABLES.shovel_tokens, shovels)
        knowledge = usable_knowledge(specialized, general)
        return _best_dig_gain(knowledge, extra, round(self.worth[site] * 100), self.weights)

    def _future_digs_value(self, specialized: dict[str, int], general: int, shovels: int) -> float:
        return sum(self.digs[site] * self._dig_gain(site, specialized[site], general, shovels) for site in SITES)

    def _one_dig_gain(self, site: str, specialized: dict[str, int], general: int, shovels: int, points: int) -> float:
        """How much better one dig at ``site`` gets with ``points`` more
        specialized knowledge (nothing if no dig there is to be expected)."""
        if self.digs[site] < 0.5:
            return 0.0
        return self._dig_gain(site, specialized[site] + points, general, shovels) - self._dig_gain(
            site, specialized[site], general, shovels
        )

    def _majority_gain(self, site: str, books: int) -> float:
        mine_before = [closed_books(p, site) for p in self.state.players]
        mine_after = list(mine_before)
        mine_after[self.seat] += books
        gain = majority_points(mine_after)[self.seat] - majority_points(mine_before)[self.seat]
        return self.weights.majority_weight * gain

    def card_value(self, card_id: int) -> float:
        """Estimated points of owning one more of this card."""
        card = CARD_BY_ID[card_id]
        specialized, general, shovels = self.specialized, self.general, self.shovels
        now = self._future_digs_value(specialized, general, shovels)
        if card.kind == SPECIALIZED:
            assert card.site is not None
            better = dict(specialized)
            better[card.site] += card.value
            return self._future_digs_value(better, general, shovels) - now + self._majority_gain(card.site, card.value)
        if card.kind == GENERAL:
            return self._future_digs_value(specialized, general + card.value, shovels) - now
        if card.kind == ASSISTANT:
            count = len(cards_of(self.player, ASSISTANT))
            if count == 0:  # a lone assistant helps one dig, then is discarded
                return max(
                    self._one_dig_gain(site, specialized, general, shovels, TABLES.lone_assistant_points)
                    for site in SITES
                )
            step = table_value(TABLES.assistant_points, count + 1) - table_value(TABLES.assistant_points, count)
            better = {site: v + step for site, v in specialized.items()}
            return self._future_digs_value(better, general, shovels) - now
        if card.kind == SHOVEL:
            count = len(cards_of(self.player, SHOVEL))
            if count == 0:
                return max(self.worth.values()) * TABLES.lone_shovel_tokens
            return self._future_digs_value(specialized, general, count + 1) - now
        if card.kind == LOCAL:
            assert card.site is not None
            return self._one_dig_gain(card.site, specialized, general, shovels, card.value)
        if card.kind == CONGRESS:
            count = len(cards_of(self.player, CONGRESS))
            return congress_points(count + 1) - congress_points(count)
        if card.kind == PERMIT:
            if self.left < self.weights.weeks_per_dig:
                return 0.0
            return max(self._dig_gain(s, specialized[s], general, shovels) for s in SITES)
        if card.kind == CAR:
            if cards_of(self.player, CAR):
                return 0.0
            return self.weights.base_rate * self.left / self.weights.weeks_between_long_journeys
        if card.kind == ZEPPELIN:
            return self.weights.base_rate * min(self.weights.zeppelin_weeks, self.left)
        return 0.0

    def _spent_cost(self, cards: list[int]) -> float:
        """What discarding these cards costs beyond their use in this dig
        (local experts and a Special Permission are meant to be spent)."""
        costs = {ASSISTANT: self.weights.lone_assistant_cost, SHOVEL: self.weights.lone_shovel_cost}
        return sum(costs.get(CARD_BY_ID[card].kind, 0.0) for card in cards)

    def dig_value(self, dig: Dig) -> float:
        """Expected points of a dig, less the cards it spends and a share of
        the permit it uses up."""
        drawn = wheel_tokens(dig.knowledge, dig.weeks) + self.extra_tokens
        tokens = min(drawn + (TABLES.lone_shovel_tokens if dig.shovel else 0), len(self.state.bags[dig.site]))
        value = tokens * self.worth[dig.site]
        if self.state.on_site[dig.site]:
            value += TOKENS.on_site_artefact
        key = (dig.site, dig.knowledge, dig.shovel, dig.spend)
        if key not in self._spent:
            self._spent[key] = self._spent_cost(spent_cards(self.player, dig))
        value -= self._spent[key]
        if self.player.permits[dig.site]:
            value -= self._permit_cost(dig.site)
        return value

    def _permit_cost(self, site: str) -> float:
        """What using this year's permit at ``site`` costs: a share of a good dig there."""
        return self.weights.permit_share * self._dig_gain(site, self.specialized[site], self.general, self.shovels)

    def value(self, action: Action) -> float:
        """Expected points of an action (replacing the display is priced in ``rate``)."""
        if isinstance(action, Buy):
            return self.card_value(bought_card(self.state, action.slot))
        if isinstance(action, Dig):
            return self.dig_value(action)
        if isinstance(action, Exhibit):
            return EXHIBITION_BY_KEY[action.key].points
        return 0.0

    def rate(self, action: Action, zeppelin: bool) -> float:
        """Expected points per week of an action."""
        weeks = self.weeks(action, zeppelin)
        if isinstance(action, Replace):
            return self.weights.replace_value / weeks
        return self.value(action) / max(weeks, 1)

    def weeks(self, action: Action, zeppelin: bool) -> int:
        """Journey and work of an action (``rules.plan``, with the journeys
        worked out once per bot)."""
        if zeppelin not in self._journeys:
            self._journeys[zeppelin] = {
                place.key: rules.travel_weeks(self.state, self.seat, place.key, zeppelin) for place in PLACES
            }
        destination, work = rules.destination_and_work(self.state, action)
        return self._journeys[zeppelin][destination] + work

    # -- the choice ----------------------------------------------------------------------

    def candidates(self, zeppelin: bool) -> list[Action]:
        """The legal actions worth comparing: for digs, only the most
        knowledge each choice of single-use helpers allows."""
        actions = []
        for action in rules.actions(self.state, self.seat, zeppelin):
            if isinstance(action, Dig) and action.knowledge not in self.levels[action.site]:
                continue
            actions.append(action)
        return actions

    def _knowledge_levels(self, site: str) -> set[int]:
        """The most knowledge each choice of helpers to spend allows."""
        knowledge = site_knowledge(self.player, site)
        return {
            knowledge.ceiling(subset)
            for size in range(len(knowledge.helpers) + 1)
            for subset in combinations(knowledge.helpers, size)
        } - {0}

    def _best(self, zeppelin: bool) -> tuple[float, Action | None]:
        best: tuple[float, Action | None] = (float("-inf"), None)
        for action in self.candidates(zeppelin):
            score = self.rate(action, zeppelin)
            if score > best[0]:
                best = (score, action)
        return best

    def best(self) -> Action:
        """The action with the most points per week; ``zeppelin`` first when
        flying makes the best action better by more than the card is worth."""
        walking_rate, walking = self._best(self.state.zeppelin)
        if rules.zeppelin_allowed(self.state, self.seat):
            flying_rate, flying = self._best(True)
            if flying is not None and (walking is None or flying_rate - walking_rate > self._zeppelin_margin(flying)):
                return Zeppelin()
        if walking is None:
            return rules.legal_actions(self.state, self.seat)[0]
        return walking

    def _zeppelin_margin(self, action: Action) -> float:
        weeks = max(self.weeks(action, True), 1)
        zeppelin = cards_of(self.player, ZEPPELIN)
        return self.card_value(zeppelin[0]) / weeks if zeppelin else 0.0
