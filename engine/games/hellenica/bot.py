"""AI seats.

One level for now, ``random``: every choice is one of ``legal()``, drawn at
random but weighted towards progress — building and training what its
objectives ask for, marching on cities it does not own, spreading Triremes,
attacking when it outnumbers the defender, and passing once its cubes are
spent — so that games between random bots end in a victory. The rulebook's
AI players (part 3) become another entry in ``STRATEGIES``.

Each frame kind has a chooser ``(state, frame, seat, legal, rng) -> action``;
kinds without one pick uniformly. Part 2's decisions: small secret bids,
Invocations when they help (a combat bonus in its own combat, a gift, an
Alliance, a Sanctuary for a city about to fall), World Event choices that hurt
the others most, the cheapest losses; trade offers are answered when they are
fair and never started.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import Any

from engine.core import IllegalAction
from engine.games.hellenica import advancements as adv
from engine.games.hellenica.cities import has_walls
from engine.games.hellenica.components import ADVANCEMENTS, EVENTS, INVOCATIONS, OBJECTIVES
from engine.games.hellenica.losses import players_on
from engine.games.hellenica.movement import crossable
from engine.games.hellenica.notation import parse_unit
from engine.games.hellenica.objectives import met, requirement, upgrade_count
from engine.games.hellenica.read_cache import remembered
from engine.games.hellenica.state import enemies_in, map_of, owned_cities, seat_name, stacks
from engine.games.hellenica.steps import STEPS, current

LEVELS = ("random", "medium")
UNIT_VALUE = {
    "hero": 5,
    "alcibiades": 5,
    "elite-cavalry": 4,
    "elite-hoplite": 4,
    "elite-trireme": 4,
    "cavalry": 3,
    "hoplite": 2,
    "trireme": 1,
}

Chooser = Callable[[dict, dict, int, list[str], random.Random], str]


def choose(game: Any, state: dict, seat: int, level: str, seed: int) -> str:
    """The action of an AI seat (always one of ``game.legal``)."""
    return choose_with(game, state, seat, level, random.Random(seed))


def choose_with(game: Any, state: dict, seat: int, level: str, rng: random.Random) -> str:
    """``choose`` drawing its chances from ``rng``."""
    legal = game.legal(state, seat)
    if not legal:
        raise IllegalAction(f"{seat_name(seat)} has nothing to do right now.")
    answer = _answer_offers(state, seat, legal)
    if answer:
        return answer
    if str(seat) in state["drafts"] and "cancel" in legal:
        return "cancel"
    frame = current(state)
    if frame is None or seat not in game.to_move(state):
        return rng.choice(legal)
    own = STEPS[frame["kind"]].legal(state, frame, seat)
    if frame["kind"] == "action":
        own = own + [a for a in legal if a.startswith("invoke ")]
    if level == "medium":
        # Imported here: the planner builds on this module's heuristics.
        from engine.games.hellenica import planner

        planned = planner.choose(game, state, seat, legal, own, rng)
        if planned is not None and planned in legal:
            return planned
    strategy = STRATEGIES.get(level, STRATEGIES["random"])
    chooser = strategy.get(frame["kind"])
    action = chooser(state, frame, seat, own, rng) if chooser else rng.choice(own)
    return action if action in legal else rng.choice(own)


def _answer_offers(state: dict, seat: int, legal: list[str]) -> str | None:
    for offer in state["offers"]:
        if offer["to"] != seat:
            continue
        who = seat_name(offer["from"]).lower()
        gain = sum(offer["give"].values()) - sum(offer["ask"].values())
        if gain >= 0 and f"accept {who}" in legal:
            return f"accept {who}"
        return f"decline {who}"
    return None


def _best(scored: list[tuple[float, str]], rng: random.Random, noise: float = 3.0) -> str:
    return max(scored, key=lambda item: item[0] + rng.random() * noise)[1]


# ---------------------------------------------------------------------------
# What the seat wants


def needs(state: dict, seat: int) -> dict[str, int]:
    """What the seat's unmet objectives (public Pathos and its own Ethos)
    still ask for: upgrade types by shortfall, and the other goals (``cities``,
    ``seas``, ``walls``, ``mines``, ``heroes``, ``army``, ``favor``,
    ``commerce``, ``advancements``, ``government``, ``categories``, ``hero_to``)."""
    wanted: dict[str, int] = {}
    player = state["seats"][seat]

    def want(key: str, amount: int = 1) -> None:
        if amount > 0:
            wanted[key] = max(wanted.get(key, 0), amount)

    cities = owned_cities(state, seat)
    for card in state["pathos"] + player["ethos"]:
        if met(state, seat, card):
            continue
        p = requirement(state, card)
        check = OBJECTIVES[card].check
        if check == "upgrades":
            want(p["upgrade"], p["count"] - upgrade_count(state, seat, p["upgrade"]))
        elif check == "walled_cities":
            want("walls", p["count"] - sum(1 for c in cities if has_walls(state, c)))
        elif check in ("cities", "most_cities", "island_cities", "foreign_home"):
            want("cities", p.get("count", len(cities) + 1) - len(cities))
        elif check == "sea_areas":
            want("seas")
            if not upgrade_count(state, seat, "docks"):
                want("docks")
        elif check == "mines":
            want("mines")
        elif check == "heroes":
            want("heroes")
        elif check == "land_units":
            want("army")
        elif check in ("favor", "commerce"):
            want(check)
        elif check in ("advancements", "category_advancements", "every_category"):
            want("advancements")
            if check == "category_advancements":
                want("government")
            if check == "every_category":
                want("categories")
        elif check in ("hero_on", "own_with_hero"):
            want("heroes")
            want("hero_to")
    # What the other goals quietly require: a Market to move at all, an
    # Academy to research, the advancements that unlock a Wonder or mines.
    if not upgrade_count(state, seat, "market"):
        want("market")
    if "wonder" in wanted and "wonder" not in player["advancements"]:
        want("advancements")
        want("learn:wonder")
    if "mines" in wanted and "mining" not in player["advancements"]:
        want("advancements")
        want("learn:mining")
    if "advancements" in wanted and not upgrade_count(state, seat, "academy"):
        want("academy")
    if wanted.keys() & {"cities", "army"} and not any(upgrade_count(state, seat, k) for k in ("barracks", "stables")):
        want("barracks")
    return wanted


def _surplus(state: dict, seat: int, kind: str) -> int:
    """How many upgrades of ``kind`` the seat could lose without missing an
    objective that counts them."""
    required = [
        requirement(state, c)["count"]
        for c in state["pathos"] + state["seats"][seat]["ethos"]
        if OBJECTIVES[c].check == "upgrades" and OBJECTIVES[c].params["upgrade"] == kind
    ]
    return upgrade_count(state, seat, kind) - max(required, default=0)


def _targets(state: dict, seat: int) -> set[str]:
    """Cities worth marching on: not ours, not closed."""
    return {
        city for city, record in state["cities"].items() if record["owner"] != seat and city not in state["impassable"]
    }


def distance_to_targets(state: dict, seat: int) -> dict[str, int]:
    """How many steps land units need to reach a target city: through
    clearings (and mountains with Leadership), counting a sea crossing as a
    step (Triremes can be brought there)."""
    return target_labels(state, seat)[0]


def target_labels(state: dict, seat: int) -> tuple[dict[str, int], dict[str, str]]:
    """``distance_to_targets`` and, for each area, the target city it is nearest
    (once per seat while a position is valued: several measures ask)."""
    return remembered(state, (_TARGET_LABELS, seat), lambda: _target_labels(state, seat))


_TARGET_LABELS = "target labels"


def _target_labels(state: dict, seat: int) -> tuple[dict[str, int], dict[str, str]]:
    board = map_of(state)
    closed = set(state["impassable"])
    targets = _targets(state, seat)
    mountains = adv.has_effect(state, seat, "cross_mountains")
    result = {t: 0 for t in targets}
    nearest = {t: t for t in targets}
    queue = deque(sorted(targets))
    while queue:
        here = queue.popleft()
        for there, border in board.neighbours(here).items():
            if there in result or there in closed:
                continue
            both_land = board.areas[here].is_land and board.areas[there].is_land
            if (both_land and crossable(border, mountains)) or (not both_land and border == "c"):
                result[there] = result[here] + 1
                nearest[there] = nearest[here]
                queue.append(there)
    return result, nearest


def _strength(state: dict, area: str, seat: int) -> int:
    return sum(
        UNIT_VALUE.get(("elite-" if s["elite"] else "") + s["kind"], 1) * s["n"]
        for s in stacks(state, area)
        if s["owner"] == seat
    )


# ---------------------------------------------------------------------------
# Choosers


def _action(state: dict, frame: dict, seat: int, legal: list[str], rng: random.Random) -> str:
    return _best(action_scores(state, seat, legal), rng)


def action_scores(state: dict, seat: int, legal: list[str]) -> list[tuple[float, str]]:
    """Each Action-phase action with how much it seems to help at a glance."""
    player = state["seats"][seat]
    cubes = sum(player["cubes"].values())
    wanted = needs(state, seat)
    scored = []
    for action in legal:
        words = action.split()
        exchange = words[0] == "exchange"
        if exchange:
            words = words[1:]
        verb = words[0]
        if verb == "pass":
            score = 6.0 if cubes == 0 else (0.0 if cubes == 1 else -4.0)
        elif verb == "invoke":
            score = _invoke_score(state, seat, words)
        elif verb == "build":
            score = _build_score(state, seat, words, wanted)
        elif verb == "train":
            kind = parse_unit(words[1])
            unit = kind[0] if kind else "hero"
            score = (
                5.0
                + (6.0 if unit == "hero" and "heroes" in wanted else 0.0)
                + (6.0 if unit == "trireme" and "seas" in wanted else 0.0)
                + (6.0 if unit != "trireme" and ("army" in wanted or "cities" in wanted) else 0.0)
            )
        elif verb == "research":
            score = 4.0 + (6.0 if wanted.keys() & {"advancements", "mines"} else 0.0)
        elif verb == "worship":
            score = 2.0 + (8.0 if "favor" in wanted else 0.0)
        elif verb == "supply":
            score = _supply_score(state, seat, words, wanted)
        else:
            score = 0.0
        if exchange:
            score -= 4.0
        scored.append((score, action))
    return scored


INVOKE_SCORE = {
    "alliance": 20.0,
    "slay": 12.0,
    "gain": 7.0,
    "cube": 6.0,
    "refresh": 5.0,
    "complete": 5.0,
    "earthquake": 4.0,
    "reduction": 3.0,
    "steal": 4.0,
    "drain": 2.0,
}


def _invoke_score(state: dict, seat: int, words: list[str]) -> float:
    """Action-phase Invocations: gifts and Alliances are worth it; attacks on
    a rival's cities sometimes."""
    inv = INVOCATIONS[words[1]]
    score = INVOKE_SCORE.get(inv.effect, -5.0)
    if inv.effect == "reduction" and len(words) > 2:
        mine = seat in players_on(state, words[2])
        score = -20.0 if mine else score
    if inv.effect == "cube" and len(words) > 2 and words[2] != "train":
        score -= 2.0
    return score


