"""Building the map at set-up: the Buildable Map, the Solitaire/Random
Buildable Map and the Explorable Map's home cities.

"During step 11 after players have received their 3 Deity Cards, but before
they have selected their first Deity, the players will build the map":

- A, C: "Give each player their matching Home City Tile." "Starting with the
  Favorite of the Gods and proceeding clockwise, each player places their
  Home City. A Home City must be placed on its corresponding start location,
  but may be oriented in any direction." AI players: "The orientation of the
  Tile is determined at random ... roll one of the Blue dice. Rotate the Tile
  as many times clockwise as indicated by the die roll. AI Players may not
  place their City-States such that they do not have access to at least one
  Sea Area. If this occurs, reroll the Blue die." (Every home needs that
  access here: the starting Trireme sails from it.)
- B: "Remove the Ambracian Sea and Icarian Sea tiles and set them aside.
  Starting with the Favorite of the Gods and proceeding clockwise, randomly
  deal all of the remaining Tiles, face-down, to the players in the game" —
  to the people: "AI Players do not participate in map building after
  placing their Home Tile."
- D, E: "The player with the Mt. Olympos Tile places it anywhere on the map
  and with any orientation that they wish", then the player with Delphi.
- F: "the players take turns placing a single Tile on the map. For even
  numbered Tile placement turns ... the turn order of placement goes in
  counter-clockwise placement order" (P1, P2, P3, P4, P4, P3, P2, P1, P1 ...).
- G, H, J, K: ``placement``. I: "A player may not place a City Tile if that
  player placed a City Tile on their last placement unless the player has no
  other legal play."
- L: "If a player does not have a legal play, then that player's turn is
  skipped ... If no players have a legal play then the map building ends."
- M, N: open hexes become seas (``assemble``); unplaced tiles go back to the
  box.
- "When playing solitaire build the map randomly": with one person (or none),
  the Buildable Map is the Random one.

Readings: home tiles of city-states nobody plays stay in the box, and their
start locations are ordinary locations; Rule I counts Olympus and Delphi
placements (Delphi is a City) but not the home city's.

Notation: ``place <tile> <location> <turns>`` — ``turns`` (0 to 5) is how
many times the tile is turned clockwise from its printed orientation (name
at the top); locations are named by column and row (``d4``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core import IllegalAction
from engine.games.hellenica.ai import ai_name, is_ai
from engine.games.hellenica.maps.assemble import BUILDING, BUILT, EXPLORABLE, place_tile
from engine.games.hellenica.maps.placement import ISLAND_EXCEPTION, SIDE_NAMES, empty_locations, has_sea_access, refusal
from engine.games.hellenica.maps.random_map import fill_random, roll_home_turns
from engine.games.hellenica.maps.tiles import board, land_tiles, rotated, tiles
from engine.games.hellenica.notation import listing
from engine.games.hellenica.state import log, rng_of, seat_name, store_rng
from engine.games.hellenica.steps import Step, finish, register

BUILDABLE, RANDOM = "buildable", "random"
OLYMPUS, DELPHI = "mt-olympus", "delphi"
STAGES = ("homes", "olympus", "delphi", "tiles")


def clockwise_from_favorite(state: dict, seats: list[int]) -> list[int]:
    """Seats in clockwise (Zeus) order round the board, the Favorite first
    (or the first after it)."""
    from engine.games.hellenica.board import preset

    seating = preset("classic").seating
    around = sorted(seats, key=lambda s: seating.index(state["seats"][s]["city"]))
    after = [
        s
        for s in around
        if seating.index(state["seats"][s]["city"]) >= seating.index(state["seats"][state["favorite"]]["city"])
    ]
    return after + [s for s in around if s not in after]


def start(state: dict, mode: str) -> None:
    """Set-up hook: the board becomes the calm side, empty, and the homes
    are placed first."""
    people = [s for s in range(state["players"]) if not is_ai(state, s)]
    if mode == BUILDABLE and len(people) <= 1:
        mode = RANDOM
        log(state, "With a single player the Buildable Map is built at random (the solitaire rule).")
    state["map"] = BUILDING
    state["tiles"] = {}
    state["cities"], state["mines"] = {}, {}
    state["building"] = {
        "mode": mode,
        "stage": "homes",
        "order": clockwise_from_favorite(state, list(range(state["players"]))),
        "placers": clockwise_from_favorite(state, people),
        "turn": 0,
        "hands": {},
        "last_city": {},
        "skipped": 0,
    }


def _record(state: dict) -> dict[str, Any]:
    return state["building"]


def hand(state: dict, seat: int) -> list[str]:
    return _record(state)["hands"].get(str(seat), [])


def sync_places(state: dict) -> None:
    """Keep ``cities`` and ``mines`` in step with the map as tiles are laid:
    new places start empty and neutral, the others keep what they hold."""
    from engine.games.hellenica.board import get_map
    from engine.games.hellenica.setup import _new_city

    board_map = get_map(state)
    state["cities"] = {name: state["cities"].get(name) or _new_city(board_map.areas[name]) for name in board_map.cities}
    state["mines"] = {name: state["mines"].get(name) for name in board_map.mines}


def lay(state: dict, tile: str, location: str, turns: int) -> None:
    place_tile(state, location, tile, turns)
    sync_places(state)


# ---------------------------------------------------------------------------
# Who places what


def placer(state: dict) -> int | None:
    """The seat placing now (None when building is over)."""
    record = _record(state)
    stage = record["stage"]
    if stage == "homes":
        return next((s for s in record["order"] if state["seats"][s]["city"] not in _placed(state)), None)
    if stage in ("olympus", "delphi"):
        tile = OLYMPUS if stage == "olympus" else DELPHI
        return next((s for s in record["placers"] if tile in hand(state, s)), None)
    placers = record["placers"]
    turn = record["turn"]
    position = turn % len(placers)
    return placers[position] if (turn // len(placers)) % 2 == 0 else placers[-1 - position]


def _placed(state: dict) -> set[str]:
    return {tile for tile, _ in state["tiles"].values()}


def _candidates(state: dict, seat: int) -> Iterator[tuple[str, str, int]]:
    """Every placement the rules C, G, H, J, K allow the seat now (each way a
    tile can lie once)."""
    stage = _record(state)["stage"]
    layout = state["tiles"]
    if stage == "homes":
        home = state["seats"][seat]["city"]
        location = board().homes[home]
        yield from (
            (home, location, t)
            for t in distinct_turns(home)
            if has_sea_access(home, location, t) and refusal(layout, home, location, t) is None
        )
        return
    pool = [OLYMPUS] if stage == "olympus" else [DELPHI] if stage == "delphi" else hand(state, seat)
    yield from (
        (tile, loc, t)
        for tile in pool
        for loc in empty_locations(layout)
        for t in distinct_turns(tile)
        if refusal(layout, tile, loc, t) is None
    )


def can_place(state: dict, seat: int) -> bool:
    return next(_candidates(state, seat), None) is not None


def options(state: dict, seat: int) -> list[tuple[str, str, int]]:
    """Every legal (tile, location, turns) for the seat placing now."""
    record = _record(state)
    stage = record["stage"]
    found = list(_candidates(state, seat))
    if stage == "tiles" and record["last_city"].get(str(seat)):
        other = [o for o in found if not tiles()[o[0]].is_city]
        return other or found  # Rule I, "unless the player has no other legal play"
    return found


def placement_refusal(state: dict, seat: int, tile: str, location: str, turns: int) -> str | None:
    """Why this placement is not allowed now (None if it is)."""
    record = _record(state)
    every = tiles()
    if tile not in every:
        return f"`{tile}` is not a map tile."
    stage = record["stage"]
    if stage == "homes":
        home = state["seats"][seat]["city"]
        if tile != home:
            return f"First place your Home City: `place {home} {board().homes[home]} <turns>`."
        if not has_sea_access(tile, location, turns) and location == board().homes[home]:
            return (
                f"{every[tile].title} turned {turns} times faces no Sea Area through a clearing; your starting "
                f"Trireme needs one. Try another turn."
            )
    elif stage in ("olympus", "delphi") and tile != (OLYMPUS if stage == "olympus" else DELPHI):
        wanted = OLYMPUS if stage == "olympus" else DELPHI
        return (
            f"You hold {every[wanted].title}, which is placed before the other tiles (rules D and E): "
            f"`place {wanted} <location> <turns>`."
        )
    elif stage == "tiles" and tile not in hand(state, seat):
        return f"{every[tile].title} is not one of your tiles ({listing([every[t].title for t in hand(state, seat)])})."
    reason = refusal(state["tiles"], tile, location, turns)
    if reason:
        return reason
    if (
        stage == "tiles"
        and every[tile].is_city
        and record["last_city"].get(str(seat))
        and any(not every[o[0]].is_city for o in options(state, seat))
    ):
        return "Rule I: you placed a City tile last time; place a tile without Settlements this time."
    return None


def place(state: dict, seat: int, tile: str, location: str, turns: int) -> None:
    record = _record(state)
    lay(state, tile, location, turns)
    if record["stage"] != "homes":
        record["hands"][str(seat)].remove(tile)
        record["last_city"][str(seat)] = tiles()[tile].is_city
    if record["stage"] == "tiles":
        record["turn"] += 1
        record["skipped"] = 0
    log(
        state,
        f"{seat_name(seat)} places {tiles()[tile].title} on {location.upper()}{f' (turned {turns})' if turns else ''}.",
    )


# ---------------------------------------------------------------------------
# The automatic parts


def advance(state: dict) -> bool:
    """Play everything no person decides: AI homes, skipped turns, the stages
    that follow one another, the random fill. True once the map is done."""
    record = _record(state)
    while True:
        seat = placer(state)
        stage = record["stage"]
        if stage == "homes":
            if seat is None:
                _after_homes(state)
                if "building" not in state:
                    return True
                continue
            if is_ai(state, seat):
                home = state["seats"][seat]["city"]
                rng = rng_of(state)
                turns = roll_home_turns(rng, state["tiles"], home)
                store_rng(state, rng)
                lay(state, home, board().homes[home], turns)
                log(
                    state,
                    f"{ai_name(seat)} places its Home City {tiles()[home].title}, turned {turns} by the Blue die.",
                )
                continue
            if not can_place(state, seat):
                raise RuntimeError(f"home tile of seat {seat} fits its start location in no orientation")
            return False
        if stage in ("olympus", "delphi"):
            if seat is None or not can_place(state, seat):
                if seat is not None:
                    log(
                        state,
                        f"{seat_name(seat)} cannot place {tiles()[OLYMPUS if stage == 'olympus' else DELPHI].title}"
                        f" anywhere yet.",
                    )
                record["stage"] = STAGES[STAGES.index(stage) + 1]
                continue
            return False
        # the serpentine
        if (
            record["skipped"] >= len(record["placers"])
            or not any(hand(state, s) for s in record["placers"])
            or not empty_locations(state["tiles"])
        ):
            _finish(state)
            return True
        assert seat is not None  # in the serpentine, ``placer`` always names a seat
        if can_place(state, seat):
            return False
        if hand(state, seat):
            log(state, f"{seat_name(seat)} has no legal tile to place and is skipped (rule L).")
        record["skipped"] += 1
        record["turn"] += 1


def _after_homes(state: dict) -> None:
    record = _record(state)
    mode = record["mode"]
    if mode == RANDOM:
        rng = rng_of(state)
        layout = dict(state["tiles"])
        laid = fill_random(rng, layout, state["pathos"])
        store_rng(state, rng)
        state["tiles"] = {loc: [tile, turns] for loc, (tile, turns) in layout.items()}
        log(state, f"The map is built at random: {laid} tiles are laid around the home cities.")
        _finish(state)
    elif mode == EXPLORABLE:
        from engine.games.hellenica.maps import explore

        explore.start(state)
        del state["building"]
        state["map"] = EXPLORABLE
        sync_places(state)
    else:
        rng = rng_of(state)
        deck = rng.shuffled(land_tiles())
        store_rng(state, rng)
        placers = record["placers"]
        for index, tile in enumerate(deck):
            record["hands"].setdefault(str(placers[index % len(placers)]), []).append(tile)
        for seat in placers:
            record["hands"][str(seat)].sort()
        record["stage"] = "olympus"
        counts = listing([f"{seat_name(s)} {len(hand(state, s))}" for s in placers])
        log(state, f"The map tiles are dealt face down: {counts}.")


def _finish(state: dict) -> None:
    """M and N: the open hexes become seas, the rest goes back in the box."""
    record = state.pop("building")
    returned = sum(len(h) for h in record["hands"].values())
    state["map"] = BUILT
    sync_places(state)
    seas = len(empty_locations(state["tiles"]))
    log(
        state,
        f"The map is built: {len(state['tiles'])} tiles; {seas} open hex{'es' if seas != 1 else ''} become "
        f"Sea Areas" + (f"; {returned} unplaced tiles go back to the box." if returned else "."),
    )


# ---------------------------------------------------------------------------
# The decision frame


def parse(action: str) -> tuple[str, str, int] | None:
    words = action.split()
    if len(words) != 4 or words[0] != "place" or not words[3].isdigit() or not 0 <= int(words[3]) < 6:
        return None
    return words[1], words[2], int(words[3])


@register
class MapBuildStep(Step):
    """``place <tile> <location> <turns>`` while the map is built; everything
    automatic (AI homes, skips, the random fill) happens by itself."""

    kind = "mapbuild"

    def enter(self, state: dict, frame: dict) -> None:
        if "building" not in state:
            start(state, frame["mode"])
        if advance(state):
            finish(state, frame)

    def seats(self, state: dict, frame: dict) -> list[int]:
        seat = placer(state) if "building" in state else None
        return [] if seat is None else [seat]

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        if seat not in self.seats(state, frame):
            return []
        return [f"place {tile} {loc} {turns}" for tile, loc, turns in options(state, seat)]

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        parsed = parse(action)
        if parsed is None:
            example = self.legal(state, frame, seat)[:1]
            raise IllegalAction(
                "Write `place <tile> <location> <turns>`: turns (0 to 5) clockwise from the printed "
                "orientation" + (f", e.g. `{example[0]}`." if example else ".")
            )
        reason = placement_refusal(state, seat, *parsed)
        if reason:
            tile, location, _ = parsed
            turns = [
                t for t, loc, k in [(o[2], o[1], o[0]) for o in options(state, seat)] if loc == location and k == tile
            ]
            hint = f" It fits on {location} turned {listing([str(t) for t in turns], 'or')}." if turns else ""
            raise IllegalAction(reason + hint)
        place(state, seat, *parsed)
        if advance(state):
            finish(state, frame)

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        tile, location, turns = parse(action)  # type: ignore[misc]
        return f"{tiles()[tile].title} on {location.upper()}, {lie_words(tile, turns)}"

    def title(self, state: dict, frame: dict) -> str:
        stage = _record(state)["stage"] if "building" in state else "tiles"
        return {
            "homes": "placing Home City tiles",
            "olympus": "placing Mt. Olympus",
            "delphi": "placing Delphi",
            "tiles": "building the map",
        }[stage]


def distinct_turns(tile: str) -> list[int]:
    """The rotations that look different (a tile with clearings all round
    has one): the legal lists offer each way a tile can lie once."""
    seen: dict[str, int] = {}
    for turns in range(6):
        seen.setdefault(rotated(tiles()[tile].sides, turns), turns)
    return sorted(seen.values())


def lie_words(tile: str, turns: int) -> str:
    """``turned 2: mountains facing NE and W``."""
    sides = rotated(tiles()[tile].sides, turns)
    mountains = [SIDE_NAMES[d] for d in range(6) if sides[d] != "c"]
    facing = f"mountains facing {listing(mountains)}" if mountains else "clearings all round"
    return f"turned {turns}: {facing}"


def public_view(state: dict) -> dict[str, Any] | None:
    """What everyone sees of map building: the stage, who places, how many
    tiles each player holds (not which), the empty locations."""
    if "building" not in state:
        return None
    record = _record(state)
    seat = placer(state)
    return {
        "mode": record["mode"],
        "stage": record["stage"],
        "placer": seat,
        "hands": {str(s): len(hand(state, s)) for s in record["placers"]},
        "empty": empty_locations(state["tiles"]),
        "sides": list(SIDE_NAMES),
    }


def private_view(state: dict, seat: int) -> list[dict[str, Any]]:
    """A player's own face-down tiles."""
    if "building" not in state:
        return []
    return [tile_view(t) for t in hand(state, seat)]


def tile_view(name: str) -> dict[str, Any]:
    """A tile for its holder: its printed sides (E NE NW W SW SE), and each
    way it can lie (``turns`` clockwise) with the sides its mountains face;
    ``islands``: whether it may lie on an island (rule K)."""
    piece = tiles()[name]

    def mountains(turns: int) -> list[str]:
        return [SIDE_NAMES[d] for d, side in enumerate(rotated(piece.sides, turns)) if side != "c"]

    return {
        "name": name,
        "title": piece.title,
        "kind": piece.kind,
        "sides": piece.sides,
        "settlements": piece.settlements,
        "volcano": piece.volcano,
        "free_temple": bool(piece.free_temple),
        "mines": [m.title for m in piece.mines],
        "islands": name == ISLAND_EXCEPTION or piece.is_city,
        "lies": [{"turns": turns, "mountains": mountains(turns)} for turns in distinct_turns(name)],
    }
