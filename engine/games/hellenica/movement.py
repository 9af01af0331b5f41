"""Movement: the steps of a Supply action spent on Movement.

- "The player may move any and all units on the Area to other locations in any
  order they wish. Units may move from the supplied Area to any adjacent Areas
  ... all units moving to the same Area must move as one group."
- "A player may not move units across a mountain side. Land units may not move
  into a Sea Area." "Supply Limit is the maximum number of times a unit may be
  Supplied to move in a single Turn": Hoplites 1, Cavalry and Heroes 2,
  Triremes none.
- Triremes "may not move directly from one Land Area to another", "may not
  cross mountain sides", "may not enter a Land tile containing enemy units",
  and "may leave a Land Area from any Clearing".
- Sea Transport: land units "move through any number of adjacent Sea Areas
  containing the player's Triremes, but must end their Movement on a Land Area
  adjacent to the final Sea Area (Exception: Heroes may remain at sea and move
  with Triremes)." "Each Trireme may Transport up to 2 Hoplites and/or Cavalry
  across the Sea Area they occupy per Supply action. Heroes do not count."
  A Hero at sea may sail to a neighbouring sea whatever its order of moves
  with the Triremes it goes with; one left without a Trireme when the
  Movement ends is lost.
- "When units move into an Area containing another player's units, they are
  interdicted ... Combat immediately occurs ... the active player may continue
  moving other supplied units that have not yet moved, but may not move
  additional units into the Combat Area. Cities without units do not
  Interdict movement."
- Raids: "If the Active Player's units solely occupy an Area with enemy City
  Upgrades on Mines during a Movement action, they may raid them."
- "Heroes at Sea without Triremes are eliminated."
- Creatures interdict: units entering their Area stop and stay for the turn,
  no Sea Transport passes a Creature's sea, and closed areas (Storms at Sea,
  Wild Woods) cannot be entered (see ``interdiction``).
- "After all Movement and Combat for the Supply action is completed, reveal the
  top World Events card" — when units moved.
- Before the first move, the other players may cast Movement Invocations (a
  casting window); the mover casts theirs at any time during the Movement.

Notation (one step each): ``move <n> <unit> <area>`` moves ``n`` units one
area (or across a chain of your Triremes). Into an area held by another
player the units form an assault group instead, which ``attack <area>``
launches, so that every unit going there enters together. ``raid <mine>``
removes an enemy upgrade on a mine; ``done`` ends the Movement.

Bigger steps, each the same as the small steps it stands for (all or none):
``move all <area>`` moves every unit that can still move as one group (into
an enemy-held area it attacks at once, the whole group being massed); when
nothing is left to do in the Movement (no unit, no raid, no Movement
Invocation of yours to cast) it also ends the Movement. ``move 2 hoplite 1
cavalry <area>`` moves several unit types in one step, like one ``move`` per
type in that order.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from engine.core import IllegalAction
from engine.games.hellenica import advancements as adv
from engine.games.hellenica.ai.grudges import note_entry
from engine.games.hellenica.board import CLEARING, MOUNTAIN
from engine.games.hellenica.components import HEROES, RULES, UPGRADES
from engine.games.hellenica.interdiction import arrival_used, blocked, no_transport
from engine.games.hellenica.maps import explore
from engine.games.hellenica.notation import listing, parse_count, parse_unit, unit_token
from engine.games.hellenica.state import (
    PINNED,
    copy_state,
    count_units,
    enemies_in,
    log,
    map_of,
    put_stacks,
    remove_owner,
    seat_name,
    stacks,
    take_units,
    tidy_units,
    unit_owners,
    unit_word,
)
from engine.games.hellenica.steps import Step, current, finish, push, register

CARGO = ("hoplite", "cavalry")
"""Units that take room on a Trireme ("Heroes do not count")."""


# ---------------------------------------------------------------------------
# Who can move


def can_move(state: dict, seat: int, stack: dict) -> bool:
    limit = adv.supply_limit(state, seat, stack["kind"])
    return not stack["moved"] and stack["used"] < PINNED and (limit == 0 or stack["used"] < limit)


def movable(state: dict, seat: int, area: str) -> dict[tuple[str, bool], int]:
    """Units of a seat in an area that may still move, by (kind, elite)."""
    counts: dict[tuple[str, bool], int] = {}
    for stack in stacks(state, area):
        if stack["owner"] == seat and can_move(state, seat, stack):
            key = (stack["kind"], stack["elite"])
            counts[key] = counts.get(key, 0) + stack["n"]
    return counts


def movable_areas(state: dict, seat: int) -> list[str]:
    """Areas a Supply action could activate for movement."""
    units = state["units"]
    return [area for area in map_of(state).areas if units.get(area) and movable(state, seat, area)]


# ---------------------------------------------------------------------------
# Where units can go


def capacity(state: dict, seat: int, sea: str, bonus: int = 0) -> int:
    """Hoplites and Cavalry a sea area's Triremes can carry per Supply action
    (``bonus`` more per Trireme under Fair Winds)."""
    per_trireme = adv.effect_value(state, seat, "transport", RULES["transport"]["per_trireme"]) + bonus
    return per_trireme * count_units(state, sea, seat, ("trireme",))


def trireme_chain(
    state: dict, seat: int, origin: str, cargo: int, carried: dict[str, int], bonus: int = 0
) -> dict[str, list[str]]:
    """Sea areas reachable through a chain of the seat's Triremes from
    ``origin``, each with room for ``cargo`` more land units, with the
    shortest path of seas to each (never through a Creature's or a closed sea)."""
    board = map_of(state)
    closed = no_transport(state)

    def usable(sea: str) -> bool:
        return (
            sea not in closed
            and count_units(state, sea, seat, ("trireme",)) > 0
            and capacity(state, seat, sea, bonus) - carried.get(sea, 0) >= cargo
        )

    starts = [origin] if board.areas[origin].is_sea else board.seas_by_clearing(origin)
    paths: dict[str, list[str]] = {}
    queue: deque[str] = deque()
    for sea in starts:
        if usable(sea):
            paths[sea] = [sea]
            queue.append(sea)
    while queue:
        here = queue.popleft()
        for there in board.neighbours(here):
            if there not in paths and board.areas[there].is_sea and usable(there):
                paths[there] = paths[here] + [there]
                queue.append(there)
    return paths


def land_step_ok(state: dict, seat: int, border: str | None) -> bool:
    return crossable(border, adv.has_effect(state, seat, "cross_mountains"))


def crossable(border: str | None, mountains: bool) -> bool:
    """Whether land units step across ``border``: a clearing, or a mountain
    side for a player with the Advancement that allows it (``mountains``)."""
    return border == CLEARING or (border == MOUNTAIN and mountains)


def destinations(
    state: dict, seat: int, origin: str, kind: str, n: int, carried: dict[str, int], bonus: int = 0
) -> dict[str, list[str]]:
    """Where ``n`` units of ``kind`` can move from ``origin`` in one step, with
    the Sea Transport route used (empty for a direct move)."""
    board = map_of(state)
    closed = blocked(state)
    here = board.areas[origin]
    result: dict[str, list[str]] = {}
    if kind == "trireme":
        for there, border in board.neighbours(origin).items():
            if there in closed:
                continue
            if board.areas[there].is_sea and (here.is_sea or border == CLEARING):
                result[there] = []
            elif (
                board.areas[there].is_land
                and here.is_sea
                and border == CLEARING
                and not enemies_in(state, there, seat)
                and explore.trireme_may_enter(state, there)
            ):
                result[there] = []
        return result
    if here.is_land:
        for there, border in board.neighbours(origin).items():
            if there not in closed and board.areas[there].is_land and land_step_ok(state, seat, border):
                result[there] = []
    else:  # a Hero at sea steps ashore through a clearing, or sails on beside its Triremes
        for there, border in board.neighbours(origin).items():
            if there not in closed and (board.areas[there].is_sea or border == CLEARING):
                result[there] = []
    cargo = n if kind in CARGO else 0
    for sea, path in trireme_chain(state, seat, origin, cargo, carried, bonus).items():
        if kind in HEROES and sea != origin:
            result.setdefault(sea, path)
        for there, border in board.neighbours(sea).items():
            if there != origin and there not in closed and board.areas[there].is_land and border == CLEARING:
                result.setdefault(there, path)
    return result


# ---------------------------------------------------------------------------
# Raids


def raid_targets(state: dict, seat: int) -> list[str]:
    """Mines holding another player's upgrade in areas this seat solely occupies."""
    board = map_of(state)
    targets = []
    for name, mine in board.mines.items():
        owner = state["cities"][mine.city]["owner"]
        if state["mines"][name] is not None and owner not in (None, seat) and unit_owners(state, mine.area) == {seat}:
            targets.append(name)
    return targets


def strand_heroes(state: dict, seat: int) -> None:
    """ "Heroes at Sea without Triremes are eliminated.\""""
    board = map_of(state)
    for area in list(state["units"]):
        if board.areas[area].is_sea and not count_units(state, area, seat, ("trireme",)):
            lost = remove_owner(state, area, seat, HEROES)
            if lost:
                log(
                    state,
                    f"{seat_name(seat)} loses {unit_word('hero', False, lost)} at sea without Triremes "
                    f"in {board.title(area)}.",
                )


# ---------------------------------------------------------------------------
# The movement step


def _parse_move(words: list[str]) -> tuple[int, str, bool, str] | None:
    if len(words) != 4 or words[0] != "move":
        return None
    count, unit = parse_count(words[1]), parse_unit(words[2])
    if count is None or unit is None:
        return None
    return count, unit[0], unit[1], words[3]


def move_refusal(state: dict, frame: dict, seat: int, n: int, kind: str, elite: bool, dest: str) -> str | None:
    board = map_of(state)
    origin = frame["area"]
    if dest not in board.areas:
        return f"`{dest}` is not an area."
    available = movable(state, seat, origin).get((kind, elite), 0)
    if available < n:
        limit = adv.supply_limit(state, seat, kind)
        why = f" (Supply Limit {limit} a turn)" if limit else ""
        what = unit_word(kind, elite, available) if available else "no " + unit_word(kind, elite, 2).split(" ", 1)[1]
        return f"You have {what} in {board.title(origin)} that can still move{why}."
    if dest in frame["fought"]:
        return f"Combat was fought in {board.title(dest)} during this Supply action: no more units may enter."
    waiting = next(iter(frame["assaults"]), None)
    if waiting is not None and dest != waiting:
        return (
            f"Your units massed against {board.title(waiting)} attack before anything else moves: "
            f"add more with `move <n> <unit> {waiting}` or `attack {waiting}`."
        )
    if dest in state["impassable"]:
        return f"{board.title(dest)} is impassable in this game."
    if dest in blocked(state):
        return f"{board.title(dest)} is closed to movement for the rest of the turn (an Invocation)."
    if dest not in destinations(state, seat, origin, kind, n, frame["carried"], frame.get("bonus", 0)):
        return _unreachable(state, seat, origin, kind, n, dest)
    return None


def _unreachable(state: dict, seat: int, origin: str, kind: str, n: int, dest: str) -> str:
    board = map_of(state)
    border = board.border(origin, dest)
    target, source = board.title(dest), board.title(origin)
    if kind == "trireme":
        if board.areas[dest].is_land and board.areas[origin].is_land:
            return "Triremes may not move directly from one land area to another."
        if board.areas[dest].is_land and enemies_in(state, dest, seat):
            return f"Triremes may not enter {target}: it holds enemy units."
        return f"{target} is not reachable by sea from {source}."
    if border == MOUNTAIN:
        return f"A mountain side separates {source} from {target} (Leadership lets you cross)."
    if board.areas[dest].is_sea:
        return f"Land units cannot enter {target}" + (" (a Hero needs your Triremes there)." if kind in HEROES else ".")
    return (
        f"{target} is not next to {source}, and no chain of your Triremes with room for {n} more can carry them there."
    )


def move_units(state: dict, frame: dict, seat: int, n: int, kind: str, elite: bool, dest: str) -> None:
    board = map_of(state)
    origin = frame["area"]
    route = destinations(state, seat, origin, kind, n, frame["carried"], frame.get("bonus", 0))[dest]
    limit = adv.supply_limit(state, seat, kind)
    taken = take_units(state, origin, seat, kind, elite, n, movable_limit=limit)
    note_entry(state, seat, dest)  # moving onto an AI player's area earns its grudge
    explore.note_entry(state, frame, dest, route)  # Explorable Map: the side units enter an Empty Area by
    if kind in CARGO:
        for sea in route:
            frame["carried"][sea] = frame["carried"].get(sea, 0) + n
    by_sea = f" by sea via {listing([board.title(s) for s in route])}" if route else ""
    if enemies_in(state, dest, seat):
        assault = frame["assaults"].setdefault(dest, [])
        assault.extend(taken)
        log(
            state,
            f"{seat_name(seat)} masses {unit_word(kind, elite, n)} from {board.title(origin)} to attack "
            f"{board.title(dest)}{by_sea}.",
        )
        return
    _arrive(state, seat, dest, taken, frame.get("free_moves", False))
    frame["moved_any"] = True
    log(
        state,
        f"{seat_name(seat)} moves {unit_word(kind, elite, n)} from {board.title(origin)} to "
        f"{board.title(dest)}{by_sea}.",
    )


def _arrive(state: dict, seat: int, dest: str, taken: list[dict], free: bool = False) -> None:
    """Units enter an area: one more move against their Supply Limit (none
    under Winged Sandals), held there for the turn if a Creature is there."""
    for stack in taken:
        limited = adv.supply_limit(state, seat, stack["kind"]) > 0 and not free
        used = arrival_used(state, dest, stack["used"] + (1 if limited else 0))
        put_stacks(state, dest, [stack], used=used, moved=True)


def launch(state: dict, frame: dict, seat: int, dest: str) -> None:
    """The assault group enters; combat begins at once."""
    board = map_of(state)
    group = frame["assaults"].pop(dest)
    _arrive(state, seat, dest, group, frame.get("free_moves", False))
    frame["fought"].append(dest)
    frame["moved_any"] = True
    strength = listing([unit_word(s["kind"], s["elite"], s["n"]) for s in _merged(group)])
    log(state, f"{seat_name(seat)} attacks {board.title(dest)} with {strength}.")
    push(state, "combat", attacker=seat, area=dest, origin=frame["area"])


def _merged(group: list[dict]) -> list[dict]:
    totals: dict[tuple[str, bool], int] = {}
    for stack in group:
        totals[(stack["kind"], stack["elite"])] = totals.get((stack["kind"], stack["elite"]), 0) + stack["n"]
    return [{"kind": k, "elite": e, "n": n} for (k, e), n in totals.items()]


def raid(state: dict, seat: int, mine: str) -> None:
    board = map_of(state)
    piece = state["mines"][mine]
    owner = state["cities"][board.mines[mine].city]["owner"]
    state["mines"][mine] = None
    log(
        state,
        f"{seat_name(seat)} raids {board.mines[mine].title} and destroys {seat_name(owner)}'s "
        f"{UPGRADES[piece['type']].title}.",
    )


def _parse_group(words: list[str]) -> list[tuple[int, str, bool]] | None:
    """``move 2 hoplite 1 cavalry megara`` -> [(2, hoplite, False), (1, cavalry, False)]."""
    middle = words[1:-1]
    if len(middle) % 2:
        return None
    pairs = []
    for count_word, unit_word_ in zip(middle[::2], middle[1::2]):
        count, unit = parse_count(count_word), parse_unit(unit_word_)
        if count is None or unit is None:
            return None
        pairs.append((count, unit[0], unit[1]))
    return pairs


_WHOLE_STACK_ORDER = {"trireme": 0, "hoplite": 1, "cavalry": 2}
"""Triremes sail first (they may carry the rest), Heroes go last (a Hero at sea
sails with them)."""


def _whole_stack(state: dict, seat: int, origin: str) -> list[tuple[tuple[str, bool], int]]:
    return sorted(
        movable(state, seat, origin).items(), key=lambda item: (_WHOLE_STACK_ORDER.get(item[0][0], 3), item[0][1])
    )


def _whole_stack_refusal(state: dict, frame: dict, seat: int, dest: str) -> str | None:
    """Why ``move all <dest>`` is not possible, playing its moves on ``state``
    (a copy the caller may throw away); None once they are all played."""
    group = _whole_stack(state, seat, frame["area"])
    if not group:
        return f"No unit in {map_of(state).title(frame['area'])} can still move."
    for (kind, elite), n in group:
        refusal = move_refusal(state, frame, seat, n, kind, elite, dest)
        if refusal:
            return refusal
        move_units(state, frame, seat, n, kind, elite, dest)
    return None


_MOVES_WRITE = ("units", "stack", "ai")
"""What moving units changes: the units, the movement frame (routes used,
assault groups) and the AI players' grudges — besides the log."""


def _trial_copy(state: dict) -> dict:
    """A copy to try moves on: the parts moves change are copied, the rest is
    shared with ``state`` (and only read)."""
    trial = dict(state)
    for key in _MOVES_WRITE:
        if key in trial:
            trial[key] = copy_state(trial[key])
    trial["log"] = list(state["log"])
    return trial


def whole_stack_destinations(state: dict, frame: dict, seat: int) -> list[str]:
    """Areas every unit that can still move could reach together. Moves by sea
    share the Triremes' room, so a candidate reached by sea is tried on a copy."""
    origin, bonus = frame["area"], frame.get("bonus", 0)
    group = _whole_stack(state, seat, origin)
    waiting = next(iter(frame["assaults"]), None)
    reach: dict[str, bool] | None = None  # destination -> reached by sea by some unit
    for (kind, _), n in group:
        here = destinations(state, seat, origin, kind, n, frame["carried"], bonus)
        if reach is None:
            reach = {dest: bool(route) for dest, route in here.items()}
        else:
            reach = {dest: by_sea or bool(here[dest]) for dest, by_sea in reach.items() if dest in here}
    result = []
    for dest, by_sea in (reach or {}).items():
        if dest in frame["fought"] or waiting not in (None, dest):
            continue
        if by_sea:
            trial = _trial_copy(state)
            if _whole_stack_refusal(trial, trial["stack"][-1], seat, dest) is not None:
                continue
        result.append(dest)
    return result


def move_whole_stack(state: dict, frame: dict, seat: int, dest: str) -> None:
    """``move all <dest>``: every unit that can still move goes to ``dest`` as
    one group; against an enemy the group attacks at once. With nothing left
    to do afterwards the Movement ends (what ``done`` would do)."""
    from engine.games.hellenica.invocations import free_commands  # invocations build on this module

    if dest not in map_of(state).areas:
        raise IllegalAction(f"`{dest}` is not an area.")
    if current(state) is not frame:
        raise IllegalAction("Finish the decision under way first.")
    refusal = _whole_stack_refusal(state, frame, seat, dest)
    if refusal:
        raise IllegalAction(f"Not every unit can go to {map_of(state).title(dest)}: {refusal}")
    if dest in frame["assaults"]:
        launch(state, frame, seat, dest)
        return
    if (
        not movable(state, seat, frame["area"])
        and not frame["assaults"]
        and not raid_targets(state, seat)
        and not free_commands(state, seat)
    ):
        end_movement(state, frame, seat)


def end_movement(state: dict, frame: dict, seat: int) -> None:
    """Assaults never launched stay home; units may move again next Supply;
    a World Event card is revealed when units moved."""
    for dest, group in list(frame["assaults"].items()):
        put_stacks(state, frame["area"], group)
    called_off = " (the massed attack is called off)" if frame["assaults"] else ""
    frame["assaults"] = {}
    log(state, f"{seat_name(seat)} ends the movement from {map_of(state).title(frame['area'])}{called_off}.")
    for area_stacks in list(state["units"].values()):
        for stack in area_stacks:
            if stack["owner"] == seat:
                stack["moved"] = False
    tidy_units(state)
    strand_heroes(state, seat)
    finish(state, frame)
    if frame["moved_any"]:
        push(state, "event", seat=seat)
    explore.after_movement(state, frame, seat)  # Explorable Map: Empty Areas entered are explored first


@register
class MoveStep(Step):
    kind = "move"

    def enter(self, state: dict, frame: dict) -> None:
        """Before the first move, the other players may cast Movement
        Invocations (Storms at Sea ...): a casting window, closed at once when
        nobody can cast."""
        if frame.get("window_opened"):
            return
        frame["window_opened"] = True
        push(state, "window", phase="movement", open_phase=True, exclude=[frame["seat"]], move=frame["id"])
        frame["entered"] = False

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        actions = []
        origin = frame["area"]
        # "Combat immediately occurs before the Active Player moves any other
        # units": while a group is massed against an area, it can only grow or attack.
        waiting = next(iter(frame["assaults"]), None)
        for (kind, elite), available in sorted(movable(state, seat, origin).items()):
            token = unit_token(kind, elite)
            for n in range(1, available + 1):
                for dest in destinations(state, seat, origin, kind, n, frame["carried"], frame.get("bonus", 0)):
                    if dest not in frame["fought"] and waiting in (None, dest):
                        actions.append(f"move {n} {token} {dest}")
        actions = [f"move all {dest}" for dest in whole_stack_destinations(state, frame, seat)] + actions
        actions += [f"attack {dest}" for dest in frame["assaults"]]
        actions += [f"raid {mine}" for mine in raid_targets(state, seat)]
        return actions + ["done"]

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        words = action.split()
        if not words:
            raise self.refuse(state, frame, seat, action)
        if words[:2] == ["move", "all"] and len(words) == 3:
            move_whole_stack(state, frame, seat, words[2])
        elif words[0] == "move" and len(words) > 4:
            pairs = _parse_group(words)
            if pairs is None:
                raise IllegalAction(
                    "Write `move <number> <unit> [<number> <unit> ...] <area>`, e.g. `move 2 hoplite 1 cavalry megara`."
                )
            for n, kind, elite in pairs:
                refusal = move_refusal(state, frame, seat, n, kind, elite, words[-1])
                if refusal:
                    raise IllegalAction(refusal)
                move_units(state, frame, seat, n, kind, elite, words[-1])
        elif words[0] == "move":
            parsed = _parse_move(words)
            if parsed is None:
                raise IllegalAction(
                    "Write `move <number> <unit> <area>`, e.g. `move 2 hoplite megara`; units "
                    "are hoplite, elite-hoplite, cavalry, elite-cavalry, trireme, elite-trireme, hero, "
                    "alcibiades."
                )
            refusal = move_refusal(state, frame, seat, *parsed)
            if refusal:
                raise IllegalAction(refusal)
            move_units(state, frame, seat, *parsed)
        elif words[0] == "attack" and len(words) == 2:
            if words[1] not in frame["assaults"]:
                raise IllegalAction(
                    f"You have no assault group massed against `{words[1]}`: first `move <n> <unit> {words[1]}`."
                )
            launch(state, frame, seat, words[1])
        elif words[0] == "raid" and len(words) == 2:
            if words[1] not in raid_targets(state, seat):
                raise IllegalAction(
                    f"You can raid a mine only where your units alone stand and an enemy "
                    f"upgrade sits on it; `{words[1]}` is not such a mine."
                )
            raid(state, seat, words[1])
        elif words == ["done"]:
            end_movement(state, frame, seat)
        else:
            raise self.refuse(state, frame, seat, action)

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        board = map_of(state)
        words = action.split()
        if words[:2] == ["move", "all"]:
            group = listing([unit_word(k, e, n) for (k, e), n in _whole_stack(state, seat, frame["area"])])
            verb = "attack" if enemies_in(state, words[2], seat) else "move to"
            return f"{verb} {board.title(words[2])} with everything: {group}"
        if words[0] == "move":
            n, kind, elite, dest = _parse_move(words)  # type: ignore[misc]
            route = destinations(state, seat, frame["area"], kind, n, frame["carried"], frame.get("bonus", 0)).get(
                dest, []
            )
            verb = "mass to attack" if enemies_in(state, dest, seat) else "move to"
            via = f" by sea via {listing([board.title(s) for s in route])}" if route else ""
            return f"{verb} {board.title(dest)}: {unit_word(kind, elite, n)}{via}"
        if words[0] == "attack":
            return f"launch the attack on {board.title(words[1])}"
        if words[0] == "raid":
            return f"destroy the enemy upgrade on {board.mines[words[1]].title}"
        return "end this Movement"

    def title(self, state: dict, frame: dict) -> str:
        return f"moving from {map_of(state).title(frame['area'])}"


def assault_view(frame: dict) -> dict[str, list[dict[str, Any]]]:
    """The massed assault groups of a movement step, for the picture."""
    return {dest: _merged(group) for dest, group in frame["assaults"].items()}
