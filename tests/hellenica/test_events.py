"""World Events: the chaos track, the deck, Olympus Awakens, secret bids and
every kind of event."""

from __future__ import annotations

import json

import pytest

from engine.core import IllegalAction, Rng
from engine.games.hellenica import GAME
from engine.games.hellenica.components import EVENTS, OLYMPUS, YELLOW_SIGNS, event_deck
from engine.games.hellenica.events import advance_chaos, new_deck
from engine.games.hellenica.favorite import turn_order
from engine.games.hellenica.state import government_city
from engine.games.hellenica.steps import current
from tests.hellenica.helpers import (
    act_as,
    bid,
    clear_units,
    count,
    home_of,
    moves,
    new_game,
    own,
    play,
    rig,
    trigger,
    units,
    upgrade,
)


class TestChaosTrack:
    @pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
    def test_the_marker_starts_on_players_plus_one(self, players):
        """ "Place any Action Cube ... on the Chaos Track space corresponding to
        the number of Players in the game +1. Example: In a 7 Player game,
        place the marker on the 8 space.\""""
        assert GAME.new(players, {}, 1)["chaos"] == players + 1

    def test_no_event_before_the_tip(self):
        """ "If the Chaos Marker does not enter the final space ... then no
        World Event is triggered.\""""
        assert advance_chaos(5, 3, 4) == (2, False)
        assert advance_chaos(8, 0, 7) == (8, False)

    def test_the_strategic_shift_example(self):
        """Strategic Shift has a Chaos Number of 3 but "only 2 remain before the
        bottom": the marker moves 2, resets to 7 (a 7 player game) and moves a
        3rd and final time — to 6; the event occurs."""
        assert EVENTS["strategic-shift"].chaos == 3
        assert advance_chaos(2, 3, 7) == (6, True)

    def test_an_exact_hit_resets_to_the_player_count(self):
        """ "Place the Chaos Marker on the space corresponding to the number of
        players in the game (not players +1)."""
        assert advance_chaos(3, 3, 7) == (7, True)
        assert advance_chaos(1, 1, 2) == (2, True)

    def test_a_long_remainder_goes_round_and_triggers_once(self):
        """Our reading: one card triggers once; what remains after the reset
        keeps moving the marker round the track."""
        assert advance_chaos(1, 5, 2) == (2, True)


class TestDeck:
    def test_the_deck_holds_52_cards_with_the_named_ones(self):
        """ "52 World Event Cards"; the text names Olympus Awakens, Egyptian
        Support (Chaos 4), Strategic Shift (Chaos 3), Alcibiades, Eruption,
        Silence cards, revolts, Area Reduction and every Creature's arrival."""
        deck = event_deck()
        assert len(deck) == 52 and deck.count(OLYMPUS) == 1
        assert EVENTS["egyptian-support"].chaos == 4 and EVENTS["strategic-shift"].chaos == 3
        effects = {EVENTS[c].effect for c in deck}
        assert {"silence", "revolt", "reduction", "eruption", "alcibiades", "creature"} <= effects
        assert {EVENTS[c].params["creature"] for c in deck if EVENTS[c].effect == "creature"} == {
            "cetus",
            "cyclops",
            "hydra",
            "medusa",
            "minotaur",
            "scylla",
            "sphinx",
        }
        assert all(EVENTS[c].chaos >= 1 for c in deck if c != OLYMPUS)

    def test_olympus_awakens_is_shuffled_into_the_lower_half(self):
        """ "split the remaining cards into two approximately equal piles.
        Shuffle the Olympus Awakens card into the first pile. Shuffle the second
        pile and place it on top.\""""
        for seed in range(5):
            deck = new_deck(Rng(seed))
            assert OLYMPUS in deck["lower"] and OLYMPUS not in deck["upper"]
            assert len(deck["upper"]) == 26 and len(deck["lower"]) == 26
            assert sorted(deck["upper"] + deck["lower"]) == sorted(event_deck())

    def test_a_revealed_card_that_does_not_occur_is_discarded(self):
        state = new_game(2, seed=3)
        seat = state["order"][0]
        trigger(state, seat, "silence-omens")  # the marker sits on 2, the card's Chaos Number
        assert state["chaos"] == 2  # reset to 2 players, no remainder
        state = new_game(2, seed=3)
        state["chaos"] = 3
        from tests.hellenica.helpers import next_cards

        next_cards(state, "persian-gold")
        act_as(state, seat)
        from engine.games.hellenica import phases
        from engine.games.hellenica.steps import push

        push(state, "event", seat=seat)
        phases.advance(state)
        assert state["chaos"] == 1 and state["events"]["discard"][-1] == "persian-gold"
        assert current(state)["kind"] == "action" and GAME.to_move(state) == [seat]
        events = GAME.view(state, None)["events"]
        assert events["quiet"]["title"] == "Persian Gold" and events["last"] is None

    def test_the_picture_keeps_the_last_event_that_occurred(self):
        """The last World Event's text stays on view while cards revealed
        after it do not occur."""
        state = new_game(2, seed=3)
        seat = state["order"][0]
        for player in state["seats"]:
            player["favor"] = 2
        state = bid(trigger(state, seat, "egyptian-support"), blue=0, orange=1)
        from engine.games.hellenica import phases
        from engine.games.hellenica.steps import push
        from tests.hellenica.helpers import next_cards

        state["chaos"] = 3
        next_cards(state, "persian-gold")
        act_as(state, seat)
        push(state, "event", seat=seat)
        phases.advance(state)
        events = GAME.view(state, None)["events"]
        assert events["quiet"]["title"] == "Persian Gold"
        assert events["last"]["title"] == "Egyptian Support" and events["last"]["winner"] == 1

    def test_an_empty_deck_is_re_formed_from_the_discard_pile(self):
        state = new_game(2, seed=3)
        from engine.games.hellenica.events import draw

        state["events"]["discard"] = state["events"]["upper"] + state["events"]["lower"]
        state["events"]["upper"], state["events"]["lower"] = [], []
        card = draw(state)
        assert card is not None and len(state["events"]["upper"]) == 51 and state["events"]["discard"] == []

    def test_the_public_view_shows_counts_never_the_deck(self):
        state = new_game(2, seed=3)
        view = GAME.view(state, None)
        assert view["events"]["deck"] == 52 and view["events"]["discard"] == 0
        text = json.dumps(view)
        assert not any(f'"{card}"' in text for card in EVENTS)


