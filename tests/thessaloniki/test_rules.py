"""Rules one by one: moving, the alcoves, the port, contracts, the chariot,
the Tax, the end of the game, and the abilities of cards and families."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.thessaloniki import port, scoring
from engine.games.thessaloniki.components import components

# -- moving -------------------------------------------------------------------


def test_move_costs(scenario):
    """ "move ... clockwise by 1 or 2 spaces (Alcoves), or you may pay 1
    Denarius to move by 3 spaces. Moving your Patrician is free, while moving
    any of your Merchants costs 1 Denarius.\""""
    s = scenario(2).workers({"officium": ["red:P"], "forum": ["red:M"], "port": ["red:M"]})
    s.set("red", denarii=0).start("red")
    assert set(s.legal("red")) == {"move patrician taberna", "move patrician officina"}
    s = scenario(2).workers({"officium": ["red:P"], "forum": ["red:M"], "port": ["red:M"]})
    s.set("red", denarii=2).start("red")
    legal = s.legal("red")
    assert "move patrician forum" in legal and "move merchant forum mercatus" in legal
    s.play("red", "move merchant forum mercatus")  # 3 alcoves: 1 + 1 denarius
    assert s.data("red")["denarii"] == 0


def test_sliding_and_arriving_on_the_rightmost_empty_space(scenario):
    """ "Place the Worker you moved on the rightmost empty space ... If there
    are any Workers left in the Alcove you moved from, slide them right.\""""
    s = scenario(2).workers({"officium": ["red:P", "green:M"], "taberna": ["salt"]})
    s.start("red").play("red", "move patrician taberna")
    assert s.state["alcoves"]["officium"] == ["green:M"]
    assert s.state["alcoves"]["taberna"] == ["salt", "red:P"]


def test_statue_adds_an_action_point_but_not_the_turn_it_is_placed(scenario):
    """ "If you have a Statue there, gain 1 additional ⚡. NOTE: If you place a
    Statue in the same Alcove you are currently in, it does not provide 1 ⚡
    during that same turn.\""""
    s = scenario(2).workers({"taberna": ["red:P"]}).goods("red", meat=2).set("red", statues={"supply": 7, "board": 2})
    s.at("red", "taberna")
    energy = s.state["turn"]["energy"]
    s.play("red", "statue taberna")
    assert s.state["turn"]["energy"] == energy - 1
    s.state["alcove_statues"]["forum"].append("red")
    s.at("red", "forum")
    assert s.state["turn"]["energy"] == 1 + 1


def test_mosaic_bonuses_on_the_way(scenario):
    """ "Gain the Mosaic Bonus from every Alcove you moved through or stopped
    on where you have a Mosaic.\""""
    s = scenario(2).workers({"officium": ["red:P"]})
    s.state["alcove_mosaics"]["taberna"].append("red")  # any raw good: a choice
    s.state["alcove_mosaics"]["officina"].append("red")  # refine 1: a choice
    s.state["alcove_mosaics"]["forum"].append("red")  # not passed
    s.start("red").play("red", "move patrician officina")
    legal = s.legal("red")
    assert "bonus taberna" in legal and "bonus officina" in legal and "bonus forum" not in legal
    s.play("red", "bonus taberna").play("red", "gain grape")
    assert s.data("red")["raw"]["grape"] == 1


def test_denarius_space_pool_and_supply(scenario):
    """ "If there are no Denarii remaining, take from the general supply
    instead" — and emptying it is end condition A."""
    s = scenario(2).workers({"mercatus": ["red:P"]})
    s.state["pool"] = 1
    s.start("red").play("red", "move patrician officium")
    assert s.state["pool"] == 0 and s.data("red")["denarii"] == 1
    assert s.state["end"]["denarii"]
    s = scenario(2).workers({"mercatus": ["red:P"]})
    s.state["pool"] = 0
    s.start("red").play("red", "move patrician officium")
    assert s.data("red")["denarii"] == 1


