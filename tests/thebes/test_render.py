"""The picture: drawn from the public view alone, quickly, at every stage."""

from __future__ import annotations

import io

from PIL import Image

from engine.games.thebes import GAME
from render import render_view


def test_renders_start_middle_and_end(finished_games):
    _, log = finished_games[(4, "greedy")]
    state = GAME.new(4, {}, 204)
    for index, (seat, action) in enumerate(log):
        if index in (0, len(log) // 2):
            _check(GAME.view(state, None))
        state = GAME.play(state, seat, action)
    _check(GAME.view(state, None), names=["ann", "bo", "cy", "di"])


def test_two_players_and_a_declared_zeppelin(kit):
    state = kit.to_act(kit.new(2), 0, place="egypt")
    kit.give(state, 0, kit.card("zeppelin"))
    state = GAME.play(state, 0, "zeppelin")
    _check(GAME.view(state, None))


def _check(view, names=()):
    """A PNG of the expected size (bench/thebes.py measures the speed)."""
    png = render_view(view, list(names))
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size[0] == 1600 and image.size[1] > 1000
