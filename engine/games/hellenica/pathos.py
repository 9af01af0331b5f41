"""Advanced objective rules: Random Pathos Objectives and the Epic Game.

- Random Pathos: "instead of using the 3 Pathos objectives listed in the
  setup instructions, shuffle all of the Pathos Objective cards together and
  randomly deal 3 of them, face-up, next to the map board. Place the
  remaining Pathos Cards back in the box".
- Epic: "play until a player has completed 4 Objectives, instead of 3, to
  win the game."
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.hellenica.components import OBJECTIVES, PATHOS, RULES, STANDARD_PATHOS
from engine.games.hellenica.notation import listing
from engine.games.hellenica.state import HELD_HOMES, log, rng_of, store_rng

STANDARD, RANDOM = "standard", "random"
PATHOS_CHOICES = (STANDARD, RANDOM)
PATHOS_HELP = (
    "Public objectives: the `standard` three (Destruction, Empire, Sea Power) or three dealt "
    "at `random` from all the Pathos cards."
)
EPIC_HELP = "Epic game: the winner must complete 4 objectives instead of 3 (longer)."
DESTRUCTION = "destruction"
HELD, INSTANT = "held", "instant"
DESTRUCTION_CHOICES = (HELD, INSTANT)
DESTRUCTION_HELP = (
    "Destruction asks for rival Home Cities owned at the end of two turns in a row (`held`: their owners "
    "have a turn to retake them) or at one end of turn (`instant`, as games begun before this option play)."
)


THRESHOLDS = "thresholds"
SCALED, PACED, FIRST = "scaled", "paced", "first"
THRESHOLD_CHOICES = (SCALED, PACED, FIRST)
THRESHOLDS_HELP = (
    "Objective thresholds (ours: the rulebook prints none): `scaled` (new tables: Empire asks for 9 cities with "
    "3 to 5 players, Destruction for the Home Cities of 2 other players with 4 or more), `paced` (only the "
    "Destruction change, as tables begun on 2026-11-28 play) or `first` (as games begun before this option play)."
)
NEW_TABLE_OBJECTIVES = {DESTRUCTION: HELD, THRESHOLDS: SCALED}
"""The objective options a new table plays; ``Hellenica.new`` reads their
absence as a game stored before them (``INSTANT``, ``FIRST``)."""


def thresholds(state: Mapping[str, Any]) -> str:
    """The thresholds a game plays (objectives.toml: a card's ``first`` table
    holds what it asked for before, its ``by_players`` table what it asks for
    by player count with ``scaled``). A game stored before the option existed
    has no such key and replays as it was played."""
    return str(state["options"].get(THRESHOLDS, FIRST))


def destruction_held(state: Mapping[str, Any]) -> bool:
    """Whether Destruction asks for a rival Home City held through a turn.
    A game stored before the option existed has no such key and replays as
    it was played, at once (``Hellenica.new`` fills it in so)."""
    return state["options"].get(DESTRUCTION, INSTANT) == HELD


def objectives_to_win(state: Mapping[str, Any]) -> int:
    """3 objectives, or 4 in the Epic game."""
    victory = RULES["victory"]
    return victory["epic_objectives"] if state["options"].get("epic", False) else victory["objectives"]


def prepare(state: dict) -> None:
    """Set-up hook: deal the random Pathos cards."""
    if state["options"].get("pathos", STANDARD) != RANDOM:
        return
    rng = rng_of(state)
    state["pathos"] = rng.sample(list(PATHOS), len(STANDARD_PATHOS))
    store_rng(state, rng)
    log(state, f"Random Pathos objectives: {listing([OBJECTIVES[c].title for c in state['pathos']])}.")


def check_snapshot(state: Mapping[str, Any]) -> None:
    """Snapshot hook: the objective options."""
    from engine.core import require

    require(state["options"].get("pathos", STANDARD) in PATHOS_CHOICES, "bad pathos option")
    require(isinstance(state["options"].get("epic", False), bool), "bad epic option")
    require(state["options"].get(DESTRUCTION, INSTANT) in DESTRUCTION_CHOICES, "bad destruction option")
    require(state["options"].get(THRESHOLDS, FIRST) in THRESHOLD_CHOICES, "bad thresholds option")
    require(len(set(state["pathos"])) == len(state["pathos"]), "a Pathos card is dealt twice")
    held = state.get(HELD_HOMES, {})  # absent in snapshots from before Destruction asked for a held city
    homes = {player["city"] for player in state["seats"]}
    require(
        isinstance(held, dict)
        and all(
            key.isdigit()
            and int(key) < state["players"]
            and isinstance(cities, list)
            and all(city in homes for city in cities)
            for key, cities in held.items()
        ),
        "bad held Home Cities",
    )
