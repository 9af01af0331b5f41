"""The rulebook's AI players, rule by rule ("Games with AI Players and
Solitaire Play"), with the Troy movement example."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.hellenica import GAME
from engine.games.hellenica.ai import bidding, garrison, movement, objectives, production
from engine.games.hellenica.ai import combat as ai_combat
from engine.games.hellenica.ai.board import board_of
from engine.games.hellenica.ai.cards import CARDS
from engine.games.hellenica.ai.grudges import note_entry
from engine.games.hellenica.state import add_units, count_units, map_of
from engine.games.hellenica.steps import STEPS

TROY, BYZANTIUM, HUMAN = 1, 2, 0


def ai_game(players: int = 3, ai: tuple[int, ...] = (1, 2), seed: int = 5) -> dict:
    return GAME.new(players, {"ai_seats": list(ai), "homes": "random"}, seed)


def test_ai_seats_never_wait_and_are_set_up_as_the_rulebook_says():
    """ "AI Players start with an AI Government Marker (... a permanent elite
    Hoplite and an elite Cavalry ...), 1 Trireme, 2 Hoplites, and no City
    Upgrades on their Home City." "on the 1 space of the Advancements and
    Supply rows and on the 4 space of the Favor row"."""
    state = ai_game()
    while state["phase"] == "setup":
        seat = GAME.to_move(state)[0]
        assert seat == HUMAN
        state = GAME.play(state, seat, GAME.legal(state, seat)[0])
    for seat in (TROY, BYZANTIUM):
        home = state["seats"][seat]["city"]
        city = state["cities"][home]
        assert city["owner"] == seat and city["government"] is None and city["slots"] == [None] * len(city["slots"])
        assert count_units(state, home, seat, ("hoplite",)) == 3  # 2 Hoplites + the marker's elite Hoplite
        assert count_units(state, home, seat, ("cavalry",)) == 1 and count_units(state, home, seat, ("trireme",)) == 1
        board = board_of(state, seat)
        assert (board["advancements"], board["supply"], board["garrison"]) == (1, 1, home)
        assert state["seats"][seat]["favor"] == 4 and sum(state["seats"][seat]["cubes"].values()) == 0
        assert GAME.legal(state, seat) == []
    assert GAME.view(state, None)["ai"]["board"][0]["advancements"] == 1


def test_bad_ai_seats_are_refused():
    with pytest.raises(IllegalAction, match="ai_seats"):
        GAME.new(3, {"ai_seats": [3]}, 1)
    with pytest.raises(IllegalAction, match="ai_seats"):
        GAME.new(3, {"ai_seats": [1, 1]}, 1)


def test_shared_ethos_revealed_after_people_choose():
    """ "deal 3 Ethos cards face down ... Once all players have selected their
    Ethos cards ... turn these Ethos cards face up ... no duplicates"."""
    state = ai_game()
    while state["phase"] == "setup":
        state = GAME.play(state, HUMAN, GAME.legal(state, HUMAN)[0])
    assert len(state["ai"]["ethos_hidden"]) == 3 and state["ai"]["ethos"] == []
    assert GAME.view(state, None)["ai"]["ethos"] == []
    while state["ai"]["ethos_hidden"]:
        seat = GAME.to_move(state)[0]
        state = GAME.play(state, seat, GAME.legal(state, seat)[0])
    shared = state["ai"]["ethos"]
    assert len(set(shared)) == 3 and not set(shared) & set(state["seats"][HUMAN]["ethos"])


def _troy_position() -> dict:
    """The rulebook's picture: Troy (AI) with 5 movement eligible units at
    home, 2 units in Phocaea, a Trojan Trireme in the Dodecanese; enemy units
    in Abydos (2 Settlements, Byzantium's) and Mytilene (1 Settlement)."""
    state = ai_game()
    state["impassable"] = []
    state["units"] = {}
    for name, record in state["cities"].items():
        record["owner"], record["government"] = None, None
        record["slots"] = [None] * len(record["slots"])
    state["seats"][TROY]["city"], state["seats"][BYZANTIUM]["city"] = "troy", "byzantium"
    state["cities"]["troy"]["owner"] = TROY
    state["cities"]["abydos"]["owner"] = BYZANTIUM
    board_of(state, TROY)["garrison"] = "troy"
    board_of(state, TROY)["supply"] = 2
    add_units(state, "troy", TROY, "hoplite", 1, elite=True)
    add_units(state, "troy", TROY, "cavalry", 1, elite=True)
    add_units(state, "troy", TROY, "trireme", 2)
    add_units(state, "troy", TROY, "hoplite", 2)
    add_units(state, "troy", TROY, "cavalry", 1)
    add_units(state, "troy", TROY, "hero", 1)
    add_units(state, "phocaea", TROY, "hoplite", 2)
    add_units(state, "dodecanese", TROY, "trireme", 1)
    add_units(state, "abydos", BYZANTIUM, "hoplite", 1)
    add_units(state, "mytilene", HUMAN, "hoplite", 1)
    state["stack"] = []
    state["ai"]["deck"] = ["basic-temple"]  # "The AI Card revealed is the Basic Temple Card"
    return state