def test_every_pushed_owner_is_paid_but_nobody_for_the_salt_merchant(scenario):
    """ "Whenever a Worker belonging to any player (including your own) is
    pushed, its owner gains 1 Denarius." The Salt merchant and the colours
    nobody plays belong to no player."""
    s = scenario(2).workers({"officina": ["green:M", "salt", "yellow:M"], "officium": ["red:P"]})
    green = s.data("green")["denarii"]
    s.start("red").play("red", "move patrician officina")
    assert s.data("green")["denarii"] == green + 1
    assert s.state["alcoves"]["officina"] == ["salt", "yellow:M", "red:P"]
    s = scenario(2).workers({"officina": ["salt", "yellow:M", "purple:M"], "officium": ["red:P"]})
    before = [d["denarii"] for d in s.state["seats"]]
    s.start("red").play("red", "move patrician officina")
    assert [d["denarii"] for d in s.state["seats"]] == before
    assert "salt" in s.state["alcoves"]["forum"]


def test_the_extra_action_point_is_bought_once_per_turn(scenario):
    """ "Once per turn, you may spend 1 Denarius to gain 1 ⚡.\""""
    s = scenario(2).workers({"forum": ["red:P"]}).set("red", denarii=3)
    s.at("red", "forum").play("red", "buy")
    assert "buy" not in s.legal("red")
    with pytest.raises(IllegalAction, match="already bought"):
        s.play("red", "buy")


def test_the_sunset_follows_even_if_only_contracts_were_taken(scenario):
    """The Sunset "must be always resolved ..., even if you only took
    Contract cards with your ⚡" — the Officina's chariot step too."""
    s = scenario(2).workers({"officina": ["red:P"]}).offer(None, None, None, None, "c2")
    s.at("red", "officina").play("red", "take c2").done("red")
    assert s.data("red")["chariot"] == 1


def test_gaining_pieces_needs_them_in_the_general_supply(scenario):
    """ "If there are no Mosaics of your color in the general supply, you may
    not resolve this action." (Statues alike.)"""
    s = scenario(2).workers({"officium": ["red:P"]}).set("red", mosaics={"supply": 0, "board": 9})
    s.at("red", "officium")
    assert "gain mosaic" not in s.legal("red")
    with pytest.raises(IllegalAction, match="no mosaics of your colour left"):
        s.play("red", "gain mosaic")


def test_statues_one_per_demand_tile_and_the_offer_from_the_right(scenario):
    """ "You may only have 1 Statue on each active Demand tile!" and on the
    offer: "Place your Statue on an empty space in the rightmost section that
    does not already contain your Statue.\""""
    s = scenario(3).workers({"taberna": ["red:P"]}).demand("rome1", "athens1")
    s.goods("red", meat=4).set("red", statues={"supply": 5, "board": 4})
    s.state["alcove_statues"]["taberna"].append("red")
    s.at("red", "taberna")
    s.play("red", "statue rome1")
    assert "statue rome1" not in s.legal("red") and "statue athens1" in s.legal("red")
    s.play("red", "statue offer").play("red", "statue offer")
    assert [("red" in section) for section in s.state["offer_statues"]] == [False, False, True, True, True]


def test_claimed_ship_abilities_and_the_chariot_ones(scenario):
    """F1: "You must have that Mosaic or Statue in your personal supply.
    Taking Contract cards is restricted by the Statues you have on the
    Contract offer." F7: "This applies every time you advance on [the
    chariot track] regardless of the effect that allows it." C25: "Whenever
    you advance ... any number of steps, you may also Sell 1 Good overall.\""""
    s = scenario(2).set("red", family="f1", statues={"supply": 8, "board": 1}).goods("red", cured=2)
    s.ships("s1", ("s7", ["cured", None, None]), "s3", "s21").workers({"port": ["red:P"]})
    s.offer(None, None, None, "c3", "c2")
    s.at("red", "port").play("red", "sell 2 cured ship2")
    legal = s.legal("red")
    assert "take c2" in legal and "take c3" not in legal and "statue offer" in legal
    assert not any(a.startswith("mosaic") for a in legal)  # none on Red's board
    s.play("red", "statue offer")
    assert "red" in s.state["offer_statues"][3]

    s = scenario(2).set("red", family="f7").fulfilled("red", "c25").goods("red", wine=1)
    s.ships("s1", "s9", "s3", "s21").workers({"mercatus": ["red:P"]}).at("red", "mercatus").done("red")
    assert s.data("red")["chariot"] == 1
    s.play("red", "gain grape")  # space 1's raw good
    assert s.data("red")["vp"] == 2  # F7
    s.play("red", "sell wine ship2")  # C25
    assert s.data("red")["vp"] == 2 + 4


