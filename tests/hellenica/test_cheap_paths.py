"""The service's hot paths (issue 18): ``play`` copies only what a move can
change, ``dump`` hands over the state itself, ``describe`` reuses the move
just played and the public view is built from a per-map template. None of
them may change what they return or touch the state they were given."""

from __future__ import annotations

import json

from engine.games.hellenica import GAME, Hellenica
from engine.games.hellenica.board import get_map
from engine.games.hellenica.view_fixed import with_fixed_parts


def _positions(players: int, seed: int, moves: int):
    state = GAME.new(players, {"homes": "random"}, seed)
    for n in range(moves):
        movers = GAME.to_move(state)
        if not movers:
            return
        action = GAME.choose(state, movers[0], "random", seed * 31 + n)
        yield state, movers[0], action
        state = GAME.play(state, movers[0], action)


def test_play_leaves_its_input_alone_and_describe_matches_a_fresh_engine():
    """``play()`` never mutates its input; the remembered log lines give the
    same line as playing the action afresh."""
    fresh = Hellenica()
    for state, seat, action in _positions(4, 8, 400):
        frozen = json.dumps(state, sort_keys=True)
        legal = GAME.legal(state, seat)  # trials of whole-stack moves work on copies
        after = GAME.play(state, seat, action)
        assert json.dumps(state, sort_keys=True) == frozen and action in legal
        assert after["options"] is state["options"] and after["log"] is not state["log"]
        assert GAME.describe(state, seat, action) == fresh.describe(state, seat, action)


def test_dump_is_lossless_without_a_copy():
    for state, _, _ in _positions(3, 2, 150):
        data = GAME.dump(state)
        assert GAME.load(json.loads(json.dumps(data))) == state


def test_views_are_fresh_and_follow_the_map():
    """Every view owns its entries (changing one changes no other) and the
    areas' fixed fields (put back for the pictures) are the map's."""
    for state, _, _ in _positions(5, 4, 120):
        pass
    first = GAME.view(state, None)
    board = get_map(state)
    for area in with_fixed_parts(first)["areas"]:
        fixed = board.areas[area["name"]]
        assert (area["title"], area["kind"], area["settlements"]) == (fixed.title, fixed.kind, fixed.settlements)
        assert area["hexes"] == [list(h) for h in fixed.hexes]
    for area in first["areas"]:
        area["units"].append("scribble")
        area["owner"] = "scribble"
    second = GAME.view(state, None)
    assert all(a["owner"] != "scribble" and "scribble" not in a["units"] for a in second["areas"])
    assert second == GAME.view(GAME.load(json.loads(json.dumps(state))), None)
