"""A round of Thessaloniki: the family draft, then each player's turn —
1. Move, 2. Gain Goods, 3. Resolve the Alcove, 4. Resolve the Sunset — and
the end of the turn, round and game.

Rules quoted here:
- Family draft: "Starting with the last player and going counterclockwise,
  take one of the Family cards on display."
- "Gain the Mosaic Bonus from every Alcove you moved through or stopped on
  where you have a Mosaic. Gain the Alcove Bonus ... of the Alcove you moved
  to. ... Once per turn, you may spend 1 Denarius to gain 1 ⚡. Spend each of
  your ⚡ to either resolve one of the actions depicted in that Alcove, or
  to take 1 Contract. ... Applicable Alcove and Mosaic Bonuses as well as
  actions may be resolved in any order."
- Port: "After spending your first ⚡, every other player (in turn order)
  may also Sell ... This happens regardless of how you spend your first ⚡."
- Sunset: "This effect must be always resolved ... even if you only took
  Contract cards with your ⚡."
"""

from __future__ import annotations

from functools import cache, partial
from typing import Any

from engine.core import clone
from engine.games.thessaloniki import contracts, effects, explain, pieces, port, storage, workers
from engine.games.thessaloniki.ending import game_ends_after_turn
from engine.games.thessaloniki.scoring import final_scoring
from engine.games.thessaloniki.state import (
    State,
    ability,
    as_items,
    colour_of,
    comp,
    has,
    note,
    seat_title,
    turn_order_from,
)
from engine.games.thessaloniki.steps import DONE, Auto, Choice, Item, Result, Step, again, finished, step

EXTRA_ACTION_LIMIT = 1
"""Extra ⚡ a player may buy per turn ("Once per turn"); C53 doubles it."""


def new_turn(seat: int) -> dict[str, Any]:
    return {
        "seat": seat,
        "alcove": None,
        "energy": 0,
        "spent": 0,
        "bought": 0,
        "bonus": False,
        "mosaic_bonuses": [],
        "took_contracts": False,
        "ability_used": False,
        "free_merchant_used": False,
        "moved": 0,
    }


# ---------------------------------------------------------------------------
# Set-up: the family draft


@step("draft")
class Draft(Step):
    finish = None

    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        options = {}
        for fid in state["families"]:

            def run(fid: str = fid) -> Result:
                take_family(state, seat, fid)
                return finished()

            options[f"family {fid}"] = Choice(run, family_words(fid))
        return options

    def prompt(self, state: State, item: Item) -> str:
        return "to choose a family card"


@cache
def family_words(fid: str) -> str:
    """A family card in words: what it gives at set-up and its ability
    (worked out once per card: the draft's legal list shows every family)."""
    from engine.games.thessaloniki.text import ability_text

    family = comp().families[fid]
    goods = ", ".join(f"{n} {'of your good' if g == 'own' else g}" for g, n in family.goods.items())
    gifts = [goods, f"{family.denarii} denari{'us' if family.denarii == 1 else 'i'}"]
    gifts += [
        f"{n} {what}{'s' if n > 1 else ''}" for what, n in (("mosaic", family.mosaics), ("statue", family.statues)) if n
    ]
    gifts.append(f"{family.contracts} contract{'s' if family.contracts > 1 else ''}")
    return f"{family.name}: {'; '.join(gifts)}; legacy {', '.join(family.legacy)}. {ability_text(family.ability)}"


def take_family(state: State, seat: int, fid: str) -> None:
    """Take a family card: its goods, denarii, pieces and contracts."""
    family = comp().families[fid]
    state["families"].remove(fid)
    data = state["seats"][seat]
    data["family"] = fid
    for good, count in family.goods.items():
        token = storage.own_good(state, seat) if good == "own" else good
        storage.add(state, seat, token, count)
    data["denarii"] += family.denarii
    for piece, count in (("mosaics", family.mosaics), ("statues", family.statues)):
        moved = min(count, data[piece]["supply"])
        data[piece]["supply"] -= moved
        data[piece]["board"] += moved
    drawn = contracts.draw_to_hand(state, seat, family.contracts)
    note(
        state,
        f"{seat_title(state, seat)} takes the {family.name} family and draws "
        f"{drawn} contract{'s' if drawn != 1 else ''}",
    )


