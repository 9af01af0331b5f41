"""Grudges: who last tried to harm each AI player.

"Whenever another player (human or AI) attempts to harm an AI Player, place an
Action Cube of that player's color on the Grudge Space of the AI Player,
replacing any Action Cube that may already be there. Harm is defined as
moving onto an Area containing units or cities owned to the AI Player, using a
harmful World Event directly on the AI Player, or casting a harmful
Invocation on the AI Player."

Which Invocations and World Event choices are harmful is listed in
``data/hellenica/ai_cards.toml`` ([grudges]).
"""

from __future__ import annotations

from engine.games.hellenica.ai import ai_name, ai_seats
from engine.games.hellenica.ai.board import board_of
from engine.games.hellenica.ai.cards import GRUDGES
from engine.games.hellenica.state import log, map_of, seat_by_name, seat_name, stacks


def note_harm(state: dict, harmer: int, victim: int) -> None:
    """Put the harmer's cube on the victim's Grudge Space (AI victims only)."""
    if victim == harmer or victim not in ai_seats(state):
        return
    board = board_of(state, victim)
    if board["grudge"] != harmer:
        board["grudge"] = harmer
        log(state, f"{ai_name(victim)} now holds a grudge against {seat_name(harmer)}.")


def victims_in(state: dict, area: str) -> list[int]:
    """AI seats with units in the Area or owning its city."""
    found = {s["owner"] for s in stacks(state, area)}
    record = state["cities"].get(area)
    if record is not None and record["owner"] is not None:
        found.add(record["owner"])
    return sorted(s for s in found if s in ai_seats(state))


def note_entry(state: dict, mover: int, area: str) -> None:
    """Units move onto an Area: every AI seat holding it takes a grudge."""
    if not ai_seats(state):
        return
    for victim in victims_in(state, area):
        note_harm(state, mover, victim)


def note_action(before: dict, after: dict, seat: int, text: str) -> None:
    """A person's harmful Invocation or World Event choice aimed at an AI:
    read from the action's words against the state it was played on."""
    if not ai_seats(after):
        return
    words = text.split()
    if len(words) < 2:
        return
    if words[0] == "invoke" and words[1] in GRUDGES["invocations"] and len(words) >= 3:
        targets = words[2:]
    elif words[0] in GRUDGES["event_choices"]:
        targets = words[1:]
    else:
        return
    board = map_of(before)
    for word in targets:
        victim = seat_by_name(before, word)
        if victim is not None:
            note_harm(after, seat, victim)
        elif word in board.areas:
            for victim in victims_in(before, word):
                note_harm(after, seat, victim)
