"""The animated summary of a whole game and the /stats and /leaderboard
pictures (issue 17: "an animated summary of the whole game (GIF or APNG,
under Discord's 10 MB and sized for its preview)")."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageStat

from engine.replay import frames, summary_moves
from render.replay import LAST_FRAME_MS, MAX_FRAMES, WIDTH, animate, animate_frames, board_frame
from render.stats import CARD_WIDTH, GameLine, LeaderRow, leaderboard_image, stats_card, wait_words
from tests.stress.conftest import finished_random_game, game_params, seatings

NAMES = ["alice", "李小龍的超级长名字测试一下看看", "zoë 🎲🏛️", "bob", "eve", "mallory", "trent"]


def decoded(gif: bytes) -> list[tuple[Image.Image, int]]:
    """Every frame of a GIF as a viewer shows it, with its duration."""
    image = Image.open(io.BytesIO(gif))
    shown = []
    for index in range(image.n_frames):
        image.seek(index)
        shown.append((image.convert("RGB"), image.info.get("duration", 0)))
    return shown


@pytest.mark.parametrize("game", game_params())
def test_summary_animation_of_a_whole_game(game):
    """Each kind of game: a looping GIF sized for the preview, the final board
    held longest, and every frame as a viewer composes it (the writer stores
    only what changed) showing the board it was drawn from."""
    seating = seatings(game)[0]
    played = finished_random_game(seating, seed=1)
    moves = summary_moves([seat for seat, _ in played.actions], limit=6)
    shown = frames(game, seating.players, seating.options, played.seed, played.actions, moves)
    gif = animate_frames(shown, NAMES[: seating.players], len(played.actions))
    assert gif[:6] == b"GIF89a" and len(gif) < 10 * 2**20
    pictures = decoded(gif)
    assert 2 <= len(pictures) <= 6
    assert pictures[0][0].width == WIDTH and pictures[-1][1] == LAST_FRAME_MS
    for picture, frame in ((pictures[0][0], shown[0]), (pictures[-1][0], shown[-1])):
        caption = "Set-up" if frame.move == 0 else f"Move {frame.move} of {len(played.actions)}"
        expected = board_frame(frame.view, NAMES[: seating.players], caption, frame.text)
        region = (0, 0, expected.width, expected.height)
        difference = ImageStat.Stat(ImageChops.difference(picture.crop(region), expected)).mean
        assert max(difference) < 6, f"{game.name}: frame {frame.move} differs from its board by {difference}"


def test_animation_limits():
    with pytest.raises(ValueError, match="summary_moves"):
        animate([{"game": "santorini"}] * (MAX_FRAMES + 1), [], [""] * (MAX_FRAMES + 1))
    with pytest.raises(ValueError, match="one caption"):
        animate([{"game": "santorini"}], [], [])


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).size


def test_leaderboard_picture_grows_with_its_rows_and_fits_any_name():
    rows = [LeaderRow(i + 1, NAMES[i % len(NAMES)] * 3, 1800 - 50 * i, 40 - i, 20 - i) for i in range(10)]
    width, height = png_size(leaderboard_image("Hellenica", rows))
    assert width == 440
    assert png_size(leaderboard_image("Hellenica", rows[:3]))[1] < height
    empty = leaderboard_image("Hellenica", [])
    assert png_size(empty)[0] == 440 and empty != leaderboard_image("Thera", [])


def test_stats_card():
    lines = [
        GameLine("Hellenica", 1834, 52, 31, 41.2, 5.2 * 3600, 0.93),
        GameLine("Thera", 1000, 0, 0, None, None, None),
    ]
    card = stats_card("李小龍 🎲", lines)
    assert png_size(card)[0] == CARD_WIDTH
    assert card != stats_card("李小龍 🎲", lines[:1])
    assert [wait_words(s) for s in (None, 600, 5.5 * 3600, 3 * 86400)] == ["–", "10 min", "5.5 h", "3.0 days"]
