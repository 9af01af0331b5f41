"""Invocations: who may cast what, casting windows, and resolution order.

- "Each Deity has three different Invocations ... a level 1 Invocation, a level
  2 Invocation, and a level 3 Invocation shown on the Deity Cards. A player
  must own a number of Temples dedicated to that Deity equal to or greater than
  the level of the Invocation in order to use it. Both Active and Exhausted
  Temples count ... Temples on cities owned by one player, but occupied by an
  enemy, are not counted." The Deity Card comes with the first Temple to that
  Deity.
- Wonders: "When casting Invocations, the Wonder also counts as a Temple to
  Athena ... because it matches the existing Temple" — a Wonder counts as a
  Temple to each Deity that has a Temple in its city.
- "To cast the Invocation, the player must spend Favor equal to the Invocation
  level ... Each Invocation may only be used once per turn."
- "A player may cast Invocations at any time, on anyone's turn, as long as it is
  during the phase specified ... In order to cast a Combat Invocation, the
  player must have units in the Combat."
- "Once an Invocation is cast, it cannot be rescinded and the Favor cost is
  spent. When an Invocation is cast, all players should be given a reasonable
  amount of time to cast their own Invocations before the first Invocation is
  resolved."
- "Invocations are fully resolved in the order cast before the next Invocation
  is resolved. The Invocations named Interference and Intervention are notable
  exceptions. Interference or Intervention are resolved in reverse order cast
  so as to allow for the cancellation of other Invocations. Should there be
  near-simultaneous Invocations cast, the Favorite of the Gods determines the
  order of resolution."

How it is played here. Action-phase Invocations are out-of-turn actions: any
player may cast one whenever an action, a Movement or a Research step is
waiting (the table does not wait for them). Movement Invocations likewise
while a Movement is under way. Such a cast opens a casting window in which
every player may answer with Intervention or Interference or cast their own
Action-phase (and, during a Movement, Movement) Invocations before the first
resolves. At the moments a phase allows — the start of
a Movement (for the other players), before each combat round (for the
combatants), after a World Event is revealed, at the start of Upkeep — a
*casting window* opens for the players who could cast something; each casts
or passes; a configurable time-out passes for the silent. After any cast,
everyone who could answer it (Intervention, Interference, or the window's own
phase) is asked again. When all have passed, Interference and Intervention
resolve in reverse order, then the rest in cast order.

Near-simultaneous casts: a cast made by a player who has not acted in the
window since the previous cast (so may not have seen it) belongs to the same
*wave*; when one wave holds casts of several players, the Favorite orders
them (``first <colour>``).

Readings: targets are chosen when casting (the Storms at Sea example names
the Area at resolution; choosing it at cast lets Intervention know what it
cancels); Interference's extra Favor is paid at once if the caster has it.

Notation: ``invoke <invocation>`` plus its target — a colour, an area, a city,
a creature, an action (``build``...) or, for Intervention and Interference,
the number of the Invocation in the window (``invoke intervention 1``);
``pass`` in a window.
"""

from __future__ import annotations

from typing import Any

from engine.core import IllegalAction
from engine.games.hellenica import creatures
from engine.games.hellenica.choice import ask, frame_by_id, suspend
from engine.games.hellenica.components import ACTIONS, CREATURES, DEITIES, HEROES, INVOCATIONS, RULES, Invocation
from engine.games.hellenica.interdiction import blocked
from engine.games.hellenica.invocation_effects import EFFECTS, enemy_in
from engine.games.hellenica.losses import city_upgrades, players_on
from engine.games.hellenica.maps import explore
from engine.games.hellenica.state import (
    BUILDING,
    EXHAUSTED,
    counts_as,
    government_city,
    log,
    map_of,
    owned_cities,
    seat_by_name,
    seat_name,
    stacks,
    upgrades_of,
)
from engine.games.hellenica.steps import Step, current, finish, push, register

RESPONSES = frozenset(name for name, inv in INVOCATIONS.items() if inv.phase == "response")
INTERFERENCE_COST = RULES["invocations"]["interference_cost"]
INTERRUPTIBLE = frozenset({"action", "move", "research"})
"""Frames during which out-of-turn Invocations may be cast."""

Context = dict


# ---------------------------------------------------------------------------
# Temples and eligibility


def _occupied(state: dict, city: str, seat: int) -> bool:
    return any(s["owner"] != seat for s in stacks(state, city))


