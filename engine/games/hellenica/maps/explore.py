"""The Explorable Map: Empty Areas revealed by the units that enter them.

- Set-up: "Each player takes their home city tile ... places their Home City
  ... Shuffle the remaining tiles and place them in a face down pile"
  (``building`` places the homes; home tiles nobody plays stay in the box).
- "Empty Areas on the map are considered land Areas for all purposes ... The
  edges of all Empty Areas are clearings. Empty island Areas are still
  considered islands." (``assemble``) "Triremes are not allowed to explore
  Empty Areas. Players may move land units onto Empty Areas. Empty Areas are
  only enterable via a clearing or via Sea Transport (Exception: Leadership
  Advancement)."
- "Once a player has moved all of their units, Empty Areas containing land
  units are explored. The player may choose the order ... For each explored
  Area, the player selects 2 Tiles from the top of the stack and secretly
  looks at them. The player places one of the Tiles on the Empty Area and
  places the other face down on the bottom of the Tile stack ... Players may
  rotate the placed Tile to any orientation they wish, but the side through
  which unit(s) entered must be a clearing." Rules G, H, J and K apply.
- "The player may place either Tile, but must place one of them, if legal.
  If neither Tile is legal to place, discard them both face down next to the
  Tile stack and select 2 more Tiles. Repeat ... Once a Tile is placed, place
  the Tile stack on top of the discard stack to form a single new Tile stack."
- "If the player goes through the entire stack of Tiles without finding a
  legal placement, then the Empty Area is considered a unique Sea Area for
  the rest of the game ... Return the occupying Land Units to their original
  pre-movement Area and use the discard stack as the new Tile stack."
- "Mythological Creatures may be placed on Empty Areas. If a player explores
  an empty area containing a Mythological Creature, the placed Tile must match
  the type of area that the Mythological Creature inhabits."
- "If the Eruption event card is triggered and no Volcanoes have been
  revealed, then ignore the card completely and draw another."
- "Hermes invocation, Alliance, may be cast on an Empty Area. In effect, this
  generates a free exploration where the only legal placement is a City. If
  neither of the 2 Tiles the player selected for exploration are a City, they
  discard them and select 2 more tiles until a City is picked. If the player
  casting Alliance draws at least 1 City Tile, but it does not have a legal
  placement on the area, then the Alliance is a failure and the Invocation
  and Favor is lost without placing a Tile."
- AI players: "treat all Empty Areas as if it is a City Area with 3
  settlements" for Most Settlements (``ai.movement``); "When selecting a Tile
  to place, the AI follows the same rules as exploration for human players.
  The AI will always place a Tile that is listed on a Pathos objective card
  ... The AI will always place the Tile with the most Settlements/Free
  Temples on it that can be legally placed. In a tie, select a Tile randomly.
  Place the Tile with the name of the Tile at the top. If the Tile in that
  orientation is a legal placement, place it. Otherwise, rotate it clock-wise
  until it is legal to play."

Units enter Empty Areas by Movement and by withdrawing from a combat; the
rule is the same either way: a defender that withdraws into an Empty Area
explores it as soon as it is there (``after_retreat``), and if no tile fits,
its units return to the combat's Area only if no enemy stands there (else
they are lost: they have nowhere to go back to).

``state["explore"]`` holds the Tile stack (top first) and the discard pile;
their order is secret, the views show counts. Readings: a Creature on an
Empty Area that becomes a Sea Area goes back to the pool; a Sea Area of the
Explorable Map counts as an Area of the map from then on (Sea Power counts
it).

Notation: ``explore <area>`` picks which Empty Area to explore next (when
several were entered); ``place <tile> <turns>`` lays one of the two tiles
drawn, turned clockwise from its printed orientation.
"""

from __future__ import annotations

from typing import Any

