"""Whole games with the rulebook's AI players: AI-only games play themselves
to the end inside ``new``; solitaire against six AI city-states (the person
played by the random bot) finishes; states round-trip and replay."""

from __future__ import annotations

import json

import pytest

from engine.games.hellenica import GAME


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ai_only_game_finishes_inside_new(seed):
    state = GAME.new(7, {"ai_seats": list(range(7))}, seed)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners
    assert GAME.to_move(state) == []
    assert all(max(outcome.scores) == outcome.scores[w] for w in outcome.winners)
    assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state


SOLITAIRE = {"ai_seats": [1, 2, 3, 4, 5, 6]}


def _solitaire(seed: int, options: dict) -> tuple[dict, list[tuple[int, str]]]:
    state = GAME.new(7, options, seed)
    played = []
    while GAME.outcome(state) is None:
        movers = GAME.to_move(state)
        assert movers == [0]  # never an AI seat
        action = GAME.choose(state, 0, "random", seed + len(played))
        played.append((0, action))
        state = GAME.play(state, 0, action)
        assert len(played) < 3000
    return state, played


@pytest.mark.parametrize("seed, board", [(1, "standard"), (2, "random"), (3, "explorable")])
def test_solitaire_against_six_ai_finishes_and_replays(seed, board):
    """ "one human against AI city-states", on the standard, a random or an
    explorable map."""
    options = {**SOLITAIRE, "map": board}
    state, played = _solitaire(seed, options)
    assert GAME.outcome(state).winners
    again = GAME.new(7, options, seed)
    for seat, action in played:
        again = GAME.play(again, seat, action)
    assert again == state
    assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state
    view = GAME.view(state, None)
    assert view["ai"]["seats"] == [1, 2, 3, 4, 5, 6] and len(view["ai"]["ethos"]) == 3


def test_ai_turns_show_in_the_log_and_describe():
    """The table posts only people's actions: their ``describe`` line carries
    the AI turns that followed."""
    state = GAME.new(3, {"ai_seats": [1, 2], "homes": "random"}, 4)
    lines = []
    while state["turn"] < 3 and GAME.outcome(state) is None:
        action = GAME.choose(state, 0, "random", len(lines))
        lines.append(GAME.describe(state, 0, action))
        state = GAME.play(state, 0, action)
    text = " ".join(lines)
    assert "(AI) reveals the AI card" in text and "(AI) supplies" in text
    assert any("(AI)" in line for line in GAME.view(state, None)["log"])


def test_ai_movements_are_decided_without_listing_every_legal_move(monkeypatch):
    """An AI player moves by the AI Movement rules (``ai.movement``), so the
    list of every legal move, the costliest list a Movement has, is never
    worked out for it: the ``medium`` bot's plans play AI seats' turns many
    times in each decision it makes."""
    from engine.games.hellenica.steps import STEPS

    listed = []
    listing = STEPS["move"].legal

    def counting(state, frame, seat):
        listed.append(seat)
        return listing(state, frame, seat)

    monkeypatch.setattr(STEPS["move"], "legal", counting)
    state = GAME.new(4, {"ai_seats": [0, 1, 2, 3]}, 1)
    assert GAME.outcome(state) is not None
    assert any("moves" in entry["text"] for entry in state["log"])
    assert listed == []