def test_f2_refines_for_a_denarius_at_any_time_of_the_turn(scenario):
    """F2: "You may do this anytime during your turn" — before moving too."""
    s = scenario(2).set("red", family="f2", denarii=2).goods("red", grain=2, olive=1)
    s.workers({"forum": ["red:P"]}).start("red")
    assert "ability" in s.legal("red")
    s.play("red", "ability").play("red", "refine grain olive")
    assert s.data("red")["refined"]["grain"] == 1 and s.data("red")["denarii"] == 1
    assert "ability" not in s.legal("red")  # once per turn
    assert any(a.startswith("move") for a in s.legal("red"))


def test_c18_rewards_fulfilling_a_legacy_card(scenario):
    """C18: "Whenever you fulfill a Contract that has a Legacy icon, gain 1 VP
    and 1 Salt.\""""
    s = _fulfil_at_mercatus(scenario, "c2", grain=1, olive=1, meat=1).fulfilled("red", "c18")
    s.play("red", "fulfill c2")
    assert s.data("red")["vp"] == 5 + 1 and s.data("red")["salt"] == 1


def test_c7_swaps_ships_then_sells_any_two_goods(scenario):
    """C7: "Swap 2 Ships in the offer, then Sell any 2 Goods to one Ship.\""""
    s = _fulfil_at_mercatus(scenario, "c7", grape=1, olive=1, meat=1, cured=1, oil=1)
    s.play("red", "fulfill c7")
    first = [ship["id"] for ship in s.state["ships"]]
    s.play("red", "swap ship1 ship2")
    assert [ship["id"] for ship in s.state["ships"]] == [first[1], first[0], first[2], first[3]]
    s.play("red", "sell oil ship4").play("red", "sell cured ship4")
    assert s.data("red")["vp"] == 2 * 1 and s.data("red")["refined"]["olive"] == 0


def test_c37_refines_four_then_pays_two_per_refined_good(scenario):
    """C37: "Refine any 4 Goods. Spend up to 4 Refined Goods to gain 2 VP per
    spent Good.\""""
    s = _fulfil_at_mercatus(scenario, "c37", oil=1, wine=1, grain=3, meat=1, salt=1)
    s.play("red", "fulfill c37 with oil wine salt")
    s.play("red", "refine 3 grain meat")
    s.play("red", "spend 3 flour cured")
    assert s.data("red")["vp"] == 8 and not any(s.data("red")["refined"].values())


def test_merchants_do_not_take_from_the_denarius_space(scenario):
    s = scenario(2).workers({"mercatus": ["red:M"]}).set("red", denarii=1)
    pool = s.state["pool"]
    s.start("red").play("red", "move merchant mercatus officium")
    assert s.state["pool"] == pool and s.data("red")["denarii"] == 0


# -- every alcove offers its actions ----------------------------------------------


@pytest.mark.parametrize(
    "alcove, expected",
    [
        ("officium", {"gain mosaic", "mosaic entrance"}),
        ("taberna", {"gain statue", "statue offer"}),
        ("officina", {"refine each", "refine all grain"}),
        ("forum", {"statue offer", "fulfill c2"}),
        ("port", {"sell wine ship2"}),
        ("legatio", {"fulfill c2 with", "mosaic entrance with", "sell wine ship2"}),
        ("mercatus", {"fulfill c2", "refine grain meat olive"}),
    ],
)
def test_each_alcove_offers_its_actions(scenario, alcove, expected):
    """Each alcove's actions, as the rulebook lists them, are on offer."""
    s = scenario(2).workers({alcove: ["red:P"]}).goods("red", grain=1, olive=1, meat=1, wine=1)
    s.set("red", mosaics={"supply": 8, "board": 1}, statues={"supply": 8, "board": 1}).hand("red", "c2")
    s.at("red", alcove)
    legal = s.legal("red")
    for wanted in expected:
        assert any(action.startswith(wanted) for action in legal), wanted
    assert "done" in legal


# -- the port -------------------------------------------------------------------


def test_colour_matching_and_salt(scenario):
    """ "Goods must be placed on empty spaces of the same color or on
    multicolored spaces. You must first fill all the empty spaces of that
    color before using [multicoloured] spaces. Salt may only be placed on the
    [multicoloured] spaces.\""""
    s = scenario(2).ships("s1", "s2", "s3", "s21").goods("red", flour=3, salt=5)
    s.at("red", "port")
    legal = s.legal("red")
    assert "sell 3 flour ship1" in legal  # grain grain any
    assert "sell 2 salt ship2" in legal and "sell 3 salt ship2" not in legal  # meat olive any any
    assert "sell 2 salt ship1" not in legal
    s.play("red", "sell 2 flour ship1")
    assert s.state["ships"][0]["goods"] == ["flour", "flour", None]


