"""Mythological Creatures: placement, interdiction, Duels, Supply tolls, and
each Creature's Upkeep ability exactly as the quick reference gives it."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.hellenica import GAME, phases
from engine.games.hellenica import creatures as beasts
from engine.games.hellenica.board import preset
from engine.games.hellenica.state import government_city
from engine.games.hellenica.steps import current, push
from engine.games.hellenica.upkeep import replenish, retrieve
from tests.hellenica.helpers import act_as, clear_units, count, home_of, moves, new_game, own, play, rig, units, upgrade

BOARD = preset("classic")


@pytest.fixture
def board():
    """Blue (0) and Orange (1), no units anywhere, Blue to act."""
    state = new_game(2, seed=5)
    clear_units(state)
    return act_as(state, 0)


class TestPlacement:
    def test_each_creature_has_its_kind_of_area(self, board):
        """Cetus and Scylla: "a Sea Area"; Cyclops: "an Island Area"; Hydra and
        Medusa: "a non-City Land Area"; Minotaur and Sphinx: "a non-Government
        City Area"."""
        state = board
        governments = {government_city(state, s) for s in (0, 1)}
        for name in ("cetus", "scylla"):
            assert beasts.placement_areas(state, name) and all(
                BOARD.areas[a].is_sea for a in beasts.placement_areas(state, name)
            )
        assert all(BOARD.areas[a].island for a in beasts.placement_areas(state, "cyclops"))
        for name in ("hydra", "medusa"):
            assert all(
                BOARD.areas[a].is_land and not BOARD.areas[a].is_city for a in beasts.placement_areas(state, name)
            )
        for name in ("minotaur", "sphinx"):
            areas = beasts.placement_areas(state, name)
            assert areas and all(BOARD.areas[a].is_city for a in areas) and not governments & set(areas)
        assert not set().union(*(beasts.placement_areas(state, n) for n in beasts.available(state))) & set(
            state["impassable"]
        )

    def test_only_one_creature_per_area(self, board):
        """ "Only one Creature may occupy an Area at any given time.\""""
        beasts.place(board, "hydra", "panactum", 0)
        assert "panactum" not in beasts.placement_areas(board, "medusa")


