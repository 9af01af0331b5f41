"""What players see: the public view (channel, spectators, the picture) and a
seat's private additions (its Ethos cards and hands).

The public view holds everything the table shows — the map with owners,
upgrades and units, the commodities ("All Commodities are public knowledge"),
advancements, deity cards and which Invocations are spent, the Creatures, the
chaos track and the last World Event, the events each player won ("The number
of World Events a player has won is public knowledge"), who has bid — and
never an Ethos card's identity until a victory reveals it, nor a bid before
all bids are in, nor the order of the World Event deck. What only the map
or the components decide (area titles and hexes, mine titles, the
Creatures' and Invocations' texts) is left out: the view names its map and
pieces, and ``view_fixed.with_fixed_parts`` puts those parts back for the
pictures. The deities' titles stay: a seat's dealt deities are named among
every deity's, never alone.
"""

from __future__ import annotations

from typing import Any

from engine.games.hellenica import advancements as adv
from engine.games.hellenica import trade
from engine.games.hellenica.ai.board import ai_view
from engine.games.hellenica.board import Map
from engine.games.hellenica.components import (
    ADVANCEMENTS,
    CREATURES,
    DEITIES,
    EVENTS,
    OBJECTIVES,
    RULES,
    UNITS,
)
from engine.games.hellenica.events import bid_view, own_bid, reward_text
from engine.games.hellenica.interdiction import pinned
from engine.games.hellenica.invocations import spent_view, window_view
from engine.games.hellenica.maps import hooks as map_hooks
from engine.games.hellenica.movement import assault_view
from engine.games.hellenica.objectives import card_text, card_text_key, completed, met
from engine.games.hellenica.pathos import objectives_to_win
from engine.games.hellenica.read_cache import reading
from engine.games.hellenica.state import map_of, seat_name
from engine.games.hellenica.steps import STEPS, current
from engine.games.hellenica.view_fixed import DEITIES_SHOWN, empty_record, per_map

LOG_SHOWN = 12


def _shown_card(name: str) -> dict[str, Any]:
    """An objective card; an Ethos card also shows its marks ("how many of that
    exact card are in the Ethos Objective deck")."""
    card = OBJECTIVES[name]
    shown: dict[str, Any] = {"name": name, "title": card.title, "text": card.text}
    if card.kind == "ethos":
        shown["copies"] = card.copies
    return shown


_CARDS = {name: _shown_card(name) for name in OBJECTIVES}
"""Every objective card as the views show it, worked out at import (the
public Pathos cards are these very dicts, shared by the views: a view is
read, never changed)."""


_SHOWN: dict[tuple[str, tuple[str, bool, int], bool | None], dict[str, Any]] = {}
"""Each card as the views show it, per what its text follows (the table's
thresholds and Destruction: ``card_text``) and, for a seat's own Ethos
cards, whether it is met: made once and shared by the views (a view is
read, never changed). The keys are few (``card_text_key``'s thresholds,
Destruction and player count, times met), so the store stays small."""


def _card(state: dict, name: str, met: bool | None = None) -> dict[str, Any]:
    """A card as this game plays it: its text names the thresholds and the
    Destruction in force (``objectives.card_text``); ``met`` is added for a
    seat's own chosen cards."""
    key = (name, card_text_key(state), met)
    shown = _SHOWN.get(key)
    if shown is None:
        text = card_text(state, name)
        shown = _SHOWN[key] = (
            {**_CARDS[name], "text": text} if met is None else {**_CARDS[name], "text": text, "met": met}
        )
    return shown


class _MapParts:
    """The parts of the public view of one map worked out once per map
    instead of at every move: each area's entries before the state fills
    them in and its place in the list, the shape of each city's record as a
    new map makes it, the mines' names, and the map's header. Each view gets
    its own area and mine dicts; the header of one map is shared by its
    views (a view is read, never changed). The fixed parts (titles, hexes,
    ...) are not in the view (``view_fixed``)."""

    __slots__ = ("board", "blank", "place", "cities", "mines", "header")

    def __init__(self, board: Map):
        self.board = board  # kept, so its id is not reused while cached
        self.blank: dict[str, dict[str, Any]] = {
            name: {"name": name, "impassable": False, "home_of": None, "owner": None, "government": None}
            for name in board.areas
        }
        self.place = {name: i for i, name in enumerate(board.areas)}
        self.cities = {name: empty_record(area) for name, area in board.areas.items() if area.is_city}
        """Each city's record with nothing in it (as a new map makes it, and as
        ``view_fixed.empty_area`` shows it)."""
        self.mines = list(board.mines)
        self.header = {
            "name": board.name,
            "columns": board.size[0],
            "rows": board.size[1],
            "seating": list(board.seating),
        }


_MAP_PARTS: dict[int, _MapParts] = {}
"""``_MapParts`` per map (by identity)."""


def _map_parts(board: Map) -> _MapParts:
    return per_map(_MAP_PARTS, board, _MapParts)


