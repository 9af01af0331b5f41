"""Movement: supply limits, groups, mountains, Triremes, Sea Transport,
interdiction and raids — with the rulebook's examples."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.hellenica import GAME
from engine.games.hellenica.steps import current
from tests.hellenica.helpers import act_as, clear_units, count, home_of, learn, new_game, own, play, units, upgrade

GAME_SEED = 21


@pytest.fixture
def game():
    """Athens and Troy, the board cleared of units, Athens' owner to act with
    three Markets and three Supply cubes."""
    state = new_game(2, seed=GAME_SEED)
    clear_units(state)
    upgrade(state, "athens", 0, "market")
    upgrade(state, "athens", 2, "market")
    state["seats"][_seat(state)]["cubes"]["supply"] = 3
    return act_as(state, _seat(state))


def _seat(state):
    """The seat playing Athens."""
    return next(s for s in (0, 1) if home_of(state, s) == "athens")


def _supply(state, area):
    seat = _seat(state)
    return play(act_as(state, seat), seat, f"supply {area} from athens")


class TestSupplyLimits:
    def test_michelle_moves_from_megara_to_panactum_and_on(self, game):
        """Supply Limit example: a Hoplite and 2 Cavalry move Megara ->
        Panactum; supplied again, the Hoplite (limit 1) may not move but the
        Cavalry move a second time; then none of them may move again."""
        seat = _seat(game)
        units(game, "megara", seat, "hoplite", 1)
        units(game, "megara", seat, "cavalry", 2)
        state = _supply(game, "megara")
        state = play(state, seat, "move 1 hoplite panactum", "move 2 cavalry panactum", "done")
        assert count(state, "panactum", seat) == 3
        state = _supply(state, "panactum")
        legal = GAME.legal(state, seat)
        assert not any(a.startswith("move 1 hoplite") for a in legal)
        assert "move 2 cavalry megara" in legal
        with pytest.raises(IllegalAction, match="no hoplites in Panactum that can still move"):
            GAME.play(state, seat, "move 1 hoplite megara")
        state = play(state, seat, "move 2 cavalry megara", "done")
        with pytest.raises(IllegalAction, match="no units in Panactum that can still move"):
            _supply(state, "panactum")
        with pytest.raises(IllegalAction, match="no units in Megara that can still move"):
            _supply(state, "megara")

    def test_logistics_raises_the_limit(self, game):
        seat = _seat(game)
        learn(game, seat, "logistics")
        units(game, "megara", seat, "hoplite", 1)
        state = play(_supply(game, "megara"), seat, "move 1 hoplite panactum", "done")
        state = play(_supply(state, "panactum"), seat, "move 1 hoplite megara", "done")
        assert count(state, "megara", seat, "hoplite") == 1

    def test_a_unit_moves_once_per_supply(self, game):
        seat = _seat(game)
        units(game, "megara", seat, "cavalry", 1)
        state = play(_supply(game, "megara"), seat, "move 1 cavalry panactum")
        assert not any(a.startswith("move") for a in GAME.legal(state, seat))

    def test_triremes_have_no_supply_limit(self, game):
        seat = _seat(game)
        units(game, "athens", seat, "trireme", 1)
        state = play(_supply(game, "athens"), seat, "move 1 trireme cyclades", "done")
        state = play(_supply(state, "cyclades"), seat, "move 1 trireme saronic-gulf", "done")
        state = play(_supply(state, "saronic-gulf"), seat, "move 1 trireme myrtoan-sea", "done")
        assert count(state, "myrtoan-sea", seat, "trireme") == 1


class TestWhereUnitsGo:
    def test_land_units_cannot_cross_mountains_without_leadership(self, game):
        """Megara and Delphi share a mountain side."""
        seat = _seat(game)
        units(game, "megara", seat, "hoplite", 1)
        state = _supply(game, "megara")
        with pytest.raises(IllegalAction, match="mountain side"):
            GAME.play(state, seat, "move 1 hoplite delphi")
        learn(game, seat, "leadership")
        state = play(_supply(game, "megara"), seat, "move 1 hoplite delphi")
        assert count(state, "delphi", seat) == 1

    def test_land_units_do_not_enter_the_sea(self, game):
        seat = _seat(game)
        units(game, "athens", seat, "hoplite", 1)
        state = _supply(game, "athens")
        with pytest.raises(IllegalAction, match="Land units cannot enter Cyclades"):
            GAME.play(state, seat, "move 1 hoplite cyclades")

    def test_triremes(self, game):
        """Triremes leave land through a clearing into the sea, never land to
        land, and never into land holding enemy units."""
        seat, enemy = _seat(game), 1 - _seat(game)
        units(game, "athens", seat, "trireme", 2)
        state = _supply(game, "athens")
        with pytest.raises(IllegalAction, match="directly from one land area to another"):
            GAME.play(state, seat, "move 1 trireme megara")
        state = play(state, seat, "move 2 trireme cyclades", "done")
        units(state, "chios", enemy, "hoplite", 1)
        state = _supply(state, "cyclades")
        with pytest.raises(IllegalAction, match="holds enemy units"):
            GAME.play(state, seat, "move 1 trireme chios")
        state = play(state, seat, "move 1 trireme thera")
        assert count(state, "thera", seat, "trireme") == 1

    def test_impassable_areas(self, game):
        """Areas more than 2 areas from both Athens and Troy may not be entered."""
        seat = _seat(game)
        assert "olympia" in game["impassable"] and "corinth" not in game["impassable"]
        units(game, "corinth", seat, "hoplite", 1)
        state = _supply(game, "corinth")
        assert "move 1 hoplite argos" in GAME.legal(state, seat)
        with pytest.raises(IllegalAction, match="impassable"):
            GAME.play(state, seat, "move 1 hoplite olympia")


class TestSeaTransport:
    def test_brians_example(self, game):
        """Sea Transport example: with 2 Triremes on the Cyclades all three
        units reach Chios; across the Cyclades and the Dodecanese (1 Trireme)
        only 2 units can reach Troy."""
        seat = _seat(game)
        units(game, "athens", seat, "cavalry", 2)
        units(game, "athens", seat, "hoplite", 1)
        units(game, "cyclades", seat, "trireme", 2)
        units(game, "dodecanese", seat, "trireme", 1)
        state = play(_supply(game, "athens"), seat, "move 2 cavalry chios", "move 1 hoplite chios")
        assert count(state, "chios", seat) == 3
        state = _supply(game, "athens")
        assert "move 2 cavalry troy" in GAME.legal(state, seat)
        state = play(state, seat, "move 2 cavalry troy")
        assert count(state, "troy", seat) == 2
        assert "move 1 hoplite troy" not in GAME.legal(state, seat)
        with pytest.raises(IllegalAction, match="no chain of your Triremes with room for 1"):
            GAME.play(state, seat, "move 1 hoplite troy")
        assert "move 1 hoplite chios" in GAME.legal(state, seat)  # the Cyclades still carry 2 more

    def test_heroes_travel_free_and_may_stay_at_sea(self, game):
        """ "Heroes do not count against a Trireme's carrying capacity" and "may
        remain at sea and move with Triremes"."""
        seat = _seat(game)
        units(game, "athens", seat, "hero", 2)
        units(game, "athens", seat, "hoplite", 2)
        units(game, "cyclades", seat, "trireme", 1)
        state = play(
            _supply(game, "athens"), seat, "move 2 hoplite chios", "move 1 hero chios", "move 1 hero cyclades", "done"
        )
        assert count(state, "chios", seat) == 3 and count(state, "cyclades", seat, "hero") == 1

    def test_copper_banding_carries_three(self, game):
        seat = _seat(game)
        learn(game, seat, "copper-banding")
        units(game, "athens", seat, "hoplite", 3)
        units(game, "cyclades", seat, "trireme", 1)
        state = play(_supply(game, "athens"), seat, "move 3 hoplite chios")
        assert count(state, "chios", seat) == 3

    def test_only_your_own_triremes(self, game):
        seat, enemy = _seat(game), 1 - _seat(game)
        units(game, "athens", seat, "hoplite", 1)
        units(game, "cyclades", enemy, "trireme", 2)
        state = _supply(game, "athens")
        assert "move 1 hoplite chios" not in GAME.legal(state, seat)

    @pytest.mark.parametrize("order", [("trireme", "hero"), ("hero", "trireme")])
    def test_a_hero_at_sea_sails_on_with_its_only_trireme(self, game, order):
        """ "Heroes may remain at sea and move with Triremes": a Hero and its one
        Trireme sail on together, whichever moves first."""
        seat = _seat(game)
        units(game, "cyclades", seat, "trireme", 1)
        units(game, "cyclades", seat, "hero", 1)
        state = play(_supply(game, "cyclades"), seat, *(f"move 1 {kind} saronic-gulf" for kind in order), "done")
        assert count(state, "saronic-gulf", seat) == 2 and count(state, "cyclades", seat) == 0

    def test_heroes_at_sea_without_triremes_are_lost(self, game):
        seat = _seat(game)
        units(game, "cyclades", seat, "trireme", 1)
        units(game, "cyclades", seat, "hero", 1)
        state = play(_supply(game, "cyclades"), seat, "move 1 trireme saronic-gulf", "done")
        assert count(state, "cyclades", seat) == 0
        assert count(state, "saronic-gulf", seat, "trireme") == 1