from engine.core import IllegalAction
from engine.games.hellenica.components import CREATURES, EVENTS, OBJECTIVES
from engine.games.hellenica.maps.assemble import EXPLORABLE, location_of_empty, open_sea_names, place_tile
from engine.games.hellenica.maps.placement import SEA, refusal
from engine.games.hellenica.maps.tiles import board, land_tiles, tiles
from engine.games.hellenica.notation import listing
from engine.games.hellenica.state import (
    log,
    map_of,
    own_city,
    put_stacks,
    rng_of,
    seat_name,
    stacks,
    store_rng,
    take_units,
)
from engine.games.hellenica.steps import Step, finish, push, register

DRAW = 2
"""Tiles drawn for each exploration ("selects 2 Tiles from the top of the stack")."""
ERUPTION = "eruption"


def explorable(state: dict) -> bool:
    return state["map"] == EXPLORABLE


def start(state: dict) -> None:
    """The face-down Tile stack of the remaining (non-home, non-sea) tiles."""
    rng = rng_of(state)
    state["explore"] = {"stack": rng.shuffled(land_tiles()), "discard": []}
    store_rng(state, rng)
    log(state, f"The map will be explored: {len(state['explore']['stack'])} tiles wait face down.")


def is_empty(state: dict, area: str) -> bool:
    return explorable(state) and map_of(state).areas[area].empty


# ---------------------------------------------------------------------------
# Hooks of movement, World Events, Creatures and Invocations


def trireme_may_enter(state: dict, area: str) -> bool:
    """ "Triremes are not allowed to explore Empty Areas.\""""
    return not is_empty(state, area)


def note_entry(state: dict, frame: dict, dest: str, route: list[str]) -> None:
    """Remember by which side units entered an Empty Area: from the last
    Sea Area of their Sea Transport, or the sea a Hero stepped ashore from (a
    side onto a land tile must match it anyway, by rule G)."""
    if not is_empty(state, dest):
        return
    entries = frame.setdefault("explore", {}).setdefault(dest, [])
    sea = route[-1] if route else frame["area"] if map_of(state).areas[frame["area"]].is_sea else None
    node = board_node(state, sea) if sea is not None else None
    if node is not None and node not in entries:
        entries.append(node)


def board_node(state: dict, sea: str) -> str:
    """The calm side's name for a Sea Area: its printed code, or the location
    of a sea that arose during play."""
    cell = map_of(state).areas[sea].hexes[0]
    plan = board()
    printed = next((code for code, cells in plan.seas.items() if cell in cells), None)
    return printed or next(loc for loc, at in plan.locations.items() if at == cell)


def after_movement(state: dict, frame: dict, seat: int) -> None:
    """ "Once a player has moved all of their units, Empty Areas containing
    land units are explored" (pushed above the World Event, which follows)."""
    pending = [
        area
        for area in frame.get("explore", {})
        if area in map_of(state).areas
        and is_empty(state, area)
        and any(s["owner"] == seat for s in stacks(state, area))
    ]
    if pending:
        push(
            state,
            "explore",
            seat=seat,
            pending=pending,
            entries={a: frame["explore"][a] for a in pending},
            origin=frame["area"],
            area=None,
            drawn=[],
            city_only=False,
            alliance=False,
        )


def after_retreat(state: dict, seat: int, origin: str, dest: str) -> None:
    """Units that withdraw into an Empty Area explore it at once: they entered
    it, and "Empty Areas containing land units are explored" once their owner
    has moved them. They entered by the side they share with the combat's
    Area, or, by Sea Transport, from a Sea Area of the chain next to it (the
    first on the map)."""
    if not is_empty(state, dest) or not any(s["owner"] == seat for s in stacks(state, dest)):
        return
    board_map = map_of(state)
    entries: list[str] = []
    if dest not in board_map.neighbours(origin):
        sea = next(
            (
                a
                for a in board_map.neighbours(dest)
                if board_map.areas[a].is_sea
                and any(s["owner"] == seat and s["kind"] == "trireme" for s in stacks(state, a))
            ),
            None,
        )
        if sea is not None:
            entries.append(board_node(state, sea))
    push(
        state,
        "explore",
        seat=seat,
        pending=[dest],
        entries={dest: entries},
        origin=origin,
        area=None,
        drawn=[],
        city_only=False,
        alliance=False,
    )


