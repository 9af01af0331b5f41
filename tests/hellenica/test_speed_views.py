"""The speed work on Hellenica's views and copies keeps every answer: what a
view works out once per state (``read_cache``) or from parts fixed at import
equals the plain computation, a kept answer never outlives the view that
asked, and the copy a move works on is a full deep copy."""

from __future__ import annotations

import marshal
import random

import pytest

from engine.games.hellenica import GAME, views
from engine.games.hellenica import advancements as adv
from engine.games.hellenica.board import preset
from engine.games.hellenica.components import INVOCATIONS
from engine.games.hellenica.interdiction import pinned
from engine.games.hellenica.invocations import spent_view, temple_counts
from engine.games.hellenica.objectives import completed, met
from engine.games.hellenica.read_cache import memo_for, reading
from engine.games.hellenica.state import (
    AI_RECORDS,
    SHARED_BY_PLAY,
    copy_for_play,
    own_city,
    owned_cities,
    seat_name,
    upgrades_of,
)
from tests.hellenica.helpers import new_game, own


def _random_states(players: int, seed: int, moves: int) -> list[dict]:
    """The states of a seeded random game (Deity Cards, units, cities and
    Invocations come and go)."""
    rng = random.Random(seed)
    state = GAME.new(players, {}, seed)
    states = [state]
    for _ in range(moves):
        movers = GAME.to_move(state)
        if not movers:
            break
        seat = rng.choice(movers)
        state = GAME.play(state, seat, rng.choice(GAME.legal(state, seat)))
        states.append(state)
    return states


@pytest.fixture(scope="module")
def states() -> list[dict]:
    return _random_states(3, 5, 500)[::5] + _random_states(5, 8, 300)[::5]


def test_deity_cards_show_each_invocation_spent_and_reachable(states):
    """A Deity Card's Invocation is spent once cast this turn and reachable
    when the seat's Temples to the deity reach its level."""
    reachable = spent = 0
    for state in states:
        for seat in range(state["players"]):
            player = state["seats"][seat]
            counted = temple_counts(state, seat)
            cards = spent_view(state, seat)
            assert [card["deity"] for card in cards] == player["deities"]
            for card in cards:
                assert card["temples"] == counted.get(card["deity"], 0)
                for invocation in card["invocations"]:
                    assert invocation["spent"] == (invocation["name"] in player["invoked"])
                    assert invocation["reachable"] == (card["temples"] >= INVOCATIONS[invocation["name"]].level)
                reachable += sum(i["reachable"] for i in card["invocations"])
                spent += sum(i["spent"] for i in card["invocations"])
    assert reachable and spent  # the games built Temples and cast Invocations


def test_a_stack_is_spent_as_its_supply_limit_says(states):
    """The view skips working out the limit of a stack not used this turn."""
    used = spent = 0
    for state in states:
        shown = {area["name"]: area["units"] for area in views.public_view(state, "hellenica")["areas"]}
        for area, here in state["units"].items():
            for stack, seen in zip(here, shown[area], strict=True):
                limit = adv.supply_limit(state, stack["owner"], stack["kind"])
                assert seen["spent"] == (pinned(stack) or (bool(limit) and stack["used"] >= limit))
                used += stack["used"] > 0
                spent += seen["spent"]
    assert used > spent > 0  # stacks used this turn, some up to their limit


def test_answers_kept_while_reading_equal_the_plain_ones(states):
    for state in states:
        seats = range(state["players"])
        plain_owned = [owned_cities(state, seat) for seat in seats]
        plain_upgrades = {city: list(upgrades_of(state, city)) for city in state["cities"]}
        plain_done = [completed(state, seat) for seat in seats]
        with reading(state):
            assert [owned_cities(state, seat) for seat in seats] == plain_owned
            assert [owned_cities(state, seat) for seat in seats] == plain_owned  # from the memo this time
            assert {city: list(upgrades_of(state, city)) for city in state["cities"]} == plain_upgrades
            assert [completed(state, seat) for seat in seats] == plain_done


def test_a_kept_answer_ends_with_the_view_that_asked():
    state = new_game(3)
    city = "corinth"
    with reading(state):
        before = owned_cities(state, 0)
        before.append("changed")  # a caller's list is its own
        assert "changed" not in owned_cities(state, 0)
        assert memo_for(state) is not None
        assert memo_for(dict(state)) is None  # another state object is not being read
    assert memo_for(state) is None
    own(state, city, 0)  # the rules change a state in place outside any view
    assert city in owned_cities(state, 0)
    with reading(state):
        assert city in owned_cities(state, 0)


def test_a_view_inside_a_view_of_the_same_state_shares_its_answers():
    state = new_game(3)
    with reading(state):
        outer = memo_for(state)
        views.private_view(state, 0)
        assert memo_for(state) is outer
        assert any(key[0] == "owned_cities" for key in outer)
    assert memo_for(state) is None


def test_views_keep_no_answer_across_changes():
    """A state changed between two views (a test, a tool) is seen afresh."""
    state = new_game(3)
    cities = list(state["cities"])[:9]  # Empire at 3 players on a new table
    first = views.public_view(state, "hellenica")
    assert first["players_info"][0]["pathos_done"] == []
    for city in cities:
        own(state, city, 0)
    second = views.public_view(state, "hellenica")
    owners = {area["name"]: area["owner"] for area in second["areas"]}
    assert [owners[city] for city in cities] == [0] * len(cities)
    done = [card for card in state["pathos"] if met(state, 0, card)]
    assert done and second["players_info"][0]["pathos_done"] == done
    assert views.private_view(state, 0)["objectives_met"] == len(completed(state, 0))