class TestInterdiction:
    def test_units_there_and_arriving_stay_for_the_turn(self, board):
        """ "Interdiction occurs for all units on the Area when the Creature is
        placed there ... and for new units that enter the Area ... units may
        not move out of an Area on the same turn that they or the Creature
        entered the Area.\""""
        state = board
        units(state, "panactum", 0, "hoplite", 1)
        units(state, "megara", 0, "cavalry", 1)
        own(state, "megara", 0)
        upgrade(state, "megara", 0, "market")
        upgrade(state, "megara", 1, "market")
        state["seats"][0]["cubes"]["supply"] = 3
        beasts.place(state, "hydra", "panactum", 1)
        with pytest.raises(IllegalAction, match="no units in Panactum that can still move"):
            play(act_as(state, 0), 0, "supply panactum from megara")
        state = play(act_as(state, 0), 0, "supply megara from megara", "move 1 cavalry panactum", "done")
        with pytest.raises(IllegalAction, match="no units in Panactum that can still move"):
            play(act_as(state, 0), 0, "supply panactum from megara")
        retrieve(state)  # a new turn: neither the units nor the Creature entered this turn
        state["seats"][0]["cubes"]["supply"] = 1
        for piece in state["cities"]["megara"]["slots"]:
            if piece:
                piece["state"] = "active"
        state = play(act_as(state, 0), 0, "supply panactum from megara")
        assert "move 1 cavalry megara" in moves(state, 0)

    def test_units_trained_there_stay(self, board):
        state = board
        home = home_of(state, 0)
        state["cities"][home]["government"] = None
        beasts.place(state, "sphinx", home, 1)
        upgrade(state, home, 3, "barracks")
        state = play(act_as(state, 0), 0, f"train hoplites {home}")
        assert all(s["used"] >= 100 for s in state["units"][home])

    @pytest.mark.parametrize("creature,blocks", [("cetus", True), ("scylla", False)])
    def test_no_sea_transport_through_the_cetus(self, creature, blocks):
        """Cetus: "No Sea Transport may occur through this Area." Scylla's
        quick reference says no such thing: land units carried through her
        sea do not enter it. (Sea Transport example geography.)"""
        state = new_game(2, seed=33)
        clear_units(state)
        seat = next(s for s in (0, 1) if home_of(state, s) == "athens")
        units(state, "athens", seat, "hoplite", 2)
        units(state, "cyclades", seat, "trireme", 1)
        state = play(act_as(state, seat), seat, "supply athens from athens")
        assert "move 2 hoplite chios" in moves(state, seat)
        beasts.place(state, creature, "cyclades", 1 - seat)
        assert ("move 2 hoplite chios" in moves(state, seat)) is not blocks

    def test_slaying_lifts_the_interdiction(self, board):
        """ "If the Creature is destroyed these restrictions are immediately removed.\""""
        units(board, "panactum", 0, "hoplite", 1)
        beasts.place(board, "hydra", "panactum", 1)
        assert board["units"]["panactum"][0]["used"] >= 100
        beasts.slay(board, "hydra", 0, "by a test")
        assert board["units"]["panactum"][0]["used"] == 0
        assert board["slain"] == {"hydra": 0} and board["creatures"]["hydra"] is None

    def test_no_withdrawal_from_a_creature_area(self, board):
        """ "Units may never retreat from an Area containing a Creature.\""""
        state = board
        own(state, "megara", 1)
        units(state, "megara", 0, "hoplite", 3)
        units(state, "megara", 1, "hoplite", 3)
        beasts.place(state, "minotaur", "megara", 1)
        state["stack"] = []
        frame = push(state, "combat", attacker=0, area="megara", origin=home_of(state, 0))
        phases.advance(state)
        frame = current(state)
        frame.update(step="withdraw", decider=0)
        assert moves(state, 0) == ["fight"]
        with pytest.raises(IllegalAction, match="never retreat"):
            GAME.play(state, 0, "withdraw")


class TestDuels:
    @pytest.fixture
    def hero(self, board):
        state = board
        units(state, "panactum", 0, "hero", 1)
        beasts.place(state, "hydra", "panactum", 1)
        return state

    @pytest.mark.parametrize("face,slain,hero_left", [("++", True, 1), ("+", True, 1), ("", False, 1), ("-", False, 0)])
    def test_the_duel_at_the_end_of_an_action(self, hero, face, slain, hero_left):
        """ "If the player rolls + or ++ then the Creature is destroyed ... a
        blank, then neither side is victorious ... a -, then the Hero is killed.\""""
        rig(hero, ("yellow", face))
        state = GAME.play(hero, 0, f"worship {home_of(hero, 0)}")
        assert (state["slain"].get("hydra") == 0) == slain
        assert (state["creatures"]["hydra"] is None) == slain
        assert count(state, "panactum", 0, "hero") == hero_left

    def test_no_duel_after_passing(self, hero):
        """ "If the Active Player has not Passed at the end of their Action".\""""
        rig(hero, ("yellow", "+"))
        state = GAME.play(hero, 0, "pass")
        assert state["creatures"]["hydra"] == "panactum"

    def test_alcibiades_duels_like_a_hero(self, board):
        units(board, "panactum", 0, "alcibiades", 1)
        beasts.place(board, "hydra", "panactum", 1)
        rig(board, ("yellow", "++"))
        state = GAME.play(board, 0, f"worship {home_of(board, 0)}")
        assert state["slain"] == {"hydra": 0}

    def test_one_die_per_hero_until_the_creature_falls(self, board):
        units(board, "panactum", 0, "hero", 2)
        beasts.place(board, "hydra", "panactum", 1)
        rig(board, ("yellow", "-"), ("yellow", "+"))
        state = GAME.play(board, 0, f"worship {home_of(board, 0)}")
        assert state["slain"] == {"hydra": 0} and count(state, "panactum", 0, "hero") == 1


