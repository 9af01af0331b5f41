"""The lobby options of Thera and how they turn into a set-up.

Rulebook variants: the Advanced Game, Two Player Thera, Divine Intervention,
a Different/Randomized Role Wheel and Longer/Shorter Games.
"""

from __future__ import annotations

from typing import Any

from engine.core import IllegalAction, Option, Rng
from engine.games.thera.components import COMPONENTS, ROLES

OPTIONS: dict[str, Option] = {
    "advanced": Option(
        False,
        "Advanced game: starting resource tiles and the seven advanced industry "
        "buildings (Spring, Customs House, Housing, Crossroads, Architect, "
        "Tradehouse, Bank).",
    ),
    "length": Option(
        "standard",
        "How many luxuries leave the bag before the game: short, standard or long (long needs 2 to 4 players).",
        choices=("short", "standard", "long"),
    ),
    "wheel": Option(
        "standard",
        "Role wheel order: standard (Priest, Noble, Worker, Planner, Builder, "
        "Trader), random, or your own order as six comma-separated roles.",
    ),
    "divine": Option(
        "", "Divine Intervention handicap: tokens per seat in seat order, e.g. 0,2,1 (0 to 2 each, 6 in all)."
    ),
    "two_player": Option(
        True,
        "With exactly two players, play Two Player Thera: each turn also runs the "
        "phase where the last favor token lands, without favored actions.",
    ),
}


def discard_count(options: dict[str, Any], players: int) -> int:
    """Luxuries removed from the bag before the game ("Longer/Shorter Games")."""
    count = COMPONENTS.discard_count(options["length"], players)
    if count is None:
        raise IllegalAction(
            f"There are not enough luxury buildings for the {options['length']} game with "
            f"{players} players; use length=standard or length=short."
        )
    return count


def wheel_order(options: dict[str, Any], rng: Rng) -> list[str]:
    """The six roles clockwise: printed, shuffled, or as the group wrote them."""
    choice = str(options["wheel"]).strip().lower()
    if choice == "standard":
        return list(COMPONENTS.wheel)
    if choice == "random":
        return rng.shuffled(COMPONENTS.wheel)
    roles = [part.strip() for part in choice.replace(" ", ",").split(",") if part.strip()]
    if sorted(roles) != sorted(ROLES):
        raise IllegalAction(
            "`wheel` must be standard, random, or all six roles once each in clockwise order, "
            "e.g. priest,worker,noble,builder,planner,trader."
        )
    return roles


def divine_tokens(options: dict[str, Any], players: int) -> list[int]:
    """Divine Intervention tokens per seat ("one or two" each, six in the box)."""
    text = str(options["divine"]).strip()
    if not text:
        return [0] * players
    parts = [p.strip() for p in text.split(",")]
    per_player = int(COMPONENTS.box["divine_per_player"])
    box = int(COMPONENTS.box["divine_intervention"])
    if len(parts) > players or not all(p.isdigit() for p in parts):
        raise IllegalAction(
            f"`divine` lists whole numbers per seat in seat order, at most {players} of "
            f"them, e.g. divine=0,2 gives the second seat two tokens."
        )
    # The length check comes first so a thousand-digit number never reaches int().
    if any(len(p) > len(str(per_player)) or int(p) > per_player for p in parts):
        raise IllegalAction(f"A player may have at most {per_player} Divine Intervention tokens.")
    tokens = [int(p) for p in parts] + [0] * (players - len(parts))
    if sum(tokens) > box:
        raise IllegalAction(f"There are only {box} Divine Intervention tokens in the box.")
    return tokens


def two_player_phase(options: dict[str, Any], players: int) -> bool:
    """Whether Two Player Thera's second phase is played."""
    return bool(options["two_player"]) and players == 2
