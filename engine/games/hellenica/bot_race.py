"""The race to three objectives, for the ``medium`` bot's planner.

"The first Player to satisfy any three objectives at the end of a game turn
wins the game." Objectives are checked at the end of each turn, after
conquest ("Players who solely occupy neutral City Areas, or City Areas owned
by other players, conquer those cities" at Upkeep). So at every decision the
planner asks, of the position as the coming Upkeep will leave it
(``planner.projected``):

- ``finish``: does the seat itself meet enough objectives to win this turn?
  Such a position is worth far more than any slow progress: the bot races for
  it rather than building for later. And once there, it is worth more the
  better it stands on the tie-break, since a rival may get there at the same
  check: "If multiple players meet the victory conditions simultaneously,
  the tie is broken as follows: most Objectives completed, most City
  Upgrades, most Advancements, most Favor, most Philosophers, and most
  Commerce."
- ``rival_danger``: which rival could win this turn, and how surely? A rival
  one objective short (or already there) must be stopped — a city taken back
  from a player at the Empire count, the Home City retaken from one who holds
  it for Destruction — before anything else.

A rival's Ethos cards are secret (an AI player's are public: ``completed``
reads them). The bot counts what it can see: the public Pathos cards the rival
meets and, for its hidden Ethos cards, how many Ethos requirements its board
already satisfies (a player with four Markets most likely holds Prosperity),
each a likely but not a certain objective (``ETHOS_BELIEF``).
"""

from __future__ import annotations

from engine.games.hellenica import bot_pressure
from engine.games.hellenica.components import ETHOS, OBJECTIVES
from engine.games.hellenica.objectives import completed, met, requirement, tiebreak_key
from engine.games.hellenica.pathos import objectives_to_win
from engine.games.hellenica.read_cache import remembered
from engine.games.hellenica.state import owned_cities, trireme_seas

FINISH = 400.0
"""A position where the seat meets enough objectives for victory once Upkeep
has conquered what it holds alone: short of the game's end (``WIN``), since
the other players may still act this turn."""
ETHOS_BELIEF = 0.6
"""How likely a rival is to hold an Ethos card whose requirement its board
meets (it builds for its own cards; sometimes it meets others by chance)."""
NEAR_PATHOS = {1: 0.5, 2: 0.25}
"""How surely a rival one or two cities (or seas) short of a Pathos card
completes it this turn: a random player often takes two cities in a turn."""
DANGER_WEIGHT = 18.0
"""The penalty per squared objective a rival stands beyond two short of
victory (one short: 1 x, at the count: 4 x), so a threat near the end
outweighs a city of our own (``planner.CITY_WEIGHT`` 4 plus its Empire share)."""


TIEBREAK_WEIGHTS = (40.0, 6.0, 3.0, 0.5, 0.5, 0.2)
"""What each step of the tie-break (``objectives.tiebreak_key``) adds to a
finishing position: an objective beyond the three most, then a City Upgrade
(several times what ``planner.UPGRADE_WEIGHT`` gives it, so the last cubes of
a winning turn go to Builds), an Advancement, and a little for Favor,
Philosophers and Commerce. Of 160 match games against ``random`` two were
lost on the tie-break to a rival that met three objectives at the same check."""


def finish(projected: dict, seat: int) -> float:
    """``FINISH`` when the seat meets enough objectives to win at this end of
    turn, and more the better it stands on the tie-break."""
    need = objectives_to_win(projected)
    key = tiebreak_key(projected, seat)
    if key[0] < need:
        return 0.0
    return FINISH + sum(weight * step for weight, step in zip(TIEBREAK_WEIGHTS, (key[0] - need, *key[1:])))


def estimated_objectives(projected: dict, seat: int, other: int) -> float:
    """The objectives ``other`` meets as far as ``seat`` can see: all of an AI
    player's (its Ethos cards are public); the public Pathos cards of anyone
    else, and for its two secret Ethos cards ``ETHOS_BELIEF`` for each Ethos
    requirement its board meets. The Pathos cards a player is one or two
    steps short of count in part (``NEAR_PATHOS``): it may get there before
    the turn ends."""
    near = sum(_near(projected, other, card) for card in projected["pathos"] if not met(projected, other, card))
    if other in projected.get("ai_seats", ()):
        return len(completed(projected, other)) + near
    pathos = sum(1.0 for card in projected["pathos"] if met(projected, other, card)) + near
    if pathos < 0.5:
        return pathos  # Ethos cards alone (two at most) leave a rival short of victory
    shown = sum(1 for card in ETHOS if met(projected, other, card))
    held = len(projected["seats"][other]["ethos"])  # how many cards lie under the board is public
    return pathos + ETHOS_BELIEF * min(shown, held)


def _near(projected: dict, other: int, card: str) -> float:
    """How surely ``other`` completes an unmet Pathos card this turn: by its
    shortfall on the cards that count cities or seas, by the army it has
    poised on a rival Home City for Destruction."""
    objective = OBJECTIVES[card]
    if objective.check == "foreign_home":
        # A Home City taken this turn (``bot_pressure.TAKEN``) counts only once
        # held through the next: no surer this turn than an army poised on it.
        return min(bot_pressure.home_pressure(projected, other), bot_pressure.PRESSURE_CAP)
    if objective.check in ("cities", "most_cities"):
        have = len(owned_cities(projected, other))
    elif objective.check == "sea_areas":
        have = len(trireme_seas(projected, other))
    else:
        return 0.0
    return NEAR_PATHOS.get(requirement(projected, card)["count"] - have, 0.0)


def rival_danger(projected: dict, seat: int) -> float:
    """How near the most advanced rival stands to victory, steeply: nothing
    below two objectives short, ``DANGER_WEIGHT`` one short, four times that
    at the count (once per seat while a position is valued: ``bot_deny``
    asks it too)."""
    return remembered(projected, (_RIVAL_DANGER, seat), lambda: _rival_danger(projected, seat))


_RIVAL_DANGER = "rival danger"


def _rival_danger(projected: dict, seat: int) -> float:
    need = objectives_to_win(projected)
    worst = 0.0
    for other in range(projected["players"]):
        if other != seat:
            worst = max(worst, estimated_objectives(projected, seat, other) - (need - 2))
    return DANGER_WEIGHT * max(0.0, worst) ** 2