@step("begin")
class Begin(Auto):
    def run(self, state: State, item: Item) -> list[Item]:
        state["phase"] = "play"
        state["round"] = 1
        note(state, "Round 1 begins")
        return [{"do": "start_turn", "seat": 0}]


# ---------------------------------------------------------------------------
# 1. Move


@step("start_turn")
class StartTurn(Auto):
    def run(self, state: State, item: Item) -> list[Item]:
        state["active"] = item["seat"]
        state["turn"] = new_turn(item["seat"])
        return [{"do": "move", "seat": item["seat"]}]


def family_ability_choice(state: State, seat: int) -> dict[str, Choice]:
    """F2's "anytime during your turn": ``ability`` pays 1 denarius to refine."""
    held = ability(state, seat, "refine_for_denarius")
    data = state["seats"][seat]
    if held is None or state["turn"]["ability_used"] or data["denarii"] < 1 or not any(data["raw"].values()):
        return {}

    def run() -> Result:
        storage.spend_denarii(state, seat, 1)
        state["turn"]["ability_used"] = True
        note(state, f"{seat_title(state, seat)} pays 1 denarius to refine (family ability)")
        return again([{"do": "refine_for_denarius", "n": held["n"], "seat": seat}])

    return {"ability": Choice(run, f"Pay 1 denarius to refine {held['n']} goods (family ability)")}


@step("move")
class Move(Step):
    """ "You must move one of your Workers" (C24 may let you stay)."""

    finish = None

    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        options: dict[str, Choice] = {}
        for move in workers.moves(state, seat):

            def run(move: workers.Move = move) -> Result:
                passed = workers.apply_move(state, seat, move)
                state["turn"]["moved"] = move.steps
                follow: list[Item] = []
                refine = workers.moved_refine_count(state, seat, move.steps)
                if refine:
                    follow.append({"do": "refine", "n": refine, "seat": seat, "source": "f6"})
                follow.append({"do": "gain_goods", "seat": seat, "alcove": move.target})
                follow.append({"do": "arrive", "seat": seat, "alcove": move.target, "passed": passed})
                return finished(follow)

            options[move.notation()] = Choice(run, partial(_move_label, state, move))
        if has(state, seat, "stay"):
            alcove = workers.alcoves_of(state, seat, workers.PATRICIAN)[0]

            def stay() -> Result:
                note(
                    state,
                    f"{seat_title(state, seat)} stays with their Patrician in the {comp().alcoves[alcove].title} (C24)",
                )
                return finished([{"do": "arrive", "seat": seat, "alcove": alcove, "passed": []}])

            options["stay"] = Choice(stay, f"Skip moving: act again in the {comp().alcoves[alcove].title} (C24)")
        options.update(family_ability_choice(state, seat))
        return options

    def has_options(self, state: State, item: Item, seat: int) -> bool:
        # A worker that can move is enough; the moves' notation and the
        # other options are worked out only when they are listed or played.
        return bool(workers.moves(state, seat)) or bool(self.options(state, item, seat))

    def prompt(self, state: State, item: Item) -> str:
        return "to move a worker"

    def explain(self, state: State, item: Item, seat: int, text: str) -> str | None:
        return explain.move(state, seat, text)


