"""The board picture and the private hand text are drawn from views alone."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.games.hellenica import GAME
from engine.games.hellenica.components import OBJECTIVES
from engine.games.hellenica.view_fixed import with_fixed_parts
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


def _png(view: dict, names: list[str]) -> Image.Image:
    return Image.open(io.BytesIO(render_view(view, names))).convert("RGB")


def _pixel_at_area(image: Image.Image, view: dict, name: str) -> tuple[int, int, int]:
    """The colour just inside the top corner of an area's first hex (clear of its labels)."""
    from render.hellenica import R, _centre

    area = next(a for a in view["areas"] if a["name"] == name)
    cx, cy = _centre(*area["hexes"][0])
    return image.getpixel((round(cx), round(cy - R + 12)))


def test_ai_seats_show_their_ai_board_and_the_shared_ethos_stays_hidden():
    """An AI player's panel is its row of the AI Board (Advancements, Supply,
    Favor, Philosophers, Commerce, Grudge, the last AI card), not Action Cubes;
    the shared AI Ethos cards are only counted until every person has chosen."""
    state = GAME.new(3, {"ai_seats": [1, 2], "homes": "random"}, 4)
    while state["phase"] == "setup" or not state["ai"]["ethos_hidden"]:
        state = GAME.play(state, 0, GAME.legal(state, 0)[0])
    view = GAME.view(state, None)
    hidden = state["ai"]["ethos_hidden"]
    assert view["ai"]["ethos"] == [] and view["ai"]["ethos_hidden"] == len(hidden)
    assert not any(OBJECTIVES[c].title in str(view) for c in hidden if c not in state["seats"][0]["ethos"])
    rows = view["ai"]["board"]
    assert [r["seat"] for r in rows] == [1, 2]
    assert {
        "advancements",
        "supply",
        "favor",
        "philosophers",
        "commerce",
        "grudge",
        "card",
        "objectives",
        "ethos_met",
    } <= set(rows[0])
    assert render_view(view, ["a", "b", "c"]).startswith(b"\x89PNG")


def test_empty_areas_look_like_face_down_tiles_and_open_locations():
    """Explorable Map: an Empty Area is drawn as the back of a tile, not as
    land; while the map is built, an open location is a pale dashed space."""
    from render.hellenica import LAND, OPEN_SPACE, TILE_BACK, _map_lines
    from tests.hellenica.test_maps_explore import explorable_game

    state = explorable_game()
    view = with_fixed_parts(GAME.view(state, None))
    empty = next(a["name"] for a in view["areas"] if a["empty"])
    home = state["seats"][0]["city"]
    image = _png(view, ["a", "b"])
    assert _pixel_at_area(image, view, empty) == TILE_BACK
    assert _pixel_at_area(image, view, home) != TILE_BACK
    assert _map_lines(view, ["a", "b"]) == [
        f"Explorable Map: {sum(a['empty'] for a in view['areas'])} Empty Areas left to explore.",
        f"Tiles: {view['exploring']['stack']} face down in the stack, 0 discarded.",
    ]
    state = GAME.new(2, {"map": "buildable", "homes": "random"}, 5)
    while "building" in state and state["building"]["stage"] == "homes":
        seat = GAME.to_move(state)[0]
        state = GAME.play(state, seat, GAME.legal(state, seat)[0])
    view = with_fixed_parts(GAME.view(state, None))
    empty = next(a["name"] for a in view["areas"] if a["empty"])
    assert _pixel_at_area(_png(view, ["a", "b"]), view, empty) == OPEN_SPACE != LAND
    placer = view["building"]["placer"]
    lines = _map_lines(view, ["a", "b"])
    assert lines[0].startswith("Building the map (buildable)") and f"({view['seats'][placer]}) places" in lines[0]
    assert f"{len(view['building']['empty'])} locations open" in lines[1]


def test_a_players_tiles_are_listed_with_their_sides():
    """While the map is built, the hand text lists the tiles in hand with where
    their mountains face for each turn; while exploring, the two tiles drawn
    and the turns that fit."""
    state = GAME.new(2, {"map": "buildable", "homes": "random"}, 5)
    while state["building"]["stage"] == "homes":  # the tiles are dealt once the Home Cities lie
        seat = GAME.to_move(state)[0]
        state = GAME.play(state, seat, GAME.legal(state, seat)[0])
    seat = GAME.to_move(state)[0]
    view = GAME.view(state, seat)
    text = hand_text(view, ["a", "b"])
    hand = state["building"]["hands"][str(seat)]
    assert hand and all(f"(`{tile}`)" in text for tile in hand)
    assert "turned 0 (as printed): " in text
    other = state["building"]["hands"][str(1 - seat)]
    assert not any(f"(`{tile}`)" in text for tile in other if tile not in hand)
    assert render_view(view, ["a", "b"]).startswith(b"\x89PNG")


def test_exploring_tiles_in_the_hand_text():
    from tests.hellenica.test_maps_explore import explorable_game, land_neighbour, marching

    state = explorable_game()
    home = state["seats"][0]["city"]
    dest = land_neighbour(state, home, island=False)
    state = GAME.play(marching(state, 0, home, dest, ["argos", "thrace"]), 0, "done")
    text = hand_text(GAME.view(state, 0), ["a", "b"])
    assert "The two tiles you drew to explore" in text and "(`argos`)" in text and "(`thrace`)" in text
    assert "Fits here turned" in text
    assert "(`argos`)" not in hand_text(GAME.view(state, 1), ["a", "b"])