def test_troy_movement_example():
    """The rulebook's AI Movement Example, steps A to D."""
    state = _troy_position()
    # B. "Troy has 5 movement eligible units in Troy (the Government Marker is
    # not movement eligible and Heroes do not count ...)" — Phocaea, a city, keeps one.
    assert movement.eligible(state, TROY) == {"troy": 5, "phocaea": 1}
    movement.start_movement(state, TROY)
    # A. "the cube on the Supply track is moved down by 1"
    assert board_of(state, TROY)["supply"] == 1
    frame = state["stack"][-1]
    assert frame["kind"] == "move" and frame["area"] == "troy" and frame["ai"]["card"] == "basic-temple"
    # C. "they can reach either the Eastern Aegean Sea or the Dodecanese ...
    # Since the Dodecanese already has a Trojan Trireme, the Destination will
    # be the Eastern Aegean Sea."
    assert sorted(movement.trireme_targets(state, frame, TROY)) == ["dodecanese", "eastern-aegean"]
    played = []
    while frame in state["stack"] and state["stack"][-1] is frame:
        action = movement.next_action(state, frame, TROY)
        played.append(action)
        STEPS["move"].play(state, frame, TROY, action)
        if action.startswith("attack"):
            break
    assert played[0] == "move 2 trireme eastern-aegean"  # "all of the Triremes will move"
    assert played[1] == "move 1 hero eastern-aegean"  # "Move 1 Hero with the Triremes, if possible"
    # D. Least Friendly Units drops Phocaea, Enemy units leaves Abydos and
    # Mytilene, Most Settlements leaves Abydos (2 against 1).
    assert all(a.endswith(" abydos") for a in played[2:])
    assert played[-1] == "attack abydos"
    assert {"move 1 cavalry abydos", "move 2 hoplite abydos"} <= set(played)
    # the Government Marker never moves
    assert count_units(state, "troy", TROY, ("hoplite", "cavalry")) == 2
    # "A Yellow Action Cube is placed in the Byzantium Grudge Space because of the attack."
    assert board_of(state, BYZANTIUM)["grudge"] == TROY
    assert state["stack"][-1]["kind"] == "combat" and state["stack"][-1]["area"] == "abydos"


def test_destination_filters_step_by_step():
    """ "exclude Areas that do not match the text until only 1 Area remains ...
    If ... the text would remove all remaining Areas, then ignore that text."""
    state = _troy_position()
    card = CARDS["basic-temple"]
    left, trace = movement.narrow(state, TROY, card, ["phocaea", "abydos", "mytilene", "lydia"])
    assert left == ["abydos"]
    assert [name for name, _ in trace] == ["least-friendly", "enemy", "most-settlements"]
    # no Grudge yet: the Grudge text would remove every Area, so it is ignored
    left, trace = movement.narrow(state, TROY, CARDS["glorious-barracks"], ["lydia", "abydos"])
    assert "grudge" not in [name for name, _ in trace]


def test_no_eligible_units_gives_commerce_and_no_supply_passes():
    """ "If no Area has a count higher than 0, then no movement occurs and the AI
    Player receives 1 Commerce" / "Otherwise, the AI Player passes."."""
    state = _troy_position()
    state["units"] = {"troy": [s for s in state["units"]["troy"] if s["elite"]]}
    commerce = state["seats"][TROY]["commerce"]
    movement.start_movement(state, TROY)
    assert state["seats"][TROY]["commerce"] == commerce + 1 and state["stack"] == []
    board_of(state, TROY)["supply"] = 0
    movement.start_movement(state, TROY)
    assert state["seats"][TROY]["passed"]


def test_production_columns_and_benefits():
    """ "If the current Game Turn is Turn 2 or 3 ... the leftmost column;
    Otherwise ... the rightmost column." Units go to the Government City; a
    Wonder only if there is none; Supply: X."""
    state = _troy_position()
    state["turn"] = 2
    state["ai"]["deck"] = ["glorious-wonder"]
    card = CARDS["glorious-wonder"]
    before = count_units(state, "troy", TROY, ("hoplite",))
    production.produce(state, TROY)
    early = card.early
    assert board_of(state, TROY)["supply"] == early["supply"]
    assert count_units(state, "troy", TROY, ("hoplite",)) == before + early.get("hoplites", 0)
    assert any(s and s["type"] == "wonder" and s["state"] == "building" for s in state["cities"]["troy"]["slots"])
    state["turn"] = 4
    state["ai"]["deck"] = ["glorious-wonder"]
    production.produce(state, TROY)
    assert board_of(state, TROY)["supply"] == card.late["supply"]
    wonders = [s for s in state["cities"]["troy"]["slots"] if s and s["type"] == "wonder"]
    assert len(wonders) == 1  # "Otherwise, ignore."


