"""The engine's fast paths give exactly what the plain ones give: the state
copy, the options worked out for one verb, the cached card words, and the
city figures of the final scoring."""

from __future__ import annotations

import random

import pytest

from engine.core import clone
from engine.games.thessaloniki import GAME, scoring, steps
from engine.games.thessaloniki.state import copy_state
from engine.games.thessaloniki.views import public_view


def positions(players: int, seed: int):
    """Every position of one seeded random game, with the seat that acts."""
    state = GAME.new(players, {}, seed)
    rng = random.Random(seed)
    while GAME.to_move(state):
        seat = rng.choice(GAME.to_move(state))
        yield state, seat
        state = GAME.play(state, seat, rng.choice(GAME.legal(state, seat)))
    yield state, None


def containers(tree, found=None):
    """The ids of every dict and list in a tree."""
    found = set() if found is None else found
    if isinstance(tree, (dict, list)):
        found.add(id(tree))
        for item in tree.values() if isinstance(tree, dict) else tree:
            containers(item, found)
    return found


@pytest.mark.parametrize("players", [2, 4])
def test_copy_state_is_a_deep_copy(players):
    """Equal to the original, and sharing none of its dicts and lists, at
    every position of a game (so a rule changing the copy never changes
    the state ``play`` was given)."""
    for state, _ in positions(players, 5):
        copied = copy_state(state)
        assert copied == clone(state)
        assert not containers(copied) & containers(state)


@pytest.mark.parametrize("players", [3, 4])
def test_options_for_a_verb_hold_every_option_with_that_verb(players):
    """``apply`` looks the action up among the options of its first word
    only; those must be all the options that start with it, unchanged."""
    for state, seat in positions(players, 9):
        if seat is None:
            continue
        item, handler = steps.current(state)
        everything = handler.options(state, item, seat)
        for verb in {key.split(" ", 1)[0] for key in everything}:
            narrowed = handler.options_for(state, item, seat, verb)
            expected = {k for k in everything if k.split(" ", 1)[0] == verb}
            assert expected <= set(narrowed), (item["do"], verb)
            assert all(k in everything for k in narrowed)
        assert handler.has_options(state, item, seat) == bool(everything)


def test_city_figures_agree_with_a_count_by_hand():
    """Ship Demand Scoring: "Each active Demand tile increases the limit by 1
    for each player. Each player also increases their limit by the value
    next to their Mosaics ... For each of their claimed Ships within this
    limit, players gain VP from each Statue they have on Demand tiles" (C60:
    2 more per Statue)."""
    from engine.games.thessaloniki.state import abilities_of, comp

    c = comp()
    checked = 0
    for state, _ in positions(4, 13):
        for seat in range(state["players"]):
            colour = state["seats"][seat]["colour"]
            bonus = sum(h["vp"] for h in abilities_of(state, seat, "demand_statue_bonus"))  # C60
            for city, figures in scoring.city_figures(state, seat).items():
                tiles = [t for t in state["demand"] if c.demand_tiles[t["id"]].city == city]
                limit = len(tiles) + c.demand_mosaic_limit * sum(t["mosaics"].count(colour) for t in tiles)
                value = sum(
                    c.demand_tiles[t["id"]].statues[i] + bonus
                    for t in tiles
                    for i, placed in enumerate(t["statues"])
                    if placed == colour
                )
                ships = sum(1 for sid in state["seats"][seat]["ships"] if c.ships[sid].city == city)
                assert figures == (ships, limit, value)
                checked += 1
    assert checked


def test_views_do_not_share_their_cards():
    """A caller changing one view's card (a cached card underneath) must not
    change the next view."""
    state = GAME.new(3, {}, 2)
    first = public_view(state)
    card = next(c for c in first["offer"] if c)
    card["cost"].append("changed")
    card["text"] = "changed"
    again = public_view(state)
    assert again == public_view(GAME.new(3, {}, 2))
    assert "changed" not in next(c for c in again["offer"] if c)["cost"]


def test_describe_after_play_reads_the_same_as_without_the_memo():
    """The table describes each move right after playing it; ``describe``
    then reuses the events ``play`` logged instead of playing the move
    again, and must say exactly what a fresh game object says."""
    from engine.games.thessaloniki import Thessaloniki

    fresh = Thessaloniki()
    state = GAME.new(3, {}, 4)
    rng = random.Random(4)
    for _ in range(150):
        seat = rng.choice(GAME.to_move(state))
        action = rng.choice(GAME.legal(state, seat))
        after = GAME.play(state, seat, action)
        assert GAME.describe(state, seat, action) == fresh.describe(state, seat, action)
        other = rng.choice(GAME.legal(state, seat))
        assert GAME.describe(state, seat, other) == fresh.describe(state, seat, other)
        state = after