def temple_counts(state: dict, seat: int) -> dict[str, int]:
    """Active and Exhausted Temples per Deity in the seat's cities not
    occupied by an enemy, Wonders counting with a matching Temple (one pass
    over the cities for every Deity)."""
    totals: dict[str, int] = {}
    for city in owned_cities(state, seat):
        if _occupied(state, city, seat):
            continue
        here: dict[str, int] = {}
        wonders = 0
        for site, piece in upgrades_of(state, city):
            if piece["state"] == BUILDING or site == "government":
                continue
            if piece["type"] == "temple" and piece.get("deity"):
                here[piece["deity"]] = here.get(piece["deity"], 0) + 1
            elif piece["type"] == "wonder":
                wonders += 1
        for deity, n in here.items():
            totals[deity] = totals.get(deity, 0) + n + wonders
    return totals


def temples_for(state: dict, seat: int, deity: str) -> int:
    """The Temples that count for ``deity``'s Invocations (see ``temple_counts``)."""
    return temple_counts(state, seat).get(deity, 0)


def known(state: dict, seat: int) -> list[str]:
    """The Invocations on the seat's Deity Cards."""
    return [name for deity in state["seats"][seat]["deities"] for name in DEITIES[deity].invocations]


def cast_refusal(state: dict, seat: int, name: str, counted: dict[str, int] | None = None) -> str | None:
    """Why the seat cannot pay for or use ``name`` now (target aside);
    ``counted``: the seat's ``temple_counts``, when the caller has them."""
    inv = INVOCATIONS.get(name)
    if inv is None:
        return f"There is no Invocation `{name}`."
    player = state["seats"][seat]
    if inv.deity not in player["deities"]:
        return f"{inv.title} is {DEITIES[inv.deity].title}'s: you have no {DEITIES[inv.deity].title} Deity Card."
    if name in player["invoked"]:
        return f"You have cast {inv.title} this turn already: each Invocation once per turn."
    if player["favor"] < inv.level:  # before the Temples: this is checked at every ``legal``, counting is slower
        return f"{inv.title} costs {inv.level} Favor; you have {player['favor']}."
    temples = (temple_counts(state, seat) if counted is None else counted).get(inv.deity, 0)
    if temples < inv.level:
        return (
            f"{inv.title} is level {inv.level}: it needs {inv.level} Temples to {DEITIES[inv.deity].title} "
            f"(you count {temples})."
        )
    return None


# ---------------------------------------------------------------------------
# Targets


def _fighters(combat: dict) -> list[int]:
    return [combat["attacker"], combat["defender"]]


def _combatant(state: dict, seat: int, ctx: Context) -> bool:
    combat = ctx.get("combat")
    return (
        combat is not None
        and combat.get("defender") is not None
        and seat in _fighters(combat)
        and any(s["owner"] == seat for s in stacks(state, combat["area"]))
    )


def _refreshable(state: dict, city: str, kinds: list[str]) -> bool:
    return any(
        piece["state"] == EXHAUSTED and counts_as(piece, site) in kinds for site, piece in upgrades_of(state, city)
    )


