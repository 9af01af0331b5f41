"""Denying a rival its Destruction, for the ``medium`` bot's planner.

Destruction asks for rival Home Cities (one, or two at larger tables) owned at two end-of-turn
checks in a row, so its owner (or anyone else) has a turn to take it back:
"Players who solely occupy ... City Areas owned by other players, conquer
those cities" at Upkeep. In the match losses a random seat held a
neighbour's Home City from turn 2 or 3 and won by turn 5 to 8 with its two
Ethos cards, while the bot's army marched on other cities: ``bot_race``
counted the danger and its fall once the city was retaken, but nothing drew
the army towards that city before it stood inside.

``deny_pressure`` is that pull: for each foreign Home City a rival owns,
how much the danger from the rivals (``bot_race.rival_danger``) would fall
were the seat to own it instead, times the share of the guard the seat's
land strength within two steps can overcome (as ``bot_pressure`` weighs an
army poised on a Home City). The planner adds a part of it (``DENY_SHARE``),
less than the whole fall it gains by marching in.
"""

from __future__ import annotations

from engine.games.hellenica import bot_pressure, bot_race
from engine.games.hellenica.objectives import foreign_homes

DENY_SHARE = 0.5
"""The part of the danger's fall an army poised on the city counts for (the
march in and the fight are still to come; standing inside, the whole fall
counts through ``bot_race.rival_danger``)."""


def retaken(state: dict, seat: int, city: str) -> dict:
    """The state with ``city`` owned by ``seat`` (a shallow copy)."""
    return {**state, "cities": {**state["cities"], city: {**state["cities"][city], "owner": seat}}}


def deny_pressure(projected: dict, seat: int) -> float:
    """The most the danger from the rivals would fall were the seat to take
    one of the foreign Home Cities a rival owns, times how far its nearby
    land strength overcomes that city's guard (0 to 1)."""
    danger = bot_race.rival_danger(projected, seat)
    if danger <= 0.0:
        return 0.0
    best = 0.0
    for other in range(projected["players"]):
        if other == seat:
            continue
        for city in foreign_homes(projected, other):
            fall = danger - bot_race.rival_danger(retaken(projected, seat, city), seat)
            if fall <= best:
                continue
            best = max(best, fall * bot_pressure.poised_share(projected, seat, city))
    return DENY_SHARE * best
