"""The Explorable Map: Empty Areas, exploring by drawing two tiles, the
placement rules, failures, Creatures on Empty Areas, the Invocation and
World Event adjustments, and the AI's exploration."""

from __future__ import annotations

import json

import pytest

from engine.core import IllegalAction
from engine.games.hellenica import GAME
from engine.games.hellenica.maps import explore
from engine.games.hellenica.maps.assemble import location_of_empty
from engine.games.hellenica.maps.placement import SEA
from engine.games.hellenica.maps.tiles import board, land_tiles, tiles
from engine.games.hellenica.movement import destinations
from engine.games.hellenica.state import add_units, count_units, map_of
from engine.games.hellenica.steps import current, push
from tests.hellenica.helpers import give_deity, moves, trigger


def explorable_game(players: int = 2, seed: int = 5, ai: tuple[int, ...] = ()) -> dict:
    """An Explorable Map game at its first action, nobody holding a Deity Card."""
    state = GAME.new(players, {"map": "explorable", "homes": "random", "ai_seats": list(ai)}, seed)
    while current(state)["kind"] != "action":
        seat = GAME.to_move(state)[0]
        legal = GAME.legal(state, seat)
        state = GAME.play(state, seat, "zeus" if "zeus" in legal else legal[0])
    for player in state["seats"]:
        player["deities"] = []
    return state


def land_neighbour(state: dict, area: str, *, island: bool | None = None) -> str:
    """An Empty Area next to ``area`` across a clearing."""
    board_map = map_of(state)
    return next(
        n
        for n, kind in sorted(board_map.neighbours(area).items())
        if kind == "c" and board_map.areas[n].empty and (island is None or board_map.areas[n].island == island)
    )


def marching(state: dict, seat: int, origin: str, dest: str, stack: list[str]) -> dict:
    """``seat`` has moved a Hoplite from ``origin`` into the Empty Area
    ``dest`` (not yet ``done``), the tile stack arranged as ``stack`` (then the rest)."""
    state["explore"]["stack"] = stack + [t for t in state["explore"]["stack"] if t not in stack]
    state["stack"] = [f for f in state["stack"] if f["kind"] != "action"]
    push(state, "action", seat=seat)["entered"] = True
    push(
        state, "move", seat=seat, area=origin, assaults={}, carried={}, fought=[], moved_any=False, window_opened=True
    )["entered"] = True
    add_units(state, origin, seat, "hoplite", 1)
    return GAME.play(state, seat, f"move 1 hoplite {dest}")


def march(state: dict, seat: int, origin: str, dest: str, stack: list[str]) -> dict:
    """The same movement, ended: the exploration begins."""
    return GAME.play(marching(state, seat, origin, dest, stack), seat, "done")


def test_set_up_lays_the_homes_and_stacks_the_rest():
    """ "Each player takes their home city tile ... Shuffle the remaining tiles
    and place them in a face down pile"; every other location is an Empty
    Area: "considered land Areas for all purposes ... The edges of all Empty
    Areas are clearings. Empty island Areas are still considered islands.\""""
    state = explorable_game()
    homes = [p["city"] for p in state["seats"]]
    assert sorted(t for t, _ in state["tiles"].values()) == sorted(homes)
    assert sorted(state["explore"]["stack"]) == sorted(land_tiles()) and state["explore"]["discard"] == []
    board_map = map_of(state)
    empty = [a for a in board_map.areas.values() if a.empty]
    assert len(empty) == len(board().locations) - len(homes)
    assert all(a.is_land and not a.is_city for a in empty)
    assert any(a.island for a in empty)
    for area in empty:
        for neighbour, kind in board_map.neighbours(area.name).items():
            if not board_map.areas[neighbour].is_land or board_map.areas[neighbour].empty:
                assert kind == "c"
    view = GAME.view(state, None)
    assert view["exploring"] == {"stack": len(land_tiles()), "discard": 0}
    assert state["explore"]["stack"][0] not in str(view)


