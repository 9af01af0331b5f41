"""Building Hellenica positions for rule tests: a game advanced to its first
action, plus small setters for units, upgrades, owners and advancements.

``new_game`` takes the Deity Cards away unless asked (``invocations=True``):
rule tests of other parts then see no casting window open around them."""

from __future__ import annotations

from engine.games.hellenica import GAME
from engine.games.hellenica.pathos import NEW_TABLE_OBJECTIVES
from engine.games.hellenica.state import add_units, count_units, new_upgrade
from engine.games.hellenica.steps import STEPS, current, push

PREFERRED_HOMES = ("athens", "troy", "sparta", "byzantium", "corcyra", "corinth", "thebes")


def new_game(
    players: int = 2, seed: int = 7, homes: tuple[str, ...] = PREFERRED_HOMES, invocations: bool = False
) -> dict:
    """A game at its first action: homes chosen from ``homes`` where the
    spacing rule allows, first dealt patron, Ethos cards 1 and 2 (or the first
    legal pair), the current Favorite keeps it, Zeus side up. Without
    ``invocations`` nobody holds a Deity Card."""
    state = GAME.new(players, {"homes": "choose", **NEW_TABLE_OBJECTIVES}, seed)  # as a new table plays it
    while current(state)["kind"] != "action":
        kind = current(state)["kind"]
        seat = GAME.to_move(state)[0]
        legal = GAME.legal(state, seat)
        if kind == "home":
            action = next((f"home {h}" for h in homes if f"home {h}" in legal), legal[0])
        elif kind == "favorite":
            action = f"favorite {GAME.seat_name(state, state['favorite']).lower()}"
            action = action if action in legal else legal[0]
        elif kind == "direction":
            action = "zeus"
        else:
            action = legal[0]
        state = GAME.play(state, seat, action)
    if not invocations:
        for player in state["seats"]:
            player["deities"] = []
    return state


def moves(state: dict, seat: int) -> list[str]:
    """The current step's own actions for a seat (without the trades and
    Invocations every seat may add at any time)."""
    frame = current(state)
    if frame is None or seat not in GAME.to_move(state):
        return []
    return STEPS[frame["kind"]].legal(state, frame, seat)


def act_as(state: dict, seat: int) -> dict:
    """Make it ``seat``'s action now (any pending decision is dropped)."""
    state["stack"] = []
    push(state, "action", seat=seat)["entered"] = True
    return state


def clear_units(state: dict) -> dict:
    state["units"] = {}
    return state


def units(state: dict, area: str, seat: int, kind: str, n: int = 1, elite: bool = False, used: int = 0) -> None:
    add_units(state, area, seat, kind, n, elite=elite, used=used)


def upgrade(
    state: dict, city: str, slot: int, kind: str | None, status: str = "active", deity: str | None = None
) -> None:
    if kind is None:
        state["cities"][city]["slots"][slot] = None
        return
    if kind == "temple" and deity is None:
        deity = "athena"
    state["cities"][city]["slots"][slot] = new_upgrade(kind, status, deity)


def own(state: dict, city: str, seat: int | None) -> None:
    state["cities"][city]["owner"] = seat


def learn(state: dict, seat: int, *names: str) -> None:
    state["seats"][seat]["advancements"].extend(names)


def play(state: dict, seat: int, *actions: str) -> dict:
    for action in actions:
        state = GAME.play(state, seat, action)
    return state


def count(state: dict, area: str, seat: int, *kinds: str) -> int:
    return count_units(state, area, seat, kinds or None)


def home_of(state: dict, seat: int) -> str:
    return state["seats"][seat]["city"]


# ---------------------------------------------------------------------------
# Part 2: dice, event cards, frames


def rig(state: dict, *draws: tuple) -> None:
    """Seed the state's generator so that its next draws come out as given:
    ``("yellow", "-")`` a die face, ``("any", n)`` a draw among ``n`` things
    (a random unit or upgrade) whatever it picks."""
    from engine.core import Rng
    from engine.games.hellenica.components import DICE_FACES

    for seed in range(1, 500_000):
        rng = Rng(seed)
        ok = True
        for kind, value in draws:
            if kind == "any":
                rng.below(value)
            elif rng.choice(DICE_FACES[kind]) != value:
                ok = False
                break
        if ok:
            state["rng"] = seed
            return
    raise AssertionError(f"no seed gives {draws}")


def next_cards(state: dict, first: str, second: str | None = None) -> None:
    """Arrange the World Event deck: ``first`` is drawn next, then ``second``;
    every other card waits in the discard pile (the deck is re-formed from it)."""
    from engine.games.hellenica.components import event_deck

    rest = event_deck()
    for seat in state["seats"]:
        for card in seat["won"]:
            rest.remove(card)
    rest.remove(first)
    if second is not None:
        rest.remove(second)
    state["events"].update(upper=[first], lower=[second] if second else [], discard=sorted(rest))


def trigger(state: dict, seat: int, card: str, then: str | None = None) -> dict:
    """``seat``'s movement reveals ``card`` with the Chaos Marker one Chaos
    Number from the tip: the World Event occurs. Play resumes with ``seat``'s
    next action afterwards."""
    from engine.games.hellenica import phases
    from engine.games.hellenica.components import EVENTS

    next_cards(state, card, then)
    state["chaos"] = max(EVENTS[card].chaos, 1)
    act_as(state, seat)
    push(state, "event", seat=seat)
    phases.advance(state)
    return state


def bid(state: dict, **bids: int) -> dict:
    """Everyone bids (``blue=2, orange=0``)."""
    from engine.games.hellenica.state import seat_by_name

    for colour, amount in bids.items():
        state = GAME.play(state, seat_by_name(state, colour), f"bid {amount}")
    return state


def give_deity(state: dict, seat: int, deity: str, temples: int = 1, city: str | None = None) -> None:
    """The seat holds ``deity``'s card and ``temples`` Active Temples to it in
    ``city`` (its home city by default): on empty settlements first, then over
    upgrades other than Markets, then over other deities' Temples."""
    city = city or home_of(state, seat)
    if deity not in state["seats"][seat]["deities"]:
        state["seats"][seat]["deities"].append(deity)
    slots = state["cities"][city]["slots"]
    free = (
        [i for i, p in enumerate(slots) if p is None]
        + [i for i, p in enumerate(slots) if p is not None and p["type"] not in ("market", "temple")]
        + [i for i, p in enumerate(slots) if p is not None and p["type"] == "temple" and p.get("deity") != deity]
    )
    assert len(free) >= temples, f"{city} has no room for {temples} temples"
    for index in free[:temples]:
        slots[index] = new_upgrade("temple", "active", deity)


def athens_seat(state: dict) -> int:
    """The seat whose Home City is Athens (two-seat games)."""
    return next(s for s in (0, 1) if home_of(state, s) == "athens")


def athens_to_act() -> dict:
    """A two-seat game where Athens' owner acts, the board cleared of units,
    two Markets in Athens and supply cubes to spend."""
    state = new_game(2, seed=21)
    clear_units(state)
    upgrade(state, "athens", 0, "market")
    upgrade(state, "athens", 2, "market")
    seat = athens_seat(state)
    state["seats"][seat]["cubes"]["supply"] = 3
    return act_as(state, seat)
