"""Our two AI reference sheets — the AI Quick Reference (bonus Production)
and the AI World Events Reference Sheet — and the rule that World Events
count an AI player's Settlements as City Upgrades."""

from __future__ import annotations

import pytest

from engine.games.hellenica import GAME, phases
from engine.games.hellenica.ai import bonus, event_choices, production
from engine.games.hellenica.ai.board import board_of
from engine.games.hellenica.ai.world import counted_type
from engine.games.hellenica.components import EVENTS, RULES, UPGRADES
from engine.games.hellenica.event_tasks import PER
from engine.games.hellenica.produce import COMMERCE_PER_PHILOSOPHER
from engine.games.hellenica.state import add_units, count_units, new_upgrade
from engine.games.hellenica.steps import push
from tests.hellenica.helpers import act_as, rig
from tests.hellenica.test_ai_rules import BYZANTIUM, HUMAN, TROY, _troy_position

# ---------------------------------------------------------------------------
# The AI Quick Reference Sheet: bonus Production


def test_the_quick_reference_covers_every_upgrade_at_the_rulebooks_rates():
    """ "For every 3 Commerce spent the player receives 1 Philosopher"; a level
    2 Advancement costs 3 Philosophers; every City Upgrade has its line."""
    assert set(bonus.UPGRADE_BONUS) == set(UPGRADES)
    assert bonus.CONVERT["commerce_per_philosopher"] == COMMERCE_PER_PHILOSOPHER == 3
    assert bonus.CONVERT["philosophers_per_advance"] == RULES["advancements"]["cost"][1]


def test_conquered_upgrades_produce_for_the_ai():
    """ "AI Players conquer cities using normal rules. After conquest, leave any
    surviving City Upgrades in place": on our sheet each Active one produces
    in Round 1 as if its action were taken for free."""
    state = _troy_position()
    state["cities"]["abydos"]["owner"] = TROY
    state["units"]["abydos"] = []
    add_units(state, "abydos", TROY, "hoplite", 1)
    slots = state["cities"]["abydos"]["slots"]
    slots[0] = new_upgrade("temple", "active", "athena")
    slots[1] = new_upgrade("barracks", "active")
    state["cities"]["troy"]["slots"][0] = new_upgrade("walls", "building")  # under construction: nothing
    favor = state["seats"][TROY]["favor"]
    got = bonus.bonus_production(state, TROY)
    assert state["seats"][TROY]["favor"] == favor + 1
    assert count_units(state, "abydos", TROY, ("hoplite",)) == 2  # the Barracks' Hoplite, in its own city
    assert "+1 Favor" in got and "+1 Hoplite in Abydos" in got


def test_units_go_to_the_government_city_while_enemies_stand_in_the_city():
    state = _troy_position()
    state["cities"]["abydos"]["owner"] = TROY
    state["cities"]["abydos"]["slots"][0] = new_upgrade("docks", "active")
    before = count_units(state, "troy", TROY, ("trireme",))
    bonus.bonus_production(state, TROY)  # Byzantium's Hoplite still stands in Abydos
    assert count_units(state, "troy", TROY, ("trireme",)) == before + 1
    assert count_units(state, "abydos", TROY) == 0


def test_commerce_and_philosophers_convert_on_the_ai_board():
    state = _troy_position()
    player = state["seats"][TROY]
    player["commerce"], player["philosophers"] = 7, 1
    advancements = board_of(state, TROY)["advancements"]
    got = bonus.bonus_production(state, TROY)
    # 7 Commerce: 6 become 2 Philosophers (1 left); 1 + 2 = 3 Philosophers become 1 Advancement.
    assert (player["commerce"], player["philosophers"]) == (1, 0)
    assert board_of(state, TROY)["advancements"] == advancements + 1
    assert got == ["6 Commerce into 2 Philosophers", "3 Philosophers into 1 Advancement"]


def test_bonus_production_follows_the_ai_card_from_turn_two():
    """ "All AI Players begin the game with their Turn 1 benefits": the bonus
    comes with a card's Production, so never on Turn 1."""
    state = _troy_position()
    state["turn"] = 2
    state["seats"][TROY]["commerce"] = 3
    production.produce(state, TROY)
    last = state["log"][-1]["text"]
    assert "bonus Production" in last and "3 Commerce into 1 Philosopher" in last


# ---------------------------------------------------------------------------
# The AI World Events Reference Sheet


def test_the_sheet_covers_every_one_of_our_world_event_cards():
    """ "The AI World Events Reference Sheet contains more detailed information
    about how AI Players interact with various World Events": one entry for
    every card of our 52 (37 different cards)."""
    assert set(event_choices.CARDS) == set(EVENTS)
    assert sum(EVENTS[name].copies for name in event_choices.CARDS) == 52
    assert set(event_choices.SHEET["filters"]) == set(event_choices.FILTERS)
    for name, entry in event_choices.CARDS.items():
        if isinstance(entry["won"], list):
            assert EVENTS[name].effect in event_choices.WON_VERBS


