"""The ``strong`` Thebes bot: the greedy bot's points per week, with a plan.

The greedy bot prices knowledge as if the player would dig every site
equally often, a permit as a fixed share of a dig, a congress card by the
one step of the congress table it climbs, and looks one action ahead. A
player does none of these. ``Strong`` keeps the greedy estimates and changes
these:

- future digs are planned year by year: each year the weeks it has left
  allow ``weeks / weeks_per_dig`` digs, one per site, at the sites where a
  dig gains most (this year only where the permit is still valid). A card
  is worth what it adds to that plan (books for a site the player will not
  dig are worth little; books that make a site worth digging a lot), and a
  dig's permit costs what the plan loses without it (nothing late in the
  year, when there is no time to use it anyway);
- a congress card is worth the average step of the congress table between
  the cards held and the cards the player can still expect to collect;
- a majority change counts the points it takes from the others too (the
  game is won on the difference);
- with two players a dig's length is chosen at the margin: at each site,
  for each choice of cards to spend, only the length whose tokens are worth
  most after ``dig_week_worth`` points a week is compared with the other
  actions (by points per week alone the many lengths of one dig fill the
  look ahead's shortlist, and the week a dig's last token costs goes
  unpriced). With more players, who share the bags over fewer weeks, the
  look ahead still compares every length: that played better there;
- a dig that runs into a new year uses next year's permit (the permit is
  flipped after the search, once the new year has restored it), so it costs
  what the plan loses without next year's permit, not this year's;
- it looks two actions ahead: among the ``plan_width`` best actions by
  points per week, it takes the one that, followed by the best action after
  it, gives the most points per week for the two (a journey that serves two
  actions, a card that makes the next dig better). The position after the
  first action is worked out on a copy in which the hidden cards are dealt
  afresh and the bags draw with a generator of its own, so the bot never
  sees the real order of a pile or a bag.

Its work is fixed (at most ``plan_width`` positions looked at per decision),
so a seed gives the same choice on any machine.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Rng
from engine.games.thebes import rules
from engine.games.thebes.bot_greedy import Greedy, Weights
from engine.games.thebes.components import CARD_BY_ID, CONGRESS, SITES, TABLES
from engine.games.thebes.knowledge import cards_of, closed_books, wheel_tokens
from engine.games.thebes.notation import Action, Dig, Replace, Zeppelin
from engine.games.thebes.scoring import congress_points, majority_points
from engine.games.thebes.state import State


@dataclass(frozen=True)
class StrongWeights(Weights):
    """The strong bot's heuristic weights (tuned by matches against greedy)."""

    weeks_per_dig: float = 18
    """Weeks a dig costs with the travel and the cards around it: what the
    greedy bot's games show (156 weeks for about 8.5 digs with two players,
    104 for under 6 with four), not the greedy bot's hopeful 14."""
    congress_share: float = 1.0
    """The share of the congress cards still to come that the player expects
    to collect, as a multiple of an even share (one in the number of players)."""
    plan_width: int = 12
    """How many of the best actions by points per week the two-action plan compares."""
    majority_denial: float = 1.0
    """How much the points a majority change takes from the others count (the
    game is won on the difference): 1 counts their average loss in full."""
    dig_week_worth: float = 0.8
    """Points a week of digging must find to be worth spending: each dig is
    offered at the length whose tokens' worth, less this much a week, is
    greatest. Tuned on 100 two-player games against greedy (set-up seeds 1
    to 50): mean margins +6.0, +7.2, +9.1 and +4.3 points at 0.5, 0.65, 0.8
    and 1.1 (the last digs too briefly), +2.0 before digs had one length."""
    one_dig_length_players: int = 2
    """The most players for which each dig is offered at one length only
    (80 four-player games: 34% won offering every length, 29% one length
    at 0.8 points a week, 36% at 0.5, with margins -5.0, -8.8 and -8.1
    points against the best greedy player; greedy itself 32.5% and -8.0)."""


STRONG_WEIGHTS = StrongWeights()