def _build_score(state: dict, seat: int, words: list[str], wanted: dict[str, int]) -> float:
    if words[1] == "government":
        return -8.0
    kind, place = words[1], words[2]
    score = 3.0 + (10.0 if kind in wanted else 0.0) + (3.0 if kind == "market" and "cities" in wanted else 0.0)
    if place in state["mines"] or place == "oracle":
        current_piece = state["mines"].get(place) if place in state["mines"] else _oracle(state)
        if current_piece is not None:
            if current_piece["type"] == kind:
                return -20.0  # rebuilding what stands there gains nothing
            score -= _replacement_cost(state, seat, current_piece["type"], wanted)
        if place in state["mines"] and "mines" in wanted:
            score += 6.0
    if "over" in words:
        replaced = words[-1].split("-")[0]
        if replaced == kind:
            return -20.0
        score -= _replacement_cost(state, seat, replaced, wanted)
    return score


def _replacement_cost(state: dict, seat: int, replaced: str, wanted: dict[str, int]) -> float:
    """Tearing down what an objective still needs (or what it counts) is
    almost never worth it; surplus pieces are fair game."""
    if replaced in ("market", "academy") and upgrade_count(state, seat, replaced) <= 1:
        return 30.0  # the last Market (movement) or Academy (research)
    if replaced in wanted or (replaced == "academy" and "advancements" in wanted):
        return 15.0
    return 10.0 if _surplus(state, seat, replaced) <= 0 else 1.0


