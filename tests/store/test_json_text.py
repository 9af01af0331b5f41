"""The JSON text both stores write (engine/store/rows.py ``dumps``/``loads``):
orjson for speed, the same values as the standard library's ``json``."""

from __future__ import annotations

import dataclasses
import json

import pytest

from engine.core import IllegalAction
from engine.games import REGISTRY
from engine.store.rows import dumps, loads


def _new_at_most_players(game):
    """A new game with the most players the default options allow (the biggest texts)."""
    for players in range(game.max_players, game.min_players - 1, -1):
        try:
            return game.new(players, {}, 7)
        except IllegalAction:
            continue
    raise AssertionError(f"{game.name} starts with no player count on its default options")


def _mid_game_states(name: str, moves: int = 40):
    """A game's state after each of its first ``moves`` moves (first legal
    action of the first seat to move), so the texts hold what real play stores."""
    game = REGISTRY[name]
    state = _new_at_most_players(game)
    states = [state]
    for _ in range(moves):
        if game.outcome(state) is not None:
            break
        seat = game.to_move(state)[0]
        legal = game.legal(state, seat)
        if not legal:
            break
        state = game.play(state, seat, sorted(legal)[0])
        states.append(state)
    return game, states


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_snapshots_and_views_read_back_as_json_reads_them(name):
    """Every game's snapshot and public view, written by ``dumps``, is text
    ``json.loads`` reads to the same value as ``json.dumps``'s text, and
    ``loads`` reads it back to that value too (the store stays lossless)."""
    game, states = _mid_game_states(name)
    for state in states:
        for value in (game.dump(state), game.view(state, None)):
            text = dumps(value)
            expected = json.loads(json.dumps(value, ensure_ascii=False))
            assert json.loads(text) == expected
            assert loads(text) == expected
        snapshot = game.dump(state)
        assert game.dump(game.load(loads(dumps(snapshot)))) == snapshot


def test_compact_and_unicode_kept():
    """Compact separators, non-ASCII kept as itself (as ``json.dumps`` with
    ``ensure_ascii=False`` wrote it)."""
    value = {"name": "Ἀθῆναι", "list": [1, 2.5, None, True, "a\u2028b"]}
    assert dumps(value) == json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def test_keys_that_are_not_strings_are_written_as_json_writes_them():
    value = {1: "a", "b": {2: [3]}}
    assert dumps(value) == json.dumps(value, separators=(",", ":"))
    assert loads(dumps(value)) == {"1": "a", "b": {"2": [3]}}


def test_values_json_has_no_type_for_are_refused():
    """A store must not write what it cannot read back exactly."""

    @dataclasses.dataclass
    class Point:
        x: int

    for value in (Point(1), {1, 2}, 2**70, {"big": -(2**64)}):
        with pytest.raises(TypeError):
            dumps(value)


def test_text_json_dumps_wrote_before_still_reads():
    """Rows written before orjson (``json.dumps``, NaN included) still load."""
    assert loads(json.dumps({"a": [1, "é"]}, ensure_ascii=False)) == {"a": [1, "é"]}
    nan = loads(json.dumps([float("nan")]))[0]
    assert nan != nan
    assert loads(b'{"a":1}') == {"a": 1}
