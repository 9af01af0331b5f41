"""Invocations: Temples and Wonders, costs, once per turn, casting windows,
resolution order (the Storms at Sea example), near-simultaneous casts, and
every effect."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.hellenica import GAME, phases
from engine.games.hellenica import creatures as beasts
from engine.games.hellenica.board import preset
from engine.games.hellenica.components import DEITIES, INVOCATIONS
from engine.games.hellenica.invocations import EFFECTS, temples_for
from engine.games.hellenica.state import government_city, new_upgrade
from engine.games.hellenica.steps import current, push
from tests.hellenica.helpers import (
    act_as,
    bid,
    clear_units,
    count,
    give_deity,
    home_of,
    moves,
    new_game,
    own,
    play,
    trigger,
    units,
    upgrade,
)

BOARD = preset("classic")


def test_ten_deities_with_three_invocations_each():
    """ "Each Deity has three different Invocations ... a level 1 Invocation, a
    level 2 Invocation, and a level 3 Invocation"; the rulebook's named ones
    cost what its example spends."""
    assert len(DEITIES) * 7 == 70
    assert all(sorted(INVOCATIONS[n].level for n in d.invocations) == [1, 2, 3] for d in DEITIES.values())
    assert INVOCATIONS["storms-at-sea"].level == 2 and INVOCATIONS["intervention"].level == 3
    assert INVOCATIONS["interference"].level == 1 and INVOCATIONS["alliance"].deity == "hermes"
    assert {i.effect for i in INVOCATIONS.values()} <= set(EFFECTS)


@pytest.fixture
def game():
    state = new_game(2, seed=5)
    clear_units(state)
    return act_as(state, 0)


class TestTemples:
    def test_active_and_exhausted_count_not_under_construction(self, game):
        """ "Both Active and Exhausted Temples count towards determining the
        level of Invocations available.\""""
        home = home_of(game, 0)
        slots = game["cities"][home]["slots"]
        slots[2] = new_upgrade("temple", "active", "ares")
        slots[3] = new_upgrade("temple", "exhausted", "ares")
        slots[0] = new_upgrade("temple", "building", "ares")
        assert temples_for(game, 0, "ares") == 2

    def test_occupied_cities_do_not_count(self, game):
        """ "Temples on cities owned by one player, but occupied by an enemy, are not counted.\""""
        own(game, "megara", 0)
        upgrade(game, "megara", 0, "temple", deity="ares")
        assert temples_for(game, 0, "ares") == 1
        units(game, "megara", 1, "hoplite", 1)
        assert temples_for(game, 0, "ares") == 0

    def test_the_wonder_example(self, game):
        """ "When casting Invocations, the Wonder also counts as a Temple to
        Athena (the Green temple) because it matches the existing Temple.\""""
        home = home_of(game, 0)
        slots = game["cities"][home]["slots"]
        slots[2] = new_upgrade("temple", "active", "athena")
        slots[3] = new_upgrade("wonder", "active")
        assert temples_for(game, 0, "athena") == 2
        assert temples_for(game, 0, "zeus") == 0
        game["seats"][0]["deities"] = ["athena"]
        game["seats"][0]["favor"] = 2
        assert "invoke aegis" not in GAME.legal(game, 0)  # a Combat Invocation: no combat now
        assert "invoke wisdom" in GAME.legal(game, 0)