class TestMovementRevealsACard:
    def test_after_moving_a_card_is_revealed(self):
        """ "After all Movement and Combat for the Supply action is completed,
        reveal the top World Events card" — only when units moved."""
        state = new_game(2, seed=21)
        seat = state["order"][0]
        home = home_of(state, seat)
        upgrade(state, home, 3, "market")
        state["seats"][seat]["cubes"]["supply"] = 2
        state = act_as(state, seat)
        deck = len(state["events"]["upper"]) + len(state["events"]["lower"])
        state = play(state, seat, f"supply {home} from {home}", "done")  # nothing moved
        assert len(state["events"]["upper"]) + len(state["events"]["lower"]) == deck
        state = act_as(state, seat)
        state = play(state, seat, f"supply {home} from {home}")
        target = next(a.split()[3] for a in moves(state, seat) if a.startswith("move 1 hoplite"))
        state = play(state, seat, f"move 1 hoplite {target}", "done")
        assert len(state["events"]["upper"]) + len(state["events"]["lower"]) == deck - 1
        assert any("movement reveals" in e["text"] for e in state["log"])


@pytest.fixture
def duel():
    """Blue and Orange, Blue to act, both with 3 Favor."""
    state = new_game(2, seed=5)
    blue = 0
    for player in state["seats"]:
        player["favor"] = 3
    return state, blue


