"""What each Invocation does once it resolves (``invocations`` decides who may
cast what, when, and in which order the casts resolve).

Every effect takes (state, cast, invocation, context): the cast as recorded in
its window (``seat``, ``target``), the Invocation's data (``inv.params``) and
the context of the window it was cast in (a combat, an Upkeep, a Movement).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.games.hellenica import creatures
from engine.games.hellenica.components import CREATURES, HEROES, INVOCATIONS, Invocation
from engine.games.hellenica.losses import area_reduction, check_emptied, city_upgrades, piece_title
from engine.games.hellenica.maps import explore
from engine.games.hellenica.state import (
    ACTIVE,
    BUILDING,
    EXHAUSTED,
    counts_as,
    known_seat,
    log,
    map_of,
    own_city,
    owned_cities,
    rng_of,
    seat_name,
    set_site,
    stacks,
    store_rng,
    take_units,
    unit_word,
    upgrades_of,
)

Context = dict


def enemy_in(combat: dict, seat: int) -> int:
    """The other side of a combat."""
    return combat["defender"] if seat == combat["attacker"] else combat["attacker"]


def _gain(state, cast, inv, ctx):
    player = state["seats"][cast["seat"]]
    commodity, n = inv.params["commodity"], inv.params["n"]
    player[commodity] += n
    log(state, f"{inv.title}: {seat_name(cast['seat'])} gains {n} {_word(commodity, n)}.")


def _gain_per_city(state, cast, inv, ctx):
    commodity = inv.params["commodity"]
    n = inv.params["n"] * len(owned_cities(state, cast["seat"]))
    state["seats"][cast["seat"]][commodity] += n
    log(state, f"{inv.title}: {seat_name(cast['seat'])} gains {n} {_word(commodity, n)}.")


def _word(commodity: str, n: int) -> str:
    return {"favor": "Favor", "commerce": "Commerce"}.get(commodity, "Philosopher" + ("s" if n != 1 else ""))


def _steal(state, cast, inv, ctx, keep: bool = True):
    other = known_seat(state, cast["target"])
    commodity = inv.params["commodity"]
    taken = min(inv.params["n"], state["seats"][other][commodity])
    state["seats"][other][commodity] -= taken
    if keep:
        state["seats"][cast["seat"]][commodity] += taken
        log(
            state,
            f"{inv.title}: {seat_name(cast['seat'])} takes {taken} {_word(commodity, taken)} from {seat_name(other)}.",
        )
    else:
        log(state, f"{inv.title}: {seat_name(other)} returns {taken} {_word(commodity, taken)} to the pool.")


def _drain(state, cast, inv, ctx):
    _steal(state, cast, inv, ctx, keep=False)


def _cube(state, cast, inv, ctx):
    state["seats"][cast["seat"]]["cubes"][cast["target"]] += 1
    log(state, f"{inv.title}: {seat_name(cast['seat'])} gains a {cast['target'].title()} cube.")


def _refresh(state, cast, inv, ctx):
    city = cast["target"]
    own_city(state, city)  # its pieces turn
    count = 0
    for site, piece in upgrades_of(state, city):
        if piece["state"] == EXHAUSTED and counts_as(piece, site) in inv.params["upgrades"]:
            piece["state"] = ACTIVE
            count += 1
    log(
        state,
        f"{inv.title}: {count} upgrade{'s' if count != 1 else ''} in {map_of(state).title(city)} "
        f"become{'s' if count == 1 else ''} Active.",
    )


def _complete(state, cast, inv, ctx):
    city = cast["target"]
    own_city(state, city)  # its pieces turn
    count = 0
    for _, piece in upgrades_of(state, city):
        if piece["state"] == BUILDING:
            piece["state"] = ACTIVE
            count += 1
    log(
        state,
        f"{inv.title}: {count} upgrade{'s' if count != 1 else ''} in {map_of(state).title(city)} "
        f"{'is' if count == 1 else 'are'} finished and Active.",
    )


def _strength(state, cast, inv, ctx):
    combat = ctx["combat"]
    seat = cast["seat"]
    whom = enemy_in(combat, seat) if inv.target == "enemy" else seat
    scope = "mods" if inv.params["scope"] == "round" else "lasting"
    combat[scope][str(whom)] = combat[scope].get(str(whom), 0) + inv.params["value"]
    when = "this round" if scope == "mods" else "for the rest of the combat"
    log(state, f"{inv.title}: {seat_name(whom)}'s Combat Strength {inv.params['value']:+d} {when}.")


def _extra_die(state, cast, inv, ctx):
    combat = ctx["combat"]
    die = inv.params["sea" if combat["sea"] else "land"]
    combat["dice"].setdefault(str(cast["seat"]), []).append(die)
    log(state, f"{inv.title}: {seat_name(cast['seat'])} rolls an extra {die.title()} die this round.")


def _rout(state, cast, inv, ctx):
    combat = ctx["combat"]
    enemy = enemy_in(combat, cast["seat"])
    pool = [
        (s["kind"], s["elite"])
        for s in stacks(state, combat["area"])
        if s["owner"] == enemy and s["kind"] not in HEROES
        for _ in range(s["n"])
    ]
    rng = rng_of(state)
    kind, elite = rng.choice(pool)
    store_rng(state, rng)
    take_units(state, combat["area"], enemy, kind, elite, 1)
    log(state, f"{inv.title}: {seat_name(enemy)} loses {unit_word(kind, elite)[2:]} before the dice.")


def _peace(state, cast, inv, ctx):
    ctx["combat"]["peace"] = True
    log(state, f"{inv.title}: the combat in {map_of(state).title(ctx['combat']['area'])} will end.")


def _close(state, cast, inv, ctx):
    state["turn_effects"].append({"kind": "closed", "seat": cast["seat"], "target": cast["target"]})
    log(state, f"{inv.title}: {map_of(state).title(cast['target'])} is closed to movement for the rest of the turn.")


def _transport(state, cast, inv, ctx):
    ctx["move"]["bonus"] = ctx["move"].get("bonus", 0) + inv.params["value"]
    log(
        state,
        f"{inv.title}: {seat_name(cast['seat'])}'s Triremes carry {inv.params['value']} more each in this Movement.",
    )


def _free_moves(state, cast, inv, ctx):
    ctx["move"]["free_moves"] = True
    log(state, f"{inv.title}: {seat_name(cast['seat'])}'s units move without spending their Supply Limit.")


def _earthquake(state, cast, inv, ctx):
    city = cast["target"]
    standing = [(site, piece) for site, piece in city_upgrades(state, city) if site != "government"]
    rng = rng_of(state)
    site, piece = rng.choice(standing)
    store_rng(state, rng)
    set_site(state, city, site, None)
    log(state, f"{inv.title}: the {piece_title(state, site, piece)} of {map_of(state).title(city)} falls.")
    check_emptied(state, city, inv.title)


def _reduction(state, cast, inv, ctx):
    order = list(state["order"]) or list(range(state["players"]))
    start = order.index(cast["seat"]) if cast["seat"] in order else 0
    area_reduction(state, cast["target"], [], order[start:] + order[:start], inv.title)


def _alliance(state, cast, inv, ctx):
    if explore.is_empty(state, cast["target"]):  # Explorable Map: a free exploration for a City tile
        explore.cast_alliance(state, cast["seat"], cast["target"])
        return
    own_city(state, cast["target"])["owner"] = cast["seat"]
    log(state, f"{inv.title}: {map_of(state).title(cast['target'])} joins {seat_name(cast['seat'])}.")


def _spared(state, cast, inv, ctx):
    ctx["event"].setdefault("spared", []).append(cast["seat"])
    log(state, f"{inv.title}: this World Event spares {seat_name(cast['seat'])}.")


def _cancel_event(state, cast, inv, ctx):
    ctx["event"]["cancelled"] = True
    log(state, f"{inv.title}: this World Event's effect will not happen.")


def _sanctuary(state, cast, inv, ctx):
    state["turn_effects"].append({"kind": "sanctuary", "seat": cast["seat"], "target": cast["target"]})
    log(state, f"{inv.title}: {map_of(state).title(cast['target'])} cannot be conquered this Upkeep.")


def _calm(state, cast, inv, ctx):
    state["turn_effects"].append({"kind": "calm", "seat": cast["seat"], "target": cast["target"]})
    log(state, f"{inv.title}: the {CREATURES[cast['target']].title} will not act this Upkeep.")


def _slay(state, cast, inv, ctx):
    creatures.slay(state, cast["target"], cast["seat"], f"with {inv.title}")


EFFECTS: dict[str, Callable[[dict, dict, Invocation, Context], Any]] = {
    "gain": _gain,
    "gain_per_city": _gain_per_city,
    "steal": _steal,
    "drain": _drain,
    "cube": _cube,
    "refresh": _refresh,
    "complete": _complete,
    "strength": _strength,
    "extra_die": _extra_die,
    "rout": _rout,
    "peace": _peace,
    "close": _close,
    "transport": _transport,
    "free_moves": _free_moves,
    "earthquake": _earthquake,
    "reduction": _reduction,
    "alliance": _alliance,
    "spared": _spared,
    "cancel_event": _cancel_event,
    "sanctuary": _sanctuary,
    "calm": _calm,
    "slay": _slay,
    "intervention": lambda *args: None,
    "interference": lambda *args: None,
}
"""Every effect an Invocation in the data may name (responses act in ``_respond``)."""

_unknown = {inv.effect for inv in INVOCATIONS.values()} - set(EFFECTS)
if _unknown:
    raise ValueError(f"data/hellenica/deities.toml names unknown Invocation effects: {sorted(_unknown)}")