class TestInterdiction:
    def test_units_entering_enemy_units_attack_together(self, game):
        """ "all units moving to the same Area must move as one group" and
        "Combat immediately occurs"."""
        seat, enemy = _seat(game), 1 - _seat(game)
        units(game, "athens", seat, "hoplite", 2)
        units(game, "athens", seat, "cavalry", 1)
        units(game, "megara", enemy, "hoplite", 1)
        state = play(_supply(game, "athens"), seat, "move 2 hoplite megara", "move 1 cavalry megara")
        assert count(state, "megara", seat) == 0 and count(state, "athens", seat) == 0
        assert "attack megara" in GAME.legal(state, seat)
        state = play(state, seat, "attack megara")
        assert any(e["text"] == "Round 1 in Megara" or e["text"].startswith("Round 1 in Megara") for e in state["log"])
        assert count(state, "athens", seat) == 0

    def test_no_more_units_into_a_combat_area(self, game):
        seat, enemy = _seat(game), 1 - _seat(game)
        units(game, "athens", seat, "hoplite", 3)
        units(game, "megara", enemy, "hero", 1)
        state = play(_supply(game, "athens"), seat, "move 2 hoplite megara", "attack megara")
        while current(state)["kind"] == "combat":
            actor = GAME.to_move(state)[0]
            state = GAME.play(state, actor, GAME.legal(state, actor)[0])
        assert current(state)["kind"] == "move"
        with pytest.raises(IllegalAction, match="Combat was fought in Megara"):
            GAME.play(state, seat, "move 1 hoplite megara")

    def test_cities_without_units_do_not_interdict(self, game):
        seat, enemy = _seat(game), 1 - _seat(game)
        own(game, "megara", enemy)
        units(game, "athens", seat, "hoplite", 1)
        state = play(_supply(game, "athens"), seat, "move 1 hoplite megara")
        assert count(state, "megara", seat) == 1 and current(state)["kind"] == "move"

    def test_combat_comes_before_any_other_move(self, game):
        """ "Combat immediately occurs before the Active Player moves any other units.\""""
        seat, enemy = _seat(game), 1 - _seat(game)
        units(game, "athens", seat, "hoplite", 2)
        units(game, "athens", seat, "cavalry", 1)
        units(game, "megara", enemy, "hoplite", 1)
        state = play(_supply(game, "athens"), seat, "move 1 hoplite megara")
        legal = GAME.legal(state, seat)
        assert "move 1 cavalry megara" in legal and "move 1 cavalry panactum" not in legal
        with pytest.raises(IllegalAction, match="attack before anything else moves"):
            GAME.play(state, seat, "move 1 cavalry panactum")
        state = play(state, seat, "attack megara")
        while current(state)["kind"] == "combat":
            actor = GAME.to_move(state)[0]
            legal = GAME.legal(state, actor)
            state = GAME.play(state, actor, "fight" if "fight" in legal else legal[0])
        assert "move 1 cavalry panactum" in GAME.legal(state, seat)

    def test_undispatched_assaults_stay_home(self, game):
        seat, enemy = _seat(game), 1 - _seat(game)
        units(game, "athens", seat, "hoplite", 2)
        units(game, "megara", enemy, "hoplite", 1)
        state = play(_supply(game, "athens"), seat, "move 2 hoplite megara", "done")
        assert count(state, "athens", seat, "hoplite") == 2


