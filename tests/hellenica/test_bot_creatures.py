"""The planner's picture of the end of the turn (``planner.projected``) lets
the Creatures strike before conquest: "Mythological Creatures' special
abilities trigger at the beginning of the Upkeep Phase"; then "Players who
solely occupy neutral City Areas ... conquer those cities"."""

from __future__ import annotations

from engine.games.hellenica import GAME, planner
from engine.games.hellenica.bot_creatures import after_creatures, unit_loss_chance
from tests.hellenica.test_planner_pressure import _unit


def _sphinx_over_a_neutral_city(units: list[dict], creature: str = "sphinx") -> tuple[dict, str]:
    state = GAME.new(4, {"homes": "random"}, 3)
    state["units"] = {}
    city = next(
        name
        for name, record in state["cities"].items()
        if record["owner"] is None and record["government"] is None and name not in state["impassable"]
    )
    state["creatures"][creature] = city
    state["units"][city] = units
    return state, city


def test_a_lone_hoplite_under_the_sphinx_is_likely_lost_and_conquers_nothing():
    """The Sphinx: "One Yellow die: unless ++, a random non-Hero unit is lost"."""
    state, city = _sphinx_over_a_neutral_city([_unit(0, "hoplite")])
    assert unit_loss_chance(state, "sphinx") == 5 / 6
    assert planner.projected(state)["cities"][city]["owner"] is None
    assert state["units"][city] == [_unit(0, "hoplite")]  # the state itself is untouched


def test_two_hoplites_under_the_sphinx_lose_one_and_take_the_city():
    state, city = _sphinx_over_a_neutral_city([_unit(0, "hoplite", 2)])
    after = planner.projected(state)
    assert after["cities"][city]["owner"] == 0
    assert after["units"][city] == [_unit(0, "hoplite", 1)]


def test_the_weakest_unit_is_the_one_counted_lost_and_a_hero_never():
    """ "Do not include Heroes in this random determination as Heroes are only
    eliminated by Mythological Creatures via Duels"."""
    state, city = _sphinx_over_a_neutral_city([_unit(0, "hero"), _unit(0, "cavalry"), _unit(0, "hoplite")])
    assert after_creatures(state)["units"][city] == [_unit(0, "hero"), _unit(0, "cavalry")]
    alone, hero_city = _sphinx_over_a_neutral_city([_unit(0, "hero")])
    assert after_creatures(alone) is alone
    assert planner.projected(alone)["cities"][hero_city]["owner"] == 0


def test_a_calmed_creature_or_a_rare_loss_changes_nothing():
    """Calm the Beast: "A Mythological Creature's ability does not trigger
    this Upkeep"; the Cyclops
    removes a unit only on a minus ("a - removes it"), one time in six."""
    state, _ = _sphinx_over_a_neutral_city([_unit(0, "hoplite")])
    state["turn_effects"].append({"kind": "calm", "target": "sphinx"})
    assert unit_loss_chance(state, "sphinx") == 0.0
    assert after_creatures(state) is state
    cyclops, _ = _sphinx_over_a_neutral_city([_unit(0, "hoplite")], creature="cyclops")
    assert after_creatures(cyclops) is cyclops


def test_the_minotaur_takes_an_upgrade_from_a_city_that_has_one():
    """The Minotaur: "unless ++, the owner removes a City Upgrade (a random
    non-Hero unit if there is none)"."""
    state, city = _sphinx_over_a_neutral_city([_unit(0, "hoplite")], creature="minotaur")
    assert unit_loss_chance(state, "minotaur") == 5 / 6
    state["cities"][city]["owner"] = 0
    state["cities"][city]["slots"][0] = {"type": "market", "state": "active"}
    assert unit_loss_chance(state, "minotaur") == 0.0
    assert after_creatures(state) is state


def test_units_of_two_players_under_a_creature_are_left_to_chance():
    state, city = _sphinx_over_a_neutral_city([_unit(0, "hoplite"), _unit(1, "hoplite")])
    assert after_creatures(state) is state