def test_bids_follow_the_yellow_die():
    """ "++ all of their Favor ... + half ... rounded down ... - 1 Favor ...
    Blank 0 ... never bid more than needed to beat the highest Favor another
    player possesses.\""""
    assert bidding.bid_for_face("++", 7, 10) == 7
    assert bidding.bid_for_face("+", 7, 10) == 3
    assert bidding.bid_for_face("-", 7, 10) == 1
    assert bidding.bid_for_face("", 7, 10) == 0
    assert bidding.bid_for_face("++", 7, 2) == 3


def test_bid_tie_prefers_self_and_never_the_grudge():
    """ "AI Players will always select themselves if possible. If not, they will
    select a winner randomly but never their current Grudge.\""""
    state = _troy_position()
    assert bidding.pick_winner(state, TROY, [HUMAN, TROY]) == TROY
    board_of(state, TROY)["grudge"] = HUMAN
    for _ in range(10):
        assert bidding.pick_winner(state, TROY, [HUMAN, BYZANTIUM]) == BYZANTIUM


def test_casualty_least_dice_then_elite():
    """ "destroy the enemy unit that would result in the least number of dice
    ... If there is no difference ... destroy a random elite unit before a
    regular unit.\""""
    state = _troy_position()
    state["units"]["abydos"] = []
    add_units(state, "abydos", BYZANTIUM, "hoplite", 2)
    add_units(state, "abydos", BYZANTIUM, "cavalry", 1)
    frame = {"area": "abydos", "attacker": TROY, "defender": BYZANTIUM, "sea": False, "step": "casualties"}
    # killing the lone Cavalry takes away the red die and Combined Arms
    assert ai_combat.casualty(state, frame, TROY) == "destroy cavalry"
    state["units"]["abydos"] = []
    add_units(state, "abydos", BYZANTIUM, "hoplite", 2)
    add_units(state, "abydos", BYZANTIUM, "hoplite", 2, elite=True)
    assert ai_combat.casualty(state, frame, TROY) == "destroy elite-hoplite"
    assert ai_combat.decision(state, {**frame, "step": "withdraw"}, TROY, ["fight"]) == "fight"


def test_government_marker_regenerates_or_is_destroyed():
    """ "unless destroyed entirely, the marker automatically regenerates to full
    health at the end of each Combat"; destroyed, "it regenerates during the
    Upkeep Phase on the City they own with the most Settlements\"."""
    state = _troy_position()
    state["units"]["troy"] = [s for s in state["units"]["troy"] if not (s["kind"] == "cavalry" and s["elite"])]
    garrison.settle(state)
    assert garrison.garrison_left(state, TROY, "troy") == {"hoplite": 1, "cavalry": 1}
    state["units"]["troy"] = [s for s in state["units"]["troy"] if not s["elite"]]
    garrison.settle(state)
    assert board_of(state, TROY)["garrison"] is None
    state["cities"]["phocaea"]["owner"] = TROY
    garrison.regenerate(state)
    assert board_of(state, TROY)["garrison"] == "troy"  # 4 Settlements against Phocaea's 1


def test_ai_view_of_objectives():
    """ "assume the AI player has the exact Advancements it needs": 8 meet both
    Enlightenment and Knowledge; 10 Settlements meet 1 of Loyalty, Piety,
    Prosperity, Scholarship and 14 meet 2; at most 2 shared Ethos cards."""
    assert objectives.advancements_needed(["enlightenment", "knowledge"]) == 8
    state = _troy_position()
    state["ai"]["ethos"] = ["enlightenment", "knowledge", "loyalty"]
    board_of(state, TROY)["advancements"] = 7
    assert objectives.ethos_met(state, TROY) == ["enlightenment"] or objectives.ethos_met(state, TROY) == ["knowledge"]
    board_of(state, TROY)["advancements"] = 8
    assert objectives.ethos_met(state, TROY) == ["enlightenment", "knowledge"]
    for city in ("abydos", "phocaea", "mytilene", "byzantium"):
        state["cities"][city]["owner"] = TROY
    assert objectives.settlements(state, TROY) >= 10
    assert objectives.ethos_met(state, TROY) == ["enlightenment", "knowledge", "loyalty"]
    assert len(objectives.ai_completed(state, TROY)) <= len(state["pathos"]) + 2


