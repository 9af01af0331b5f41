"""Trading Commerce and Philosophers between players, at any time.

"Philosophers and Commerce may be freely traded between players at any time.
Favor may not be traded."

Trades are out-of-turn actions: any player may write, propose and answer them
whatever the game is waiting for, and the game never waits for a trade. A
player writes one offer at a time: ``offer`` starts it, ``give commerce`` /
``give philosopher`` / ``ask commerce`` / ``ask philosopher`` add one token
each, and ``offer <colour>`` proposes it to that player (``cancel`` drops
it). The other player answers ``accept <colour>`` or ``decline <colour>``
when they like; the offering player may ``retract <colour>`` an offer not yet
answered. Proposed offers lapse at the end of the turn (our reading, so that
old offers do not pile up); an offer is checked again when accepted. AI
players do not trade.

Why the partner is named last: the terms are written first and naming the
partner proposes them, one step fewer than naming the partner, writing and
then proposing; and a player who is not trading has a single trade action
(``offer``) among the game's, not one per other player.
"""

from __future__ import annotations

from typing import Any

from engine.core import IllegalAction
from engine.games.hellenica.state import copy_state, log, seat_by_name, seat_name

GOODS = ("commerce", "philosophers")
_WORD = {"commerce": "commerce", "philosopher": "philosophers", "philosophers": "philosophers"}
VERBS = frozenset({"offer", "give", "ask", "propose", "cancel", "accept", "decline", "retract"})
"""The first words of trade actions (no other Hellenica action uses them)."""


def _side(goods: dict) -> str:
    parts = [
        f"{goods['commerce']} Commerce" if goods["commerce"] else "",
        f"{goods['philosophers']} Philosopher{'s' if goods['philosophers'] != 1 else ''}"
        if goods["philosophers"]
        else "",
    ]
    return " and ".join(p for p in parts if p) or "nothing"


def terms(offer: dict) -> str:
    return f"{_side(offer['give'])} for {_side(offer['ask'])}"


def _colour(seat: int) -> str:
    return seat_name(seat).lower()


def _offers_to(state: dict, seat: int) -> list[dict]:
    return [o for o in state["offers"] if o["to"] == seat]


def _affordable(state: dict, offer: dict) -> bool:
    giver, taker = state["seats"][offer["from"]], state["seats"][offer["to"]]
    return all(giver[g] >= offer["give"][g] and taker[g] >= offer["ask"][g] for g in GOODS)


def copy_for_trade(state: dict) -> dict:
    """The state a trade action works on. A trade changes only the seats'
    commodities, the offers, the drafts and the log; those are copied, every
    other part is shared with ``state``, which (like every state ``play``
    returns) nothing changes afterwards. Trades are frequent and copying the
    whole board for them would be most of their cost."""
    after = dict(state)
    for key in ("seats", "offers", "drafts"):
        after[key] = copy_state(state[key])
    after["log"] = list(state["log"])  # entries are never changed, only added and dropped
    return after


def _partners(state: dict, seat: int) -> list[int]:
    """The players a seat may trade with (AI players do not trade)."""
    ai = state.get("ai_seats", ())
    return [other for other in range(state["players"]) if other != seat and other not in ai]


def _holds(state: dict, seat: int, goods: dict) -> bool:
    return all(state["seats"][seat][g] >= goods[g] for g in GOODS)


def _empty() -> dict:
    return {g: 0 for g in GOODS}


def commands(state: dict, seat: int) -> list[str]:
    """Every trade action of a seat now."""
    if state["phase"] in ("setup", "over") or seat in state.get("ai_seats", ()):
        return []
    actions = []
    draft = state["drafts"].get(str(seat))
    partners = _partners(state, seat)
    if draft is None:
        if partners:
            actions.append("offer")
    else:
        mine = state["seats"][seat]
        for good, word in (("commerce", "commerce"), ("philosophers", "philosopher")):
            if mine[good] > draft["give"][good]:
                actions.append(f"give {word}")
        for good, word in (("commerce", "commerce"), ("philosophers", "philosopher")):
            if any(state["seats"][other][good] > draft["ask"][good] for other in partners):
                actions.append(f"ask {word}")
        if any(draft["give"].values()) or any(draft["ask"].values()):
            actions += [f"offer {_colour(other)}" for other in partners if _holds(state, other, draft["ask"])]
        actions.append("cancel")
    for offer in _offers_to(state, seat):
        if _affordable(state, offer):
            actions.append(f"accept {_colour(offer['from'])}")
        actions.append(f"decline {_colour(offer['from'])}")
    actions += [f"retract {_colour(o['to'])}" for o in state["offers"] if o["from"] == seat]
    return actions