class TestBids:
    def test_bids_are_secret_until_everyone_has_bid(self, duel):
        """ "Players secretly place the amount of Favor they wish to bid ...
        all players simultaneously open their hands"; "The winning bidder
        discards their spent Favor ... All other players return their Favor"."""
        state, blue = duel
        state = trigger(state, blue, "persian-gold")
        assert current(state)["kind"] == "bid" and GAME.to_move(state) == [0, 1]
        assert GAME.describe(state, 0, "bid 2") == "Blue places a secret bid."
        assert "2 Favor" in GAME.label(state, 0, "bid 2")
        after = GAME.play(state, 0, "bid 2")
        assert GAME.to_move(after) == [1]
        public = GAME.view(after, None)
        assert public["bid"]["bid"] == [0] and public["bid"]["waiting"] == [1]
        low = GAME.play(state, 0, "bid 0")
        assert GAME.view(low, None) == public  # the amount cannot be read from the public view
        assert GAME.view(after, 0)["private"]["bid"] == 2 and GAME.view(after, 1)["private"]["bid"] is None
        assert not GAME.reveals(state, 0, "bid 2", after)
        final = GAME.play(after, 1, "bid 1")
        assert GAME.reveals(after, 1, "bid 1", final)
        assert any("revealed: Blue 2, Orange 1" in e["text"] for e in final["log"])
        assert final["seats"][0]["favor"] == 1 and final["seats"][1]["favor"] == 3
        assert final["seats"][0]["commerce"] >= 4 and final["seats"][0]["won"] == ["persian-gold"]
        assert final["chaos"] == 2 - 2 + 2  # the winning bid drives the marker down 2: the tip, reset to 2

    def test_a_bid_above_your_favor_is_refused(self, duel):
        state, blue = duel
        state = trigger(state, blue, "persian-gold")
        with pytest.raises(IllegalAction, match="You have 3 Favor"):
            GAME.play(state, 0, "bid 4")
        with pytest.raises(IllegalAction, match="bidding on Persian Gold now: bid a number"):
            GAME.play(state, 0, "bid lots")
        assert moves(state, 0) == ["bid 0", "bid 1", "bid 2", "bid 3"]

    def test_ties_are_broken_by_the_favorite(self, duel):
        """ "In case of a tie, the Favorite of the Gods chooses between the tied bidders.\""""
        state, blue = duel
        favorite = state["favorite"]
        other = 1 - favorite
        state = bid(trigger(state, blue, "oracle-counsel"), blue=1, orange=1)
        assert current(state)["kind"] == "choose" and GAME.to_move(state) == [favorite]
        assert sorted(moves(state, favorite)) == ["award blue", "award orange"]
        state = GAME.play(state, favorite, f"award {GAME.seat_name(state, other).lower()}")
        assert state["seats"][other]["won"] == ["oracle-counsel"]
        assert state["seats"][other]["favor"] == 2 and state["seats"][favorite]["favor"] == 3

    def test_the_winning_bid_can_trigger_another_event(self, duel):
        """ "The Chaos Marker is moved down a number of spaces equal to the amount
        of Favor spent by the winning player. This may trigger another World
        Event. If so, draw a new World Event card immediately, ignore the Chaos
        Number, and trigger the newly drawn World Event.\""""
        state, blue = duel
        state = trigger(state, blue, "persian-gold", then="egyptian-support")
        assert state["chaos"] == 2
        state = bid(state, blue=2, orange=0)
        assert current(state)["kind"] == "bid" and current(state)["card"] == "egyptian-support"
        assert state["chaos"] == 2  # reset to 2; Egyptian Support's Chaos Number 4 is ignored
        state = bid(state, blue=0, orange=1)
        assert state["seats"][1]["won"] == ["egyptian-support"] and state["chaos"] == 1
        assert current(state)["kind"] == "action" and GAME.to_move(state) == [blue]

    def test_a_silence_card_occurs_without_a_bid(self, duel):
        """ "(including nothing happening if it is a Silence card)\""""
        state, blue = duel
        state = trigger(state, blue, "silence-calm")
        assert current(state)["kind"] == "action" and state["chaos"] == 2
        assert state["events"]["discard"][-1] == "silence-calm"
        assert not any(p["won"] for p in state["seats"])


class TestOlympusAwakens:
    def test_the_olympus_awakens_example(self, duel):
        """Samuel flips Olympus Awakens, then Egyptian Support: its Chaos Number
        of 4 is ignored, "The Chaos Marker stays exactly where it is"; after
        the bid the marker moves by the winning bid; then the discard pile and
        the deck are shuffled together."""
        state, blue = duel
        from engine.games.hellenica import phases
        from engine.games.hellenica.steps import push
        from tests.hellenica.helpers import next_cards

        next_cards(state, OLYMPUS, "egyptian-support")
        state["chaos"] = 3
        act_as(state, blue)
        push(state, "event", seat=blue)
        phases.advance(state)
        assert current(state)["kind"] == "bid" and current(state)["card"] == "egyptian-support"
        assert state["chaos"] == 3
        state = bid(state, blue=1, orange=0)
        assert state["chaos"] == 2
        deck = state["events"]
        assert deck["discard"] == [] and deck["lower"] == [] and OLYMPUS in deck["upper"]
        assert len(deck["upper"]) == 51 and state["seats"][0]["won"] == ["egyptian-support"]

    def test_olympus_awakens_then_silence_still_reshuffles(self, duel):
        state, blue = duel
        from engine.games.hellenica import phases
        from engine.games.hellenica.steps import push
        from tests.hellenica.helpers import next_cards

        next_cards(state, OLYMPUS, "silence-storm")
        state["chaos"] = 3
        act_as(state, blue)
        push(state, "event", seat=blue)
        phases.advance(state)
        assert current(state)["kind"] == "action" and state["chaos"] == 3
        assert len(state["events"]["upper"]) == 52


