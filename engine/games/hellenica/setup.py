"""Set-up: the fresh state, home cities, the deity deal and patron choice,
starting pieces, and the areas closed in games of fewer than seven.

- "Place any Action Cube ... on the Chaos Track space corresponding to the
  number of Players in the game +1."  The World Event deck: see ``events``.
- "Find the Destruction, Empire, and Sea Power Pathos Objective cards and
  place them face-up."  "Shuffle the Ethos Objective cards."
- "Each Player randomly selects a Player Board" (one per city-state); "If
  there are fewer than 7 players in the game, each player should select a
  Home City that is within 3 or 4 Areas of as many other players' Home Cities
  as possible."
- "Each Player places one of their colored Action Cubes on the first Train,
  Research, Worship, and Supply spaces ... and one natural wood Action Cube on
  the first Build space."  "Each Player takes 3 Favor tokens."
- "Randomly determine the starting Favorite of the Gods ... Zeus side up."
- "Shuffle the Deity Cards and randomly deal each Player 3 Deities, replacing
  all duplicates. Each Player selects one deity to be the patron of their
  first temple."  "Place all Deity Cards not selected ... back into the
  common deck."
- "Each Player places an Academy, Market, and Temple ... on any Settlements on
  their Home City Area", "one Hoplite and one Trireme on their Home City",
  "a Tyranny Government Marker".
- "Any Land or Sea Areas more than 2 Areas away from any player's Home City
  are impassible."
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import AI_SEATS, IllegalAction, Rng
from engine.games.hellenica import components as data
from engine.games.hellenica import deity_modes, pathos
from engine.games.hellenica.ai import setup as ai_setup
from engine.games.hellenica.board import Map, preset
from engine.games.hellenica.events import new_deck
from engine.games.hellenica.maps import hooks as map_hooks
from engine.games.hellenica.state import (
    ACTIVE,
    add_units,
    log,
    map_of,
    new_upgrade,
    own,
    own_city,
    rng_of,
    seat_name,
    store_rng,
)
from engine.games.hellenica.steps import Step, done_waiting, finish, push, register

SETUP = data.RULES["setup"]


def new_state(players: int, options: dict[str, Any], seed: int) -> dict:
    """The state before anyone has chosen anything."""
    rng = Rng(seed)
    board = preset("classic")
    state: dict[str, Any] = {
        "players": players,
        "options": dict(options),
        "rng": 0,
        "map": board.name,
        "turn": 1,
        "phase": "setup",
        "phase_started": False,
        "stack": [],
        "next_id": 1,
        "chaos": players + SETUP["chaos_above_players"],
        "favorite": rng.below(players),
        "direction": "zeus",
        "pathos": list(data.STANDARD_PATHOS),
        "ethos_deck": data.ethos_deck(),
        "deity_deck": {deity: data.DEITY_COPIES for deity in data.DEITIES},
        "impassable": [],
        "seats": [_new_seat() for _ in range(players)],
        "cities": {name: _new_city(board.areas[name]) for name in board.cities},
        "mines": {name: None for name in board.mines},
        "units": {},
        "order": [],
        "cursor": -1,
        "round": 0,
        "log": [],
        "log_seq": 0,
        "winners": [],
        "reason": "",
        "notes": [],
        "revealed": {},
        "events": new_deck(rng),
        "creatures": {name: None for name in data.CREATURES},
        "slain": {},
        "turn_effects": [],
        "offers": [],
        "drafts": {},
        "reorder": False,
        "duel": None,
    }
    state["ai_seats"] = ai_setup.checked_seats(players, options.get(AI_SEATS))  # the rulebook's AI players
    state["ai"] = ai_setup.new_records(state["ai_seats"])
    state["rng"] = rng.to_json()
    return state


def _new_seat() -> dict[str, Any]:
    return {
        "city": None,
        "favor": SETUP["favor"],
        "commerce": 0,
        "philosophers": 0,
        "cubes": {action: 0 for action in data.ACTIONS},
        "advancements": [],
        "deities": [],
        "deity_hand": [],
        "ethos": [],
        "ethos_hand": [],
        "ethos_kept": False,
        "passed": False,
        "wonder_built": False,
        "leaders_used": [],
        "won": [],
        "invoked": [],
    }


def _new_city(area: Any) -> dict[str, Any]:
    city: dict[str, Any] = {"owner": None, "slots": [None] * area.settlements, "government": None}
    if area.free_temple:
        city["oracle"] = None
    return city


# ---------------------------------------------------------------------------
# The set-up phase


def run_setup(state: dict, first: bool) -> bool:
    """First call: homes (chosen or random) and the deity deal; second call,
    once every choice is made: the starting pieces."""
    if first:
        _deal_deities(state)
        deity_modes.prepare(state)  # advanced rules: All Deities, Rival Deities
        pathos.prepare(state)  # advanced rule: Random Pathos objectives
        people = ai_setup.patron_choosers(state)  # AI players build no Temple, so choose no patron
        if people:
            push(state, "patron", waiting=people)
        map_hooks.push_building(state)  # built maps: after the homes, before the patrons
        if _homes_are_chosen(state):
            order = [(state["favorite"] + k) % state["players"] for k in range(state["players"])]
            # "The player(s) decide which City-State(s) they wish to play": AI players take theirs after
            order = [s for s in order if s not in state["ai_seats"]] + [s for s in order if s in state["ai_seats"]]
            for seat in reversed(order):
                push(state, "home", seat=seat)
        else:
            _random_homes(state)
        return False
    _place_starting_pieces(state)
    ai_setup.place_ai_pieces(state)  # AI players: their own pieces and the shared Ethos cards
    return True


def _homes_are_chosen(state: dict) -> bool:
    return state["options"].get("homes") == "choose" and state["players"] < len(map_of(state).homes)


def home_choices(state: dict) -> list[str]:
    """The free home cities within 3 or 4 areas of as many already chosen
    home cities as possible (every free one for the first choice)."""
    return allowed_homes(map_of(state), [seat["city"] for seat in state["seats"] if seat["city"]])


def allowed_homes(board: Map, taken: Sequence[str]) -> list[str]:
    """``home_choices`` once the homes ``taken`` are chosen."""
    free = [home for home in board.homes if home not in taken]
    low, high = SETUP["home_spacing"]

    def score(home: str) -> int:
        distance = home_distances(board, home)
        return sum(1 for other in taken if low <= distance.get(other, 99) <= high)

    best = max((score(h) for h in free), default=0)
    return [h for h in free if score(h) == best]


_DISTANCES: dict[int, tuple[Map, dict[str, dict[str, int]]]] = {}
"""Per map (by identity; the map is kept so its id is not reused): each home
city's distances to every area, worked out once instead of at every
``legal`` and ``play`` of the home choices. Read, never changed."""


def home_distances(board: Map, home: str) -> dict[str, int]:
    """A Home City's distances to every area, from the cache (read, never change them)."""
    cached = _DISTANCES.get(id(board))
    if cached is None or cached[0] is not board:
        if len(_DISTANCES) > 64:  # built maps are many: keep the cache small
            _DISTANCES.clear()
        cached = _DISTANCES[id(board)] = (board, {})
    known = cached[1]
    if home not in known:
        known[home] = board.distances(home)
    return known[home]