def play(state: dict, seat: int, action: str) -> None:
    """Apply a trade action (the caller checked the game is not over)."""
    words = action.split()
    verb = words[0]
    draft = state["drafts"].get(str(seat))
    offer: dict[str, Any] | None  # the offer made, or the one answered
    if words == ["offer"]:
        if draft is not None:
            raise IllegalAction("You are writing an offer already: add terms, `offer <colour>` it or `cancel` it.")
        if not _partners(state, seat):
            raise IllegalAction("Nobody here can trade with you (AI players do not trade).")
        state["drafts"][str(seat)] = {"from": seat, "give": _empty(), "ask": _empty()}
    elif verb in ("give", "ask"):
        if len(words) != 2 or words[1] not in _WORD:
            raise IllegalAction(
                "Only Commerce and Philosophers can be traded (`give commerce`, `ask "
                "philosopher`); Favor may not be traded."
            )
        if draft is None:
            raise IllegalAction("Start a trade first with `offer`.")
        good = _WORD[words[1]]
        if verb == "give" and state["seats"][seat][good] <= draft["give"][good]:
            raise IllegalAction(f"You have only {state['seats'][seat][good]} {good.title()}.")
        if verb == "ask" and not any(state["seats"][o][good] > draft["ask"][good] for o in _partners(state, seat)):
            raise IllegalAction(f"No other player holds more than {draft['ask'][good]} {good.title()}.")
        draft[verb][good] += 1
    elif verb == "offer":
        other = seat_by_name(state, words[1]) if len(words) == 2 else None
        if draft is None:
            raise IllegalAction(
                "Start with `offer`, write the terms (`give commerce`, `ask philosopher` ... one "
                "token each), then `offer <colour>` proposes them."
            )
        if not (any(draft["give"].values()) or any(draft["ask"].values())):
            raise IllegalAction("The offer is empty: `give` or `ask` something first.")
        if other is None or other not in _partners(state, seat):
            names = ", ".join(_colour(s) for s in _partners(state, seat))
            raise IllegalAction(f"Propose it to another player: `offer <colour>` with one of {names}.")
        if not _holds(state, other, draft["ask"]):
            raise IllegalAction(f"{seat_name(other)} does not hold {_side(draft['ask'])}.")
        offer = {"from": seat, "to": other, "give": dict(draft["give"]), "ask": dict(draft["ask"])}
        state["offers"] = [o for o in state["offers"] if not (o["from"] == seat and o["to"] == other)]
        state["offers"].append(offer)
        del state["drafts"][str(seat)]
        log(state, f"{seat_name(seat)} offers {seat_name(other)} {terms(offer)}.")
    elif words == ["cancel"]:
        if draft is None:
            raise IllegalAction("You are not writing an offer.")
        del state["drafts"][str(seat)]
    elif verb in ("accept", "decline", "retract") and len(words) == 2:
        other = seat_by_name(state, words[1])
        if verb == "retract":
            offer = next((o for o in state["offers"] if o["from"] == seat and o["to"] == other), None)
        else:
            offer = next((o for o in _offers_to(state, seat) if o["from"] == other), None)
        if offer is None:
            raise IllegalAction(f"There is no offer between you and `{words[1]}` to {verb}.")
        if verb == "accept" and not _affordable(state, offer):
            raise IllegalAction("One of you no longer holds what the offer names; `decline` it.")
        state["offers"].remove(offer)
        giver, taker = state["seats"][offer["from"]], state["seats"][offer["to"]]
        if verb == "accept":
            for good in GOODS:
                giver[good] += offer["ask"][good] - offer["give"][good]
                taker[good] += offer["give"][good] - offer["ask"][good]
            log(state, f"{seat_name(seat)} accepts {seat_name(offer['from'])}'s offer of {terms(offer)}.")
        elif verb == "decline":
            log(state, f"{seat_name(seat)} declines {seat_name(offer['from'])}'s offer.")
        else:
            log(state, f"{seat_name(seat)} retracts the offer to {seat_name(offer['to'])}.")
    else:
        raise IllegalAction(
            "Trade with `offer`, then `give`/`ask` `commerce`/`philosopher` (one token each) and "
            "`offer <colour>`; answer with `accept <colour>` or `decline <colour>`."
        )


def explain(state: dict, seat: int, action: str) -> str:
    words = action.split()
    draft = state["drafts"].get(str(seat))
    if words == ["offer"]:
        return "start writing a trade offer (then give/ask, and `offer <colour>` proposes it)"
    if words[0] == "offer" and draft:
        return f"propose {terms(draft)} to {words[1].title()}"
    if words[0] in ("give", "ask"):
        return f"{'offer' if words[0] == 'give' else 'ask for'} one more {words[1].title()}"
    if words == ["cancel"]:
        return "drop the offer you are writing"
    other = seat_by_name(state, words[1]) if len(words) == 2 else None
    offer = next((o for o in state["offers"] if {o["from"], o["to"]} == {seat, other}), None)
    if offer is None:
        return action
    if words[0] == "accept":
        return f"take {seat_name(offer['from'])}'s offer: {terms(offer)}"
    if words[0] == "decline":
        return f"refuse {seat_name(offer['from'])}'s offer ({terms(offer)})"
    return f"withdraw your offer to {seat_name(offer['to'])}"


def offers_view(state: dict) -> list[dict]:
    """Proposed offers (public: they are announced)."""
    return [
        {"from": o["from"], "to": o["to"], "give": dict(o["give"]), "ask": dict(o["ask"]), "terms": terms(o)}
        for o in state["offers"]
    ]


def drafts_view(state: dict) -> list[dict]:
    """Offers still being written. Public too: trades hide nothing (every
    Commodity is public and the offer is announced when proposed)."""
    return [
        {"from": d["from"], "terms": terms(d)}
        for _, d in sorted(state["drafts"].items(), key=lambda item: int(item[0]))
    ]
