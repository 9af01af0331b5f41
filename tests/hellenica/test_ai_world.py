"""AI players against World Events, Creatures and Upkeep: the rulebook's
special cases for cities that hold no City Upgrades of their own."""

from __future__ import annotations

from engine.games.hellenica import GAME, upkeep
from engine.games.hellenica.actions import pass_turn
from engine.games.hellenica.ai import driver
from engine.games.hellenica.ai.board import board_of
from engine.games.hellenica.ai.world import blocked, counted_upgrades, tidy_blocks
from engine.games.hellenica.creatures import placement_areas, slay, toll
from engine.games.hellenica.losses import area_reduction, revolt, revolt_cities
from engine.games.hellenica.state import add_units, count_units, government_city, new_upgrade
from engine.games.hellenica.steps import push
from tests.hellenica.helpers import rig
from tests.hellenica.test_ai_rules import BYZANTIUM, HUMAN, TROY, _troy_position


def test_the_ai_government_marker_makes_a_government_city():
    """A Revolt "may not occur in a Government City"; the Minotaur and the
    Sphinx go on "a non-Government City Area": the AI Government Marker's
    City is one."""
    state = _troy_position()
    state["cities"]["phocaea"]["owner"] = TROY
    assert government_city(state, TROY) == "troy"
    assert revolt_cities(state, TROY) == ["phocaea"]
    assert "troy" not in placement_areas(state, "minotaur") and "phocaea" in placement_areas(state, "minotaur")
    board_of(state, TROY)["garrison"] = None  # the marker destroyed: Troy may revolt until it regenerates
    assert "troy" in revolt_cities(state, TROY)


def test_ai_settlements_count_as_city_upgrades_for_world_events():
    """ "treat all AI Player's Settlements on an Area as if they had City
    Upgrades on them": Abydos' 2 Settlements are 2 City Upgrades in a revolt."""
    state = _troy_position()
    state["cities"]["abydos"]["owner"] = TROY
    state["units"]["abydos"] = []
    add_units(state, "abydos", TROY, "hoplite", 1)
    assert counted_upgrades(state, "abydos") == 2
    rig(state, ("yellow", ""))
    revolt(state, "abydos")  # 0 + 1 unit - 2 City Upgrades = -1: the revolt succeeds, 1 unit lost
    assert count_units(state, "abydos", TROY) == 0
    assert state["cities"]["abydos"]["owner"] is None
    assert "- 2 City Upgrades = -1" in state["log"][-3]["text"]


def test_area_reduction_of_an_ai_area_takes_units_only():
    """ "If a World Event calls for Area reduction of an AI Player's Area, take
    all losses from units on the Area. If there are no units on the Area, then
    ignore the reduction.\""""
    state = _troy_position()
    state["cities"]["abydos"]["owner"] = TROY
    state["cities"]["abydos"]["slots"][0] = new_upgrade("walls", "active")
    state["units"]["abydos"] = []
    add_units(state, "abydos", TROY, "hoplite", 3)
    area_reduction(state, "abydos", [], [HUMAN, TROY, BYZANTIUM], "Plague")
    assert count_units(state, "abydos", TROY) == 1
    assert state["cities"]["abydos"]["slots"][0]["type"] == "walls" and state["stack"] == []
    state["units"]["abydos"] = []
    area_reduction(state, "abydos", [], [HUMAN, TROY, BYZANTIUM], "Plague")
    assert state["cities"]["abydos"]["slots"][0]["type"] == "walls"
    assert state["cities"]["abydos"]["owner"] == TROY  # its Settlements still count: it stays Troy's
    assert "nobody is there" in state["log"][-1]["text"]


def test_a_creature_blocks_ai_settlements():
    """ "If a Creature destroys a City Upgrade on an AI Player's City, block 1
    Settlement ... If the last Settlement on a City is blocked and there are no
    AI units remaining on the City, the City becomes neutral. Remove all Action
    Cubes blocking Settlements ... if the Creature is ever destroyed.\""""
    state = _troy_position()
    state["cities"]["abydos"]["owner"] = TROY
    state["units"]["abydos"] = []
    state["creatures"]["minotaur"] = "abydos"
    rig(state, ("yellow", "+"))
    toll(state, "minotaur")
    assert blocked(state, "abydos") == 1 and counted_upgrades(state, "abydos") == 1
    slay(state, "minotaur", HUMAN, "in a test")
    assert blocked(state, "abydos") == 0 and counted_upgrades(state, "abydos") == 2
    tidy_blocks(state)
    assert state["ai"]["blocked"] == {}
    state["slain"] = {}  # (a slain Creature never comes back; this test brings it back)
    state["creatures"]["minotaur"] = "abydos"
    add_units(state, "abydos", TROY, "hoplite", 1, elite=False)
    for _ in range(2):
        rig(state, ("yellow", "-"))
        toll(state, "minotaur")  # the last Settlement: a unit is still there, the city stays
    assert blocked(state, "abydos") == 2 and state["cities"]["abydos"]["owner"] == TROY
    rig(state, ("yellow", ""), ("any", 1))
    toll(state, "minotaur")  # no Settlement left to block: the Minotaur takes the unit ...
    assert count_units(state, "abydos", TROY) == 0
    assert state["cities"]["abydos"]["owner"] is None  # ... and the city becomes neutral
    assert blocked(state, "abydos") == 0


def test_the_last_settlement_blocked_with_no_unit_makes_the_city_neutral():
    state = _troy_position()
    state["cities"]["phocaea"]["owner"] = TROY  # 1 Settlement
    state["units"]["phocaea"] = []
    state["creatures"]["sphinx"] = "phocaea"
    rig(state, ("yellow", "+"))
    toll(state, "sphinx")  # no unit: the Sphinx takes a City Upgrade, the one Settlement
    assert state["cities"]["phocaea"]["owner"] is None
    assert state["ai"]["blocked"] == {}


def test_ai_seats_keep_no_player_board():
    """ "AI Players do not use a player board": no Action Cubes at Upkeep, so
    passing brings no Commerce; a destroyed marker asks nothing."""
    state = _troy_position()
    upkeep.replenish(state)
    assert sum(state["seats"][TROY]["cubes"].values()) == 0
    assert sum(state["seats"][HUMAN]["cubes"].values()) > 0
    commerce = state["seats"][TROY]["commerce"]
    pass_turn(state, TROY)
    assert state["seats"][TROY]["commerce"] == commerce
    board_of(state, TROY)["garrison"] = None
    state["stack"] = []
    upkeep.run_conquest(state, True)
    assert not any(f["kind"] == "government" and f["seat"] == TROY for f in state["stack"])


def test_an_ai_world_event_choice_aimed_at_another_ai_earns_its_grudge():
    """Harm includes "using a harmful World Event directly on the AI Player",
    whoever wins the event."""
    state = _troy_position()
    state["cities"]["phocaea"]["owner"] = BYZANTIUM
    state["ai"]["boards"][str(BYZANTIUM)]["grudge"] = None
    frame = push(
        state,
        "choose",
        seat=TROY,
        parent=0,
        key="k",
        verb="revolt",
        options=["phocaea"],
        prompt="choose the city that revolts",
        labels={},
    )
    driver._play(state, frame, TROY, "revolt phocaea")
    assert board_of(state, BYZANTIUM)["grudge"] == TROY


def test_ai_only_game_has_no_spurious_government_losses():
    state = GAME.new(4, {"ai_seats": [0, 1, 2, 3], "homes": "random"}, 11)
    assert GAME.outcome(state) is not None
    assert not any("has lost its Government City" in e["text"] for e in state["log"])