def _random_homes(state: dict) -> None:
    """Random boards, following the spacing rule when not all seven play."""
    rng = rng_of(state)
    order = rng.shuffled(range(state["players"]))
    for seat in order:
        state["seats"][seat]["city"] = rng.choice(home_choices(state))
    store_rng(state, rng)
    for seat in range(state["players"]):
        log(state, f"{seat_name(seat)} plays {map_of(state).title(state['seats'][seat]['city'])}.")


def _deal_deities(state: dict) -> None:
    rng = rng_of(state)
    deck = rng.shuffled([deity for deity, left in state["deity_deck"].items() for _ in range(left)])
    for seat in state["seats"]:
        hand: list[str] = []
        set_aside: list[str] = []
        while len(hand) < SETUP["deities_dealt"]:
            card = deck.pop()
            (set_aside if card in hand else hand).append(card)
        deck.extend(set_aside)
        seat["deity_hand"] = sorted(hand)
    store_rng(state, rng)


def _place_starting_pieces(state: dict) -> None:
    board = map_of(state)
    for index, seat in enumerate(state["seats"]):
        home = seat["city"]
        city = own_city(state, home)
        city["owner"] = index
        for slot, kind in enumerate(SETUP["home_upgrades"]):
            deity = seat["deities"][0] if data.UPGRADES[kind].needs_deity and seat["deities"] else None
            city["slots"][slot] = new_upgrade(kind, ACTIVE, deity)
        city["government"] = new_upgrade(SETUP["government"], ACTIVE)
        for kind in SETUP["home_units"]:
            add_units(state, home, index, kind, 1)
        seat["cubes"] = dict(SETUP["cubes"])
    homes = [seat["city"] for seat in state["seats"]]
    if len(homes) < len(preset("classic").homes):  # a built map holds only the homes in play
        near: set[str] = set()
        for home in homes:
            near.update(a for a, d in board.distances(home).items() if d <= SETUP["impassable_beyond"])
        state["impassable"] = [a for a in board.areas if a not in near]
        if state["impassable"]:
            log(
                state,
                f"{len(state['impassable'])} areas more than {SETUP['impassable_beyond']} areas "
                f"from every home city are impassable.",
            )


