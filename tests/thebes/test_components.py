"""The component data agrees with the rulebook and with the facts sheet."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.games.thebes.bags import all_tokens, artefact_value, initial_bag
from engine.games.thebes.board import DISTANCE, journey_weeks, parse_place
from engine.games.thebes.components import (
    CONNECTIONS,
    EXHIBITION_BY_KEY,
    EXHIBITIONS,
    PLACES,
    RESEARCH_CARDS,
    SITES,
    TABLES,
    TOKENS,
)
from engine.games.thebes.knowledge import wheel_tokens
from engine.games.thebes.scoring import congress_points


class TestCards:
    def test_85_researcher_cards_of_the_published_mix(self):
        """Rulebook: "85 researcher cards, including knowledge cards, various
        support cards, and 9 congress cards"; facts 1.3 gives the mix."""
        kinds = Counter(card.kind for card in RESEARCH_CARDS)
        assert len(RESEARCH_CARDS) == 85
        assert kinds == {
            "specialized": 45,
            "general": 8,
            "congress": 9,
            "assistant": 6,
            "shovel": 6,
            "local": 5,
            "permit": 2,
            "zeppelin": 2,
            "car": 2,
        }

    def test_cards_per_city(self):
        """Facts 1.3: Moscow 16, Vienna 15, Paris 14, Rome 14, London 13, Berlin 13."""
        assert Counter(card.city for card in RESEARCH_CARDS) == {
            "moscow": 16,
            "vienna": 15,
            "paris": 14,
            "rome": 14,
            "london": 13,
            "berlin": 13,
        }

    @pytest.mark.parametrize("site", SITES)
    def test_specialized_knowledge_per_site(self, site):
        """Facts 1.3: 9 cards per site, values 1,1,1,1,2,2,2,3,3, costing 1, 2
        and 4 weeks."""
        cards = [c for c in RESEARCH_CARDS if c.kind == "specialized" and c.site == site]
        assert sorted(c.value for c in cards) == [1, 1, 1, 1, 2, 2, 2, 3, 3]
        assert {c.value: c.weeks for c in cards} == {1: 1, 2: 2, 3: 4}

    def test_one_local_expert_card_per_site(self):
        locals_ = [c for c in RESEARCH_CARDS if c.kind == "local"]
        assert sorted(c.site for c in locals_) == sorted(SITES)
        assert {c.weeks for c in locals_} == {1} and {c.value for c in locals_} == {2}


class TestExhibitions:
    def test_five_small_worth_4_and_five_large_worth_5(self):
        """Rulebook: "10 exhibition cards, 5 small exhibitions worth 4 victory
        points and 5 large exhibitions worth 5 victory points"."""
        sizes = Counter((e.size, e.points, e.weeks) for e in EXHIBITIONS)
        assert sizes == {("small", 4, 3): 5, ("large", 5, 4): 5}

    def test_corrected_requirements(self):
        """Facts 1.4: Moscow small needs 2 Crete, Vienna large 3 Greece (the
        card scans, not S1's typos)."""
        assert dict(EXHIBITION_BY_KEY["moscow-small"].requires) == {"mesopotamia": 1, "crete": 2}
        assert dict(EXHIBITION_BY_KEY["vienna-large"].requires) == {"mesopotamia": 1, "crete": 2, "greece": 3}


class TestTokens:
    @pytest.mark.parametrize("site", SITES)
    def test_31_tokens_per_site(self, site):
        """Rulebook: each area has "15 items to find: 13 artefacts, 1
        specialized knowledge item for another excavation area and 1 general
        knowledge item" and "16 worthless debris tokens"."""
        tokens = all_tokens(site)
        assert sum(tokens.values()) == 31
        assert sum(n for code, n in tokens.items() if artefact_value(code)) == 13
        assert tokens["k"] == 1 and tokens["g"] == 1 and tokens["d"] == 16
        assert TOKENS.knowledge_for[site] != site

    def test_155_tokens_worth_1_to_7(self):
        """Rulebook: "155 excavation tokens"; "1 to 7 points per artefact"."""
        assert sum(sum(all_tokens(site).values()) for site in SITES) == 155
        values = {artefact_value(code) for site in SITES for code in all_tokens(site) if artefact_value(code)}
        assert values == set(range(1, 8))

    @pytest.mark.parametrize("site", SITES)
    def test_each_site_holds_36_points(self, site):
        assert sum(TOKENS.artefacts[site]) == 36
        assert len(initial_bag(site)) == 30  # the value-1 artefact lies on the site


