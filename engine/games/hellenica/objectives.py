"""Objectives and victory.

- "If a player satisfies the card requirements for 3 Objective Cards in any
  combination of revealed Pathos cards and Ethos cards in their hand, that
  player reveals their cards and wins the game."
- "If multiple players meet the victory conditions simultaneously, the tie is
  broken as follows: most Objectives completed, most City Upgrades, most
  Advancements, most Favor, most Philosophers, and most Commerce. If still
  tied, we suggest a real-life fight to the death (or share the victory, your
  choice)." — here they share it.

Each card's ``check`` (objectives.toml) names one of the tests in ``CHECKS``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.games.hellenica.cities import has_walls
from engine.games.hellenica.components import ADVANCEMENTS, CATEGORIES, HEROES, OBJECTIVES, RULES
from engine.games.hellenica.notation import listing
from engine.games.hellenica.pathos import FIRST, SCALED, destruction_held, objectives_to_win, thresholds
from engine.games.hellenica.read_cache import remembered
from engine.games.hellenica.state import (
    HELD_HOMES,
    city_has_type,
    counts_as,
    held_homes,
    log,
    map_of,
    owned_cities,
    seat_name,
    stacks,
    total_units,
    trireme_seas,
    upgrades_of,
)

TO_WIN = RULES["victory"]["objectives"]

FIRST_TABLE = "first"
"""A re-tuned card's table of what it asked for before (objectives.toml):
games without re-tuned thresholds play it."""
BY_PLAYERS = "by_players"
"""A card's parameters by player count with the ``scaled`` thresholds
(objectives.toml, keyed by a count or a range of counts as text: "4",
"3-5"): at a table of that size they replace the card's own (its ``count``
and ``text``), so a reader of ``requirement`` sees one plain card. The
``paced`` thresholds (tables begun before ``scaled``) play the card's own."""


def _counts(key: str) -> range:
    """The player counts a ``by_players`` key names: "4", or "3-5"."""
    low, _, high = key.partition("-")
    return range(int(low), int(high or low) + 1)


def _at_count(by_players: Mapping[str, Mapping[str, Any]], players: int) -> Mapping[str, Any]:
    """The ``by_players`` entry for this player count (none: the card's own)."""
    return next((entry for key, entry in by_players.items() if players in _counts(key)), {})


def _check_by_players() -> None:
    """Every ``by_players`` key names player counts, each count once, and a
    card re-tuned by player count says what it asked for before (``first``)."""
    for name, card in OBJECTIVES.items():
        if BY_PLAYERS not in card.params:
            continue
        listed = [n for key in card.params[BY_PLAYERS] for n in _counts(key)]
        if len(listed) != len(set(listed)):
            raise ValueError(f"objectives.toml: {name}'s {BY_PLAYERS} names a player count twice")
        if FIRST_TABLE not in card.params:
            raise ValueError(f"objectives.toml: {name} has {BY_PLAYERS} but no {FIRST_TABLE} table")


_check_by_players()
_FIRST_PARAMS: dict[str, Mapping[str, Any]] = {
    name: {**card.params, **card.params[FIRST_TABLE]} for name, card in OBJECTIVES.items() if FIRST_TABLE in card.params
}
_AT_PLAYERS: dict[tuple[str, int], Mapping[str, Any]] = {}
"""The ``scaled`` parameters of a card with ``by_players`` per player count,
made when first asked (a few cards times 2-7 players)."""


def requirement(state: Mapping[str, Any], card: str) -> Mapping[str, Any]:
    """The card's parameters in this game: with the ``scaled`` thresholds its
    own at this table's player count, with ``paced`` its own, in a game
    without re-tuned thresholds (``first``) the ones it had first."""
    edition = thresholds(state)
    if edition == FIRST and card in _FIRST_PARAMS:
        return _FIRST_PARAMS[card]
    params = OBJECTIVES[card].params
    if edition != SCALED or BY_PLAYERS not in params:
        return params
    key = (card, state["players"])
    resolved = _AT_PLAYERS.get(key)
    if resolved is None:
        resolved = _AT_PLAYERS[key] = {**params, **_at_count(params[BY_PLAYERS], state["players"])}
    return resolved


def card_text(state: Mapping[str, Any], card: str) -> str:
    """The card's text as this game plays it (its thresholds and, for
    Destruction, whether the Home City must be held through a turn)."""
    params = requirement(state, card)
    if "instant_text" in params and not destruction_held(state):
        return str(params["instant_text"])
    return str(params.get("text", OBJECTIVES[card].text))


def card_text_key(state: Mapping[str, Any]) -> tuple[str, bool, int]:
    """All that ``card_text`` reads of a game (the thresholds in force, held
    Destruction, the player count): two games with the same key show every
    card alike, so a cache of shown cards may key on it."""
    return thresholds(state), destruction_held(state), state["players"]


