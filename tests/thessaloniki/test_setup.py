"""Components and set-up by player count, against the rulebook's numbers."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.games.thessaloniki import GAME
from engine.games.thessaloniki.components import components
from engine.games.thessaloniki.text import effect_text


def test_component_counts():
    """ "30 TIER I CONTRACT CARDS, 30 TIER II CONTRACT CARDS, 8 FAMILY CARDS,
    1 FESTIVAL CONTRACT CARD, 8 PLAYER AIDS / SETUP CARDS, 24 SHIP TILES, 1
    FESTIVAL SHIP TILE, 12 DEMAND TILES"; 10 mosaics and 10 statues a colour."""
    c = components()
    tiers = Counter(card.tier for card in c.contracts.values())
    assert tiers == {1: 30, 2: 30}
    assert c.festival_card not in c.contracts
    assert len(c.families) == 8 and len(c.setup_cards) == 8
    assert len(c.ships) == 24 and c.festival_ship not in c.ships
    assert len(c.demand_tiles) == 12
    assert Counter(t.city for t in c.demand_tiles.values()) == {city: 3 for city in c.cities}
    assert c.pieces["mosaics"] == 10 and c.pieces["statues"] == 10
    assert len(c.alcove_order) == 7


def test_the_clarified_cards_do_what_the_clarifications_say():
    """The contract clarifications C1-C60 are the effects of our cards."""
    c = components()
    kinds = lambda cid: [e["do"] for e in c.contracts[cid].effects]  # noqa: E731
    ability = lambda cid: c.contracts[cid].ability["kind"]  # noqa: E731
    assert kinds("c1") == ["refine_colour", "fulfil"] and c.contracts["c1"].effects[1]["cost"] == "free"
    assert c.contracts["c5"].effects[0]["n"] == 4 and c.contracts["c5"].effects[0]["colours_for_bonus"] == 3
    assert kinds("c7") == ["swap_ships", "sell"] and c.contracts["c7"].effects[1]["max"] == 2
    assert kinds("c10") == ["sell_supply"]
    assert [ability(cid) for cid in ("c15", "c18", "c19", "c21", "c24", "c25")] == [
        "refine_salt",
        "legacy_fulfil",
        "denarii_spent_vp",
        "denarii_gain_goods",
        "stay",
        "chariot_sell",
    ]
    assert c.contracts["c31"].effects[0] == {"do": "sell", "mode": "mixed", "max": 4, "ignore_colours": True}
    assert kinds("c37") == ["refine", "spend_refined"]
    assert "move_goods" in kinds("c39") and "move_goods" in kinds("c45")
    assert kinds("c47") == ["legacy_reward"] and kinds("c49") == ["place", "place"]
    assert [ability(cid) for cid in ("c55", "c56", "c58", "c60")] == [
        "salt_replace",
        "salt_action",
        "salt_merchant",
        "demand_statue_bonus",
    ]
    families = {f.id: f.ability["kind"] for f in c.families.values()}
    assert families["f2"] == "refine_for_denarius" and families["f5"] == "leftmost_sale"
    assert families["f6"] == "move_refine" and families["f7"] == "chariot_vp" and families["f1"] == "claim_bonus"


def test_every_cost_is_two_colours_and_any():
    """The Forum's discount "applies to the [any] Good only, you must still
    spend 2 Goods of the indicated colors"."""
    for card in components().contracts.values():
        assert len(card.cost) == 3 and card.cost.count("any") == 1


def test_chariot_track_matches_the_appendix():
    """Demand tiles on the 5th and 14th spaces; 1 VP per step beyond the 14th;
    the rewards of the appendix, each once."""
    c = components()
    words = [effect_text(space[0]) for space in c.chariot_spaces]
    assert len(words) == 14
    assert words[4] == words[13] == effect_text({"do": "add_demand"})
    assert sorted(words) == sorted(
        [
            "gain 1 raw good of your choice",
            "gain 1 Salt",
            "gain 1 denarius",
            "gain 3 VP",
            effect_text({"do": "add_demand"}),
            "gain 2 refined goods of your choice",
            "gain 2 denarii",
            "sell up to 2 goods of one colour to one ship",
            "gain 5 VP",
            "fulfil 1 contract without paying its cost",
            "gain 2 Salt",
            "sell any number of goods of one colour to one ship",
            "gain 8 VP",
            effect_text({"do": "add_demand"}),
        ]
    )
    assert c.chariot_beyond == ({"do": "vp", "n": 1},)


@pytest.mark.parametrize(
    "players, tier1, tier2, ships, demand, denarii",
    [(2, 11, 8, 10, 4, 5), (3, 16, 13, 15, 3, 7), (4, 21, 18, 18, 2, 9)],
)
def test_setup_by_player_count(players, tier1, tier2, ships, demand, denarii):
    """The set-up tables: contract deck, ship stack, demand tiles, denarii."""
    c = components()
    state = GAME.new(players, {}, 42)
    deck_and_offer = state["deck"] + [x for x in state["offer"] if x]
    tiers = Counter(c.contracts[x].tier for x in deck_and_offer if x in c.contracts)
    assert tiers[1] == tier1 and tiers[2] == tier2 + 3
    assert c.festival_card in state["deck"][:4]  # among the bottom four
    assert all(c.contracts[x].tier == 1 for x in state["offer"])  # tier I cards are on top
    assert len(state["reserve"]) == 30 - tier2 - 3
    assert len(state["ship_stack"]) + 3 == ships + 4 and c.festival_ship in state["ship_stack"][:4]
    assert [s is not None for s in state["ships"]] == [True, True, True, False]
    in_play = state["ship_stack"] + state["ship_aside"] + [s["id"] for s in state["ships"] if s]
    if players == 2:
        assert not any(c.ships[x].three_plus for x in in_play if x in c.ships)
    assert len(state["demand"]) == demand
    assert len({c.demand_tiles[t["id"]].city for t in state["demand"]}) == demand
    assert state["pool"] == denarii
    workers = [w for ws in state["alcoves"].values() for w in ws]
    assert len(workers) == 13  # non-player colours are placed too
    assert all(colour in state["offer_statues"][4] for colour in c.colours[:players])
    assert all(data["storage_mosaics"] == 1 for data in state["seats"])
    assert len(state["families"]) == players + 1


def test_family_draft_goes_from_the_last_player():
    """ "Starting with the last player and going counterclockwise, take one of
    the Family cards ... Place the indicated Goods ... Draw the indicated
    number of Contract cards"."""
    state = GAME.new(3, {}, 4)
    order = []
    while state["phase"] == "draft":
        seat = GAME.to_move(state)[0]
        order.append(seat)
        fid = GAME.legal(state, seat)[0].split()[1]
        family = components().families[fid]
        state = GAME.play(state, seat, f"family {fid}")
        data = state["seats"][seat]
        assert data["family"] == fid and len(data["hand"]) == family.contracts
        assert sum(data["raw"].values()) + data["salt"] == sum(family.goods.values())
    assert order == [2, 1, 0]
    assert len(state["families"]) == 1
    assert GAME.to_move(state) == [0] and state["round"] == 1
