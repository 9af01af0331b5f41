"""The Buildable Map built by the players (rules A to N) and the Random
Buildable Map in a game."""

from __future__ import annotations

import json

import pytest

from engine.core import IllegalAction
from engine.games.hellenica import GAME
from engine.games.hellenica.maps import building
from engine.games.hellenica.maps.placement import empty_locations, has_sea_access, refusal
from engine.games.hellenica.maps.tiles import board, land_tiles, tiles
from engine.games.hellenica.steps import current
from engine.games.hellenica.view_fixed import with_fixed_parts


def buildable(players: int = 3, ai: tuple[int, ...] = (), seed: int = 4) -> dict:
    return GAME.new(players, {"map": "buildable", "homes": "random", "ai_seats": list(ai)}, seed)


def place_homes(state: dict) -> dict:
    while state.get("building", {}).get("stage") == "homes":
        seat = GAME.to_move(state)[0]
        state = GAME.play(state, seat, GAME.legal(state, seat)[0])
    return state


def test_homes_first_in_clockwise_order_from_the_favorite():
    """C: "Starting with the Favorite of the Gods and proceeding clock-wise,
    each player places their Home City ... on its corresponding start
    location, but may be oriented in any direction." An AI player's is turned
    by the Blue die and must reach a Sea Area."""
    state = buildable(3, ai=(2,))
    assert current(state)["kind"] == "mapbuild" and state["building"]["stage"] == "homes"
    order = state["building"]["order"]
    assert order[0] == state["favorite"] or state["favorite"] not in order
    assert sorted(order) == [0, 1, 2]
    seat = GAME.to_move(state)[0]
    home = state["seats"][seat]["city"]
    legal = GAME.legal(state, seat)
    assert legal and all(a.startswith(f"place {home} {board().homes[home]} ") for a in legal)
    with pytest.raises(IllegalAction, match="Home City"):
        GAME.play(state, seat, "place argos d4 0")
    assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state  # stored mid-building, it loads
    state = place_homes(state)
    for s in range(3):
        home = state["seats"][s]["city"]
        tile, turns = state["tiles"][board().homes[home]]
        assert tile == home and has_sea_access(home, board().homes[home], turns)
    assert any("turned" in e["text"] and "(AI)" in e["text"] for e in state["log"])


def test_tiles_are_dealt_to_the_people_only_and_kept_secret():
    """B: "randomly deal all of the remaining Tiles, face-down, to the players"
    — "AI Players do not participate in map building after placing their Home
    Tile.\""""
    state = place_homes(buildable(3, ai=(2,)))
    hands = state["building"]["hands"]
    assert sorted(hands) == ["0", "1"] and sorted(hands["0"] + hands["1"]) == sorted(land_tiles())
    assert abs(len(hands["0"]) - len(hands["1"])) <= 1
    public = GAME.view(state, None)
    assert public["building"]["hands"] == {"0": len(hands["0"]), "1": len(hands["1"])}
    text = str(public)
    assert not any(f"'{t}'" in text for t in hands["0"] + hands["1"] if t not in state["tiles"])
    mine = GAME.view(state, 0)["private"]["tiles"]
    assert sorted(t["name"] for t in mine) == sorted(hands["0"])


def test_olympus_then_delphi_then_the_serpentine():
    """D, E: the holders of Mt. Olympos and Delphi place them first; F: then
    turns serpentine (P1, P2, P2, P1, P1, P2 ...)."""
    state = place_homes(buildable(3, ai=(2,)))
    record = state["building"]
    holder = next(s for s in record["placers"] if "mt-olympus" in record["hands"][str(s)])
    assert record["stage"] == "olympus" and GAME.to_move(state) == [holder]
    assert all(a.startswith("place mt-olympus ") for a in GAME.legal(state, holder))
    state = GAME.play(state, holder, GAME.legal(state, holder)[0])
    record = state["building"]
    holder = next(s for s in record["placers"] if "delphi" in record["hands"][str(s)])
    assert record["stage"] == "delphi" and GAME.to_move(state) == [holder]
    state = GAME.play(state, holder, GAME.legal(state, holder)[0])
    assert state["building"]["stage"] == "tiles"
    first, second = state["building"]["placers"]
    seen = []
    for _ in range(5):
        seat = GAME.to_move(state)[0]
        seen.append(seat)
        state = GAME.play(state, seat, GAME.legal(state, seat)[0])
    assert seen == [first, second, second, first, first]


