"""Trading Commerce and Philosophers between players.

"Philosophers and Commerce may be freely traded between players at any time.
Favor may not be traded."

Only seats whose turn it is can act at a table, so a player offers a trade
during their own action (or Research step): ``offer <colour>`` opens a draft,
``give commerce`` / ``give philosopher`` / ``ask commerce`` / ``ask
philosopher`` add one token each, then ``propose`` (or ``cancel``). The other
player answers ``accept`` or ``decline`` — even after passing — and play
returns to the offering player.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.games.hellenica.state import log, seat_by_name, seat_name
from engine.games.hellenica.steps import Step, finish, push, register

GOODS = ("commerce", "philosophers")
_WORD = {"commerce": "commerce", "philosopher": "philosophers", "philosophers": "philosophers"}


def offer_commands(state: dict, seat: int) -> list[str]:
    return [f"offer {seat_name(other).lower()}" for other in range(state["players"]) if other != seat]


def start_offer(state: dict, seat: int, words: list[str]) -> None:
    other = seat_by_name(state, words[1]) if len(words) == 2 else None
    if other is None or other == seat:
        names = ", ".join(seat_name(s).lower() for s in range(state["players"]) if s != seat)
        raise IllegalAction(f"Offer a trade to another player: `offer <colour>` with one of {names}.")
    push(state, "draft", seat=seat, target=other, give={g: 0 for g in GOODS}, ask={g: 0 for g in GOODS})


def terms(frame: dict) -> str:
    def side(goods: dict) -> str:
        parts = [f"{goods['commerce']} Commerce" if goods["commerce"] else "",
                 f"{goods['philosophers']} Philosopher{'s' if goods['philosophers'] != 1 else ''}"
                 if goods["philosophers"] else ""]
        return " and ".join(p for p in parts if p) or "nothing"
    return f"{side(frame['give'])} for {side(frame['ask'])}"


@register
class DraftStep(Step):
    kind = "draft"

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        mine, theirs = state["seats"][seat], state["seats"][frame["target"]]
        actions = []
        if mine["commerce"] > frame["give"]["commerce"]:
            actions.append("give commerce")
        if mine["philosophers"] > frame["give"]["philosophers"]:
            actions.append("give philosopher")
        if theirs["commerce"] > frame["ask"]["commerce"]:
            actions.append("ask commerce")
        if theirs["philosophers"] > frame["ask"]["philosophers"]:
            actions.append("ask philosopher")
        if any(frame["give"].values()) or any(frame["ask"].values()):
            actions.append("propose")
        return actions + ["cancel"]

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        words = action.split()
        if len(words) == 2 and words[0] in ("give", "ask") and words[1] in _WORD:
            good = _WORD[words[1]]
            holder = seat if words[0] == "give" else frame["target"]
            side = frame[words[0]]
            if state["seats"][holder][good] <= side[good]:
                who = "You have" if holder == seat else f"{seat_name(holder)} has"
                raise IllegalAction(f"{who} only {state['seats'][holder][good]} {good.title()}.")
            side[good] += 1
        elif words == ["propose"]:
            if not any(frame["give"].values()) and not any(frame["ask"].values()):
                raise IllegalAction("The offer is empty: `give` or `ask` something first.")
            finish(state, frame)
            log(state, f"{seat_name(seat)} offers {seat_name(frame['target'])} {terms(frame)}.")
            push(state, "offer", seat=frame["target"], offerer=seat, give=frame["give"], ask=frame["ask"])
        elif words == ["cancel"]:
            finish(state, frame)
        elif words and words[0] == "give" or words and words[0] == "ask":
            raise IllegalAction("Only Commerce and Philosophers can be traded (`give commerce`, `ask "
                                "philosopher`); Favor may not be traded.")
        else:
            raise self.refuse(state, frame, seat, action)

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        return {"propose": f"propose {terms(frame)} to {seat_name(frame['target'])}",
                "cancel": "drop this offer"}.get(action, action)

    def title(self, state: dict, frame: dict) -> str:
        return f"drafting an offer to {seat_name(frame['target'])}"


@register
class OfferStep(Step):
    kind = "offer"

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        return (["accept"] if self._affordable(state, frame) else []) + ["decline"]

    def _affordable(self, state: dict, frame: dict) -> bool:
        offerer, target = state["seats"][frame["offerer"]], state["seats"][frame["seat"]]
        return all(offerer[g] >= frame["give"][g] and target[g] >= frame["ask"][g] for g in GOODS)

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        offer = {"give": frame["give"], "ask": frame["ask"]}
        if action == "accept":
            if not self._affordable(state, frame):
                raise IllegalAction("One of you no longer holds what the offer names; `decline` it.")
            offerer, target = state["seats"][frame["offerer"]], state["seats"][seat]
            for good in GOODS:
                offerer[good] += offer["ask"][good] - offer["give"][good]
                target[good] += offer["give"][good] - offer["ask"][good]
            log(state, f"{seat_name(seat)} accepts {seat_name(frame['offerer'])}'s offer of {terms(frame)}.")
        elif action == "decline":
            log(state, f"{seat_name(seat)} declines {seat_name(frame['offerer'])}'s offer.")
        else:
            raise self.refuse(state, frame, seat, action)
        finish(state, frame)

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        if action == "accept":
            return f"take {seat_name(frame['offerer'])}'s offer: {terms(frame)}"
        return f"refuse {seat_name(frame['offerer'])}'s offer"

    def title(self, state: dict, frame: dict) -> str:
        return f"answering {seat_name(frame['offerer'])}'s offer"
