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

from typing import Any, Callable

from engine.core import IllegalAction, Rng
from engine.games.hellenica.maps import explore
from engine.games.hellenica import build, creatures
from engine.games.hellenica.ai import ai_name, is_ai
from engine.games.hellenica.ai import world as ai_world
from engine.games.hellenica.choice import ask, suspend
from engine.games.hellenica.components import (CREATURES, EVENTS, OLYMPUS, UNITS, event_deck, unit_limit)
from engine.games.hellenica.favorite import turn_order
from engine.games.hellenica.interdiction import arrival_used
from engine.games.hellenica.losses import (area_reduction, check_emptied, city_upgrades, counted_upgrades, lose,
                                           piece_title, players_on, revolt, revolt_cities, units_in_area)
from engine.games.hellenica.notation import listing
from engine.games.hellenica.objectives import upgrade_count
from engine.games.hellenica.state import (ACTIVE, EXHAUSTED, add_units, enemies_in, government_city, log, map_of,
                                          owned_cities, remove_owner, rng_of, seat_by_name, seat_name, set_site,
                                          store_rng, total_units, upgrades_of)
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
    return {"upper": sorted(others[:top]), "lower": sorted(others[top:] + [OLYMPUS]), "discard": [],
            "last": None, "quiet": None, "reveals": 0}


def draw(state: dict) -> str | None:
    """The next card of the World Event deck (the discard pile is reshuffled
    when the deck runs out)."""
    deck = state["events"]
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
    deck = state["events"]
    deck["upper"] = sorted(deck["upper"] + deck["lower"] + deck["discard"])
    deck["lower"], deck["discard"] = [], []
    log(state, "Olympus Awakens: the World Event deck and discard pile are shuffled together.")


def from_seat(state: dict, seat: int) -> list[int]:
    """Every seat in turn order, starting with ``seat``."""
    order = list(state["order"]) or turn_order(state)
    start = order.index(seat) if seat in order else 0
    return order[start:] + order[:start]


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
        state["events"]["discard"].append(card)
        state["events"]["quiet"] = card  # ``last`` keeps the last event that occurred, for the picture
        log(state, text + f" to {state['chaos']}.")
        frame["stage"] = "done"
        return
    log(state, text + f" to the tip and on to {state['chaos']}: the World Event occurs!")
    _occur(frame, card)


def _olympus(state: dict, frame: dict) -> None:
    """Olympus Awakens: another card occurs, whatever its Chaos Number."""
    state["events"]["discard"].append(OLYMPUS)
    frame["olympus"] = True
    card = draw(state)
    while card == OLYMPUS:  # only after a reshuffle could it come again
        state["events"]["discard"].append(card)
        card = draw(state)
    if card is None:
        frame["stage"] = "after"
        return
    log(state, f"Olympus Awakens flips {EVENTS[card].title}; its Chaos Number is ignored.")
    _occur(frame, card)


def _occur(frame: dict, card: str) -> None:
    frame.update(card=card, holding=True, stage="trigger", bids={}, winner=None, spared=[], cancelled=False,
                 tasks=None, answers={})


def _trigger(state: dict, frame: dict) -> None:
    if explore.skip_eruption(state, frame["card"]):  # Explorable Map: no Volcano revealed yet
        state["events"]["discard"].append(frame["card"])
        log(state, f"{EVENTS[frame['card']].title}: no Volcano has been revealed; the card is ignored and "
                   f"another is drawn.")
        card = draw(state)
        if card is None:
            frame["stage"] = "done"
        elif card == OLYMPUS:
            _olympus(state, frame)
        else:
            _occur(frame, card)
        return
    card = EVENTS[frame["card"]]
    state["events"]["last"] = {"card": frame["card"], "occurred": True, "winner": None, "bids": None,
                               "cancelled": False}
    state["events"]["quiet"] = None
    if card.effect == "silence":
        log(state, f"World Event: {card.title}. {card.text}")
        state["events"]["discard"].append(frame["card"])
        frame["holding"] = False
        frame["stage"] = "after"
        return
    log(state, f"World Event: {card.title} — reward: {reward_text(frame['card'])}; {card.text}")
    frame["stage"] = "bid"
    push(state, "window", phase="event", open_phase=True, exclude=[], event=frame["id"])