def skip_eruption(state: dict, card: str) -> bool:
    """The Eruption is ignored while no Volcano has been revealed."""
    return (
        explorable(state)
        and EVENTS[card].effect == ERUPTION
        and not any(area.volcano for area in map_of(state).areas.values())
    )


def creature_may_wait(state: dict, area: str, place: str) -> bool:
    """Land Creatures may wait on Empty Areas (an island one on an island)."""
    if not is_empty(state, area):
        return False
    return place in ("city", "wild") or (place == "island" and map_of(state).areas[area].island)


def alliance_targets(state: dict, seat: int) -> list[str]:
    """Empty Areas next to the caster's units or cities (Alliance)."""
    if not explorable(state):
        return []
    from engine.games.hellenica.state import owned_cities

    board_map = map_of(state)
    mine = {a for a in board_map.areas if any(s["owner"] == seat for s in stacks(state, a))}
    mine |= set(owned_cities(state, seat))
    return [
        a
        for a, area in board_map.areas.items()
        if area.empty and a not in state["impassable"] and any(n in mine for n in board_map.neighbours(a))
    ]


def cast_alliance(state: dict, seat: int, area: str) -> None:
    """Alliance on an Empty Area: a free exploration for a City tile."""
    push(
        state,
        "explore",
        seat=seat,
        pending=[area],
        entries={area: []},
        origin=None,
        area=None,
        drawn=[],
        city_only=True,
        alliance=True,
    )


# ---------------------------------------------------------------------------
# Drawing and placing


def _location(area: str) -> str:
    location = location_of_empty(area)
    if location is None:
        raise ValueError(f"{area} is not an Empty Area")
    return location


def _creature_kind(state: dict, area: str) -> str | None:
    name = next((c for c, where in state["creatures"].items() if where == area), None)
    return None if name is None else CREATURES[name].place


def tile_refusal(state: dict, frame: dict, tile: str, turns: int) -> str | None:
    """Why a drawn tile may not lie on the explored area so."""
    area = frame["area"]
    piece = tiles()[tile]
    if frame["city_only"] and not piece.is_city:
        return f"Alliance places only a City tile, and {piece.title} is none."
    place = _creature_kind(state, area)
    if place == "city" and not piece.is_city:
        return f"The Creature here dwells in a City: only a City tile may be placed, and {piece.title} is none."
    if place == "wild" and piece.is_city:
        return f"The Creature here dwells in a non-City Area: {piece.title} is a City."
    return refusal(state["tiles"], tile, _location(area), turns, entries=frame["entries"].get(area, []))


def options(state: dict, frame: dict) -> list[tuple[str, int]]:
    from engine.games.hellenica.maps.building import distinct_turns

    return [
        (tile, turns)
        for tile in frame["drawn"]
        for turns in distinct_turns(tile)
        if tile_refusal(state, frame, tile, turns) is None
    ]


def _draw(state: dict, frame: dict) -> None:
    """Draw pairs until one holds a legal tile, or the stack runs out."""
    pile = state["explore"]
    while True:
        frame["drawn"] = [pile["stack"].pop(0) for _ in range(min(DRAW, len(pile["stack"])))]
        if not frame["drawn"]:
            _fail(state, frame)
            return
        cities = [t for t in frame["drawn"] if tiles()[t].is_city]
        if frame["city_only"] and cities and not options(state, frame):
            _fail(state, frame)  # "at least 1 City Tile, but it does not have a legal placement"
            return
        if options(state, frame):
            return
        pile["discard"].extend(frame["drawn"])