def test_the_cached_map_layer_draws_the_same_picture():
    """The hexes and borders are drawn once per map and reused: a picture drawn
    after another map's is the same as the first time."""
    first = GAME.view(GAME.new(2, {"homes": "random"}, 3), None)
    other = GAME.view(GAME.new(3, {"map": "explorable", "homes": "random"}, 4), None)
    once = render_view(first, ["a", "b"])
    render_view(other, ["a", "b", "c"])
    assert render_view(first, ["a", "b"]) == once


# ---------------------------------------------------------------------------
# Issue 16 part 3 and issue 18.2: names apart, the AI Ethos line whole, a legend


def _boxes(placed):
    from render.hellenica_base import _mask

    boxes = []
    for text, size, bold, condensed, _, (x, y) in placed:
        mask = _mask(text, size, bold, condensed)
        boxes.append((text, (x, y, x + mask.width, y + mask.height)))
    return boxes


@pytest.mark.parametrize("board, seed", [("standard", 1), ("random", 2), ("random", 5)])
def test_place_names_never_overlap_and_fit_their_hex(board, seed):
    """Every land, sea and mine name is placed where no other name lies; a
    land name is no wider than its hex, a sea name than a hex and a half."""
    from render.hellenica_legend import SEA_TITLE_ROOM, TITLE_ROOM, _place_names

    state = GAME.new(4, {"homes": "random", "map": board}, seed)
    view = with_fixed_parts(GAME.view(state, None))
    areas = {a["name"]: a for a in view["areas"]}
    boxes = _boxes(_place_names(view, areas))
    named = {a["title"] for a in view["areas"] if not a["empty"]} | {m["name"] for m in view["mines"]}
    assert {text.removesuffix(" ♨") for text, _ in boxes} == named
    for index, (text, box) in enumerate(boxes):
        for other_text, other in boxes[index + 1 :]:
            apart = box[2] <= other[0] or other[2] <= box[0] or box[3] <= other[1] or other[3] <= box[1]
            assert apart, f"{text!r} overlaps {other_text!r}"
    seas = {a["title"] for a in view["areas"] if a["kind"] == "sea"}
    lands = named - seas - {m["name"] for m in view["mines"]}
    assert all(box[2] - box[0] <= TITLE_ROOM for text, box in boxes if text.removesuffix(" ♨") in lands)
    assert all(box[2] - box[0] <= SEA_TITLE_ROOM for text, box in boxes if text in seas)


def test_ai_ethos_line_is_whole():
    """The AI players' shared Ethos cards are all named, never cut with "…"."""
    from render.hellenica import _ai_ethos_lines

    state = GAME.new(7, {"homes": "random", "ai_seats": [1, 2, 3, 4, 5, 6]}, 3)
    while not GAME.view(state, None)["ai"]["ethos"]:
        state = GAME.play(state, 0, GAME.choose(state, 0, "random", state["log_seq"]))
    view = GAME.view(state, None)
    size, lines = _ai_ethos_lines(view)
    text = " ".join(lines)
    assert len(lines) <= 2 and "…" not in text
    assert all(card["title"] in text for card in view["ai"]["ethos"])
    assert f"Ethos deck: {view['ethos_deck']} cards" in text


def test_legend_explains_every_letter_and_fits_under_the_map():
    """Each upgrade and unit letter the map uses is in the legend, whose rows
    stay within the map's width."""
    from render.hellenica_base import UNIT_LETTER, UPGRADE_LETTER, _advance, _map_size
    from render.hellenica_legend import LEGEND, _legend_rows, _legend_symbol_width

    words = " ".join(symbol + " " + meaning for _, entries in LEGEND for _, symbol, meaning in entries)
    assert all(letter in words for letter in UPGRADE_LETTER.values())
    assert all(f"{letter} " in words for letter in UNIT_LETTER.values())
    width = _map_size(GAME.view(GAME.new(4, {}, 1), None))[0]
    for row in _legend_rows(width):
        x, kind, symbol, meaning = row[-1]
        assert x + _legend_symbol_width(kind, symbol) + 4 + _advance(meaning, 12, False) <= width


def test_cached_panels_and_layers_draw_the_same_picture():
    """A picture drawn after others (panels, names and layers from the
    caches) is the picture drawn first."""
    from render.hellenica_panels import _PANELS

    names = [f"player{i}" for i in range(4)]
    first = GAME.view(_midgame(4, 6, 120), None)
    other = GAME.view(_midgame(4, 7, 200), None)
    _PANELS.clear()
    png = render_view(first, names)
    render_view(other, names)
    assert render_view(first, names) == png


@pytest.mark.parametrize("players", range(2, 8))
def test_a_new_tables_pathos_cards_are_whole_on_the_board(players):
    """Every public Pathos card of a new table, as its view words it, fits one
    line of the board's list: a player reads the whole requirement."""
    from engine.core import resolve_options
    from render.hellenica import _pathos_line

    state = GAME.new(players, resolve_options(GAME, {"homes": "random", "pathos": "standard"}), 3)
    for card in GAME.view(state, None)["pathos"]:
        line = f"{card['title']}: {card['text']}"
        assert _pathos_line(line) == (_pathos_line(line)[0], line)


def test_a_pathos_card_too_long_for_its_line_ends_with_an_ellipsis():
    """A card of a table begun with other thresholds may be longer than the
    panel: it is shortened with "…", never cut off by the picture's edge."""
    from render.hellenica import _pathos_line

    size, text = _pathos_line("Destruction: " + "Own the Home Cities of 2 other players " * 3)
    assert size == 11 and text.endswith("…")