def _oracle(state: dict) -> dict | None:
    return next((record["oracle"] for record in state["cities"].values() if "oracle" in record), None)


def _supply_score(state: dict, seat: int, words: list[str], wanted: dict[str, int]) -> float:
    what = words[1]
    if what == "commerce":
        return 2.0 + (7.0 if "commerce" in wanted else 0.0)
    distance = distance_to_targets(state, seat).get(what, 9)
    land = sum(s["n"] for s in stacks(state, what) if s["owner"] == seat and s["kind"] != "trireme")
    ships = sum(s["n"] for s in stacks(state, what) if s["owner"] == seat and s["kind"] == "trireme")
    score = 2.0 + min(land, 4) * 1.5 + (4.0 if distance <= 2 and land else 0.0)
    if "seas" in wanted:
        score += 2.0 * min(ships, 3)
    if "cities" in wanted and land:
        score += 5.0
    return score


def _hero_goals(state: dict, seat: int) -> set[str]:
    return {
        OBJECTIVES[c].params["area"]
        for c in state["pathos"] + state["seats"][seat]["ethos"]
        if OBJECTIVES[c].check in ("hero_on", "own_with_hero") and not met(state, seat, c)
    }


def _move(state: dict, frame: dict, seat: int, legal: list[str], rng: random.Random) -> str:
    return _best(move_scores(state, frame, seat, legal), rng)


