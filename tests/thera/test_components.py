"""The data files against every number the rulebook prints."""

from engine.games.thera.components import COMPONENTS, ROLES, TradeRate
from engine.games.thera.state import pool_size


class TestPieces:
    def test_box_contents(self):
        """ "13 favor tokens ... 5 player island mats ... 6 divine intervention
        tokens ... 60 luxury buildings ... 39 industry buildings ... 30
        starting resources tiles ... 102 resources ... 69 coins ... 75 roads"."""
        box = COMPONENTS.box
        assert COMPONENTS.favor_tokens == 13
        assert box["island_mats"] == 5 and box["recognition_markers"] == 5
        assert box["divine_intervention"] == 6
        assert len(COMPONENTS.luxuries) * COMPONENTS.luxury_copies == 60
        assert sum(kind.copies for kind in COMPONENTS.industry.values()) == 39
        assert len(COMPONENTS.tiles) == 30
        assert sum(box["resources"].values()) == 102
        assert box["resources"] == {"water": 30, "stone": 30, "lumber": 21, "cloth": 21}
        assert sum(box["coins"].values()) == 69
        assert box["roads"] == 75

    def test_luxuries_three_of_each_per_type(self):
        """ "15 temple luxuries (three of each)" and likewise for the other types."""
        assert COMPONENTS.luxury_copies == 3
        for kind in ("temple", "vineyard", "entertainment", "art"):
            designs = [lux for lux in COMPONENTS.luxuries.values() if lux.type == kind]
            assert len(designs) * COMPONENTS.luxury_copies == 15

    def test_industry_buildings(self):
        """ "6 Quarries, Pastures, and Groves" and "3 each of seven other
        Industry buildings (For the Advanced Game)"."""
        industry = COMPONENTS.industry
        assert [industry[k].copies for k in ("quarry", "pasture", "grove")] == [6, 6, 6]
        advanced = sorted(k for k, v in industry.items() if v.advanced)
        assert advanced == sorted(["spring", "customs", "housing", "crossroads", "architect", "tradehouse", "bank"])
        assert all(industry[k].copies == 3 for k in advanced)

    def test_worker_conversions(self):
        """ "the Small Quarry ... converts one water into one stone, the Quarry
        converts one water into two stone, the Grove converts one water into
        one lumber, and the Pasture converts one water into one cloth"."""
        industry = COMPONENTS.industry
        assert industry["small-quarry"].consumes == (1, 0, 0, 0) and industry["small-quarry"].produces == (0, 1, 0, 0)
        assert industry["quarry"].produces == (0, 2, 0, 0)
        assert industry["grove"].produces == (0, 0, 1, 0)
        assert industry["pasture"].produces == (0, 0, 0, 1)

    def test_advanced_building_numbers(self):
        """Spring "two water", Bank "two free drachma", Tradehouse "trade
        once" and "one less drachma"."""
        industry = COMPONENTS.industry
        assert industry["spring"].amount["water"] == 2
        assert industry["bank"].amount["drachma"] == 2
        assert industry["tradehouse"].amount == {"trades": 1, "discount": 1}


class TestRoles:
    def test_wheel_order(self):
        """ "Priest, Noble, Worker, Planner, Builder, Trader"."""
        assert COMPONENTS.wheel == ROLES == ("priest", "noble", "worker", "planner", "builder", "trader")

    def test_thresholds(self):
        r = COMPONENTS.roles
        assert (r["priest"]["water"], r["priest"]["extra_water_per"], r["priest"]["envoy_at"]) == (2, 2, 5)
        assert (r["noble"]["second_pick_at"], r["noble"]["build_at"], r["noble"]["drachma_per"]) == (4, 6, 3)
        assert r["worker"]["double_per"] == 3
        assert (r["planner"]["extra_move_per"], r["planner"]["free_road_per"]) == (2, 4)
        assert r["planner"]["recognition"] == [[3, 1], [6, 1], [9, 2]]
        assert (r["builder"]["extra_building_at"], r["builder"]["free_road_per"]) == (5, 3)
        assert (r["trader"]["drachma_per"], r["trader"]["trade_per"], r["trader"]["trades"]) == (2, 3, 2)

    def test_pool_is_one_per_player_plus_one(self):
        """ "draw a new set of five luxury buildings" in a four-player game."""
        assert pool_size({"players": 4}) == 5


class TestNumbersFromExamples:
    def test_trade_prices(self):
        """ "sell a lumber ... for five drachma", "buy two stone ... for four
        drachma", "buy a cloth for five drachma"."""
        assert COMPONENTS.trade["lumber"] == TradeRate(1, 5)
        assert COMPONENTS.trade["stone"] == TradeRate(2, 4)
        assert COMPONENTS.trade["cloth"] == TradeRate(1, 5)

    def test_game_lengths(self):
        """Short: 36 28 20 12; Long: 24 12 0 N/A (2 to 5 players)."""
        assert [COMPONENTS.discard_count("short", n) for n in (2, 3, 4, 5)] == [36, 28, 20, 12]
        assert [COMPONENTS.discard_count("long", n) for n in (2, 3, 4, 5)] == [24, 12, 0, None]
        standard = [COMPONENTS.discard_count("standard", n) for n in (2, 3, 4, 5)]
        assert all(long_ <= std <= short for std, short, long_ in zip(standard, [36, 28, 20, 12], [24, 12, 0, 0]))


class TestOurData:
    def test_island(self):
        """21 locations, six vistas in the top right, Port and Small Quarry
        among the four start locations, two of them empty."""
        mat = COMPONENTS.mat
        assert len(mat) == 21 and len(mat.vistas) == 6
        vista_columns = {mat.coordinates(v)[0] for v in mat.vistas}
        vista_rows = {mat.coordinates(v)[1] for v in mat.vistas}
        assert min(vista_columns) >= 3 and min(vista_rows) >= 3  # the top right
        assert {mat.port, mat.small_quarry} < set(mat.start) and len(mat.start) == 4

    def test_every_luxury_can_be_paid_for(self):
        for lux in COMPONENTS.luxuries.values():
            assert sum(lux.cost.resources) > 0 and lux.recognition > 0

    def test_types_are_balanced(self):
        """Each type has the same ladder of recognition."""
        ladders = {
            kind: sorted(l.recognition for l in COMPONENTS.luxuries.values() if l.type == kind)
            for kind in COMPONENTS.types
        }
        assert len({tuple(v) for v in ladders.values()}) == 1

    def test_tiles_never_promise_a_missing_building(self):
        for kind in COMPONENTS.industry.values():
            assert sum(1 for t in COMPONENTS.tiles if t.building == kind.id) <= kind.copies
