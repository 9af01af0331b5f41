"""Property tests over many seeds: every built, random and explored map obeys
the placement rules and holds together (every Area reachable)."""

from __future__ import annotations

import json
import random
from collections import deque

import pytest

from engine.core import Rng
from engine.games.hellenica import GAME
from engine.games.hellenica.board import CLEARING
from engine.games.hellenica.maps.assemble import BUILT, EXPLORABLE, built_map
from engine.games.hellenica.maps.placement import SEA, all_reachable, has_sea_access, is_tile, placed_sides
from engine.games.hellenica.maps.random_map import build_random_map, required_tiles
from engine.games.hellenica.maps.tiles import board, tiles

HOMES = sorted(board().homes)


def assert_legal(layout: dict, kind: str = BUILT) -> None:
    """Rules C, G, H, J, K and a connected map."""
    plan = board()
    every = tiles()
    placed = [t for t, _ in layout.values() if t != SEA]
    assert len(placed) == len(set(placed)), "a tile placed twice"
    for loc, (tile, turns) in layout.items():
        if tile == SEA:
            continue
        piece = every[tile]
        if piece.is_home:
            assert plan.homes[tile] == loc and has_sea_access(tile, loc, turns), f"C: {tile}"
        if loc in plan.islands:
            assert piece.is_city or tile == "mt-olympus", f"K: {tile} on island {loc}"
        for direction, what, name in plan.neighbours(loc):
            if what == "location" and is_tile(layout, name):
                assert placed_sides(layout, loc)[direction] == placed_sides(layout, name)[(direction + 3) % 6], (
                    f"G: {tile} on {loc} against {name}"
                )
                assert not (piece.volcano and every[layout[name][0]].volcano), f"J: {tile} next to {name}"
    assert all_reachable(layout), "H"
    board_map = built_map(layout, kind)
    start = next(iter(board_map.areas))
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there, border in board_map.neighbours(here).items():
            if border == CLEARING and there not in seen:
                seen.add(there)
                queue.append(there)
    assert seen == set(board_map.areas), f"cut off: {sorted(set(board_map.areas) - seen)}"
    for loc, (tile, _) in layout.items():
        if tile != SEA:
            assert any(board_map.neighbours(tile).get(n) == CLEARING for n in board_map.neighbours(tile)), (
                f"{tile} has no clearing facing a tile or sea"
            )


@pytest.mark.parametrize("seed", range(40))
def test_random_maps_are_legal_and_connected(seed):
    """The Solitaire/Random Buildable Map, for any set of home cities."""
    chance = random.Random(seed)
    homes = chance.sample(HOMES, chance.randint(2, 7))
    pathos = chance.choice(
        [
            ["destruction", "empire", "sea-power"],
            ["ascendancy", "commune", "empire"],
            ["commune", "colonies", "hegemony"],
        ]
    )
    layout = build_random_map(Rng(seed), homes, pathos)
    assert_legal(layout)
    for tile in required_tiles(pathos):
        assert tile in {t for t, _ in layout.values()}, f"{tile} must be in play for {pathos}"
    built = built_map(layout)
    assert all(built.coastal(home) for home in homes)


def test_mines_keep_their_city_as_the_map_grows():
    """A mine joins a city once and keeps it: the map of every earlier stage
    of a layout agrees with the finished one about each mine it has."""
    for seed in range(8):
        layout = build_random_map(Rng(seed), HOMES, ["destruction", "empire", "sea-power"])
        items = list(layout.items())
        final = built_map(layout).mines
        for size in range(1, len(items), 3):
            partial = built_map(dict(items[:size]), EXPLORABLE).mines
            assert all(final[name].city == mine.city for name, mine in partial.items())


@pytest.mark.parametrize("seed, players", [(1, 2), (2, 3), (3, 4)])
def test_player_built_maps_are_legal_and_connected(seed, players):
    """The Buildable Map with players placing at random: legal at every step."""
    state = GAME.new(players, {"map": "buildable", "homes": "random"}, seed)
    chance = random.Random(seed)
    steps = 0
    while "building" in state:
        seat = GAME.to_move(state)[0]
        legal = [a for a in GAME.legal(state, seat) if a.startswith("place ")]
        state = GAME.play(state, seat, chance.choice(legal))
        assert all_reachable(state["tiles"])
        steps += 1
        if steps % 6 == 0:  # a game stored mid-building loads back as it was
            assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state
    assert_legal(state["tiles"])
    assert state["map"] == BUILT


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_explored_maps_stay_legal_and_connected(seed):
    """AI-only Explorable Map games: the map left at the end (Empty Areas
    included) obeys every placement rule and holds together."""
    state = GAME.new(5, {"map": "explorable", "homes": "random", "ai_seats": [0, 1, 2, 3, 4]}, seed)
    assert GAME.outcome(state) is not None
    assert_legal(state["tiles"], EXPLORABLE)