def move_scores(state: dict, frame: dict, seat: int, legal: list[str]) -> list[tuple[float, str]]:
    """Each step of a Movement with how much it seems to help at a glance."""
    board = map_of(state)
    distance = distance_to_targets(state, seat)
    hero_goals = _hero_goals(state, seat)
    origin = frame["area"]
    here = distance.get(origin, 9)
    garrison = origin in owned_cities(state, seat)
    scored = []
    for action in legal:
        words = action.split()
        if words[0] == "done":
            scored.append((3.0, action))
        elif words[0] == "attack":
            mine = sum(
                UNIT_VALUE.get(("elite-" if s["elite"] else "") + s["kind"], 1) * s["n"]
                for s in frame["assaults"][words[1]]
            )
            scored.append(
                (
                    25.0 if mine >= _strength(state, words[1], next(iter(enemies_in(state, words[1], seat)))) else -5.0,
                    action,
                )
            )
        elif words[0] == "raid":
            scored.append((15.0, action))
        elif (
            words[0] != "move"
            or len(words) != 4
            or not words[1].isdigit()
            or parse_unit(words[2]) is None
            or words[3] not in board.areas
        ):
            scored.append((0.0, action))  # a wording this heuristic does not read (the planner weighs it)
        else:
            n, dest = int(words[1]), words[3]
            kind = words[2] if (unit := parse_unit(words[2])) is None else unit[0]
            left = sum(s["n"] for s in stacks(state, origin) if s["owner"] == seat) - n
            if kind == "trireme":
                mine_there = any(s["owner"] == seat and s["kind"] == "trireme" for s in stacks(state, dest))
                score = (10.0 if board.areas[dest].is_sea and not mine_there else -3.0) - (n - 1) * 2
                if enemies_in(state, dest, seat):
                    score = (
                        8.0
                        if _strength(state, origin, seat)
                        > _strength(state, dest, next(iter(enemies_in(state, dest, seat))))
                        else -8.0
                    )
            else:
                if enemies_in(state, dest, seat):
                    enemy = next(iter(enemies_in(state, dest, seat)))
                    score = 14.0 if n * 2 >= _strength(state, dest, enemy) else -6.0
                elif dest in _targets(state, seat) and board.areas[dest].is_city:
                    score = 20.0 - 1.5 * n
                else:
                    score = 4.0 * (here - distance.get(dest, 9)) + n * 0.3
                if board.areas[dest].is_sea and not any(
                    s["owner"] == seat and s["kind"] == "trireme" for s in stacks(state, dest)
                ):
                    score -= 20.0  # a Hero left at sea without a Trireme is lost
                if kind == "hero" and dest in hero_goals:
                    score += 25.0
                if kind == "hero" and origin in hero_goals:
                    score -= 30.0
                if garrison and left <= 0:
                    score -= 6.0
            scored.append((score, action))
    return scored