def _move_label(state: State, move: workers.Move) -> str:
    c = comp()
    seat = state["turn"]["seat"]
    who = "Patrician" if move.kind == workers.PATRICIAN else "Merchant"
    cost = []
    if move.denarii:
        cost.append(f"{move.denarii} denari{'us' if move.denarii == 1 else 'i'}")
    if move.salt:
        cost.append("1 salt")
    if move.free_merchant:
        cost.append("free (family)")
    target = move.target
    pushed = None if workers.has_room(state, target) else state["alcoves"][target][0]
    # Preview the arrival on a copy: the goods gained, the ⚡ to spend, and
    # what the push and the denarius space pay on the way.
    preview = clone(state)
    workers.apply_move(preview, seat, move)
    gained: dict[str, int] = {}
    for worker in preview["alcoves"][target]:
        good = workers.worker_good(worker)
        gained[good] = gained.get(good, 0) + 1
    energy = workers.action_points_on_arrival(preview, seat, target)
    extras = []
    if pushed is not None:
        left = clone(state["alcoves"])
        left[move.origin].remove(workers.token(colour_of(state, seat), move.kind))
        landed, _ = workers.push_destination({"alcoves": left}, target)
        extras.append(f"pushes {workers.worker_name(pushed)} to the {c.alcoves[landed].title}")
    earned = preview["seats"][seat]["denarii"] - state["seats"][seat]["denarii"] + move.denarii
    if earned:
        extras.append(f"+{earned} denari{'us' if earned == 1 else 'i'}")
    return (
        f"{who} {c.alcoves[move.origin].title} → {c.alcoves[target].title} ({move.steps} step"
        f"{'s' if move.steps > 1 else ''}{', ' + ' and '.join(cost) if cost else ''}): "
        f"gain {storage.format_goods(gained)}, {energy} ⚡" + "".join(f"; {e}" for e in extras)
    )


# ---------------------------------------------------------------------------
# 2. Gain goods, then arrive


@step("gain_goods")
class GainGoods(Auto):
    def run(self, state: State, item: Item) -> list[Item]:
        workers.gain_alcove_goods(state, item["seat"], item["alcove"])
        return []


@step("arrive")
class Arrive(Auto):
    """Count the ⚡ and set out the bonuses; bonuses that need no choice are
    taken at once (gaining earlier is never worse)."""

    def run(self, state: State, item: Item) -> list[Item]:
        seat, alcove = item["seat"], item["alcove"]
        spec = comp().alcoves[alcove]
        turn = state["turn"]
        turn["alcove"] = alcove
        turn["energy"] = workers.action_points_on_arrival(state, seat, alcove)
        follow: list[Item] = []
        if effects.is_automatic(spec.bonus, state, seat):
            follow += as_items(spec.bonus, seat, source="bonus")
        else:
            turn["bonus"] = True
        for passed in workers.mosaic_bonus_alcoves(state, seat, item["passed"]):
            bonus = comp().alcoves[passed].mosaic_bonus
            if effects.is_automatic(bonus, state, seat):
                follow += as_items(bonus, seat, source=f"mosaic {passed}")
            else:
                turn["mosaic_bonuses"].append(passed)
        note(state, f"{seat_title(state, seat)} has {turn['energy']} ⚡ in the {spec.title}")
        return follow + [{"do": "act", "seat": seat}]


# ---------------------------------------------------------------------------
# 3. Resolve the alcove


ACTION_VERBS = {
    "gain_mosaic": ("gain",),
    "gain_statue": ("gain",),
    "place_mosaic": ("mosaic",),
    "place_statue": ("statue",),
    "refine_each": ("refine",),
    "refine_colour": ("refine",),
    "refine_three": ("refine",),
    "fulfil": ("fulfill",),
    "fulfil_discount": ("fulfill",),
    "sell": ("sell",),
    "fulfil_and_sell": ("fulfill", "sell"),
}
"""The first word of the notation of each alcove action's options."""


