"""The paced thresholds are the table option ``thresholds``: new tables play
them (``paced``); a game stored before the option existed has no such key and
replays as it was played, with the first thresholds (``first``).

The rulebook's Victory: "If a player satisfies the card requirements for 3
Objective Cards in any combination of revealed Pathos cards and Ethos cards in
their hand, that player reveals their cards and wins the game." It prints no
requirement: the thresholds are ours (data/hellenica/objectives.toml)."""

from __future__ import annotations

import pytest

from engine.core import StateError, replay, resolve_options
from engine.games.hellenica import GAME
from engine.games.hellenica.components import OBJECTIVES
from engine.games.hellenica.objectives import FIRST_TABLE, card_text, met, requirement
from engine.games.hellenica.pathos import DESTRUCTION, FIRST, HELD, PACED, THRESHOLDS
from engine.games.hellenica.snapshot import load
from tests.hellenica.helpers import clear_units, home_of, new_game, own, units
from tests.hellenica.test_upkeep import _finish_turn, _to_actions

RETUNED = [name for name, card in OBJECTIVES.items() if FIRST_TABLE in card.params]


def _shown(state: dict, card: str) -> str:
    """The card's text in the public view (a Pathos card) or its holder's (an Ethos card)."""
    view = GAME.view(state, None)
    shown = {c["name"]: c["text"] for c in view["pathos"]}
    if card not in shown:
        state["seats"][0]["ethos"] = [card, next(c for c in OBJECTIVES if c != card and OBJECTIVES[c].kind == "ethos")]
        shown = {c["name"]: c["text"] for c in GAME.view(state, 0)["private"]["ethos"]}
    return shown[card]


def test_the_retuned_cards_keep_their_first_requirements():
    """Every re-tuned card says what it asked for before; the data names Destruction among them."""
    assert "destruction" in RETUNED
    for card in RETUNED:
        first = OBJECTIVES[card].params[FIRST_TABLE]
        assert first["text"] != OBJECTIVES[card].text
        assert set(first) - {"text"} <= set(OBJECTIVES[card].params)


def test_a_new_table_plays_the_paced_thresholds():
    assert resolve_options(GAME, {})[THRESHOLDS] == PACED
    state = new_game()
    assert state["options"][THRESHOLDS] == PACED
    for card in RETUNED:
        assert requirement(state, card) is OBJECTIVES[card].params
        assert _shown(state, card) == card_text(state, card) == OBJECTIVES[card].text


def test_a_game_stored_before_the_option_plays_the_first_thresholds():
    """Options stored before the option existed name no ``thresholds``: the
    cards ask for what they asked for, and say so."""
    assert GAME.new(2, {"homes": "choose"}, 7)["options"][THRESHOLDS] == FIRST
    state = new_game()
    del state["options"][THRESHOLDS]
    for card in RETUNED:
        first = OBJECTIVES[card].params[FIRST_TABLE]
        assert {key: requirement(state, card)[key] for key in first} == first
        assert _shown(state, card) == first["text"]


def test_a_game_stored_before_the_option_replays_as_it_was_played():
    """A 4-player game stored with the held Destruction and no
    ``thresholds``: one held rival Home City still wins it, as it did; the
    same position on a new table does not (two are needed)."""
    outcomes = {}
    for thresholds in (None, PACED):
        state = new_game(4, seed=44)
        if thresholds is None:
            del state["options"][THRESHOLDS]
        clear_units(state)
        state["seats"][0].update(ethos=["wealth", "devotion"], commerce=12, favor=12)
        units(state, home_of(state, 1), 0, "hoplite", 1)
        for _ in range(3):
            state = _finish_turn(state)
            if state["phase"] == "over":
                break
            state = _to_actions(state)
        outcomes[thresholds] = (state["phase"] == "over", state["turn"])
    assert outcomes == {None: (True, 2), PACED: (False, 4)}


def test_a_stored_game_replays_to_the_same_state():
    """Replaying a stored game's moves from its stored options (no
    ``thresholds`` key) gives the state it reached when it was played."""
    options = {"homes": "random", DESTRUCTION: HELD}
    state = GAME.new(3, options, 5)
    played = []
    while state["turn"] < 3 and state["phase"] != "over":
        seat = GAME.to_move(state)[0]
        action = GAME.choose(state, seat, "random", len(played))
        played.append((seat, action))
        state = GAME.play(state, seat, action)
    again = replay(GAME, 3, options, 5, played)
    assert again == state and again["options"][THRESHOLDS] == FIRST


def test_the_option_is_checked_in_a_snapshot():
    state = new_game()
    del state["options"][THRESHOLDS]
    assert load(state)["options"].get(THRESHOLDS) is None  # an old snapshot loads as it was
    state["options"][THRESHOLDS] = "quick"
    with pytest.raises(StateError, match="thresholds option"):
        load(state)


def test_the_instant_destruction_follows_the_thresholds_too():
    """With the held Destruction off (``instant``) the card counts at one
    check, and asks for as many Home Cities as the thresholds say."""
    state = new_game(4, seed=44)
    state["options"][DESTRUCTION] = "instant"
    assert _shown(state, "destruction") == "Own the Home Cities of 2 other players (1 with 3 or fewer players)."
    own(state, home_of(state, 1), 0)
    assert not met(state, 0, "destruction")
    own(state, home_of(state, 2), 0)
    assert met(state, 0, "destruction")
    state["options"][THRESHOLDS] = FIRST
    assert _shown(state, "destruction") == "Own another player's Home City."