def _bid(state: dict, frame: dict) -> None:
    """"Players publicly announce the amount of Favor they have", then bid."""
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
            ask(state, frame, "award", state["favorite"], "award", names,
                f"break the tie for {EVENTS[frame['card']].title}",
                {n: f"{n.title()} wins the World Event" for n in names})
            return
        winner = seat_by_name(state, frame["answers"].pop("award"))
        log(state, f"{seat_name(state['favorite'])}, Favorite of the Gods, breaks the tie for "
                   f"{listing([seat_name(s) for s in tied])}: {seat_name(winner)} wins.")
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
    state["events"]["last"].update(winner=winner, bids=dict(frame["bids"]), cancelled=frame["cancelled"])
    log(state, f"{seat_name(winner)} wins {card.title}, pays {paid} Favor and takes the card.")
    _reward(state, winner, card.reward)
    if frame["cancelled"]:
        log(state, f"The effect of {card.title} does not happen.")
        frame["stage"] = "after"
        return
    frame["tasks"] = TASK_LISTS[card.effect](state, frame)
    frame["stage"] = "tasks"


def muster_city(state: dict, seat: int) -> str | None:
    """Where units a World Event gives arrive: the Government City, else
    another city of the seat — never one where enemy units stand (placing
    them there is no movement and would start no combat)."""
    cities = [government_city(state, seat)] + owned_cities(state, seat)
    return next((c for c in cities if c is not None and state["cities"][c]["owner"] == seat
                 and not enemies_in(state, c, seat)), None)


def _reward(state: dict, seat: int, reward: dict[str, Any]) -> None:
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
    log(state, f"The winning bid drives the Chaos Marker to the tip (now {state['chaos']}): another World Event "
               f"occurs!")
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
    "reveal": _reveal, "trigger": _trigger, "bid": _bid, "award": _award, "pay": _pay, "tasks": _tasks,
    "after": _after,
}


# ---------------------------------------------------------------------------
# Effects, as tasks


def _choice(state: dict, frame: dict, task: dict, seat: int, verb: str, options: list[str], prompt: str,
            labels: dict[str, str] | None = None) -> str | None:
    """The answer to a task's question: at once when there is one option,
    else asked (None while waiting)."""
    key = f"task{task['id']}"
    if key in frame["answers"]:
        return frame["answers"].pop(key)
    if len(options) == 1:
        return options[0]
    ask(state, frame, key, seat, verb, options, prompt, labels)
    return None


def _task_list(*tasks: dict) -> list[dict]:
    return [{"id": index, **task} for index, task in enumerate(tasks)]


def _spared(frame: dict) -> list[int]:
    return frame.get("spared", [])


def _others(state: dict, frame: dict) -> list[int]:
    return [s for s in from_seat(state, frame["winner"]) if s != frame["winner"] and s not in _spared(frame)]


def _creature_task(state: dict, frame: dict, task: dict) -> bool:
    named = task["creature"]
    pool = [named] if named in creatures.available(state) else creatures.available(state)
    options = [f"{name} {area}" for name in pool for area in creatures.placement_areas(state, name)]
    if not options:
        log(state, "No Mythological Creature can be placed.")
        return True
    board = map_of(state)
    labels = {o: f"the {CREATURES[o.split()[0]].title} in {board.title(o.split()[1])}" for o in options}
    answer = _choice(state, frame, task, frame["winner"], "place", options, "place the Creature", labels)
    if answer is None:
        return False
    name, area = answer.split()
    creatures.place(state, name, area, frame["winner"])
    return True


def _revolt_pick(state: dict, frame: dict, task: dict) -> bool:
    options = [city for seat in _others(state, frame) for city in revolt_cities(state, seat)]
    if not options:
        log(state, "No city can revolt.")
        return True
    board = map_of(state)
    labels = {c: f"{board.title(c)} ({seat_name(state['cities'][c]['owner'])}) revolts" for c in options}
    answer = _choice(state, frame, task, frame["winner"], "revolt", options, "choose the city that revolts", labels)
    if answer is None:
        return False
    revolt(state, answer)
    return True