def _won(state: dict, card: str, winner: int, task: dict) -> dict:
    """The AI ``winner`` carries out ``card``'s task (through the phase loop)."""
    state["phase"], state["round"] = "actions", 2
    act_as(state, HUMAN)  # play resumes with the person's action afterwards
    push(
        state,
        "event",
        seat=HUMAN,
        stage="tasks",
        card=card,
        winner=winner,
        tasks=[{"id": 0, **task}],
        answers={},
        spared=[],
        holding=False,
        paid=0,
        bids={},
        cancelled=False,
    )
    phases.advance(state)
    return state


def test_a_creature_goes_to_the_grudge_away_from_its_own_units():
    """The Hydra: "not-own", "grudge", "leader", "most-enemy-units"."""
    state = _troy_position()
    add_units(state, "lydia", TROY, "hoplite", 3)
    add_units(state, "thrace", BYZANTIUM, "hoplite", 3)
    add_units(state, "panactum", HUMAN, "hoplite", 1)
    board_of(state, TROY)["grudge"] = HUMAN
    state = _won(state, "hydra-of-lerna", TROY, {"do": "creature", "creature": "hydra"})
    assert state["creatures"]["hydra"] == "panactum"
    assert any("Orange places the Hydra in Panactum" in e["text"] for e in state["log"])


def test_without_a_grudge_the_creature_finds_the_most_enemy_units():
    state = _troy_position()
    add_units(state, "thrace", BYZANTIUM, "hoplite", 3)
    add_units(state, "panactum", HUMAN, "hoplite", 1)
    board_of(state, TROY)["grudge"] = None
    state["cities"]["athens"]["owner"] = HUMAN  # both hold one city: Blue and Green lead alike
    state["cities"]["phocaea"]["owner"] = BYZANTIUM
    state = _won(state, "gaze-of-medusa", TROY, {"do": "creature", "creature": "medusa"})
    assert state["creatures"]["medusa"] == "thrace"


def test_the_revolt_goes_where_it_is_likeliest_to_succeed():
    """Helot Revolt: the Grudge's city with the fewest units less City Upgrades."""
    state = _troy_position()
    for city, units in (("megara", 2), ("argos", 0)):
        state["cities"][city]["owner"] = HUMAN
        if units:
            add_units(state, city, HUMAN, "hoplite", units)
    state["cities"]["phocaea"]["owner"] = BYZANTIUM
    board_of(state, TROY)["grudge"] = HUMAN
    rig(state, ("yellow", "-"))
    state = _won(state, "helot-revolt", TROY, {"do": "revolt_pick"})
    assert any(e["text"].startswith("Revolt in Argos") for e in state["log"])


def test_area_reduction_spares_its_own_and_the_ai_loses_units_cheapest_first():
    """Plague: the Land Area with the most enemy pieces where the AI has none;
    struck, an AI loses units only, Hoplites before elite ones and Heroes."""
    state = _troy_position()
    add_units(state, "lydia", TROY, "hoplite", 4)
    add_units(state, "lydia", BYZANTIUM, "hoplite", 5)
    add_units(state, "thrace", BYZANTIUM, "hoplite", 4)  # Abydos: Green's Hoplite and 2 Settlements
    board_of(state, TROY)["grudge"] = None
    state = _won(state, "plague", TROY, {"do": "strike", "terrain": "land"})
    assert count_units(state, "thrace", BYZANTIUM) == 2 and count_units(state, "lydia", TROY) == 4
    state["units"]["mytilene"] = []
    add_units(state, "mytilene", BYZANTIUM, "hero", 1)
    add_units(state, "mytilene", BYZANTIUM, "hoplite", 1, elite=True)
    add_units(state, "mytilene", BYZANTIUM, "hoplite", 2)
    state = _won(state, "famine", HUMAN, {"do": "strike", "terrain": "land"})  # a person wins ...
    state = _choose(state, HUMAN, "strike mytilene")  # ... and strikes Green's island
    assert count_units(state, "mytilene", BYZANTIUM, ("hero",)) == 1
    assert count_units(state, "mytilene", BYZANTIUM, ("hoplite",)) == 1  # the elite one is left
    assert [s["elite"] for s in state["units"]["mytilene"] if s["kind"] == "hoplite"] == [True]


def _choose(state: dict, seat: int, action: str) -> dict:
    return GAME.play(state, seat, action)


def test_the_eruption_counts_what_lies_around_the_volcano():
    """reach "volcano": Halicarnassus wakes rather than Thera, whose
    neighbour holds the AI's own Trireme."""
    state = _troy_position()
    del state["units"]["dodecanese"]
    add_units(state, "cyclades", TROY, "trireme", 1)
    add_units(state, "cretan-sea", HUMAN, "trireme", 3)
    add_units(state, "miletus", HUMAN, "hoplite", 1)
    board_of(state, TROY)["grudge"] = None
    state = _won(state, "eruption", TROY, {"do": "eruption"})
    assert any("Area Reduction in Halicarnassus" in e["text"] for e in state["log"])
    assert count_units(state, "cretan-sea", HUMAN) == 3 and count_units(state, "miletus", HUMAN) == 0


