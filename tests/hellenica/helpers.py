"""Building Hellenica positions for rule tests: a game advanced to its first
action, plus small setters for units, upgrades, owners and advancements."""

from __future__ import annotations

from engine.games.hellenica import GAME
from engine.games.hellenica.state import add_units, count_units, new_upgrade
from engine.games.hellenica.steps import current, push

PREFERRED_HOMES = ("athens", "troy", "sparta", "byzantium", "corcyra", "corinth", "thebes")


def new_game(players: int = 2, seed: int = 7, homes: tuple[str, ...] = PREFERRED_HOMES) -> dict:
    """A game at its first action: homes chosen from ``homes`` where the
    spacing rule allows, first dealt patron, Ethos cards 1 and 2 (or the first
    legal pair), the current Favorite keeps it, Zeus side up."""
    state = GAME.new(players, {"homes": "choose"}, seed)
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
    return state


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


def upgrade(state: dict, city: str, slot: int, kind: str | None, status: str = "active",
            deity: str | None = None) -> None:
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