def _fail(state: dict, frame: dict) -> None:
    pile = state["explore"]
    area = frame["area"]
    board_map = map_of(state)
    seat = frame["seat"]
    if frame["alliance"]:
        pile["discard"].extend(frame["drawn"])
        pile["stack"], pile["discard"] = pile["stack"] + pile["discard"], []
        log(state, f"{seat_name(seat)}'s Alliance fails: no City tile can be placed on {board_map.title(area)}.")
        _next_area(state, frame)
        return
    pile["stack"], pile["discard"] = pile["discard"], []
    origin = frame["origin"]
    moved = [s for s in stacks(state, area) if s["owner"] == seat]
    # Units that withdrew here cannot go back among the enemy they fled: lost.
    home = origin if origin is not None and not any(s["owner"] != seat for s in stacks(state, origin)) else None
    for stack in moved:
        taken = take_units(state, area, seat, stack["kind"], stack["elite"], stack["n"])
        if home is not None:
            put_stacks(state, home, taken)
    location = _location(area)
    place_tile(state, location, SEA, 0)
    sea_name = open_sea_names(state["tiles"], EXPLORABLE)[location][0]
    creature = next((c for c, where in state["creatures"].items() if where == area), None)
    if creature is not None:
        state["creatures"][creature] = None
    rename_area(state, area, sea_name)
    _sync(state)
    back = f"return to {map_of(state).title(home)}" if home is not None else "have nowhere to return to and are lost"
    log(
        state,
        f"No tile fits {location.upper()}: it becomes a Sea Area, {map_of(state).title(sea_name)}; "
        f"{seat_name(seat)}'s units {back}"
        + (f" and the {CREATURES[creature].title} returns to the pool." if creature else "."),
    )
    _next_area(state, frame)


def place(state: dict, frame: dict, tile: str, turns: int) -> None:
    pile = state["explore"]
    area = frame["area"]
    seat = frame["seat"]
    location = _location(area)
    others = [t for t in frame["drawn"] if t != tile]
    pile["stack"] = pile["stack"] + others + pile["discard"]
    pile["discard"] = []
    place_tile(state, location, tile, turns)
    rename_area(state, area, tile)
    _sync(state)
    if frame["alliance"]:
        own_city(state, tile)["owner"] = seat
    title = tiles()[tile].title
    log(
        state,
        f"{seat_name(seat)} explores {location.upper()} and finds {title}"
        f"{f' (turned {turns})' if turns else ''}"
        + (f": it joins {seat_name(seat)} (Alliance)." if frame["alliance"] else "."),
    )
    _next_area(state, frame)


def _next_area(state: dict, frame: dict) -> None:
    frame["pending"] = [a for a in frame["pending"] if a != frame["area"]]
    frame["area"], frame["drawn"] = None, []
    _choose_if_single(state, frame)


def _choose_if_single(state: dict, frame: dict) -> None:
    if not frame["pending"]:
        finish(state, frame)
    elif len(frame["pending"]) == 1:
        select(state, frame, frame["pending"][0])


def select(state: dict, frame: dict, area: str) -> None:
    frame["area"] = area
    _draw(state, frame)


def _sync(state: dict) -> None:
    from engine.games.hellenica.maps.building import sync_places

    sync_places(state)


def rename_area(state: dict, old: str, new: str) -> None:
    """An Empty Area takes its tile's (or its sea's) name everywhere it is named."""
    if old in state["units"]:
        state["units"][new] = state["units"].pop(old)
    state["creatures"] = {c: (new if where == old else where) for c, where in state["creatures"].items()}
    state["impassable"] = [new if a == old else a for a in state["impassable"]]
    for effect in state["turn_effects"]:
        if effect.get("target") == old:
            effect["target"] = new
    for frame in state["stack"]:
        _rename_within(frame, old, new)


def _rename_within(value: Any, old: str, new: str) -> None:
    """Rename in place (the frames stay the same objects for their callers)."""
    if isinstance(value, list):
        for index, item in enumerate(value):
            if item == old:
                value[index] = new
            else:
                _rename_within(item, old, new)
    elif isinstance(value, dict):
        if old in value:
            value[new] = value.pop(old)
        for key, item in value.items():
            if item == old:
                value[key] = new
            else:
                _rename_within(item, old, new)


# ---------------------------------------------------------------------------
# The AI's choice