class TestUpkeepAbilities:
    """The quick reference, creature by creature (abilities run directly; the
    next class runs them through the Upkeep phase)."""

    @pytest.mark.parametrize(
        "rolls,left",
        [
            ([("blue", 2), ("any", 3), ("blue", 1), ("any", 2)], 1),  # Cetus wins twice: two rounds, two Triremes
            ([("blue", 3), ("any", 3)], 2),  # a tie: one Trireme, no second round
            ([("blue", 4)], 3),  # the Triremes win: nothing
            ([("blue", 2), ("any", 3), ("blue", 5)], 2),  # won, then beaten
        ],
    )
    def test_cetus(self, board, rolls, left):
        """ "The Cetus attacks units on the Area with a Combat Strength of 3 ...
        If the Cetus wins or ties, it eliminates 1 random Trireme. If the Cetus
        wins, perform another round of Combat to a maximum of 2 rounds.\""""
        units(board, "cyclades", 1, "trireme", 3)
        beasts.place(board, "cetus", "cyclades", 0)
        rig(board, *rolls)
        beasts.unleash(board, "cetus")
        assert count(board, "cyclades", 1, "trireme") == left
        assert board["creatures"]["cetus"] == "cyclades"  # "cannot be eliminated by this Combat"

    @pytest.mark.parametrize(
        "rolls,left",
        [
            ([("green", 3), ("any", 2), ("green", 2), ("any", 1)], 0),
            ([("green", 4), ("any", 2)], 1),
            ([("green", 5)], 2),
        ],
    )
    def test_hydra(self, board, rolls, left):
        """ "The Hydra attacks units on the Area with a Combat Strength of 4 ...
        If the Hydra wins or ties, it eliminates 1 random non-hero unit.\""""
        units(board, "panactum", 1, "hoplite", 2)
        beasts.place(board, "hydra", "panactum", 0)
        rig(board, *rolls)
        beasts.unleash(board, "hydra")
        assert count(board, "panactum", 1, "hoplite") == left

    def test_a_hero_fighting_the_hydra_falls_only_in_a_duel(self, board):
        """ "Heroes are only eliminated by Mythological Creatures via Duels": a
        Hero's Yellow die in the Hydra's combat adds its plusses, but a minus
        does not kill it (the Hydra's 4 beats the Hoplite's 3: the Hoplite falls)."""
        units(board, "panactum", 1, "hoplite", 1)
        units(board, "panactum", 1, "hero", 1)
        beasts.place(board, "hydra", "panactum", 0)
        rig(board, ("green", 3), ("yellow", "-"), ("any", 1))
        beasts.unleash(board, "hydra")
        assert count(board, "panactum", 1, "hero") == 1 and count(board, "panactum", 1, "hoplite") == 0

    def test_cyclops(self, board):
        """ "Roll the Yellow die once for each Trireme on adjacent Sea Areas and
        for each unit and City Upgrade on the island. On a - result, remove
        that unit or City Upgrade." Heroes fall only in Duels."""
        state = board
        own(state, "chios", 1)
        upgrade(state, "chios", 0, "market")
        units(state, "chios", 1, "hoplite", 1)
        units(state, "chios", 1, "hero", 1)
        units(state, "cyclades", 0, "trireme", 1)
        beasts.place(state, "cyclops", "chios", 0)
        rig(state, ("yellow", "-"), ("yellow", "-"), ("yellow", "-"))
        beasts.unleash(state, "cyclops")
        assert count(state, "cyclades", 0) == 0 and count(state, "chios", 1, "hoplite") == 0
        assert state["cities"]["chios"]["slots"][0] is None
        assert count(state, "chios", 1, "hero") == 1 and state["cities"]["chios"]["owner"] == 1

    def test_cyclops_spares_what_rolls_no_minus(self, board):
        own(board, "chios", 1)
        upgrade(board, "chios", 0, "market")
        units(board, "chios", 1, "hoplite", 2)
        beasts.place(board, "cyclops", "chios", 0)
        rig(board, ("yellow", "+"), ("yellow", "-"), ("yellow", ""))
        beasts.unleash(board, "cyclops")
        assert count(board, "chios", 1, "hoplite") == 1 and board["cities"]["chios"]["slots"][0] is not None

    @pytest.mark.parametrize("name,area", [("medusa", "panactum"), ("scylla", "cyclades")])
    @pytest.mark.parametrize("face,lost", [("++", 0), ("+", 0), ("", 1), ("-", 1)])
    def test_medusa_and_scylla(self, board, name, area, face, lost):
        """ "Roll the Yellow die once. On a + or ++ result, [it] does nothing.
        Otherwise, remove 1 random non-Hero unit from the Area.\""""
        kind = "trireme" if area == "cyclades" else "hoplite"
        units(board, area, 1, kind, 2)
        units(board, area, 1, "hero", 1)
        beasts.place(board, name, area, 0)
        rig(board, ("yellow", face), ("any", 2))
        beasts.unleash(board, name)
        assert count(board, area, 1, kind) == 2 - lost and count(board, area, 1, "hero") == 1

    def test_a_hero_left_at_sea_without_triremes_is_lost(self, board):
        """Scylla takes the last Trireme: "Heroes at Sea without Triremes are eliminated"."""
        units(board, "cyclades", 1, "trireme", 1)
        units(board, "cyclades", 1, "hero", 1)
        beasts.place(board, "scylla", "cyclades", 0)
        rig(board, ("yellow", "-"), ("any", 1))
        beasts.unleash(board, "scylla")
        assert count(board, "cyclades", 1) == 0

    @pytest.mark.parametrize("face,ok", [("++", True), ("+", True), ("", False), ("-", False)])
    def test_supplying_medusas_area(self, board, face, ok):
        """ "each attempt to Supply the Area requires a roll of the Yellow die.
        On a minus or blank result, the Supply is cancelled ... The Market is
        exhausted regardless of result.\""""
        state = board
        home = home_of(state, 0)
        units(state, "panactum", 0, "hoplite", 1)
        state["units"]["panactum"][0]["used"] = 0
        state["creatures"]["medusa"] = "panactum"  # there since an earlier turn: no interdiction now
        rig(state, ("yellow", face))
        state = GAME.play(state, 0, f"supply panactum from {home}")
        assert (current(state)["kind"] == "move") == ok
        assert state["seats"][0]["cubes"]["supply"] == 0
        assert any(p and p["type"] == "market" and p["state"] == "exhausted" for p in state["cities"][home]["slots"])

    def test_minotaur(self, board):
        """ "On a roll of ++, the Minotaur does nothing. Otherwise, the Player
        must remove 1 City Upgrade. If there are no City Upgrades, remove 1
        random non-Hero unit.\""""
        state = board
        own(state, "megara", 1)
        upgrade(state, "megara", 0, "market")
        upgrade(state, "megara", 1, "academy")
        units(state, "megara", 1, "hoplite", 1)
        beasts.place(state, "minotaur", "megara", 0)
        rig(state, ("yellow", "++"))
        beasts.unleash(state, "minotaur")
        assert state["stack"][-1]["kind"] == "action"
        rig(state, ("yellow", "+"))
        beasts.unleash(state, "minotaur")
        frame = state["stack"][-1]
        assert frame["kind"] == "losses" and frame["seat"] == 1
        assert sorted(GAME.legal(state, 1)[:2]) == ["lose academy megara", "lose market megara"]
        state = GAME.play(state, 1, "lose academy megara")
        assert state["cities"]["megara"]["slots"][1] is None and count(state, "megara", 1) == 1
        state["cities"]["megara"]["slots"][0] = None
        rig(state, ("yellow", "-"), ("any", 1))
        beasts.unleash(state, "minotaur")
        assert count(state, "megara", 1) == 0
        # "Cities that lose all units and City Upgrades ... become neutral"
        assert state["cities"]["megara"]["owner"] is None

    def test_sphinx(self, board):
        """ "On a roll of ++, the Sphinx does nothing. Otherwise, remove 1 random
        non-Hero unit. If there are no units, the Player must remove 1 City Upgrade.\""""
        state = board
        own(state, "megara", 1)
        upgrade(state, "megara", 0, "market")
        units(state, "megara", 1, "hoplite", 1)
        beasts.place(state, "sphinx", "megara", 0)
        rig(state, ("yellow", "+"), ("any", 1))
        beasts.unleash(state, "sphinx")
        assert count(state, "megara", 1) == 0 and state["cities"]["megara"]["slots"][0] is not None
        rig(state, ("yellow", ""))
        beasts.unleash(state, "sphinx")  # no units: the only upgrade goes, no choice to make
        assert state["cities"]["megara"]["slots"][0] is None and state["cities"]["megara"]["owner"] is None

    def test_a_home_city_emptied_by_a_creature_returns_to_its_owner(self, board):
        """ "(Home Cities revert to their original owners)\""""
        state = board
        home0 = home_of(state, 0)
        own(state, home0, 1)
        state["cities"][home0]["government"] = None
        state["cities"][home0]["slots"] = [None] * len(state["cities"][home0]["slots"])
        units(state, home0, 1, "hoplite", 1)
        beasts.place(state, "sphinx", home0, 0)
        rig(state, ("yellow", "-"), ("any", 1))
        beasts.unleash(state, "sphinx")
        assert state["cities"][home0]["owner"] == 0


