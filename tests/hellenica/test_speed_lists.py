"""The speed work on Hellenica's legal lists keeps every answer: what a
listing works out once (a map's coastal cities, a seat's Government
Marker) or without its words (whether an Advancement may be researched)
equals the plain check, on the positions of seeded random games."""

from __future__ import annotations

import pytest

from engine.games.hellenica import GAME
from engine.games.hellenica import advancements as adv
from engine.games.hellenica.board import CLEARING, get_map, preset
from engine.games.hellenica.build import _marker, government_commands, government_refusal
from engine.games.hellenica.components import ADVANCEMENTS, GOVERNMENTS
from engine.games.hellenica.movement import movable, movable_areas
from tests.random_play import random_positions


@pytest.fixture(scope="module")
def states() -> list[dict]:
    games = [random_positions(GAME, 3, 11, 600), random_positions(GAME, 4, 12, 300, {"map": "random"})]
    return [state for positions in games for state, _, _ in positions][::3]


def test_a_coastal_city_has_a_clearing_facing_a_sea_on_every_map(states):
    """Docks "may only be placed on a Settlement or Mine where the City has a
    clearing facing an adjacent Sea Area": the map's answer, worked out once,
    is that border test for every area."""
    boards = {id(b): b for b in [preset("classic"), *(get_map(s) for s in states)]}.values()
    coastal = 0
    for board in boards:
        for area, borders in board.borders.items():
            facing = any(board.areas[b].is_sea and kind == CLEARING for b, kind in borders.items())
            assert board.coastal(area) == facing
            coastal += facing
        with pytest.raises(KeyError):
            board.coastal("atlantis")
    assert coastal


def test_researchable_is_what_research_refusal_allows(states):
    allowed = 0
    for state in states:
        for seat in range(state["players"]):
            plain = [name for name in ADVANCEMENTS if adv.research_refusal(state, seat, name) is None]
            assert adv.researchable(state, seat) == plain
            rich = {**state, "seats": list(state["seats"])}  # enough Philosophers for every level
            rich["seats"][seat] = {**state["seats"][seat], "philosophers": 9}
            plain = [name for name in ADVANCEMENTS if adv.research_refusal(rich, seat, name) is None]
            assert adv.researchable(rich, seat) == plain
            allowed += len(plain)
    assert allowed


def test_government_listing_reads_the_marker_once_and_says_the_same(states):
    listed = 0
    for state in states:
        for seat in range(state["players"]):
            marker = _marker(state, seat)
            for city in list(state["cities"])[:6]:
                for kind in GOVERNMENTS:
                    plain = government_refusal(state, seat, kind, city)
                    assert government_refusal(state, seat, kind, city, (marker,)) == plain
            commands = government_commands(state, seat)
            assert all(government_refusal(state, seat, *c.split()[2:]) is None for c in commands)
            listed += len(commands)
    assert listed


def test_supply_offers_every_area_with_units_that_may_move(states):
    offered = 0
    for state in states:
        for seat in range(state["players"]):
            areas = movable_areas(state, seat)
            assert areas == [area for area in get_map(state).areas if movable(state, seat, area)]
            offered += len(areas)
    assert offered


def test_build_listing_offers_exactly_what_the_refusals_allow(states):
    """The upgrades a listing offers on each site, read once per city, are
    those ``upgrade_refusal`` lets through (one per city, coastal, not on
    mines, not the same upgrade again, only a Temple on the Free Temple)."""
    from engine.games.hellenica.build import upgrade_commands, upgrade_refusal
    from engine.games.hellenica.components import UPGRADES
    from engine.games.hellenica.state import owned_cities

    offered = 0
    for state in states:
        for seat in range(state["players"]):
            listed = upgrade_commands(state, seat)
            places = set()
            for city in owned_cities(state, seat):
                record = state["cities"][city]
                places |= {(city, None)} | {(city, p["type"]) for p in record["slots"] if p is not None}
                places |= {(mine, None) for mine in get_map(state).mines_of(city)}
                places |= {("oracle", None)} if "oracle" in record else set()
            for kind in UPGRADES:
                for place, over in places:
                    words = f"build {kind} {place}" + (f" over {over}" if over else "")
                    if upgrade_refusal(state, seat, kind, place, over) is None:
                        assert words in listed
            assert all(upgrade_refusal(state, seat, *_build_words(c)) is None for c in listed)
            offered += len(listed)
    assert offered


def _build_words(command: str) -> tuple[str, str, str | None]:
    words = command.split()
    return words[1], words[2], words[4] if len(words) > 4 else None