def test_exploring_draws_two_and_places_one():
    """ "the player selects 2 Tiles from the top of the stack and secretly looks
    at them. The player places one of the Tiles on the Empty Area and places
    the other face down on the bottom of the Tile stack".  The World Event card
    follows the exploration."""
    state = explorable_game()
    home = state["seats"][0]["city"]
    dest = land_neighbour(state, home, island=False)
    state = march(state, 0, home, dest, ["argos", "thrace"])
    frame = current(state)
    assert frame["kind"] == "explore" and GAME.to_move(state) == [0]
    assert state["stack"][-2]["kind"] == "event"
    assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state
    assert sorted(t["name"] for t in GAME.view(state, 0)["private"]["exploring"]) == ["argos", "thrace"]
    assert "exploring" not in GAME.view(state, 1)["private"]
    assert "thrace" not in str(GAME.view(state, None)["exploring"])
    legal = moves(state, 0)
    assert legal and all(a.split()[1] in ("argos", "thrace") for a in legal)
    with pytest.raises(IllegalAction, match="You drew"):
        GAME.play(state, 0, "place sparta 0")
    choice = next(a for a in legal if a.split()[1] == "argos")
    after = GAME.play(state, 0, choice)
    location = location_of_empty(dest)
    assert after["tiles"][location][0] == "argos"
    assert "argos" in map_of(after).areas and dest not in map_of(after).areas
    assert count_units(after, "argos", 0) >= 1 and "argos" in after["cities"]
    assert after["explore"]["stack"][-1] == "thrace" and len(after["explore"]["stack"]) == len(land_tiles()) - 1
    assert any("explores" in e["text"] and "Argos" in e["text"] for e in after["log"])


def test_neither_tile_legal_draws_two_more():
    """ "If neither Tile is legal to place, discard them both face down next to
    the Tile stack and select 2 more Tiles ... Once a Tile is placed, place the
    Tile stack on top of the discard stack to form a single new Tile stack.\""""
    state = explorable_game()
    home = state["seats"][0]["city"]
    dest = land_neighbour(state, home, island=False)
    state["creatures"]["sphinx"] = dest  # only a City tile may be placed there
    lands = _two_lands()
    state = march(state, 0, home, dest, lands + ["argos", "pella"])
    frame = current(state)
    assert sorted(frame["drawn"]) == ["argos", "pella"]
    assert state["explore"]["discard"] == lands
    after = GAME.play(state, 0, next(a for a in moves(state, 0) if a.split()[1] == "argos"))
    assert after["explore"]["stack"][-3:] == ["pella"] + lands and after["explore"]["discard"] == []


def _two_lands() -> list[str]:
    """Two tiles without Settlements (not Mt. Olympus)."""
    return sorted(t for t in land_tiles() if not tiles()[t].is_city and t != "mt-olympus")[:2]


def test_entering_from_the_sea_needs_a_clearing_on_that_side():
    """ "the side through which unit(s) entered must be a clearing.\""""
    state = explorable_game()
    board_map = map_of(state)
    pairs = [
        (a, n)
        for a, area in sorted(board_map.areas.items())
        if area.empty
        for n in board_map.neighbours(a)
        if board_map.areas[n].is_sea
    ]
    dest, sea, facing = next(
        (a, n, f)
        for a, n in pairs
        if len(
            f := [d for d, _, name in board().neighbours(location_of_empty(a)) if name == explore.board_node(state, n)]
        )
        == 1
    )
    frame = {"explore": {}}
    explore.note_entry(state, frame, dest, [sea])
    node = explore.board_node(state, sea)
    assert frame["explore"] == {dest: [node]}
    hero = {"explore": {}, "area": sea}  # a Hero stepping ashore from the sea it stood on
    explore.note_entry(state, hero, dest, [])
    assert hero["explore"] == {dest: [node]}
    frame = {"area": dest, "entries": {dest: [node]}, "city_only": False}
    side = facing[0]
    tile, turns = next(
        (t, k)
        for t in sorted(land_tiles())
        for k in range(6)
        if tiles()[t].sides[(side + k) % 6] == "m"
        and explore.tile_refusal({**state, "explore": {}}, {**frame, "entries": {}}, t, k) is None
    )
    reason = explore.tile_refusal(state, frame, tile, turns)
    assert reason is not None and "entered from" in reason
    assert explore.tile_refusal(state, {**frame, "entries": {}}, tile, turns) is None


