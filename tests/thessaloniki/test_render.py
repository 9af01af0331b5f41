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


def test_no_board_text_is_cut_short(monkeypatch):
    """Issue 16: the board's texts read whole — chariot rewards, cards,
    ships, alcoves, family abilities, recent events — never cut with "…"
    (player names are shortened elsewhere, by ``fit_name``)."""
    import render.thessaloniki as picture

    cut = []
    original = picture._wrapped_lines.__wrapped__

    def watched(text, size, width, max_lines):
        lines = original(text, size, width, max_lines)
        if lines and lines[-1].endswith("…") and not text.endswith("…"):
            cut.append(text)
        return lines

    monkeypatch.setattr(picture, "_wrapped_lines", watched)
    picture._static_layer.cache_clear()
    try:
        for players, actions in ((2, 5000), (3, 120), (4, 200), (4, 0)):  # (4, 0): the family draft
            state = advanced(players, players + 10, actions)
            picture.render(GAME.view(state, None), ["alice", "bob", "carol", "dave"][:players])
    finally:
        picture._static_layer.cache_clear()
    assert not cut


def test_every_chariot_label_and_card_fits_its_space():
    """Every chariot reward, contract, ship benefit and family ability in the
    data fits the lines the picture gives it, so no game position can cut one."""
    import render.thessaloniki as picture
    from engine.games.thessaloniki.state import comp
    from engine.games.thessaloniki.text import ability_text, contract_text, effects_label, effects_text, family_card
    from render.common import font, wrap

    c = comp()
    cell = int(picture._chariot_cell(len(c.chariot_spaces)) - 12)
    for space in c.chariot_spaces:
        assert len(wrap(effects_label(space), font(11), cell)) <= picture.CHARIOT_LINES, space
    for cid in c.contracts:
        assert len(wrap(contract_text(cid), font(12), 214)) <= 3, cid
    for sid, ship in c.ships.items():
        assert len(wrap("Benefit: " + effects_text(ship.benefit), font(12), picture.SHIP_WIDTH - 16)) <= 2, sid
    for fid, family in c.families.items():
        assert len(wrap(f"{family.name}: {ability_text(family.ability)}", font(11), 300)) <= 3, fid
        # The draft shows five cards side by side at four players.
        draft_width = int((picture.LEFT_WIDTH - 20 - 6 * 4) / 5 - 16)
        assert len(wrap(ability_text(family.ability), font(11), draft_width)) <= picture.FAMILY_TEXT_LINES, fid
        assert len(wrap(picture._family_gifts(family_card(fid)), font(11), draft_width)) <= 2, fid
