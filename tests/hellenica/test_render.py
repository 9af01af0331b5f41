"""The board picture and the private hand text are drawn from views alone."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.games.hellenica import GAME
from engine.games.hellenica.components import OBJECTIVES
from render import hand_text, render_view


def _midgame(players: int, seed: int, steps: int) -> dict:
    state = GAME.new(players, {"homes": "random"}, seed)
    for step in range(steps):
        movers = GAME.to_move(state)
        if not movers:
            break
        state = GAME.play(state, movers[0], GAME.choose(state, movers[0], "random", seed + step))
    return state


@pytest.mark.parametrize("players", [2, 4, 7])
def test_board_png_for_every_player_count(players):
    state = _midgame(players, players, 160)
    png = render_view(GAME.view(state, None), [f"player{i}" for i in range(players)])
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.width > 1200 and image.height > 900


def test_seat_view_renders_and_hand_text_names_only_that_seats_cards():
    state = _midgame(3, 8, 40)
    seat = 1
    view = GAME.view(state, seat)
    assert render_view(view, ["a", "b", "c"]).startswith(b"\x89PNG")
    text = hand_text(view, ["a", "b", "c"])
    mine = state["seats"][seat]["ethos"] + state["seats"][seat]["ethos_hand"]
    assert mine and all(OBJECTIVES[c].title in text for c in mine)
    theirs = [c for s in (0, 2) for c in state["seats"][s]["ethos"] if c not in mine]
    assert all(OBJECTIVES[c].title not in text for c in theirs)


def test_finished_game_picture():
    state = _midgame(2, 1, 4000)
    assert GAME.outcome(state) is not None
    assert render_view(GAME.view(state, None), ["a", "b"]).startswith(b"\x89PNG")


def test_part_two_on_the_picture(tmp_path):
    """Creatures, a closed area, won events, spent Invocations, secret bids and
    a casting window all draw (from the view alone)."""
    from engine.games.hellenica import creatures
    from tests.hellenica.helpers import bid, give_deity, new_game, trigger
    state = new_game(3, seed=4)
    creatures.place(state, "hydra", "panactum", 0)
    creatures.place(state, "cetus", "cyclades", 1)
    state["slain"]["minotaur"] = 2
    state["turn_effects"].append({"kind": "closed", "seat": 0, "target": "saronic-gulf"})
    give_deity(state, 0, "apollo", 1)
    for player in state["seats"]:
        player["favor"] = 3
    state = trigger(state, 1, "persian-gold")
    view = GAME.view(state, None)
    assert view["window"] is not None and view["window"]["phase"] == "event"
    png = render_view(view, ["a", "b", "c"])
    state = GAME.play(state, 0, "invoke prophecy")
    assert GAME.view(state, None)["players_info"][0]["deity_cards"][-1]["invocations"][0]["spent"]
    state = GAME.play(state, 0, "bid 2")
    view = GAME.view(state, None)
    assert view["bid"]["bid"] == [0] and set(view["bid"]) == {"card", "title", "bid", "waiting"}  # no amounts
    png = render_view(view, ["a", "b", "c"])
    state = bid(state, orange=0, green=1)
    png = render_view(GAME.view(state, None), ["a", "b", "c"])
    assert Image.open(io.BytesIO(png)).height > 900
    (tmp_path / "part2.png").write_bytes(png)
    import os
    if os.environ.get("HELLENICA_PICTURES"):
        open(os.environ["HELLENICA_PICTURES"], "wb").write(render_view(GAME.view(state, None), ["a", "b", "c"]))