def test_only_the_rightmost_ship_takes_raw_goods(scenario):
    s = scenario(2).ships("s1", "s2", "s3", "s21").goods("red", meat=2)
    s.at("red", "port")
    legal = s.legal("red")
    assert "sell 2 meat ship4" in legal and not any(a.endswith("ship2") for a in legal if "meat" in a)
    with pytest.raises(IllegalAction, match="Only the ship in space 4 takes raw goods"):
        s.play("red", "sell meat ship2")


def test_a_full_ship_is_claimed_at_once_and_the_gap_closed_at_the_end_of_the_turn(scenario):
    """ "Whenever you fill the last space of a Ship, immediately claim that
    Ship ... gain its printed benefit. At the end of your turn ... slide Ships
    right to close the gaps and refill the offer.\""""
    s = scenario(2).ships("s1", ("s7", ["cured", None, None]), "s3", "s21").goods("red", cured=2)
    s.workers({"port": ["red:P"]}).at("red", "port")
    s.play("red", "sell 2 cured ship2")
    red = s.data("red")
    assert red["ships"] == ["s7"] and red["salt"] == 1  # s7's benefit: 1 Salt
    assert s.state["ships"][1] is None
    s.done("red")
    assert all(ship is not None for ship in s.state["ships"])


@pytest.mark.parametrize(
    "goods, active, expected",
    [
        (["meat", "meat", "olive", None], "green", "red"),  # a majority
        (["meat", "olive", None, None], "green", "green"),  # a tie: the active player is tied
        (["meat", "olive", None, None], "yellow", None),  # a tie without the active player
        (["grain", "grain", "meat", None], "red", None),  # Yellow nobody plays
        (["meat", "salt", "salt", "olive"], "red", "red"),  # salt ignored, tie broken
    ],
)
def test_sail_majority(scenario, goods, active, expected):
    """ "When the rightmost Ship leaves the offer, the player who has a
    majority there claims it ... (ignoring Salt). If there is a tie for most
    Goods, the active player wins the tie. In every other case, return that
    Ship to the game box.\""""
    players = 3 if active == "yellow" else 2
    s = scenario(players).ships("s1", "s2", "s3", ("s21", goods))
    winner = port.majority(s.state, s.state["ships"][3], s.seat(active))
    assert winner == (None if expected is None else s.seat(expected))


def test_first_sail_pushes_nothing_out(scenario):
    """ "the first Sail effect only moves the Ships, but none is pushed out.\""""
    s = scenario(2)
    first = [ship["id"] for ship in s.state["ships"][:3]]
    port.sail(s.state, 0)
    assert [ship["id"] for ship in s.state["ships"][1:]] == first
    assert s.state["ships"][0] is not None and not s.state["ship_box"]


def test_ship_stack_rebuilds_from_the_ships_set_aside(scenario):
    """ "If the Ship stack becomes empty, make a new stack from all the Ships
    previously set aside." The Festival ship meets an end condition and is
    replaced."""
    s = scenario(2)
    aside = list(s.state["ship_aside"])
    s.state["ship_stack"] = [components().festival_ship]
    drawn = port.draw_ship(s.state)
    assert s.state["end"]["ship"]
    assert drawn in aside and not s.state["ship_aside"]
    assert len(s.state["ship_stack"]) == len(aside) - 1


def test_sell_window_after_the_first_action_point(scenario):
    """ "After spending your first ⚡, every other player (in turn order) may
    also Sell ... This happens regardless of how you spend your first ⚡."
    Players with nothing to sell are not asked."""
    s = scenario(4).workers({"port": ["red:P"]}).offer(None, None, None, None, "c2")
    s.goods("green", wine=1).goods("purple", salt=1)
    s.at("red", "port")
    s.play("red", "take c2")
    assert s.to_move() == ["green"]
    assert "pass" in s.legal("green")
    s.play("green", "pass")
    assert s.to_move() == ["purple"]  # Yellow has nothing to sell
    s.play("purple", "sell salt ship2")
    assert s.to_move() == ["red"]
    s.play("red", "buy") if "buy" in s.legal("red") else None
    assert "pass" not in s.legal("red")


# -- contracts --------------------------------------------------------------------