def choose_strong(state: State, seat: int, seed: int) -> Action:
    """The strong bot's action: one of ``rules.legal_actions``."""
    return Strong(state, seat, STRONG_WEIGHTS).planned(seed)


def determinized(state: State, seed: int) -> State:
    """A copy of ``state`` in which what nobody can see is dealt afresh: the
    researcher cards in the draw pile and pile 3 are pooled and dealt back,
    both piles are shuffled, and the bags draw with a new generator (so a
    look ahead never peeks at the real order)."""
    copy = state.copy()
    rng = Rng(seed)
    hidden = [card for card in copy.deck + copy.reserve if card in CARD_BY_ID]
    rng.shuffle(hidden)
    dealt = iter(hidden)
    copy.deck = [next(dealt) if card in CARD_BY_ID else card for card in copy.deck]
    copy.reserve = [next(dealt) if card in CARD_BY_ID else card for card in copy.reserve]
    rng.shuffle(copy.deck)
    rng.shuffle(copy.reserve)
    copy.rng = Rng(rng.next64())
    return copy


@dataclass
class Strong(Greedy):
    """Greedy's estimates with a plan of future digs, congress cards valued as
    a set, majorities counted both ways and a two-action look ahead."""

    weights: Weights = STRONG_WEIGHTS

    def planned(self, seed: int) -> Action:
        """The first action of the best two-action plan: the greedy choice
        unless flying is better, else among the ``plan_width`` best actions
        by points per week, the one that with the best next action after it
        gives the most points per week for the two."""
        weights = self.weights
        assert isinstance(weights, StrongWeights)
        first = self.best()
        if isinstance(first, Zeppelin):
            return first
        zeppelin = self.state.zeppelin
        ranked = sorted(self.candidates(zeppelin), key=lambda a: self.rate(a, zeppelin), reverse=True)
        best: tuple[float, Action] = (float("-inf"), first)
        for action in ranked[: weights.plan_width]:
            score = self._plan_rate(action, zeppelin, seed)
            if score > best[0]:
                best = (score, action)
        return best[1]

    def _plan_rate(self, action: Action, zeppelin: bool, seed: int) -> float:
        """Points per week of ``action`` followed by the player's best next action."""
        if isinstance(action, Replace):  # one look at a new display would flatter it
            return self.rate(action, zeppelin)
        value, weeks = self.value(action), max(self.weeks(action, zeppelin), 1)
        after = rules.play(determinized(self.state, seed), self.seat, action)
        if after.over:
            return value / weeks
        following = type(self)(after, self.seat, self.weights)
        next_rate, next_action = following._best(False)
        if next_action is None:
            return value / weeks
        next_weeks = max(following.weeks(next_action, False), 1)
        return (value + next_rate * next_weeks) / (weeks + next_weeks)

    def candidates(self, zeppelin: bool) -> list[Action]:
        """Greedy's candidates with one length per dig: for each site and
        choice of cards to spend (or shovel to discard), the length whose
        tokens are worth most after ``dig_week_worth`` points a week."""
        weights = self.weights
        assert isinstance(weights, StrongWeights)
        if len(self.state.players) > weights.one_dig_length_players:
            return super().candidates(zeppelin)
        kept: list[Action] = []
        digs: dict[tuple[str, int, bool, str | None], tuple[float, Dig]] = {}
        for action in super().candidates(zeppelin):
            if not isinstance(action, Dig):
                kept.append(action)
                continue
            key = (action.site, action.knowledge, action.shovel, action.spend)
            net = self._dig_tokens(action) * self.worth[action.site] - weights.dig_week_worth * action.weeks
            if key not in digs or net > digs[key][0]:
                digs[key] = (net, action)
        return kept + [dig for _, dig in digs.values()]

    def _dig_tokens(self, dig: Dig) -> int:
        """Tokens the dig draws (shovels included), at most what the bag holds."""
        drawn = wheel_tokens(dig.knowledge, dig.weeks) + self.extra_tokens
        drawn += TABLES.lone_shovel_tokens if dig.shovel else 0
        return min(drawn, len(self.state.bags[dig.site]))

    def dig_value(self, dig: Dig) -> float:
        """Greedy's dig value, but a dig that runs into a new year is charged
        for next year's permit at its site instead of this year's."""
        value = super().dig_value(dig)
        player = self.player
        if player.year >= TABLES.final_year:
            return value
        if player.week + self.weeks(dig, self.state.zeppelin) <= TABLES.weeks_per_year:
            return value
        if player.permits[dig.site]:  # this year's permit is restored at the new year anyway
            value += self._permit_cost(dig.site)
        gains = self._gains()
        return value - (
            self._plan_value(gains, player.permits)
            - self._plan_value(gains, player.permits, next_year_without=dig.site)
        )

    def _gains(self) -> dict[str, float]:
        """What one dig at each site gains with the knowledge the player has."""
        return {site: self._dig_gain(site, self.specialized[site], self.general, self.shovels) for site in SITES}

    def _capacities(self) -> list[float]:
        """Digs the weeks allow in each year still to come, this year first."""
        weeks_per_dig = self.weights.weeks_per_dig
        this_year = TABLES.weeks_per_year - self.player.week
        years_ahead = TABLES.final_year - self.player.year
        return [this_year / weeks_per_dig] + [TABLES.weeks_per_year / weeks_per_dig] * years_ahead

    def _plan_value(
        self, gains: dict[str, float], permits: dict[str, bool], next_year_without: str | None = None
    ) -> float:
        """The points of the best plan of digs: each year the digs its weeks
        allow, at the sites where a dig gains most, one per site (this year
        only where the permit is still valid, next year nowhere at
        ``next_year_without``)."""
        ranked = sorted(((gain, site) for site, gain in gains.items() if gain > 0), reverse=True)
        total = 0.0
        for year, capacity in enumerate(self._capacities()):
            for gain, site in ranked:
                if capacity <= 0:
                    break
                if (year == 0 and not permits[site]) or (year == 1 and site == next_year_without):
                    continue
                digs = min(1.0, capacity)
                total += digs * gain
                capacity -= digs
        return total

    def _future_digs_value(self, specialized: dict[str, int], general: int, shovels: int) -> float:
        gains = {site: self._dig_gain(site, specialized[site], general, shovels) for site in SITES}
        return self._plan_value(gains, self.player.permits)

    def _permit_cost(self, site: str) -> float:
        """What using this year's permit at ``site`` takes from the plan."""
        gains = self._gains()
        without = dict(self.player.permits)
        without[site] = False
        return self._plan_value(gains, self.player.permits) - self._plan_value(gains, without)

    def _majority_gain(self, site: str, books: int) -> float:
        """The change in the majority points at ``site``: the player's gain
        and, weighted, the others' average loss."""
        weights = self.weights
        assert isinstance(weights, StrongWeights)
        before = [closed_books(p, site) for p in self.state.players]
        after = list(before)
        after[self.seat] += books
        points_before, points_after = majority_points(before), majority_points(after)
        others = [seat for seat in range(len(before)) if seat != self.seat]
        loss = sum(points_before[seat] - points_after[seat] for seat in others) / len(others)
        gain = points_after[self.seat] - points_before[self.seat]
        return weights.majority_weight * (gain + weights.majority_denial * loss)

    def card_value(self, card_id: int) -> float:
        card = CARD_BY_ID[card_id]
        if card.kind == CONGRESS:
            return self._congress_value()
        return super().card_value(card_id)

    def _congress_value(self) -> float:
        """The average step of the congress table from the cards held to the
        cards the player can expect to hold at the end."""
        weights = self.weights
        assert isinstance(weights, StrongWeights)
        held = len(cards_of(self.player, CONGRESS))
        owned = sum(len(cards_of(p, CONGRESS)) for p in self.state.players)
        total = sum(1 for card in CARD_BY_ID.values() if card.kind == CONGRESS)
        still_to_come = max(0, total - owned - 1)
        time_share = min(1.0, self.left / (TABLES.weeks_per_year * 2))
        share = weights.congress_share / len(self.state.players)
        expected = 1 + share * still_to_come * time_share
        steps = max(1, round(expected))
        return (congress_points(held + steps) - congress_points(held)) / steps
