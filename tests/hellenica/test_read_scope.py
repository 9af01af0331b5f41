"""A move's board and every seat's secrets are worked out while the table
reads the move's state once (``Game.reading``): answers about that state
(who owns which city, which objectives are met) are shared between them,
and are exactly what working them out afresh gives."""

from __future__ import annotations

import copy
import random

from engine.games.hellenica import GAME, read_cache
from engine.games.hellenica import objectives as hellenica_objectives
from engine.games.hellenica.state import owned_cities
from tests.random_play import random_positions


def test_views_read_together_are_the_views_made_apart():
    for state, _, _ in random_positions(GAME, 4, 5, 120, {"quick": True}):
        with GAME.reading(state):
            together = [GAME.view(state, None), *(GAME.private_view(state, s) for s in range(4))]
        fresh = copy.deepcopy(state)
        assert together == [GAME.view(fresh, None), *(GAME.private_view(fresh, s) for s in range(4))]


def test_a_state_changed_after_its_reading_is_judged_again():
    """Nothing is kept once the block ends: rules change states in place."""
    state = GAME.new(3, {"quick": True}, 2)
    city = next(name for name, record in state["cities"].items() if record["owner"] != 0)
    with GAME.reading(state):
        GAME.view(state, None)
        assert city not in owned_cities(state, 0)
    state["cities"][city]["owner"] = 0  # seat 0 takes the city
    assert city in owned_cities(state, 0)
    assert GAME.view(state, None) == GAME.view(copy.deepcopy(state), None)


async def test_the_table_checks_each_objective_once_for_the_board_and_the_secrets(tables, monkeypatch):
    record = await tables.create(channel_id=7200, user_id=401, name="ann", game="hellenica", seed=4)
    for user, name in ((402, "ben"), (403, "cy")):
        await tables.join(record.id, user, name)
    await tables.start(record.id, 401)
    asked: list[tuple[int, int, str]] = []
    original = hellenica_objectives._met

    def counting(state, seat, card):
        asked.append((id(state), seat, card))
        return original(state, seat, card)

    monkeypatch.setattr(hellenica_objectives, "_met", counting)
    play = GAME.play

    def playing(state, seat, action):  # what the rules ask while playing (the upkeep's check) is not counted
        after = play(state, seat, action)
        asked.clear()
        return after

    monkeypatch.setattr(GAME, "play", playing)
    rng = random.Random(4)
    turns_over = 0
    for _ in range(30):
        live = await tables._cached(record.id)
        seat = rng.choice(GAME.to_move(live.state))
        asked.clear()
        result = await tables.play(record.id, 401 + seat, rng.choice(GAME.legal(live.state, seat)))
        turns_over += result.turn_over
        assert len(asked) == len(set(asked)), "each seat's card is checked once per state"
    assert turns_over > 0, "some moves post the board beside the secrets"


def test_legal_lists_listed_in_a_reading_are_the_lists_worked_out_afresh(monkeypatch):
    """Listing a seat's actions reads its state only: the answers it keeps
    while listing (who owns which city, which upgrades stand) change nothing."""
    positions = [state for state, _, _ in random_positions(GAME, 4, 7, 400, {"quick": True})]
    kept = [[GAME.legal(state, seat) for seat in GAME.to_move(state)] for state in positions]
    monkeypatch.setattr(read_cache.reading, "__enter__", lambda self: None)
    monkeypatch.setattr(read_cache.reading, "__exit__", lambda self, *exc: None)
    monkeypatch.setattr(GAME, "_step_legal", None)  # the lists the last move found were listed in a reading too
    fresh = [[GAME.legal(state, seat) for seat in GAME.to_move(state)] for state in positions]
    assert kept == fresh