def test_distances_are_kept_per_map_and_handed_out_as_copies():
    board = preset("classic")
    for home in board.homes:
        first = board.distances(home)
        first["elsewhere"] = 99
        again = board.distances(home)
        assert "elsewhere" not in again and again == board._breadth_first(home)
        assert all(len(board.connected(a)) == len([b for b, k in board.borders[a].items() if k != "s"]) for a in again)


def test_the_copy_a_move_works_on_is_a_deep_copy(states):
    """A deep copy, but for the parts no rule changes in place and the
    cities' records, each shared until a rule takes it (``own_city``)."""
    for state in states[::4]:
        after = copy_for_play(state)
        assert after == state and list(after) == list(state)
        assert after == marshal.loads(marshal.dumps(state))
        shared = SHARED_BY_PLAY + (() if state["ai_seats"] else (AI_RECORDS,))
        for key, value in state.items():
            if key in shared:
                assert after[key] is value
            elif isinstance(value, (dict, list)):
                assert after[key] is not value
        city = next(iter(after["cities"]))
        assert all(after["cities"][name] is record for name, record in state["cities"].items())
        after["seats"][0]["favor"] += 5
        own_city(after, city)["owner"] = 9
        assert own_city(after, city) is after["cities"][city]  # taken once per move
        assert state["seats"][0]["favor"] != after["seats"][0]["favor"]
        assert state["cities"][city]["owner"] != 9 and after["cities"][city]["owner"] == 9


def test_the_copy_keeps_what_json_cannot_hold():
    """Keys that are not strings and integers beyond 64 bits are copied as
    they are (``marshal``), never turned into something else."""
    state = new_game(2)
    state["drafts"] = {1: {"n": 2**70}}
    after = copy_for_play(state)
    assert after["drafts"] == {1: {"n": 2**70}} and after["drafts"] is not state["drafts"]


def test_the_fixed_parts_of_a_view_are_the_components_and_shared(states):
    """The map header, mines, deities, Creatures and Pathos cards the view
    shows are made once (per map, or at import) and shared by every view:
    each must still be what the components say, with the state's own part."""
    from engine.games.hellenica.components import CREATURES, DEITIES, OBJECTIVES
    from engine.games.hellenica.objectives import card_text
    from engine.games.hellenica.state import map_of

    shown = [views.public_view(state, "hellenica") for state in states]
    for state, view in zip(states, shown, strict=True):
        board = map_of(state)
        assert view["map"] == {
            "name": board.name,
            "columns": board.size[0],
            "rows": board.size[1],
            "seating": list(board.seating),
        }
        assert view["mines"] == [
            {"name": m.name, "upgrade": dict(state["mines"][m.name]) if state["mines"][m.name] else None}
            for m in board.mines.values()
        ]
        assert view["deities"] == {name: {"title": d.title, "colour": list(d.colour)} for name, d in DEITIES.items()}
        assert view["creatures"] == [
            {"name": name, "area": state["creatures"][name], "slain_by": state["slain"].get(name)} for name in CREATURES
        ]
        for card, name in zip(view["pathos"], state["pathos"], strict=True):
            assert card == {"name": name, "title": OBJECTIVES[name].title, "text": card_text(state, name)}
        assert view["seats"] == [seat_name(s) for s in range(state["players"])]
    assert shown[-1]["deities"] is shown[0]["deities"] and shown[-1]["map"] is shown[1]["map"]


def test_a_game_playing_destruction_at_once_shows_its_text_on_its_own_card():
    """Destruction in a game without the held card shows the card it plays;
    the card every other game shows keeps the held text."""
    from engine.games.hellenica.components import OBJECTIVES
    from engine.games.hellenica.objectives import card_text
    from engine.games.hellenica.pathos import DESTRUCTION, HELD, INSTANT

    state = new_game(3)
    name = next(n for n, card in OBJECTIVES.items() if card.params.get("instant_text"))
    state["pathos"] = [name]
    state["options"] = {**state["options"], DESTRUCTION: INSTANT}
    instant = views.public_view(state, "hellenica")["pathos"][0]
    assert instant["text"] == card_text(state, name) == "Own another player's Home City."
    state["options"] = {**state["options"], DESTRUCTION: HELD}
    held = views.public_view(state, "hellenica")["pathos"][0]
    assert held["text"] == card_text(state, name) != instant["text"]


def test_a_seats_secrets_show_its_cards_as_the_components_say(states):
    """The Ethos cards of a seat's secrets are made once per card and met
    flag; each must still be the card with whether the seat meets it now."""
    from engine.games.hellenica.components import OBJECTIVES

    favor_card = next(n for n, c in OBJECTIVES.items() if c.kind == "ethos" and c.check == "favor")
    met_now = new_game(3)
    met_now["seats"][0]["ethos"] = [favor_card]
    met_now["seats"][0]["favor"] = OBJECTIVES[favor_card].params["count"]
    met_cards = 0
    for state in [*states, met_now]:
        for seat in range(state["players"]):
            done = completed(state, seat)
            shown = views.private_view(state, seat)["ethos"]
            for card, name in zip(shown, state["seats"][seat]["ethos"], strict=True):
                assert card == {**views._shown_card(name), "met": name in done}
                assert card["title"] == OBJECTIVES[name].title
                met_cards += card["met"]
    assert met_cards  # the favour card is met
