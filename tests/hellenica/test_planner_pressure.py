"""The medium bot's reading of Home Cities (engine/games/hellenica/bot_pressure.py)
and its fixed planning budget (``planner.PLAY_BUDGET``)."""

from __future__ import annotations

from typing import Any

from engine.games.hellenica import GAME, bot_pressure, planner
from engine.games.hellenica.movement import land_step_ok
from engine.games.hellenica.pathos import DESTRUCTION, FIRST, HELD, SCALED, THRESHOLDS
from engine.games.hellenica.state import map_of
from engine.games.hellenica.steps import current
from tests.hellenica.test_bot import _until


def _unit(owner: int, kind: str, n: int = 1) -> dict:
    return {"owner": owner, "kind": kind, "elite": False, "used": 0, "moved": False, "n": n}


def _beside(state: dict, city: str, seat: int) -> str:
    """A land area one clearing away from ``city``, not itself a city."""
    board = map_of(state)
    return next(
        there
        for there, border in board.neighbours(city).items()
        if board.areas[there].is_land
        and there not in state["impassable"]
        and there not in state["cities"]
        and land_step_ok(state, seat, border)
    )


def _bare_board(seed: int = 1) -> tuple[dict, str, str]:
    """A 2-player game with no units anywhere; seat 1's Home City and a land
    area beside it."""
    state = GAME.new(2, {"homes": "random", DESTRUCTION: HELD}, seed)  # as a new table plays
    state["units"] = {}
    for seat, player in enumerate(state["seats"]):
        state["cities"][player["city"]]["owner"] = seat
    home = state["seats"][1]["city"]
    return state, home, _beside(state, home, 0)


def test_an_army_beside_a_thinly_guarded_rival_home_is_progress_towards_destruction():
    """Destruction: "Own another player's Home City"; "Players who solely
    occupy ... City Areas owned by other players, conquer those cities". An
    army one step from a rival Home City that outnumbers its guard is most of
    the way there; the same army facing a large guard, or far away, is not."""
    state, home, beside = _bare_board()
    assert bot_pressure.home_pressure(state, 0) == 0.0
    poised = dict(state, units={beside: [_unit(0, "hoplite", 3)], home: [_unit(1, "hoplite")]})
    guarded = dict(state, units={beside: [_unit(0, "hoplite", 3)], home: [_unit(1, "hoplite", 8)]})
    assert bot_pressure.home_pressure(poised, 0) == bot_pressure.PRESSURE_CAP
    assert 0.0 < bot_pressure.home_pressure(guarded, 0) < bot_pressure.PRESSURE_CAP
    assert planner.progress(poised, 0, "destruction") > planner.progress(guarded, 0, "destruction")
    taken = dict(state, units={home: [_unit(0, "hoplite", 3)]})
    taken = planner.projected(taken)
    assert planner.progress(taken, 0, "destruction") == bot_pressure.TAKEN > bot_pressure.PRESSURE_CAP


def test_a_rival_home_city_counts_fully_once_held_through_a_turn():
    """Destruction: "Own another player's Home City at the end of two turns
    in a row" (objectives.toml). A Home City the seat owns now but did not own
    at the last end-of-turn check is most of the way, still to be kept; one
    it owned then too meets the card."""
    state, home, _ = _bare_board()
    taken = planner.projected(dict(state, units={home: [_unit(0, "hoplite", 3)]}))
    assert planner.progress(taken, 0, "destruction") == bot_pressure.TAKEN
    held = dict(taken, held_homes={"0": [home]})
    assert planner.progress(held, 0, "destruction") == 1.0


def test_an_enemy_army_beside_a_bare_home_city_is_a_danger():
    """A Home City "solely occupied" by a rival at Upkeep is conquered: enemy
    strength beside the Home City beyond its guard lowers the position's value;
    a guard as strong as the army removes the danger."""
    state, _, _ = _bare_board()
    home = state["seats"][0]["city"]
    beside = _beside(state, home, 0)
    bare = dict(state, units={beside: [_unit(1, "hoplite", 3)]})
    held = dict(state, units={beside: [_unit(1, "hoplite", 3)], home: [_unit(0, "hoplite", 3)]})
    assert bot_pressure.home_danger(state, 0) == 0.0
    assert bot_pressure.home_danger(bare, 0) > 0.0
    assert bot_pressure.home_danger(held, 0) == 0.0
    assert planner.value(held, 0) > planner.value(bare, 0)


class _CountingGame:
    """The game with a count of its ``play`` calls."""

    def __init__(self) -> None:
        self.plays = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(GAME, name)

    def play(self, state: dict, seat: int, action: str) -> dict:
        self.plays += 1
        return GAME.play(state, seat, action)