class TestEffects:
    def test_egyptian_support_gives_its_reward(self, duel):
        state, blue = duel
        state = bid(trigger(state, blue, "egyptian-support"), blue=0, orange=1)
        orange = state["seats"][1]
        assert (orange["commerce"], orange["philosophers"], orange["favor"]) == (3, 1, 2)

    def test_mercenaries_arrive_in_the_government_city(self, duel):
        state, blue = duel
        home = government_city(state, 0)
        before = count(state, home, 0, "hoplite")
        state = bid(trigger(state, blue, "mercenaries"), blue=1, orange=0)
        assert count(state, home, 0, "hoplite") == before + 2

    def test_units_won_never_appear_beside_enemy_units(self, duel):
        """Units a World Event gives are placed, not moved, so no combat could
        follow: with enemy units in the Government City they go to another
        city of the winner, and with none free they are not received."""
        state, blue = duel
        home = government_city(state, 0)
        units(state, home, 1, "hoplite", 1)
        own(state, "megara", 0)
        state = bid(trigger(state, blue, "mercenaries"), blue=1, orange=0)
        assert count(state, "megara", 0, "hoplite") == 2 and count(state, home, 0, "hoplite") == 1
        units(state, "megara", 1, "cavalry", 1)
        state = bid(trigger(state, blue, "alcibiades"), blue=1, orange=0)
        assert all(count(state, area, 0, "alcibiades") == 0 for area in state["units"])
        assert any("no city free of enemy units" in e["text"] for e in state["log"])

    def test_a_creature_arrives_where_the_winner_places_it(self, duel):
        """ "The winner of the World Events bid places the Creature on an Area
        using the rules shown on the World Events Card.\""""
        state, blue = duel
        state = bid(trigger(state, blue, "cetus-rises"), blue=1, orange=0)
        options = moves(state, 0)
        assert options and all(a.startswith("place cetus ") for a in options)
        assert "place cetus cyclades" in options and "place cetus athens" not in options
        state = GAME.play(state, 0, "place cetus cyclades")
        assert state["creatures"]["cetus"] == "cyclades"

    def test_a_slain_creature_is_replaced_by_another_from_the_pool(self, duel):
        state, blue = duel
        state["slain"]["cetus"] = 1
        state = bid(trigger(state, blue, "cetus-rises"), blue=1, orange=0)
        assert {a.split()[1] for a in moves(state, 0)} == {"cyclops", "hydra", "medusa", "minotaur", "scylla", "sphinx"}

    def test_strategic_shift_changes_the_order_from_the_next_round(self):
        """The winner becomes Favorite and turns the token; this round ends in
        the old order."""
        state = new_game(3, seed=4)
        first, second, third = state["order"]
        for player in state["seats"]:
            player["favor"] = 2
        state = trigger(state, first, "strategic-shift")
        state = play(state, third, "bid 2")
        state = play(state, first, "bid 0")
        state = play(state, second, "bid 0")
        assert moves(state, third) == ["zeus", "hera"]
        state = GAME.play(state, third, "hera")
        assert state["favorite"] == third and state["direction"] == "hera" and state["reorder"]
        assert GAME.to_move(state) == [first]  # this round ends in the old order
        state = GAME.play(state, first, f"worship {home_of(state, first)}")
        assert GAME.to_move(state) == [second]
        state = GAME.play(state, second, f"worship {home_of(state, second)}")
        state = GAME.play(state, third, f"worship {home_of(state, third)}")
        new_order = turn_order(state)
        assert new_order[0] == third and state["order"] == new_order and state["round"] == 2
        assert GAME.to_move(state) == [third] and not state["reorder"]
        state = GAME.play(state, third, "pass")
        assert GAME.to_move(state) == [new_order[1]]

    def test_alcibiades_joins_the_winner_and_changes_sides(self, duel):
        """ "awards the winning bidder a free hero ... Alcibiades may change sides
        ... does not count against the hero limit.\""""
        state, blue = duel
        units(state, home_of(state, 0), 0, "hero", 5)
        state = bid(trigger(state, blue, "alcibiades"), blue=1, orange=0)
        home0 = government_city(state, 0)
        assert count(state, home0, 0, "alcibiades") == 1 and count(state, home0, 0, "hero") >= 5
        state = bid(trigger(state, blue, "alcibiades-changes-sides"), blue=0, orange=1)
        assert count(state, home0, 0, "alcibiades") == 0
        assert count(state, government_city(state, 1), 1, "alcibiades") == 1

    def test_earthquake_fells_a_random_upgrade_in_a_rival_city(self, duel):
        state, blue = duel
        own(state, "megara", 1)
        upgrade(state, "megara", 0, "market")
        upgrade(state, "megara", 1, "academy")
        units(state, "megara", 1, "hoplite", 1)
        own(state, "argos", 1)
        upgrade(state, "argos", 0, "market")
        state = bid(trigger(state, blue, "earthquake"), blue=1, orange=0)
        assert moves(state, 0) == ["strike megara", "strike argos"]  # Orange's Government City is immune
        state = GAME.play(state, 0, "strike megara")
        assert sum(1 for p in state["cities"]["megara"]["slots"] if p) == 1
        assert state["cities"]["megara"]["owner"] == 1

    def test_the_only_choice_is_made_at_once(self, duel):
        state, blue = duel
        own(state, "megara", 1)
        upgrade(state, "megara", 0, "market")
        state = bid(trigger(state, blue, "earthquake"), blue=1, orange=0)
        assert current(state)["kind"] == "action" and state["cities"]["megara"]["slots"][0] is None
        assert state["cities"]["megara"]["owner"] is None  # nothing left on it: neutral

    def test_master_builders_build_for_free(self, duel):
        state, blue = duel
        cubes = dict(state["seats"][0]["cubes"])
        state = bid(trigger(state, blue, "master-builders"), blue=1, orange=0)
        home = home_of(state, 0)
        assert f"build barracks {home}" in moves(state, 0) and "pass" in moves(state, 0)
        state = GAME.play(state, 0, f"build barracks {home}")
        assert any(p and p["type"] == "barracks" and p["state"] == "building" for p in state["cities"][home]["slots"])
        assert state["seats"][0]["cubes"] == cubes

    def test_panathenaic_festival_refreshes_a_city(self, duel):
        state, blue = duel
        home = home_of(state, 0)
        for piece in state["cities"][home]["slots"]:
            if piece:
                piece["state"] = "exhausted"
        state = bid(trigger(state, blue, "panathenaic-festival"), blue=1, orange=0)
        assert all(p["state"] == "active" for p in state["cities"][home]["slots"] if p)

    @pytest.mark.parametrize(
        "card,commodity,expected",
        [
            ("harvest-festival", "commerce", (1, 1)),  # one Market each
            ("sophists", "philosophers", (1, 1)),  # one Academy each
            ("phoenician-traders", "commerce", (1, 1)),  # 1 each (the winner's reward aside)
            ("great-dionysia", "favor", (1, 1)),  # one city with a Temple each
        ],
    )
    def test_gifts_to_every_player(self, duel, card, commodity, expected):
        state, blue = duel
        before = [p[commodity] for p in state["seats"]]
        state = bid(trigger(state, blue, card), blue=0, orange=0)
        state = GAME.play(state, state["favorite"], f"award {GAME.seat_name(state, state['favorite']).lower()}")
        winner = state["favorite"]
        reward = EVENTS[card].reward.get(commodity, 0)
        gains = tuple(state["seats"][s][commodity] - before[s] - (reward if s == winner else 0) for s in (0, 1))
        assert gains == expected

    def test_olympic_games_count_heroes(self, duel):
        state, blue = duel
        units(state, home_of(state, 1), 1, "hero", 3)
        state = bid(trigger(state, blue, "olympic-games"), blue=1, orange=0)
        assert state["seats"][1]["favor"] == 3 + 2  # 1 per Hero, at most 2

    def test_piracy_takes_commerce_from_the_others(self, duel):
        state, blue = duel
        state["seats"][1]["commerce"] = 3
        state = bid(trigger(state, blue, "piracy"), blue=1, orange=0)
        assert state["seats"][1]["commerce"] == 2 and state["seats"][0]["commerce"] == 1