class TestCasting:
    def test_cost_and_once_per_turn(self, game):
        """ "the player must spend Favor equal to the Invocation level ... Each
        Invocation may only be used once per turn.\""""
        give_deity(game, 0, "athena")
        favor, philosophers = game["seats"][0]["favor"], game["seats"][0]["philosophers"]
        state = GAME.play(game, 0, "invoke wisdom")
        assert state["seats"][0]["favor"] == favor - 1 and state["seats"][0]["philosophers"] == philosophers + 1
        assert current(state)["kind"] == "action" and GAME.to_move(state) == [0]  # it is not the action
        assert "invoke wisdom" not in GAME.legal(state, 0)
        with pytest.raises(IllegalAction, match="once per turn"):
            GAME.play(state, 0, "invoke wisdom")
        from engine.games.hellenica.upkeep import retrieve

        retrieve(state)
        assert state["seats"][0]["invoked"] == []

    def test_the_level_needs_that_many_temples(self, game):
        """ "A player must own a number of Temples dedicated to that Deity equal
        to or greater than the level of the Invocation.\""""
        give_deity(game, 0, "athena", temples=1)
        game["seats"][0]["favor"] = 5
        with pytest.raises(IllegalAction, match="needs 3 Temples to Athena"):
            GAME.play(game, 0, "invoke strategy build")
        give_deity(game, 0, "athena", temples=2)
        own(game, "megara", 0)
        give_deity(game, 0, "athena", temples=1, city="megara")
        assert temples_for(game, 0, "athena") >= 3
        assert "invoke strategy build" in GAME.legal(game, 0)

    def test_no_card_no_favor(self, game):
        with pytest.raises(IllegalAction, match="no Athena Deity Card"):
            GAME.play(game, 0, "invoke wisdom")
        give_deity(game, 0, "athena")
        game["seats"][0]["favor"] = 0
        with pytest.raises(IllegalAction, match="costs 1 Favor; you have 0"):
            GAME.play(game, 0, "invoke wisdom")

    def test_anyone_casts_action_invocations_on_anyones_turn(self, game):
        """ "A player may cast Invocations at any time, on anyone's turn\": an
        out-of-turn action that does not hold the game up."""
        give_deity(game, 1, "hermes")
        assert GAME.to_move(game) == [0] and "invoke trade-winds" in GAME.legal(game, 1)
        state = GAME.play(game, 1, "invoke trade-winds")
        assert state["seats"][1]["commerce"] == 2 and GAME.to_move(state) == [0]
        assert GAME.describe(game, 1, "invoke trade-winds").startswith("Orange invokes Hermes: Trade Winds")

    def test_others_cast_their_own_before_an_action_invocation_resolves(self, game):
        """ "When an Invocation is cast, all players should be given a reasonable
        amount of time to cast their own Invocations before the first
        Invocation is resolved": in the window an Action-phase cast opens, the
        others may cast their own Action-phase Invocations, not only answer it
        with Intervention or Interference; its author casts again once it resolves."""
        give_deity(game, 1, "hermes")
        give_deity(game, 0, "athena")
        commerce, philosophers = game["seats"][1]["commerce"], game["seats"][0]["philosophers"]
        state = GAME.play(game, 1, "invoke trade-winds")
        assert current(state)["kind"] == "window" and GAME.to_move(state) == [0]
        assert moves(state, 0) == ["invoke wisdom", "pass"]
        assert "invoke wisdom" not in moves(state, 1) and 1 not in GAME.to_move(state)
        state = GAME.play(state, 0, "invoke wisdom")  # Blue had not answered yet: a near-simultaneous cast
        if current(state)["kind"] == "choose":  # the Favorite orders the wave
            state = GAME.play(state, state["favorite"], GAME.legal(state, state["favorite"])[0])
        assert state["seats"][1]["commerce"] > commerce and state["seats"][0]["philosophers"] == philosophers + 1
        assert current(state)["kind"] == "action" and GAME.to_move(state) == [0]

    def test_a_phase_invocation_has_no_use_outside_its_phase(self, game):
        give_deity(game, 0, "ares")
        with pytest.raises(IllegalAction, match="in a combat you fight"):
            GAME.play(game, 0, "invoke bloodlust")


@pytest.fixture
def council():
    """Delilah (Blue, Poseidon), Scott (Orange, Zeus, the mover) and Samuel
    (Green, Hera), for the rulebook's Invocation example."""
    state = new_game(3, seed=4)
    delilah, scott, samuel = 0, 1, 2
    give_deity(state, delilah, "poseidon", 2)
    own(state, "megara", scott)
    give_deity(state, scott, "zeus", 2, city="megara")
    give_deity(state, scott, "zeus", 1)
    give_deity(state, samuel, "hera", 1)
    state["seats"][delilah]["favor"], state["seats"][scott]["favor"], state["seats"][samuel]["favor"] = 2, 3, 1
    return state, delilah, scott, samuel