def _revolt_own(state: dict, frame: dict, task: dict) -> bool:
    seat = task["seat"]
    cities = revolt_cities(state, seat)
    if not cities:
        log(state, f"{seat_name(seat)} has no city that can revolt (a Government City never does).")
        return True
    most = max(counted_upgrades(state, c) for c in cities)  # an AI's Settlements count as upgrades
    options = [c for c in cities if counted_upgrades(state, c) == most]
    answer = _choice(state, frame, task, seat, "revolt", options, "choose which of your cities revolts")
    if answer is None:
        return False
    revolt(state, answer)
    return True


def _strike_options(state: dict, frame: dict, terrain: str) -> list[str]:
    board = map_of(state)
    governments = {government_city(state, s) for s in range(state["players"])}
    hit = set(_others(state, frame)) | {frame["winner"]}
    result = []
    for name, area in board.areas.items():
        if name in state["impassable"] or (terrain == "land") != area.is_land:
            continue
        if terrain == "land" and name in governments:
            continue
        if set(players_on(state, name)) & hit:
            result.append(name)
    return result


def _strike(state: dict, frame: dict, task: dict) -> bool:
    options = _strike_options(state, frame, task["terrain"])
    if not options:
        log(state, "There is no Area to strike.")
        return True
    answer = _choice(state, frame, task, frame["winner"], "strike", options, "choose the Area struck")
    if answer is None:
        return False
    area_reduction(state, answer, _spared(frame), from_seat(state, frame["winner"]), EVENTS[frame["card"]].title)
    return True


def _eruption(state: dict, frame: dict, task: dict) -> bool:
    board = map_of(state)
    options = [a for a, area in board.areas.items() if area.volcano and a not in state["impassable"]]
    if not options:
        log(state, "No Volcano is in play.")
        return True
    answer = _choice(state, frame, task, frame["winner"], "strike", options, "choose the Volcano that erupts")
    if answer is None:
        return False
    title = EVENTS[frame["card"]].title
    order = from_seat(state, frame["winner"])
    around = [a for a in board.neighbours(answer) if a not in state["impassable"]]
    hit = [(seat, [a for a in around if seat in players_on(state, a)]) for seat in order
           if seat not in _spared(frame)]
    for seat, areas in reversed(hit):
        if areas:
            lose(state, seat, areas, 1, "any", after={"emptied": areas}, why=f"{title} next to {board.title(answer)}")
    area_reduction(state, answer, _spared(frame), order, f"{title} of {board.title(answer)}")
    return True


def _alcibiades(state: dict, frame: dict, task: dict) -> bool:
    winner = frame["winner"]
    where = next(((area, s["owner"]) for area, area_stacks in state["units"].items() for s in area_stacks
                  if s["kind"] == "alcibiades"), None)
    if where is not None and where[1] == winner:
        log(state, f"Alcibiades stays with {seat_name(winner)}.")
        return True
    if where is not None and where[1] in _spared(frame):
        log(state, f"Alcibiades stays with {seat_name(where[1])}, spared by the gods.")
        return True
    home = muster_city(state, winner)
    if home is None:
        log(state, f"{seat_name(winner)} has no city free of enemy units to receive Alcibiades.")
        return True
    if where is not None:
        remove_owner(state, where[0], where[1], ("alcibiades",))
        log(state, f"Alcibiades leaves {seat_name(where[1])} in {map_of(state).title(where[0])}.")
    add_units(state, home, winner, "alcibiades", 1, used=arrival_used(state, home, 0))
    log(state, f"Alcibiades joins {seat_name(winner)} in {map_of(state).title(home)}.")
    return True


def _shift(state: dict, frame: dict, task: dict) -> bool:
    winner = frame["winner"]
    answer = _choice(state, frame, task, winner, "", ["zeus", "hera"], "turn the Favorite of the Gods token",
                     {"zeus": "Zeus side up: clockwise from the next round",
                      "hera": "Hera side up: counter-clockwise from the next round"})
    if answer is None:
        return False
    state["favorite"], state["direction"] = winner, answer
    state["reorder"] = True
    log(state, f"{seat_name(winner)} becomes Favorite of the Gods, {answer.title()} side up; the new order "
               f"starts with the next round.")
    return True


