"""Which rule answers which decision of an AI seat.

``act`` is called by the phase loop (``phases.advance``) whenever the
decision on top of the stack is waiting: if one of the seats it waits for is
an AI seat, the AI decides at once, the decision is played through the
frame's own ``play`` (so it is checked, logged and followed up exactly like a
person's), and the loop goes on. Decisions the rulebook gives the AI a rule
for are answered by that rule: its action each round (``production`` in
Round 1, ``movement`` after), its Movement steps, combat (``combat``), bids,
bid ties and the Favorite's token (``bidding``); casting windows are passed
("AI Players do not cast Invocations"), Delphi's Free Temple is declined
(no City Upgrades). A lost AI Government Marker asks nothing: it
regenerates at Upkeep (``garrison``). World Event choices — the winner's
targets, a revolt among tied cities, the pieces a loss takes — and the
Favorite's ordering of Creatures and Invocations follow our AI World Events
Reference Sheet (``event_choices``). Decisions the AI rules are silent on
(choosing a Home City or the first patron at set-up) use the game's own bot
heuristics, drawn from the state's generator so that replays agree.
"""

from __future__ import annotations

import random

from engine.core import IllegalAction
from engine.games.hellenica import bot
from engine.games.hellenica.ai import ai_name, ai_seats, bidding, combat, event_choices, garrison, movement, production
from engine.games.hellenica.ai.grudges import note_action
from engine.games.hellenica.ai.setup import reveal_shared_ethos
from engine.games.hellenica.ai.world import tidy_blocks
from engine.games.hellenica.maps import explore
from engine.games.hellenica.state import log, rng_of, seat_by_name, seat_name, store_rng
from engine.games.hellenica.steps import STEPS, finish


def act(state: dict, frame: dict) -> bool:
    """Answer one waiting decision of an AI seat; False when only people
    (or nobody) are waited for."""
    if not ai_seats(state):
        return False
    garrison.settle(state)
    tidy_blocks(state)
    reveal_shared_ethos(state)
    waiting = [s for s in STEPS[frame["kind"]].seats(state, frame) if s in ai_seats(state)]
    if not waiting:
        return False
    seat = waiting[0]
    kind = frame["kind"]
    if kind == "action":
        take_turn(state, frame, seat)
    else:
        _play(state, frame, seat, decide(state, frame, seat))
    return True


def take_turn(state: dict, frame: dict, seat: int) -> None:
    """The AI seat's action this round: Production in Round 1, Movement after."""
    finish(state, frame)
    if state["round"] == 1:
        if state["turn"] == 1:
            log(state, f"{ai_name(seat)} begins with its Turn 1 benefits (no AI card in Round 1 of Turn 1).")
        else:
            production.produce(state, seat)
        state["duel"] = seat
        return
    movement.start_movement(state, seat)
    state["duel"] = None if state["seats"][seat]["passed"] else seat


def decide(state: dict, frame: dict, seat: int) -> str:
    """The AI's answer to a waiting decision, as a command of that frame."""
    kind = frame["kind"]
    if kind == "move":  # the AI's own movement rules: the listing of every legal move is not needed (and costly)
        return movement.next_action(state, frame, seat) if "ai" in frame else "done"
    legal = STEPS[kind].legal(state, frame, seat)
    if kind == "combat":
        return combat.decision(state, frame, seat, legal)
    if kind == "explore":
        return explore.ai_choice(state, frame)
    if kind == "bid":
        face, amount = bidding.roll_bid(state, seat)
        return f"bid {amount}"
    if kind == "window" or (kind == "oracle" and "pass" in legal):
        return "pass"
    if kind == "favorite":
        return f"favorite {seat_name(bidding.pick_favorite(state, seat, frame['tied'])).lower()}"
    if kind == "direction":
        return bidding.flip_token(state)
    if kind == "choose" and frame["verb"] == "award":
        tied = [s for s in (seat_by_name(state, o) for o in frame["options"]) if s is not None]
        return f"award {seat_name(bidding.pick_winner(state, seat, tied)).lower()}"
    if kind == "choose":
        return event_choices.choose(state, frame, seat)
    if kind == "losses":
        return event_choices.lose(state, frame, seat, legal)
    return heuristic(state, frame, seat, legal)


def heuristic(state: dict, frame: dict, seat: int, legal: list[str]) -> str:
    """The game's bot heuristic for decisions the AI rules leave open."""
    if not legal:
        raise RuntimeError(f"{ai_name(seat)} must decide in a {frame['kind']} step that offers nothing")
    rng = rng_of(state)
    chance = random.Random(rng.next64())
    store_rng(state, rng)
    chooser = bot.STRATEGIES["random"].get(frame["kind"])
    action = chooser(state, frame, seat, legal, chance) if chooser else chance.choice(legal)
    return action if action in legal else chance.choice(legal)


def _play(state: dict, frame: dict, seat: int, action: str) -> None:
    step = STEPS[frame["kind"]]
    note_action(state, state, seat, action)  # an AI's harmful choice earns another AI's grudge too
    try:
        step.play(state, frame, seat, action)
    except IllegalAction:
        # A rule answer the frame refuses (it should not happen): end an AI
        # movement, or fall back on a legal choice, rather than stall.
        fallback = "done" if frame["kind"] == "move" else heuristic(state, frame, seat, step.legal(state, frame, seat))
        step.play(state, frame, seat, fallback)