def _target_list(state: dict, seat: int, inv: Invocation, ctx: Context) -> list[str]:
    """The targets ``inv`` may take now ('' for none); empty when it cannot be
    cast in this context at all."""
    phase, target, effect = inv.phase, inv.target, inv.effect
    board = map_of(state)
    if phase == "response":
        window = ctx.get("window")
        if window is None:
            return []
        return [str(c["n"]) for c in window["casts"] if c["status"] == "pending" and c["seat"] != seat]
    if phase == "combat":
        if not _combatant(state, seat, ctx):
            return []
        combat = ctx["combat"]
        if effect == "rout":
            enemy = enemy_in(combat, seat)
            return (
                [""]
                if any(s["owner"] == enemy and s["kind"] not in HEROES for s in stacks(state, combat["area"]))
                else []
            )
        if effect == "peace":
            return [] if combat.get("peace") else [""]
        return [""]
    if phase == "movement":
        move = ctx.get("move")
        if move is None:
            return []
        if target == "self":
            if seat != move["seat"]:
                return []
            if effect == "transport":
                return [] if move.get("bonus") else [""]
            return [] if move.get("free_moves") else [""]
        closed = blocked(state)
        if target == "sea":
            return [a for a, area in board.areas.items() if area.is_sea and a not in closed]
        return [a for a, area in board.areas.items() if area.is_land and not area.is_city and a not in closed]
    if phase == "event":
        event = ctx.get("event")
        if event is None:
            return []
        if effect == "cancel_event":
            return [] if event.get("cancelled") else [""]
        return [] if seat in event.get("spared", []) else [""]
    if phase == "upkeep":
        if ctx.get("window") is None or ctx["window"]["phase"] != "upkeep":
            return []
        if effect == "sanctuary":
            protected = {e["target"] for e in state["turn_effects"] if e["kind"] == "sanctuary"}
            return [c for c in owned_cities(state, seat) if c not in protected]
        if effect == "calm":
            quiet = {e["target"] for e in state["turn_effects"] if e["kind"] == "calm"}
            return [c for c in creatures.on_map(state) if c not in quiet]
        return [""]
    # the Action phase
    if state["phase"] != "actions":
        return []
    if target == "self":
        return [""]
    if target == "player":
        commodity = inv.params["commodity"]
        return [
            seat_name(other).lower()
            for other in range(state["players"])
            if other != seat and state["seats"][other][commodity] > 0
        ]
    if target == "action":
        return [] if state["seats"][seat]["passed"] else list(ACTIONS)
    if target == "own-city":
        if effect == "refresh":
            return [c for c in owned_cities(state, seat) if _refreshable(state, c, inv.params["upgrades"])]
        return [
            c
            for c in owned_cities(state, seat)
            if any(piece["state"] == BUILDING for _, piece in upgrades_of(state, c))
        ]
    if target == "enemy-city":
        return [
            c
            for c, record in state["cities"].items()
            if record["owner"] not in (None, seat)
            and record["government"] is None
            and any(site != "government" for site, _ in city_upgrades(state, c))
        ]
    if target == "land":
        governments = {government_city(state, s) for s in range(state["players"])}
        return [
            a
            for a, area in board.areas.items()
            if area.is_land and a not in state["impassable"] and a not in governments and _has_pieces(state, a)
        ]
    if target == "neutral-city":
        return _alliance_targets(state, seat)
    if target == "creature":
        return [
            c for c in creatures.on_map(state) if any(s["owner"] == seat for s in stacks(state, state["creatures"][c]))
        ]
    return []


def _has_pieces(state: dict, area: str) -> bool:
    return bool(players_on(state, area))


def _alliance_targets(state: dict, seat: int) -> list[str]:
    board = map_of(state)
    mine = {a for a in board.areas if any(s["owner"] == seat for s in stacks(state, a))}
    mine |= set(owned_cities(state, seat))
    return [
        c
        for c, record in state["cities"].items()
        if record["owner"] is None
        and c not in state["impassable"]
        and not any(s["owner"] != seat for s in stacks(state, c))
        and any(n in mine for n in board.neighbours(c))
    ] + explore.alliance_targets(state, seat)


def commands(state: dict, seat: int, ctx: Context, phases: set[str]) -> list[str]:
    """``invoke ...`` commands the seat may cast now, for the given phases."""
    result: list[str] = []
    names = [name for name in known(state, seat) if INVOCATIONS[name].phase in phases]
    if not names or state["seats"][seat]["favor"] < 1:
        return result
    counted = temple_counts(state, seat)
    for name in names:
        inv = INVOCATIONS[name]
        if cast_refusal(state, seat, name, counted):
            continue
        for target in _target_list(state, seat, inv, ctx):
            result.append(f"invoke {name} {target}".strip())
    return result


def context_of(state: dict, window: dict | None) -> Context:
    """The frames a window (or the current moment) refers to."""
    if window is None:
        top = current(state)
        return {
            "window": None,
            "combat": None,
            "event": None,
            "move": top if top is not None and top["kind"] == "move" else None,
        }
    return {
        "window": window,
        "combat": frame_by_id(state, window["combat"]) if window.get("combat") else None,
        "move": frame_by_id(state, window["move"]) if window.get("move") else None,
        "event": frame_by_id(state, window["event"]) if window.get("event") else None,
    }


# ---------------------------------------------------------------------------
# Out-of-turn casting


def free_phases(state: dict) -> set[str]:
    """The phases whose Invocations may be cast at any moment now (outside a
    casting window)."""
    top = current(state)
    if state["phase"] != "actions" or top is None or top["kind"] not in INTERRUPTIBLE:
        return set()
    return {"action", "movement"} if top["kind"] == "move" else {"action"}