def _earthquake_targets(state: dict, frame: dict) -> list[str]:
    """Another player's non-Government cities with a City Upgrade to bring
    down (an AI player's Settlements count as City Upgrades)."""
    return [c for seat in _others(state, frame) for c in revolt_cities(state, seat)
            if (ai_world.counted_upgrades(state, c) if is_ai(state, seat)
                else any(site != "government" for site, _ in city_upgrades(state, c)))]


def _earthquake(state: dict, frame: dict, task: dict) -> bool:
    options = _earthquake_targets(state, frame)
    if not options:
        log(state, "No city is shaken.")
        return True
    answer = _choice(state, frame, task, frame["winner"], "strike", options, "choose the city the earthquake strikes")
    if answer is None:
        return False
    title = EVENTS[frame["card"]].title
    board = map_of(state)
    owner = state["cities"][answer]["owner"]
    if is_ai(state, owner):
        standing, virtual = ai_world.earthquake_pieces(state, answer)
    else:
        standing, virtual = [(site, piece) for site, piece in city_upgrades(state, answer) if site != "government"], 0
    rng = rng_of(state)
    pick = rng.below(len(standing) + virtual)
    store_rng(state, rng)
    if pick >= len(standing):
        # A Settlement that stands for an AI player's City Upgrade: like Area
        # Reduction of an AI player's Area, the loss is taken from its units.
        log(state, f"The earthquake shakes a Settlement of {ai_name(owner)} in {board.title(answer)}.")
        if units_in_area(state, answer, owner):
            lose(state, owner, [answer], 1, "units", after={"emptied": [answer]}, why=title)
        else:
            log(state, "No unit of theirs is there: nothing falls.")
        return True
    site, piece = standing[pick]
    set_site(state, answer, site, None)
    log(state, f"The {piece_title(state, site, piece)} of {board.title(answer)} falls.")
    check_emptied(state, answer, title)
    return True


def _build(state: dict, frame: dict, task: dict) -> bool:
    winner = frame["winner"]
    if is_ai(state, winner):  # the AI World Events Reference Sheet: "walls-or-wonder"
        from engine.games.hellenica.ai.event_choices import master_build

        placed = master_build(state, winner)
        log(state, f"{ai_name(winner)} builds {placed} (under construction)." if placed else
                   f"{ai_name(winner)} has nowhere to build City Walls or a Wonder.")
        return True
    options = build.upgrade_commands(state, winner) + ["pass"]
    answer = _choice(state, frame, task, winner, "", options, "build a City Upgrade for free")
    if answer is None:
        return False
    if answer != "pass":
        _, kind, place, over = build.parse(answer.split())  # type: ignore[misc]
        build.build_upgrade(state, winner, kind, place, over)
    return True


def _refresh(state: dict, frame: dict, task: dict) -> bool:
    winner = frame["winner"]
    options = [c for c in owned_cities(state, winner)
               if any(p["state"] == EXHAUSTED for _, p in upgrades_of(state, c))]
    if not options:
        return True
    answer = _choice(state, frame, task, winner, "refresh", options, "choose the city whose upgrades refresh")
    if answer is None:
        return False
    count = 0
    for _, piece in upgrades_of(state, answer):
        if piece["state"] == EXHAUSTED:
            piece["state"] = ACTIVE
            count += 1
    log(state, f"{count} Exhausted upgrade{'s' if count != 1 else ''} in {map_of(state).title(answer)} "
               f"become{'s' if count == 1 else ''} Active.")
    return True


def _heroes(state: dict, seat: int) -> int:
    return sum(s["n"] for a in state["units"].values() for s in a if s["owner"] == seat and UNITS[s["kind"]].hero)


def _temple_cities(state: dict, seat: int) -> int:
    if is_ai(state, seat):
        return ai_world.cities_counted(state, seat)
    return sum(1 for c in owned_cities(state, seat) if any(p["type"] == "temple" for _, p in upgrades_of(state, c)))


def _per_upgrade(kind: str) -> Callable[[dict, int], int]:
    """A count of one City Upgrade type: "treat all AI Player's Settlements on
    an Area as if they had City Upgrades on them" for an AI seat."""
    def count(state: dict, seat: int) -> int:
        return ai_world.counted_type(state, seat, kind) if is_ai(state, seat) else upgrade_count(state, seat, kind)
    return count


PER: dict[str, Callable[[dict, int], int]] = {
    "player": lambda state, seat: 1,
    "hero": _heroes,
    "temple_city": _temple_cities,
    "market": _per_upgrade("market"),
    "academy": _per_upgrade("academy"),
}