def test_a_decision_spends_a_fixed_number_of_plays():
    """The table gives a bot about 2 s a move: a plan stops starting new
    rollouts once ``PLAY_BUDGET`` plays are spent (a rollout under way is
    finished: its candidate, one step weighed in full, then ``HORIZON`` steps
    at most)."""
    import random

    state = _until(GAME.new(4, {"homes": "random"}, 5), 0, "action")
    counting = _CountingGame()
    legal = GAME.legal(state, 0)
    chosen = planner.plan(counting, state, 0, legal, random.Random(3))
    assert chosen in legal
    overshoot = 1 + planner.GREEDY_WIDTH + 1 + planner.HORIZON  # the last rollout under way
    assert 0 < counting.plays <= planner.PLAY_BUDGET + overshoot
    assert current(state)["kind"] == "action"


def test_a_build_never_tears_down_what_an_objective_still_counts():
    """ "City Upgrades may replace an existing Active or Under Construction City
    Upgrade ... Return the replaced City Upgrade back to the pool": with Piety
    ("Own 4 Temples") kept, replacing the only Temple undoes a step for the
    one it buys, so the planner does not weigh it; without Piety it may."""
    state = _until(GAME.new(2, {"homes": "random"}, 1), 0, "action")
    home = state["seats"][0]["city"]
    temple = next(p for p in state["cities"][home]["slots"] if p is not None and p["type"] == "temple")
    action = f"build barracks {home} over temple-{temple['deity']}"
    state["seats"][0]["ethos"] = ["piety", "wealth"]
    assert planner._tears_down_progress(state, 0, action)
    assert planner._tears_down_progress(state, 0, "exchange " + action)
    assert not planner._tears_down_progress(state, 0, f"build barracks {home}")
    state["seats"][0]["ethos"] = ["loyalty", "wealth"]
    assert not planner._tears_down_progress(state, 0, action)


def _next_to_a_neutral_city() -> tuple[dict, str, str]:
    """A game at seat 0's first action whose Home City borders a neutral city
    through a clearing."""
    for seed in range(1, 40):
        # Four players: the Chaos marker starts at 5, so the first Movement's
        # World Events card does not set off an event at once.
        state = _until(GAME.new(4, {"homes": "random"}, seed), 0, "action")
        home = state["seats"][0]["city"]
        board = map_of(state)
        for there, border in board.neighbours(home).items():
            record = state["cities"].get(there)
            if record is not None and record["owner"] is None and there not in state["impassable"]:
                if land_step_ok(state, 0, border) and not state["units"].get(there):
                    return state, home, there
    raise AssertionError("no Home City beside a neutral city")


def test_a_supply_that_can_take_a_city_outweighs_supplying_commerce():
    """ "Players who solely occupy neutral City Areas ... conquer those cities":
    the plan follows a Supply for Movement with the seat's best steps, so
    marching the Home City's units into the empty neutral city next door is
    worth more than the one Commerce a Market gives instead."""
    state, home, neutral = _next_to_a_neutral_city()
    state["units"][home] = [_unit(0, "hoplite", 3)]
    legal = GAME.legal(state, 0)
    march, commerce = f"supply {home} from {home}", f"supply commerce from {home}"
    assert march in legal and commerce in legal
    marched, _ = planner._rollout(GAME, state, 0, march, 1)
    stayed, _ = planner._rollout(GAME, state, 0, commerce, 1)
    assert marched > stayed


def test_at_a_larger_table_one_rival_home_city_is_half_of_destruction():
    """Destruction (ours, re-tuned thresholds): "Own the Home Cities of 2 other
    players (1 with 3 or fewer players) at the end of two turns in a row".
    At four seats one held rival Home City is half the card, not a met card;
    a second one taken is most of the rest, and the first table's card (one
    city) still reads one held city as met."""
    state = GAME.new(4, {"homes": "random", DESTRUCTION: HELD, THRESHOLDS: SCALED}, 3)
    state["units"] = {}
    for seat, player in enumerate(state["seats"]):
        state["cities"][player["city"]]["owner"] = seat
    first, second = state["seats"][1]["city"], state["seats"][2]["city"]
    one = planner.projected(dict(state, units={first: [_unit(0, "hoplite", 3)]}))
    one_held = dict(one, held_homes={"0": [first]})
    assert planner.progress(one_held, 0, "destruction") == 0.5
    assert planner.progress(one, 0, "destruction") == bot_pressure.TAKEN / 2
    both = planner.projected(dict(one_held, units={first: [_unit(0, "hoplite", 3)], second: [_unit(0, "hoplite")]}))
    assert planner.progress(both, 0, "destruction") == (1.0 + bot_pressure.TAKEN) / 2
    assert planner.progress(dict(both, held_homes={"0": [first, second]}), 0, "destruction") == 1.0
    old_table = dict(one_held, options={**one_held["options"], THRESHOLDS: FIRST})
    assert planner.progress(old_table, 0, "destruction") == 1.0