def test_taking_contracts_needs_a_statue_and_refills_at_sunset(scenario):
    """ "you may choose any card from the offer as long as you have a Statue
    next to that Contract space" and at sunset "slide right all Contracts
    ... then refill the offer\""""
    s = scenario(2).workers({"forum": ["red:P"]}).offer("c2", "c3", "c4", "c5", "c6")
    s.at("red", "forum")
    assert [a for a in s.legal("red") if a.startswith("take")] == ["take c6"]
    with pytest.raises(IllegalAction, match="no Statue above contract space 1"):
        s.play("red", "take c2")
    s.play("red", "take c6")
    assert s.state["offer"][4] is None
    top = s.state["deck"][-1]
    s.done("red")
    assert s.state["offer"] == [top, "c2", "c3", "c4", "c5"]


def test_festival_card_and_the_tier_two_reserve(scenario):
    """ "If the Festival card is drawn from the deck, discard it and draw
    another card. When cards in the deck run out, take the remaining tier II
    Contract cards and create a new deck. If they run out again, do not
    refill the offer.\""""
    from engine.games.thessaloniki import contracts

    s = scenario(2)
    state = s.state
    state["deck"] = ["c40", "festival"]
    state["reserve"] = ["c41"]
    assert contracts.draw_contract(state) == "c40"
    assert state["end"]["contract"]
    assert contracts.draw_contract(state) == "c41" and state["reserve_used"]
    assert contracts.draw_contract(state) is None


def test_payments_raw_refined_and_salt(scenario):
    """Refined goods pay for raw ones, never the other way; Salt pays as any
    raw good but not for a refined one."""
    from engine.games.thessaloniki import storage

    s = scenario(2).goods("red", flour=1, salt=2)
    red = s.seat("red")
    assert storage.payments(s.state, red, ["grain"]) == [{"flour": 1}, {"salt": 1}]
    s.goods("red", grain=1, salt=1)
    assert storage.payments(s.state, red, ["flour"]) == []
    assert {"grain": 1} in storage.payments(s.state, red, ["grain"])


def test_fulfil_and_sell_in_any_order_at_the_legatio(scenario):
    """Legatio: "Fulfill 1 Contract and Sell 1 Good. You may do this in any
    order. You may skip one of the options.\""""
    s = scenario(2).workers({"legatio": ["red:P"]}).goods("red", wine=1, grain=1, olive=1, meat=1)
    s.hand("red", "c2").ships("s1", "s9", "s3", "s21")
    s.at("red", "legatio")
    s.play("red", "sell wine ship2")
    assert s.to_move() == ["red"] and any(a.startswith("fulfill c2") for a in s.legal("red"))
    s.play("red", "fulfill c2")
    assert s.data("red")["fulfilled"] == ["c2"]


# -- the chariot and demand ---------------------------------------------------------


def test_beyond_the_track_and_the_seventh_demand_tile(scenario):
    """ "For each step that you cannot take above space 14 ..., gain 1"; "The
    7th Demand tile is added to the Demand area" is end condition B."""
    from engine.games.thessaloniki import chariot, steps

    s = scenario(4).set("red", chariot=13).demand("rome1", "rome2", "athens1", "athens2", "antioch1", "antioch2")
    red = s.seat("red")
    s.state["pending"] = chariot.advance(s.state, red, 3)
    steps.settle(s.state)
    s.play("red", "demand alexandria statue")
    assert s.data("red")["chariot"] == 14 and s.data("red")["vp"] == 2
    assert len(s.state["demand"]) == 7 and s.state["end"]["demand"]
    assert s.state["demand"][-1]["statues"][0] == "red"


# -- the tax ------------------------------------------------------------------------


def test_tax_spares_protected_colours_refined_goods_and_salt(scenario):
    """ "discard all Raw Goods from each Storage area without a Mosaic" — the
    players choose together which colours their mosaics keep."""
    from engine.games.thessaloniki import steps

    s = scenario(3).goods("red", grain=2, meat=1, wine=2, salt=1).goods("green", olive=3, grape=1)
    s.goods("yellow", grain=1).set("green", storage_mosaics=2)
    s.state["pending"] = [{"do": "tax", "seat": 0}]
    steps.settle(s.state)
    assert sorted(s.to_move()) == ["red"]  # Green keeps both colours, Yellow its one
    s.play("red", "protect grain")
    red = s.data("red")
    assert red["raw"]["grain"] == 2 and red["raw"]["meat"] == 0 and red["refined"]["grape"] == 2
    assert red["salt"] == 1 and s.data("green")["raw"]["grape"] == 1