class TestRevolts:
    def test_the_revolt_formula(self):
        """Nate: 3 City Upgrades, 2 units, a - : "-1 (Yellow die) + 2 (units)
        -3 (City Upgrades) = -2"; + or ++ puts it down; a blank costs 1 unit."""
        from engine.games.hellenica.losses import revolt_result

        assert revolt_result("-", 2, 3) == -2
        assert revolt_result("+", 2, 3) == 0 and revolt_result("++", 2, 3) == 1
        assert revolt_result("", 2, 3) == -1

    @pytest.fixture
    def megara(self):
        """Nate (Orange) holds Megara with 3 City Upgrades — on its two
        settlements and on the Geraneia mine, part of Megara's City Area —
        and 2 units."""
        state = new_game(2, seed=5)
        clear_units(state)
        nate = 1
        own(state, "megara", nate)
        upgrade(state, "megara", 0, "market")
        upgrade(state, "megara", 1, "academy")
        state["mines"]["geraneia"] = {"type": "barracks", "state": "active"}
        units(state, "megara", nate, "hoplite", 2)
        return state, nate

    @pytest.mark.parametrize("face,units_left,owner", [("-", 0, None), ("", 1, 1), ("+", 2, 1), ("++", 2, 1)])
    def test_the_revolt_example(self, megara, face, units_left, owner):
        """ "The city revolts and Nate must remove 2 units ... the city becomes
        neutral"; "If he had rolled a blank, he would have lost 1 unit ... but
        retained ownership of Megara"; + or ++ "suffered no losses"."""
        from engine.games.hellenica.losses import revolt

        state, nate = megara
        rig(state, ("yellow", face))
        revolt(state, "megara")
        assert count(state, "megara", nate) == units_left
        assert state["cities"]["megara"]["owner"] == owner
        assert any(f"- 3 City Upgrades = {YELLOW_SIGNS[face] - 1}" in e["text"] for e in state["log"])
        # "retains its City Upgrades for a future conqueror"
        assert sum(1 for p in state["cities"]["megara"]["slots"] if p) == 2 and state["mines"]["geraneia"]

    def test_a_chosen_revolt_through_the_event(self, megara):
        state, nate = megara
        for player in state["seats"]:
            player["favor"] = 2
        own(state, "argos", nate)
        upgrade(state, "argos", 0, "market")
        state = bid(trigger(state, 0, "helot-revolt"), blue=1, orange=0)
        assert moves(state, 0) == ["revolt megara", "revolt argos"]  # Nate's Government City cannot revolt
        rig(state, ("yellow", "-"))
        state = GAME.play(state, 0, "revolt megara")
        assert state["cities"]["megara"]["owner"] is None and state["cities"]["argos"]["owner"] == nate

    def test_government_cities_never_revolt(self, megara):
        """ "A Revolt may not occur in a Government City.\""""
        from engine.games.hellenica.losses import revolt, revolt_cities

        state, nate = megara
        home = government_city(state, nate)
        assert home not in revolt_cities(state, nate) and "megara" in revolt_cities(state, nate)
        rig(state, ("yellow", "-"))
        revolt(state, home)
        assert state["cities"][home]["owner"] == nate

    def test_a_home_city_reverts_to_its_owner(self, megara):
        """ "the city reverts to neutral (or its original owner if a starting Home City)\""""
        from engine.games.hellenica.losses import revolt

        state, nate = megara
        home0 = home_of(state, 0)
        own(state, home0, nate)
        state["cities"][home0]["government"] = None
        units(state, home0, nate, "hoplite", 1)
        rig(state, ("yellow", "-"))
        revolt(state, home0)
        assert state["cities"][home0]["owner"] == 0

    def test_each_other_player_revolts_in_their_largest_city(self, megara):
        state, nate = megara
        own(state, "argos", nate)
        upgrade(state, "argos", 0, "market")
        for player in state["seats"]:
            player["favor"] = 2
        rig(state, ("yellow", "+"))
        state = bid(trigger(state, 0, "colonial-unrest"), blue=1, orange=0)
        assert any("Revolt in Megara" in e["text"] for e in state["log"])
        assert not any("Revolt in Argos" in e["text"] for e in state["log"])


