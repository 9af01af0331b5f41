"""The medium bot plans without the rivals' secret Ethos cards
(engine/games/hellenica/bot_hidden.py)."""

from __future__ import annotations

import random
from collections import Counter

from engine.games.hellenica import GAME, bot_hidden, planner
from engine.games.hellenica.components import ethos_deck
from engine.games.hellenica.state import copy_state, owned_cities
from tests.hellenica.helpers import act_as, new_game
from tests.hellenica.test_bot_race import _open_cities


def _last_to_act_beside_a_rival_with_empire() -> dict:
    """Three seats; seat 1 owns eight cities (Empire: "Own 8 cities") and
    holds 10 Favor and 10 Commerce; seats 1 and 2 have passed, so seat 0's
    pass ends the Action phase and the turn's objective check follows."""
    state = new_game(players=3, seed=3)
    homes = {player["city"] for player in state["seats"]}
    neutral = [c for c in _open_cities(state) if c not in homes and state["cities"][c]["owner"] is None]
    for city in neutral[:7]:
        state["cities"][city]["owner"] = 1
    assert len(owned_cities(state, 1)) == 8
    state["seats"][1]["favor"] = state["seats"][1]["commerce"] = 10
    for rival in (1, 2):
        state["seats"][rival]["passed"] = True
    return act_as(state, 0)


def _holding(state: dict, seat: int, cards: list[str]) -> dict:
    state = copy_state(state)
    state["seats"][seat]["ethos"] = cards
    return state


def test_a_plan_does_not_see_a_rivals_secret_ethos_cards():
    """Ethos cards are dealt "face down" and the private view shows a seat
    only its own: whether a rival one Pathos card in (Empire) also meets
    Devotion ("Hold 10 Favor") and Wealth ("Hold 10 Commerce") - and so
    wins at this end of turn - must not change what a plan finds. With the
    real cards a plan that passes met the rival's victory (-WIN) with one
    hand and not with another."""
    state = _last_to_act_beside_a_rival_with_empire()
    winning = _holding(state, 1, ["devotion", "wealth"])
    losing = _holding(state, 1, ["loyalty", "piety"])
    for seed in (12345, 7, 99):
        assert planner._rollout(GAME, winning, 0, "pass", seed) == planner._rollout(GAME, losing, 0, "pass", seed)


def test_the_rivals_cards_are_dealt_again_from_the_cards_the_seat_cannot_see():
    """The seat's own cards stay; each rival with hidden cards gets as many,
    two different cards ("keep two different cards"), from the deck less the
    seat's own cards and those shown face up; the deck keeps the rest, so no
    card is made or lost."""
    state = new_game(players=4, seed=5)
    state["revealed"] = {"3": list(state["seats"][3]["ethos"])}  # shown at a victory
    own = list(state["seats"][0]["ethos"])
    shown = list(state["seats"][3]["ethos"])
    before = Counter(state["ethos_deck"]) + Counter(c for p in state["seats"] for c in p["ethos"])
    unseen = bot_hidden.unseen_cards(state, 0)
    assert unseen == Counter(ethos_deck()) - Counter(own) - Counter(shown)
    assert bot_hidden.hidden_rivals(state, 0) == [1, 2]
    dealt = [bot_hidden.sampled(copy_state(state), 0, random.Random(seed)) for seed in range(20)]
    for after in dealt:
        assert after["seats"][0]["ethos"] == own and after["seats"][3]["ethos"] == shown
        for rival in (1, 2):
            cards = after["seats"][rival]["ethos"]
            assert len(cards) == 2 and cards[0] != cards[1]
        assert Counter(after["ethos_deck"]) + Counter(c for p in after["seats"] for c in p["ethos"]) == before
    assert len({tuple(after["seats"][1]["ethos"]) for after in dealt}) > 1  # dealt at random, not kept
