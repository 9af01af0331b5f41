"""The Thera state: one JSON-like dict, its set-up and its accessors.

A dict rather than a class so that it is its own JSON form (``dump`` is a
copy, ``load`` in ``storage`` checks every field) and ``copy_state`` copies
it quickly for every action played.

Keys:

=================  ==========================================================
``players``        number of seats
``options``        the resolved lobby options
``rng``            the ``Rng`` state (an int): luxury draws, tile deals
``wheel``          the six roles clockwise; ``favor`` the tokens on each
``reserve``        favor tokens not yet on the wheel (the 13th, until placed)
``chosen_by``      per wheel slot, the seat that chose it last (or None)
``bag``            undrawn luxuries, sorted (draws are random, so no order)
``pool``           the luxury pool; ``discarded`` how many were thrown away
``removed``        luxuries taken out unseen before the game (game length)
``novelty``        per type, the marker's space on the novelty track
``industry``       unbuilt industry buildings left in the central pool
``mats``           per seat: ``buildings`` (id or None per location),
                   ``roads`` (0/1 per road), ``res`` (4 counts per location)
``drachma``, ``hands``, ``bonus``, ``divine``   per seat
``turn``           the current player (who chooses the role)
``step``           ``setup``, ``choose``, ``phase`` or ``over``
``setup``          advanced set-up in progress (see ``setup.py``) or None
``phase``          the phase in progress (see ``flow.py``) or None
``final_seat``     once the bag is empty: the seat whose turn ends the game
``last``           the last role choice, for the board
``last_move``      the last action played (``seat``, ``action``), for the board
``ply``            actions played so far
=================  ==========================================================
"""

from __future__ import annotations

from typing import Any

from engine.core import Rng
from engine.games.thera import options as game_options
from engine.games.thera.components import COMPONENTS, RESOURCES

State = dict[str, Any]

WATER, STONE, LUMBER, CLOTH = range(4)


def resource_index(name: str) -> int | None:
    """The index of a resource name, or None."""
    try:
        return RESOURCES.index(name)
    except ValueError:
        return None


def new_state(players: int, options: dict[str, Any], seed: int) -> State:
    """A game ready for its first action (the advanced set-up or the first
    role choice)."""
    c = COMPONENTS
    rng = Rng(seed)
    wheel = game_options.wheel_order(options, rng)
    removed = game_options.discard_count(options, players)
    divine = game_options.divine_tokens(options, players)
    bag = sorted(lux for lux in c.luxuries for _ in range(c.luxury_copies))
    for _ in range(removed):
        bag.pop(rng.below(len(bag)))
    state: State = {
        "players": players,
        "options": dict(options),
        "rng": 0,
        "wheel": wheel,
        "favor": [c.starting_favor] * len(wheel),
        "reserve": c.favor_tokens - c.starting_favor * len(wheel),
        "chosen_by": [None] * len(wheel),
        "bag": bag,
        "pool": [],
        "discarded": 0,
        "removed": removed,
        "novelty": {kind: 0 for kind in c.types},
        "industry": {
            i.id: i.copies for i in c.industry.values() if i.buildable and (options["advanced"] or not i.advanced)
        },
        "mats": [new_mat() for _ in range(players)],
        "drachma": [0] * players,
        "hands": [[] for _ in range(players)],
        "bonus": [0] * players,
        "divine": divine,
        "turn": 0,
        "step": "choose",
        "setup": None,
        "phase": None,
        "final_seat": None,
        "last": None,
        "last_move": None,
        "ply": 0,
    }
    state["rng"] = rng.to_json()
    # Ours: the pool starts full, as after a Priest, so the first Noble has picks.
    state["pool"] = draw(state, pool_size(state))
    if not options["advanced"]:
        for seat in range(players):
            state["drachma"][seat] = c.start_drachma
            for location, counts in c.start_resources.items():
                add(state, seat, location, counts)
    return state


def new_mat() -> dict[str, Any]:
    """An island as printed: the Port and the Small Quarry, no roads, no resources."""
    mat = COMPONENTS.mat
    buildings: list[str | None] = [None] * len(mat)
    buildings[mat.port] = "port"
    buildings[mat.small_quarry] = "small-quarry"
    return {"buildings": buildings, "roads": [0] * len(mat.roads), "res": [[0, 0, 0, 0] for _ in range(len(mat))]}


# -- the luxury bag -------------------------------------------------------------


