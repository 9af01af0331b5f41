"""World Events' effects, as tasks: each effect in ``events.toml`` is a list of
tasks (``TASK_LISTS``) that the event process (``events``) runs one by one
once the card's winner is known; a task that needs a player's answer asks it
and is run again with the answer.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.games.hellenica import build, creatures
from engine.games.hellenica.ai import ai_name, is_ai
from engine.games.hellenica.ai import world as ai_world
from engine.games.hellenica.choice import ask
from engine.games.hellenica.components import CREATURES, EVENTS, UNITS
from engine.games.hellenica.favorite import turn_order
from engine.games.hellenica.interdiction import arrival_used
from engine.games.hellenica.losses import (
    area_reduction,
    check_emptied,
    city_upgrades,
    counted_upgrades,
    lose,
    piece_title,
    players_on,
    revolt,
    revolt_cities,
    units_in_area,
)
from engine.games.hellenica.objectives import upgrade_count
from engine.games.hellenica.state import (
    ACTIVE,
    EXHAUSTED,
    add_units,
    enemies_in,
    government_city,
    log,
    map_of,
    own_city,
    owned_cities,
    remove_owner,
    rng_of,
    seat_name,
    set_site,
    store_rng,
    upgrades_of,
)

# ---------------------------------------------------------------------------
# Turn order and where units arrive (the event process uses them too)


def from_seat(state: dict, seat: int) -> list[int]:
    """Every seat in turn order, starting with ``seat``."""
    order = list(state["order"]) or turn_order(state)
    start = order.index(seat) if seat in order else 0
    return order[start:] + order[:start]


def muster_city(state: dict, seat: int) -> str | None:
    """Where units a World Event gives arrive: the Government City, else
    another city of the seat — never one where enemy units stand (placing
    them there is no movement and would start no combat)."""
    cities = [government_city(state, seat)] + owned_cities(state, seat)
    return next(
        (c for c in cities if c is not None and state["cities"][c]["owner"] == seat and not enemies_in(state, c, seat)),
        None,
    )


# ---------------------------------------------------------------------------
# Effects, as tasks


def _choice(
    state: dict,
    frame: dict,
    task: dict,
    seat: int,
    verb: str,
    options: list[str],
    prompt: str,
    labels: dict[str, str] | None = None,
) -> str | None:
    """The answer to a task's question: at once when there is one option,
    else asked (None while waiting)."""
    key = f"task{task['id']}"
    if key in frame["answers"]:
        return frame["answers"].pop(key)
    if len(options) == 1:
        return options[0]
    ask(state, frame, key, seat, verb, options, prompt, labels)
    return None


def _task_list(*tasks: dict) -> list[dict]:
    return [{"id": index, **task} for index, task in enumerate(tasks)]


def _spared(frame: dict) -> list[int]:
    return frame.get("spared", [])


def _others(state: dict, frame: dict) -> list[int]:
    return [s for s in from_seat(state, frame["winner"]) if s != frame["winner"] and s not in _spared(frame)]


def _creature_task(state: dict, frame: dict, task: dict) -> bool:
    named = task["creature"]
    pool = [named] if named in creatures.available(state) else creatures.available(state)
    options = [f"{name} {area}" for name in pool for area in creatures.placement_areas(state, name)]
    if not options:
        log(state, "No Mythological Creature can be placed.")
        return True
    board = map_of(state)
    labels = {o: f"the {CREATURES[o.split()[0]].title} in {board.title(o.split()[1])}" for o in options}
    answer = _choice(state, frame, task, frame["winner"], "place", options, "place the Creature", labels)
    if answer is None:
        return False
    name, area = answer.split()
    creatures.place(state, name, area, frame["winner"])
    return True


def _revolt_pick(state: dict, frame: dict, task: dict) -> bool:
    options = [city for seat in _others(state, frame) for city in revolt_cities(state, seat)]
    if not options:
        log(state, "No city can revolt.")
        return True
    board = map_of(state)
    labels = {c: f"{board.title(c)} ({seat_name(state['cities'][c]['owner'])}) revolts" for c in options}
    answer = _choice(state, frame, task, frame["winner"], "revolt", options, "choose the city that revolts", labels)
    if answer is None:
        return False
    revolt(state, answer)
    return True


def _revolt_own(state: dict, frame: dict, task: dict) -> bool:
    seat = task["seat"]
    cities = revolt_cities(state, seat)
    if not cities:
        log(state, f"{seat_name(seat)} has no city that can revolt (a Government City never does).")
        return True
    most = max(counted_upgrades(state, c) for c in cities)  # an AI's Settlements count as upgrades
    options = [c for c in cities if counted_upgrades(state, c) == most]
    answer = _choice(state, frame, task, seat, "revolt", options, "choose which of your cities revolts")
    if answer is None:
        return False
    revolt(state, answer)
    return True


def _strike_options(state: dict, frame: dict, terrain: str) -> list[str]:
    board = map_of(state)
    governments = {government_city(state, s) for s in range(state["players"])}
    hit = set(_others(state, frame)) | {frame["winner"]}
    result = []
    for name, area in board.areas.items():
        if name in state["impassable"] or (terrain == "land") != area.is_land:
            continue
        if terrain == "land" and name in governments:
            continue
        if set(players_on(state, name)) & hit:
            result.append(name)
    return result


def _strike(state: dict, frame: dict, task: dict) -> bool:
    options = _strike_options(state, frame, task["terrain"])
    if not options:
        log(state, "There is no Area to strike.")
        return True
    answer = _choice(state, frame, task, frame["winner"], "strike", options, "choose the Area struck")
    if answer is None:
        return False
    area_reduction(state, answer, _spared(frame), from_seat(state, frame["winner"]), EVENTS[frame["card"]].title)
    return True


def _eruption(state: dict, frame: dict, task: dict) -> bool:
    board = map_of(state)
    options = [a for a, area in board.areas.items() if area.volcano and a not in state["impassable"]]
    if not options:
        log(state, "No Volcano is in play.")
        return True
    answer = _choice(state, frame, task, frame["winner"], "strike", options, "choose the Volcano that erupts")
    if answer is None:
        return False
    title = EVENTS[frame["card"]].title
    order = from_seat(state, frame["winner"])
    around = [a for a in board.neighbours(answer) if a not in state["impassable"]]
    hit = [(seat, [a for a in around if seat in players_on(state, a)]) for seat in order if seat not in _spared(frame)]
    for seat, areas in reversed(hit):
        if areas:
            lose(state, seat, areas, 1, "any", after={"emptied": areas}, why=f"{title} next to {board.title(answer)}")
    area_reduction(state, answer, _spared(frame), order, f"{title} of {board.title(answer)}")
    return True


def _alcibiades(state: dict, frame: dict, task: dict) -> bool:
    winner = frame["winner"]
    where = next(
        (
            (area, s["owner"])
            for area, area_stacks in state["units"].items()
            for s in area_stacks
            if s["kind"] == "alcibiades"
        ),
        None,
    )
    if where is not None and where[1] == winner:
        log(state, f"Alcibiades stays with {seat_name(winner)}.")
        return True
    if where is not None and where[1] in _spared(frame):
        log(state, f"Alcibiades stays with {seat_name(where[1])}, spared by the gods.")
        return True
    home = muster_city(state, winner)
    if home is None:
        log(state, f"{seat_name(winner)} has no city free of enemy units to receive Alcibiades.")
        return True
    if where is not None:
        remove_owner(state, where[0], where[1], ("alcibiades",))
        log(state, f"Alcibiades leaves {seat_name(where[1])} in {map_of(state).title(where[0])}.")
    add_units(state, home, winner, "alcibiades", 1, used=arrival_used(state, home, 0))
    log(state, f"Alcibiades joins {seat_name(winner)} in {map_of(state).title(home)}.")
    return True


def _shift(state: dict, frame: dict, task: dict) -> bool:
    winner = frame["winner"]
    answer = _choice(
        state,
        frame,
        task,
        winner,
        "",
        ["zeus", "hera"],
        "turn the Favorite of the Gods token",
        {
            "zeus": "Zeus side up: clockwise from the next round",
            "hera": "Hera side up: counter-clockwise from the next round",
        },
    )
    if answer is None:
        return False
    state["favorite"], state["direction"] = winner, answer
    state["reorder"] = True
    log(
        state,
        f"{seat_name(winner)} becomes Favorite of the Gods, {answer.title()} side up; the new order "
        f"starts with the next round.",
    )
    return True


def _earthquake_targets(state: dict, frame: dict) -> list[str]:
    """Another player's non-Government cities with a City Upgrade to bring
    down (an AI player's Settlements count as City Upgrades)."""
    return [
        c
        for seat in _others(state, frame)
        for c in revolt_cities(state, seat)
        if (
            ai_world.counted_upgrades(state, c)
            if is_ai(state, seat)
            else any(site != "government" for site, _ in city_upgrades(state, c))
        )
    ]


def _earthquake(state: dict, frame: dict, task: dict) -> bool:
    options = _earthquake_targets(state, frame)
    if not options:
        log(state, "No city is shaken.")
        return True
    answer = _choice(state, frame, task, frame["winner"], "strike", options, "choose the city the earthquake strikes")
    if answer is None:
        return False
    title = EVENTS[frame["card"]].title
    board = map_of(state)
    owner = state["cities"][answer]["owner"]
    if is_ai(state, owner):
        standing, virtual = ai_world.earthquake_pieces(state, answer)
    else:
        standing, virtual = [(site, piece) for site, piece in city_upgrades(state, answer) if site != "government"], 0
    rng = rng_of(state)
    pick = rng.below(len(standing) + virtual)
    store_rng(state, rng)
    if pick >= len(standing):
        # A Settlement that stands for an AI player's City Upgrade: like Area
        # Reduction of an AI player's Area, the loss is taken from its units.
        log(state, f"The earthquake shakes a Settlement of {ai_name(owner)} in {board.title(answer)}.")
        if units_in_area(state, answer, owner):
            lose(state, owner, [answer], 1, "units", after={"emptied": [answer]}, why=title)
        else:
            log(state, "No unit of theirs is there: nothing falls.")
        return True
    site, piece = standing[pick]
    set_site(state, answer, site, None)
    log(state, f"The {piece_title(state, site, piece)} of {board.title(answer)} falls.")
    check_emptied(state, answer, title)
    return True


def _build(state: dict, frame: dict, task: dict) -> bool:
    winner = frame["winner"]
    if is_ai(state, winner):  # the AI World Events Reference Sheet: "walls-or-wonder"
        from engine.games.hellenica.ai.event_choices import master_build

        placed = master_build(state, winner)
        log(
            state,
            f"{ai_name(winner)} builds {placed} (under construction)."
            if placed
            else f"{ai_name(winner)} has nowhere to build City Walls or a Wonder.",
        )
        return True
    options = build.upgrade_commands(state, winner) + ["pass"]
    answer = _choice(state, frame, task, winner, "", options, "build a City Upgrade for free")
    if answer is None:
        return False
    if answer != "pass":
        _, kind, place, over = build.parse(answer.split())  # type: ignore[misc]
        build.build_upgrade(state, winner, kind, place, over)
    return True


def _refresh(state: dict, frame: dict, task: dict) -> bool:
    winner = frame["winner"]
    options = [c for c in owned_cities(state, winner) if any(p["state"] == EXHAUSTED for _, p in upgrades_of(state, c))]
    if not options:
        return True
    answer = _choice(state, frame, task, winner, "refresh", options, "choose the city whose upgrades refresh")
    if answer is None:
        return False
    own_city(state, answer)  # its pieces turn
    count = 0
    for _, piece in upgrades_of(state, answer):
        if piece["state"] == EXHAUSTED:
            piece["state"] = ACTIVE
            count += 1
    log(
        state,
        f"{count} Exhausted upgrade{'s' if count != 1 else ''} in {map_of(state).title(answer)} "
        f"become{'s' if count == 1 else ''} Active.",
    )
    return True


def _heroes(state: dict, seat: int) -> int:
    return sum(s["n"] for a in state["units"].values() for s in a if s["owner"] == seat and UNITS[s["kind"]].hero)


def _temple_cities(state: dict, seat: int) -> int:
    if is_ai(state, seat):
        return ai_world.cities_counted(state, seat)
    return sum(1 for c in owned_cities(state, seat) if any(p["type"] == "temple" for _, p in upgrades_of(state, c)))


def _per_upgrade(kind: str) -> Callable[[dict, int], int]:
    """A count of one City Upgrade type: "treat all AI Player's Settlements on
    an Area as if they had City Upgrades on them" for an AI seat."""

    def count(state: dict, seat: int) -> int:
        return ai_world.counted_type(state, seat, kind) if is_ai(state, seat) else upgrade_count(state, seat, kind)

    return count


PER: dict[str, Callable[[dict, int], int]] = {
    "player": lambda state, seat: 1,
    "hero": _heroes,
    "temple_city": _temple_cities,
    "market": _per_upgrade("market"),
    "academy": _per_upgrade("academy"),
}


def _gain_each(state: dict, frame: dict, task: dict) -> bool:
    params = EVENTS[frame["card"]].params
    words = {"commerce": "Commerce", "favor": "Favor", "philosophers": "Philosophers"}
    gains = []
    for seat in from_seat(state, frame["winner"]):
        n = params["n"] * min(PER[params["per"]](state, seat), params["cap"])
        state["seats"][seat][params["commodity"]] += n
        gains.append(f"{seat_name(seat)} {n}")
    log(state, f"{words[params['commodity']]} gained: {', '.join(gains)}.")
    return True


def _tribute(state: dict, frame: dict, task: dict) -> bool:
    params = EVENTS[frame["card"]].params
    winner = frame["winner"]
    paid = []
    for seat in _others(state, frame):
        n = min(params["n"], state["seats"][seat][params["commodity"]])
        state["seats"][seat][params["commodity"]] -= n
        state["seats"][winner][params["commodity"]] += n
        if n:
            paid.append(f"{seat_name(seat)} {n}")
    log(state, f"Tribute to {seat_name(winner)}: {', '.join(paid) or 'nobody can pay'}.")
    return True


TASKS: dict[str, Callable[[dict, dict, dict], bool]] = {
    "creature": _creature_task,
    "revolt_pick": _revolt_pick,
    "revolt_own": _revolt_own,
    "strike": _strike,
    "eruption": _eruption,
    "alcibiades": _alcibiades,
    "shift": _shift,
    "earthquake": _earthquake,
    "build": _build,
    "refresh": _refresh,
    "gain_each": _gain_each,
    "tribute": _tribute,
}


def _revolt_tasks(state: dict, frame: dict) -> list[dict]:
    card = EVENTS[frame["card"]]
    if card.params["target"] == "chosen":
        return _task_list({"do": "revolt_pick"})
    return _task_list(*({"do": "revolt_own", "seat": seat} for seat in _others(state, frame)))


TASK_LISTS: dict[str, Callable[[dict, dict], list[dict]]] = {
    "none": lambda state, frame: [],
    "creature": lambda state, frame: _task_list(
        {"do": "creature", "creature": EVENTS[frame["card"]].params["creature"]}
    ),
    "revolt": _revolt_tasks,
    "reduction": lambda state, frame: _task_list({"do": "strike", "terrain": EVENTS[frame["card"]].params["terrain"]}),
    "eruption": lambda state, frame: _task_list({"do": "eruption"}),
    "alcibiades": lambda state, frame: _task_list({"do": "alcibiades"}),
    "shift": lambda state, frame: _task_list({"do": "shift"}),
    "earthquake": lambda state, frame: _task_list({"do": "earthquake"}),
    "build": lambda state, frame: _task_list({"do": "build"}),
    "refresh": lambda state, frame: _task_list({"do": "refresh"}),
    "gain_each": lambda state, frame: _task_list({"do": "gain_each"}),
    "tribute": lambda state, frame: _task_list({"do": "tribute"}),
}
"""The tasks each effect in ``events.toml`` runs (silence and olympus are
handled by the process itself)."""

_unknown = {card.effect for card in EVENTS.values()} - set(TASK_LISTS) - {"silence", "olympus"}
if _unknown:
    raise ValueError(f"data/hellenica/events.toml names unknown effects: {sorted(_unknown)}")