class TestTheInvocationExample:
    def test_storms_at_sea_intervention_and_interference(self, council):
        """Delilah casts Storms at Sea (2 Favor); Scott casts Intervention on it
        (3 Favor); Samuel casts Interference on the Intervention (1 Favor) and
        Scott has no more Favor: Interference resolves first, the Intervention
        fizzles (Scott does not get his 3 Favor back), then Storms at Sea takes
        effect."""
        state, delilah, scott, samuel = council
        home = home_of(state, scott)
        sea = BOARD.seas_by_clearing(home)[0]
        state = play(act_as(state, scott), scott, f"supply {home} from {home}")
        assert current(state)["kind"] == "window" and GAME.to_move(state) == [delilah]
        assert f"invoke storms-at-sea {sea}" in GAME.legal(state, delilah) and "pass" in GAME.legal(state, delilah)
        state = GAME.play(state, delilah, f"invoke storms-at-sea {sea}")
        assert sorted(GAME.to_move(state)) == [scott, samuel]
        assert moves(state, scott) == ["invoke intervention 1", "pass"]
        state = GAME.play(state, scott, "invoke intervention 1")
        assert state["seats"][scott]["favor"] == 0
        assert moves(state, samuel) == ["invoke interference 1", "invoke interference 2", "pass"]
        state = GAME.play(state, samuel, "invoke interference 2")
        lines = [e["text"] for e in state["log"]]
        start = next(i for i, t in enumerate(lines) if "Interference: Orange cannot pay" in t)
        assert "fizzles" in lines[start]
        assert any("Storms at Sea" in t and "closed to movement" in t for t in lines[start:])
        assert not any("Intervention cancels" in t for t in lines)
        assert state["seats"][scott]["favor"] == 0 and "intervention" in state["seats"][scott]["invoked"]
        assert "storms-at-sea" in state["seats"][delilah]["invoked"]
        assert "interference" in state["seats"][samuel]["invoked"]
        assert current(state)["kind"] == "move" and GAME.to_move(state) == [scott]
        assert not any(a.endswith(f" {sea}") for a in moves(state, scott))
        assert sea in GAME.view(state, None)["closed"]

    def test_without_interference_the_intervention_cancels(self, council):
        state, delilah, scott, samuel = council
        home = home_of(state, scott)
        sea = BOARD.seas_by_clearing(home)[0]
        state = play(act_as(state, scott), scott, f"supply {home} from {home}")
        state = GAME.play(state, delilah, f"invoke storms-at-sea {sea}")
        state = GAME.play(state, scott, "invoke intervention 1")
        state = GAME.play(state, samuel, "pass")
        assert any("Intervention cancels Blue's Storms at Sea" in e["text"] for e in state["log"])
        assert state["turn_effects"] == [] and state["seats"][delilah]["favor"] == 0

    def test_the_mover_alone_opens_no_window(self, council):
        """Windows open only for players who could cast something."""
        state, delilah, scott, samuel = council
        state["seats"][delilah]["favor"] = 1  # Storms at Sea costs 2
        home = home_of(state, scott)
        state = play(act_as(state, scott), scott, f"supply {home} from {home}")
        assert current(state)["kind"] == "move"

    def test_the_casting_window_is_a_named_reaction_window(self, council):
        """ "When an Invocation is cast, all players should be given a reasonable
        amount of time to cast their own Invocations before the first
        Invocation is resolved": the game names the window ("casting") and the
        table sizes it; it closes as soon as every seat in it has answered."""
        state, delilah, scott, samuel = council
        home = home_of(state, scott)
        assert GAME.reaction_window(act_as(state, scott)) is None
        windowed = play(act_as(state, scott), scott, f"supply {home} from {home}")
        assert current(windowed)["kind"] == "window" and GAME.reaction_window(windowed) == "casting"
        waiting = GAME.to_move(windowed)
        assert waiting and scott not in waiting and "pass" in GAME.legal(windowed, delilah)
        for seat in waiting[:-1]:
            windowed = GAME.play(windowed, seat, "pass")
            assert GAME.reaction_window(windowed) == "casting"
        closed = GAME.play(windowed, waiting[-1], "pass")
        assert current(closed)["kind"] == "move" and GAME.reaction_window(closed) is None
        assert "window_minutes" not in GAME.options  # the table's reaction-window setting replaces it


