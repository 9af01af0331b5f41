"""The rulebook's AI players ("Games with AI Players and Solitaire Play").

Any city-state no person plays can be run by the game itself. The table
passes those seats as ``options["ai_seats"]`` (``engine.core.AI_SEATS``);
``setup.new_state`` keeps them in ``state["ai_seats"]`` and the AI's own
records in ``state["ai"]``. An AI seat never appears in ``to_move``: whenever
the decision on top of the stack waits for an AI seat, ``driver.act``
decides for it by the rulebook's rules, using the state's generator, and the
phase loop goes on — so a game with only AI seats plays itself to the end
inside ``new``.

One concept per module: ``cards`` (the AI deck and the AI data), ``board``
(the AI Board: Advancements, Supply, Favor, Philosophers, Commerce, Grudge),
``setup`` (AI set-up and the shared Ethos cards), ``garrison`` (the AI
Government Marker and its regeneration), ``production`` (Round 1),
``bonus`` (our AI Quick Reference Sheet: bonus Production), ``movement``
(Rounds 2+), ``bidding`` (World Event bids and ties), ``combat``
(casualties, never withdrawing), ``grudges``, ``objectives`` (the AI's view
of objectives it cannot track), ``world`` (World Events and Creatures
against cities without City Upgrades), ``event_choices`` (our AI World
Events Reference Sheet: the AI's choices as a World Event's winner or
victim) and ``driver`` (which rule answers which decision). Exploring for an AI is in ``maps.explore``.
"""

from __future__ import annotations

from typing import Any


def ai_seats(state: dict) -> list[int]:
    """The seats the rules run (empty in a game of people only)."""
    return state.get("ai_seats", [])


def is_ai(state: dict, seat: int | None) -> bool:
    return seat is not None and seat in state.get("ai_seats", ())


def ai_name(seat: int) -> str:
    """``Orange (AI)``: how the log names an AI seat's automatic turns."""
    from engine.games.hellenica.state import seat_name

    return f"{seat_name(seat)} (AI)"


def draw_one(state: dict, items: list) -> Any:
    """One of ``items`` at random, drawn from the state's generator (the AI's
    "ties are broken randomly")."""
    from engine.games.hellenica.state import rng_of, store_rng

    rng = rng_of(state)
    item = rng.choice(items)
    store_rng(state, rng)
    return item


TRADE_VERBS = ("offer", "accept", "decline", "retract")


def ai_trade_refusal(state: dict, text: str) -> str | None:
    """Why a trade command cannot name this seat: AI players do not trade
    (the rulebook gives them no rule for it). None when it may."""
    from engine.games.hellenica.state import seat_by_name

    words = text.split()
    if len(words) < 2 or words[0] not in TRADE_VERBS:
        return None
    seat = seat_by_name(state, words[1])
    if seat is None or not is_ai(state, seat):
        return None
    return f"{ai_name(seat)} is played by the game: AI players do not trade."
