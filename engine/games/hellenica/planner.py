"""The ``medium`` level: a bot that plans its actions a few steps ahead.

At each of its Action-phase and Movement decisions the planner takes the
most promising actions by the quick heuristic of ``bot.py`` (a fixed number,
``CANDIDATES``; never a Build that tears down what an objective counts,
the last Market, the Government or what was built this very turn),
plays each one on a copy of the state and follows it with the heuristic's
own best choices until the action is over — the Movement done, the combat
fought, the next Action-phase turn reached — at most ``HORIZON`` steps. The
seat's own Movement steps in a plan are each the best by ``value`` of a few
(``GREEDY_WIDTH``), so a Supply is worth where its units can go. It then
values the position (``value``) and keeps the best. Combat and every other
chance is sampled ``SAMPLES`` times with a random generator of its own, so
the plan never peeks at the game's dice or at the order of a deck, and each
sample deals the rivals' secret Ethos cards anew from the cards the seat
cannot see (``bot_hidden``), so it never peeks at their hands either. The
budgets are fixed counts (``PLAY_BUDGET`` plays a decision), never clock
time, so the same seed always gives the same choice whatever the load of the
machine.

The value is the Object of the Game: "The first Player to satisfy any three
objectives at the end of a game turn wins the game." It counts the progress
towards the public Pathos cards and the seat's own Ethos cards, the best
three most, then what feeds every objective (cities — a city held alone
counts at once, as Upkeep will conquer it, unless a Creature there will
likely destroy the unit first (``bot_creatures``) —, armies near cities to take
(``bot_reach``: counted in Supply actions, with the seat's Triremes at sea
as bridges, each city once) and, step by step, armies further out
(``bot_march``), the Triremes and Docks that carry them when the next
cities lie across the sea, Markets (a march a turn each),
upgrades, Action Cubes still to spend this turn) and, against that, the
leading rival's visible progress and the armies threatening our cities and,
further out, our Home City (``bot_pressure``: a Home City lost hands a rival
the Destruction Pathos, and an army poised on a rival's is progress towards
it). On top, the race itself (``bot_race``): a position that wins at this
end of turn is worth far more than any progress, and a rival who could win
this turn is a danger that outweighs our own slower gains; an army poised
on the Home City such a rival holds for Destruction counts a part of the
danger it would lift by taking it back (``bot_deny``).

Every other decision (bids, Ethos cards, combat rounds, losses...) follows
the heuristic, with a sharper choice of Ethos cards (``choose_ethos``) and,
where the table lets players choose, of the Home City (``choose_home``).
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Rng
from engine.games.hellenica import (
    bot,
    bot_creatures,
    bot_deny,
    bot_hidden,
    bot_march,
    bot_pressure,
    bot_race,
    bot_reach,
)
from engine.games.hellenica.build import target_token
from engine.games.hellenica.components import ADVANCEMENTS, CATEGORIES, HEROES, OBJECTIVES
from engine.games.hellenica.objectives import completed, met, requirement, upgrade_count
from engine.games.hellenica.pathos import objectives_to_win
from engine.games.hellenica.read_cache import reading
from engine.games.hellenica.setup import allowed_homes, home_distances
from engine.games.hellenica.state import (
    BUILDING,
    copy_state,
    map_of,
    owned_cities,
    stacks,
    total_units,
    unit_owners,
    upgrades_of,
)
from engine.games.hellenica.steps import current

CANDIDATES = 10
"""Actions weighed by look-ahead at each decision (the heuristic's best ones)."""
HORIZON = 14
"""Steps a plan follows an action at most before the position is valued."""
SAMPLES = 3
"""Rollouts per action when dice or cards decide its outcome (a combat won in
one sample and lost in the other is a coin toss; a third sample decides)."""
PLAY_BUDGET = 240
"""Plays (``game.play``) one decision may spend on its plans, a count and not
clock time (the same seed gives the same choice on any machine): at a few
milliseconds a play this keeps a decision under the table's 2 s per bot
move (80 match games against ``random``: 66 ms of CPU on average, 0.7 s at
most; 40 against the rulebook AI: 161 ms on average, but 1.9 s at most, in a
48-turn game; since plans stop where a World Event occurs, 59 ms and 0.65 s
against ``random`` over seeds 1-80 and 95 ms and 1.2 s against the AI, on a
busier machine). Most decisions spend about half of it: a plan under way is
finished, with the heuristic alone once the budget is spent, so a few more
plays at most. With 120 plays and two samples the later candidates often
went unweighed: against ``random`` (seeds 1-80) 240 and three won 63 of 80
match games where 120 and two won 62 (64 with ``bot_deny``)."""
VALUE_COST = 1
"""What valuing a position mid-plan (``_greedy_step``) costs, in plays."""
GREEDY_WIDTH = 3
"""Steps of the seat's own Movement a plan weighs at each step (``_greedy_step``)."""
STOPS = ("pass", "done")
"""The ways of stopping, always weighed first."""
PLANNED = ("action", "move")
"""The decisions the planner looks ahead at; the others follow the heuristic."""

# The weights of ``value``: an objective is worth about seven cities; the
# others were set by matches against ``random`` (bench/hellenica_match.py).
WIN = 1000.0
OBJECTIVE_WEIGHT = 30.0
CITY_WEIGHT = 4.0
UPGRADE_WEIGHT = 0.8
UNIT_WEIGHT = 0.6
ADVANCEMENT_WEIGHT = 1.0
RIVAL_OBJECTIVE_WEIGHT = 8.0
RIVAL_WEIGHT = 1.0
"""How much the leading rival's progress counts against the seat's own."""
THREAT_WEIGHT = 1.5
HOME_DANGER_WEIGHT = 2.0
"""Enemy strength within two steps of the Home City beyond its guard
(``bot_pressure.home_danger``): losing it hands a rival the Destruction Pathos."""
CUBE_WEIGHT = 2.5
"""An Action Cube not yet spent this turn: passing gives up every one left."""
MARKET_WEIGHTS = (8.0, 4.0, 2.0)
"""The first, second and third Market the seat owns: "For each Active Market
a player has on cities they own, place one Action Cube on a Supply space" at
Upkeep, and "Without Markets, a player may not move their units" — each is a
march a turn, the first of them every march there is."""
REACH_WEIGHT = 0.5
"""Land units within a step or two of a city to take (the next conquest)."""
ADVANCE_WEIGHT = 0.18
"""Per step nearer a city to take, per unit of land strength (``bot_march``):
at three steps a Hoplite counts a little less than ``reach`` counts it at two."""
FLEET_WEIGHT = 3.0
"""A Trireme or the first Docks when the next conquests lie across the sea (``bot_reach.fleet``)."""


# ---------------------------------------------------------------------------
# How close a seat is to winning


def progress(state: dict, seat: int, card: str) -> float:
    """How far the seat is towards one objective card, from 0 to 1 (1: met)."""
    if met(state, seat, card):
        return 1.0
    p = requirement(state, card)
    check = OBJECTIVES[card].check
    cities = owned_cities(state, seat)
    if check in ("cities", "most_cities"):
        return len(cities) / p["count"] * 0.9
    if check == "island_cities":
        board = map_of(state)
        return sum(1 for c in cities if board.areas[c].island) / p["count"] * 0.9
    if check == "sea_areas":
        return bot_reach.sea_areas_reached(state, seat, p["count"]) / p["count"] * 0.9
    if check == "upgrades":
        return upgrade_count(state, seat, p["upgrade"]) / p["count"] * 0.9
    if check == "walled_cities":
        from engine.games.hellenica.cities import has_walls

        return sum(1 for c in cities if has_walls(state, c)) / p["count"] * 0.9
    if check == "mines":
        board = map_of(state)
        built = sum(1 for c in cities for mine in board.mines_of(c) if state["mines"][mine] is not None)
        return built / p["count"] * 0.9
    if check in ("favor", "commerce"):
        return state["seats"][seat][check] / p["count"] * 0.9
    if check == "advancements":
        return len(state["seats"][seat]["advancements"]) / p["count"] * 0.9
    if check == "category_advancements":
        owned = sum(1 for a in state["seats"][seat]["advancements"] if ADVANCEMENTS[a].category == p["category"])
        return owned / p["count"] * 0.9
    if check == "every_category":
        categories = {ADVANCEMENTS[a].category for a in state["seats"][seat]["advancements"]}
        return len(categories) / len(CATEGORIES) * 0.9
    if check == "heroes":
        return sum(total_units(state, seat, kind) for kind in HEROES) / p["count"] * 0.9
    if check == "land_units":
        return (total_units(state, seat, "hoplite") + total_units(state, seat, "cavalry")) / p["count"] * 0.9
    if check in ("hero_on", "own_with_hero"):
        return 0.3 if any(total_units(state, seat, kind) for kind in HEROES) else 0.0
    if check == "foreign_home":
        return bot_pressure.home_pressure(state, seat)
    return 0.0


def objective_value(state: dict, seat: int) -> float:
    """The seat's progress towards victory: its best ``objectives_to_win``
    cards count fully, the others a little (a spare path)."""
    cards = state["pathos"] + state["seats"][seat]["ethos"]
    scores = sorted((progress(state, seat, card) for card in cards), reverse=True)
    need = objectives_to_win(state)
    return OBJECTIVE_WEIGHT * (sum(scores[:need]) + 0.25 * sum(scores[need:]))


def _army(state: dict, seat: int) -> float:
    return sum(
        bot_pressure.unit_strength(s) * s["n"] for area in state["units"].values() for s in area if s["owner"] == seat
    )


def _strength_in(state: dict, area: str) -> dict[int, float]:
    power: dict[int, float] = {}
    for s in stacks(state, area):
        if s["kind"] != "trireme":
            power[s["owner"]] = power.get(s["owner"], 0.0) + bot_pressure.unit_strength(s) * s["n"]
    return power


def threat(state: dict, seat: int) -> float:
    """How much enemy land strength stands next to our cities beyond what
    guards them (a city left bare beside an army is lost next round)."""
    board = map_of(state)
    total = 0.0
    for city in owned_cities(state, seat):
        guard = _strength_in(state, city).get(seat, 0.0)
        worst = 0.0
        for there in board.neighbours(city):
            for owner, power in _strength_in(state, there).items():
                if owner != seat:
                    worst = max(worst, power)
        weight = 2.0 if city == state["seats"][seat]["city"] else 1.0
        total += weight * max(0.0, worst - guard)
    return total


def rival_value(state: dict, seat: int) -> float:
    """How close the leading rival is to winning, as far as the seat can
    see: its progress on the public Pathos cards and its cities, plus the
    objectives it is known to meet (an AI player's Ethos cards are public; a
    person's are secret and not counted)."""
    best = 0.0
    for other in range(state["players"]):
        if other == seat:
            continue
        shown = sorted((progress(state, other, card) for card in state["pathos"]), reverse=True)
        known = (
            len(completed(state, other))
            if other in state.get("ai_seats", ())
            else sum(1 for score in shown if score >= 1.0)
        )
        best = max(
            best,
            OBJECTIVE_WEIGHT * sum(shown[: objectives_to_win(state)])
            + CITY_WEIGHT * len(owned_cities(state, other))
            + RIVAL_OBJECTIVE_WEIGHT * known,
        )
    return best


def value(state: dict, seat: int, turn: int | None = None) -> float:
    """How good the position is for the seat (higher is better). With
    ``turn``, the cubes of a later turn do not count: they are not a gain of
    the plan but the next turn's refill."""
    if state["phase"] == "over":
        winners = state["winners"]
        return WIN / len(winners) if seat in winners else -WIN
    state = projected(state)
    with reading(state):  # valuing only reads, and asks who owns what and what is met again and again
        return _position_value(state, seat, turn)


def _position_value(state: dict, seat: int, turn: int | None) -> float:
    player = state["seats"][seat]
    cities = owned_cities(state, seat)
    upgrades = sum(1 for c in cities for _ in _pieces(state, c))
    return (
        objective_value(state, seat)
        + CITY_WEIGHT * len(cities)
        + UPGRADE_WEIGHT * upgrades
        + sum(MARKET_WEIGHTS[: upgrade_count(state, seat, "market")])
        + UNIT_WEIGHT * _army(state, seat)
        + ADVANCEMENT_WEIGHT * len(player["advancements"])
        + 0.2 * (player["favor"] + player["commerce"] + player["philosophers"])
        + (
            0.0
            if player["passed"] or (turn is not None and state["turn"] != turn)
            else CUBE_WEIGHT * sum(player["cubes"].values())
        )
        + REACH_WEIGHT * bot_reach.reach(state, seat)
        + ADVANCE_WEIGHT * bot_march.advance(state, seat)
        + FLEET_WEIGHT * bot_reach.fleet(state, seat)
        + bot_march.sea_bound(state, seat)
        - RIVAL_WEIGHT * rival_value(state, seat)
        - THREAT_WEIGHT * threat(state, seat)
        - HOME_DANGER_WEIGHT * bot_pressure.home_danger(state, seat)
        + bot_race.finish(state, seat)
        - bot_race.rival_danger(state, seat)
        + bot_deny.deny_pressure(state, seat)
    )


def projected(state: dict) -> dict:
    """The state with each city's owner as the coming Upkeep will leave it:
    "Players who solely occupy neutral City Areas, or City Areas owned by
    other players, conquer those cities" — the conquest a Movement sets up
    counts before the end of the turn. Units massed for an attack not yet
    launched stand where they came from ("Assaults never launched stay
    home"), not nowhere: a plan that masses its army is not worth less
    than one that keeps it home. The Creatures strike first, at the start
    of Upkeep: the unit one will likely destroy is gone
    (``bot_creatures``). A shallow copy: only the changed city records and
    areas are new."""
    state = bot_creatures.after_creatures(_with_assaults_home(state))
    changed = {}
    for city, record in state["cities"].items():
        holders = {s["owner"] for s in stacks(state, city)}
        if len(holders) == 1:
            (holder,) = holders
            if holder != record["owner"]:
                changed[city] = {**record, "owner": holder}
    if not changed:
        return state
    return {**state, "cities": {**state["cities"], **changed}}


def _with_assaults_home(state: dict) -> dict:
    massed = [frame for frame in state["stack"] if frame["kind"] == "move" and frame.get("assaults")]
    if not massed:
        return state
    units = dict(state["units"])
    for frame in massed:
        for group in frame["assaults"].values():
            units[frame["area"]] = units.get(frame["area"], []) + group
    return {**state, "units": units}


def _pieces(state: dict, city: str):
    record = state["cities"][city]
    yield from (slot for slot in record["slots"] if slot is not None)
    if record["government"] is not None:
        yield record["government"]


# ---------------------------------------------------------------------------
# Looking ahead


def _candidates(state: dict, frame: dict, seat: int, legal: list[str]) -> list[str]:
    """The actions worth a look-ahead: the heuristic's best, and always the
    ways of stopping (``pass``, ``done``)."""
    if frame["kind"] == "action":
        kept = [
            a
            for a in legal
            if not _tears_down_progress(state, seat, a) and not _wasted(a) and not _raided(state, seat, a)
        ]
        scored = bot.action_scores(state, seat, kept or legal)
    else:
        scored = bot.move_scores(state, frame, seat, legal)
    ranked = [action for _, action in sorted(scored, key=lambda item: -item[0])]
    # The best of each kind first (each verb, each area supplied), so that a
    # kind the heuristic undervalues still gets its look-ahead.
    chosen: list[str] = []
    kinds: set[tuple[str, ...]] = set()
    for action in ranked:
        words = action.split()
        kind = tuple(words[:2]) if words[0] in ("supply", "exchange", "move", "invoke") else (words[0],)
        if kind not in kinds:
            kinds.add(kind)
            chosen.append(action)
    chosen = chosen[:CANDIDATES]
    chosen += [a for a in ranked if a not in chosen][: max(0, CANDIDATES - len(chosen))]
    if frame["kind"] == "action":
        chosen += [a for a in bot_march.fleet_actions(state, seat, legal) if a not in chosen]
    chosen += [a for a in ("pass", "done") if a in legal and a not in chosen]
    return chosen


def _wasted(action: str) -> bool:
    """Exchanging Commerce for a Supply of Commerce: "spend 3 Commerce ... to
    take a ... Supply Action" that gives back "1 Commerce Token"."""
    return action.startswith("exchange supply commerce")


def _raided(state: dict, seat: int, action: str) -> bool:
    """A Build on a Mine whose area a rival's units alone occupy: "If the
    Active Player's units solely occupy an Area with enemy City Upgrades on
    Mines during a Movement action, they may raid them" — it is gone at that
    rival's next Movement, before it is ever Active. (A bot that met a
    Cavalry parked on its Mine built its first Market there every turn, and
    the raid took it every turn: without Markets its army never moved.)"""
    words = action.split()
    if "build" not in words[:2]:
        return False
    place = words[-1]
    board = map_of(state)
    if place not in board.mines:
        return False
    occupants = unit_owners(state, board.mines[place].area)
    return len(occupants) == 1 and seat not in occupants


def _tears_down_progress(state: dict, seat: int, action: str) -> bool:
    """A Build that replaces an upgrade ("City Upgrades may replace an existing
    Active or Under Construction City Upgrade ... Return the replaced City
    Upgrade back to the pool") which one of the seat's objectives counts, with
    none to spare: the Build cube buys one step of one objective by undoing a
    step of another. Also a Build over the seat's last Market, over the same
    upgrade, over what is still Under Construction (built this turn: two
    Builds for one upgrade), and a change of Government while the seat has
    one. A Mine holds one upgrade ("one City Upgrade on each Settlement and
    Mine"): a Build there replaces it, though the wording names no ``over``.
    A seat without a Market may build one over anything: "Without Markets, a
    player may not move their units", so every other objective waits on it.
    (Only the plain ``... <city> over <upgrade>`` and ``... <mine>`` wordings
    are read; any other passes.)"""
    words = action.split()
    if "build" not in words[:2]:
        return False
    at = words.index("build")
    if words[at + 1] == "government":
        # "The player returns their Active Government Marker to the pool": a
        # new one costs the old one's upgrade (a Tyranny's Barracks) and the
        # value cannot see what either government does.
        return any(state["cities"][city]["government"] is not None for city in owned_cities(state, seat))
    kind = words[at + 1]
    place = words[at + 2] if len(words) > at + 2 else ""
    mine = state["mines"].get(place)
    if "over" in words:
        replaced = words[-1].split("-")[0]
        if _under_construction(state, place, words[-1]):
            return True  # built this very turn: a second Build there undoes the first
    elif mine is not None:
        if mine["state"] == BUILDING:
            return True  # a Mine built on this very turn: a second Build there undoes the first
        replaced = mine["type"]
    else:
        return False
    if replaced == kind:
        return True  # the same upgrade again, only Under Construction now
    if "market" in (replaced, kind):  # counted only then: the filter reads every legal Build
        markets = upgrade_count(state, seat, "market")
        if replaced == "market" and markets <= 1:
            return True  # the last Market: "Without Markets, a player may not move their units"
        if kind == "market" and markets == 0:
            return False
    counted = any(
        OBJECTIVES[card].check == "upgrades" and OBJECTIVES[card].params["upgrade"] == replaced
        for card in state["pathos"] + state["seats"][seat]["ethos"]
    )
    return counted and bot._surplus(state, seat, replaced) <= 0


def _under_construction(state: dict, city: str, token: str) -> bool:
    """Whether every upgrade ``token`` names in ``city`` is "Under
    Construction" (it "has a natural wood Action Cube on it": built this turn)."""
    if city not in state["cities"]:
        return False
    named = [piece for _, piece in upgrades_of(state, city) if target_token(piece) == token]
    return bool(named) and all(piece["state"] == BUILDING for piece in named)


class _Steady(random.Random):
    """A generator whose ``random()`` is always one half: the heuristic's
    random nudges (``bot._best``) then shift every score alike, so the plan
    follows its own action with the heuristic's best choice every time."""

    def random(self) -> float:
        return 0.5


def _follow(
    game: Any,
    state: dict,
    seat: int,
    start_turn: int,
    rng: random.Random,
    budget: _Budget | None = None,
    under_way: set[int] | None = None,
) -> dict:
    """Play the heuristic forward from ``state`` until the seat's action is
    over: its next Action-phase decision, anyone else's Action-phase turn, a
    new turn, the end of the game, or a World Event occurring that was not
    already under way (``under_way``: when the plan began)."""
    under_way = _events_occurring(state) if under_way is None else under_way
    for _ in range(HORIZON):
        frame = current(state)
        if state["phase"] == "over" or frame is None or state["turn"] != start_turn:
            break
        if _events_occurring(state) - under_way:
            break  # a World Event the plan set off: valued as it occurs, not as a sample of its outcome
        if frame["kind"] == "action":
            break
        movers = game.to_move(state)
        if not movers:
            break
        mover = seat if seat in movers else movers[0]
        chances = _Steady(rng.randrange(1 << 30)) if mover == seat else rng
        greedy = budget is None or budget.left > 0
        if greedy and mover == seat and frame["kind"] == "move" and _plain_decision(state, seat):
            state = _greedy_step(game, state, seat, frame, start_turn, budget)
            continue
        action = bot.choose_with(game, state, mover, "random", chances)
        state = game.play(state, mover, action)
        if budget is not None:
            budget.left -= 1
    return state


def _events_occurring(state: dict) -> set[int]:
    """The World Events now occurring (their cards held while the bids and
    the effects are resolved), by frame id. A plan stops where one occurs: its
    card is drawn at random from the deck and strikes areas and players at
    random ("Moving units introduces chaos into the world that may awaken
    the gods"), whatever the move that set it off, so its outcome tells the
    candidates apart only by luck. Sampled three times it still did: a lucky
    draw made a Supply that moved nothing look best, an unlucky one made a
    march look worse than staying."""
    return {frame["id"] for frame in state["stack"] if frame["kind"] == "event" and frame.get("holding")}


def _plain_decision(state: dict, seat: int) -> bool:
    """No trade offer or draft of the seat waits for an answer."""
    return str(seat) not in state["drafts"] and not any(offer["to"] == seat for offer in state["offers"])


def _greedy_step(game: Any, state: dict, seat: int, frame: dict, start_turn: int, budget: _Budget | None) -> dict:
    """One step of the seat's own Movement in a plan: the best by ``value``
    of the heuristic's ``GREEDY_WIDTH`` best steps and ``done`` (a one-step
    look, no rollout). The heuristic alone would often stop a Movement that
    has somewhere worth going ("move all" and other composite wordings it
    does not read score nothing), and the Supply that started it would then
    seem worthless."""
    own = [a for a in game.legal(state, seat) if not a.startswith(("offer", "accept", "decline", "cancel", "invoke"))]
    ranked = [a for _, a in sorted(bot.move_scores(state, frame, seat, own), key=lambda item: -item[0])]
    choices = ranked[:GREEDY_WIDTH] + [a for a in STOPS if a in own and a not in ranked[:GREEDY_WIDTH]]
    best, best_value = None, float("-inf")
    for action in choices:
        after = game.play(state, seat, action)
        if budget is not None:
            budget.left -= 1 + VALUE_COST
        score = value(after, seat, start_turn)
        if score > best_value:
            best, best_value = after, score
    return best if best is not None else state


def _rollout(
    game: Any, state: dict, seat: int, action: str, seed: int, budget: _Budget | None = None
) -> tuple[float, bool]:
    """The value after ``action`` and its follow-up, and whether chance played a part."""
    trial = bot_hidden.sampled(copy_state(state), seat, random.Random(f"ethos {seed}"))  # not the rivals' real cards
    trial["rng"] = Rng(seed).to_json()  # our own dice: the plan must not see the game's
    rng = random.Random(seed)  # the other seats' choices in the plan, the same for every candidate
    after = game.play(trial, seat, action)
    if budget is not None:
        budget.left -= 1
    after = _follow(game, after, seat, state["turn"], rng, budget, _events_occurring(state))
    chance = after["rng"] != trial["rng"]
    return value(after, seat, state["turn"]), chance


def plan(game: Any, state: dict, seat: int, legal: list[str], rng: random.Random) -> str:
    """The best of the candidate actions by look-ahead, within ``PLAY_BUDGET``
    plays: the ways of stopping first, then the heuristic's best candidates,
    then second samples for the plans where chance played a part."""
    frame = current(state)
    own = [a for a in legal if not a.startswith(("offer", "accept", "decline", "cancel"))]
    assert frame is not None, "plan is asked only during a decision"
    # Every candidate meets the same dice and cards (common random numbers):
    # a World Event drawn in one plan and not in another would otherwise
    # outweigh the difference between the actions.
    seeds = [rng.randrange(1 << 30) for _ in range(SAMPLES)]
    candidates = _candidates(state, frame, seat, own)
    order = [a for a in candidates if a in STOPS] + [a for a in candidates if a not in STOPS]
    budget = _Budget(PLAY_BUDGET)
    results: dict[str, list] = {}  # action: [total value, runs, chance played a part]
    for action in order:
        if budget.left <= 0:
            break
        total, chance = _rollout(game, state, seat, action, seeds[0], budget)
        results[action] = [total, 1, chance]
    for sample in seeds[1:]:
        for action, result in results.items():
            if result[2] and budget.left > 0:
                extra, _ = _rollout(game, state, seat, action, sample, budget)
                result[0] += extra
                result[1] += 1
    best, best_score = order[0], float("-inf")
    for action, (total, runs, _) in results.items():
        score = total / runs + rng.random() * 0.01  # ties broken at random
        if score > best_score:
            best, best_score = action, score
    return best


class _Budget:
    """The plays a decision may still spend on its plans."""

    def __init__(self, left: int) -> None:
        self.left = left


# ---------------------------------------------------------------------------
# Ethos cards


ETHOS_TURNS_PER_STEP = {
    "upgrades": 1.0,
    "walled_cities": 1.5,
    "mines": 1.5,
    "favor": 0.8,
    "commerce": 1.0,
    "advancements": 1.3,
    "category_advancements": 1.5,
    "every_category": 1.3,
    "heroes": 1.0,
    "land_units": 0.6,
}
"""Actions per missing step of an Ethos card. Favor and Commerce come one or
two at a time from cubes that would otherwise march; an upgrade is one Build."""
SYNERGY = {"market": 0.7, "barracks": 0.85}
"""Upgrades that also speed the conquests every game needs (Markets give
Supply cubes, Barracks Hoplites) cost less than they seem."""


def ethos_cost(state: dict, seat: int, card: str) -> float:
    """A rough count of the actions an Ethos card still needs (an upgrade
    the seat can build at home is quick; conquest and sailing are not)."""
    p = requirement(state, card)
    check = OBJECTIVES[card].check
    missing = (1.0 - progress(state, seat, card)) * p.get("count", 4)
    if check == "upgrades" and p["upgrade"] == "wonder":
        return 8.0 + missing
    if check == "upgrades" and p["upgrade"] == "docks" and not upgrade_count(state, seat, "docks"):
        missing += 1.0  # the Docks need a coast: only some sites take them
    if check == "every_category":
        missing = len(CATEGORIES) * (1.0 - progress(state, seat, card))
    factor = ETHOS_TURNS_PER_STEP.get(check, 1.0) * (SYNERGY.get(p["upgrade"], 1.0) if check == "upgrades" else 1.0)
    return missing * factor + (4.0 if check == "mines" else 0.0)


def choose_ethos(state: dict, seat: int, legal: list[str]) -> str:
    """Keep the two cards that need the fewest actions."""
    hand = state["seats"][seat]["ethos_hand"]
    keeps = [a for a in legal if a.startswith("keep")]
    if not keeps:
        return legal[0]

    def cost(action: str) -> float:
        return sum(ethos_cost(state, seat, hand[int(i) - 1]) for i in action.split()[1:])

    return min(keeps, key=cost)


HOME_ROOM = 3
"""Areas from a Home City within which its cities are the room to grow: the
rulebook spaces Home Cities "3 or 4 Areas" apart, so the cities nearer than
that are the ones to take before meeting a rival's army."""


def choose_home(state: dict, legal: list[str]) -> str:
    """The Home City with the most room (``home_room``). A corner home
    (Byzantium behind the Propontis, Corcyra on its island) has little.
    Against people, Thebes comes first at four players: its neighbour Athens
    is too near for anyone choosing after it to take. Against the rulebook AI
    players, Troy: the most room that no Home City site can contest."""
    return max(legal, key=lambda action: home_room(state, action.split()[1]))


def home_room(state: dict, home: str) -> float:
    """The room a Home City gives the seat choosing it now: the cities within
    ``HOME_ROOM`` areas that lie nearer to it than to any other Home City in
    play (a city as near to several counts a share).

    Against people, averaged over the homes the players still to choose may
    take, each one the spacing rule allows them alike ("within 3 or 4 Areas
    of as many other players' Home Cities as possible"): on new tables (homes
    chosen, 4 seats) this won 294 of 320 games against ``random`` over eight
    seeds, 151 of 160 on the four where a count of the cities within three
    areas less those a Home City site within two reaches first (Troy first)
    had won 142; at two seats, 72 of 80 against 60. Against the rulebook AI
    players (they choose after everyone), every Home City site counts as
    taken: the room no rival can contest. There Troy won 52 of 80 games and
    Thebes, the roomiest on average, only 13 of 32 (Athens, 34 of 80). A
    central home is ringed by AI armies that march every turn; after Troy the
    AI players often settle beside each other (Athens and Thebes both in 15
    of 40 deals), after Thebes around it (Corcyra, Corinth and Troy in 9)."""
    board = map_of(state)
    distances = {site: home_distances(board, site) for site in board.homes}

    def room(homes: frozenset[str]) -> float:
        total = 0.0
        for city in board.cities:
            mine = distances[home].get(city, HOME_ROOM + 1)
            if city in homes or mine > HOME_ROOM:
                continue
            near = [distances[other].get(city, HOME_ROOM + 1) for other in homes]
            if mine == min(near):
                total += 1.0 / near.count(mine)
        return total

    if state.get("ai_seats"):
        return room(frozenset(board.homes))
    rivals = sum(1 for player in state["seats"] if not player["city"]) - 1
    expected: dict[frozenset[str], float] = {}

    def average(homes: frozenset[str], left: int) -> float:
        if homes not in expected:
            options = allowed_homes(board, sorted(homes)) if left else []
            expected[homes] = (
                sum(average(homes | {other}, left - 1) for other in options) / len(options) if options else room(homes)
            )
        return expected[homes]

    taken = frozenset(player["city"] for player in state["seats"] if player["city"])
    return average(taken | {home}, rivals)


def choose(game: Any, state: dict, seat: int, legal: list[str], own: list[str], rng: random.Random) -> str | None:
    """The medium level's choice, or None to let the heuristic decide."""
    frame = current(state)
    if frame is None:
        return None
    if frame["kind"] in PLANNED and len(own) > 1:
        return plan(game, state, seat, own, rng)
    if frame["kind"] == "ethos":
        return choose_ethos(state, seat, own)
    if frame["kind"] == "home":
        return choose_home(state, own)
    return None