def test_no_legal_tile_makes_a_sea_and_sends_the_units_home():
    """ "If the player goes through the entire stack of Tiles without finding a
    legal placement, then the Empty Area is considered a unique Sea Area ...
    Place the Ambracian Sea or Icarian Sea Tile on the new Sea Area. Return the
    occupying Land Units to their original pre-movement Area and use the
    discard stack as the new Tile stack.\""""
    state = explorable_game()
    home = state["seats"][0]["city"]
    dest = land_neighbour(state, home)
    state["explore"]["stack"] = []
    before = count_units(state, home, 0)
    state = march(state, 0, home, dest, [])
    location = location_of_empty(dest)
    assert state["tiles"][location] == [SEA, 0]
    sea = next(a for a in map_of(state).areas.values() if a.hexes == (board().locations[location],))
    assert sea.is_sea and sea.name in ("ambracian-sea", "icarian-sea")
    assert count_units(state, home, 0) == before + 1  # the marching Hoplite came back
    assert dest not in map_of(state).areas
    assert current(state)["kind"] != "explore"


def test_triremes_do_not_explore():
    """ "Triremes are not allowed to explore Empty Areas.\""""
    state = explorable_game()
    board_map = map_of(state)
    sea, empty = next(
        (s, a)
        for a, area in board_map.areas.items()
        if area.empty
        for s, kind in board_map.neighbours(a).items()
        if board_map.areas[s].is_sea and kind == "c"
    )
    add_units(state, sea, 0, "trireme", 1)
    assert empty not in destinations(state, 0, sea, "trireme", 1, {})
    add_units(state, sea, 0, "hero", 1)
    assert empty in destinations(state, 0, sea, "hero", 1, {})


def test_a_creature_on_an_empty_area_decides_the_kind_of_tile():
    """ "If a player explores an empty area containing a Mythological Creature,
    the placed Tile must match the type of area that the Mythological Creature
    inhabits. For example, the Sphinx must be placed on a City.\""""
    state = explorable_game()
    home = state["seats"][0]["city"]
    dest = land_neighbour(state, home, island=False)
    from engine.games.hellenica.creatures import placement_areas

    assert dest in placement_areas(state, "sphinx") and dest in placement_areas(state, "hydra")
    assert dest not in placement_areas(state, "cetus")
    state["creatures"]["sphinx"] = dest
    land = _two_lands()[0]
    state = march(state, 0, home, dest, [land, "argos"])
    assert {a.split()[1] for a in moves(state, 0)} == {"argos"}
    after = GAME.play(state, 0, moves(state, 0)[0])
    assert after["creatures"]["sphinx"] == "argos"


def test_eruption_without_a_volcano_is_ignored():
    """ "If the Eruption event card is triggered and no Volcanoes have been
    revealed, then ignore the card completely and draw another.\""""
    state = explorable_game()
    assert not any(a.volcano for a in map_of(state).areas.values())
    state = trigger(state, 0, "eruption", "phoenician-traders")
    texts = [e["text"] for e in state["log"]]
    assert any("no Volcano has been revealed" in t for t in texts)
    assert any(t.startswith("World Event: Phoenician Traders") for t in texts)
    assert "eruption" in state["events"]["discard"]


def test_alliance_on_an_empty_area_explores_for_a_city():
    """ "Hermes invocation, Alliance, may be cast on an Empty Area. In effect,
    this generates a free exploration where the only legal placement is a
    City. If neither of the 2 Tiles ... are a City, they discard them and
    select 2 more tiles until a City is picked.\""""
    state = explorable_game()
    home = state["seats"][0]["city"]
    dest = land_neighbour(state, home, island=False)
    give_deity(state, 0, "hermes", 3)
    state["seats"][0]["favor"] = 5
    state["explore"]["stack"] = (
        _two_lands()
        + ["argos", "thrace"]
        + [t for t in state["explore"]["stack"] if t not in _two_lands() + ["argos", "thrace"]]
    )
    assert f"invoke alliance {dest}" in GAME.legal(state, 0)
    state = GAME.play(state, 0, f"invoke alliance {dest}")
    while current(state)["kind"] != "explore":
        seat = GAME.to_move(state)[0]
        state = GAME.play(state, seat, "pass")
    assert moves(state, 0) and all(a.split()[1] == "argos" for a in moves(state, 0))
    state = GAME.play(state, 0, moves(state, 0)[0])
    assert state["cities"]["argos"]["owner"] == 0


