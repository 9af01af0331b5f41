"""Every game's pictures with names in other scripts and at Discord's 32
characters (issue 15: "Names in Chinese, Japanese or emoji draw as empty
boxes in every board; a 32-character name overlaps the score on Thebes'
panel")."""

import io
import random

import pytest
from PIL import Image

from engine.core import IllegalAction
from engine.games import REGISTRY
from render import hand_image, render_view


def mid_game(name, seed=3, steps=60):
    """A game some random moves in, at up to five seats (the most the game
    starts with default options)."""
    game = REGISTRY[name]
    for players in range(min(game.max_players, 5), game.min_players - 1, -1):
        try:
            state = game.new(players, {}, seed)
        except IllegalAction:
            continue
        break
    rng = random.Random(seed)
    for _ in range(steps):
        if not game.to_move(state):
            break
        seat = rng.choice(game.to_move(state))
        state = game.play(state, seat, rng.choice(game.legal(state, seat)))
    return game, state, players


def pictures(name, names):
    """The public board and seat 0's hand picture (where the game draws one)."""
    game, state, players = mid_game(name)
    names = (names * players)[:players]
    shown = [render_view(game.view(state, None), names)]
    hand = hand_image(game.view(state, 0), names)
    if hand is not None:
        shown.append(hand)
    for png in shown:
        assert Image.open(io.BytesIO(png)).format == "PNG"
    return shown


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_names_in_other_scripts_draw_their_glyphs(name):
    """Every character a font lacks draws the same empty box, so two tables
    whose names differ only in Chinese, kana, Hangul or emoji characters
    would draw the same picture; with the fallback chain they do not."""
    one = pictures(name, ["王小明", "さくら", "🐉 Drake", "김민준", "Ζωή"])
    other = pictures(name, ["王小朋", "さくは", "🔥 Drake", "김민지", "Ζωή"])
    assert all(a != b for a, b in zip(one, other))


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_a_32_character_name_is_shortened_to_its_room(name):
    """Discord allows 32 characters; every place a name is drawn shortens it
    with "…" to its room, so names that differ only in the last character
    draw the same picture."""
    assert pictures(name, ["W" * 31 + "X"]) == pictures(name, ["W" * 31 + "Y"])
