"""Every worked example of the rulebook, played on our components.

Seats in a 4-player game: Red (meat), Green (olive), Yellow (grain), Purple
(grape) — the colours and goods the rulebook's examples use.
"""

from __future__ import annotations


def test_move_and_push_example(scenario):
    """ "Purple pays 1 Denarius to move their Merchant to the [Legatio]. There
    are no empty spaces in that Alcove, so the purple Patrician from the
    rightmost space is pushed to the next Alcove with an empty space. The
    [Mercatus] does not have an empty space so the Patrician is pushed onto
    the empty space of the [Officium]. Purple gains 1 Denarius for pushing
    their own Worker. Since their Patrician was pushed past [the denarius
    space], Purple also takes 1 Denarius from that space."""
    s = (
        scenario(4)
        .workers(
            {
                "legatio": ["purple:P", "red:M", "green:M", "yellow:M"],
                "mercatus": ["red:P", "green:P", "yellow:P"],
                "forum": ["purple:M"],
            }
        )
        .set("purple", denarii=1)
    )
    pool = s.state["pool"]
    s.start("purple").play("purple", "move merchant forum legatio")
    alcoves = s.state["alcoves"]
    assert alcoves["legatio"] == ["red:M", "green:M", "yellow:M", "purple:M"]
    assert alcoves["officium"][-1] == "purple:P"
    assert alcoves["forum"] == []
    # paid 1, +1 for the push, +1 from the denarius space
    assert s.data("purple")["denarii"] == 2
    assert s.state["pool"] == pool - 1
    # "For every Worker present in the Alcove you moved to ... gain 1 Raw Good of that color."
    assert s.data("purple")["raw"] == {"grain": 1, "meat": 1, "olive": 1, "grape": 1}


def test_gain_goods_example(scenario):
    """ "Green moved to the [Taberna]. A white and a yellow Worker are already
    there, so Green gains 1 Olive, 1 Salt, and 1 Grain. They place the Olive
    in the Storage that already has Olives; Grain in the empty Storage, and
    Salt in the Tablinum.\""""
    s = scenario(4).workers({"taberna": ["salt", "yellow:M"], "officium": ["green:P"]}).goods("green", olive=1)
    s.start("green").play("green", "move patrician taberna")
    green = s.data("green")
    assert green["raw"]["olive"] == 2 and green["raw"]["grain"] == 1 and green["salt"] == 1


def test_resolve_alcove_example(scenario):
    """ "Yellow moves to the [Legatio]. Their Patrician is alone in this
    Alcove, meaning they gain 3 ⚡, and they also spend 1 Denarius to gain an
    extra ⚡ for a total of 4 ⚡. Yellow spends 2 ⚡ to take 2 Contract cards.
    Then, they resolve the Alcove Bonus gaining 1 Salt. Finally, Yellow
    spends their remaining 2 ⚡ to resolve twice the action depicted on the
    Alcove.\""""
    s = scenario(4).workers({"legatio": ["yellow:P"]}).offer(None, None, None, "c2", "c3")
    s.state["offer_statues"][3].append("yellow")
    s.set("yellow", denarii=1, mosaics={"supply": 7, "board": 2}).goods("yellow", grain=2)
    s.at("yellow", "legatio")
    assert s.state["turn"]["energy"] == 3
    assert s.data("yellow")["salt"] == 1  # the bonus needs no choice: taken on arrival
    s.play("yellow", "buy")
    assert s.state["turn"]["energy"] == 4 and s.data("yellow")["denarii"] == 0
    s.play("yellow", "take c2").play("yellow", "take c3")
    assert sorted(s.data("yellow")["hand"]) == ["c2", "c3"]
    s.play("yellow", "mosaic storage with grain").play("yellow", "mosaic storage with grain")
    assert s.data("yellow")["storage_mosaics"] == 3
    assert s.state["turn"]["energy"] == 0


def test_officium_example(scenario):
    """ "Red takes actions in the [Officium]. They have 3 ⚡ from the Alcove.
    They spend all 3 ⚡ and 3 Meat to place 3 Mosaics. Red places the first
    Mosaic on the Chariot track [Entrance]. Then Red places the second
    Mosaic on the Storage area. Next, Red places the third Mosaic on the
    Alcove Bonus in the [Forum]. Resolving the Sunset effect, Red takes 3
    Olives ... Finally, they resolve the Alcove bonus gaining 2 VP.\""""
    s = scenario(4).workers({"officium": ["red:P"]}).goods("red", meat=3)
    s.set("red", mosaics={"supply": 6, "board": 3})
    s.at("red", "officium")
    assert s.state["turn"]["energy"] == 3
    assert s.data("red")["vp"] == 2
    for where in ("entrance", "storage", "forum"):
        s.play("red", f"mosaic {where}")
    assert s.state["entrance"] == ["red"]
    assert s.data("red")["storage_mosaics"] == 2
    assert s.state["alcove_mosaics"]["forum"] == ["red"]
    assert s.data("red")["raw"]["meat"] == 0
    # Nothing is left to do in the alcove, so the sunset follows by itself.
    assert s.to_move() == ["red"] and "gain 3 olive" in s.legal("red")  # the sunset cannot be skipped
    assert "pass" not in s.legal("red")
    s.play("red", "gain 3 olive")
    assert s.data("red")["raw"]["olive"] == 3
    assert s.to_move() == ["green"]


