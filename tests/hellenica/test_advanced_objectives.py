"""Advanced rules: Random Pathos Objectives and the Epic Game."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, resolve_options
from engine.games.hellenica import GAME, objectives
from engine.games.hellenica.components import PATHOS, STANDARD_PATHOS
from engine.games.hellenica.pathos import objectives_to_win
from tests.hellenica.helpers import new_game


def test_standard_pathos_are_destruction_empire_and_sea_power():
    state = GAME.new(2, {}, 3)
    assert state["pathos"] == list(STANDARD_PATHOS) == ["destruction", "empire", "sea-power"]


def test_random_pathos_deals_three_distinct_cards_from_all_pathos():
    """ "shuffle all of the Pathos Objective cards together and randomly deal 3
    of them, face-up, next to the map board.\""""
    dealt = set()
    for seed in range(12):
        state = GAME.new(2, {"pathos": "random", "homes": "random"}, seed)
        assert len(state["pathos"]) == 3 == len(set(state["pathos"]))
        assert set(state["pathos"]) <= set(PATHOS)
        dealt.add(tuple(state["pathos"]))
        view = GAME.view(state, None)
        assert [card["name"] if isinstance(card, dict) else card for card in view["pathos"]]
    assert len(dealt) > 3
    assert set().union(*dealt) - set(STANDARD_PATHOS), "non-standard Pathos cards come out"


def test_epic_game_needs_four_objectives(monkeypatch):
    """ "play until a player has completed 4 Objectives, instead of 3, to win the game.\""""
    state = new_game(2, seed=44)
    three = ["destruction", "empire", "sea-power"]
    monkeypatch.setattr(objectives, "completed", lambda s, seat: three if seat == 0 else [])
    assert objectives_to_win(state) == 3 and objectives.victors(state) == [0]
    state["options"]["epic"] = True
    assert objectives_to_win(state) == 4 and objectives.victors(state) == []
    monkeypatch.setattr(objectives, "completed", lambda s, seat: three + ["loyalty"] if seat == 0 else [])
    assert objectives.victors(state) == [0]
    objectives.declare_victory(state, [0])
    assert "completed 4 objectives" in state["reason"]
    assert GAME.view(state, None)["objectives_to_win"] == 4


def test_options_are_checked():
    with pytest.raises(IllegalAction, match="pathos"):
        resolve_options(GAME, {"pathos": "chaotic"})
    with pytest.raises(IllegalAction, match="epic"):
        resolve_options(GAME, {"epic": "maybe"})
    assert resolve_options(GAME, {"epic": "yes"})["epic"] is True


def test_the_rules_and_the_card_say_destruction_is_held_through_a_turn():
    """Our Destruction threshold (objectives.toml): "Own the Home Cities of 2
    other players (1 with 3 or fewer players) at the end of two turns in a
    row" — the `/game rules` text says so, and the card shown in the view
    names what this table asks for."""
    rules = " ".join(GAME.rules_text.split())
    assert "Cities of 2 other players (1 with 3 or fewer players) owned at the end of two turns in a row" in rules
    for players, asked in ((2, "Own another player's Home City"), (4, "Own 2 other players' Home Cities")):
        state = new_game(players, seed=44)
        card = next(c for c in GAME.view(state, None)["pathos"] if c["name"] == "destruction")
        assert card["text"] == f"{asked} at the end of two turns in a row."