class TestRaids:
    def test_raid_an_enemy_mine(self, game):
        """ "If the Active Player's units solely occupy an Area with enemy City
        Upgrades on Mines during a Movement action, they may raid them.\""""
        seat, enemy = _seat(game), 1 - _seat(game)
        own(game, "thebes", enemy)
        game["mines"]["parnes"] = {"type": "barracks", "state": "active"}
        game["mines"]["laurion"] = {"type": "market", "state": "active"}  # Athens' own: no raid
        units(game, "megara", seat, "hoplite", 1)
        state = play(_supply(game, "megara"), seat, "move 1 hoplite panactum")
        assert "raid parnes" in GAME.legal(state, seat) and "raid laurion" not in GAME.legal(state, seat)
        state = play(state, seat, "raid parnes")
        assert state["mines"]["parnes"] is None and state["mines"]["laurion"] is not None
        with pytest.raises(IllegalAction, match="not such a mine"):
            GAME.play(state, seat, "raid laurion")

    def test_no_raid_when_sharing_the_area(self, game):
        seat, enemy = _seat(game), 1 - _seat(game)
        own(game, "thebes", enemy)
        game["mines"]["parnes"] = {"type": "barracks", "state": "active"}
        units(game, "panactum", enemy, "trireme", 1)
        units(game, "panactum", seat, "hoplite", 1)
        from engine.games.hellenica.movement import raid_targets

        assert raid_targets(game, seat) == []