def upgrade_count(state: dict, seat: int, kind: str) -> int:
    """Upgrades of ``kind`` in the seat's cities, mines included; a government
    marker counts as its upgrade and a Wonder as every other type in its city."""
    total = 0
    for city in owned_cities(state, seat):
        present = None
        for site, piece in upgrades_of(state, city):
            if counts_as(piece, site) == kind:
                total += 1
            elif piece["type"] == "wonder" and site != "government":
                if present is None:
                    present = city_has_type(state, city, kind)
                total += 1 if present else 0
    return total


def all_upgrades(state: dict, seat: int) -> int:
    return sum(1 for city in owned_cities(state, seat) for _ in upgrades_of(state, city))


def _cities(state: dict, seat: int) -> list[str]:
    return owned_cities(state, seat)


def foreign_homes(state: Mapping[str, Any], seat: int) -> list[str]:
    """The other players' Home Cities the seat owns now."""
    mine = owned_cities(state, seat)
    return [player["city"] for other, player in enumerate(state["seats"]) if other != seat and player["city"] in mine]


def _foreign_home(state: dict, seat: int, p: Any) -> bool:
    """Destruction: ``homes`` other players' Home Cities (``few_homes`` in a
    game of ``few_players`` or fewer). With ``held`` (our threshold, see
    objectives.toml, in a game whose ``destruction`` option asks for it) each
    must also have been the seat's at the previous end-of-turn check: its
    owner gets a whole turn to take it back."""
    owned = foreign_homes(state, seat)
    if p.get("held", False) and destruction_held(state):
        held = held_homes(state, seat)
        owned = [city for city in owned if city in held]
    return len(owned) >= homes_needed(state, p)


def homes_needed(state: Mapping[str, Any], p: Mapping[str, Any]) -> int:
    """How many other players' Home Cities a ``foreign_home`` card with
    parameters ``p`` (``requirement``) asks for at this table's player count."""
    return int(p["few_homes"] if state["players"] <= p["few_players"] else p["homes"])


def record_held_homes(state: dict) -> None:
    """Remember which foreign Home Cities each seat owns at this check (the
    next check's Destruction reads it); a seat holding none is left out."""
    record = {str(seat): homes for seat in range(state["players"]) if (homes := foreign_homes(state, seat))}
    state[HELD_HOMES] = record


def _sea_areas(state: dict, seat: int, p: Any) -> bool:
    return len(trireme_seas(state, seat)) >= p["count"]


def _hero_on(state: dict, seat: int, p: Any) -> bool:
    return any(s["owner"] == seat and s["kind"] in HEROES for s in stacks(state, p["area"]))


def _own_with_hero(state: dict, seat: int, p: Any) -> bool:
    city = state["cities"].get(p["area"])  # a built map may lack the named tile
    return city is not None and city["owner"] == seat and _hero_on(state, seat, p)


def _most_cities(state: dict, seat: int, p: Any) -> bool:
    mine = len(_cities(state, seat))
    return mine >= p["count"] and all(
        len(_cities(state, other)) < mine for other in range(state["players"]) if other != seat
    )


def _island_cities(state: dict, seat: int, p: Any) -> bool:
    board = map_of(state)
    return sum(1 for city in _cities(state, seat) if board.areas[city].island) >= p["count"]


def _mines(state: dict, seat: int, p: Any) -> bool:
    board = map_of(state)
    return (
        sum(1 for city in _cities(state, seat) for mine in board.mines_of(city) if state["mines"][mine] is not None)
        >= p["count"]
    )


def _category(state: dict, seat: int, p: Any) -> bool:
    return (
        sum(1 for a in state["seats"][seat]["advancements"] if ADVANCEMENTS[a].category == p["category"]) >= p["count"]
    )


def _every_category(state: dict, seat: int, p: Any) -> bool:
    owned = {ADVANCEMENTS[a].category for a in state["seats"][seat]["advancements"]}
    return owned >= set(CATEGORIES)


CHECKS: dict[str, Callable[[dict, int, Any], bool]] = {
    "foreign_home": _foreign_home,
    "cities": lambda s, seat, p: len(_cities(s, seat)) >= p["count"],
    "sea_areas": _sea_areas,
    "hero_on": _hero_on,
    "own_with_hero": _own_with_hero,
    "upgrades": lambda s, seat, p: upgrade_count(s, seat, p["upgrade"]) >= p["count"],
    "most_cities": _most_cities,
    "island_cities": _island_cities,
    "mines": _mines,
    "category_advancements": _category,
    "every_category": _every_category,
    "walled_cities": lambda s, seat, p: sum(1 for c in _cities(s, seat) if has_walls(s, c)) >= p["count"],
    "favor": lambda s, seat, p: s["seats"][seat]["favor"] >= p["count"],
    "commerce": lambda s, seat, p: s["seats"][seat]["commerce"] >= p["count"],
    "advancements": lambda s, seat, p: len(s["seats"][seat]["advancements"]) >= p["count"],
    "heroes": lambda s, seat, p: sum(total_units(s, seat, kind) for kind in HEROES) >= p["count"],
    "land_units": lambda s, seat, p: (total_units(s, seat, "hoplite") + total_units(s, seat, "cavalry")) >= p["count"],
}

