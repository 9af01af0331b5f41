"""Log lines: one plain sentence per action, safe to post in the channel.

Nothing here names a card that is still secret: a luxury is named only when
it leaves the public pool or is built, and those are public moments.
"""

from __future__ import annotations

from engine.core import SEAT_COLOURS, IllegalAction
from engine.games.thera import notation, trader
from engine.games.thera.components import COMPONENTS, RESOURCES
from engine.games.thera.phase import favored_gains
from engine.games.thera.state import State, building_at, pool_size

MAT = COMPONENTS.mat


def describe(state: State, seat: int, text: str) -> str:
    """One plain, public sentence for ``text`` played by ``seat`` from ``state``."""
    who = SEAT_COLOURS[seat]
    try:
        action = notation.parse(text)
    except IllegalAction:
        return f"{who}: {text}"
    verb = action.verb
    where = [MAT.name(loc) for loc in action.locations]
    if verb == "choose":
        slot = state["wheel"].index(action.role)
        tokens = state["favor"][slot] + state["reserve"]
        extra = f" and spends {action.spend} drachma: {tokens + action.spend} favor" if action.spend else ""
        return (
            f"{who} chooses the {action.role.title()} with {tokens} favor{extra} "
            f"({favored_text(action.role, tokens + action.spend)})"
        )
    if verb == "keep":
        kept = "; ".join(f"{n}: {COMPONENTS.tiles[n - 1].describe(COMPONENTS.industry)}" for n in action.numbers)
        return f"{who} keeps starting tiles {kept}"
    if verb == "place":
        return f"{who} places the {COMPONENTS.building(action.building).name} on {where[0]}"
    if verb == "put":
        return f"{who} puts {notation.counted(action.count, action.resource)} on {where[0]}"
    if verb == "divine":
        return f"{who} uses Divine Intervention: every resource on their island may move once"
    if verb == "move":
        return f"{who} moves {notation.counted(action.count, action.resource)} {where[0]}→{where[1]}"
    if verb == "done":
        phase = state.get("phase")
        role = phase["role"].title() if phase else "this"
        tail = " (the rest of their buildings activate)" if phase and phase["role"] == "worker" else ""
        return f"{who} is done with the {role} phase{tail}"
    if verb == "water":
        amount = "a water" if action.count == 1 else f"{action.count} water"
        return f"{who} places {amount} on {where[0]}"
    if verb == "spring":
        return f"{who}'s Spring on {where[0]} waters {where[1]}"
    if verb == "envoy":
        count = min(pool_size(state), len(state["bag"]))
        return f"{who} calls the Roman envoy: {count} luxuries are drawn from the bag and discarded"
    if verb == "swap":
        mine, theirs = (COMPONENTS.luxuries[lux].name for lux in action.luxuries)
        return f"{who}'s Customs House swaps the {mine} from their hand for the {theirs} in the pool"
    if verb == "take":
        return f"{who} takes the {COMPONENTS.luxuries[action.luxuries[0]].name} from the pool"
    if verb == "work":
        building = building_at(state, seat, action.locations[0])
        kind = COMPONENTS.industry.get(building or "")
        if kind is None:
            return f"{who} works {where[0]}"
        made = ", ".join(f"{n} {RESOURCES[i]}" for i, n in enumerate(kind.produces) if n)
        return f"{who}'s {kind.name} on {where[0]} turns a water into {made}"
    if verb == "crossroads":
        return f"{who} uses the Crossroads on {where[0]}: everything on or next to it may move once more"
    if verb == "build":
        built = COMPONENTS.building(action.building)
        text = f"{who} builds the {built.name} on {where[0]}"
        if action.building in COMPONENTS.luxuries:
            luxury = COMPONENTS.luxuries[action.building]
            text += f" ({COMPONENTS.types[luxury.type]}, {luxury.recognition} recognition)"
            location = action.locations[0]
            if MAT.vista_connected(state["mats"][seat]["roads"], location):
                text += f" with a view: +{MAT.vistas[location]} vista bonus"
        return text
    if verb == "road":
        return f"{who} builds the road {where[0]}-{where[1]} with a stone from {where[0]}"
    if verb == "free":
        return f"{who} builds a free road {where[0]}-{where[1]}"
    if verb == "drachma":
        return f"{who} takes a free drachma"
    if verb in ("sell", "buy"):
        name = RESOURCES[action.resource]
        rate = COMPONENTS.trade[name]
        if verb == "sell":
            return f"{who} sells {rate.lot} {name} for {rate.price} drachma"
        price = trader.buy_price(state, seat, action.resource) if state["phase"] else rate.price
        return f"{who} buys {rate.lot} {name} for {price} drachma"
    return f"{who}: {text}"


