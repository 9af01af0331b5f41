"""The medium bot denies a rival its Destruction (engine/games/hellenica/bot_deny.py)."""

from __future__ import annotations

from engine.games.hellenica import bot_deny, bot_pressure, bot_race, planner
from engine.games.hellenica.state import owned_cities
from tests.hellenica.test_bot_race import _board, _open_cities, _unit


def _rival_holding_a_home() -> tuple[dict, str]:
    """Seat 1 owns seat 2's Home City, as at the last end-of-turn check, and
    eight cities: Destruction and Empire met, one objective short."""
    state = _board()
    victim_home = state["seats"][2]["city"]
    spare = [c for c in _open_cities(state) if c not in (state["seats"][0]["city"], state["seats"][1]["city"])]
    spare.remove(victim_home)
    for city in [victim_home] + spare[:6]:
        state["cities"][city]["owner"] = 1
    state["held_homes"] = {"1": [victim_home]}
    state["units"] = {victim_home: [_unit(1, "hoplite")]}
    assert len(owned_cities(state, 1)) == 8
    assert bot_race.rival_danger(state, 0) > 0.0
    return state, victim_home


def test_an_army_beside_a_home_city_held_for_destruction_is_worth_its_march():
    """Destruction asks for "another player's Home City" owned "at the end of
    two turns in a row", and "Players who solely occupy ... City Areas owned
    by other players, conquer those cities": an army a step from the Home
    City a rival holds can take it back before the rival's next check. It
    counts for a part of the danger it would lift (less than marching in
    gains), less while the city is not yet held, and nothing far away."""
    state, home = _rival_holding_a_home()
    beside = next(area for area, d in bot_pressure.land_steps_to(state, 0, home, 1).items() if d == 1)
    far = next(
        area
        for area in _open_cities(state)
        if area not in bot_pressure.land_steps_to(state, 0, home, 2) and state["cities"][area]["owner"] is None
    )
    poised = dict(state, units={**state["units"], beside: [_unit(0, "hoplite", 2)]})
    away = dict(state, units={**state["units"], far: [_unit(0, "hoplite", 2)]})
    assert bot_deny.deny_pressure(away, 0) == 0.0
    fall = bot_race.rival_danger(poised, 0) - bot_race.rival_danger(bot_deny.retaken(poised, 0, home), 0)
    assert 0.0 < bot_deny.deny_pressure(poised, 0) <= bot_deny.DENY_SHARE * fall
    taken_this_turn = dict(poised, held_homes={})  # not yet held through a turn: a smaller danger
    assert 0.0 < bot_deny.deny_pressure(taken_this_turn, 0) < bot_deny.deny_pressure(poised, 0)
    # Standing alone inside at Upkeep conquers it: the whole fall counts, more than the share.
    inside = dict(state, units={home: [_unit(0, "hoplite", 2)]})
    assert planner.value(inside, 0) > planner.value(poised, 0)