class TestNearSimultaneousCasts:
    def test_the_favorite_orders_a_wave_of_casts(self):
        """ "Should there be near-simultaneous Invocations cast, the Favorite of
        the Gods determines the order of resolution.\""""
        state = new_game(2, seed=5)
        clear_units(state)
        for seat in (0, 1):
            give_deity(state, seat, "ares")
            state["seats"][seat]["favor"] = 3
        own(state, "megara", 1)
        units(state, "megara", 0, "hoplite", 2)
        units(state, "megara", 1, "hoplite", 2)
        state["stack"] = []
        push(state, "combat", attacker=0, area="megara", origin=home_of(state, 0))
        phases.advance(state)
        assert current(state)["kind"] == "window" and sorted(GAME.to_move(state)) == [0, 1]
        assert "invoke bloodlust" in GAME.legal(state, 0) and "invoke rout" not in GAME.legal(state, 0)
        state = GAME.play(state, 0, "invoke bloodlust")
        state = GAME.play(state, 1, "invoke bloodlust")  # Orange had not answered since Blue cast: same wave
        window = next(f for f in state["stack"] if f["kind"] == "window")
        assert [c["wave"] for c in window["casts"]] == [1, 1]
        favorite = state["favorite"]
        assert current(state)["kind"] == "choose" and GAME.to_move(state) == [favorite]
        other = 1 - favorite
        state = GAME.play(state, favorite, f"first {GAME.seat_name(state, other).lower()}")
        lines = [e["text"] for e in state["log"] if e["text"].startswith("Bloodlust")]
        assert lines[0].startswith(f"Bloodlust: {GAME.seat_name(state, other)}")
        assert lines[1].startswith(f"Bloodlust: {GAME.seat_name(state, favorite)}")

    def test_a_cast_after_seeing_starts_a_new_wave(self):
        state = new_game(2, seed=5)
        clear_units(state)
        give_deity(state, 0, "ares", 2)
        give_deity(state, 1, "ares", 1)
        for seat in (0, 1):
            state["seats"][seat]["favor"] = 5
        own(state, "megara", 1)
        units(state, "megara", 0, "hoplite", 2)
        units(state, "megara", 1, "hoplite", 2)
        state["stack"] = []
        push(state, "combat", attacker=0, area="megara", origin=home_of(state, 0))
        phases.advance(state)
        state = GAME.play(state, 0, "invoke bloodlust")
        state = GAME.play(state, 0, "invoke war-cry")  # Blue knows her own cast: a new wave
        assert [c["wave"] for c in current(state)["casts"]] == [1, 2]


@pytest.fixture
def fight():
    """Blue attacks Orange in Megara, 3 Hoplites each; a combat window opens
    for whoever can cast."""
    state = new_game(2, seed=5)
    clear_units(state)
    own(state, "megara", 1)
    units(state, "megara", 0, "hoplite", 3)
    units(state, "megara", 1, "hoplite", 3)
    for seat in (0, 1):
        state["seats"][seat]["favor"] = 5

    def start(deity: str, temples: int = 3) -> dict:
        give_deity(state, 0, deity, min(temples, 2))
        if temples > 2:
            own(state, "argos", 0)
            give_deity(state, 0, deity, temples - 2, city="argos")
        state["stack"] = []
        push(state, "combat", attacker=0, area="megara", origin=home_of(state, 0))
        phases.advance(state)
        assert current(state)["kind"] == "window"
        return state

    return start