def free_commands(state: dict, seat: int) -> list[str]:
    phases = free_phases(state)
    if not phases:
        return []
    return commands(state, seat, context_of(state, None), phases)


def cast_freely(state: dict, seat: int, action: str) -> None:
    """An Invocation cast outside a window: paid at once, then every player who
    could answer it is given the chance before it resolves."""
    legal = free_commands(state, seat)
    if action not in legal:
        raise IllegalAction(_why_not(state, seat, action, legal))
    ctx = context_of(state, None)
    name = action.split()[1]
    phase = INVOCATIONS[name].phase
    # "all players should be given a reasonable amount of time to cast their
    # own Invocations before the first Invocation is resolved": the window
    # takes every Invocation that could be cast freely at this moment, as
    # well as answers to this one.
    window = push(
        state,
        "window",
        phase=phase,
        phases=sorted(free_phases(state)),
        open_phase=True,
        exclude=[],
        move=ctx["move"]["id"] if ctx["move"] else None,
    )
    _init_window(window)
    _cast(state, window, seat, action)


def _why_not(state: dict, seat: int, action: str, legal: list[str]) -> str:
    words = action.split()
    if len(words) < 2:
        return "Write `invoke <invocation> [target]`."
    refusal = cast_refusal(state, seat, words[1])
    if refusal:
        return refusal
    same = [a for a in legal if a.split()[1] == words[1]]
    if same:
        return (
            f"`{action}` is not a target {INVOCATIONS[words[1]].title} can take now; you can: "
            + ", ".join(f"`{a}`" for a in same[:6])
            + "."
        )
    inv = INVOCATIONS[words[1]]
    when = {
        "combat": "in a combat you fight, before the dice",
        "event": "when a World Event is revealed",
        "upkeep": "at the start of Upkeep",
        "response": "in answer to another Invocation",
        "movement": "during a Movement",
        "action": "during the Action phase",
    }[inv.phase]
    return f"{inv.title} is cast {when}; it has no use now."


# ---------------------------------------------------------------------------
# The casting window


def _init_window(frame: dict) -> None:
    frame.setdefault("casts", [])
    frame.setdefault("passed", [])
    frame.setdefault("seen", [])
    frame.setdefault("stage", "open")
    frame.setdefault("orders", {})
    frame.setdefault("answers", {})
    frame.setdefault("queue", None)
    frame.setdefault("waiting", [])
    for key in ("combat", "move", "event"):
        frame.setdefault(key, None)


def window_commands(state: dict, frame: dict, seat: int) -> list[str]:
    ctx = context_of(state, frame)
    phases = {"response"}
    latest = frame["casts"][-1]["seat"] if frame["casts"] else None
    if frame.get("phases") and latest == seat:
        return commands(state, seat, ctx, phases)  # a free cast's author casts again after it resolves
    if frame["open_phase"] and (frame["casts"] or seat not in frame["exclude"]):
        phases.update(frame.get("phases") or [frame["phase"]])
    return commands(state, seat, ctx, phases)


def _refresh_waiting(state: dict, frame: dict) -> None:
    frame["waiting"] = [
        seat for seat in range(state["players"]) if seat not in frame["passed"] and window_commands(state, frame, seat)
    ]


def _cast(state: dict, frame: dict, seat: int, action: str) -> None:
    words = action.split()
    name, target = words[1], (words[2] if len(words) > 2 else "")
    inv = INVOCATIONS[name]
    player = state["seats"][seat]
    player["favor"] -= inv.level
    player["invoked"].append(name)
    last = frame["casts"][-1] if frame["casts"] else None
    if last is None:
        wave = 1
    elif seat in frame["seen"]:
        wave = last["wave"] + 1
    else:
        wave = last["wave"]
    cast = {
        "n": len(frame["casts"]) + 1,
        "seat": seat,
        "name": name,
        "target": target,
        "wave": wave,
        "status": "pending",
    }
    frame["casts"].append(cast)
    frame["seen"] = [seat]
    frame["passed"] = []
    log(
        state,
        f"{seat_name(seat)} invokes {DEITIES[inv.deity].title}: {inv.title}"
        f"{_target_words(state, frame, inv, target)} (#{cast['n']}, {inv.level} Favor).",
    )


