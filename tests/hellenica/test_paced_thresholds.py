"""The re-tuned thresholds are the table option ``thresholds``: new tables
play ``scaled`` (Empire by player count, Destruction two rival Home Cities at
4+ seats), tables begun on 2026-11-28 stored ``paced`` (the Destruction change
alone), and a game stored before the option existed has no such key and
replays as it was played, with the first thresholds (``first``).

The rulebook's Victory: "If a player satisfies the card requirements for 3
Objective Cards in any combination of revealed Pathos cards and Ethos cards in
their hand, that player reveals their cards and wins the game." It prints no
requirement: the thresholds are ours (data/hellenica/objectives.toml)."""

from __future__ import annotations

import pytest

from engine.core import StateError, replay, resolve_options
from engine.games.hellenica import GAME
from engine.games.hellenica.components import OBJECTIVES
from engine.games.hellenica.objectives import FIRST_TABLE, card_text, met, requirement
from engine.games.hellenica.pathos import DESTRUCTION, FIRST, HELD, PACED, SCALED, THRESHOLDS
from engine.games.hellenica.snapshot import load
from tests.hellenica.helpers import clear_units, home_of, new_game, own, units
from tests.hellenica.test_upkeep import _finish_turn, _to_actions

RETUNED = [name for name, card in OBJECTIVES.items() if FIRST_TABLE in card.params]
PLAYER_COUNTS = range(2, 8)


def _shown(state: dict, card: str) -> str:
    """The card's text in the public view (a Pathos card) or its holder's (an Ethos card)."""
    view = GAME.view(state, None)
    shown = {c["name"]: c["text"] for c in view["pathos"]}
    if card not in shown:
        state["seats"][0]["ethos"] = [card, next(c for c in OBJECTIVES if c != card and OBJECTIVES[c].kind == "ethos")]
        shown = {c["name"]: c["text"] for c in GAME.view(state, 0)["private"]["ethos"]}
    return shown[card]


def test_the_retuned_cards_keep_their_first_requirements():
    """Every re-tuned card says what it asked for before, and asks for
    something else at some player count; the data names Destruction and
    Empire among them."""
    assert {"destruction", "empire"} <= set(RETUNED)
    for card in RETUNED:
        first = OBJECTIVES[card].params[FIRST_TABLE]
        assert set(first) - {"text"} <= set(OBJECTIVES[card].params)
        scaled_texts = {card_text({"options": {THRESHOLDS: SCALED}, "players": n}, card) for n in PLAYER_COUNTS}
        assert scaled_texts - {first["text"]}


def test_a_new_table_plays_the_scaled_thresholds():
    """At 4 players every re-tuned card asks for something new, and says so."""
    assert resolve_options(GAME, {})[THRESHOLDS] == SCALED
    state = new_game(4)
    assert state["options"][THRESHOLDS] == SCALED
    for card in RETUNED:
        first = OBJECTIVES[card].params[FIRST_TABLE]
        assert _shown(state, card) == card_text(state, card) != first["text"]
        assert {key: requirement(state, card)[key] for key in first if key != "text"} != {
            key: value for key, value in first.items() if key != "text"
        }


def test_a_game_stored_before_the_option_plays_the_first_thresholds():
    """Options stored before the option existed name no ``thresholds``: the
    cards ask for what they asked for, and say so."""
    assert GAME.new(2, {"homes": "choose"}, 7)["options"][THRESHOLDS] == FIRST
    state = new_game()
    del state["options"][THRESHOLDS]
    for card in RETUNED:
        first = OBJECTIVES[card].params[FIRST_TABLE]
        assert {key: requirement(state, card)[key] for key in first} == first
        assert _shown(state, card) == first["text"]


def test_a_game_stored_before_the_option_replays_as_it_was_played():
    """A 4-player game stored with the held Destruction and no
    ``thresholds``: one held rival Home City still wins it, as it did; the
    same position on a new table does not (two are needed)."""
    outcomes = {}
    for thresholds in (None, SCALED):
        state = new_game(4, seed=44)
        if thresholds is None:
            del state["options"][THRESHOLDS]
        clear_units(state)
        state["seats"][0].update(ethos=["wealth", "devotion"], commerce=12, favor=12)
        units(state, home_of(state, 1), 0, "hoplite", 1)
        for _ in range(3):
            state = _finish_turn(state)
            if state["phase"] == "over":
                break
            state = _to_actions(state)
        outcomes[thresholds] = (state["phase"] == "over", state["turn"])
    assert outcomes == {None: (True, 2), SCALED: (False, 4)}


