"""The ``medium`` bot (engine/games/hellenica/planner.py): it plans with the
rules' own ``play``, only ever chooses a legal action, never sees the game's
dice, and knows the rules it values. Strength is measured by
``bench/hellenica_match.py`` (a script, not a test)."""

from __future__ import annotations

import time

import pytest

from engine.core import Rng
from engine.games.hellenica import GAME, bot_reach, planner
from engine.games.hellenica.objectives import completed
from engine.games.hellenica.state import owned_cities
from engine.games.hellenica.steps import current


def _until(state: dict, seat: int, kind: str, seed: int = 0, limit: int = 400) -> dict:
    """Play random-bot moves until ``seat`` must decide in a frame of ``kind``."""
    for step in range(limit):
        frame = current(state)
        movers = GAME.to_move(state)
        if frame is not None and frame["kind"] == kind and seat in movers:
            return state
        state = GAME.play(state, movers[0], GAME.choose(state, movers[0], "random", seed + step))
    raise AssertionError(f"no {kind} decision for seat {seat} in {limit} moves")


def test_medium_is_a_level_of_the_game():
    assert "medium" in GAME.bot_levels


def test_medium_plays_a_four_player_game_to_the_end_with_legal_actions_only():
    """A whole game, one medium seat among three random ones: every choice is
    one of ``legal()``, each in well under the table's 2 s, and the game ends
    when "the first Player to satisfy any three objectives at the end of a game
    turn wins the game"."""
    state = GAME.new(4, {"homes": "random"}, 11)
    slowest = 0.0
    for step in range(6000):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_move(state)[0]
        level = "medium" if seat == 2 else "random"
        started = time.process_time()
        action = GAME.choose(state, seat, level, step)
        if level == "medium":
            slowest = max(slowest, time.process_time() - started)
        assert action in GAME.legal(state, seat)
        state = GAME.play(state, seat, action)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert all(len(completed(state, seat)) >= 3 for seat in outcome.winners)
    assert slowest < 2.0


def test_same_seed_same_choice():
    state = _until(GAME.new(3, {"homes": "random"}, 4), 1, "action")
    assert GAME.choose(state, 1, "medium", 7) == GAME.choose(state, 1, "medium", 7)


def test_the_plan_never_sees_the_games_dice():
    """The plans roll their own dice: the choice is the same whatever the
    game's generator holds (the dice and cards still to come are secret)."""
    state = _until(GAME.new(2, {"homes": "random"}, 3), 0, "action", seed=5)
    for _ in range(3):  # a few decisions into the game
        state = GAME.play(state, 0, GAME.choose(state, 0, "medium", 1))
        state = _until(state, 0, "action", seed=9)
    other = dict(state, rng=Rng(987654321).to_json())
    assert GAME.choose(state, 0, "medium", 3) == GAME.choose(other, 0, "medium", 3)


def test_choose_does_not_change_the_state():
    state = _until(GAME.new(3, {"homes": "random"}, 6), 0, "action")
    before = GAME.dump(state)
    GAME.choose(state, 0, "medium", 2)
    assert GAME.dump(state) == before


def test_a_city_held_alone_counts_before_upkeep():
    """ "Players who solely occupy neutral City Areas, or City Areas owned by
    other players, conquer those cities" at Upkeep: the planner counts the
    city as taken as soon as the units stand there alone, so a march is worth
    its conquest."""
    state = GAME.new(2, {"homes": "random"}, 1)
    target = next(
        city for city, record in state["cities"].items() if record["owner"] is None and city not in state["impassable"]
    )
    before = planner.value(state, 0)
    state["units"][target] = [{"owner": 0, "kind": "hoplite", "elite": False, "used": 1, "moved": True, "n": 1}]
    assert target not in owned_cities(state, 0)
    assert target in owned_cities(planner.projected(state), 0)
    assert planner.value(state, 0) > before


def test_unspent_cubes_count_only_this_turn():
    """ "When a player passes, all remaining Action Cubes in the action area are
    discarded": a cube left is worth something this turn; the next turn's
    fresh cubes are not a gain of the plan."""
    state = _until(GAME.new(2, {"homes": "random"}, 2), 0, "action")
    passed = GAME.play(state, 0, "pass")
    assert planner.value(state, 0) > planner.value(passed, 0)
    assert planner.value(state, 0, turn=state["turn"] - 1) < planner.value(state, 0)


@pytest.mark.parametrize(
    "hand, kept",
    [
        (["wisdom", "prosperity", "legion", "scholarship"], {"prosperity", "scholarship"}),
        (["production", "fortitude", "wisdom", "piety"], {"fortitude", "piety"}),
    ],
)
def test_ethos_cards_kept_are_the_quickest_to_complete(hand, kept):
    """Each player "selects two different cards" of the four dealt: the
    medium bot keeps the pair that needs the fewest actions (upgrades it can
    build at home before eight Advancements, twelve units or three mines)."""
    state = _until(GAME.new(2, {"homes": "random"}, 1), 0, "ethos")
    state["seats"][0]["ethos_hand"] = hand
    legal = [a for a in GAME.legal(state, 0) if a.startswith("keep")]
    choice = planner.choose_ethos(state, 0, legal)
    assert {hand[int(i) - 1] for i in choice.split()[1:]} == kept