class TestCombatEffects:
    def _cast(self, state, action):
        state = GAME.play(state, 0, action)
        while current(state)["kind"] == "window":
            state = GAME.play(state, GAME.to_move(state)[0], "pass")
        return state, current(state)

    def test_thunderbolt_lowers_the_enemy(self, fight):
        state, frame = self._cast(fight("zeus"), "invoke thunderbolt")
        from engine.games.hellenica.steps import STEPS

        assert STEPS["combat"].bonus(state, frame, 1) == -1 and STEPS["combat"].bonus(state, frame, 0) == 0

    def test_aegis_raises_the_caster(self, fight):
        state, frame = self._cast(fight("athena"), "invoke aegis")
        from engine.games.hellenica.steps import STEPS

        assert STEPS["combat"].bonus(state, frame, 0) == 2

    def test_talos_lasts_the_whole_combat(self, fight):
        state, frame = self._cast(fight("hephaestus"), "invoke talos")
        assert frame["lasting"] == {"0": 1}

    def test_war_cry_adds_a_die(self, fight):
        state, frame = self._cast(fight("ares"), "invoke war-cry")
        from engine.games.hellenica.steps import STEPS

        assert STEPS["combat"].pool(state, frame, 0) == {"green": 1, "red": 1}

    def test_rout_destroys_an_enemy_unit(self, fight):
        state, frame = self._cast(fight("ares"), "invoke rout")
        assert count(state, "megara", 1) <= 2  # one by Rout (the round may take another)
        assert any(e["text"].startswith("Rout: Orange loses") for e in state["log"])

    def test_peace_sends_the_attacker_home(self, fight):
        state, frame = self._cast(fight("aphrodite"), "invoke peace")
        assert count(state, "megara", 0) == 0 and count(state, home_of(state, 0), 0, "hoplite") >= 3
        assert not any(f["kind"] == "combat" for f in state["stack"])