def _areas(state: dict, parts: _MapParts, homes: dict[str, int]) -> list[dict[str, Any]]:
    """The areas with something in them or said of them (an owner, upgrades,
    units, impassable, a Home City), with all of it, in map order. An area
    left out is empty (``view_fixed.empty_area``): the view is read for the
    board, where most areas are empty most of the game."""
    place, cities, units = parts.place, state["cities"], state["units"]
    shown = {name for name in state["impassable"] if name in place}
    shown.update(name for name in homes if name in place)
    shown.update(name for name, here in units.items() if here and name in place)
    seen = 0
    for name, record in cities.items():
        blank = parts.cities.get(name)
        if blank is None:
            if name in place:
                shown.add(name)
            continue
        seen += 1
        if record != blank:  # an owner, a piece, a marker: one comparison (most cities are empty)
            shown.add(name)
    if seen < len(parts.cities):  # a map city without its record yet: shown as it is
        shown.update(name for name in parts.cities if name not in cities)
    impassable = state["impassable"]
    limits: dict[tuple[int, str], int] = {}  # a seat's Supply Limit per unit type, for every stack of the map
    areas: list[dict[str, Any]] = []
    for name in sorted(shown, key=place.__getitem__):
        view = {**parts.blank[name], "slots": [], "units": []}
        if name in impassable:
            view["impassable"] = True
        if name in homes:
            view["home_of"] = homes[name]
        here = units.get(name)
        if here:
            view["units"] = [
                {
                    "owner": stack["owner"],
                    "kind": stack["kind"],
                    "elite": stack["elite"],
                    "n": stack["n"],
                    "spent": _spent(state, stack, limits),
                }
                for stack in here
            ]
        record = cities.get(name)
        if record is not None:
            view["owner"] = record["owner"]
            slots = record["slots"]
            view["slots"] = [dict(piece) if piece else None for piece in slots] if any(slots) else [None] * len(slots)
            view["government"] = dict(record["government"]) if record["government"] else None
            if "oracle" in record:
                view["oracle"] = dict(record["oracle"]) if record["oracle"] else None
        areas.append(view)
    return areas


_LIMITS_NOT_NEGATIVE = all(unit.supply_limit >= 0 for unit in UNITS.values()) and all(
    a.params.get("value", 0) >= 0 for a in ADVANCEMENTS.values() if a.effect == "supply_limit"
)
"""Every Supply Limit is 0 (none) or more, so a stack not used this turn is never spent."""


def _spent(state: dict, stack: dict, limits: dict[tuple[int, str], int]) -> bool:
    """Whether a stack may not move again: pinned, or used up to its owner's
    Supply Limit (``limits`` keeps each limit worked out for this state)."""
    if pinned(stack):
        return True
    if not stack["used"] and _LIMITS_NOT_NEGATIVE:  # unused: within any limit, no need to work it out
        return False
    key = (stack["owner"], stack["kind"])
    limit = limits.get(key)
    if limit is None:
        limit = limits[key] = adv.supply_limit(state, *key)
    return bool(limit) and stack["used"] >= limit


def _player(state: dict, seat: int) -> dict[str, Any]:
    player = state["seats"][seat]
    pathos_done = [card for card in state["pathos"] if met(state, seat, card)]
    return {
        "seat": seat,
        "colour": seat_name(seat),
        "city": player["city"],
        "favor": player["favor"],
        "commerce": player["commerce"],
        "philosophers": player["philosophers"],
        "cubes": dict(player["cubes"]),
        "passed": player["passed"],
        "advancements": list(player["advancements"]),
        "deities": list(player["deities"]),
        "ethos_count": len(player["ethos"]),
        "ethos_kept": player["ethos_kept"],
        "pathos_done": pathos_done,
        "wonder_built": player["wonder_built"],
        "leaders_used": list(player["leaders_used"]),
        "leaders": _leaders(state, seat),
        "won": [{"name": c} for c in player["won"]],
        "deity_cards": spent_view(state, seat),
        "slain": sorted(c for c, s in state["slain"].items() if s == seat),
    }


def _leaders(state: dict, seat: int) -> list[str]:
    """The terrains the seat's Leadership advancements cover (``adv.has_leader``
    for land and sea, in one pass over its advancements)."""
    terrains = {leader.params.get("terrain") for leader in adv.with_effect(state, seat, "leader")}
    return [t for t in ("land", "sea") if t in terrains]


def public_view(state: dict, game: str) -> dict[str, Any]:
    with reading(state):  # objectives and Temples ask who owns which city many times
        return _public_view(state, game)


_SEAT_NAMES = {players: [seat_name(s) for s in range(players)] for players in range(1, 8)}
"""The seats' colours per player count (shared by the views)."""