def test_progress_reads_each_objective():
    """Progress is 1 for a met objective and grows with what it counts."""
    state = GAME.new(2, {"homes": "random"}, 1)
    for card in state["pathos"] + ["prosperity", "wealth", "legion"]:
        assert 0.0 <= planner.progress(state, 0, card) <= 1.0
    richer = dict(state, seats=[dict(state["seats"][0], commerce=5), state["seats"][1]])
    assert planner.progress(richer, 0, "wealth") > planner.progress(state, 0, "wealth")
    assert (
        planner.progress(dict(state, seats=[dict(state["seats"][0], commerce=10), state["seats"][1]]), 0, "wealth")
        == 1.0
    )


def test_candidates_keep_one_of_each_kind():
    """The look-ahead weighs the heuristic's best action of every kind, and
    always a way to stop."""
    state = _until(GAME.new(3, {"homes": "random"}, 8), 0, "action")
    legal = GAME.legal(state, 0)
    chosen = planner._candidates(state, current(state), 0, legal)
    verbs = {a.split()[0] for a in legal if a.split()[0] in ("build", "train", "research", "worship", "supply")}
    assert verbs <= {a.split()[0] for a in chosen}
    assert "pass" in chosen and len(chosen) <= planner.CANDIDATES + 2


def test_rollouts_use_their_own_generator():
    """A plan's dice come from its own seed: the game's generator is never read."""
    state = _until(GAME.new(2, {"homes": "random"}, 3), 0, "action")
    action = next(a for a in GAME.legal(state, 0) if a.startswith("supply"))
    first = planner._rollout(GAME, state, 0, action, 5)
    again = planner._rollout(GAME, dict(state, rng=Rng(1).to_json()), 0, action, 5)
    assert first == again


def _unit(owner: int, kind: str, n: int = 1) -> dict:
    return {"owner": owner, "kind": kind, "elite": False, "used": 0, "moved": False, "n": n}


def _bridge(state: dict, seat: int) -> tuple[str, str]:
    """A sea area and a land area on its shore from which land units need
    more than one Supply to reach a city to take without Triremes, but only
    one across that sea: the sea touches a target city through a clearing."""
    from engine.games.hellenica.state import map_of

    board = map_of(state)
    for sea, area in board.areas.items():
        if not area.is_sea:
            continue
        shore = [
            there
            for there, border in board.neighbours(sea).items()
            if board.areas[there].is_land and border == "c" and there not in state["impassable"]
        ]
        for target in (there for there in shore if there in state["cities"]):
            # Every other city is the seat's: ``target`` is the only one to take.
            for city, record in state["cities"].items():
                record["owner"] = None if city == target else seat
            far = bot_reach.supply_distance(state, seat)
            for land in shore:
                if far.get(land, 9) > 1:
                    return sea, land
    raise AssertionError("no sea crossing on this map")


def test_triremes_at_sea_bridge_a_march_in_one_supply():
    """ "Land units Supplied for Movement may use Triremes as transports to
    cross Sea Areas ... through any number of adjacent Sea Areas containing
    the player's Triremes, but must end their Movement on a Land Area adjacent
    to the final Sea Area": a Trireme at sea puts the cities across it one
    Supply away, and the planner counts the army as that close."""
    state = GAME.new(2, {"homes": "random"}, 1)
    state["units"] = {}
    sea, land = _bridge(state, 0)
    state["units"][land] = [_unit(0, "hoplite", 2)]
    before = bot_reach.reach(state, 0)
    assert bot_reach.supply_distance(state, 0).get(land, 9) > 1
    state["units"][sea] = [_unit(0, "trireme")]
    assert bot_reach.supply_distance(state, 0)[land] == 1
    assert bot_reach.reach(state, 0) > before


def test_fleet_counts_when_the_next_cities_lie_across_the_sea():
    """Sea Transport needs "the player's Triremes" at sea ("Triremes may not
    move directly from one Land Area to another Land Area"): when no land
    unit is within two Supply actions of a city to take but one is across
    the sea, the planner values Triremes and Docks; when the army can march
    on a city by land, they are worth nothing extra."""
    state = GAME.new(2, {"homes": "random"}, 1)
    state["units"] = {}
    stranded = None
    for target in state["cities"]:
        # Every other city is the seat's: ``target`` is the only one to take.
        for city, record in state["cities"].items():
            record["owner"] = None if city == target else 0
        far = bot_reach.supply_distance(state, 0)
        by_sea = planner.bot.distance_to_targets(state, 0)
        stranded = next(
            (
                area
                for area, d in by_sea.items()
                if d <= 3
                and far.get(area, 9) >= 3
                and area not in state["impassable"]
                and planner.map_of(state).areas[area].is_land
            ),
            None,
        )
        if stranded is not None:
            break
    assert stranded is not None
    state["units"][stranded] = [_unit(0, "hoplite", 2)]
    with_ships = dict(state, units={**state["units"], stranded: state["units"][stranded] + [_unit(0, "trireme", 2)]})
    assert bot_reach.fleet(with_ships, 0) > bot_reach.fleet(state, 0)
    near = next(area for area, d in far.items() if d == 1)
    ships_only = {
        area: [s for s in area_stacks if s["kind"] == "trireme"] for area, area_stacks in with_ships["units"].items()
    }
    close = dict(with_ships, units={**ships_only, near: [_unit(0, "hoplite", 2)]})
    assert bot_reach.fleet(close, 0) == 0.0
    # An army that can march elsewhere does not carry the stranded one.
    both = dict(with_ships, units={**with_ships["units"], near: [_unit(0, "hoplite")]})
    assert bot_reach.fleet(both, 0) > 0.0


