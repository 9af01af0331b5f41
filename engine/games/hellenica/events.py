"""World Events: the deck, the chaos track, the secret bids and the events.

"After a player moves units during a Movement action and resolves all Combat":

1. "Reveal the top card of the World Events Deck and place it in the World
   Events discard pile, face up."
2. "Move the Chaos Marker down a number of spaces on the Chaos Track as
   indicated by the Chaos Number."
3. "If the Chaos Marker does not enter the final space on the Chaos Track (the
   tip of the lightning bolt) then no World Event is triggered."
4. "If the Chaos Marker enters the final space the revealed World Event card
   occurs. Place the Chaos Marker on the space corresponding to the number of
   players in the game (not players +1) and continue moving the marker down
   any number of uncounted spaces remaining."
6-8. Every player announces their Favor (it is public) and bids secretly; "all
   players simultaneously open their hands to reveal their bid."
9. "The player with the highest bid wins the World Event ... In case of a tie,
   the Favorite of the Gods chooses between the tied bidders. The number of
   World Events a player has won is public knowledge."
10. "The winning bidder discards their spent Favor to the pool. All other
   players return their Favor to their Stockpile."
11. "The winning bidder follows any instructions on the World Event card and
   implements its effects immediately, starting with the winning bidder."
12. "The Chaos Marker is moved down a number of spaces equal to the amount of
   Favor spent by the winning player. This may trigger another World Event. If
   so, draw a new World Event card immediately, ignore the Chaos Number, and
   trigger the newly drawn World Event."

Olympus Awakens: "flip another World Event card. That World Event occurs
(including nothing happening if it is a Silence card). Ignore the Chaos Number
... Do not move the Chaos Marker ... except for the amount of Favor bid ...
After the Olympus Awakens card triggers a World Event all World Events cards
in the discard pile and any remaining in the World Events deck are reshuffled."
Set-up: "Remove the Olympus Awakens card ... split the remaining cards into two
approximately equal piles. Shuffle the Olympus Awakens card into the first
pile. Shuffle the second pile and place it on top."

The chaos track counts down to 0, the tip; it starts on players + 1. Reading:
a Chaos Number that reaches the tip triggers its one card even if what
remains after the reset would reach the tip again (the marker just goes
round). A Silence card that occurs needs no bid. An event the winner cannot
carry out (no Creature left, no city to revolt) gives only its reward. A
revealed card that does not occur, a Silence card and Olympus Awakens go to
the discard pile; a won card stays with its winner; an empty deck is
re-formed from the discard pile.

Notation: ``bid <n>`` (secret: the log says only "Blue places a secret bid"),
``award <colour>`` (the Favorite, on a tie) and the winner's choices:
``place <creature> <area>``, ``revolt <city>``, ``strike <area>``,
``refresh <city>``, ``zeus``/``hera``, a ``build ...`` command or ``pass``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import IllegalAction, Rng
from engine.games.hellenica.choice import ask, suspend
from engine.games.hellenica.components import EVENTS, OLYMPUS, UNITS, event_deck, unit_limit
from engine.games.hellenica.event_tasks import TASK_LISTS, TASKS, from_seat, muster_city
from engine.games.hellenica.interdiction import arrival_used
from engine.games.hellenica.maps import explore
from engine.games.hellenica.notation import listing
from engine.games.hellenica.state import (
    add_units,
    known_seat,
    log,
    map_of,
    own,
    rng_of,
    seat_name,
    store_rng,
    total_units,
)
from engine.games.hellenica.steps import Step, done_waiting, finish, push, register

# ---------------------------------------------------------------------------
# The chaos track and the deck


def advance_chaos(position: int, steps: int, players: int) -> tuple[int, bool]:
    """Move the Chaos Marker down ``steps`` spaces: entering 0 (the tip)
    triggers, and the marker goes on from the ``players`` space with the
    spaces left. Returns (new position, triggered)."""
    triggered = False
    while steps > 0:
        if steps >= position:
            steps -= position
            position = players
            triggered = True
        else:
            position -= steps
            steps = 0
    return position, triggered


def new_deck(rng: Rng) -> dict[str, Any]:
    """The set-up: Olympus Awakens shuffled into the lower half. Each pile is
    kept without order (drawing picks at random from the upper pile, then the
    lower): the same odds as the rulebook's shuffled deck, and nothing hidden
    sits in the state in order."""
    others = rng.shuffled(card for card in event_deck() if card != OLYMPUS)
    top = (len(others) + 1) // 2
    return {
        "upper": sorted(others[:top]),
        "lower": sorted(others[top:] + [OLYMPUS]),
        "discard": [],
        "last": None,
        "quiet": None,
        "reveals": 0,
    }


def draw(state: dict) -> str | None:
    """The next card of the World Event deck (the discard pile is reshuffled
    when the deck runs out)."""
    deck = own(state, "events")
    if not deck["upper"] and not deck["lower"] and deck["discard"]:
        deck["upper"], deck["discard"] = sorted(deck["discard"]), []
        log(state, "The World Event deck is re-formed from the discard pile.")
    pile = deck["upper"] or deck["lower"]
    if not pile:
        return None
    rng = rng_of(state)
    card = pile.pop(rng.below(len(pile)))
    store_rng(state, rng)
    return card


def reshuffle_all(state: dict) -> None:
    deck = own(state, "events")
    deck["upper"] = sorted(deck["upper"] + deck["lower"] + deck["discard"])
    deck["lower"], deck["discard"] = [], []
    log(state, "Olympus Awakens: the World Event deck and discard pile are shuffled together.")


def reward_text(card_name: str) -> str:
    reward = EVENTS[card_name].reward
    parts = []
    for key, word in (("commerce", "Commerce"), ("philosophers", "Philosopher"), ("favor", "Favor")):
        if reward.get(key):
            n = reward[key]
            parts.append(f"{n} {word}{'s' if word == 'Philosopher' and n != 1 else ''}")
    for kind, n in reward.get("units", {}).items():
        noun = UNITS[kind].title if n == 1 else UNITS[kind].plural.title()
        parts.append(f"{n} {noun} in your Government City")
    return listing(parts) or "none"


# ---------------------------------------------------------------------------
# The event process


@register
class EventStep(Step):
    """One revealed World Event card, from the reveal to the chaos it leaves."""

    kind = "event"

    def enter(self, state: dict, frame: dict) -> None:
        frame.setdefault("stage", "reveal")
        frame.setdefault("answers", {})
        while True:
            stage = frame["stage"]
            if stage == "done":
                finish(state, frame)
                return
            STAGES[stage](state, frame)
            if state["stack"][-1] is not frame:
                suspend(frame)
                return

    def seats(self, state: dict, frame: dict) -> list[int]:
        return []

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        return []

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        raise self.refuse(state, frame, seat, action)

    def title(self, state: dict, frame: dict) -> str:
        return "a World Event"


def _reveal(state: dict, frame: dict) -> None:
    card = draw(state)
    if card is None:
        frame["stage"] = "done"
        return
    who = seat_name(frame["seat"])
    if card == OLYMPUS:
        log(state, f"{who}'s movement reveals Olympus Awakens!")
        _olympus(state, frame)
        return
    chaos = EVENTS[card].chaos
    before = state["chaos"]
    state["chaos"], triggered = advance_chaos(before, chaos, state["players"])
    text = f"{who}'s movement reveals {EVENTS[card].title} (Chaos {chaos}): the marker moves from {before}"
    if not triggered:
        deck = own(state, "events")
        deck["discard"].append(card)
        deck["quiet"] = card  # ``last`` keeps the last event that occurred, for the picture
        log(state, text + f" to {state['chaos']}.")
        frame["stage"] = "done"
        return
    log(state, text + f" to the tip and on to {state['chaos']}: the World Event occurs!")
    _occur(frame, card)


def _olympus(state: dict, frame: dict) -> None:
    """Olympus Awakens: another card occurs, whatever its Chaos Number."""
    own(state, "events")["discard"].append(OLYMPUS)
    frame["olympus"] = True
    card = draw(state)
    while card == OLYMPUS:  # only after a reshuffle could it come again
        own(state, "events")["discard"].append(card)
        card = draw(state)
    if card is None:
        frame["stage"] = "after"
        return
    log(state, f"Olympus Awakens flips {EVENTS[card].title}; its Chaos Number is ignored.")
    _occur(frame, card)


def _occur(frame: dict, card: str) -> None:
    frame.update(
        card=card,
        holding=True,
        stage="trigger",
        bids={},
        winner=None,
        spared=[],
        cancelled=False,
        tasks=None,
        answers={},
    )


def _trigger(state: dict, frame: dict) -> None:
    if explore.skip_eruption(state, frame["card"]):  # Explorable Map: no Volcano revealed yet
        own(state, "events")["discard"].append(frame["card"])
        log(
            state,
            f"{EVENTS[frame['card']].title}: no Volcano has been revealed; the card is ignored and another is drawn.",
        )
        card = draw(state)
        if card is None:
            frame["stage"] = "done"
        elif card == OLYMPUS:
            _olympus(state, frame)
        else:
            _occur(frame, card)
        return
    event = EVENTS[frame["card"]]
    deck = own(state, "events")
    deck["last"] = {
        "card": frame["card"],
        "occurred": True,
        "winner": None,
        "bids": None,
        "cancelled": False,
    }
    deck["quiet"] = None
    if event.effect == "silence":
        log(state, f"World Event: {event.title}. {event.text}")
        deck["discard"].append(frame["card"])
        frame["holding"] = False
        frame["stage"] = "after"
        return
    log(state, f"World Event: {event.title} — reward: {reward_text(frame['card'])}; {event.text}")
    frame["stage"] = "bid"
    push(state, "window", phase="event", open_phase=True, exclude=[], event=frame["id"])


def _bid(state: dict, frame: dict) -> None:
    """ "Players publicly announce the amount of Favor they have", then bid."""
    frame["stage"] = "award"
    favor = ", ".join(f"{seat_name(s)} {state['seats'][s]['favor']}" for s in range(state["players"]))
    log(state, f"Favor on hand: {favor}. Everyone bids in secret (`bid <n>`).")
    push(state, "bid", waiting=list(range(state["players"])), bids={}, parent=frame["id"], card=frame["card"])


def _award(state: dict, frame: dict) -> None:
    bids = {int(seat): amount for seat, amount in frame["bids"].items()}
    best = max(bids.values())
    tied = [seat for seat in from_seat(state, state["favorite"]) if bids[seat] == best]
    if len(tied) > 1:
        if "award" not in frame["answers"]:
            names = [seat_name(s).lower() for s in tied]
            ask(
                state,
                frame,
                "award",
                state["favorite"],
                "award",
                names,
                f"break the tie for {EVENTS[frame['card']].title}",
                {n: f"{n.title()} wins the World Event" for n in names},
            )
            return
        winner = known_seat(state, frame["answers"].pop("award"))
        log(
            state,
            f"{seat_name(state['favorite'])}, Favorite of the Gods, breaks the tie for "
            f"{listing([seat_name(s) for s in tied])}: {seat_name(winner)} wins.",
        )
    else:
        winner = tied[0]
    frame["winner"] = winner
    frame["stage"] = "pay"


def _pay(state: dict, frame: dict) -> None:
    winner = frame["winner"]
    card = EVENTS[frame["card"]]
    paid = min(frame["bids"][str(winner)], state["seats"][winner]["favor"])
    frame["paid"] = paid
    state["seats"][winner]["favor"] -= paid
    state["seats"][winner]["won"].append(frame["card"])
    frame["holding"] = False
    own(state, "events")["last"].update(winner=winner, bids=dict(frame["bids"]), cancelled=frame["cancelled"])
    log(state, f"{seat_name(winner)} wins {card.title}, pays {paid} Favor and takes the card.")
    _reward(state, winner, card.reward)
    if frame["cancelled"]:
        log(state, f"The effect of {card.title} does not happen.")
        frame["stage"] = "after"
        return
    frame["tasks"] = TASK_LISTS[card.effect](state, frame)
    frame["stage"] = "tasks"


def _reward(state: dict, seat: int, reward: Mapping[str, Any]) -> None:
    player = state["seats"][seat]
    for key in ("commerce", "philosophers", "favor"):
        player[key] += reward.get(key, 0)
    if reward.get("units"):
        home = muster_city(state, seat)
        if home is None:
            log(state, f"{seat_name(seat)} has no city free of enemy units to receive the units.")
            return
        for kind, n in reward["units"].items():
            count = min(n, unit_limit(kind) - total_units(state, seat, kind))
            if count > 0:
                add_units(state, home, seat, kind, count, used=arrival_used(state, home, 0))
                noun = UNITS[kind].plural if count > 1 else UNITS[kind].title
                log(state, f"{seat_name(seat)} receives {count} {noun} in {map_of(state).title(home)}.")


def _tasks(state: dict, frame: dict) -> None:
    while frame["tasks"]:
        task = frame["tasks"][0]
        if not TASKS[task["do"]](state, frame, task):
            return
        frame["tasks"].pop(0)
        if state["stack"][-1] is not frame:
            return
    frame["stage"] = "after"


def _after(state: dict, frame: dict) -> None:
    """Olympus Awakens' reshuffle, then the winning bid's chaos."""
    if frame.get("olympus"):
        reshuffle_all(state)
        frame["olympus"] = False
    paid = frame.get("paid", 0)
    frame["paid"] = 0
    frame["stage"] = "done"
    if not paid:
        return
    before = state["chaos"]
    state["chaos"], triggered = advance_chaos(before, paid, state["players"])
    if not triggered:
        log(state, f"The winning bid moves the Chaos Marker from {before} to {state['chaos']}.")
        return
    log(
        state, f"The winning bid drives the Chaos Marker to the tip (now {state['chaos']}): another World Event occurs!"
    )
    card = draw(state)
    if card is None:
        return
    if card == OLYMPUS:
        log(state, "Olympus Awakens!")
        _olympus(state, frame)
        return
    log(state, f"{EVENTS[card].title} is drawn; its Chaos Number is ignored.")
    _occur(frame, card)


STAGES: dict[str, Callable[[dict, dict], None]] = {
    "reveal": _reveal,
    "trigger": _trigger,
    "bid": _bid,
    "award": _award,
    "pay": _pay,
    "tasks": _tasks,
    "after": _after,
}


# ---------------------------------------------------------------------------
# Secret bids


@register
class BidStep(Step):
    """Everyone bids Favor at once; the amounts stay secret until the last bid."""

    kind = "bid"

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        if seat not in frame["waiting"]:
            return []
        return [f"bid {n}" for n in range(state["seats"][seat]["favor"] + 1)]

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        words = action.split()
        favor = state["seats"][seat]["favor"]
        if len(words) != 2 or words[0] != "bid" or not words[1].isdigit():
            raise IllegalAction(
                f"Everyone is bidding on {EVENTS[frame['card']].title} now: bid a number of Favor "
                f"from 0 to {favor}, e.g. `bid {min(1, favor)}`."
            )
        amount = int(words[1])
        if amount > favor:
            raise IllegalAction(f"You have {favor} Favor; bid at most that (`bid {favor}`).")
        frame["bids"][str(seat)] = amount
        log(state, f"{seat_name(seat)} places a secret bid.")
        if len(frame["waiting"]) == 1:
            self._reveal(state, frame)
        done_waiting(state, frame, seat)

    def _reveal(self, state: dict, frame: dict) -> None:
        parent = next((f for f in state["stack"] if f["id"] == frame["parent"]), None)
        if parent is not None:
            parent["bids"] = dict(frame["bids"])
        own(state, "events")["reveals"] += 1
        shown = ", ".join(f"{seat_name(int(s))} {n}" for s, n in sorted(frame["bids"].items(), key=lambda i: int(i[0])))
        log(state, f"The bids on {EVENTS[frame['card']].title} are revealed: {shown}.")

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        n = action.split()[1]
        return f"bid {n} Favor on {EVENTS[frame['card']].title} (secret until everyone has bid)"

    def title(self, state: dict, frame: dict) -> str:
        return f"secret bids on {EVENTS[frame['card']].title}"


def bid_view(state: dict) -> dict[str, Any] | None:
    """Who has bid (never how much) while bids are open."""
    frame = next((f for f in reversed(state["stack"]) if f["kind"] == "bid"), None)
    if frame is None:
        return None
    return {
        "card": frame["card"],
        "title": EVENTS[frame["card"]].title,
        "bid": sorted(int(s) for s in frame["bids"]),
        "waiting": list(frame["waiting"]),
    }


def own_bid(state: dict, seat: int) -> int | None:
    frame = next((f for f in reversed(state["stack"]) if f["kind"] == "bid"), None)
    if frame is None:
        return None
    return frame["bids"].get(str(seat))


def held_cards(state: dict) -> list[str]:
    """Cards held by event processes (being resolved), for the card count."""
    return [f["card"] for f in state["stack"] if f["kind"] == "event" and f.get("holding")]