def test_the_ai_places_the_best_tile_turned_from_the_top():
    """ "The AI will always place a Tile that is listed on a Pathos objective
    card ... the Tile with the most Settlements/Free Temples on it that can be
    legally placed ... Place the Tile with the name of the Tile at the top. If
    ... not legal ... rotate it clock-wise until it is legal to play.\""""
    state = explorable_game()
    home = state["seats"][0]["city"]
    dest = land_neighbour(state, home, island=False)
    frame = {
        "area": dest,
        "entries": {dest: []},
        "city_only": False,
        "pending": [dest],
        "drawn": ["chalcidice", "pella"],
    }
    action = explore.ai_choice(state, frame)
    assert action.split()[1] == "pella"  # 2 Settlements against 1
    first = next(k for k in range(6) if explore.tile_refusal(state, frame, "pella", k) is None)
    assert action == f"place pella {first}"
    state["pathos"] = ["commune", "empire", "sea-power"]
    frame["drawn"] = ["pella", "delphi"]
    if any(explore.tile_refusal(state, frame, "delphi", k) is None for k in range(6)):
        assert explore.ai_choice(state, frame).split()[1] == "delphi"  # Commune names Delphi


def test_ai_units_explore_in_an_ai_game():
    """AI players move onto Empty Areas and explore them as the rules say."""
    state = GAME.new(4, {"map": "explorable", "ai_seats": [0, 1, 2, 3], "homes": "random"}, 8)
    assert GAME.outcome(state) is not None
    homes = {p["city"] for p in state["seats"]}
    assert [t for t, _ in state["tiles"].values() if t != SEA and t not in homes]


def test_drawing_tiles_cannot_be_taken_back_freely():
    """Looking at the top tiles of the stack shows hidden information: the
    move that drew them is a reveal (an undo needs consent)."""
    state = explorable_game()
    home = state["seats"][0]["city"]
    dest = land_neighbour(state, home, island=False)
    before = marching(state, 0, home, dest, ["argos", "thrace"])
    after = GAME.play(before, 0, "done")
    assert current(after)["kind"] == "explore" and GAME.reveals(before, 0, "done", after)


def test_a_defender_withdrawing_into_an_empty_area_explores_it():
    """Units that enter an Empty Area by any means explore it: "Once a player
    has moved all of their units, Empty Areas containing land units are
    explored" — a withdrawal is the defender's move, so the defender explores
    at once, before the attacker's movement goes on."""
    from engine.games.hellenica.combat import CombatStep

    state = explorable_game()
    home = state["seats"][1]["city"]
    dest = land_neighbour(state, home)
    state["units"][home] = []
    add_units(state, home, 1, "hoplite", 2)
    add_units(state, home, 0, "hoplite", 3)
    origin = state["seats"][0]["city"]
    state["stack"] = [f for f in state["stack"] if f["kind"] != "action"]
    push(state, "action", seat=0)["entered"] = True
    push(
        state, "move", seat=0, area=origin, assaults={}, carried={}, fought=[home], moved_any=True, window_opened=True
    )["entered"] = True
    frame = push(state, "combat", attacker=0, area=home, origin=origin)
    frame["entered"] = True
    combat = CombatStep()
    combat.prepare(state, frame)
    frame["round"] = 1
    combat.resolve(state, frame, {0: {"green": [6]}, 1: {"green": [1]}})
    state = GAME.play(state, 0, "fight")
    assert f"withdraw {dest}" in GAME.legal(state, 1)
    state = GAME.play(state, 1, f"withdraw {dest}")
    top = current(state)
    assert top["kind"] == "explore" and top["seat"] == 1 and GAME.to_move(state) == [1]
    assert GAME.view(state, 1)["private"]["exploring"] and "exploring" not in GAME.view(state, 0)["private"]
    state = GAME.play(state, 1, moves(state, 1)[0])
    assert dest not in map_of(state).areas  # the tile lies there now, with Orange's Hoplite on it
    placed = next(a for a, stacks in state["units"].items() if any(s["owner"] == 1 for s in stacks))
    assert map_of(state).areas[placed].is_land and not map_of(state).areas[placed].empty
    assert current(state)["kind"] == "move" and GAME.to_move(state) == [0]


def test_triremes_never_withdraw_into_an_empty_area():
    """ "Triremes are not allowed to explore Empty Areas", not even in retreat."""
    from engine.games.hellenica.combat import retreats

    state = explorable_game()
    board_map = map_of(state)
    sea = next(
        a
        for a, area in board_map.areas.items()
        if area.is_sea and any(board_map.areas[n].empty for n in board_map.neighbours(a))
    )
    add_units(state, sea, 1, "trireme", 1)
    frame = {"area": sea, "defender": 1, "attacker": 0}
    assert not any(board_map.areas[a].empty for a in retreats(state, frame))
