"""The component data agrees with every number and place the rulebook states."""

from __future__ import annotations

import pytest

from engine.core import load_toml
from engine.games.hellenica import components as data
from engine.games.hellenica.board import CLEARING, MOUNTAIN, SHALLOWS, parse_map, preset

BOARD = preset("classic")


class TestPlaces:
    def test_the_seven_city_states_are_home_cities(self):
        assert sorted(BOARD.seating) == sorted(
            ["athens", "sparta", "corinth", "thebes", "troy", "byzantium", "corcyra"]
        )
        assert all(BOARD.areas[h].home for h in BOARD.seating)

    @pytest.mark.parametrize(
        "name",
        [
            "megara",
            "panactum",
            "delphi",
            "mt-olympus",
            "chios",
            "phocaea",
            "abydos",
            "mytilene",
            "thera",
            "halicarnassus",
            "cyclades",
            "dodecanese",
            "eastern-aegean",
            "thermaic-gulf",
        ],
    )
    def test_every_place_the_rulebook_names_is_on_the_map(self, name):
        assert name in BOARD.areas

    def test_seas_are_sea_areas(self):
        for sea in ("cyclades", "dodecanese", "eastern-aegean", "thermaic-gulf"):
            assert BOARD.areas[sea].is_sea

    def test_thera_and_halicarnassus_are_volcanoes(self):
        """ "Thera and Halicarnasus are Volcano Areas.\""""
        assert {a for a, area in BOARD.areas.items() if area.volcano} == {"thera", "halicarnassus"}

    def test_delphi_has_a_free_temple(self):
        """ "Delphi contains a Free Temple location.\""""
        assert BOARD.areas["delphi"].free_temple == "oracle"
        assert [a for a, area in BOARD.areas.items() if area.free_temple] == ["delphi"]

    def test_settlement_counts_from_the_examples(self):
        """AI example: "Abydos has 2 Settlements and Mytilene has 1 Settlement"."""
        assert BOARD.areas["abydos"].settlements == 2
        assert BOARD.areas["mytilene"].settlements == 1

    def test_home_cities_fit_the_starting_upgrades(self):
        """An Academy, Market and Temple go "on any Settlements on their Home City Area"."""
        assert all(BOARD.areas[h].settlements >= 3 for h in BOARD.seating)

    def test_mines_lie_in_non_city_areas_next_to_their_city(self):
        for mine in BOARD.mines.values():
            assert not BOARD.areas[mine.area].is_city
            assert BOARD.border(mine.area, mine.city) is not None


class TestBorders:
    def test_supply_example_megara_borders_panactum(self):
        assert BOARD.border("megara", "panactum") == CLEARING

    def test_sea_transport_example_geography(self):
        """Athens reaches Chios across the Cyclades, and Troy only across the
        Cyclades and then the Dodecanese."""
        assert BOARD.border("athens", "cyclades") == CLEARING
        assert BOARD.border("chios", "cyclades") == CLEARING
        assert BOARD.border("cyclades", "dodecanese") == CLEARING
        assert BOARD.border("troy", "dodecanese") == CLEARING
        assert BOARD.border("troy", "cyclades") is None

    def test_troys_triremes_reach_only_two_seas(self):
        """AI example: Troy's Triremes "can reach either the Eastern Aegean Sea
        or the Dodecanese"; Abydos and Phocaea are reached by sea."""
        seas = sorted(BOARD.seas_by_clearing("troy"))
        assert seas == ["dodecanese", "eastern-aegean"]
        assert BOARD.border("troy", "abydos") != CLEARING
        assert BOARD.border("troy", "phocaea") is None
        assert BOARD.border("abydos", "eastern-aegean") == CLEARING
        assert BOARD.border("phocaea", "eastern-aegean") == CLEARING

    def test_thermaic_gulf_is_not_connected_to_panactum(self):
        """ "The Thermaic Gulf is not connected to Panactum.\""""
        assert BOARD.border("panactum", "thermaic-gulf") == SHALLOWS
        assert "thermaic-gulf" not in BOARD.connected("panactum")

    def test_shallows_around_troy_and_corcyra(self):
        assert BOARD.areas["troy"].shallows and BOARD.areas["corcyra"].shallows
        assert BOARD.border("corcyra", "epirus") == SHALLOWS

    def test_the_board_has_mountains(self):
        assert any(kind == MOUNTAIN for borders in BOARD.borders.values() for kind in borders.values())

    def test_every_home_city_is_coastal(self):
        """Each starts with a Trireme on its Home City Area."""
        assert all(BOARD.coastal(h) for h in BOARD.seating)

    def test_map_data_is_validated(self):
        table = load_toml("hellenica", "map.toml")
        table["areas"]["athens"] = {**table["areas"]["athens"], "sides": "cccmcc"}  # Athens-Megara
        with pytest.raises(ValueError, match="disagree"):
            parse_map(table)


