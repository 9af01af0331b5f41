"""The Creatures at the coming Upkeep, for the ``medium`` bot's planner.

"Mythological Creatures' special abilities trigger at the beginning of the
Upkeep Phase", and conquest comes after them: "Players who solely occupy
neutral City Areas, or City Areas owned by other players, conquer those
cities". So the planner's picture of the end of the turn
(``planner.projected``) first takes away the unit a Creature will most
likely destroy. The Sphinx ("One Yellow die: unless ++, a random non-Hero unit
is lost") kills a lone Hoplite five times in six, and the city stays
neutral. A bot that counted the city as good as taken sent one Hoplite into
Mytilene four turns running while the Sphinx sat there, and lost four.

Only the tolls are read (Medusa, Scylla, Sphinx and Minotaur: one die, one
unit). The Cyclops removes a unit only on a minus, one time in six; the
Hydra and Cetus fight, and stand where no city is to be taken.
"""

from __future__ import annotations

from engine.games.hellenica.ai import world as ai_world
from engine.games.hellenica.bot_pressure import unit_strength
from engine.games.hellenica.components import CREATURES, DICE_FACES, HEROES
from engine.games.hellenica.creatures import calmed
from engine.games.hellenica.losses import city_upgrades

LIKELY = 0.5
"""A loss at least this likely is taken as certain (the projection is one
picture, not a spread of outcomes)."""


def unit_loss_chance(state: dict, name: str) -> float:
    """How likely the Creature ``name`` is to destroy a unit on its area at
    the coming Upkeep, if one stands there: its toll's chance unless it
    takes a City Upgrade first ("the owner removes a City Upgrade (a random
    non-Hero unit if there is none)"), or an AI player's Settlement."""
    creature = CREATURES[name]
    area = state["creatures"][name]
    if area is None or creature.ability != "toll" or name in calmed(state):
        return 0.0
    owner = state["cities"][area]["owner"] if area in state["cities"] else None
    faces = DICE_FACES["yellow"]
    for take in creature.params["takes"]:
        if take == "unit":
            return sum(1 for face in faces if face not in creature.params["safe"]) / len(faces)
        if owner is not None and (ai_world.is_ai_city(state, area) or city_upgrades(state, area)):
            return 0.0
    return 0.0


def after_creatures(state: dict) -> dict:
    """The state without the unit each Creature will likely destroy at the
    coming Upkeep, where one player alone stands under it (a shallow copy;
    the state itself when no Creature threatens anyone). The weakest unit
    goes ("a random non-Hero unit": which one is chance)."""
    units = None
    for name, area in state["creatures"].items():
        here = state["units"].get(area, []) if area is not None else []  # "Only one Creature may occupy an Area"
        exposed = [s for s in here if s["kind"] not in HEROES]
        if len({s["owner"] for s in exposed}) != 1 or unit_loss_chance(state, name) < LIKELY:
            continue  # nobody to lose, a coin flip between players, or an unlikely loss
        victim = min(exposed, key=unit_strength)
        left = [s if s is not victim else {**s, "n": s["n"] - 1} for s in here]
        units = dict(state["units"]) if units is None else units
        units[area] = [s for s in left if s["n"] > 0]
    return state if units is None else {**state, "units": units}
