"""Final scoring, in the printed order, and the tie breakers.

1. "Players claim all Ships still in the offer, without gaining the printed
   benefit. Follow the normal rules to determine majorities, but without
   breaking any ties (since there is no active player)."
2. Ship Demand Scoring, city by city: "Each active [city] Demand tile
   increases the limit by 1 for each player. Each player also increases
   their limit by the [limit] value next to their Mosaics on [city] Demand
   tiles. For each of their claimed Ships within this limit, players gain
   [VP] from each Statue they have on [city] Demand tiles."
3. Legacy: "For each set of unique Legacy icons on your Contract cards,
   Family card, and next to your Mosaics on the Demand tiles": 1/3/6/10/15/21.
4. Contract offer: "Gain 2/5/10/18 if you have 2/3/4/5 Statues on the
   Contract offer".
5. Player board: "3/7/13 if you have 2/3/4 Mosaics placed under the Storage
   Areas", "1 for each set of 3 Salt and/or Refined Goods", "1 for each
   remaining Denarius".
Then our end-game cards (C30, C54) and C60's extra VP per ship.

Tie breaker: "the player with the most Ships wins. If there is still a tie,
the player with the most fulfilled Contracts wins. If there is a further
tie, tied players share the victory!"
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.games.thessaloniki import port
from engine.games.thessaloniki.state import State, abilities_of, colour_of, comp, note

PARTS = ("in_game", "demand", "legacy", "offer", "mosaics", "goods", "denarii", "cards")
PART_WORDS = {
    "in_game": "in game",
    "demand": "ship demand",
    "legacy": "legacy sets",
    "offer": "contract-offer statues",
    "mosaics": "storage mosaics",
    "goods": "salt and refined goods",
    "denarii": "denarii",
    "cards": "end-game cards",
}


def legacy_counts(state: State, seat: int) -> dict[str, int]:
    """How many of each Legacy icon the seat has: fulfilled contracts, its
    family card, and one per Mosaic on a Demand tile."""
    c = comp()
    data = state["seats"][seat]
    counts: dict[str, int] = {}

    def count(icon: str | None) -> None:
        if icon:
            counts[icon] = counts.get(icon, 0) + 1

    for cid in data["fulfilled"]:
        count(c.contracts[cid].legacy)
    if data["family"] is not None:
        for icon in c.families[data["family"]].legacy:
            count(icon)
    colour = colour_of(state, seat)
    for tile in state["demand"]:
        for placed in tile["mosaics"]:
            if placed == colour:
                count(c.demand_tiles[tile["id"]].legacy)
    return counts


def legacy_points(counts: dict[str, int]) -> tuple[int, list[int]]:
    """Points for sets of unique icons, and the size of each set."""
    table = comp().scoring["legacy_sets"]
    left = {icon: n for icon, n in counts.items() if n > 0}
    sizes = []
    while left:
        sizes.append(len(left))
        left = {icon: n - 1 for icon, n in left.items() if n > 1}
    return sum(table[min(size, len(table)) - 1] for size in sizes), sizes


class CityFigures(NamedTuple):
    ships: int
    """ships of the city the seat has claimed"""
    limit: int
    """how many of them can score: the city's active tiles plus the limit
    value of each of the seat's Mosaics on them"""
    per_ship: int
    """VP per scoring ship: the printed value of each of the seat's Statues
    on the city's tiles (C60: +2 per Statue)"""


def city_figures(state: State, seat: int) -> dict[str, CityFigures]:
    """Every city's ships, limit and VP per ship for the seat, in one pass
    over its ships and the active demand tiles (views and bots ask often)."""
    c = comp()
    colour = colour_of(state, seat)
    bonus = sum(h["vp"] for h in abilities_of(state, seat, "demand_statue_bonus"))
    ships = dict.fromkeys(c.cities, 0)
    limits = dict.fromkeys(c.cities, 0)
    values = dict.fromkeys(c.cities, 0)
    for sid in state["seats"][seat]["ships"]:
        ships[c.ships[sid].city] += 1
    for tile in state["demand"]:
        spec = c.demand_tiles[tile["id"]]
        limits[spec.city] += 1 + c.demand_mosaic_limit * tile["mosaics"].count(colour)
        for space, placed in enumerate(tile["statues"]):
            if placed == colour:
                values[spec.city] += spec.statues[space] + bonus
    return {city: CityFigures(ships[city], limits[city], values[city]) for city in c.cities}