class TestComponents:
    def test_44_objective_cards_one_or_three_copies(self):
        assert len(data.ethos_deck()) + len(data.PATHOS) == 44
        assert {data.OBJECTIVES[n].copies for n in data.ETHOS} == {1, 3}

    def test_named_objectives(self):
        for name in ("destruction", "empire", "sea-power", "ascendancy", "commune"):
            assert data.OBJECTIVES[name].kind == "pathos"
        for name in ("loyalty", "piety", "prosperity", "scholarship", "production", "enlightenment", "knowledge"):
            assert data.OBJECTIVES[name].kind == "ethos"
        assert set(data.STANDARD_PATHOS) == {"destruction", "empire", "sea-power"}
        assert len(data.PATHOS) > 5  # more for the Random Pathos variant

    def test_seventy_deity_cards(self):
        assert data.DEITY_COPIES * len(data.DEITIES) == 70

    def test_five_categories_two_levels(self):
        assert data.CATEGORIES == ("construction", "government", "trades", "naval", "military")
        for category in data.CATEGORIES:
            levels = [a.level for a in data.ADVANCEMENTS.values() if a.category == category]
            assert levels.count(1) >= 2 and levels.count(2) >= 2
        assert data.advancement_cost(1) == 1 and data.advancement_cost(2) == 3

    @pytest.mark.parametrize(
        "name,category,level",
        [
            ("mining", "construction", 1),
            ("wonder", "construction", 2),
            ("logistics", "military", 1),
            ("tactics", "military", 1),
            ("leadership", "military", 2),
            ("brilliant-general", "military", 2),
            ("brilliant-admiral", "naval", 2),
            ("copper-banding", "naval", 1),
        ],
    )
    def test_named_advancements(self, name, category, level):
        advancement = data.ADVANCEMENTS[name]
        assert (advancement.category, advancement.level) == (category, level)

    def test_research_example_needs_three_level_one_military_advancements(self):
        assert sum(1 for a in data.ADVANCEMENTS.values() if a.category == "military" and a.level == 1) >= 3

    def test_elite_training_and_extra_cubes_exist(self):
        elite = {unit for a in data.ADVANCEMENTS.values() if a.effect == "elite" for unit in a.params["units"]}
        assert elite == {"hoplite", "cavalry", "trireme"}
        cubes = {a.params["action"] for a in data.ADVANCEMENTS.values() if a.effect == "extra_cube"}
        assert cubes == set(data.ACTIONS)

    def test_governments(self):
        """ "a Tyranny Government Marker is also a Barracks"; Republic a Market; Democracy an Academy."""
        assert data.GOVERNMENTS["tyranny"].upgrade == "barracks"
        assert data.GOVERNMENTS["republic"].upgrade == "market"
        assert data.GOVERNMENTS["democracy"].upgrade == "academy"

    def test_unit_numbers(self):
        """Supply Limits 1, 2, none and 2; 10 per type and 5 heroes."""
        limits = {k: u.supply_limit for k, u in data.UNITS.items()}
        assert limits == {"hoplite": 1, "cavalry": 2, "trireme": 0, "hero": 2, "alcibiades": 2}
        assert (data.UNIT_LIMIT, data.HERO_LIMIT) == (10, 5)

    def test_dice_hold_the_example_rolls(self):
        assert {3, 4, 5} <= set(data.DICE_FACES["green"])
        assert 5 in data.DICE_FACES["red"]
        assert {2, 3} <= set(data.DICE_FACES["blue"])
        assert set(data.YELLOW_EFFECTS.values()) == {2, 1, 0, "kill"}