def test_tax_is_simultaneous(scenario):
    from engine.games.thessaloniki import steps

    s = scenario(3).goods("red", grain=1, meat=1).goods("green", olive=1, grape=1)
    s.state["pending"] = [{"do": "tax", "seat": 0}, {"do": "end_turn", "seat": 0}]
    steps.settle(s.state)
    assert sorted(s.to_move()) == ["green", "red"]
    s.play("green", "protect olive")
    assert s.to_move() == ["red"]


def test_tax_pass_keeps_the_colours_held_most(scenario):
    """The Tax cannot be skipped, but rearranging the Mosaics is optional:
    `pass` (also what the table plays for a silent player) keeps the
    Mosaics under the biggest piles."""
    from engine.games.thessaloniki import steps

    s = scenario(3).goods("red", grain=1, meat=3, olive=2).set("red", storage_mosaics=2)
    s.state["pending"] = [{"do": "tax", "seat": 0}]
    steps.settle(s.state)
    assert s.to_move() == ["red"] and "pass" in s.legal("red")
    assert "Keep the raw goods you hold most of" in steps.labels(s.state, s.seat("red"))["pass"]
    s.play("red", "pass")
    assert s.data("red")["raw"] == {"grain": 0, "meat": 3, "olive": 2, "grape": 0}
    assert s.to_move() == []


def test_the_sell_window_is_a_reaction_window_that_closes_once_all_answered(scenario):
    """Port: "After spending your first ⚡, every other player (in turn order)
    may also Sell any number of Goods of the same color." The window is
    named "sell" while any of them is still to answer, and closes (the
    active player goes on) as soon as the last one has answered; the active
    player's own steps are never a reaction window."""
    from engine.games.thessaloniki import GAME

    s = scenario(4).workers({"port": ["red:P"]}).offer(None, None, None, None, "c2")
    s.goods("green", wine=1).goods("yellow", flour=1).goods("purple", wine=1)
    s.at("red", "port")
    assert GAME.reaction_window(s.state) is None
    s.play("red", "take c2")
    for colour in ("green", "yellow", "purple"):
        assert s.to_move() == [colour] and GAME.reaction_window(s.state) == "sell"
        s.play(colour, "pass")
    assert s.to_move() == ["red"] and GAME.reaction_window(s.state) is None


def test_the_tax_is_a_reaction_window_that_closes_once_all_answered(scenario):
    """Tax: "Every player must discard all Raw Goods from every Storage area
    without a Mosaic. Players may first freely rearrange Mosaics among their
    Storage areas." Those with a choice answer together in the "tax"
    window; it stays open until the last of them has answered, then the
    turn goes on."""
    from engine.games.thessaloniki import GAME, steps

    s = scenario(4).goods("yellow", grain=1, meat=1).goods("purple", olive=2, grape=1)
    s.state["pending"] = [{"do": "tax", "seat": 0}, {"do": "end_turn", "seat": 0}]
    steps.settle(s.state)
    assert sorted(s.to_move()) == ["purple", "yellow"] and GAME.reaction_window(s.state) == "tax"
    s.play("purple", "pass")
    assert s.to_move() == ["yellow"] and GAME.reaction_window(s.state) == "tax"
    s.play("yellow", "protect meat")
    assert GAME.reaction_window(s.state) != "tax" and "yellow" not in s.to_move()
    assert s.data("yellow")["raw"]["meat"] == 1 and s.data("yellow")["raw"]["grain"] == 0
    assert s.data("purple")["raw"]["olive"] == 2 and s.data("purple")["raw"]["grape"] == 0


def test_the_reaction_windows_are_not_options(scenario):
    """How long a window stays open is the table's setting, not a game option."""
    from engine.core import IllegalAction, resolve_options
    from engine.games.thessaloniki import GAME

    assert resolve_options(GAME, {}) == {}
    with pytest.raises(IllegalAction):
        resolve_options(GAME, {"window_minutes": 15})


def test_the_sell_window_explains_a_sale_that_does_not_fit(scenario):
    s = scenario(3).workers({"port": ["red:P"]}).offer(None, None, None, None, "c2").goods("green", wine=2)
    s.ships("s1", "s9", "s3", "s21").at("red", "port").play("red", "take c2")
    assert s.to_move() == ["green"]
    with pytest.raises(IllegalAction, match="You have only 2 wine"):
        s.play("green", "sell 3 wine ship2")
    with pytest.raises(IllegalAction, match="sell window is open for you"):
        s.play("green", "take c3")