def test_an_army_beside_a_neutral_city_is_worth_less_than_the_city():
    """ "Players who solely occupy neutral City Areas ... conquer those
    cities": one unit is enough, so an army standing next to a neutral city
    must value marching in (the conquest) above waiting beside it."""
    from engine.games.hellenica.movement import land_step_ok

    state = GAME.new(2, {"homes": "random"}, 1)
    state["units"] = {}
    board = planner.map_of(state)
    target, beside = next(
        (city, there)
        for city, record in state["cities"].items()
        if record["owner"] is None and city not in state["impassable"]
        for there, border in board.neighbours(city).items()
        if board.areas[there].is_land
        and there not in state["cities"]
        and there not in state["impassable"]
        and land_step_ok(state, 0, border)
    )
    for city, record in state["cities"].items():  # the one city left to take
        record["owner"] = None if city == target else 0
    waiting = dict(state, units={beside: [_unit(0, "hoplite", 8)]})
    marched = dict(state, units={target: [_unit(0, "hoplite", 8)]})
    assert planner.value(marched, 0) > planner.value(waiting, 0)


def _home_decision(players: int, seed: int) -> dict:
    state = GAME.new(players, {"homes": "choose"}, seed)
    return _until(state, GAME.to_move(state)[0], "home")


def test_the_first_home_is_the_roomiest():
    """ "Each player should select a Home City that is within 3 or 4 Areas of
    as many other players' Home Cities as possible": the first to choose may
    take any, and the others then choose by that rule. At four players the
    medium bot takes Thebes: the cities within three areas nearer to it than
    to any other home, over the homes the three after it may take, come to
    about eight, since its neighbour Athens is too near for any of them to
    take. Athens has about seven and a half, and the corners, Byzantium
    behind the Propontis and Corcyra on its island, about one and two."""
    state = _home_decision(4, 1)
    seat = GAME.to_move(state)[0]
    legal = GAME.legal(state, seat)
    assert len(legal) == 7
    room = {action.split()[1]: planner.home_room(state, action.split()[1]) for action in legal}
    assert max(room, key=room.__getitem__) == "thebes"
    assert 8.0 < room["thebes"] < 8.5 and room["athens"] < room["thebes"]
    assert room["byzantium"] < 1.5 and room["corcyra"] < 2.5
    assert GAME.choose(state, seat, "medium", 0) == "home thebes"


def test_against_the_rulebook_ai_the_first_home_is_the_one_no_site_contests():
    """Against the rulebook AI players ("The player(s) decide which
    City-State(s) they wish to play", the AI players after them) every Home
    City site counts as a rival's: Troy keeps the most cities nearer to it
    than to any other site (about four and a half), Thebes under four."""
    state = GAME.new(4, {"homes": "choose", "ai_seats": [1, 2, 3]}, 1)
    state = _until(state, GAME.to_move(state)[0], "home")
    seat = GAME.to_move(state)[0]
    assert seat not in state["ai_seats"]
    room = {action.split()[1]: planner.home_room(state, action.split()[1]) for action in GAME.legal(state, seat)}
    assert 4.5 < room["troy"] < 5.0 and room["thebes"] < 4.0
    assert max(room, key=room.__getitem__) == "troy"
    assert GAME.choose(state, seat, "medium", 0) == "home troy"


def test_a_later_home_is_the_roomiest_the_spacing_rule_allows():
    """Once Athens is taken at two players, the spacing rule ("within 3 or 4
    Areas of as many other players' Home Cities as possible") leaves
    Byzantium, Corcyra, Sparta and Troy; Sparta has the most cities nearer
    to it than to Athens (8.5, against Troy's 8), and of the corners the
    island (Corcyra) has more than Byzantium."""
    state = _home_decision(2, 1)
    state = GAME.play(state, GAME.to_move(state)[0], "home athens")
    second = GAME.to_move(state)[0]
    legal = GAME.legal(state, second)
    assert sorted(legal) == ["home byzantium", "home corcyra", "home sparta", "home troy"]
    assert planner.home_room(state, "sparta") == 8.5 and planner.home_room(state, "troy") == 8.0
    assert GAME.choose(state, second, "medium", 0) == "home sparta"
    assert planner.choose_home(state, ["home byzantium", "home corcyra"]) == "home corcyra"