# ---------------------------------------------------------------------------
# Decisions


@register
class HomeStep(Step):
    """``home <city>``: choose a Home City (games of fewer than seven)."""

    kind = "home"

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        return [f"home {city}" for city in home_choices(state)]

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        words = action.split()
        if len(words) != 2 or words[0] != "home":
            raise self.refuse(state, frame, seat, action)
        choices = home_choices(state)
        city = words[1]
        if city not in map_of(state).homes:
            raise IllegalAction(f"`{city}` is not a city-state. Choose one of: {', '.join(choices)}.")
        if any(s["city"] == city for s in state["seats"]):
            raise IllegalAction(f"{map_of(state).title(city)} is taken. Choose one of: {', '.join(choices)}.")
        if city not in choices:
            raise IllegalAction(
                f"Choose a Home City within 3 or 4 areas of as many other players' home "
                f"cities as possible: {', '.join(choices)}."
            )
        state["seats"][seat]["city"] = city
        log(state, f"{seat_name(seat)} chooses {map_of(state).title(city)} as Home City.")
        finish(state, frame)

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        return f"{map_of(state).title(action.split()[1])} as your Home City"

    def title(self, state: dict, frame: dict) -> str:
        return "choosing a Home City"


@register
class PatronStep(Step):
    """``patron <deity>``: choose the patron of the first temple from the three
    dealt (everyone at once)."""

    kind = "patron"

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        if seat not in frame["waiting"]:
            return []
        return [f"patron {deity}" for deity in state["seats"][seat]["deity_hand"]]

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        words = action.split()
        if len(words) != 2 or words[0] != "patron":
            raise self.refuse(state, frame, seat, action)
        hand = state["seats"][seat]["deity_hand"]
        if words[1] not in hand:
            raise IllegalAction(
                f"You were dealt {', '.join(data.DEITIES[d].title for d in hand)}; choose your patron from those."
            )
        player = state["seats"][seat]
        player["deities"] = [words[1]]
        player["deity_hand"] = []
        own(state, "deity_deck")[words[1]] -= 1
        log(state, f"{seat_name(seat)} dedicates the first temple to {data.DEITIES[words[1]].title}.")
        done_waiting(state, frame, seat)

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        return f"{data.DEITIES[action.split()[1]].title} as patron of your first temple"

    def title(self, state: dict, frame: dict) -> str:
        return "choosing patron deities"