def test_serpentine_order_for_four_placers():
    """ "4-player example: P1, P2, P3, P4, P4, P3, P2, P1, P1, P2, P3...\""""
    state = {"building": {"stage": "tiles", "placers": [4, 5, 6, 0], "turn": 0}}
    order = []
    for turn in range(11):
        state["building"]["turn"] = turn
        order.append(building.placer(state))
    assert order == [4, 5, 6, 0, 0, 6, 5, 4, 4, 5, 6]


def test_rule_i_no_two_city_tiles_in_a_row():
    """I: "A player may not place a City Tile if that player placed a City Tile
    on their last placement unless the player has no other legal play.\""""
    state = place_homes(buildable(2, seed=9))
    while state["building"]["stage"] != "tiles":
        seat = GAME.to_move(state)[0]
        state = GAME.play(state, seat, GAME.legal(state, seat)[0])
    seat = GAME.to_move(state)[0]
    city = next(a for a in GAME.legal(state, seat) if tiles()[a.split()[1]].is_city)
    state = GAME.play(state, seat, city)
    other = GAME.to_move(state)[0]
    state = GAME.play(state, other, GAME.legal(state, other)[0])
    assert GAME.to_move(state) == [other]  # the serpentine turns back
    state = GAME.play(state, other, GAME.legal(state, other)[0])
    assert GAME.to_move(state) == [seat]
    legal = GAME.legal(state, seat)
    assert legal and not any(tiles()[a.split()[1]].is_city for a in legal)
    city, location, turns = next(
        (t, loc, k)
        for t in building.hand(state, seat)
        if tiles()[t].is_city
        for loc in empty_locations(state["tiles"])
        for k in range(6)
        if refusal(state["tiles"], t, loc, k) is None
    )
    with pytest.raises(IllegalAction, match="Rule I: you placed a City tile last time"):
        GAME.play(state, seat, f"place {city} {location} {turns}")
    # with only City tiles left, a City may follow a City
    state["building"]["hands"][str(seat)] = [t for t in building.hand(state, seat) if tiles()[t].is_city]
    assert GAME.legal(state, seat) and all(tiles()[a.split()[1]].is_city for a in GAME.legal(state, seat))


def test_skips_and_the_end_of_building():
    """L: "If a player does not have a legal play, then that player's turn is
    skipped ... If no players have a legal play then the map building ends."
    M: "any open hexes are considered unique Sea Areas"; N: "All unplaced
    Tiles are returned to the game box.\""""
    state = place_homes(buildable(2, seed=5))
    while state["building"]["stage"] != "tiles":
        seat = GAME.to_move(state)[0]
        state = GAME.play(state, seat, GAME.legal(state, seat)[0])
    first, second = state["building"]["placers"]
    hands = state["building"]["hands"]
    hands[str(first)], hands[str(second)] = [], hands[str(second)][:2]
    state["building"]["turn"] = 0
    building.advance(state)
    assert GAME.to_move(state) == [second]  # the first player, without a legal play, is skipped
    while "building" in state:
        seat = GAME.to_move(state)[0]
        state = GAME.play(state, seat, GAME.legal(state, seat)[0])
    assert state["map"] == "built" and current(state)["kind"] == "patron"
    view = with_fixed_parts(GAME.view(state, None))
    seas = [a for a in view["areas"] if a["kind"] == "sea"]
    open_hexes = empty_locations(state["tiles"])
    assert len(seas) == len(board().seas) + len(open_hexes)
    assert not any(a["empty"] for a in view["areas"])
    assert any("become Sea Areas" in e["text"] for e in state["log"])


def test_solitaire_builds_the_map_at_random():
    """ "When playing solitaire build the map randomly.\""""
    state = GAME.new(4, {"map": "buildable", "homes": "random", "ai_seats": [1, 2, 3]}, 2)
    assert state["building"]["mode"] == "random"
    state = place_homes(state)
    assert "building" not in state and state["map"] == "built"
    assert len(state["tiles"]) > 4
    assert any("at random" in e["text"] for e in state["log"])


def test_a_bad_placement_names_the_rule_and_the_right_turns():
    state = place_homes(buildable(2, seed=5))
    seat = GAME.to_move(state)[0]
    legal = GAME.legal(state, seat)
    tile, location, turns = legal[0].split()[1:]
    wrong = next(
        (
            t
            for t in range(6)
            if f"place {tile} {location} {t}" not in legal
            and building.placement_refusal(state, seat, tile, location, t)
        ),
        None,
    )
    if wrong is not None:
        with pytest.raises(IllegalAction, match=f"It fits on {location} turned"):
            GAME.play(state, seat, f"place {tile} {location} {wrong}")
    with pytest.raises(IllegalAction, match="place <tile> <location> <turns>"):
        GAME.play(state, seat, f"place {tile} {location}")