# -- the end --------------------------------------------------------------------------


def test_two_conditions_trigger_the_end(scenario):
    """ "The end of the game is triggered when any 2 of the following
    conditions are met ... finish the current round, then play one more
    (final) round.\""""
    from engine.games.thessaloniki.ending import game_ends_after_turn, meet_condition

    s = scenario(3)
    state = s.state
    state["round"] = 5
    meet_condition(state, "ship")
    assert state["end"]["last_round"] is None
    meet_condition(state, "contract")
    assert state["end"]["last_round"] == 6
    assert not game_ends_after_turn(state, 2)
    state["round"] = 6
    assert not game_ends_after_turn(state, 1) and game_ends_after_turn(state, 2)


# -- abilities ---------------------------------------------------------------------------


def test_c24_stay_and_c58_salt_for_a_merchant(scenario):
    """C24: "You may skip the first two steps of your turn ... You take
    actions in the Alcove with your Patrician." C58: "you may spend 1 Salt
    instead of 1 Denarius.\""""
    s = scenario(2).workers({"forum": ["red:P"], "port": ["red:M"]}).fulfilled("red", "c24", "c58")
    s.goods("red", salt=1).set("red", denarii=0).start("red")
    legal = s.legal("red")
    assert "stay" in legal and "move merchant port legatio with salt" in legal
    s.play("red", "stay")
    assert s.state["turn"]["alcove"] == "forum" and s.data("red")["salt"] == 1


def test_c19_c21_c15_and_c56(scenario):
    """C19: spending denarii gains 1 VP each; C21: gaining denarii also gains
    raw goods and Salt; C15: refining gains 1 Salt; C56: buy the ⚡ with Salt."""
    from engine.games.thessaloniki import storage

    s = scenario(2).fulfilled("red", "c19", "c21", "c15", "c56").goods("red", grain=2)
    red = s.seat("red")
    storage.gain_denarii(s.state, red, 2)
    assert s.data("red")["raw"]["meat"] == 2 and s.data("red")["salt"] == 2
    storage.spend_denarii(s.state, red, 2)
    assert s.data("red")["vp"] == 2
    storage.refine(s.state, red, {"grain": 2})
    assert s.data("red")["salt"] == 3
    s.workers({"forum": ["red:P"]}).at("red", "forum")
    assert "buy with salt" in s.legal("red")


def test_c55_replaces_salt_with_your_good(scenario):
    s = scenario(2).fulfilled("red", "c55").goods("red", cured=1)
    s.ships("s1", ("s2", [None, None, "salt", None]), "s3", "s21").workers({"port": ["red:P"]})
    s.at("red", "port").play("red", "sell cured ship2")
    s.play("red", "replace salt ship2")
    assert s.state["ships"][1]["goods"] == ["cured", None, "meat", None]


def test_f6_refines_after_moving_and_f5_pays_for_the_leftmost_ship(scenario):
    """F6: "Immediately after moving your Worker, you may Refine 1/2/3 Raw
    Goods, if your Worker moved by 1/2/3 Alcove spaces." F5: "Selling to the
    leftmost Ship provides 0 under normal rules.\""""
    s = scenario(2).workers({"officium": ["red:P"]}).set("red", family="f6").goods("red", grain=3)
    s.start("red").play("red", "move patrician officina")
    assert "refine 2 grain" in s.legal("red")
    s.play("red", "refine 2 grain")
    assert s.data("red")["refined"]["grain"] == 2
    s = scenario(2).set("red", family="f5").goods("red", flour=1).ships("s1", "s2", "s3", "s21")
    s.workers({"port": ["red:P"]}).at("red", "port").play("red", "sell flour ship1")
    assert s.data("red")["vp"] == 0 + 2


def test_c60_and_endgame_cards_score(scenario):
    s = scenario(2).fulfilled("red", "c30").set("red", ships=["s1", "s2"])
    assert scoring.card_points(s.state, s.seat("red")) == 4


# -- the clarified contract cards, played ---------------------------------------------


def _fulfil_at_mercatus(scenario, card, **goods):
    s = scenario(2).workers({"mercatus": ["red:P"]}).goods("red", **goods).hand("red", card)
    s.ships("s1", "s9", "s3", "s21")
    s.at("red", "mercatus")
    return s