def _target_words(state: dict, frame: dict | None, inv: Invocation, target: str) -> str:
    if not target:
        return ""
    board = map_of(state)
    if inv.target == "invocation" and frame is not None:
        other = frame["casts"][int(target) - 1]
        return f" on {seat_name(other['seat'])}'s {INVOCATIONS[other['name']].title} (#{target})"
    if target in board.areas:
        return f" on {board.title(target)}"
    if target in CREATURES:
        return f" on the {CREATURES[target].title}"
    if inv.target == "player":
        return f" on {target.title()}"
    return f": {target}"


@register
class WindowStep(Step):
    """A casting window: the eligible players cast or ``pass``."""

    kind = "window"

    def enter(self, state: dict, frame: dict) -> None:
        _init_window(frame)
        if frame["stage"] == "open":
            _refresh_waiting(state, frame)
            if not frame["waiting"]:
                self._close(state, frame)
            return
        self._resolve(state, frame)

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        if frame["stage"] != "open" or seat not in frame["waiting"]:
            return []
        return window_commands(state, frame, seat) + ["pass"]

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        words = action.split()
        if words == ["pass"]:
            frame["passed"].append(seat)
            if seat not in frame["seen"]:
                frame["seen"].append(seat)
        elif words[:1] == ["invoke"]:
            legal = window_commands(state, frame, seat)
            if action not in legal:
                raise IllegalAction(
                    _why_not(state, seat, action, legal)
                    if len(words) > 1
                    else "Write `invoke <invocation> [target]` or `pass`."
                )
            _cast(state, frame, seat, action)
        else:
            raise self.refuse(state, frame, seat, action)
        _refresh_waiting(state, frame)
        if not frame["waiting"]:
            self._close(state, frame)

    # -- resolution ----------------------------------------------------------------

    def _close(self, state: dict, frame: dict) -> None:
        frame["stage"] = "resolve"
        frame["waiting"] = []
        for cast in reversed(frame["casts"]):
            if cast["name"] in RESPONSES and cast["status"] == "pending":
                _respond(state, frame, cast)
        self._resolve(state, frame)

    def _resolve(self, state: dict, frame: dict) -> None:
        if frame["queue"] is None:
            if not self._order(state, frame):
                return
        while frame["queue"]:
            cast = frame["casts"][frame["queue"].pop(0) - 1]
            _apply(state, frame, cast)
            if state["stack"][-1] is not frame:
                suspend(frame)
                return
        finish(state, frame)

    def _order(self, state: dict, frame: dict) -> bool:
        """Cast order, with the Favorite ordering each wave of
        near-simultaneous casts by several players; False while asking."""
        pending = [c for c in frame["casts"] if c["status"] == "pending" and c["name"] not in RESPONSES]
        queue: list[int] = []
        for wave in sorted({c["wave"] for c in pending}):
            in_wave = [c for c in pending if c["wave"] == wave]
            seats = list(dict.fromkeys(c["seat"] for c in in_wave))
            order = frame["orders"].setdefault(str(wave), [])
            key = f"wave{wave}"
            if key in frame["answers"]:
                order.append(seat_by_name(state, frame["answers"].pop(key)))
            remaining = [s for s in seats if s not in order]
            if len(remaining) == 1:
                order.append(remaining[0])
                remaining = []
            if remaining:
                ask(
                    state,
                    frame,
                    key,
                    state["favorite"],
                    "first",
                    [seat_name(s).lower() for s in remaining],
                    "order near-simultaneous Invocations: whose resolves first",
                    {seat_name(s).lower(): f"{seat_name(s)}'s Invocation resolves first" for s in remaining},
                )
                return False
            queue += [c["n"] for s in (order or seats) for c in in_wave if c["seat"] == s]
        frame["queue"] = queue
        return True

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        if action == "pass":
            return "cast nothing now"
        return invoke_label(state, frame, action)

    def title(self, state: dict, frame: dict) -> str:
        what = {
            "movement": "Movement",
            "combat": "Combat",
            "event": "World Event",
            "upkeep": "Upkeep",
            "action": "Action phase",
        }.get(frame["phase"], frame["phase"])
        if frame["casts"]:
            return f"answering Invocations ({what})"
        return f"casting {what} Invocations"


def invoke_label(state: dict, frame: dict | None, action: str) -> str:
    words = action.split()
    inv = INVOCATIONS[words[1]]
    target = words[2] if len(words) > 2 else ""
    return (
        f"{DEITIES[inv.deity].title}: {inv.title}{_target_words(state, frame, inv, target)} for {inv.level} "
        f"Favor — {inv.text}"
    )