def pool_size(state: State) -> int:
    """ "one tile for every player in the game, plus one"."""
    return state["players"] + int(COMPONENTS.role("priest")["pool_extra"])


def draw(state: State, count: int) -> list[str]:
    """Draw up to ``count`` luxuries at random from the bag. Drawing the last
    one starts the final round: "every player except the current player gets
    to take one more turn"."""
    rng = Rng.from_json(state["rng"])
    bag = state["bag"]
    drawn = [bag.pop(rng.below(len(bag))) for _ in range(min(count, len(bag)))]
    state["rng"] = rng.to_json()
    if drawn and not bag and state["final_seat"] is None:
        state["final_seat"] = (state["turn"] - 1) % state["players"]
    return drawn


# -- islands ------------------------------------------------------------------------


def resources_at(state: State, seat: int, location: int) -> list[int]:
    return state["mats"][seat]["res"][location]


def add(state: State, seat: int, location: int, counts: tuple[int, ...] | list[int]) -> None:
    """Put resources on a location."""
    here = state["mats"][seat]["res"][location]
    for i, n in enumerate(counts):
        here[i] += n


def has(state: State, seat: int, location: int, counts: tuple[int, ...] | list[int]) -> bool:
    """Whether at least ``counts`` lie on the location."""
    here = state["mats"][seat]["res"][location]
    return all(have >= need for have, need in zip(here, counts))


def remove(state: State, seat: int, location: int, counts: tuple[int, ...] | list[int]) -> None:
    """Take resources off a location (the caller checked ``has``).

    Resources are only ever removed by a seat's own normal or favored steps,
    and those end any moves left over from Divine Intervention (see
    ``movement``), so no resource with moves left can vanish here."""
    here = state["mats"][seat]["res"][location]
    for i, n in enumerate(counts):
        assert here[i] >= n, "removing resources that are not there"
        here[i] -= n


def building_at(state: State, seat: int, location: int) -> str | None:
    return state["mats"][seat]["buildings"][location]


def locations_with(state: State, seat: int, building: str) -> list[int]:
    """Locations holding that building."""
    return [i for i, b in enumerate(state["mats"][seat]["buildings"]) if b == building]


def locations_with_effect(state: State, seat: int, effect: str) -> list[int]:
    """Locations holding an industry building with that effect."""
    industry = COMPONENTS.industry
    return [i for i, b in enumerate(state["mats"][seat]["buildings"]) if b in industry and industry[b].effect == effect]


def built_roads(state: State, seat: int) -> list[int]:
    return state["mats"][seat]["roads"]


def total_resources(state: State, seat: int) -> int:
    """All resources on the seat's island."""
    return sum(sum(here) for here in state["mats"][seat]["res"])


def seat_order(state: State, first: int) -> list[int]:
    """Seats clockwise starting from ``first`` ("followed by the player to
    your left, and so on clockwise around the table")."""
    n = state["players"]
    return [(first + k) % n for k in range(n)]


def copy_state(state: State) -> State:
    """A deep copy, written out for this state's shape: several times faster
    than a generic tree copy, and ``play`` makes one per action."""
    new = dict(state)
    new["options"] = dict(state["options"])
    for key in ("wheel", "favor", "chosen_by", "bag", "pool", "drachma", "bonus", "divine"):
        new[key] = list(state[key])
    new["novelty"] = dict(state["novelty"])
    new["industry"] = dict(state["industry"])
    new["mats"] = [
        {"buildings": list(mat["buildings"]), "roads": list(mat["roads"]), "res": [list(here) for here in mat["res"]]}
        for mat in state["mats"]
    ]
    new["hands"] = [list(hand) for hand in state["hands"]]
    new["last"] = dict(state["last"]) if state["last"] is not None else None
    new["last_move"] = dict(state["last_move"]) if state.get("last_move") is not None else None
    setup = state["setup"]
    if setup is not None:
        new["setup"] = {
            key: ([list(v) for v in value] if key != "done" else list(value)) for key, value in setup.items()
        }
    phase = state["phase"]
    if phase is not None:
        copied = dict(phase)
        for key in ("order", "done", "acted", "extra"):
            copied[key] = list(phase[key])
        copied["built"] = [list(entry) for entry in phase["built"]]
        copied["allow"] = [dict(allow) for allow in phase["allow"]]
        copied["credits"] = [{key: list(units) for key, units in credits.items()} for credits in phase["credits"]]
        new["phase"] = copied
    return new