def _gain_each(state: dict, frame: dict, task: dict) -> bool:
    params = EVENTS[frame["card"]].params
    words = {"commerce": "Commerce", "favor": "Favor", "philosophers": "Philosophers"}
    gains = []
    for seat in from_seat(state, frame["winner"]):
        n = params["n"] * min(PER[params["per"]](state, seat), params["cap"])
        state["seats"][seat][params["commodity"]] += n
        gains.append(f"{seat_name(seat)} {n}")
    log(state, f"{words[params['commodity']]} gained: {', '.join(gains)}.")
    return True


def _tribute(state: dict, frame: dict, task: dict) -> bool:
    params = EVENTS[frame["card"]].params
    winner = frame["winner"]
    paid = []
    for seat in _others(state, frame):
        n = min(params["n"], state["seats"][seat][params["commodity"]])
        state["seats"][seat][params["commodity"]] -= n
        state["seats"][winner][params["commodity"]] += n
        if n:
            paid.append(f"{seat_name(seat)} {n}")
    log(state, f"Tribute to {seat_name(winner)}: {', '.join(paid) or 'nobody can pay'}.")
    return True


TASKS: dict[str, Callable[[dict, dict, dict], bool]] = {
    "creature": _creature_task, "revolt_pick": _revolt_pick, "revolt_own": _revolt_own, "strike": _strike,
    "eruption": _eruption, "alcibiades": _alcibiades, "shift": _shift, "earthquake": _earthquake,
    "build": _build, "refresh": _refresh, "gain_each": _gain_each, "tribute": _tribute,
}


def _revolt_tasks(state: dict, frame: dict) -> list[dict]:
    card = EVENTS[frame["card"]]
    if card.params["target"] == "chosen":
        return _task_list({"do": "revolt_pick"})
    return _task_list(*({"do": "revolt_own", "seat": seat} for seat in _others(state, frame)))


TASK_LISTS: dict[str, Callable[[dict, dict], list[dict]]] = {
    "none": lambda state, frame: [],
    "creature": lambda state, frame: _task_list({"do": "creature",
                                                 "creature": EVENTS[frame["card"]].params["creature"]}),
    "revolt": _revolt_tasks,
    "reduction": lambda state, frame: _task_list({"do": "strike", "terrain": EVENTS[frame["card"]].params["terrain"]}),
    "eruption": lambda state, frame: _task_list({"do": "eruption"}),
    "alcibiades": lambda state, frame: _task_list({"do": "alcibiades"}),
    "shift": lambda state, frame: _task_list({"do": "shift"}),
    "earthquake": lambda state, frame: _task_list({"do": "earthquake"}),
    "build": lambda state, frame: _task_list({"do": "build"}),
    "refresh": lambda state, frame: _task_list({"do": "refresh"}),
    "gain_each": lambda state, frame: _task_list({"do": "gain_each"}),
    "tribute": lambda state, frame: _task_list({"do": "tribute"}),
}
"""The tasks each effect in ``events.toml`` runs (silence and olympus are
handled by the process itself)."""

_unknown = {card.effect for card in EVENTS.values()} - set(TASK_LISTS) - {"silence", "olympus"}
if _unknown:
    raise ValueError(f"data/hellenica/events.toml names unknown effects: {sorted(_unknown)}")


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
            raise IllegalAction(f"Everyone is bidding on {EVENTS[frame['card']].title} now: bid a number of Favor "
                                f"from 0 to {favor}, e.g. `bid {min(1, favor)}`.")
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
        state["events"]["reveals"] += 1
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
    return {"card": frame["card"], "title": EVENTS[frame["card"]].title,
            "bid": sorted(int(s) for s in frame["bids"]), "waiting": list(frame["waiting"])}


def own_bid(state: dict, seat: int) -> int | None:
    frame = next((f for f in reversed(state["stack"]) if f["kind"] == "bid"), None)
    if frame is None:
        return None
    return frame["bids"].get(str(seat))


def held_cards(state: dict) -> list[str]:
    """Cards held by event processes (being resolved), for the card count."""
    return [f["card"] for f in state["stack"] if f["kind"] == "event" and f.get("holding")]
