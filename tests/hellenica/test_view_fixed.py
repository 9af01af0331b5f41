"""The public view leaves out what only the map and the components decide,
and ``with_fixed_parts`` puts exactly that back for the pictures, from the
map the view names (a built or explored map by its layout)."""

from __future__ import annotations

import orjson
import pytest

from engine.games.hellenica import GAME
from engine.games.hellenica.components import ADVANCEMENTS, CREATURES, DEITIES, EVENTS, INVOCATIONS
from engine.games.hellenica.state import map_of
from engine.games.hellenica.view_fixed import (
    AREA_FIXED,
    area_fixed,
    empty_area,
    empty_record,
    view_map,
    with_fixed_parts,
)
from tests.random_play import random_positions


def _positions(players: int, options: dict, seed: int, moves: int) -> list[dict]:
    """Every 7th state of a seeded random game (maps built and explored as it goes)."""
    return [state for state, _, _ in random_positions(GAME, players, seed, moves, options)][::7]


BOARDS = [
    (3, {}),
    (3, {"map": "buildable", "homes": "random"}),
    (4, {"map": "explorable", "homes": "random"}),
    (4, {"map": "random", "homes": "random"}),
]


@pytest.mark.parametrize("players, options", BOARDS)
def test_the_view_names_its_map_and_the_fixed_parts_come_back_from_it(players, options):
    for state in _positions(players, options, 3, 250):
        view = GAME.view(state, None)
        board = map_of(state)
        assert view_map(view) is board
        assert not any(key in area for area in view["areas"] for key in AREA_FIXED)
        assert view["deities"] == with_fixed_parts(view)["deities"]  # every deity named: a dealt one never alone
        before = orjson.dumps(view)
        full = with_fixed_parts(view)
        assert orjson.dumps(view) == before  # the view itself is not changed
        assert [a["name"] for a in full["areas"]] == list(board.areas)
        for area in full["areas"]:
            assert {key: area[key] for key in AREA_FIXED} == area_fixed(board.areas[area["name"]])
        assert full["mines"] == [
            {"name": m.name, "title": m.title, "area": m.area, "city": m.city, "upgrade": shown["upgrade"]}
            for m, shown in zip(board.mines.values(), view["mines"], strict=True)
        ]
        assert full["deities"] == {name: {"title": d.title, "colour": list(d.colour)} for name, d in DEITIES.items()}
        for shown, player, info in zip(full["players_info"], state["seats"], view["players_info"], strict=True):
            assert "advancement_titles" not in info and all(set(c) == {"name"} for c in info["won"])
            assert shown["advancement_titles"] == [ADVANCEMENTS[a].title for a in player["advancements"]]
            assert shown["won"] == [{"name": c, "title": EVENTS[c].title} for c in player["won"]]
            for card in shown["deity_cards"]:
                assert card["title"] == DEITIES[card["deity"]].title
                for inv in card["invocations"]:
                    fixed = INVOCATIONS[inv["name"]]
                    assert (inv["title"], inv["level"], inv["phase"], inv["text"]) == (
                        fixed.title,
                        fixed.level,
                        fixed.phase,
                        fixed.text,
                    )
        assert full["creatures"] == [
            {
                **c,
                "title": CREATURES[c["name"]].title,
                "letter": CREATURES[c["name"]].letter,
                "text": CREATURES[c["name"]].text,
            }
            for c in view["creatures"]
        ]


def test_a_view_stored_with_its_fixed_parts_is_drawn_as_it_was():
    """A notice written before the views left the fixed parts out holds them
    already: putting them back changes nothing (pending posts still draw)."""
    state = _positions(3, {}, 4, 60)[-1]
    full = with_fixed_parts(GAME.view(state, None))
    assert with_fixed_parts(full) == full


@pytest.mark.parametrize("players, options", BOARDS)
def test_the_view_lists_the_areas_with_something_in_them_and_the_rest_come_back_empty(players, options):
    listed_in_all = 0
    for state in _positions(players, options, 5, 250):
        view = GAME.view(state, None)
        board = map_of(state)
        listed = {area["name"] for area in view["areas"]}
        homes = {player["city"] for player in state["seats"]}
        listed_in_all += len(listed) < len(board.areas)
        for area in with_fixed_parts(view)["areas"]:
            name = area["name"]
            if name in listed:
                continue
            assert {key: value for key, value in area.items() if key not in AREA_FIXED} == empty_area(
                name, board.areas[name]
            )
            record = state["cities"].get(name)
            assert not state["units"].get(name) and name not in state["impassable"] and name not in homes
            assert record is None or (record["owner"] is None and not any(record["slots"]))
    assert listed_in_all  # most areas are empty, and left out


@pytest.mark.parametrize("players, options", BOARDS)
def test_an_empty_city_is_the_record_a_new_map_makes(players, options):
    """The view leaves out a city whose record equals ``empty_record``: the
    record the set-up (``setup._new_city``) makes for every city of a map."""
    from engine.games.hellenica.setup import _new_city

    for state in _positions(players, options, 7, 60):
        board = map_of(state)
        for area in board.areas.values():
            if area.is_city:
                assert empty_record(area) == _new_city(area)