def test_a_stored_game_replays_to_the_same_state():
    """Replaying a stored game's moves from its stored options (no
    ``thresholds`` key) gives the state it reached when it was played."""
    options = {"homes": "random", DESTRUCTION: HELD}
    state = GAME.new(3, options, 5)
    played = []
    while state["turn"] < 3 and state["phase"] != "over":
        seat = GAME.to_move(state)[0]
        action = GAME.choose(state, seat, "random", len(played))
        played.append((seat, action))
        state = GAME.play(state, seat, action)
    again = replay(GAME, 3, options, 5, played)
    assert again == state and again["options"][THRESHOLDS] == FIRST


def test_the_option_is_checked_in_a_snapshot():
    state = new_game()
    del state["options"][THRESHOLDS]
    assert load(state)["options"].get(THRESHOLDS) is None  # an old snapshot loads as it was
    state["options"][THRESHOLDS] = "quick"
    with pytest.raises(StateError, match="thresholds option"):
        load(state)


def test_the_instant_destruction_follows_the_thresholds_too():
    """With the held Destruction off (``instant``) the card counts at one
    check, and asks for as many Home Cities as the thresholds say."""
    state = new_game(4, seed=44)
    state["options"][DESTRUCTION] = "instant"
    assert _shown(state, "destruction") == "Own 2 other players' Home Cities."
    own(state, home_of(state, 1), 0)
    assert not met(state, 0, "destruction")
    own(state, home_of(state, 2), 0)
    assert met(state, 0, "destruction")
    state["options"][THRESHOLDS] = FIRST
    assert _shown(state, "destruction") == "Own another player's Home City."


EMPIRE_BY_PLAYERS = {2: 8, 3: 9, 4: 9, 5: 9, 6: 8, 7: 8}
"""Our Empire card at a new table: "Own 9 cities." with 3 to 5 players (a
map of 18 to 25 cities in play), "Own 8 cities." with 2, 6 or 7."""


@pytest.mark.parametrize("players", sorted(EMPIRE_BY_PLAYERS))
def test_empire_counts_the_cities_of_its_player_count(players):
    """Victory: "If a player satisfies the card requirements for 3 Objective
    Cards ... that player reveals their cards and wins the game." Empire's
    requirement at a new table depends on the player count, and the card
    (the public view) says the one in force."""
    needed = EMPIRE_BY_PLAYERS[players]
    state = new_game(players, seed=11)
    assert _shown(state, "empire") == f"Own {needed} cities."
    others = [c for c, city in state["cities"].items() if c not in state["impassable"] and city["owner"] != 0]
    for city in others[: needed - 2]:
        own(state, city, 0)
    assert len([c for c, city in state["cities"].items() if city["owner"] == 0]) == needed - 1
    assert not met(state, 0, "empire")
    own(state, others[needed - 2], 0)
    assert met(state, 0, "empire")


@pytest.mark.parametrize("players", sorted(EMPIRE_BY_PLAYERS))
@pytest.mark.parametrize("stored", [None, PACED])
def test_tables_begun_before_the_scaled_thresholds_keep_empire_at_8_cities(players, stored):
    """The first Empire, "Own 8 cities.", at every player count: in a game
    stored before the option (no key) and in one stored with ``paced``
    (Destruction re-tuned, Empire not), so both replay as they were played."""
    state = new_game(players, seed=11)
    if stored is None:
        del state["options"][THRESHOLDS]
    else:
        state["options"][THRESHOLDS] = stored
    assert _shown(state, "empire") == "Own 8 cities."
    others = [c for c, city in state["cities"].items() if c not in state["impassable"] and city["owner"] != 0]
    for city in others[:6]:
        own(state, city, 0)
    assert not met(state, 0, "empire")
    own(state, others[6], 0)
    assert met(state, 0, "empire")


def test_a_paced_table_keeps_its_destruction():
    """A table stored with ``paced`` plays Destruction as it did: the Home
    Cities of 2 other players at 4 seats, held through a turn."""
    state = new_game(4, seed=44)
    state["options"][THRESHOLDS] = PACED
    assert _shown(state, "destruction") == OBJECTIVES["destruction"].text
    assert requirement(state, "destruction") is OBJECTIVES["destruction"].params


def test_the_rules_text_says_what_empire_asks_for():
    """`/game rules` words our Empire threshold as a new table plays it."""
    rules = " ".join(GAME.rules_text.split())
    assert "Empire asks for 9 cities with 3 to 5 players, 8 with 2, 6 or 7 (our thresholds;" in rules
    assert {EMPIRE_BY_PLAYERS[n] for n in (3, 4, 5)} == {9} and {EMPIRE_BY_PLAYERS[n] for n in (2, 6, 7)} == {8}