class TestCreaturesInUpkeep:
    def test_the_favorite_orders_several_creatures(self, board):
        """ "If more than one creature is on the map, the Favorite of the gods
        determines the order in which they attack.\""""
        state = board
        beasts.place(state, "hydra", "panactum", 0)
        beasts.place(state, "medusa", "mt-olympus", 0)
        state["stack"] = []
        state["phase"], state["phase_started"] = "creatures", False
        phases.advance(state)
        assert current(state)["kind"] == "choose" and GAME.to_move(state) == [state["favorite"]]
        assert sorted(moves(state, state["favorite"])) == ["unleash hydra", "unleash medusa"]
        state = GAME.play(state, state["favorite"], "unleash medusa")
        assert state["phase"] != "creatures"
        lines = [e["text"] for e in state["log"]]
        assert next(i for i, t in enumerate(lines) if t.startswith("The Medusa")) < next(
            i for i, t in enumerate(lines) if t.startswith("The Hydra")
        )

    def test_cubes_stay_on_upgrades_where_a_creature_is(self, board):
        """ "players may not remove Action Cubes from City Upgrades during Upkeep
        as long as the Creature is present ... Exhausted Markets on Areas with
        Creatures do not produce a Supply cube during Upkeep.\""""
        state = board
        own(state, "megara", 0)
        upgrade(state, "megara", 0, "market", status="exhausted")
        upgrade(state, "megara", 1, "barracks", status="building")
        home = home_of(state, 0)
        for piece in state["cities"][home]["slots"]:
            if piece:
                piece["state"] = "exhausted"
        beasts.place(state, "minotaur", "megara", 1)
        retrieve(state)
        replenish(state)
        assert state["cities"]["megara"]["slots"][0]["state"] == "exhausted"
        assert state["cities"]["megara"]["slots"][1]["state"] == "building"
        assert all(p["state"] == "active" for p in state["cities"][home]["slots"] if p)
        assert state["seats"][0]["cubes"]["supply"] == 1  # the home Market only

    def test_a_whole_turn_with_a_creature(self, board):
        state = board
        units(state, "cyclades", 1, "trireme", 2)
        beasts.place(state, "cetus", "cyclades", 0)
        for seat in (0, 1):
            state["seats"][seat]["passed"] = seat == 1
        state = GAME.play(state, 0, "pass")
        assert any("The Cetus attacks Orange" in e["text"] for e in state["log"])


def test_creatures_in_the_public_view(board):
    beasts.place(board, "hydra", "panactum", 0)
    board["slain"]["cetus"] = 1
    view = GAME.view(board, None)
    shown = {c["name"]: c for c in view["creatures"]}
    assert shown["hydra"]["area"] == "panactum" and shown["cetus"]["slain_by"] == 1
    assert shown["minotaur"]["area"] is None and shown["minotaur"]["slain_by"] is None
