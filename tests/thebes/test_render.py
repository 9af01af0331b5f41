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


def _pixel_near(png: bytes, xy: tuple[float, float], rgb: tuple[int, int, int], radius: int) -> bool:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    x0, y0 = round(xy[0]), round(xy[1])
    return any(
        sum(abs(a - b) for a, b in zip(image.getpixel((x, y)), rgb)) < 60  # after the palette
        for x in range(x0 - radius, x0 + radius + 1)
        for y in range(y0 - radius, y0 + radius + 1)
    )


def test_the_last_move_is_marked_on_the_map(kit):
    """Issue 16: the last move is marked on the board picture (a highlighted
    route and a ring round the place of the action), as Santorini does."""
    from render.common import HIGHLIGHT
    from render.thebes import _place_xy

    state = kit.to_act(kit.new(2), 0, place="warsaw")
    kit.show(state, 1, kit.card("specialized", "crete", 1, "paris"))
    before = render_view(GAME.view(state, None), [])
    state = GAME.play(state, 0, "buy 1")  # Warsaw -> Berlin -> Paris
    after = render_view(GAME.view(state, None), [])
    paris, berlin = _place_xy("paris"), _place_xy("berlin")
    ring = (paris[0], paris[1] - 22)
    middle = ((paris[0] + berlin[0]) / 2, (paris[1] + berlin[1]) / 2)
    assert not _pixel_near(before, ring, HIGHLIGHT, 2) and _pixel_near(after, ring, HIGHLIGHT, 2)
    assert _pixel_near(after, middle, HIGHLIGHT, 3)


def test_six_players_with_long_names(kit):
    """Five and six seats (our extension) fit the picture, with 32-character names."""
    for players in (5, 6):
        state = kit.new(players, seed=4)
        for _ in range(12):
            state = GAME.play(state, state.turn, GAME.choose(state, state.turn, "greedy", 1))
        _check(GAME.view(state, None), names=["W" * 32] * players)


def test_a_long_name_stops_short_of_the_score(kit):
    """Issue 15: "a 32-character name overlaps the score on Thebes' panel".
    The strip where the points are drawn is the same with a 32-character
    name as with none, at every player count."""
    from render.common import font, text_length
    from render.thebes import PANEL_Y, _panel_place

    for players in (2, 4, 6):
        view = GAME.view(kit.new(players), None)
        long = Image.open(io.BytesIO(render_view(view, ["W" * 32] * players))).convert("RGB")
        short = Image.open(io.BytesIO(render_view(view, [""] * players))).convert("RGB")
        for seat in range(players):
            left, width = _panel_place(seat, players)
            points = f"{view['scores'][seat]['total']} pts"
            strip = (
                round(left + width - 12 - text_length(points, font(20, bold=True)) - 4),
                PANEL_Y + 8,
                left + width - 4,
                PANEL_Y + 34,
            )
            assert long.crop(strip).tobytes() == short.crop(strip).tobytes(), (players, seat)