def ai_choice(state: dict, frame: dict) -> str:
    """The AI's tile: one a revealed Pathos card names, else the most
    Settlements and Free Temples (ties at random), turned from the printed
    orientation clockwise until legal."""
    if frame["area"] is None:
        return f"explore {frame['pending'][0]}"
    fitting = sorted({tile for tile, _ in options(state, frame)})
    named = {OBJECTIVES[card].params.get("area") for card in state["pathos"]}
    wanted = [t for t in fitting if t in named]
    if not wanted:
        best = max(_worth(t) for t in fitting)
        wanted = [t for t in fitting if _worth(t) == best]
    rng = rng_of(state)
    tile = wanted[rng.below(len(wanted))]
    store_rng(state, rng)
    turns = next(t for t in range(6) if tile_refusal(state, frame, tile, t) is None)
    return f"place {tile} {turns}"


def _worth(tile: str) -> int:
    piece = tiles()[tile]
    return piece.settlements + (1 if piece.free_temple else 0)


# ---------------------------------------------------------------------------
# The decision frame


@register
class ExploreStep(Step):
    """Exploring the Empty Areas units entered (or Alliance's free exploration)."""

    kind = "explore"

    def enter(self, state: dict, frame: dict) -> None:
        _choose_if_single(state, frame)

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        if seat != frame["seat"]:
            return []
        if frame["area"] is None:
            return [f"explore {area}" for area in frame["pending"]]
        return [f"place {tile} {turns}" for tile, turns in options(state, frame)]

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        words = action.split()
        board_map = map_of(state)
        if frame["area"] is None:
            if len(words) != 2 or words[0] != "explore" or words[1] not in frame["pending"]:
                names = listing([f"`explore {a}`" for a in frame["pending"]], "or")
                raise IllegalAction(f"Choose the Empty Area to explore first: {names}.")
            select(state, frame, words[1])
            return
        if len(words) != 3 or words[0] != "place" or not words[2].isdigit():
            raise IllegalAction(
                f"Place one of the tiles you drew on {board_map.title(frame['area'])}: "
                f"`place <tile> <turns>`, e.g. `{self.legal(state, frame, seat)[0]}`."
            )
        tile, turns = words[1], int(words[2])
        if tile not in frame["drawn"]:
            raise IllegalAction(f"You drew {listing([tiles()[t].title for t in frame['drawn']])}: place one of them.")
        reason = tile_refusal(state, frame, tile, turns % 6) if turns < 6 else "Turn it 0 to 5 times."
        if reason:
            fits = [str(t) for k, t in options(state, frame) if k == tile]
            hint = f" It fits turned {listing(fits, 'or')}." if fits else " Place the other tile."
            raise IllegalAction(reason + hint)
        place(state, frame, tile, turns)

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        words = action.split()
        if words[0] == "explore":
            return f"explore {map_of(state).title(words[1])} first"
        from engine.games.hellenica.maps.building import lie_words

        piece = tiles()[words[1]]
        what = f"{piece.settlements} Settlement{'s' if piece.settlements != 1 else ''}" if piece.is_city else "no city"
        return f"{piece.title} ({what}), {lie_words(words[1], int(words[2]))}"

    def title(self, state: dict, frame: dict) -> str:
        area = frame.get("area")
        where = map_of(state).title(area) if area and area in map_of(state).areas else "an Empty Area"
        return f"exploring {where}"


# ---------------------------------------------------------------------------
# Views and checks


def public_view(state: dict) -> dict[str, Any] | None:
    if "explore" not in state:
        return None
    pile = state["explore"]
    return {"stack": len(pile["stack"]), "discard": len(pile["discard"])}


def private_view(state: dict, seat: int) -> list[dict[str, Any]]:
    """The two tiles a player looks at while exploring."""
    from engine.games.hellenica.maps.building import tile_view

    frame = next((f for f in reversed(state["stack"]) if f["kind"] == "explore" and f["seat"] == seat), None)
    if frame is None:
        return []
    fits = options(state, frame) if frame["area"] is not None else []
    return [{**tile_view(t), "fits": [turns for tile, turns in fits if tile == t]} for t in frame["drawn"]]
