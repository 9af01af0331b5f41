"""Each advancement's effect (ours, see data/hellenica/advancements.toml), one
test per rule hook that the other test files do not already cover."""

from __future__ import annotations

import pytest

from engine.games.hellenica.advancements import EFFECTS, extra_cubes
from engine.games.hellenica.cities import production
from engine.games.hellenica.combat import walls_stand
from engine.games.hellenica.components import ACTIONS, ADVANCEMENTS
from engine.games.hellenica.steps import STEPS, push
from engine.games.hellenica.upkeep import conquer, replenish
from tests.hellenica.helpers import (
    act_as,
    clear_units,
    count,
    home_of,
    learn,
    moves,
    new_game,
    own,
    play,
    units,
    upgrade,
)

COMBAT = STEPS["combat"]


@pytest.fixture
def game():
    state = new_game(2, seed=55)
    clear_units(state)
    return act_as(state, 0)


def _combat(state, area, attacker=0):
    state["stack"] = []
    frame = push(state, "combat", attacker=attacker, area=area, origin=home_of(state, attacker))
    frame["entered"] = True
    COMBAT.prepare(state, frame)
    return frame


def test_every_effect_in_the_data_is_implemented():
    assert {a.effect for a in ADVANCEMENTS.values()} <= EFFECTS


@pytest.mark.parametrize("action", ACTIONS)
def test_extra_cube_advancements(game, action):
    name = next(a.name for a in ADVANCEMENTS.values() if a.effect == "extra_cube" and a.params["action"] == action)
    learn(game, 0, name)
    assert extra_cubes(game, 0, action) == 1
    replenish(game)
    # one cube per space (Supply: one per Market — the home city has one), plus the unlocked one
    assert game["seats"][0]["cubes"] == {a: 2 if a == action else 1 for a in ACTIONS}


def test_masonry_and_acropolis(game):
    home = home_of(game, 1)
    units(game, home, 0, "hoplite", 1)
    units(game, home, 1, "hoplite", 1)
    frame = _combat(game, home)
    assert not walls_stand(game, home, 1)
    learn(game, 1, "acropolis")  # the Government City counts as walled
    assert walls_stand(game, home, 1) and COMBAT.bonus(game, frame, 1) == 1
    learn(game, 1, "masonry")
    assert COMBAT.bonus(game, frame, 1) == 2
    assert COMBAT.pool(game, frame, 1) == {"green": 2}


def test_statesmanship_doubles_the_government(game):
    home = home_of(game, 0)
    assert production(game, home, "barracks") == 1
    learn(game, 0, "statesmanship")
    assert production(game, home, "barracks") == 2


def test_tax_collection_and_state_cult(game):
    for city in ("megara", "delphi", "chios"):
        own(game, city, 0)
    learn(game, 0, "tax-collection", "state-cult")
    favor, commerce = game["seats"][0]["favor"], game["seats"][0]["commerce"]
    replenish(game)
    assert game["seats"][0]["favor"] == favor + 1
    assert game["seats"][0]["commerce"] == commerce + 4 // 2


def test_coinage_and_harbours(game):
    home = home_of(game, 0)
    learn(game, 0, "coinage")
    after = play(game, 0, f"supply commerce from {home}")
    assert after["seats"][0]["commerce"] == 2
    learn(game, 0, "harbours")
    upgrade(game, home, 3, "docks")
    after = play(game, 0, f"supply commerce from {home}")
    assert after["seats"][0]["commerce"] == 3


def test_banking_cheapens_exchange(game):
    learn(game, 0, "banking")
    game["seats"][0]["commerce"] = 2
    after = play(game, 0, f"exchange worship {home_of(game, 0)}")
    assert after["seats"][0]["commerce"] == 0


def test_patronage_adds_a_philosopher(game):
    learn(game, 0, "patronage")
    after = play(game, 0, f"research {home_of(game, 0)}")
    assert after["seats"][0]["philosophers"] == 2


def test_tribute_on_conquest(game):
    learn(game, 0, "tribute")
    conquer(game, 0, "megara")
    assert game["seats"][0]["commerce"] == 2


def test_tactics_and_ramming_add_attack_dice(game):
    units(game, "megara", 0, "hoplite", 1)
    units(game, "megara", 1, "hoplite", 1)
    frame = _combat(game, "megara")
    learn(game, 0, "tactics")
    learn(game, 1, "tactics")  # only when attacking
    assert COMBAT.pool(game, frame, 0) == {"green": 2}
    assert COMBAT.pool(game, frame, 1) == {"green": 1}
    units(game, "cyclades", 0, "trireme", 1)
    units(game, "cyclades", 1, "trireme", 1)
    frame = _combat(game, "cyclades")
    learn(game, 0, "ramming")
    assert COMBAT.pool(game, frame, 0) == {"blue": 2}


def test_shipwrights_and_elite_crews(game):
    home = home_of(game, 0)
    upgrade(game, home, 3, "docks")
    learn(game, 0, "shipwrights", "elite-crews")
    after = play(game, 0, f"train triremes {home}")
    assert count(after, home, 0, "trireme") == 2
    assert all(s["elite"] for s in after["units"][home] if s["kind"] == "trireme")


def test_brilliant_admiral_serves_at_sea(game):
    units(game, "cyclades", 0, "trireme", 1)
    units(game, "cyclades", 1, "trireme", 1)
    learn(game, 0, "brilliant-admiral", "brilliant-general")
    game["stack"] = []
    push(game, "combat", attacker=0, area="cyclades", origin=home_of(game, 0))
    from engine.games.hellenica import phases

    phases.advance(game)
    assert moves(game, 0) == ["admiral", "roll"]
