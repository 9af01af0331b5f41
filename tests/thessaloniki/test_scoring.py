"""Final scoring, part by part, and the tie breakers."""

from __future__ import annotations

import pytest

from engine.games.thessaloniki import GAME, scoring


def green_example(scenario):
    """The table of the rulebook's final scoring example, for Green."""
    s = scenario(4).demand("rome2", "rome1", "antioch1", "athens1", "athens3")
    s.tile("rome2")["statues"][0] = "green"     # 7 VP per Roma ship
    s.tile("rome1")["mosaics"][0] = "green"     # Roma limit 2 tiles + 1 = 3; a laurel
    s.tile("athens1")["statues"][0] = "green"   # 7 ...
    s.tile("athens3")["statues"][2] = "green"   # ... + 3 = 10 VP per Athenae ship
    s.tile("athens1")["mosaics"][0] = "green"   # Athenae limit 3; a column
    # Green's claimed ships: 1 Antiochia (s15) and 2 Athenae (s19, s22); the
    # Iulii family carries a laurel and an owl.
    s.set("green", vp=78, denarii=0, family="f7", storage_mosaics=2, ships=["s15", "s19", "s22"])
    s.fulfilled("green", "c3", "c9", "c4")      # amphora, owl, scroll
    s.goods("green", oil=2, salt=1)             # 3 salt and refined goods
    for section in (2, 3):
        s.state["offer_statues"][section].append("green")  # 3 statues on the offer
    # A Roma ship in the offer, more Salt than Olive on it: Green's majority.
    s.ships(None, ("s1", ["oil", "salt", "salt"]), None, None)
    return s


def test_green_final_scoring_example_part_by_part(scenario):
    """"Green performs their Final Scoring. They claim the [Roma] Ship (as
    Salt is not considered for this purpose). Green's limit for [Roma] is 3
    and for each [Roma] Ship they score 7, so Green gains 7 for the Ship
    claimed during Final Scoring. Green has no Statues on the [Antiochia]
    Demand tile, so they gain 0 for their [Antiochia] Ships. Green's limit
    for [Athenae] is 3, and for each of their [Athenae] Ships they score 10.
    They have 2 [Athenae] Ships, scoring 20 overall. Green has, overall, the
    following Legacy icons: 2, 2, 1, 1, and 1. They gain 15 for their first
    set and 3 for their second. They gain 5 for their 3 Statues on the
    Contract offer. They have 2 Mosaics under their Storage Areas, so they
    gain 2. Green gains 1 for their 3 remaining Refined Goods and Salt and 0
    since they do not have any Denarii left. They collected 78 in-game, so
    their final score is 126."

    Our copy lost the icons, and its parts (78+7+0+20+18+5+2+1+0 = 131) do
    not add up to the printed 126. We test each part. For the storage
    mosaics we follow the rule's table ("Gain 3/7/13 if you have 2/3/4
    Mosaics"), not the example's 2, so Green's total here is 132.
    """
    s = green_example(scenario)
    state = s.state
    green = s.seat("green")
    scoring.claim_ships_on_offer(state)
    assert "s1" in s.data("green")["ships"]
    assert scoring.city_limit(state, green, "rome") == 3
    assert scoring.city_statue_value(state, green, "rome") == 7
    assert scoring.city_statue_value(state, green, "antioch") == 0
    assert scoring.city_limit(state, green, "athens") == 3
    assert scoring.city_statue_value(state, green, "athens") == 10
    breakdown = scoring.seat_breakdown(state, green)
    assert breakdown["by_city"] == {"rome": 7, "alexandria": 0, "antioch": 0, "athens": 20}
    counts = scoring.legacy_counts(state, green)
    assert sorted(counts.values(), reverse=True) == [2, 2, 1, 1, 1]
    assert breakdown["legacy_sets"] == [5, 2] and breakdown["parts"]["legacy"] == 15 + 3
    assert breakdown["parts"]["offer"] == 5
    assert breakdown["parts"]["mosaics"] == 3
    assert breakdown["parts"]["goods"] == 1
    assert breakdown["parts"]["denarii"] == 0
    assert breakdown["parts"]["in_game"] == 78
    assert breakdown["total"] == 78 + 7 + 0 + 20 + 18 + 5 + 3 + 1 + 0


def test_the_ship_limit_caps_scored_ships(scenario):
    """"For each of their claimed Ships within this limit, players gain ...
    from each Statue": three Athenae ships over a limit of 2 score twice."""
    s = scenario(3).demand("athens1", "athens2")
    s.tile("athens1")["statues"][0] = "red"
    s.set("red", ships=["s19", "s20", "s22"])
    assert scoring.demand_points(s.state, s.seat("red"))["athens"] == 2 * 7