def test_harm_records_grudges_and_ai_do_not_trade():
    """ "moving onto an Area containing units or cities owned to the AI Player"
    puts the mover's cube on the Grudge Space, replacing any there."""
    state = _troy_position()
    note_entry(state, HUMAN, "phocaea")
    assert board_of(state, TROY)["grudge"] == HUMAN
    note_entry(state, BYZANTIUM, "troy")
    assert board_of(state, TROY)["grudge"] == BYZANTIUM
    state = ai_game()
    while state["phase"] == "setup":
        state = GAME.play(state, HUMAN, GAME.legal(state, HUMAN)[0])
    assert "offer" not in GAME.legal(state, HUMAN)  # the only others are AI players: nobody to trade with
    with pytest.raises(IllegalAction, match="AI players do not trade"):
        GAME.play(state, HUMAN, "offer orange")


def test_land_units_leave_behind_for_the_most_dice():
    """D. "Always move the combination of units that will result in the maximum
    number of Combat dice to be rolled, even if no Combat will occur. If
    different combinations of units would result in the same number of Combat
    dice, then leave behind a Government Marker, Hoplite, Cavalry, elite
    Hoplite, or elite Cavalry in that order.\""""
    state = _troy_position()
    state["units"]["phocaea"] = []
    add_units(state, "phocaea", TROY, "hoplite", 1)
    add_units(state, "phocaea", TROY, "cavalry", 1)
    add_units(state, "phocaea", TROY, "cavalry", 1, elite=True)
    # Phocaea is a City: one unit stays. Leaving the Hoplite would send 2 red
    # dice; leaving the Cavalry sends a green, 2 red and Combined Arms.
    assert movement.land_to_send(state, TROY, "phocaea") == 2
    sent = movement.best_group(movement.land_available(state, TROY, "phocaea"), 2)
    assert sent == {("hoplite", False): 1, ("cavalry", True): 1}
    assert movement.land_dice(sent) == 4
    # equal dice: the Hoplite is left behind first
    assert movement.best_group({("hoplite", False): 2, ("cavalry", False): 1}, 2) == {
        ("hoplite", False): 1,
        ("cavalry", False): 1,
    }
    # where the Government Marker stands, it is what stays: every other unit goes
    assert movement.land_to_send(state, TROY, "troy") == 3
    # a Non-City Area: "Otherwise, move all units"
    add_units(state, "lydia", TROY, "hoplite", 2)
    assert movement.land_to_send(state, TROY, "lydia") == 2


def test_transport_room_takes_the_units_with_most_dice():
    """With room on the Triremes for 2, the pair rolling the most dice sails:
    an elite Hoplite and a Cavalry (3 green, 1 red) rather than 2 Hoplites."""
    available = {("hoplite", False): 2, ("cavalry", False): 1, ("hoplite", True): 1}
    assert movement.best_group(available, 2) == {("cavalry", False): 1, ("hoplite", True): 1}
    assert movement.best_group(available, 9) == available


def test_most_settlements_treats_empty_areas_as_three():
    """Explorable Map: "treat all Empty Areas as if it is a City Area with 3
    settlements on it" for Most Settlements."""
    state = GAME.new(2, {"ai_seats": [1], "homes": "random", "map": "explorable"}, 3)
    board = map_of(state)
    empty = next(a for a, area in board.areas.items() if area.empty)
    four = next(a for a, area in board.areas.items() if area.settlements == 4)
    assert movement.settlements_seen(state, empty) == 3
    assert movement._most_settlements(state, 1, [empty, four]) == [four]
    small = [a for a, area in board.areas.items() if 0 < area.settlements < 3]
    assert all(movement._most_settlements(state, 1, [empty, a]) == [empty] for a in small)


def test_people_choose_home_and_patron_first_ai_players_neither_patron():
    """ "The player(s) decide which City-State(s) they wish to play. Any number
    of the unselected City-States can be played by the game system"; AI
    players start with "no City Upgrades": no first Temple, so no patron."""
    state = GAME.new(3, {"ai_seats": [0, 2]}, 5)
    assert GAME.to_move(state) == [1] and GAME.legal(state, 1)[0].startswith("home ")
    state = GAME.play(state, 1, "home athens")
    homes = {p["city"] for p in state["seats"]}
    assert None not in homes and len(homes) == 3  # the AI players took theirs at once
    assert GAME.to_move(state) == [1] and all(a.startswith("patron ") for a in GAME.legal(state, 1))
    assert state["seats"][0]["deity_hand"] == [] and state["seats"][2]["deity_hand"] == []
    state = GAME.play(state, 1, GAME.legal(state, 1)[0])
    assert state["seats"][0]["deities"] == [] and len(state["seats"][1]["deities"]) == 1
