"""Destruction held through a turn is the table option ``destruction``: new
tables play it (``held``); a game stored before the option existed has no
such key and replays as it was played, with the card owned at one check."""

from __future__ import annotations

import pytest

from engine.core import StateError, resolve_options
from engine.games.hellenica import GAME
from engine.games.hellenica.objectives import met
from engine.games.hellenica.pathos import DESTRUCTION, HELD, INSTANT, THRESHOLDS
from engine.games.hellenica.snapshot import load
from tests.hellenica.helpers import home_of, new_game, own, units
from tests.hellenica.test_upkeep import _finish_turn


def _destruction_text(state: dict) -> str:
    return next(card["text"] for card in GAME.view(state, None)["pathos"] if card["name"] == "destruction")


def test_a_new_table_plays_the_held_card():
    assert resolve_options(GAME, {})[DESTRUCTION] == HELD
    state = new_game()
    assert state["options"][DESTRUCTION] == HELD
    assert "two turns in a row" in _destruction_text(state)


def test_a_game_stored_before_the_option_replays_as_it_was_played():
    """Options stored before the option existed name no ``destruction`` (nor
    ``thresholds``, which came later): the rival Home City counts at the
    check that sees it owned, and the state gains no record of held cities
    (its replay equals its old snapshots)."""
    state = new_game()
    del state["options"][DESTRUCTION], state["options"][THRESHOLDS]
    assert GAME.new(2, {"homes": "choose"}, 7)["options"][DESTRUCTION] == INSTANT
    own(state, home_of(state, 1), 0)
    assert met(state, 0, "destruction")
    assert _destruction_text(state) == "Own another player's Home City."
    units(state, home_of(state, 1), 0, "hoplite", 1)
    after = _finish_turn(state)
    assert "held_homes" not in after


def test_the_option_is_checked_in_a_snapshot():
    state = new_game()
    state["options"][DESTRUCTION] = "sometimes"
    with pytest.raises(StateError, match="destruction option"):
        load(state)