def test_c60_adds_two_per_statue_per_ship(scenario):
    """C60: "Statues you have placed on Demand tiles provide 2 extra VP per
    Ship. ... a Statue placed next to a printed reward of 5 provides 7."""
    s = scenario(3).demand("athens2")
    s.tile("athens2")["statues"][1] = "red"  # printed 5
    s.set("red", ships=["s19"]).fulfilled("red", "c60")
    assert scoring.city_statue_value(s.state, s.seat("red"), "athens") == 7


@pytest.mark.parametrize("icons, expected", [
    ({"laurel": 1}, 1), ({"laurel": 1, "owl": 1}, 3), ({"a": 1, "b": 1, "c": 1}, 6),
    ({"a": 1, "b": 1, "c": 1, "d": 1}, 10), ({"a": 1, "b": 1, "c": 1, "d": 1, "e": 1}, 15),
    ({"a": 1, "b": 1, "c": 1, "d": 1, "e": 1, "f": 1}, 21), ({"a": 3}, 3), ({"a": 2, "b": 1}, 3 + 1),
])
def test_legacy_sets(icons, expected):
    """"For each set of unique Legacy icons ...: 1/3/6/10/15/21"."""
    assert scoring.legacy_points(icons)[0] == expected


@pytest.mark.parametrize("statues, points", [(1, 0), (2, 2), (3, 5), (4, 10), (5, 18)])
def test_contract_offer_statues(statues, points):
    """"Gain 2/5/10/18 if you have 2/3/4/5 Statues on the Contract offer"."""
    assert scoring.offer_points(statues) == points


@pytest.mark.parametrize("mosaics, points", [(1, 0), (2, 3), (3, 7), (4, 13)])
def test_storage_mosaics(mosaics, points):
    """"Gain 3/7/13 if you have 2/3/4 Mosaics placed under the Storage Areas"."""
    assert scoring.mosaic_points(mosaics) == points


def test_goods_and_denarii(scenario):
    """"1 for each set of 3 Salt and/or Refined Goods ... 1 for each remaining
    Denarius"; raw goods score nothing."""
    s = scenario(2).goods("red", salt=4, wine=3, grain=9).set("red", denarii=4)
    parts = scoring.seat_breakdown(s.state, s.seat("red"))["parts"]
    assert parts["goods"] == 2 and parts["denarii"] == 4


def test_final_claims_break_no_ties(scenario):
    """Ships on offer at the end: "Follow the normal rules to determine
    majorities, but without breaking any ties"; no printed benefit."""
    s = scenario(2)
    s.ships(("s1", ["flour", "cured", None]), ("s7", ["cured", "cured", None]), None, None)
    s.set("red", vp=0)
    scoring.claim_ships_on_offer(s.state)
    assert s.data("red")["ships"] == ["s7"]
    assert s.data("red")["vp"] == 0 and s.data("red")["salt"] == 0  # s7's benefit is not gained
    assert "s1" in s.state["ship_box"]  # a tie of Yellow and Red: nobody claims


def _finish_with(s, totals):
    for colour, vp in totals.items():
        s.set(colour, vp=vp)
    scoring.final_scoring(s.state)
    return GAME.outcome(s.state)


def test_tie_breaker_most_ships_then_contracts(scenario):
    """"In case of a tie, the player with the most Ships wins. If there is
    still a tie, the player with the most fulfilled Contracts wins. If there
    is a further tie, tied players share the victory!\""""
    s = scenario(3).ships(None, None, None, None)
    s.set("red", ships=["s2"]).set("green", ships=["s3"])
    s.fulfilled("red", "c15").fulfilled("green", "c18", "c19")  # no legacy icons
    outcome = _finish_with(s, {"red": 50, "green": 50, "yellow": 10})
    assert outcome.winners == (s.seat("green"),)
    assert any("tie breaker" in note for note in outcome.notes)

    s = scenario(3).ships(None, None, None, None)
    s.set("red", ships=["s2", "s4"]).set("green", ships=["s3"])
    outcome = _finish_with(s, {"red": 50, "green": 50, "yellow": 10})
    assert outcome.winners == (s.seat("red"),)

    s = scenario(2).ships(None, None, None, None)
    outcome = _finish_with(s, {"red": 40, "green": 40})
    assert outcome.winners == (0, 1)
    assert any("share the victory" in note for note in outcome.notes)