class TestTimeWheel:
    def test_worked_example_cell(self):
        """Rulebook: "He has 7 knowledge points ... and spends 12 weeks on
        site. He therefore draws 8 tokens"."""
        assert wheel_tokens(7, 12) == 8

    def test_never_decreases(self):
        """Facts 1.7: every row and column must stay non-decreasing."""
        wheel = TABLES.wheel
        for k in range(12):
            for w in range(12):
                assert k == 0 or wheel[k][w] >= wheel[k - 1][w]
                assert w == 0 or wheel[k][w] >= wheel[k][w - 1]

    def test_only_the_example_cell_differs_from_the_facts_table(self):
        facts_row_7 = [1, 2, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9]
        assert list(TABLES.wheel[6][:11]) == facts_row_7[:11]
        assert TABLES.wheel[11] == (3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10)


class TestBoard:
    def test_twelve_places_and_eighteen_connections(self):
        """Rulebook: "12 places (7 cities in Europe and 5 excavation sites in
        the area of the Mediterranean) connected by a transportation network"."""
        assert len(PLACES) == 12 and len(SITES) == 5 and len(CONNECTIONS) == 18

    FACTS_TABLE = """
        london      0 1 1 2 2 2 3 3 3 4 4 4
        paris       1 0 1 1 1 2 3 2 2 3 3 3
        berlin      1 1 0 2 2 1 2 2 3 4 4 3
        vienna      2 1 2 0 1 1 2 2 2 3 3 3
        rome        2 1 2 1 0 2 3 1 1 2 2 2
        warsaw      2 2 1 1 2 0 1 1 2 3 3 2
        moscow      3 3 2 2 3 1 0 2 3 4 4 3
        greece      3 2 2 2 1 1 2 0 1 2 2 1
        crete       3 2 3 2 1 2 3 1 0 1 1 2
        egypt       4 3 4 3 2 3 4 2 1 0 1 2
        palestine   4 3 4 3 2 3 4 2 1 1 0 1
        mesopotamia 4 3 3 3 2 2 3 1 2 2 1 0
    """

    def test_travel_times_match_the_facts_table(self):
        """Facts 1.2: "1 trip between two adjacent locations counts as 1 week";
        the shortest times form the facts' 12 x 12 table."""
        rows = [line.split() for line in self.FACTS_TABLE.strip().splitlines()]
        order = [row[0] for row in rows]
        for row in rows:
            assert [DISTANCE[row[0]][to] for to in order] == [int(n) for n in row[1:]]

    def test_car_and_zeppelin(self):
        """Rulebook: the Car "reduce[s] by one week the duration of a journey
        of at least 3 weeks"; the Zeppelin makes "any trip in zero weeks"."""
        assert journey_weeks("london", "egypt", car=True) == 3
        assert journey_weeks("london", "greece", car=True) == 2
        assert journey_weeks("london", "rome", car=True) == 2  # 2 weeks: too short for the Car
        assert journey_weeks("london", "egypt", zeppelin=True) == 0

    def test_other_spellings(self):
        assert parse_place("Warschau") == "warsaw" and parse_place("wien") == "vienna"
        assert parse_place("Palestina") == "palestine" and parse_place("atlantis") is None


def test_congress_table():
    """Facts 1.6: 1, 3, 6, 10, 15, 21, 28 points; the rulebook's "0 to 28":
    8 or 9 congress cards still score 28."""
    assert [congress_points(n) for n in range(10)] == [0, 1, 3, 6, 10, 15, 21, 28, 28, 28]