class TestAreaReduction:
    def test_two_pieces_are_lost_and_an_emptied_city_becomes_neutral(self):
        """ "Players on the Area must remove a total of 2 units and/or City
        Upgrades of theirs from the Area. If all units and City Upgrades on a
        city are destroyed then the city becomes neutral immediately.\""""
        state = new_game(2, seed=5)
        clear_units(state)
        own(state, "megara", 1)
        upgrade(state, "megara", 0, "market")
        units(state, "megara", 1, "hoplite", 1)
        for player in state["seats"]:
            player["favor"] = 2
        state = bid(trigger(state, 0, "plague"), blue=1, orange=0)  # Megara is the only Area to strike
        assert count(state, "megara", 1) == 0 and state["cities"]["megara"]["slots"][0] is None
        assert state["cities"]["megara"]["owner"] is None

    def test_a_city_holding_a_mine_upgrade_is_not_emptied(self):
        """A City Area is "all the Settlements in one Area plus any Mines in
        adjacent Areas": Megara stripped bare keeps its owner while its
        Geraneia mine holds an upgrade — and becomes neutral when a Plague in
        Panactum, where the mine lies, takes that too."""
        from engine.games.hellenica.losses import area_reduction

        state = new_game(2, seed=5)
        clear_units(state)
        own(state, "megara", 1)
        upgrade(state, "megara", 0, "market")
        units(state, "megara", 1, "hoplite", 1)
        state["mines"]["geraneia"] = {"type": "barracks", "state": "active"}
        area_reduction(state, "megara", [], [0, 1], "Plague")
        assert state["cities"]["megara"]["slots"][0] is None and count(state, "megara", 1) == 0
        assert state["cities"]["megara"]["owner"] == 1
        area_reduction(state, "panactum", [], [0, 1], "Plague")
        assert state["mines"]["geraneia"] is None and state["cities"]["megara"]["owner"] is None

    def test_the_player_chooses_what_goes(self):
        state = new_game(2, seed=5)
        clear_units(state)
        own(state, "megara", 1)
        upgrade(state, "megara", 0, "market")
        units(state, "megara", 1, "hoplite", 2)
        units(state, "megara", 1, "cavalry", 1)
        for player in state["seats"]:
            player["favor"] = 2
        state = bid(trigger(state, 0, "famine"), blue=1, orange=0)
        assert current(state)["kind"] == "losses" and GAME.to_move(state) == [1]
        assert moves(state, 1) == ["lose cavalry megara", "lose hoplite megara", "lose market megara"]
        with pytest.raises(IllegalAction, match="no `hero`"):
            GAME.play(state, 1, "lose hero megara")
        state = play(state, 1, "lose hoplite megara", "lose hoplite megara")
        assert count(state, "megara", 1) == 1 and state["cities"]["megara"]["owner"] == 1

    def test_a_storm_at_sea(self):
        state = new_game(2, seed=5)
        clear_units(state)
        units(state, "cyclades", 1, "trireme", 3)
        for player in state["seats"]:
            player["favor"] = 2
        from engine.games.hellenica.board import preset

        sea = next(
            a
            for a in preset("classic").seas_by_clearing(home_of(state, 0))
            if a != "cyclades" and a not in state["impassable"]
        )
        units(state, sea, 0, "trireme", 1)
        state = bid(trigger(state, 0, "wrath-of-poseidon"), blue=1, orange=0)
        assert sorted(moves(state, 0)) == sorted(["strike cyclades", f"strike {sea}"])
        state = GAME.play(state, 0, "strike cyclades")
        assert count(state, "cyclades", 1) == 1

    def test_eruption(self):
        """ "The Eruption World Event may cause a Volcano to damage cities and
        units on and adjacent to the Volcano"; the affected player chooses
        among matching areas."""
        state = new_game(2, seed=5)
        clear_units(state)
        units(state, "thera", 1, "hoplite", 3)
        units(state, "cretan-sea", 1, "trireme", 2)
        for player in state["seats"]:
            player["favor"] = 2
        state = bid(trigger(state, 0, "eruption"), blue=1, orange=0)
        assert set(moves(state, 0)) <= {"strike thera", "strike halicarnassus"}
        if len(moves(state, 0)) > 1:
            state = GAME.play(state, 0, "strike thera")
        assert count(state, "thera", 1) == 1 and count(state, "cretan-sea", 1) == 1


def test_event_states_round_trip():
    state = new_game(2, seed=5)
    for player in state["seats"]:
        player["favor"] = 3
    state = trigger(state, 0, "cetus-rises")
    assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state
    state = GAME.play(state, 0, "bid 1")
    assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state
