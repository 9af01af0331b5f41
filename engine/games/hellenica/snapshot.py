"""Loading a stored state: validate everything, raise only ``StateError``.

``dump`` is a deep copy (the state is plain JSON already); ``load`` checks the
shape, every name against the component data and the map, and that no Ethos
card was created or lost, before handing back a copy.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.core import Rng, StateError, clone, require
from engine.games.hellenica import deity_modes, pathos
from engine.games.hellenica.ai import setup as ai_setup
from engine.games.hellenica.board import get_map
from engine.games.hellenica.components import (
    ACTIONS,
    ADVANCEMENTS,
    CREATURES,
    DEITIES,
    DEITY_COPIES,
    EVENTS,
    GOVERNMENTS,
    INVOCATIONS,
    OBJECTIVES,
    UNITS,
    UPGRADES,
    ethos_deck,
    event_deck,
)
from engine.games.hellenica.events import held_cards
from engine.games.hellenica.maps import hooks as map_hooks
from engine.games.hellenica.state import UPGRADE_STATES
from engine.games.hellenica.steps import STEPS

PHASE_NAMES = ("setup", "ethos", "favorite", "actions", "invoke", "creatures", "conquest", "upkeep", "over")
TOP_KEYS = (
    "players",
    "options",
    "rng",
    "map",
    "turn",
    "phase",
    "phase_started",
    "stack",
    "next_id",
    "chaos",
    "favorite",
    "direction",
    "pathos",
    "ethos_deck",
    "deity_deck",
    "impassable",
    "seats",
    "cities",
    "mines",
    "units",
    "order",
    "cursor",
    "round",
    "log",
    "log_seq",
    "winners",
    "reason",
    "notes",
    "revealed",
    "events",
    "creatures",
    "slain",
    "turn_effects",
    "offers",
    "drafts",
    "reorder",
    "duel",
)
SEAT_KEYS = (
    "city",
    "favor",
    "commerce",
    "philosophers",
    "cubes",
    "advancements",
    "deities",
    "deity_hand",
    "ethos",
    "ethos_hand",
    "ethos_kept",
    "passed",
    "wonder_built",
    "leaders_used",
    "won",
    "invoked",
)


def load(data: Mapping[str, Any]) -> dict:
    try:
        state = clone(dict(data))
        _check(state)
        _probe(state)
        return state
    except StateError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OSError, RecursionError) as error:
        raise StateError(f"not a Hellenica state: {error!r}") from None


def _probe(state: dict) -> None:
    """The last check: what the table asks of a state first — who moves,
    their actions, every view, the outcome — must work. (The decision frames'
    own fields are many and kind-specific; a frame broken in a way the checks
    above miss fails here, as a ``StateError``, rather than later.)"""
    from engine.games.hellenica.game import GAME
    from engine.games.hellenica.views import private_view

    GAME.view(state, None)  # a seat's view is this one plus its private part
    for seat in range(state["players"]):
        GAME.legal(state, seat)
        private_view(state, seat)
    GAME.reaction_window(state)
    GAME.outcome(state)


def _int(value: Any, low: int = 0, high: int | None = None) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low and (high is None or value <= high)


def _check(state: dict) -> None:
    missing = [key for key in TOP_KEYS if key not in state]
    require(not missing, f"the state lacks {', '.join(missing)}")
    players = state["players"]
    require(_int(players, 2, 7), "players must be 2 to 7")
    require(isinstance(state["options"], dict), "options must be an object")
    require(state["options"].get("homes", "choose") in ("choose", "random"), "bad homes option")
    require(isinstance(state["options"].get("quick", False), bool), "bad quick option")
    # ``window_minutes`` was an option before the table's reaction windows; old games keep it, unused
    require(_int(state["options"].get("window_minutes", 3), 1, 1440), "bad window_minutes option")
    deity_modes.check_snapshot(state)  # advanced rules: All / Rival Deities
    pathos.check_snapshot(state)  # advanced rules: Random Pathos, Epic
    map_hooks.check_snapshot(state)  # built maps
    ai_setup.check_snapshot(state)  # the rulebook's AI players
    for key in ("pathos", "ethos_deck", "impassable", "order", "log", "winners", "notes", "offers"):
        require(isinstance(state[key], list), f"{key} must be a list")
    for key in ("deity_deck", "cities", "mines", "units", "revealed", "creatures", "slain", "drafts", "events"):
        require(isinstance(state[key], dict), f"{key} must be an object")
    Rng.from_json(state["rng"])
    require(isinstance(state["map"], str), "map must be a name")
    board = get_map(state)
    seats = range(players)
    require(_int(state["turn"], 1), "turn must be 1 or more")
    require(state["phase"] in PHASE_NAMES, "unknown phase")
    require(isinstance(state["phase_started"], bool), "phase_started must be true or false")
    require(state["favorite"] in seats, "the favorite must be a seat")
    require(state["direction"] in ("zeus", "hera"), "direction must be zeus or hera")
    require(
        all(isinstance(c, str) and c in OBJECTIVES and OBJECTIVES[c].kind == "pathos" for c in state["pathos"]),
        "unknown Pathos card",
    )
    require(
        isinstance(state["deity_deck"], dict)
        and set(state["deity_deck"]) == set(DEITIES)
        and all(_int(v, 0, DEITY_COPIES) for v in state["deity_deck"].values()),
        "bad deity deck",
    )
    require(all(a in board.areas for a in state["impassable"]), "unknown impassable area")
    require(isinstance(state["seats"], list) and len(state["seats"]) == players, "one seat record per player")
    for player in state["seats"]:
        _check_seat(player, map_hooks.known_homes(state, board.homes))
    _check_ethos(state)
    _check_cities(state, board, seats)
    _check_units(state, board, seats)
    _check_stack(state, seats)
    require(
        all(s in seats for s in state["order"]) and _int(state["cursor"], -1) and _int(state["round"]), "bad turn order"
    )
    require(
        all(isinstance(e, dict) and _int(e["n"]) and isinstance(e["text"], str) for e in state["log"])
        and _int(state["log_seq"]),
        "bad log",
    )
    require(
        all(s in seats for s in state["winners"])
        and isinstance(state["reason"], str)
        and all(isinstance(n, str) for n in state["notes"]),
        "bad result",
    )
    require(
        isinstance(state["revealed"], dict)
        and all(
            k.isdigit() and int(k) in seats and all(c in OBJECTIVES for c in v) for k, v in state["revealed"].items()
        ),
        "bad revealed cards",
    )
    require(_int(state["chaos"], 1, players + 1), "the chaos marker must be on the track (1 to players + 1)")
    _check_events(state)
    _check_part2(state, board, seats)


def _check_events(state: dict) -> None:
    deck = state["events"]
    require(
        isinstance(deck, dict)
        and all(isinstance(deck.get(k), list) for k in ("upper", "lower", "discard"))
        and _int(deck.get("reveals"))
        and "last" in deck,
        "bad World Event deck",
    )
    require(all(isinstance(c, str) for k in ("upper", "lower", "discard") for c in deck[k]), "bad World Event card")
    held = deck["upper"] + deck["lower"] + deck["discard"]
    held += [c for player in state["seats"] for c in player["won"]]
    held += held_cards(state)
    require(all(c in EVENTS for c in held), "unknown World Event card")
    require(Counter(held) == Counter(event_deck()), "World Event cards were created or lost")
    require(deck.get("quiet") is None or deck["quiet"] in EVENTS, "bad quiet World Event card")
    last = deck["last"]
    require(
        last is None
        or (
            isinstance(last, dict)
            and isinstance(last.get("card"), str)
            and last["card"] in EVENTS
            and isinstance(last.get("occurred"), bool)
        ),
        "bad last World Event",
    )
    if last is not None and last["occurred"]:
        bids = last.get("bids")
        require(last.get("winner") is None or last["winner"] in range(state["players"]), "bad World Event winner")
        require(
            bids is None
            or (
                isinstance(bids, dict)
                and all(k.isdigit() and int(k) < state["players"] and _int(v) for k, v in bids.items())
            ),
            "bad revealed bids",
        )


def _check_part2(state: dict, board: Any, seats: range) -> None:
    require(
        isinstance(state["creatures"], dict)
        and set(state["creatures"]) == set(CREATURES)
        and all(a is None or a in board.areas for a in state["creatures"].values()),
        "bad creatures",
    )
    placed = [a for a in state["creatures"].values() if a is not None]
    require(len(placed) == len(set(placed)), "two Creatures share an Area")
    require(
        isinstance(state["slain"], dict)
        and all(c in CREATURES and s in seats and state["creatures"][c] is None for c, s in state["slain"].items()),
        "bad slain creatures",
    )
    require(
        isinstance(state["turn_effects"], list)
        and all(
            isinstance(e, dict)
            and e.get("kind") in ("closed", "sanctuary", "calm")
            and isinstance(e.get("target"), str)
            for e in state["turn_effects"]
        ),
        "bad turn effects",
    )
    for offer, proposed in [(o, True) for o in state["offers"]] + [(d, False) for d in state["drafts"].values()]:
        require(
            isinstance(offer, dict)
            and offer.get("from") in seats
            and (not proposed or offer.get("to") in seats and offer["to"] != offer["from"])
            and all(
                isinstance(offer.get(side), dict) and _int(offer[side].get(g))
                for side in ("give", "ask")
                for g in ("commerce", "philosophers")
            ),
            "bad trade offer",
        )
    require(all(k.isdigit() and int(k) == d["from"] for k, d in state["drafts"].items()), "bad trade drafts")
    require(isinstance(state["reorder"], bool), "reorder must be true or false")
    require(state["duel"] is None or state["duel"] in seats, "bad duel marker")
    for player in state["seats"]:
        require(all(c in EVENTS for c in player["won"]), "unknown won World Event")
        require(all(i in INVOCATIONS for i in player["invoked"]), "unknown Invocation")
    alcibiades = sum(s["n"] for area in state["units"].values() for s in area if s["kind"] == "alcibiades")
    require(alcibiades <= 1, "there is only one Alcibiades")


def _check_seat(player: dict, homes: set[str]) -> None:
    require(isinstance(player, dict), "a seat must be an object")
    missing = [key for key in SEAT_KEYS if key not in player]
    require(not missing, f"a seat lacks {', '.join(missing)}")
    require(player["city"] is None or player["city"] in homes, "a seat's city must be a home city")
    require(all(_int(player[k]) for k in ("favor", "commerce", "philosophers")), "commodities must be 0 or more")
    require(
        isinstance(player["cubes"], dict)
        and set(player["cubes"]) == set(ACTIONS)
        and all(_int(v) for v in player["cubes"].values()),
        "bad action cubes",
    )
    require(all(a in ADVANCEMENTS for a in player["advancements"]), "unknown advancement")
    require(len(set(player["advancements"])) == len(player["advancements"]), "an advancement is owned twice")
    require(all(d in DEITIES for d in player["deities"] + player["deity_hand"]), "unknown deity")
    require(all(isinstance(player[k], bool) for k in ("ethos_kept", "passed", "wonder_built")), "bad flags")
    require(all(t in ("land", "sea") for t in player["leaders_used"]), "bad leader tokens")
    for key in ("advancements", "deities", "deity_hand", "ethos", "ethos_hand", "leaders_used", "won", "invoked"):
        require(
            isinstance(player[key], list) and all(isinstance(v, str) for v in player[key]),
            f"a seat's {key} must be a list of names",
        )


def _check_ethos(state: dict) -> None:
    held = list(state["ethos_deck"]) + [
        c
        for key in ("ethos", "ethos_hidden")  # and the AI players' shared cards
        for c in state.get("ai", {}).get(key, [])
    ]
    for player in state["seats"]:
        held += player["ethos"] + player["ethos_hand"]
    require(Counter(held) == Counter(ethos_deck()), "Ethos cards were created or lost")


def _check_piece(piece: Any, government: bool = False) -> None:
    if piece is None:
        return
    require(isinstance(piece, dict) and piece.get("state") in UPGRADE_STATES, "bad upgrade state")
    kinds = GOVERNMENTS if government else UPGRADES
    require(piece.get("type") in kinds, f"unknown {'government' if government else 'upgrade'} {piece.get('type')}")
    require("deity" not in piece or piece["deity"] in DEITIES, "unknown temple deity")


def _check_cities(state: dict, board: Any, seats: range) -> None:
    require(set(state["cities"]) == set(board.cities), "the cities do not match the map")
    for name, record in state["cities"].items():
        area = board.areas[name]
        require(record["owner"] is None or record["owner"] in seats, f"bad owner of {name}")
        require(
            isinstance(record["slots"], list) and len(record["slots"]) == area.settlements,
            f"{name} must have {area.settlements} settlements",
        )
        for piece in record["slots"]:
            _check_piece(piece)
        _check_piece(record["government"], government=True)
        require(("oracle" in record) == bool(area.free_temple), f"{name}'s Free Temple does not match the map")
        if "oracle" in record:
            _check_piece(record["oracle"])
            require(record["oracle"] is None or record["oracle"]["type"] == "temple", "the Free Temple holds a temple")
    require(set(state["mines"]) == set(board.mines), "the mines do not match the map")
    for piece in state["mines"].values():
        _check_piece(piece)


def _check_units(state: dict, board: Any, seats: range) -> None:
    require(isinstance(state["units"], dict), "units must be an object")
    for area, stacks in state["units"].items():
        require(area in board.areas and isinstance(stacks, list) and bool(stacks), f"bad units in {area}")
        for stack in stacks:
            require(
                stack["owner"] in seats
                and stack["kind"] in UNITS
                and isinstance(stack["elite"], bool)
                and isinstance(stack["moved"], bool)
                and _int(stack["used"])
                and _int(stack["n"], 1),
                f"bad unit stack in {area}",
            )


def _check_stack(state: dict, seats: range) -> None:
    require(isinstance(state["stack"], list), "the decision stack must be a list")
    ids = []
    for frame in state["stack"]:
        require(
            isinstance(frame, dict) and frame.get("kind") in STEPS and _int(frame.get("id"), 1),
            "unknown decision frame",
        )
        ids.append(frame["id"])
        if "seat" in frame:
            require(frame["seat"] in seats, "a decision frame names an unknown seat")
        if "waiting" in frame:
            require(all(s in seats for s in frame["waiting"]), "a decision frame waits for an unknown seat")
    require(len(set(ids)) == len(ids) and _int(state["next_id"], max(ids, default=0) + 1), "bad frame ids")
