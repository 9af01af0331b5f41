"""The Trader: a free drachma or two trades at the Port; the favored Trader's
drachma and trades; the Tradehouse and the Bank.

Rulebook: "You may either take one free drachma from the supply or trade
twice. When you trade, you may either sell resource/s by removing it from
your Port and taking drachma equal to the trade rate or buy resource/s by
spending drachma equal to the trade rate and placing the resource/s on your
Port. Each conversion of resource/s to drachma or vice versa is considered a
trade." Favored: "For every two (2) favor on the Trader, take one free
drachma", "For every three (3) favor, you may trade once. You may use these
trades even if you took the free drachma". Tradehouse: "You may trade once
... even if you took a free drachma ... whenever you buy resources with any
trade ... the resources cost one less drachma". Bank: "Take two free
drachma". Port: bought resources "are placed on your port", sold ones "must
be at your port".

Allowances: ``free_drachma`` and ``trades`` (the normal either/or),
``extra_trades`` (favored and Tradehouse; used first, so that a player who
trades can still change their mind and take the free drachma), ``discount``.
Free drachma from favor and Banks arrive when the phase begins. Each
Tradehouse adds its trade, but the discount is a property of owning one and
does not stack (our reading: "the resources cost one less drachma").
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import IllegalAction
from engine.games.thera.components import COMPONENTS, RESOURCES
from engine.games.thera.notation import Action
from engine.games.thera.phase import allowance, every, grant, mark_acted, rules, use
from engine.games.thera.state import State, locations_with_effect

MAT = COMPONENTS.mat
RULES = rules("trader")


def begin(state: State) -> None:
    """Favored and Bank drachma; every seat's trades."""
    for seat in range(state["players"]):
        state["drachma"][seat] += every(state, seat, int(RULES["drachma_per"]))
        banks = locations_with_effect(state, seat, "bank")
        state["drachma"][seat] += sum(COMPONENTS.industry["bank"].amount["drachma"] for _ in banks)
        grant(state, seat, "free_drachma", int(RULES["free_drachma"]))
        grant(state, seat, "trades", int(RULES["trades"]))
        houses = locations_with_effect(state, seat, "tradehouse")
        extra = every(state, seat, int(RULES["trade_per"]))
        extra += sum(COMPONENTS.industry["tradehouse"].amount["trades"] for _ in houses)
        grant(state, seat, "extra_trades", extra)
        if houses:
            grant(state, seat, "discount", COMPONENTS.industry["tradehouse"].amount["discount"])


def buy_price(state: State, seat: int, resource: int) -> int:
    """Drachma for one lot of that resource, after any Tradehouse discount."""
    return COMPONENTS.trade[RESOURCES[resource]].price - allowance(state, seat, "discount")


def _trades_left(state: State, seat: int) -> int:
    return allowance(state, seat, "extra_trades") + allowance(state, seat, "trades")


def options(state: State, seat: int) -> Iterator[str]:
    """The seat's Trader steps: the free drachma, sales and purchases."""
    if allowance(state, seat, "free_drachma"):
        yield "drachma"
    if not _trades_left(state, seat):
        return
    port = state["mats"][seat]["res"][MAT.port]
    for resource, name in enumerate(RESOURCES):
        if port[resource] >= COMPONENTS.trade[name].lot:
            yield f"sell {name}"
    for resource, name in enumerate(RESOURCES):
        if state["drachma"][seat] >= buy_price(state, seat, resource):
            yield f"buy {name}"


def has_work(state: State, seat: int) -> bool:
    return next(options(state, seat), None) is not None


def apply_drachma(state: State, seat: int, action: Action) -> None:
    """``drachma``: the normal free drachma instead of the two trades."""
    if not allowance(state, seat, "free_drachma"):
        if allowance(state, seat, "trades") < int(RULES["trades"]) and state["phase"]["role"] == "trader":
            raise IllegalAction("You already traded with your normal trades; the free drachma is instead of them.")
        raise IllegalAction("The free drachma is the Trader's normal action; you have none now.")
    mark_acted(state, seat)
    use(state, seat, "free_drachma")
    use(state, seat, "trades", allowance(state, seat, "trades"))
    state["drachma"][seat] += int(RULES["free_drachma"])


def _use_trade(state: State, seat: int) -> None:
    if allowance(state, seat, "extra_trades"):
        use(state, seat, "extra_trades")
        return
    if not allowance(state, seat, "trades"):
        raise IllegalAction("You have no trades left this phase.")
    use(state, seat, "trades")
    if allowance(state, seat, "free_drachma"):
        use(state, seat, "free_drachma")


def apply_sell(state: State, seat: int, action: Action) -> None:
    """``sell <resource>``: one lot from the Port for its price."""
    name = RESOURCES[action.resource]
    rate = COMPONENTS.trade[name]
    if state["phase"]["role"] != "trader":
        raise IllegalAction("Trading happens in the Trader phase.")
    port = state["mats"][seat]["res"][MAT.port]
    if port[action.resource] < rate.lot:
        raise IllegalAction(
            f"A sale is {rate.lot} {name} from your Port ({MAT.name(MAT.port)}) for "
            f"{rate.price} drachma; your Port has {port[action.resource]}."
        )
    _use_trade(state, seat)
    mark_acted(state, seat)
    port[action.resource] -= rate.lot
    state["drachma"][seat] += rate.price


def apply_buy(state: State, seat: int, action: Action) -> None:
    """``buy <resource>``: one lot onto the Port for its price."""
    name = RESOURCES[action.resource]
    rate = COMPONENTS.trade[name]
    if state["phase"]["role"] != "trader":
        raise IllegalAction("Trading happens in the Trader phase.")
    price = buy_price(state, seat, action.resource)
    if state["drachma"][seat] < price:
        raise IllegalAction(
            f"{rate.lot} {name} cost{'s' if rate.lot == 1 else ''} {price} drachma and you "
            f"have {state['drachma'][seat]}."
        )
    _use_trade(state, seat)
    mark_acted(state, seat)
    state["drachma"][seat] -= price
    state["mats"][seat]["res"][MAT.port][action.resource] += rate.lot
