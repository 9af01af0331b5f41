"""How World Events and Creatures treat the AI players' cities, which hold
no City Upgrades of their own.

- "For World Events that impact, use, or count City Upgrades treat all AI
  Player's Settlements on an Area as if they had City Upgrades on them
  (Exception: AI Players' Settlements can be blocked by Mythological
  Creatures. Ignore blocked Settlements during World Events)."
- "If a World Event calls for Area reduction of an AI Player's Area, take all
  losses from units on the Area. If there are no units on the Area, then
  ignore the reduction."
- "For AI Player's only: If a Creature destroys a City Upgrade on an AI
  Player's City, block 1 Settlement on the city with an Action Cube. That
  Settlement no longer counts as a City Upgrade for the AI Player. If the last
  Settlement on a City is blocked and there are no AI units remaining on the
  City, the City becomes neutral. Remove all Action Cubes blocking Settlements
  on an Area if the Creature is ever destroyed, if the city becomes neutral,
  or if the city changes ownership."

Every World Event that counts or strikes City Upgrades goes through here for
an AI seat: revolts and emptied cities (``counted_upgrades``), the Great
Dionysia, Harvest Festival and Sophists (``counted_type``, ``cities_counted``:
each Settlement stands for the upgrade the card counts), and the Earthquake
(``earthquake_pieces``: a Settlement that stands for an upgrade costs the AI a
unit there instead, as Area Reduction does).

The blocking cubes live in ``state["ai"]["blocked"]`` as ``{city: {"seat",
"creature", "n"}}``; a record whose city changed hands or lost its Creature
no longer counts (``blocked``) and is swept away by ``tidy_blocks``. Readings: the Free
Temple (Delphi's, not a Settlement) counts when a Temple stands on it; the
rule of Area Reduction applies to every loss of "any piece" an AI player
suffers (the Eruption's too), since its pieces on a city are its units.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.games.hellenica.ai import ai_name, is_ai
from engine.games.hellenica.interdiction import creature_at
from engine.games.hellenica.state import log, map_of, stacks


def is_ai_city(state: dict, city: str) -> bool:
    record = state["cities"].get(city)
    return record is not None and is_ai(state, record["owner"])


def blocked(state: dict, city: str) -> int:
    """Settlements of an AI City blocked by a Creature still there."""
    record = state["ai"].get("blocked", {}).get(city)
    if (
        record is None
        or state["cities"][city]["owner"] != record["seat"]
        or creature_at(state, city) != record["creature"]
    ):
        return 0
    return record["n"]


def counted_upgrades(state: dict, city: str) -> int:
    """City Upgrades a World Event counts on a city: for an AI player's city,
    its Settlements not blocked (and a Temple on a Free Temple); otherwise
    the pieces on its Settlements, Free Temple and Government Marker."""
    from engine.games.hellenica.losses import city_upgrades  # losses hooks into this module

    record = state["cities"][city]
    if is_ai(state, record["owner"]):
        oracle = 1 if record.get("oracle") is not None else 0
        return len(record["slots"]) - blocked(state, city) + oracle
    return len(city_upgrades(state, city))


def counted_type(state: dict, seat: int, kind: str) -> int:
    """City Upgrades of ``kind`` a World Event counts for an AI seat: every
    Settlement not blocked stands for one (an upgrade the AI "has" whatever
    the card asks for, as it is assumed to have the Advancements it needs),
    a Temple on a Free Temple counts as a Temple, and real upgrades on its
    mines count as they are."""
    from engine.games.hellenica.state import owned_cities

    board = map_of(state)
    total = 0
    for city in owned_cities(state, seat):
        record = state["cities"][city]
        total += len(record["slots"]) - blocked(state, city)
        if kind == "temple" and record.get("oracle") is not None:
            total += 1
        total += sum(
            1
            for mine in board.mines_of(city)
            if state["mines"][mine] is not None and state["mines"][mine]["type"] == kind
        )
    return total


def cities_counted(state: dict, seat: int) -> int:
    """An AI seat's cities that hold a counted City Upgrade (for "per city
    with a Temple")."""
    from engine.games.hellenica.state import owned_cities

    return sum(1 for city in owned_cities(state, seat) if counted_upgrades(state, city) > 0)


def earthquake_pieces(state: dict, city: str) -> tuple[list[tuple[str, dict]], int]:
    """What an Earthquake may bring down in an AI city: its real City
    Upgrades on Settlements and the Free Temple, and how many more counted
    Settlements stand for upgrades it does not have."""
    from engine.games.hellenica.losses import city_upgrades

    real = [(site, piece) for site, piece in city_upgrades(state, city) if site != "government"]
    return real, max(0, counted_upgrades(state, city) - len(real))


def loss_kind(state: dict, seat: int, what: str) -> str:
    """An AI player's losses of "any" piece come from its units."""
    return "units" if what == "any" and is_ai(state, seat) else what


def spared_by_reduction(state: dict, seat: int, area: str) -> bool:
    """An AI player without units on the Area ignores the reduction."""
    return is_ai(state, seat) and not any(s["owner"] == seat for s in stacks(state, area))


def block_settlement(state: dict, city: str, creature: str) -> bool:
    """A Creature destroys a City Upgrade of an AI City: one more Settlement
    is blocked (False when all already are). A city left with every
    Settlement blocked and no AI unit becomes neutral."""
    from engine.games.hellenica.components import CREATURES
    from engine.games.hellenica.losses import revert

    owner = state["cities"][city]["owner"]
    if blocked(state, city) >= len(state["cities"][city]["slots"]):
        return False
    record = state["ai"].setdefault("blocked", {})
    record[city] = {"seat": owner, "creature": creature, "n": blocked(state, city) + 1}
    board = map_of(state)
    left = len(state["cities"][city]["slots"]) - record[city]["n"]
    log(
        state,
        f"The {CREATURES[creature].title} blocks a Settlement of {ai_name(owner)} in {board.title(city)} "
        f"({left} left).",
    )
    if left <= 0 and not any(s["owner"] == owner for s in stacks(state, city)):
        revert(state, city, f"the {CREATURES[creature].title}")
        tidy_blocks(state)
    return True


def cyclops_blocks(state: dict, city: str, creature: str, struck: Callable[[], bool]) -> int:
    """The Cyclops rolls once per counted Settlement of an AI island city;
    each strike blocks one. Returns how many were blocked."""
    count = 0
    for _ in range(counted_upgrades(state, city)):
        if struck() and block_settlement(state, city, creature):
            count += 1
    return count


def tidy_blocks(state: dict) -> None:
    """Take away blocking cubes whose Creature is gone or whose city changed hands."""
    record = state["ai"].get("blocked")
    if not record:
        return
    for city in [c for c in record if blocked(state, c) == 0]:
        del record[city]
