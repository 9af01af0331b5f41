"""Board pictures and hand text are drawn from views only."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine.games.thessaloniki import GAME
from render import hand_text, render_view


def advanced(players: int, seed: int, actions: int):
    state = GAME.new(players, {}, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if GAME.outcome(state):
            break
        seat = GAME.to_move(state)[0]
        state = GAME.play(state, seat, GAME.choose(state, seat, "easy", rng.randrange(1 << 30)))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_render_public_and_private_views(players):
    state = advanced(players, players, 90)
    names = ["alice", "bob", "carol", "dave"][:players]
    for seat in (None, 0):
        png = render_view(GAME.view(state, seat), names)
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG" and image.size[0] > 1000


def test_render_the_final_scoring():
    state = advanced(2, 8, 5000)
    assert GAME.outcome(state) is not None
    assert render_view(GAME.view(state, None), ["alice", "bob"]).startswith(b"\x89PNG")


def test_hand_text_lists_the_cards():
    state = advanced(3, 2, 40)
    seat = next(s for s in range(3) if state["seats"][s]["hand"])
    text = hand_text(GAME.view(state, seat), ["a", "b", "c"])
    for cid in state["seats"][seat]["hand"]:
        assert cid.upper() in text
    assert "cost" in text