def city_limit(state: State, seat: int, city: str) -> int:
    return city_figures(state, seat)[city].limit


def city_statue_value(state: State, seat: int, city: str) -> int:
    return city_figures(state, seat)[city].per_ship


def city_ships(state: State, seat: int, city: str) -> int:
    return city_figures(state, seat)[city].ships


def demand_points(state: State, seat: int) -> dict[str, int]:
    return {city: min(f.ships, f.limit) * f.per_ship for city, f in city_figures(state, seat).items()}


def offer_points(count: int) -> int:
    table = comp().scoring["offer_statues"]
    eligible = [k for k in table if k <= count]
    return table[max(eligible)] if eligible else 0


def mosaic_points(count: int) -> int:
    table = comp().scoring["storage_mosaics"]
    eligible = [k for k in table if k <= count]
    return table[max(eligible)] if eligible else 0


def goods_points(state: State, seat: int) -> int:
    data = state["seats"][seat]
    return (data["salt"] + sum(data["refined"].values())) // comp().scoring["goods_per_point"]


def card_points(state: State, seat: int) -> int:
    from engine.games.thessaloniki.effects import count_of

    return sum(h["vp"] * count_of(state, seat, h["count"]) for h in abilities_of(state, seat, "endgame_per"))


def seat_breakdown(state: State, seat: int) -> dict[str, Any]:
    """Every part of a seat's final score (ships on offer already claimed)."""
    from engine.games.thessaloniki.contracts import offer_statue_count

    data = state["seats"][seat]
    demand = demand_points(state, seat)
    legacy, sets = legacy_points(legacy_counts(state, seat))
    parts = {
        "in_game": data["vp"],
        "demand": sum(demand.values()),
        "legacy": legacy,
        "offer": offer_points(offer_statue_count(state, seat)),
        "mosaics": mosaic_points(data["storage_mosaics"]),
        "goods": goods_points(state, seat),
        "denarii": data["denarii"] * comp().scoring["points_per_denarius"],
        "cards": card_points(state, seat),
    }
    return {
        "parts": parts,
        "by_city": demand,
        "legacy_sets": sets,
        "total": sum(parts.values()),
        "ships": len(data["ships"]),
        "contracts": len(data["fulfilled"]),
    }


def claim_ships_on_offer(state: State) -> None:
    """Final scoring step 1: majorities claim, ties claim nothing, no benefits."""
    for index in range(comp().max_ships() - 1, -1, -1):
        ship = state["ships"][index]
        if ship is None:
            continue
        winner = port.majority(state, ship, None)
        if winner is None:
            state["ships"][index] = None
            state["ship_box"].append(ship["id"])
            note(state, f"Final scoring: ship {ship['id'].upper()} in space {index + 1} goes unclaimed")
        else:
            port.claim(state, winner, index, "has the majority at the final scoring", benefit=False)


def final_scoring(state: State) -> None:
    """Score the game and record the result in ``state["final"]``."""
    claim_ships_on_offer(state)
    breakdown = [seat_breakdown(state, seat) for seat in range(state["players"])]
    ranking = [(b["total"], b["ships"], b["contracts"]) for b in breakdown]
    best_total = max(r[0] for r in ranking)
    best = max(ranking)
    winners = [seat for seat, r in enumerate(ranking) if r == best]
    tied_on_points = [seat for seat, r in enumerate(ranking) if r[0] == best_total]
    state["final"] = {"breakdown": breakdown, "winners": winners, "tied_on_points": tied_on_points}
    state["phase"] = "over"
    state["pending"] = []
    note(
        state,
        "Final scoring: "
        + ", ".join(f"{colour_of(state, s).capitalize()} {b['total']}" for s, b in enumerate(breakdown)),
    )