def _research(state: dict, frame: dict, seat: int, legal: list[str], rng: random.Random) -> str:
    wanted = needs(state, seat)
    owned_categories = {ADVANCEMENTS[a].category for a in state["seats"][seat]["advancements"]}
    scored = []
    for action in legal:
        words = action.split()
        if words[0] == "learn":
            advancement = ADVANCEMENTS[words[1]]
            score = 10.0 + advancement.level
            if "government" in wanted and advancement.category == "government":
                score += 6.0
            if "categories" in wanted and advancement.category not in owned_categories:
                score += 6.0
            if f"learn:{words[1]}" in wanted:
                score += 12.0
            if "learn:wonder" in wanted and advancement.category == "construction" and advancement.level == 1:
                score += 6.0  # a level 1 Construction advancement opens the Wonder
        elif words[0] == "convert":
            score = 6.0 if state["seats"][seat]["philosophers"] < 3 else 1.0
        elif words[0] == "done":
            score = 2.0
        else:
            score = -50.0
        scored.append((score, action))
    return _best(scored, rng)


def _combat(state: dict, frame: dict, seat: int, legal: list[str], rng: random.Random) -> str:
    if frame["step"] == "leaders":
        return legal[0]
    if frame["step"] == "casualties":
        return max(legal, key=lambda a: UNIT_VALUE.get(a.split()[1], 0))
    if frame["step"] == "hero":  # keep Alcibiades: he does not count against the hero limit
        return "lose hero" if "lose hero" in legal else legal[0]
    enemy = frame["defender"] if seat == frame["attacker"] else frame["attacker"]
    mine, theirs = _strength(state, frame["area"], seat), _strength(state, frame["area"], enemy)
    if mine * 2 < theirs and len(legal) > 1 and rng.random() < 0.6:
        return rng.choice([a for a in legal if a.startswith("withdraw")])
    return "fight"


def _ethos(state: dict, frame: dict, seat: int, legal: list[str], rng: random.Random) -> str:
    hand = state["seats"][seat]["ethos_hand"]
    easy = {"upgrades": 3, "walled_cities": 2, "every_category": 2, "category_advancements": 1, "mines": 1}
    keeps = [a for a in legal if a.startswith("keep")]
    scored = [(float(sum(easy.get(OBJECTIVES[hand[int(i) - 1]].check, 0) for i in a.split()[1:])), a) for a in keeps]
    return _best(scored, rng, noise=2.0)


def _dedicate(state: dict, frame: dict, seat: int, legal: list[str], rng: random.Random) -> str:
    mine = [a for a in legal if a.split()[-1] in state["seats"][seat]["deities"]]
    return rng.choice(mine or legal)


def _favorite(state: dict, frame: dict, seat: int, legal: list[str], rng: random.Random) -> str:
    own = f"favorite {seat_name(seat).lower()}"
    return own if own in legal else rng.choice(legal)


# ---------------------------------------------------------------------------
# Part 2: bids, windows, event choices, losses