def test_taberna_example(scenario):
    """ "Green takes actions in the [Taberna]. They have 3 ⚡, 2 from the Alcove
    and 1 from their Statue. Green gains 1 Meat from the Alcove Bonus. They
    spend all their ⚡ on placing Statues ... They must spend 1 Olive per
    Statue, but since they only have 2, they additionally spend 1 Salt.
    Green places the first Statue on the Contract offer, the second Statue
    on the Demand tile, and the third Statue onto the Alcove.\""""
    s = scenario(4).workers({"taberna": ["green:P"]}).goods("green", olive=2, salt=1)
    s.demand("rome2", "athens1")
    s.state["alcove_statues"]["taberna"].append("green")
    s.set("green", statues={"supply": 5, "board": 3})
    s.at("green", "taberna")
    assert s.state["turn"]["energy"] == 3
    s.play("green", "bonus").play("green", "gain meat")
    assert s.data("green")["raw"]["meat"] == 1
    s.play("green", "statue offer with olive").play("green", "statue rome2 with olive")
    s.play("green", "statue officina")  # only the Salt is left to pay with
    assert s.state["offer_statues"][3] == ["green"]
    assert s.tile("rome2")["statues"][0] == "green"
    assert s.state["alcove_statues"]["officina"] == ["green"]
    green = s.data("green")
    assert green["raw"]["olive"] == 0 and green["salt"] == 0 and green["statues"]["board"] == 0


def test_officina_example(scenario):
    """ "Yellow takes actions in the [Officina]. They gain 2 ⚡ and 1 Statue
    (Alcove Bonus). Yellow spends their first ⚡ to refine all their Grain
    ... Then, they spend the second ⚡ to refine 1 Olive, 1 Meat, and 1
    Grape. ... They have 1 Mosaic on the Entrance, so they advance twice on
    the Chariot track. First, they choose the Demand tile ..., flip it to the
    active side ... Then they take a Mosaic from the general supply and place
    it on that Demand tile. For the second step on the track, Yellow gains 2
    Refined Grain.\""""
    s = scenario(4).workers({"officina": ["yellow:P"]}).goods("yellow", grain=3, olive=1, meat=1, grape=1)
    s.state["entrance"].append("yellow")
    s.set("yellow", chariot=4)
    s.at("yellow", "officina")
    assert s.state["turn"]["energy"] == 2
    assert s.data("yellow")["statues"]["board"] == 1
    s.play("yellow", "refine all grain").play("yellow", "refine each")
    yellow = s.data("yellow")
    assert yellow["refined"] == {"grain": 3, "meat": 1, "olive": 1, "grape": 1}
    assert not any(yellow["raw"].values())
    active = len(s.state["demand"])
    s.done("yellow")
    assert s.data("yellow")["chariot"] == 5
    s.play("yellow", "demand athens mosaic")
    assert len(s.state["demand"]) == active + 1
    assert s.state["demand"][-1]["mosaics"][0] == "yellow"
    assert s.data("yellow")["chariot"] == 6
    s.play("yellow", "gain 2 flour")
    assert s.data("yellow")["refined"]["grain"] == 5


def test_forum_example(scenario):
    """ "Red takes actions in the [Forum]. They only have 1 ⚡ and they spend it
    to Fulfill a Contract with a discount. Due to the discount of 1 [any
    good], they must only spend 1 Meat and 1 Olive. Then they place the card
    to the right of their Player board.\""""
    s = scenario(4).workers({"forum": ["red:P"]}).goods("red", meat=1, olive=1).hand("red", "c24")
    s.at("red", "forum")
    assert s.state["turn"]["energy"] == 1
    s.play("red", "fulfill c24")
    red = s.data("red")
    assert red["fulfilled"] == ["c24"] and red["hand"] == []
    assert red["raw"]["meat"] == 0 and red["raw"]["olive"] == 0