ONCE = {
    "envoy": "the envoy",
    "extra pick": "a second pick",
    "luxury build": "a luxury build",
    "extra building": "an extra building",
}
"""Favored gains that come once, worded as such."""
UNCOUNTED = ("extra water", "drachma", "recognition")
"""Favored gains whose name takes no plural."""


def favored_text(role: str, favor: int) -> str:
    """What the favored player gets, in words: "2 extra water, the envoy"."""
    parts = []
    for name, count in favored_gains(role, favor).items():
        if not count:
            continue
        if name in ONCE:
            parts.append(ONCE[name])
        else:
            parts.append(f"{count} {name}{'' if count == 1 or name in UNCOUNTED else 's'}")
    return "favored: " + (", ".join(parts) if parts else "nothing extra")


def label(state: State, seat: int, text: str) -> str:
    """Wording for the acting player's own list: ``describe`` plus what a
    luxury they take, swap for or build is worth and costs."""
    line = describe(state, seat, text)
    try:
        action = notation.parse(text)
    except IllegalAction:
        return line
    luxury_id = action.luxuries[-1] if action.luxuries else action.building
    if luxury_id in COMPONENTS.luxuries and action.verb in ("take", "swap", "build"):
        luxury = COMPONENTS.luxuries[luxury_id]
        line += f" [{COMPONENTS.types[luxury.type]}, {luxury.recognition} recognition, costs {luxury.cost.describe()}]"
    return line


def aftermath(before: State, after: State, seat: int, text: str) -> str:
    """What happened by itself after an action, in sentences to append to
    its log line: novelty scored, a new phase, the pool refilled, the final
    round. Everything here is public."""
    notes = []
    old, new = before["phase"], after["phase"]
    closed = old is not None and (
        new is None or (new["role"], new["second"], new["chooser"]) != (old["role"], old["second"], old["chooser"])
    )
    if closed:
        built = [tuple(entry) for entry in old["built"]]
        action = notation.parse(text)
        if action.verb == "build" and action.building in COMPONENTS.luxuries:
            built.append((seat, COMPONENTS.luxuries[action.building].type))
        track = COMPONENTS.novelty_track
        scored = [
            f"{SEAT_COLOURS[s]} +{track[before['novelty'][kind]]} ({COMPONENTS.types[kind]})"
            for s, kind in built
            if track[before["novelty"][kind]]
        ]
        if scored:
            notes.append("Novelty bonus: " + ", ".join(scored))
    if new is not None and (old is None or closed):
        role = new["role"].title()
        if new["second"]:
            notes.append(f"The {role} phase follows (where the last favor token landed; no favored actions)")
        if after["pool"] and after["pool"] != before["pool"] and new["role"] == "priest":
            names = ", ".join(COMPONENTS.luxuries[lux].name for lux in after["pool"])
            notes.append(f"The luxury pool now holds {names}")
    if after["final_seat"] is not None and before["final_seat"] is None:
        notes.append(
            f"The last luxury has left the bag: everyone but {SEAT_COLOURS[after['turn']]} plays one "
            f"more turn, ending with {SEAT_COLOURS[after['final_seat']]}"
        )
    if after["step"] == "choose" and (before["step"] != "choose" or before["turn"] != after["turn"]):
        notes.append(f"{SEAT_COLOURS[after['turn']]} chooses the next role")
    if after["step"] == "over" and before["step"] != "over":
        notes.append("The Proconsul arrives: the game is over")
    return "".join(f". {note}" for note in notes)
