"""The Action phase: rounds of one action each, Exchange and Pass.

- "Each Round is made up of all players taking a single Action. Players
  continue taking a single Action, Round after Round, until all players have
  passed."
- "The Build, Train, Research, Worship, and Supply Actions all require a player
  to remove an Action Cube from their Player Board ... If the player does not
  have an Action Cube on the proper section ... that Action may not be taken."
- Exchange: "a player may spend 3 Commerce from their Stockpile back to the
  pool to take a Train, Build, Research, Worship, or Supply Action ... The
  player does not spend an Action Cube nor do they Exhaust any City Upgrade."
  (It still needs the same Active upgrade; a Build through Exchange is still
  Under Construction.)
- Pass: "all remaining Action Cubes in the action area are discarded ... If the
  player discarded 1 Action Cube, they receive 1 Commerce token ... 2 or more
  Action Cubes, the player receives 2 Commerce tokens." "A player who passes
  may take no further Actions this turn."

Notation: the action itself (``build ...``, ``train ...``, ``research ...``,
``worship ...``, ``supply ...``), ``exchange <that action>`` or ``pass``.
``research <city> learn <advancement>`` (also after ``exchange``) is the
Research action and its ``learn`` step in one command, the same as the two
in a row.
Trades and Action-phase Invocations are out-of-turn actions (``trade``,
``invocations``): they never use up the action.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.games.hellenica import advancements as adv
from engine.games.hellenica import build, creatures, produce
from engine.games.hellenica.cities import production
from engine.games.hellenica.components import ADVANCEMENTS, DEITIES, GOVERNMENTS, RULES, UPGRADES
from engine.games.hellenica.favorite import turn_order
from engine.games.hellenica.state import log, map_of, seat_name, unit_word
from engine.games.hellenica.steps import STEPS, Step, finish, open_frame, push, register

PRODUCE_VERBS = ("train", "research", "worship", "supply")
CUBE_OF = {"build": "build", "train": "train", "research": "research", "worship": "worship", "supply": "supply"}


def run_action_phase(state: dict, first: bool) -> bool:
    """Give the next seat that has not passed its action, or end the phase.

    Between actions: the last Active Player's Heroes Duel the Creatures they
    share an Area with; a new turn order (Strategic Shift) starts with the
    next round."""
    if first:
        state["order"] = turn_order(state)
        state["cursor"] = -1
        state["round"] = 1
        for player in state["seats"]:
            player["passed"] = False
    if state["duel"] is not None:
        seat, state["duel"] = state["duel"], None
        creatures.duels(state, seat)
    order = state["order"]
    for step in range(1, len(order) + 1):
        index = (state["cursor"] + step) % len(order)
        seat = order[index]
        if not state["seats"][seat]["passed"]:
            if index <= state["cursor"]:
                state["round"] += 1
                if state["reorder"]:
                    state["reorder"] = False
                    state["order"] = order = turn_order(state)
                    index = next(i for i, s in enumerate(order) if not state["seats"][s]["passed"])
                    seat = order[index]
            state["cursor"] = index
            push(state, "action", seat=seat)
            return False
    state["reorder"] = False
    return True


def exchange_cost(state: dict, seat: int) -> int:
    return adv.effect_value(state, seat, "exchange_cost", RULES["actions"]["exchange_cost"])


def pass_refund(cubes: int) -> int:
    refunds = RULES["actions"]["pass_refund"]
    return refunds[min(cubes, len(refunds) - 1)]


def base_commands(state: dict, seat: int, *, free: bool) -> list[str]:
    """The Build/Train/Research/Worship/Supply actions a seat may take, with
    cubes (``free=False``) or through Exchange (``free=True``)."""
    cubes = state["seats"][seat]["cubes"]
    commands = build.commands(state, seat) if free or cubes["build"] else []
    made: dict[str, dict[str, int]] = {}  # each city's production, counted once for every verb
    for verb in PRODUCE_VERBS:
        if free or cubes[verb]:
            commands += produce.commands(state, seat, verb, made)
    return commands


_RESEARCH = ("research ", "exchange research ")
"""How the Research commands a listing holds begin."""


def with_learning(state: dict, seat: int, commands: list[str]) -> list[str]:
    """The commands, each Research followed by its ``research <city> learn
    <advancement>`` forms: the Advancements the Philosophers on hand plus the
    ones this Research brings would pay for."""
    result = []
    learnable: dict[int, list[str]] = {}  # by Philosophers gained: the same for a cube and for Exchange
    for command in commands:
        result.append(command)
        if not command.startswith(_RESEARCH):  # ``research <city>``, ``exchange research <city>``
            continue
        words = command.split()
        if words[-2:-1] == ["research"]:
            gain = produce.research_gain(state, seat, words[-1])
            if gain not in learnable:
                learnable[gain] = adv.researchable(_with_philosophers(state, seat, gain), seat)
            result += [f"{command} learn {name}" for name in learnable[gain]]
    return result


def _with_philosophers(state: dict, seat: int, gain: int) -> dict:
    """A light copy of the state with ``gain`` more Philosophers for the seat
    (what a Research brings, ``produce.research``), for listing what they
    could pay for."""
    trial = dict(state)
    trial["seats"] = list(state["seats"])
    trial["seats"][seat] = {**state["seats"][seat], "philosophers": state["seats"][seat]["philosophers"] + gain}
    return trial


def action_refusal(state: dict, seat: int, words: list[str], *, free: bool) -> str | None:
    """Why an action is not allowed (None if it is)."""
    verb = words[0] if words else ""
    if verb not in CUBE_OF:
        return f"`{verb}` is not an action."
    if not free and state["seats"][seat]["cubes"][CUBE_OF[verb]] == 0:
        return (
            f"You have no {verb.title()} cube left this turn; `exchange` {exchange_cost(state, seat)} "
            f"Commerce to {verb} without one, or `pass`."
        )
    if verb == "build":
        return build.refusal(state, seat, words)
    parsed = produce.parse(words)
    if parsed is None:
        return {
            "train": "Write `train <hoplites|cavalry|triremes|hero> <city>`.",
            "research": "Write `research <city>`.",
            "worship": "Write `worship <city>`.",
            "supply": "Write `supply commerce from <city>` or `supply <area> from <city>`.",
        }[verb]
    return produce.refusal(state, seat, parsed)


def take_action(state: dict, seat: int, words: list[str], *, free: bool) -> None:
    refusal = action_refusal(state, seat, words, free=free)
    if refusal:
        raise IllegalAction(refusal)
    if not free:
        state["seats"][seat]["cubes"][CUBE_OF[words[0]]] -= 1
    if words[0] == "build":
        build.apply(state, seat, words)
    else:
        parsed = produce.parse(words)
        assert parsed is not None  # action_refusal has accepted the words
        produce.apply(state, seat, parsed, free=free)


def pass_turn(state: dict, seat: int) -> None:
    player = state["seats"][seat]
    cubes = sum(player["cubes"].values())
    refund = pass_refund(cubes)
    player["commerce"] += refund
    player["cubes"] = {action: 0 for action in player["cubes"]}
    player["passed"] = True
    extra = f" and takes {refund} Commerce for {cubes} unused cube{'s' if cubes != 1 else ''}" if refund else ""
    log(state, f"{seat_name(seat)} passes{extra}.")


@register
class ActionStep(Step):
    """A seat's action for this round."""

    kind = "action"

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        if state["seats"][seat]["commerce"] < exchange_cost(state, seat):
            return with_learning(state, seat, base_commands(state, seat, free=False)) + ["pass"]
        every = base_commands(state, seat, free=True)  # what Exchange allows: a superset, computed once
        cubes = state["seats"][seat]["cubes"]
        actions = [command for command in every if cubes[CUBE_OF[command.split(" ", 1)[0]]]]
        return with_learning(state, seat, actions + [f"exchange {command}" for command in every]) + ["pass"]

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        words = action.split()
        if not words:
            raise self.refuse(state, frame, seat, action)
        if "learn" in words[1:]:  # research <city> learn <advancement>: the action, then its learn step
            at = words.index("learn")
            if words[at - 2 : at - 1] != ["research"]:
                raise IllegalAction("Only a Research action takes `learn`: `research <city> learn <advancement>`.")
            self.play(state, frame, seat, " ".join(words[:at]))
            STEPS["research"].play(state, open_frame(state), seat, " ".join(words[at:]))
            return
        verb = words[0]
        finish(state, frame)
        # "If the Active Player has not Passed at the end of their Action": Duels.
        state["duel"] = None if verb == "pass" else seat
        if verb == "pass" and len(words) == 1:
            pass_turn(state, seat)
        elif verb == "exchange":
            cost = exchange_cost(state, seat)
            if state["seats"][seat]["commerce"] < cost:
                raise IllegalAction(f"Exchange costs {cost} Commerce; you have {state['seats'][seat]['commerce']}.")
            if len(words) < 2 or words[1] not in CUBE_OF:
                raise IllegalAction(
                    "Exchange for one of: build, train, research, worship, supply — e.g. "
                    "`exchange train hoplites thebes`."
                )
            state["seats"][seat]["commerce"] -= cost
            log(state, f"{seat_name(seat)} exchanges {cost} Commerce for a free action.")
            take_action(state, seat, words[1:], free=True)
        elif verb in CUBE_OF:
            take_action(state, seat, words, free=False)
        else:
            raise self.refuse(state, frame, seat, action)

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        return explain_action(state, seat, action)

    def title(self, state: dict, frame: dict) -> str:
        return "choosing an action"