# ---------------------------------------------------------------------------
# Resolution (what each Invocation does: invocation_effects)


def _respond(state: dict, frame: dict, cast: dict) -> None:
    target = frame["casts"][int(cast["target"]) - 1]
    who, whose = seat_name(cast["seat"]), seat_name(target["seat"])
    title = INVOCATIONS[target["name"]].title
    if cast["name"] == "interference":
        payer = state["seats"][target["seat"]]
        if target["status"] != "pending":
            log(state, f"{who}'s Interference finds {whose}'s {title} already undone.")
        elif payer["favor"] >= INTERFERENCE_COST:
            payer["favor"] -= INTERFERENCE_COST
            log(state, f"{who}'s Interference: {whose} pays {INTERFERENCE_COST} more Favor for {title}.")
        else:
            target["status"] = "fizzled"
            log(
                state,
                f"{who}'s Interference: {whose} cannot pay {INTERFERENCE_COST} more Favor; {title} fizzles "
                f"(the Favor spent is lost).",
            )
    else:
        if target["status"] != "pending":
            log(state, f"{who}'s Intervention finds {whose}'s {title} already undone.")
        else:
            target["status"] = "cancelled"
            log(state, f"{who}'s Intervention cancels {whose}'s {title}.")
    cast["status"] = "resolved"


def _apply(state: dict, frame: dict, cast: dict) -> None:
    inv = INVOCATIONS[cast["name"]]
    ctx = context_of(state, frame)
    who = seat_name(cast["seat"])
    if cast["status"] != "pending":
        return
    cast["status"] = "resolved"
    if cast["target"] not in _target_list(state, cast["seat"], inv, ctx):
        log(state, f"{who}'s {inv.title} has no effect: {'its target is gone' if cast['target'] else 'too late'}.")
        return
    EFFECTS[inv.effect](state, cast, inv, ctx)


def run_upkeep_window(state: dict, first: bool) -> bool:
    """ "at the start of Upkeep": a window for Upkeep Invocations."""
    if first:
        push(state, "window", phase="upkeep", open_phase=True, exclude=[])
        return False
    return True


def _shown_invocation(name: str, spent: bool, reachable: bool) -> dict[str, Any]:
    """An Invocation on a Deity Card as the view shows it: its title, level,
    phase and text are the components' (``view_fixed`` puts them back)."""
    return {"name": name, "spent": spent, "reachable": reachable}


_INVOCATION_CARDS: dict[str, list[tuple[str, int, dict[tuple[bool, bool], dict[str, Any]]]]] = {
    deity: [
        (
            name,
            INVOCATIONS[name].level,
            {
                (spent, reachable): _shown_invocation(name, spent, reachable)
                for spent in (False, True)
                for reachable in (False, True)
            },
        )
        for name in card.invocations
    ]
    for deity, card in DEITIES.items()
}
"""Each Deity Card's Invocations as the views show them, made at import for
every (spent, reachable) pair: every view shows them, and shares these
dicts (a view is read, never changed)."""


def spent_view(state: dict, seat: int) -> list[dict[str, Any]]:
    """A seat's Deity Cards: each Invocation, whether it is spent this turn
    and whether the seat's Temples reach its level."""
    player = state["seats"][seat]
    if not player["deities"]:
        return []
    counted = temple_counts(state, seat)
    invoked = player["invoked"]
    cards = []
    for deity in player["deities"]:
        temples = counted.get(deity, 0)
        shown = [shapes[(name in invoked, temples >= level)] for name, level, shapes in _INVOCATION_CARDS[deity]]
        cards.append({"deity": deity, "temples": temples, "invocations": shown})
    return cards


def window_view(state: dict) -> dict[str, Any] | None:
    frame = next((f for f in reversed(state["stack"]) if f["kind"] == "window" and f.get("entered")), None)
    if frame is None or "casts" not in frame:
        return None
    return {
        "phase": frame["phase"],
        "stage": frame["stage"],
        "waiting": list(frame["waiting"]),
        "casts": [
            {
                "n": c["n"],
                "seat": c["seat"],
                "name": c["name"],
                "title": INVOCATIONS[c["name"]].title,
                "target": c["target"],
                "status": c["status"],
            }
            for c in frame["casts"]
        ],
    }