def test_port_example(scenario):
    """ "Red takes actions in the [Port]. They have 2 ⚡. Red resolves the Alcove
    Bonus and takes a Contract card from the offer. Red spends their first ⚡
    to take another Contract card. Afterwards, in the turn order, Green and
    Yellow each may take a Sell action ... Green forfeits their action,
    while Yellow loads 3 Refined Grapes onto the second Ship from the left,
    gaining a total of 12. Then, Red spends their second ⚡ to load 3 Raw
    Meat onto the rightmost Ship. Since there are only two matching (red)
    spaces, the third Meat is placed on the [multicoloured] space. Red gains
    a total of 3. The Sunset effect is resolved next: all Ships slide right,
    and Red claims the Ship that left the offer, since they have a majority.
    Red gains the Ship benefit: 3 [VP] and refills the offer. Finally, all
    players must remove all Raw Goods not secured by Mosaics. Only Yellow's
    Meat is not secured, so they must discard all 3 Meat.\""""
    s = scenario(4).workers({"port": ["green:M", "red:P"]}).offer(None, None, None, "c2", "c3")
    s.state["offer_statues"][3].append("red")
    s.ships("s1", "s9", "s3", "s21")  # s9 takes grapes; s21 is "meat meat any any", 3 VP
    s.goods("red", meat=3).goods("yellow", wine=3, grain=2, meat=3).goods("green", oil=1)
    s.at("red", "port")
    assert s.state["turn"]["energy"] == 2
    s.play("red", "bonus").play("red", "take c2")
    s.play("red", "take c3")
    assert s.to_move() == ["green"]
    s.play("green", "pass")
    assert s.to_move() == ["yellow"]
    s.play("yellow", "sell 3 wine ship2")
    assert s.data("yellow")["vp"] == 12
    s.play("purple", "pass") if s.to_move() == ["purple"] else None
    assert s.to_move() == ["red"]
    before = s.state["ship_stack"][-1]
    s.play("red", "sell 3 meat ship4")
    # Both ⚡ are spent, so the sunset follows: the sale, then the Sail.
    assert "Red sells 3 Meat to the Athenae ship in space 4 for 3 VP" in s.state["log"]
    red = s.data("red")
    assert red["ships"] == ["s21"] and red["vp"] == 6
    assert [ship["id"] for ship in s.state["ships"]] == [before, "s1", "s9", "s3"]
    # The Tax: Yellow's one storage mosaic protects one colour; Yellow chooses.
    assert s.to_move() == ["yellow"]
    s.play("yellow", "protect grain")
    assert s.data("yellow")["raw"]["meat"] == 0 and s.data("yellow")["raw"]["grain"] == 2
    assert s.data("yellow")["refined"]["grape"] == 0


def test_legatio_example(scenario):
    """ "Purple takes actions in the [Legatio]. They have a single ⚡, so they
    spend it to fulfill a Contract. Purple spends 2 Grapes and 1 Meat, then
    resolves the card's effect: spending 3 Refined Olives to gain 9. ...
    Purple chooses not to Sell 1 Good. Then, they gain 1 Salt from the
    Alcove Bonus. Finally, they resolve the Sunset effect by sliding right all
    Ships. The Ship is pushed out of the offer and Purple claims it, gaining 2
    Salt, placing that Ship above their Player board, and refilling the offer.\""""
    s = scenario(4).workers({"legatio": ["red:M", "green:M", "purple:P"]})
    s.goods("purple", grape=2, meat=1, oil=3).hand("purple", "c17")
    s.ships("s1", "s3", "s9", ("s14", ["wine", None, None, None]))  # s14 pays 2 Salt
    s.at("purple", "legatio")
    assert s.state["turn"]["energy"] == 1
    s.play("purple", "fulfill c17")
    s.play("purple", "spend 3 oil")
    assert s.data("purple")["vp"] == 9
    assert s.to_move() == ["purple"] and "pass" in s.legal("purple")  # the optional Sell 1 Good
    s.play("purple", "pass")  # its only ⚡ is spent: the sunset follows
    purple = s.data("purple")
    assert purple["ships"] == ["s14"] and purple["salt"] == 3
    assert purple["fulfilled"] == ["c17"]


def test_mercatus_example(scenario):
    """ "Green takes actions in the [Mercatus], where they have 2 ⚡. First,
    they play a Contract card from their hand, spending 1 Grape and 2 Grain.
    Green spends their second ⚡ to Refine 1 Meat, 1 Grain, and 1 Olive.
    Then, Green resolves the Alcove Bonus (Sell 1 Good), selling 1 Grain to
    a Ship to gain 4. Then they resolve the Sunset effect. Since they do not
    have any Mosaic on the Entrance, they advance their Chariot marker by 1
    and, thus, may fulfill 1 Contract for free.\""""
    s = scenario(4).workers({"mercatus": ["green:P"]}).goods("green", grape=1, grain=3, meat=1, olive=1)
    s.hand("green", "c27", "c2").set("green", chariot=9)
    s.ships("s1", "s3", "s9", "s21")
    s.at("green", "mercatus")
    assert s.state["turn"]["energy"] == 2
    s.play("green", "fulfill c27 with grain grape grain")
    s.play("green", "refine grain meat olive")
    assert s.data("green")["refined"] == {"grain": 1, "meat": 1, "olive": 1, "grape": 0}
    s.play("green", "bonus").play("green", "sell flour ship2")
    assert s.data("green")["vp"] == 4
    s.done("green")
    assert s.data("green")["chariot"] == 10
    s.play("green", "fulfill c2")  # free: no goods left to pay with, none needed
    assert s.data("green")["fulfilled"] == ["c27", "c2"]
    assert s.data("green")["vp"] == 4 + 5