def _bid(state: dict, frame: dict, seat: int, legal: list[str], rng: random.Random) -> str:
    """A small bid, a little larger for rich rewards and when rich in Favor."""
    favor = state["seats"][seat]["favor"]
    card = EVENTS[frame["card"]]
    worth = sum(card.reward.get(k, 0) for k in ("commerce", "philosophers", "favor")) + sum(
        card.reward.get("units", {}).values()
    )
    wish = rng.choice([0, 0, 1, 1, 2]) + (1 if worth >= 3 and rng.random() < 0.5 else 0)
    wish += 1 if favor >= 6 and rng.random() < 0.3 else 0
    return f"bid {min(wish, favor)}"


HARMFUL = {"revolt", "reduction", "eruption", "earthquake", "tribute", "alcibiades"}


def _window(state: dict, frame: dict, seat: int, legal: list[str], rng: random.Random) -> str:
    casts = [a for a in legal if a.startswith("invoke ")]
    if not casts:
        return "pass"
    scored = [(-1.0, "pass")]
    for action in casts:
        words = action.split()
        inv = INVOCATIONS[words[1]]
        score = -2.0
        if inv.phase == "combat":
            score = 3.0 if inv.effect in ("strength", "extra_die", "rout") else -1.0
        elif inv.phase == "upkeep":
            if inv.effect == "sanctuary":
                score = 8.0 if enemies_in(state, words[2], seat) else -6.0
            elif inv.effect == "calm":
                score = 4.0 if seat in players_on(state, state["creatures"][words[2]]) else -6.0
            else:
                score = 2.0
        elif inv.phase == "event":
            event = next((f for f in state["stack"] if f["id"] == frame.get("event")), None)
            harmful = event is not None and EVENTS[event["card"]].effect in HARMFUL
            score = 1.0 if harmful else -6.0
        elif inv.phase == "response":
            target = frame["casts"][int(words[2]) - 1]
            score = 0.5 if INVOCATIONS[target["name"]].effect in ("reduction", "earthquake", "close", "rout") else -6.0
        elif inv.phase == "movement":
            score = -4.0
        scored.append((score, action))
    return _best(scored, rng, noise=2.5)


def _enemy_weight(state: dict, seat: int, area: str) -> float:
    """How much a blow to an area hurts the others (and spares us)."""
    present = players_on(state, area)
    others = sum(1 for s in stacks(state, area) if s["owner"] != seat) + (2 if any(p != seat for p in present) else 0)
    return others - (8 if seat in present else 0)


def _choose(state: dict, frame: dict, seat: int, legal: list[str], rng: random.Random) -> str:
    verb = frame["verb"]
    options = frame["options"]
    if verb == "award":
        own = seat_name(seat).lower()
        return f"award {own}" if own in options else rng.choice(legal)
    if verb in ("strike", "place"):
        scored = [(_enemy_weight(state, seat, option.split()[-1]), f"{verb} {option}") for option in options]
        return _best(scored, rng, noise=1.5)
    if verb == "revolt":
        enemy = [o for o in options if state["cities"][o]["owner"] != seat]
        return f"revolt {rng.choice(enemy or options)}"
    if verb == "" and "pass" in options:
        wanted = needs(state, seat)
        scored = [(0.0, "pass")] + [(_build_score(state, seat, a.split(), wanted), a) for a in options if a != "pass"]
        return _best(scored, rng)
    return rng.choice(legal)


def _losses(state: dict, frame: dict, seat: int, legal: list[str], rng: random.Random) -> str:
    """Give up the cheapest piece: a lone Trireme or Hoplite before an upgrade."""

    def cost(action: str) -> float:
        token = action.split()[1]
        if parse_unit(token) is not None:
            return UNIT_VALUE.get(token, 2)
        return 6.0 + (4.0 if token == "government" else 0.0)

    return min(legal, key=lambda a: (cost(a), rng.random()))


STRATEGIES: dict[str, dict[str, Chooser]] = {
    "random": {
        "action": _action,
        "move": _move,
        "research": _research,
        "combat": _combat,
        "ethos": _ethos,
        "dedicate": _dedicate,
        "favorite": _favorite,
        "bid": _bid,
        "window": _window,
        "choose": _choose,
        "losses": _losses,
        "oracle": lambda state, frame, seat, legal, rng: rng.choice(legal[:-1] or legal),
    },
}