def alcove_actions(state: State, seat: int, alcove: str, verb: str | None = None) -> dict[str, Choice]:
    """The alcove's own actions, each for 1 ⚡ (before the ⚡ is paid); with
    ``verb``, only those whose notation starts with it."""
    options: dict[str, Choice] = {}
    for action in comp().alcoves[alcove].actions:
        if verb is not None and verb not in ACTION_VERBS[action]:
            continue
        if action in ("gain_mosaic", "gain_statue"):
            piece = action.split("_")[1]
            if pieces.in_supply(state, seat, piece) > 0:

                def gain(piece: str = piece) -> Result:
                    return finished([{"do": f"gain_{piece}", "n": 1, "seat": seat}])

                options[f"gain {piece}"] = Choice(gain, f"Gain a {piece} from the supply")
        elif action in ("place_mosaic", "place_statue"):
            options.update(effects.place_choices(state, seat, action.split("_")[1], paid=True))
        elif action == "refine_each":
            if any(state["seats"][seat]["raw"].values()):
                options["refine each"] = Choice(
                    lambda: finished([{"do": "refine_each", "seat": seat}]), "Refine 1 raw good of each colour"
                )
        elif action == "refine_colour":
            options.update(effects.refine_colour_choices(state, seat))
        elif action == "refine_three":
            options.update(effects.refine_choices(state, seat, 3))
        elif action == "fulfil":
            options.update(effects.fulfil_choices(state, seat, contracts.NORMAL))
        elif action == "fulfil_discount":
            options.update(effects.fulfil_choices(state, seat, contracts.DISCOUNT))
        elif action == "sell":
            options.update(effects.sale_choices(state, seat))
        elif action == "fulfil_and_sell":
            # "You may do this in any order. You may skip one of the options."
            options.update(
                effects.fulfil_choices(
                    state, seat, contracts.NORMAL, lambda: [{"do": "sell", "mode": "same", "max": 1, "seat": seat}]
                )
            )
            options.update(
                effects.sale_choices(state, seat, 1, lambda: [{"do": "fulfil", "cost": contracts.NORMAL, "seat": seat}])
            )
    return options


def _spending(state: State, seat: int, choice: Choice) -> Choice:
    """Wrap an action so it costs 1 ⚡, and opens the sell window after the
    first ⚡ in the Port."""

    def run() -> Result:
        turn = state["turn"]
        turn["energy"] -= 1
        turn["spent"] += 1
        follow, _ = choice.run()
        if turn["spent"] == 1 and comp().alcoves[turn["alcove"]].sell_window:
            follow += [{"do": "window", "seat": other} for other in turn_order_from(state, seat)]
        return again(follow)

    return Choice(run, lambda: choice.words() + " (1 ⚡)", choice.paying)