def test_c1_refines_a_colour_and_fulfils_another_card_for_free(scenario):
    """C1: "Refine any number of Goods of the same color. Fulfill a [contract]
    without paying any cost.\""""
    s = _fulfil_at_mercatus(scenario, "c1", grape=1, meat=2, grain=3).hand("red", "c32")
    s.play("red", "fulfill c1 with meat grape meat")
    s.play("red", "refine all grain")
    s.play("red", "fulfill c32")  # tier II, free
    assert s.data("red")["refined"]["grain"] == 3 and "c32" in s.data("red")["fulfilled"]
    assert s.data("red")["vp"] == 8


def test_c5_advances_for_three_colours(scenario):
    """C5: "Refine any 4 Goods. If you Refined Goods of 3 or more colors,
    advance two steps on [the chariot track].\""""
    s = _fulfil_at_mercatus(scenario, "c5", grain=2, grape=2, meat=1, olive=1, salt=1)
    s.play("red", "fulfill c5 with grain grape salt")
    s.play("red", "refine grain meat olive grape")
    assert s.data("red")["chariot"] == 1  # space 1 asks for its raw good first
    s.play("red", "gain olive")
    assert s.data("red")["chariot"] == 2 and s.data("red")["salt"] == 1


def test_c10_sells_from_the_supply_to_each_ship(scenario):
    """C10: "Using Goods from the general supply, Sell 1 Good to each Ship.\""""
    s = _fulfil_at_mercatus(scenario, "c10", grain=1, grape=1, meat=1)
    s.play("red", "fulfill c10")
    asked = []
    while s.to_move() == ["red"] and any(a.startswith("sell") for a in s.legal("red")):
        option = next(a for a in s.legal("red") if a.startswith("sell cured"))
        asked.append(option.split()[-1])
        s.play("red", option)
    assert asked == ["ship4", "ship3", "ship2", "ship1"]
    assert s.data("red")["vp"] == 1 + 3 + 4 + 0


def test_c31_ignores_colour_matching(scenario):
    """C31: "Sell up to 4 Goods to the same Ship. They can be the same or
    different, Raw or Refined. Ignore color matching.\""""
    s = _fulfil_at_mercatus(scenario, "c31", wine=1, cured=1, olive=3)
    s.play("red", "fulfill c31 with cured wine olive")
    s.play("red", "sell olive ship1").play("red", "sell olive ship1")
    assert s.state["ships"][0]["goods"].count("olive") == 2  # raw olives on grain spaces of ship 1
    assert "sell olive ship2" not in s.legal("red")  # the ship is fixed after the first good


def test_c39_moves_goods_without_points(scenario):
    """C39, C45: "Moving Goods between Ships does not provide any VP.\""""
    s = _fulfil_at_mercatus(scenario, "c39", wine=1, flour=1, grain=1)
    s.ships(("s1", ["flour", None, None]), "s9", "s3", "s21")
    s.play("red", "fulfill c39")
    s.play("red", "shift flour ship1 ship4").play("red", "pass")
    assert s.state["ships"][3]["goods"] == [None, None, "flour", None]  # "meat meat any any"
    assert s.state["ships"][0]["goods"] == [None, None, None]
    assert s.data("red")["vp"] == 4  # only the card's 4 VP


def test_c47_counts_a_legacy_icon(scenario):
    """C47: "Choose one of the Legacy symbols. Gain 2 VP and 1 Denarius for
    each instance of that symbol you have.\""""
    s = _fulfil_at_mercatus(scenario, "c47", oil=1, wine=1, grain=1).fulfilled("red", "c2", "c11")
    s.play("red", "fulfill c47")
    s.play("red", "legacy laurel")
    assert s.data("red")["vp"] == 4 and s.data("red")["denarii"] == 2


def test_c49_places_from_the_board_only(scenario):
    """C49: "The Statue and Mosaic must already be in your supply.\""""
    s = _fulfil_at_mercatus(scenario, "c49", flour=1, cured=1, grain=1)
    s.set("red", statues={"supply": 8, "board": 1}, mosaics={"supply": 9, "board": 0})
    s.play("red", "fulfill c49")
    assert any(a.startswith("statue") for a in s.legal("red"))
    s.play("red", "statue offer")
    assert not any(a.startswith("mosaic") for a in s.legal("red"))
