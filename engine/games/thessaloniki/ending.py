"""The end of the game: the four conditions, the last round.

- "The end of the game is triggered when any 2 of the following conditions
  are met: A. All Denarii from the area above [the denarius space] are
  depleted. B. The 7th Demand tile is added to the Demand area. C. The
  Festival card is drawn from the Contract deck. D. The Festival tile is
  drawn from the Ship stack."
- "When the end of the game is triggered, finish the current round, then
  play one more (final) round. Then, proceed to the Final Scoring."
"""

from __future__ import annotations

from engine.games.thessaloniki.state import State, comp, note

CONDITIONS = {
    "denarii": "the denarii above the denarius space are gone",
    "demand": "the 7th demand tile is in play",
    "contract": "the Festival card was drawn",
    "ship": "the Festival ship was drawn",
}
"""End conditions A-D by key, in words."""


def meet_condition(state: State, key: str) -> None:
    """Mark an end condition as met; the second one triggers the end."""
    end = state["end"]
    if end[key]:
        return
    end[key] = True
    note(state, f"End condition: {CONDITIONS[key]}")
    met = sum(1 for k in CONDITIONS if end[k])
    if end["last_round"] is None and met >= comp().end["conditions_needed"]:
        end["last_round"] = state["round"] + 1
        note(state, f"The end is triggered: this round is finished, then round {end['last_round']} is the last")


def check_demand_condition(state: State) -> None:
    if len(state["demand"]) >= comp().end["demand_tiles"]:
        meet_condition(state, "demand")


def check_pool_condition(state: State) -> None:
    if state["pool"] <= 0:
        meet_condition(state, "denarii")


def game_ends_after_turn(state: State, seat: int) -> bool:
    """Whether the turn of ``seat`` just finished closes the final round."""
    last = state["end"]["last_round"]
    return last is not None and state["round"] >= last and seat == state["players"] - 1
