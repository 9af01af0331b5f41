"""The board picture and the hand text, drawn from views only."""

import io
import random

import pytest
from PIL import Image

from engine.games.thera import GAME
from render import hand_text, render_view

NAMES = ["alice", "bob", "carol", "dave", "erin"]


def mid_game(players, seed=3, steps=120, **options):
    rng = random.Random(seed)
    state = GAME.new(players, options, seed)
    for _ in range(steps):
        if not GAME.to_move(state):
            break
        seat = rng.choice(GAME.to_move(state))
        state = GAME.play(state, seat, rng.choice(GAME.legal(state, seat)))
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_renders_every_player_count(players):
    state = mid_game(players)
    png = render_view(GAME.view(state, None), NAMES[:players])
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.width == 1500
    rows = (players + 2) // 3
    assert image.height > 400 * rows


def test_renders_set_up_and_game_over():
    for state in (GAME.new(3, {"advanced": True}, 1), mid_game(2, steps=5000)):
        assert render_view(GAME.view(state, None), NAMES)[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_seat_view_draws_the_same_board():
    """The picture shows hands only as counts, even from a seat's view."""
    state = mid_game(3)
    assert render_view(GAME.view(state, 0), NAMES) == render_view(GAME.view(state, None), NAMES)


def test_hand_text():
    state = GAME.new(3, {}, 2)
    state = GAME.play(state, 0, "choose noble")
    luxury = GAME.legal(state, 0)[0].split()[1]
    state = GAME.play(state, 0, f"take {luxury}")
    text = hand_text(GAME.view(state, 0), NAMES)
    assert f"- {luxury}:" in text and "recognition" in text and "novelty" in text
    assert "No luxuries in your hand." in hand_text(GAME.view(state, 1), NAMES)


def test_hand_text_lists_dealt_tiles():
    state = GAME.new(2, {"advanced": True}, 2)
    text = hand_text(GAME.view(state, 1), NAMES)
    assert text.count("- tile ") == 4 and "keep <n> <n>" in text


def test_hand_picture():
    from render import hand_image

    state = GAME.new(3, {}, 1)
    state["hands"][0] = ["odeon", "colossus"]
    png = hand_image(GAME.view(state, 0), NAMES)
    assert png is not None and Image.open(io.BytesIO(png)).format == "PNG"


def test_the_last_move_is_marked_on_its_island():
    """Issue 16: the board marks the last move (as Santorini does): a red
    ring round the locations it named, on the island of the seat that played it."""
    from render.thera import LAST_MOVE

    state = GAME.new(2, {}, 3)
    state = GAME.play(state, 0, "choose planner")
    move = next(a for a in GAME.legal(state, 1) if a.startswith("move"))
    marked = GAME.view(GAME.play(state, 1, move), None)
    unmarked = dict(marked, last_move=None)

    def red_pixels(view):
        image = Image.open(io.BytesIO(render_view(view, NAMES))).convert("RGB")
        return sum(count for count, colour in image.getcolors(1 << 16) if colour == LAST_MOVE)

    assert red_pixels(marked) > 200 + red_pixels(unmarked)


def test_the_hand_is_laid_out_as_cards():
    """Issue 16: one card is not a small card on a wide canvas; rows grow with the hand."""
    from render import hand_image

    state = GAME.new(3, {}, 1)
    sizes = []
    for hand in (["odeon"], ["odeon", "colossus", "shrine", "winery"], ["odeon"] * 6):
        state["hands"][0] = hand
        sizes.append(Image.open(io.BytesIO(hand_image(GAME.view(state, 0), NAMES))).size)
    (one_w, one_h), (four_w, four_h), (six_w, six_h) = sizes
    assert one_w < four_w == six_w and one_h == four_h < six_h