class TestOtherEffects:
    def test_charm_and_jealousy(self, game):
        give_deity(game, 0, "aphrodite")
        give_deity(game, 0, "hera", 2)
        game["seats"][0]["favor"] = 5
        game["seats"][1].update(commerce=2, favor=3)
        state = play(game, 0, "invoke charm orange", "invoke jealousy orange")
        assert state["seats"][1]["commerce"] == 1 and state["seats"][0]["commerce"] == 1
        assert state["seats"][1]["favor"] == 1 and state["seats"][0]["favor"] == 2

    def test_strategy_gives_a_cube(self, game):
        own(game, "megara", 0)
        give_deity(game, 0, "athena", 2)
        give_deity(game, 0, "athena", 1, city="megara")
        state = GAME.play(game, 0, "invoke strategy train")
        assert state["seats"][0]["cubes"]["train"] == 2

    def test_forge_muses_and_masterwork(self, game):
        home = home_of(game, 0)
        own(game, "megara", 0)
        own(game, "argos", 0)
        give_deity(game, 0, "hephaestus", 2, city="argos")
        give_deity(game, 0, "apollo", 2)
        game["seats"][0]["favor"] = 9
        slots = game["cities"][home]["slots"]
        slots[0] = new_upgrade("academy", "exhausted")
        slots[2] = new_upgrade("temple", "exhausted", "apollo")
        game["cities"]["megara"]["slots"][0] = new_upgrade("barracks", "exhausted")
        game["cities"]["megara"]["slots"][1] = new_upgrade("market", "building")
        assert "invoke forge megara" in GAME.legal(game, 0) and f"invoke forge {home}" not in GAME.legal(game, 0)
        state = play(game, 0, "invoke forge megara", f"invoke muses {home}")
        assert state["cities"]["megara"]["slots"][0]["state"] == "active"
        assert slots[0]["state"] == "exhausted" and state["cities"][home]["slots"][0]["state"] == "active"
        assert state["cities"][home]["slots"][2]["state"] == "active"
        state = GAME.play(state, 0, "invoke masterwork megara")
        assert state["cities"]["megara"]["slots"][1]["state"] == "active"

    def test_earthshaker_and_plague_arrows(self, game):
        own(game, "megara", 1)
        upgrade(game, "megara", 0, "market")
        units(game, "megara", 1, "hoplite", 1)
        own(game, "argos", 0)
        give_deity(game, 0, "poseidon", 2)
        give_deity(game, 0, "poseidon", 1, city="argos")
        game["seats"][0]["favor"] = 3
        state = GAME.play(game, 0, "invoke earthshaker megara")
        assert state["cities"]["megara"]["slots"][0] is None and state["cities"]["megara"]["owner"] == 1
        state = act_as(new_game(2, seed=5), 0)
        clear_units(state)
        own(state, "megara", 1)
        units(state, "megara", 1, "hoplite", 2)
        own(state, "argos", 0)
        give_deity(state, 0, "apollo", 2)
        give_deity(state, 0, "apollo", 1, city="argos")
        state["seats"][0]["favor"] = 3
        assert "invoke plague-arrows megara" in GAME.legal(state, 0)
        assert f"invoke plague-arrows {government_city(state, 1)}" not in GAME.legal(state, 0)
        state = GAME.play(state, 0, "invoke plague-arrows megara")
        assert count(state, "megara", 1) == 0 and state["cities"]["megara"]["owner"] is None

    def test_alliance_takes_a_neutral_city_next_to_you(self, game):
        own(game, "argos", 0)
        give_deity(game, 0, "hermes", 2)
        give_deity(game, 0, "hermes", 1, city="argos")
        game["seats"][0]["favor"] = 3
        options = [a.split()[2] for a in GAME.legal(game, 0) if a.startswith("invoke alliance")]
        assert options and all(game["cities"][c]["owner"] is None for c in options)
        assert all(any(n in ("argos", home_of(game, 0)) for n in BOARD.neighbours(c)) for c in options)
        state = GAME.play(game, 0, f"invoke alliance {options[0]}")
        assert state["cities"][options[0]]["owner"] == 0

    def test_slay_the_beast(self, game):
        units(game, "panactum", 0, "hoplite", 1)
        beasts.place(game, "hydra", "panactum", 1)
        own(game, "argos", 0)
        give_deity(game, 0, "artemis", 2)
        give_deity(game, 0, "artemis", 1, city="argos")
        game["seats"][0]["favor"] = 3
        state = GAME.play(game, 0, "invoke slay-the-beast hydra")
        assert state["slain"] == {"hydra": 0}

    def test_fair_winds_and_winged_sandals_in_ones_own_movement(self, game):
        """Movement: Self — only the mover, for this Movement."""
        give_deity(game, 0, "poseidon")
        give_deity(game, 0, "hermes", 2, city=None)
        home = home_of(game, 0)
        units(game, home, 0, "hoplite", 1)
        game["seats"][0]["favor"] = 5
        state = play(game, 0, f"supply {home} from {home}")
        assert current(state)["kind"] == "move"
        assert "invoke fair-winds" in GAME.legal(state, 0) and "invoke fair-winds" not in GAME.legal(state, 1)
        state = play(state, 0, "invoke fair-winds", "invoke winged-sandals")
        assert current(state)["bonus"] == 1 and current(state)["free_moves"]
        target = next(a.split()[3] for a in moves(state, 0) if a.startswith("move 1 hoplite"))
        state = GAME.play(state, 0, f"move 1 hoplite {target}")
        assert all(s["used"] == 0 for s in state["units"][target])

    def test_wild_woods_closes_a_land_area(self, game):
        give_deity(game, 1, "artemis", 2)
        game["seats"][1]["favor"] = 2
        home = home_of(game, 0)
        units(game, home, 0, "hoplite", 1)
        state = play(game, 0, f"supply {home} from {home}")
        assert current(state)["kind"] == "window" and GAME.to_move(state) == [1]
        wild = next(
            a.split()[2]
            for a in GAME.legal(state, 1)
            if a.startswith("invoke wild-woods") and a.split()[2] in BOARD.neighbours(home)
        )
        state = GAME.play(state, 1, f"invoke wild-woods {wild}")
        assert not any(a.endswith(f" {wild}") for a in moves(state, 0))
        with pytest.raises(IllegalAction, match="closed to movement"):
            GAME.play(state, 0, f"move 1 hoplite {wild}")


