"""Setting up a game of Thebes.

Rulebook, "SETUP": each player "places his/her archaeologist pawn on
Warschau", "places his time marker on the start square of the time track (on
square 16 if there are 3 players)" and takes "one excavation permission per
area ... on their valid side". "The year marker is placed on the 1902 square
for 4 players, otherwise on 1901. An artefact token of value 1 is placed on
the excavation area of the same colour. The other artefact tokens go into
the bag of the same colour." The cards: see ``deck.deal``.

The rulebook says "2 to 6" players but sets up only four; five and six
players are our extension (``data/thebes/tables.toml``): every seat gets
its own colour, time marker, wheel and permits, five start on week 16 of
1902 and six on week 27 of 1902, and the exhibitions are dealt as for four.

The rulebook does not say whose marker lies on top of the shared start
square (who acts first); the seeded generator stacks them at random.
"""

from __future__ import annotations

from typing import Any

from engine.core import IllegalAction, Rng
from engine.games.thebes.bags import initial_bag
from engine.games.thebes.components import MAX_PLAYERS, MIN_PLAYERS, SITES, START_PLACE, TABLES
from engine.games.thebes.deck import deal
from engine.games.thebes.rules import settle
from engine.games.thebes.state import Player, State


def new_state(players: int, options: dict[str, Any], seed: int) -> State:
    """A new game for ``players`` seats, every random draw from ``seed``."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction(f"Thebes is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}.")
    rng = Rng(seed)
    year, week = TABLES.start[players]
    stack = rng.shuffled(range(players))  # bottom first: the last one is on top and acts first
    seats = [
        Player(
            place=START_PLACE,
            year=year,
            week=week,
            stamp=stack.index(seat) + 1,
            permits={site: True for site in SITES},
            found={site: [] for site in SITES},
        )
        for seat in range(players)
    ]
    display, draw_pile, reserve = deal(players, rng)
    state = State(
        players=seats,
        options=dict(options),
        rng=rng,
        display=list(display),
        deck=draw_pile,
        reserve=reserve,
        reserve_used=False,
        discard=[],
        exhibitions=[None] * TABLES.exhibition_spaces,
        bags={site: initial_bag(site) for site in SITES},
        on_site={site: True for site in SITES},
        turn=None,
        stamps=players,
    )
    settle(state)
    return state