@step("act")
class Act(Step):
    """The alcove: ⚡ actions, taking contracts, the extra ⚡, the bonuses."""

    finish = DONE

    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        return self._options(state, seat, None)

    def options_for(self, state: State, item: Item, seat: int, verb: str) -> dict[str, Choice]:
        return self._options(state, seat, verb)

    def _options(self, state: State, seat: int, verb: str | None) -> dict[str, Choice]:
        """Every option, or with ``verb`` those whose notation starts with it
        (the rest are not worked out: they cannot be the action played)."""
        turn = state["turn"]
        alcove = turn["alcove"]
        options: dict[str, Choice] = {}
        if turn["energy"] > 0:
            for key, choice in alcove_actions(state, seat, alcove, verb).items():
                options[key] = _spending(state, seat, choice)
            if verb in (None, "take"):
                for key, choice in effects.take_choices(state, seat).items():
                    options[key] = _spending(state, seat, choice)
        if verb not in (None, "buy", "bonus", "ability"):
            return options
        options.update(self._buying(state, seat))
        if turn["bonus"]:
            spec = comp().alcoves[alcove]

            def bonus() -> Result:
                turn["bonus"] = False
                return again(as_items(spec.bonus, seat, source="bonus"))

            options["bonus"] = Choice(bonus, f"Alcove bonus: {_effects_words(spec.bonus)}")
        for passed in turn["mosaic_bonuses"]:

            def mosaic(passed: str = passed) -> Result:
                turn["mosaic_bonuses"].remove(passed)
                return again(as_items(comp().alcoves[passed].mosaic_bonus, seat, source=f"mosaic {passed}"))

            options[f"bonus {passed}"] = Choice(
                mosaic,
                f"Mosaic bonus of the {comp().alcoves[passed].title}: "
                f"{_effects_words(comp().alcoves[passed].mosaic_bonus)}",
            )
        for key, choice in family_ability_choice(state, seat).items():
            options[key] = choice
        return options

    def has_options(self, state: State, item: Item, seat: int) -> bool:
        # The bonuses, the extra ⚡ and taking a contract are cheap to see and
        # usually there; only without them are the alcove's actions worked out.
        turn = state["turn"]
        if turn["bonus"] or turn["mosaic_bonuses"] or self._buying(state, seat):
            return True
        if turn["energy"] > 0 and contracts.takeable(state, seat):
            return True
        return bool(self.options(state, item, seat))

    def _buying(self, state: State, seat: int) -> dict[str, Choice]:
        """ "Once per turn, you may spend 1 Denarius to gain 1 ⚡" (C53: twice;
        C56: with 1 Salt instead)."""
        turn = state["turn"]
        limit = EXTRA_ACTION_LIMIT * (2 if has(state, seat, "double_buy") else 1)
        if turn["bought"] >= limit:
            return {}
        data = state["seats"][seat]
        options = {}

        def buy(with_salt: bool) -> Result:
            if with_salt:
                storage.remove(state, seat, storage.SALT)
            else:
                storage.spend_denarii(state, seat, 1)
            turn["bought"] += 1
            turn["energy"] += 1
            note(state, f"{seat_title(state, seat)} buys 1 ⚡ with 1 {'salt' if with_salt else 'denarius'}")
            return again()

        if data["denarii"] >= 1:
            options["buy"] = Choice(lambda: buy(False), "Pay 1 denarius for 1 more ⚡")
        if has(state, seat, "salt_action") and data["salt"] >= 1:
            options["buy with salt"] = Choice(lambda: buy(True), "Pay 1 Salt for 1 more ⚡ (C56)")
        return options

    def on_finish(self, state: State, item: Item, seat: int) -> Result:
        turn = state["turn"]
        spec = comp().alcoves[turn["alcove"]]
        if turn["energy"] > 0:
            note(state, f"{seat_title(state, seat)} leaves {turn['energy']} ⚡ unused")
        turn["energy"] = 0
        note(state, f"Sunset in the {spec.title}")
        return finished(
            as_items(spec.sunset, seat, source="sunset")
            + [
                {"do": "refill_offer", "seat": seat},
                {"do": "close_ships", "seat": seat},
                {"do": "end_turn", "seat": seat},
            ]
        )

    def prompt(self, state: State, item: Item) -> str:
        turn = state["turn"]
        return f"to act in the {comp().alcoves[turn['alcove']].title} ({turn['energy']} ⚡ left)"

    def explain(self, state: State, item: Item, seat: int, text: str) -> str | None:
        return explain.act(state, seat, text)


def _effects_words(effects_list: Any) -> str:
    from engine.games.thessaloniki.text import effects_text

    return effects_text(effects_list)


# ---------------------------------------------------------------------------
# 4. Sunset and the end of the turn


@step("refill_offer")
class RefillOffer(Auto):
    def run(self, state: State, item: Item) -> list[Item]:
        if state["turn"]["took_contracts"]:
            contracts.refill_offer(state)
        return []


@step("close_ships")
class CloseShips(Auto):
    def run(self, state: State, item: Item) -> list[Item]:
        if port.has_gaps(state):
            port.slide_and_refill(state)
        return []


@step("end_turn")
class EndTurn(Auto):
    def run(self, state: State, item: Item) -> list[Item]:
        seat = item["seat"]
        if game_ends_after_turn(state, seat):
            final_scoring(state)
            return []
        following = (seat + 1) % state["players"]
        if following == 0:
            state["round"] += 1
            last = state["end"]["last_round"]
            note(state, f"Round {state['round']} begins" + (" (the final round)" if last == state["round"] else ""))
        return [{"do": "start_turn", "seat": following}]
