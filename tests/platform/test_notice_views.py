"""The views a move's notices carry: one public view per state, shared by the
channel post and every DM, each DM holding exactly ``game.view(state, seat)``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import Game
from engine.games import REGISTRY
from engine.tables.notices import channel_notice, private_notices
from tests.detached import detached_table

MOVES = 60
"""Moves of each seeded random game: the set-up and first turns, where
secrets change most often (hands dealt, cards chosen)."""


class CountingViews:
    """A game whose ``view`` calls are counted (everything else is the game's own)."""

    def __init__(self, game: Game):
        self._game = game
        self.views: list[int | None] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        self.views.append(seat)
        return self._game.view(state, seat)


def random_moves(game, live, rng):
    """(state before, state after) of up to ``MOVES`` random moves, kept on
    ``live`` as the table keeps them (its secrets are the caller's to keep)."""
    for _ in range(MOVES):
        before = live.state
        movers = game.to_move(before)
        if not movers:
            return
        seat = rng.choice(movers)
        after = game.play(before, seat, rng.choice(game.legal(before, seat)))
        yield before, after
        live.state, live.public = after, None


@pytest.mark.parametrize("name", [n for n, g in REGISTRY.items() if g.hidden_information])
def test_every_dm_holds_the_seats_own_view_built_from_one_public_view(name):
    """ARCHITECTURE's contract: "a seat's view is the public view plus "seat"
    and "private" (only that seat's secrets)" — so a DM may be built from the
    public view of the channel post; it must equal ``view(state, seat)``."""
    game = REGISTRY[name]
    players = min(3, game.max_players)
    rng = random.Random(name)
    live = detached_table(game, players, seed=11)
    counting = CountingViews(game)
    live.game = counting  # type: ignore[assignment]
    dms_seen = 0
    for before, after in random_moves(game, live, rng):
        counting.views.clear()
        channel = channel_notice(live, after, game.to_move(after), ["moved"], 1, game.outcome(after), False)
        dms, privates = private_notices(live, before, after, False)
        assert counting.views == [None], "one public view per move, none per seat"
        assert channel.payload["view"] == game.view(after, None)
        for dm in dms:
            assert dm.payload["view"] == game.view(after, dm.payload["seat"])
            assert dm.payload["view"]["private"] == privates[dm.payload["seat"]]
        dms_seen += len(dms)
        live.privates, live.privates_of = privates, after
    assert dms_seen, f"{name}: no secret changed in {MOVES} moves, so nothing was checked"


@pytest.mark.parametrize("name", [n for n, g in REGISTRY.items() if g.hidden_information])
def test_a_move_without_a_post_or_a_dm_works_out_no_view(name):
    """A view is worked out only when a notice needs it: comparing secrets
    uses ``private_view`` alone."""
    game = REGISTRY[name]
    players = min(3, game.max_players)
    rng = random.Random(name)
    live = detached_table(game, players, seed=12)
    counting = CountingViews(game)
    live.game = counting  # type: ignore[assignment]
    quiet = 0
    for before, after in random_moves(game, live, rng):
        counting.views.clear()
        dms, privates = private_notices(live, before, after, False)
        if not dms:
            assert counting.views == []
            quiet += 1
        live.privates, live.privates_of = privates, after
    assert quiet, f"{name}: every move changed a secret, so nothing was checked"