def explain_action(state: dict, seat: int, action: str) -> str:
    """A short private wording of a main action, without playing it."""
    board = map_of(state)
    words = action.split()
    if "learn" in words[1:]:
        at = words.index("learn")
        learned = ADVANCEMENTS[words[at + 1]].title if words[at + 1 :] and words[at + 1] in ADVANCEMENTS else action
        return f"{explain_action(state, seat, ' '.join(words[:at]))}, then learn {learned}"
    prefix = ""
    if words[0] == "exchange":
        prefix, words = f"for {exchange_cost(state, seat)} Commerce: ", words[1:]
    verb = words[0]
    if verb == "pass":
        cubes = sum(state["seats"][seat]["cubes"].values())
        return f"pass for the rest of the turn (+{pass_refund(cubes)} Commerce)"
    if verb == "build":
        parsed = build.parse(words)
        if parsed is None:
            return action
        what, kind, place, over = parsed
        if what == "government":
            return prefix + f"change government to {GOVERNMENTS[kind].title} in {board.title(place)}"
        where = (
            board.title(place)
            if place in board.areas
            else (board.mines[place].title + " mine" if place in board.mines else "Delphi's Free Temple")
        )
        text = prefix + f"build {UPGRADES[kind].title} in {where}"
        if over:
            replaced = over.split("-")
            text += f", replacing the {UPGRADES[replaced[0]].title}" + (
                f" to {DEITIES[replaced[1]].title}" if len(replaced) > 1 else ""
            )
        return text
    parsed = produce.parse(words)
    if parsed is None:
        return action
    if verb == "train":
        kind, city = parsed[1], parsed[2]
        n = produce.train_count(state, seat, kind, city)
        return prefix + f"train {unit_word(kind, False, n)} in {board.title(city)}"
    if verb in ("worship", "research"):
        upgrade, gain = ("temple", "Favor") if verb == "worship" else ("academy", "Philosopher")
        n = production(state, parsed[1], upgrade)
        plural = "s" if gain == "Philosopher" and n != 1 else ""
        return prefix + f"{verb} in {board.title(parsed[1])}: +{n} {gain}{plural}"
    what, city = parsed[1], parsed[2]
    if what == "commerce":
        return prefix + f"supply Commerce from {board.title(city)} (+{produce.commerce_from_supply(state, seat, city)})"
    return prefix + f"supply {board.title(what)} for movement, exhausting a Market in {board.title(city)}"