def _public_view(state: dict, game: str) -> dict[str, Any]:
    parts = _map_parts(map_of(state))
    homes = {player["city"]: seat for seat, player in enumerate(state["seats"]) if player["city"]}
    mines = state["mines"]
    frame = current(state)
    waiting = [] if frame is None or state["phase"] == "over" else STEPS[frame["kind"]].seats(state, frame)
    view: dict[str, Any] = {
        "game": game,
        "players": state["players"],
        "seats": _SEAT_NAMES.get(state["players"]) or [seat_name(s) for s in range(state["players"])],
        "turn": state["turn"],
        "phase": state["phase"],
        "round": state["round"],
        "waiting": waiting,
        "doing": STEPS[frame["kind"]].title(state, frame) if frame else "",
        "favorite": state["favorite"],
        "direction": state["direction"],
        "order": list(state["order"]),
        "chaos": state["chaos"],
        "chaos_start": state["players"] + RULES["setup"]["chaos_above_players"],
        "pathos": [_card(state, c) for c in state["pathos"]],
        "ethos_deck": len(state["ethos_deck"]),
        "objectives_to_win": objectives_to_win(state),
        "rivals": list(state.get("rivals", [])),
        "map": parts.header,
        "areas": _areas(state, parts, homes),
        "mines": [
            {"name": name, "upgrade": dict(upgrade) if (upgrade := mines[name]) else None} for name in parts.mines
        ],
        "deities": DEITIES_SHOWN,  # every deity's name and title public: a seat's dealt ones are among them
        "players_info": [_player(state, s) for s in range(state["players"])],
        "combat": _combat(state),
        "movement": _movement(state),
        "offers": trade.offers_view(state),
        "drafts": trade.drafts_view(state),
        "events": _events(state),
        "bid": bid_view(state),
        "window": window_view(state),
        "creatures": [
            {"name": name, "area": state["creatures"][name], "slain_by": state["slain"].get(name)} for name in CREATURES
        ],
        "closed": sorted({e["target"] for e in state["turn_effects"] if e["kind"] == "closed"}),
        "log": [entry["text"] for entry in state["log"][-LOG_SHOWN:]],
        "ai": ai_view(state),  # the AI Board and the AI players' shared Ethos cards (None without AI)
        **map_hooks.public_view(state),  # built maps: the layout, map building, the tile stack
        "winners": list(state["winners"]),
        "reason": state["reason"],
        "notes": list(state["notes"]),
        "revealed": {seat: [_card(state, c) for c in cards] for seat, cards in state["revealed"].items()},
    }
    return view


def _combat(state: dict) -> dict[str, Any] | None:
    frame = next((f for f in reversed(state["stack"]) if f["kind"] == "combat" and f.get("entered")), None)
    if frame is None:
        return None
    return {
        "area": frame["area"],
        "attacker": frame["attacker"],
        "defender": frame["defender"],
        "round": frame["round"],
        "step": frame["step"],
        "last": frame["last"],
        "leaders": list(frame["leaders"]),
    }


def _movement(state: dict) -> dict[str, Any] | None:
    frame = next((f for f in reversed(state["stack"]) if f["kind"] == "move"), None)
    if frame is None:
        return None
    return {
        "seat": frame["seat"],
        "area": frame["area"],
        "assaults": assault_view(frame),
        "fought": list(frame["fought"]),
    }


def event_card(name: str) -> dict[str, Any]:
    card = EVENTS[name]
    return {
        "name": name,
        "title": card.title,
        "chaos": card.chaos,
        "flavor": card.flavor,
        "text": card.text,
        "reward": reward_text(name),
        "silence": card.effect == "silence",
    }


def _events(state: dict) -> dict[str, Any]:
    deck = state["events"]
    last = deck["last"]
    shown = None
    if last is not None:
        shown = {
            **event_card(last["card"]),
            "occurred": last["occurred"],
            "winner": last.get("winner"),
            "bids": dict(last["bids"]) if last.get("bids") else None,
            "cancelled": last.get("cancelled", False),
        }
    quiet = deck.get("quiet")  # the last card revealed that did not occur
    return {
        "deck": len(deck["upper"]) + len(deck["lower"]),
        "discard": len(deck["discard"]),
        "last": shown,
        "quiet": event_card(quiet) if quiet else None,
    }


def private_view(state: dict, seat: int) -> dict[str, Any]:
    """Only this seat's secrets: its Ethos cards, the hand it is choosing
    from, and the deities it was dealt at set-up."""
    with reading(state):
        return _private_view(state, seat)


def _private_view(state: dict, seat: int) -> dict[str, Any]:
    player = state["seats"][seat]
    done = set(completed(state, seat))
    return {
        "ethos": [_card(state, c, c in done) for c in player["ethos"]],
        "ethos_hand": [{"place": i + 1, **_card(state, c)} for i, c in enumerate(player["ethos_hand"])],
        "deity_hand": [{"name": d, "title": DEITIES[d].title} for d in player["deity_hand"]],
        "objectives_met": len(done),
        "bid": own_bid(state, seat),
        **map_hooks.private_view(state, seat),  # built maps: tiles in hand, tiles being explored
    }