_unknown = {card.check for card in OBJECTIVES.values()} - set(CHECKS)
if _unknown:
    raise ValueError(f"data/hellenica/objectives.toml names unknown checks: {sorted(_unknown)}")


def met(state: dict, seat: int, card: str) -> bool:
    """Whether the seat satisfies the card now (asked once per seat and card
    while a state is being read: the public view's player row and the seat's
    secrets both ask of the Pathos cards)."""
    return remembered(state, (_MET, seat, card), lambda: _met(state, seat, card))


_MET = "met"
"""The key of ``met``'s answers while a view reads a state (``read_cache``)."""


def _met(state: dict, seat: int, card: str) -> bool:
    return CHECKS[OBJECTIVES[card].check](state, seat, requirement(state, card))


def completed(state: dict, seat: int) -> list[str]:
    """The public Pathos cards and the seat's own Ethos cards it satisfies now."""
    if seat in state.get("ai_seats", ()):  # an AI player: the shared AI Ethos cards, as the AI sees them
        from engine.games.hellenica.ai.objectives import ai_completed

        return ai_completed(state, seat)
    return [card for card in state["pathos"] + state["seats"][seat]["ethos"] if met(state, seat, card)]


def tiebreak_key(state: dict, seat: int) -> tuple[int, ...]:
    player = state["seats"][seat]
    advancements = (
        state["ai"]["boards"][str(seat)]["advancements"]
        if seat in state.get("ai_seats", ())
        else len(player["advancements"])
    )  # an AI player's Advancements are a count on the AI Board
    return (
        len(completed(state, seat)),
        all_upgrades(state, seat),
        advancements,
        player["favor"],
        player["philosophers"],
        player["commerce"],
    )


TIEBREAK_WORDS = ("Objectives", "City Upgrades", "Advancements", "Favor", "Philosophers", "Commerce")


def end_of_turn_check(state: dict) -> list[int]:
    """The objective check that ends a turn (Upkeep's last step): the seats
    that win now, and the rival Home Cities each seat owns now recorded for
    the next check's Destruction (``record_held_homes``)."""
    winners = victors(state)
    if destruction_held(state):  # an older game's state stays as it was played
        record_held_homes(state)
    return winners


def victors(state: dict) -> list[int]:
    """Seats that meet the victory condition now (several only if tied all
    the way), after the tie-break."""
    qualified = [seat for seat in range(state["players"]) if len(completed(state, seat)) >= objectives_to_win(state)]
    if not qualified:
        return []
    best = max(tiebreak_key(state, seat) for seat in qualified)
    return [seat for seat in qualified if tiebreak_key(state, seat) == best]


def declare_victory(state: dict, winners: list[int]) -> None:
    """End the game: reveal the Ethos cards of everyone who met the condition,
    record why, and explain any tie-break."""
    qualified = [seat for seat in range(state["players"]) if len(completed(state, seat)) >= objectives_to_win(state)]
    notes = []
    for seat in qualified:
        cards = [OBJECTIVES[c].title for c in completed(state, seat)]
        notes.append(f"{seat_name(seat)} completes {listing(cards)}.")
        state["revealed"][str(seat)] = list(state["seats"][seat]["ethos"])
    if len(qualified) > 1:
        keys = {seat: tiebreak_key(state, seat) for seat in qualified}
        for index, word in enumerate(TIEBREAK_WORDS):
            values = {seat: keys[seat][index] for seat in qualified}
            if len(set(values.values())) > 1:
                shown = ", ".join(f"{seat_name(s)} {v}" for s, v in values.items())
                notes.append(f"Tie-break on {word}: {shown}.")
                break
        else:
            notes.append("Tied on every tie-break: the victory is shared.")
    names = listing([seat_name(s) for s in winners])
    state["winners"] = list(winners)
    state["reason"] = f"{names} completed {objectives_to_win(state)} objectives at the end of turn {state['turn']}"
    state["notes"] = notes
    state["phase"] = "over"
    state["stack"] = []
    log(state, f"{names} {'wins' if len(winners) == 1 else 'win'} at the end of turn {state['turn']}!")