def test_strategic_shift_flips_the_token():
    """ "flip the Favorite of the Gods token in the air randomly"."""
    sides = set()
    for seed in range(1, 40):
        state = _troy_position()
        state["rng"] = seed
        state = _won(state, "strategic-shift", TROY, {"do": "shift"})
        assert state["favorite"] == TROY
        sides.add(state["direction"])
    assert sides == {"zeus", "hera"}


def test_master_builders_won_by_an_ai_places_city_walls():
    """ "walls-or-wonder": City Walls under construction on its City with the
    most Settlements that has no City Walls."""
    state = _troy_position()
    state["cities"]["phocaea"]["owner"] = TROY
    state = _won(state, "master-builders", TROY, {"do": "build"})
    assert state["cities"]["troy"]["slots"][0] == {"type": "walls", "state": "building"}
    state = _won(state, "master-builders", TROY, {"do": "build"})
    assert state["cities"]["phocaea"]["slots"][0] == {"type": "walls", "state": "building"}
    state["cities"]["phocaea"]["owner"] = None
    state = _won(state, "master-builders", TROY, {"do": "build"})  # no city left for walls: a Wonder
    assert state["cities"]["troy"]["slots"][1] == {"type": "wonder", "state": "building"}


def test_an_ai_facing_a_revolt_picks_its_best_held_city_among_ties():
    """Rise of the Demos: "their non-Government city with the most City
    Upgrades (their choice among ties)" — the AI's choice: the most units."""
    state = _troy_position()
    for city in ("mytilene", "chios"):  # 1 Settlement each: tied
        state["cities"][city]["owner"] = TROY
        state["units"][city] = []
    add_units(state, "chios", TROY, "hoplite", 3)
    state = _won(state, "rise-of-the-demos", HUMAN, {"do": "revolt_own", "seat": TROY})
    assert any(e["text"].startswith("Revolt in Chios") for e in state["log"])


def test_an_ai_favorite_never_orders_its_grudge_first():
    state = _troy_position()
    board_of(state, TROY)["grudge"] = HUMAN
    frame = {"verb": "first", "options": ["blue", "green"], "parent": 0}
    creatures = {"verb": "unleash", "options": ["hydra", "sphinx"], "parent": 0}
    ordered = set()
    for seed in range(1, 20):
        state["rng"] = seed
        assert event_choices.choose(state, frame, TROY) == "first green"
        ordered.add(event_choices.choose(state, creatures, TROY))
    assert ordered == {"unleash hydra", "unleash sphinx"}  # "Creatures act in an order drawn at random"


# ---------------------------------------------------------------------------
# "treat all AI Player's Settlements on an Area as if they had City Upgrades on them"


@pytest.mark.parametrize("per, kind", [("market", "market"), ("academy", "academy")])
def test_festivals_count_an_ai_players_settlements(per, kind):
    """Harvest Festival (per Market), the Sophists (per Academy): Troy's 4
    Settlements and Abydos' 2 stand for 6 of each; a real Market on a mine
    of its counts too."""
    state = _troy_position()
    state["cities"]["abydos"]["owner"] = TROY
    assert counted_type(state, TROY, kind) == 6 and PER[per](state, TROY) == 6
    assert PER[per](state, HUMAN) == 0


def test_great_dionysia_counts_each_ai_city_with_a_settlement():
    state = _troy_position()
    state["cities"]["abydos"]["owner"] = TROY
    assert PER["temple_city"](state, TROY) == 2


def test_the_earthquake_shakes_ai_cities_too():
    """Earthquake: another player's non-Government city with a City Upgrade;
    an AI city's Settlements count, so Abydos (2 Settlements, City Walls on
    one) can be shaken: either the Walls fall, or the other Settlement, which
    stands for an upgrade, costs the AI a unit there (like Area Reduction)."""
    outcomes = set()
    for seed in range(1, 30):
        state = _troy_position()
        state["rng"] = seed
        state["cities"]["abydos"]["owner"] = TROY
        state["units"]["abydos"] = []
        add_units(state, "abydos", TROY, "hoplite", 2)
        state["cities"]["abydos"]["slots"][0] = new_upgrade("walls", "active")
        state = _won(state, "earthquake", HUMAN, {"do": "earthquake"})  # Abydos is the only city to shake
        walls_fell = state["cities"]["abydos"]["slots"][0] is None
        lost = 2 - count_units(state, "abydos", TROY)
        assert (walls_fell, lost) in ((True, 0), (False, 1))
        outcomes.add(walls_fell)
    assert outcomes == {True, False}
