"""The medium bot's plans value a World Event they set off as it occurs,
not by a sample of its outcome (engine/games/hellenica/planner.py)."""

from __future__ import annotations

from engine.games.hellenica import GAME, planner
from engine.games.hellenica.components import EVENTS
from engine.games.hellenica.state import copy_state
from tests.hellenica.helpers import athens_seat, athens_to_act, next_cards, units


def _marching_from_athens() -> tuple[dict, int]:
    """Athens' owner has supplied Athens and moved a Hoplite to Megara: its
    next step, ``done``, ends the Movement and reveals a World Events card."""
    state = athens_to_act()
    seat = athens_seat(state)
    units(state, "athens", seat, "hoplite", 3)
    state = GAME.play(state, seat, "supply athens from athens")
    return GAME.play(state, seat, "move 1 hoplite megara"), seat


def _revealing(state: dict, card: str) -> dict:
    """``card`` is drawn next with the Chaos Marker on its Chaos Number: "If
    the Chaos Marker enters the final space the revealed World Event card
    occurs"."""
    state = copy_state(state)
    next_cards(state, card)
    state["chaos"] = EVENTS[card].chaos
    return state


def test_a_plan_values_a_world_event_it_sets_off_as_it_occurs():
    """ "After all Movement and Combat for the Supply action is completed,
    reveal the top World Events card": which card occurs is drawn at random,
    whatever the seat moved. A Plague (Area Reduction where its winner
    chooses) and the Olympic Games (Favor for everyone) must not tell the
    seat's steps apart: the plan stops where the event occurs, and both
    reveals are worth the same (the plan once followed the Plague to its
    end and found the march worse than staying, by luck of the draw)."""
    state, seat = _marching_from_athens()
    after_plague = planner._rollout(GAME, _revealing(state, "plague"), seat, "done", 3)
    after_games = planner._rollout(GAME, _revealing(state, "olympic-games"), seat, "done", 3)
    assert after_plague == after_games
    occurring = GAME.play(_revealing(state, "plague"), seat, "done")
    assert planner._events_occurring(occurring), "the Plague occurs and waits for the bids"