class TestEventAndUpkeepInvocations:
    def test_prophecy_spares_the_caster(self):
        state = new_game(2, seed=5)
        clear_units(state)
        own(state, "megara", 1)
        upgrade(state, "megara", 0, "market")
        units(state, "megara", 1, "hoplite", 1)
        give_deity(state, 1, "apollo")
        for player in state["seats"]:
            player["favor"] = 3
        state = trigger(state, 0, "plague")
        assert current(state)["kind"] == "window" and GAME.to_move(state) == [1]
        state = GAME.play(state, 1, "invoke prophecy")
        state = bid(state, blue=1, orange=0)
        assert count(state, "megara", 1) == 1 and state["cities"]["megara"]["owner"] == 1

    def test_decree_cancels_the_effect_not_the_reward(self):
        state = new_game(2, seed=5)
        clear_units(state)
        own(state, "megara", 1)
        upgrade(state, "megara", 0, "market")
        give_deity(state, 1, "zeus", 2)
        for player in state["seats"]:
            player["favor"] = 3
        state = trigger(state, 0, "earthquake")
        state = GAME.play(state, 1, "invoke decree")
        state = bid(state, blue=1, orange=0)
        assert state["cities"]["megara"]["slots"][0] is not None
        assert state["seats"][0]["won"] == ["earthquake"] and state["seats"][0]["favor"] == 3 - 1 + 1

    def test_sanctuary_calm_and_adoration_at_upkeep(self):
        state = new_game(2, seed=5)
        clear_units(state)
        home1 = home_of(state, 1)
        units(state, home1, 0, "hoplite", 1)  # Blue alone in Orange's home: it would fall
        own(state, "megara", 1)
        own(state, "argos", 1)
        give_deity(state, 1, "hera", 2, city="megara")  # Troy is occupied: its Temples do not count
        give_deity(state, 1, "hera", 1, city="argos")
        give_deity(state, 0, "artemis", 1)
        give_deity(state, 0, "aphrodite", 2, city=home_of(state, 0))
        units(state, "panactum", 0, "hoplite", 2)
        beasts.place(state, "hydra", "panactum", 1)
        for player in state["seats"]:
            player["favor"] = 5
            player["passed"] = True
        state["seats"][0]["passed"] = False
        state = act_as(state, 0)
        state = GAME.play(state, 0, "pass")
        assert current(state)["kind"] == "window" and state["phase"] == "invoke"
        assert f"invoke sanctuary {home1}" in GAME.legal(state, 1)
        assert "invoke calm-the-beast hydra" in GAME.legal(state, 0) and "invoke adoration" in GAME.legal(state, 0)
        commerce = state["seats"][0]["commerce"]
        state = GAME.play(state, 1, f"invoke sanctuary {home1}")
        state = GAME.play(state, 0, "invoke calm-the-beast hydra")
        state = GAME.play(state, 0, "invoke adoration")
        for seat in GAME.to_move(state):
            state = GAME.play(state, seat, "pass")
        # Orange's Sanctuary and Blue's Calm were cast without either seeing the other's: the Favorite orders them
        assert current(state)["kind"] == "choose" and GAME.to_move(state) == [state["favorite"]]
        state = GAME.play(state, state["favorite"], moves(state, state["favorite"])[0])
        assert state["cities"][home1]["owner"] == 1  # not conquered
        assert count(state, "panactum", 0) == 2  # the Hydra did not attack
        assert state["seats"][0]["commerce"] >= commerce + 1
