"""The effects printed on cards, ships, chariot spaces and alcoves, as steps.

Each ``do`` of the data files is a step here. Automatic ones happen at once
(``vp``, ``salt``, ``chariot`` ...); the others offer their choices, which
the alcove actions reuse through the ``*_choices`` builders below.

Notation of the choices (see the package docstring for the whole list):
``gain 2 grain``, ``refine grain olive``, ``refine all grain``,
``sell 2 wine ship2``, ``take c12``, ``fulfill c12 with grain olive salt``,
``mosaic forum``, ``statue rome2``, ``spend 3 oil``, ``legacy laurel``,
``swap ship1 ship3``, ``shift wine ship1 ship2``, ``demand rome statue``,
``replace salt ship2``, ``protect grain olive``; ``pass`` forfeits.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from engine.games.thessaloniki import chariot, contracts, explain, pieces, port, storage
from engine.games.thessaloniki.state import (
    State,
    comp,
    note,
    own_good,
    seat_title,
    turn_order_from,
)
from engine.games.thessaloniki.steps import Auto, Choice, Item, Result, Step, again, finished, step


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _goods_left(item: Item) -> int:
    """How many goods a one-at-a-time step (sell, shift) may still move: its
    ``max`` until the first one moves, then the count kept in ``left``."""
    most: int = item["max"]
    return item.get("left", most)


# ---------------------------------------------------------------------------
# Plain gains


@step("vp")
class GainVP(Auto):
    def run(self, state: State, item: Item) -> list[Item]:
        storage.gain_vp(state, item["seat"], item["n"])
        note(state, f"{seat_title(state, item['seat'])} gains {item['n']} VP")
        return []


@step("denarii")
class GainDenarii(Auto):
    def run(self, state: State, item: Item) -> list[Item]:
        note(
            state,
            f"{seat_title(state, item['seat'])} gains {_plural(item['n'], 'denarius')}".replace("denariuss", "denarii"),
        )
        storage.gain_denarii(state, item["seat"], item["n"])
        return []


@step("salt")
class GainSalt(Auto):
    def run(self, state: State, item: Item) -> list[Item]:
        storage.add(state, item["seat"], storage.SALT, item["n"])
        note(state, f"{seat_title(state, item['seat'])} gains {item['n']} salt")
        return []


@step("gain_mosaic")
class GainMosaic(Auto):
    def run(self, state: State, item: Item) -> list[Item]:
        pieces.gain_piece(state, item["seat"], pieces.MOSAIC, item["n"])
        return []


@step("gain_statue")
class GainStatue(Auto):
    def run(self, state: State, item: Item) -> list[Item]:
        pieces.gain_piece(state, item["seat"], pieces.STATUE, item["n"])
        return []


def count_of(state: State, seat: int, what: str) -> int:
    """The things "per" effects count."""
    data = state["seats"][seat]
    c = comp()
    if what == "instant_contracts":
        return sum(1 for cid in data["fulfilled"] if c.contracts[cid].kind == "instant")
    if what == "contracts":
        return len(data["fulfilled"])
    if what == "ships":
        return len(data["ships"])
    if what == "storage_mosaics":
        return data["storage_mosaics"]
    if what == "offer_statues":
        return contracts.offer_statue_count(state, seat)
    raise ValueError(what)


@step("per")
class PerCount(Auto):
    """ "Certain Contract cards reference the number of your fulfilled
    Instant Contracts" (C12) — and, in our cards, ships, mosaics, statues."""

    def run(self, state: State, item: Item) -> list[Item]:
        count = count_of(state, item["seat"], item["count"])
        storage.gain_vp(state, item["seat"], item["vp"] * count)
        note(state, f"{seat_title(state, item['seat'])} gains {item['vp'] * count} VP ({count} × {item['vp']})")
        return []


@step("chariot")
class AdvanceChariot(Auto):
    def run(self, state: State, item: Item) -> list[Item]:
        return chariot.advance(state, item["seat"], item["n"])


@step("chariot_step")
class ChariotStep(Auto):
    def run(self, state: State, item: Item) -> list[Item]:
        return chariot.step_forward(state, item["seat"])


@step("chariot_sunset")
class ChariotSunset(Auto):
    """ "Advance your Chariot marker by 1 plus the number of your Mosaics on
    the Entrance section"."""

    def run(self, state: State, item: Item) -> list[Item]:
        return chariot.advance(state, item["seat"], chariot.sunset_steps(state, item["seat"]))


# ---------------------------------------------------------------------------
# Goods from the supply


def _gain_choices(state: State, seat: int, size: int, refined: bool) -> dict[str, Choice]:
    c = comp()
    tokens = [c.refined_name[g] for g in c.raw_goods] if refined else list(c.raw_goods)
    options: dict[str, Choice] = {}
    for goods in storage.multisets({t: size for t in tokens}, size):

        def run(goods: dict[str, int] = goods) -> Result:
            storage.gain_goods(state, seat, goods)
            note(state, f"{seat_title(state, seat)} gains {storage.describe_goods(goods)}")
            return finished()

        options[f"gain {storage.format_goods(goods)}"] = Choice(run, partial(_gain_words, goods))
    return options


def _gain_words(goods: dict[str, int]) -> str:
    return f"Gain {storage.describe_goods(goods)}"


class _SupplyGain(Step):
    """Gain goods of a given kind, or of any kind ("any" asks which)."""

    refined = False

    def automatic(self, state: State, item: Item) -> bool:
        return item["good"] != "any"

    def run(self, state: State, item: Item) -> list[Item]:
        seat = item["seat"]
        good = own_good(state, seat) if item["good"] == "own" else item["good"]
        token = comp().refined_name[good] if self.refined else good
        storage.add(state, seat, token, item["n"])
        note(state, f"{seat_title(state, seat)} gains {storage.describe_goods({token: item['n']})}")
        return []

    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        return _gain_choices(state, seat, item["n"], self.refined)

    def prompt(self, state: State, item: Item) -> str:
        kind = "refined" if self.refined else "raw"
        return f"to choose {_plural(item['n'], kind + ' good')} to gain"


@step("raw")
class GainRaw(_SupplyGain):
    refined = False


@step("refined")
class GainRefined(_SupplyGain):
    refined = True


@step("raw_same")
class GainRawSame(Step):
    """Officium sunset: "Gain 3 Raw Goods of the same color" (mandatory)."""

    finish = None

    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        options = {}
        for good in comp().raw_goods:
            goods = {good: item["n"]}

            def run(goods: dict[str, int] = goods) -> Result:
                storage.gain_goods(state, seat, goods)
                note(state, f"{seat_title(state, seat)} gains {storage.describe_goods(goods)} at sunset")
                return finished()

            options[f"gain {storage.format_goods(goods)}"] = Choice(run, f"Gain {storage.describe_goods(goods)}")
        return options

    def prompt(self, state: State, item: Item) -> str:
        return f"to choose the colour of {item['n']} raw goods (sunset)"


# ---------------------------------------------------------------------------
# Refining


def refine_choices(
    state: State, seat: int, size: int, after: Callable[[dict[str, int]], list[Item]] | None = None
) -> dict[str, Choice]:
    """``refine <goods>``: refine ``size`` raw goods of the seat's choice."""
    options = {}
    for goods in storage.raw_multisets(state, seat, size):

        def run(goods: dict[str, int] = goods) -> Result:
            storage.refine(state, seat, goods)
            note(state, f"{seat_title(state, seat)} refines {storage.describe_goods(goods)}")
            return finished(after(goods) if after else [])

        options[f"refine {storage.format_goods(goods)}"] = Choice(run, partial(_refine_words, goods))
    return options


def _refine_words(goods: dict[str, int]) -> str:
    return f"Refine {storage.describe_goods(goods)}"


def refine_colour_choices(state: State, seat: int) -> dict[str, Choice]:
    """``refine all <good>``: "Refine all Raw Goods of the same color"."""
    options = {}
    for good, count in state["seats"][seat]["raw"].items():
        if count <= 0:
            continue

        def run(good: str = good, count: int = count) -> Result:
            storage.refine(state, seat, {good: count})
            note(state, f"{seat_title(state, seat)} refines all {storage.describe_goods({good: count})}")
            return finished()

        options[f"refine all {good}"] = Choice(run, f"Refine all {count} {good}")
    return options


@step("refine")
class Refine(Step):
    """Refine any N goods; C5 adds a bonus for refining 3 or more colours."""

    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        def after(goods: dict[str, int]) -> list[Item]:
            threshold = item.get("colours_for_bonus")
            if threshold and len(goods) >= threshold:
                return [dict(effect, seat=seat) for effect in item["bonus"]]
            return []

        return refine_choices(state, seat, item["n"], after)

    def prompt(self, state: State, item: Item) -> str:
        return f"to refine up to {item['n']} goods"


@step("refine_colour")
class RefineColour(Step):
    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        return refine_colour_choices(state, seat)

    def prompt(self, state: State, item: Item) -> str:
        return "to refine all raw goods of one colour"


@step("refine_each")
class RefineEach(Auto):
    """Officina: "Refine 1 Raw Good of each color"."""

    def run(self, state: State, item: Item) -> list[Item]:
        seat = item["seat"]
        goods = {g: 1 for g, n in state["seats"][seat]["raw"].items() if n > 0}
        if goods:
            storage.refine(state, seat, goods)
            note(state, f"{seat_title(state, seat)} refines {storage.describe_goods(goods)}")
        return []


@step("refine_for_denarius")
class RefineForDenarius(Step):
    """F2 (our family Galerii): "Once per turn, at any time during your turn,
    spend 1 Denarius to refine 2 Goods" — the denarius is already paid."""

    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        return refine_choices(state, seat, item["n"])

    def prompt(self, state: State, item: Item) -> str:
        return f"to refine {item['n']} goods (family ability)"


# ---------------------------------------------------------------------------
# Selling


def sale_choices(
    state: State, seat: int, limit: int = 0, after: Callable[[], list[Item]] | None = None
) -> dict[str, Choice]:
    """``sell <goods> ship<k>``: goods of one colour (or Salt) to one ship."""
    options = {}
    for sale in port.same_colour_sales(state, seat, limit):
        goods = dict(sale.goods)

        def run(sale: port.Sale = sale, goods: dict[str, int] = goods) -> Result:
            follow = port.sell(state, seat, sale.index, goods)
            return finished(follow + (after() if after else []))

        options[sale.notation()] = Choice(run, partial(_sale_words, sale, goods))
    return options


def _sale_words(sale: port.Sale, goods: dict[str, int]) -> str:
    return f"Sell {storage.describe_goods(goods)} to ship {sale.index + 1} ({port.sale_value(sale.index)} VP each)"


@step("sell")
class Sell(Step):
    """ "same": goods of one colour to one ship, up to ``max`` (0: any number).
    "mixed": ``max`` goods of any colours to one ship, one at a time (C7,
    C31: ``ignore_colours`` also lets raw goods onto any ship)."""

    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        if item["mode"] == "same":
            return sale_choices(state, seat, item.get("max", 0))
        ignore = bool(item.get("ignore_colours"))
        options = {}
        for token, index in port.single_good_options(state, seat, item.get("ship"), ignore, ignore, False):

            def run(token: str = token, index: int = index) -> Result:
                follow = port.sell(state, seat, index, {token: 1}, ignore_colours=ignore)
                item["ship"] = index
                item["left"] = _goods_left(item) - 1
                if state["ships"][index] is None or item["left"] <= 0:
                    return finished(follow)
                return again(follow)

            options[f"sell {token} {port.ship_label(index)}"] = Choice(
                run, f"Sell 1 {token} to ship {index + 1} ({port.sale_value(index)} VP)"
            )
        return options

    def prompt(self, state: State, item: Item) -> str:
        if item["mode"] == "same":
            most = item.get("max", 0)
            return (
                "to sell goods of one colour to a ship"
                if not most
                else f"to sell up to {_plural(most, 'good')} of one colour to a ship"
            )
        return f"to sell up to {_plural(_goods_left(item), 'more good')} to one ship"

    def explain(self, state: State, item: Item, seat: int, text: str) -> str | None:
        if item["mode"] == "same" and text.split(" ", 1)[0] == "sell":
            return explain.sale(state, seat, text.split(), item.get("max", 0))
        return None


@step("sell_supply")
class SellFromSupply(Auto):
    """C10: "Using Goods from the general supply, Sell 1 Good to each Ship" —
    one choice per ship, from the rightmost."""

    def run(self, state: State, item: Item) -> list[Item]:
        indices = [i for i, ship in enumerate(state["ships"]) if ship is not None]
        return [{"do": "sell_supply_ship", "seat": item["seat"], "ship": i} for i in reversed(indices)]


@step("sell_supply_ship")
class SellFromSupplyToShip(Step):
    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        options = {}
        for token, index in port.single_good_options(state, seat, item["ship"], False, False, True):

            def run(token: str = token, index: int = index) -> Result:
                return finished(port.sell(state, seat, index, {token: 1}, from_supply=True))

            options[f"sell {token} {port.ship_label(index)}"] = Choice(
                run, f"Sell 1 {token} from the supply to ship {index + 1} ({port.sale_value(index)} VP)"
            )
        return options

    def prompt(self, state: State, item: Item) -> str:
        return f"to choose a good from the supply for ship {item['ship'] + 1}"


@step("window")
class SellWindow(Step):
    """Port: "After spending your first ⚡, every other player (in turn order)
    may also Sell any number of Goods of the same color"."""

    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        return sale_choices(state, seat)

    def prompt(self, state: State, item: Item) -> str:
        return "may sell goods of one colour to a ship (the Port's sell window), or pass"

    def explain(self, state: State, item: Item, seat: int, text: str) -> str | None:
        if text.split(" ", 1)[0] != "sell":
            return "The Port's sell window is open for you: `sell <goods> ship<k>` or `pass`."
        return explain.sale(state, seat, text.split())


@step("salt_replace")
class ReplaceSalt(Step):
    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        ship = state["ships"][item["ship"]]
        if ship is None or storage.SALT not in ship["goods"]:
            return {}
        return {
            f"replace salt {port.ship_label(item['ship'])}": Choice(
                lambda: finished(port.replace_salt(state, seat, item["ship"])),
                f"Replace a Salt on ship {item['ship'] + 1} with your own good (C55)",
            )
        }

    def prompt(self, state: State, item: Item) -> str:
        return "may replace a Salt on the ship with their own good (C55)"


@step("swap_ships")
class SwapShips(Step):
    """C7: "Swap 2 Ships in the offer"."""

    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        present = [i for i, s in enumerate(state["ships"]) if s is not None]
        options = {}
        for a in present:
            for b in present:
                if a >= b:
                    continue

                def run(a: int = a, b: int = b) -> Result:
                    ships = state["ships"]
                    ships[a], ships[b] = ships[b], ships[a]
                    note(state, f"{seat_title(state, seat)} swaps the ships in spaces {a + 1} and {b + 1}")
                    return finished()

                options[f"swap {port.ship_label(a)} {port.ship_label(b)}"] = Choice(
                    run, f"Swap the ships in spaces {a + 1} and {b + 1}"
                )
        return options

    def prompt(self, state: State, item: Item) -> str:
        return "may swap two ships"


@step("move_goods")
class MoveGoods(Step):
    """C39, C45: move goods between ships, one at a time. "Moving Goods
    between Ships does not provide any VP." Goods keep the placement rules of
    the ship they land on."""

    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        options = {}
        ships = state["ships"]
        for source, ship in enumerate(ships):
            if ship is None:
                continue
            for token in dict.fromkeys(g for g in ship["goods"] if g is not None):
                raw = token in comp().raw_goods
                for target, other in enumerate(ships):
                    if other is None or target == source:
                        continue
                    if raw and not port.is_rightmost(state, target):
                        continue
                    if port.room_for(other, storage.colour_good_of(token)) <= 0:
                        continue

                    def run(token: str = token, source: int = source, target: int = target) -> Result:
                        goods = ships[source]["goods"]
                        goods[goods.index(token)] = None
                        note(
                            state,
                            f"{seat_title(state, seat)} moves 1 {token} from ship {source + 1} to ship {target + 1}",
                        )
                        follow = port.sell(state, seat, target, {token: 1}, from_supply=True, paid=False)
                        item["left"] = _goods_left(item) - 1
                        return (follow, item["left"] > 0)

                    options[f"shift {token} {port.ship_label(source)} {port.ship_label(target)}"] = Choice(
                        run, f"Move 1 {token} from ship {source + 1} to ship {target + 1}"
                    )
        return options

    def prompt(self, state: State, item: Item) -> str:
        return f"may move up to {_plural(_goods_left(item), 'good')} between ships"


# ---------------------------------------------------------------------------
# Contracts


def take_choices(state: State, seat: int, after: Callable[[], Result] | None = None) -> dict[str, Choice]:
    """``take <card>`` for each card next to one of the seat's Statues."""
    options = {}
    for cid in contracts.takeable(state, seat):

        def run(cid: str = cid) -> Result:
            contracts.take(state, seat, cid)
            return after() if after else finished()

        options[f"take {cid}"] = Choice(run, f"Take contract {cid.upper()}: {card_summary(cid)}")
    return options


def fulfil_choices(
    state: State, seat: int, mode: str, after: Callable[[], list[Item]] | None = None
) -> dict[str, Choice]:
    """``fulfill <card> [with <goods>]`` for each payable card in hand."""
    options = {}
    for cid, payment, named in contracts.fulfil_options(state, seat, mode):

        def run(cid: str = cid, payment: dict[str, int] = payment) -> Result:
            follow = contracts.fulfil(state, seat, cid, payment)
            return finished(follow + (after() if after else []))

        options[contracts.fulfil_notation(cid, payment, named)] = Choice(
            run, partial(_fulfil_words, cid, payment), payment
        )
    return options


def _fulfil_words(cid: str, payment: dict[str, int]) -> str:
    paying = f" paying {storage.describe_goods(payment)}" if payment else " for free"
    return f"Fulfil {cid.upper()}{paying}: {card_summary(cid)}"


def card_summary(cid: str) -> str:
    from engine.games.thessaloniki.text import contract_text

    return contract_text(cid)


@step("take")
class TakeContracts(Step):
    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        def after() -> Result:
            item["n"] -= 1
            return again() if item["n"] > 0 else finished()

        return take_choices(state, seat, after)

    def prompt(self, state: State, item: Item) -> str:
        return f"to take {_plural(item['n'], 'contract')} from the offer"


@step("fulfil")
class FulfilContract(Step):
    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        return fulfil_choices(state, seat, item["cost"])

    def prompt(self, state: State, item: Item) -> str:
        cost = {"free": " without paying its cost", "discount": " with a discount"}.get(item["cost"], "")
        return f"to fulfil a contract{cost}"


@step("spend_refined")
class SpendRefined(Step):
    """Spend up to ``max`` refined goods (of one good, or any) for VP each."""

    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        c = comp()
        goods = c.raw_goods if item["good"] == "any" else (item["good"],)
        available = {c.refined_name[g]: storage.held(state, seat, c.refined_name[g]) for g in goods}
        total = sum(available.values())
        options = {}
        for size in range(min(item["max"], total), 0, -1):
            for spent in storage.multisets(available, size):

                def run(spent: dict[str, int] = spent) -> Result:
                    storage.spend_goods(state, seat, spent)
                    vp = item["vp"] * sum(spent.values())
                    storage.gain_vp(state, seat, vp)
                    note(state, f"{seat_title(state, seat)} spends {storage.describe_goods(spent)} for {vp} VP")
                    return finished()

                options[f"spend {storage.format_goods(spent)}"] = Choice(
                    run, f"Spend {storage.describe_goods(spent)} for {item['vp'] * size} VP"
                )
        return options

    def prompt(self, state: State, item: Item) -> str:
        return f"may spend up to {item['max']} refined goods for {item['vp']} VP each"


@step("legacy_reward")
class LegacyReward(Step):
    """C47: "Choose one of the Legacy symbols. Gain 2 VP and 1 Denarius for
    each instance of that symbol you have"."""

    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        from engine.games.thessaloniki.scoring import legacy_counts

        options = {}
        for icon, count in legacy_counts(state, seat).items():

            def run(icon: str = icon, count: int = count) -> Result:
                storage.gain_vp(state, seat, item["vp"] * count)
                note(
                    state,
                    f"{seat_title(state, seat)} counts {count} {icon} icons: +{item['vp'] * count} VP, "
                    f"+{item['denarii'] * count} denarii",
                )
                storage.gain_denarii(state, seat, item["denarii"] * count)
                return finished()

            options[f"legacy {icon}"] = Choice(
                run, f"{count} × {icon}: {item['vp'] * count} VP and {item['denarii'] * count} denarii"
            )
        return options

    def prompt(self, state: State, item: Item) -> str:
        return "to choose a Legacy icon to count"


# ---------------------------------------------------------------------------
# Mosaics, Statues, Demand tiles


def place_choices(state: State, seat: int, piece: str, paid: bool) -> dict[str, Choice]:
    """``mosaic <target>`` / ``statue <target>`` from the seat's board; paid
    placements spend "1 of your Goods" (your colour, or Salt), named with
    ``with`` when there is a choice."""
    if pieces.on_board(state, seat, piece) < 1:
        return {}
    ways = storage.payments(state, seat, [own_good(state, seat)]) if paid else [{}]
    options = {}
    for target in pieces.targets(state, seat, piece):
        for way in ways:

            def run(target: str = target, way: dict[str, int] = way) -> Result:
                storage.spend_goods(state, seat, way)
                pieces.place(state, seat, piece, target)
                return finished()

            key = f"{piece} {target}" + (f" with {storage.format_goods(way)}" if len(ways) > 1 else "")
            options[key] = Choice(run, partial(_place_words, state, piece, target, way), way)
    return options


def _place_words(state: State, piece: str, target: str, way: dict[str, int]) -> str:
    paying = f", paying {storage.describe_goods(way)}" if way else ""
    value = pieces.statue_value(state, target) if piece == pieces.STATUE else None
    worth = f" ({value} VP per ship)" if value is not None else ""
    return f"Place a {piece} on {pieces.target_words(target)}{worth}{paying}"


@step("place")
class PlaceFree(Step):
    """Place a Mosaic or Statue from your board without spending goods
    (C13, C14, C35, C36, C49: "must already be in your supply")."""

    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        return place_choices(state, seat, item["what"], paid=False)

    def prompt(self, state: State, item: Item) -> str:
        return f"may place a {item['what']} from their board"


@step("claim_bonus")
class ClaimBonus(Step):
    """F1 (our family Kassandreis): whenever you claim a Ship, you may place 1
    Mosaic or Statue from your personal supply without spending goods, or
    take 1 Contract (restricted by your Statues on the offer)."""

    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        options = place_choices(state, seat, pieces.MOSAIC, paid=False)
        options.update(place_choices(state, seat, pieces.STATUE, paid=False))
        options.update(take_choices(state, seat))
        return options

    def prompt(self, state: State, item: Item) -> str:
        return "may place a mosaic or statue, or take a contract (family ability)"


def demand_choices(state: State, seat: int) -> dict[str, Choice]:
    """``demand <city> statue|mosaic``: the chariot's Demand reward."""
    options = {}
    offered: list[str | None] = [p for p in (pieces.STATUE, pieces.MOSAIC) if pieces.in_supply(state, seat, p) > 0]
    for city in pieces.demand_cities(state):
        for piece in offered or [None]:

            def run(city: str = city, piece: str | None = piece) -> Result:
                pieces.add_demand(state, seat, city, piece)
                return finished()

            key = f"demand {city}" + (f" {piece}" if piece else "")
            what = f" with your {piece} on it" if piece else ""
            options[key] = Choice(run, f"Add a {comp().city_titles[city]} demand tile{what}")
    return options


@step("add_demand")
class AddDemand(Step):
    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        return demand_choices(state, seat)

    def prompt(self, state: State, item: Item) -> str:
        return "to add a demand tile and put a mosaic or statue on it"


# ---------------------------------------------------------------------------
# Sunset: Sail and Tax


@step("sail")
class Sail(Auto):
    def run(self, state: State, item: Item) -> list[Item]:
        return port.sail(state, item["seat"])


@step("tax")
class Tax(Step):
    """ "Every player must discard all Raw Goods from every Storage area
    without a Mosaic. Players may first freely rearrange Mosaics among their
    Storage areas." Players with a real choice choose together; everyone
    else is taxed at once.

    The Tax itself cannot be skipped, but the rearranging is optional:
    ``pass`` keeps the Mosaics under the colours the player holds most of
    (what the table plays for a player who does not answer in time)."""

    def automatic(self, state: State, item: Item) -> bool:
        return not item.get("ready")

    def run(self, state: State, item: Item) -> list[Item]:
        waiting = []
        for seat in [item["seat"], *turn_order_from(state, item["seat"])]:
            if storage.tax_choices(state, seat):
                waiting.append(seat)
            else:
                held = [g for g, n in state["seats"][seat]["raw"].items() if n > 0]
                keep = held if len(held) <= storage.protected_colours(state, seat) else []
                storage.apply_tax(state, seat, keep)
        return [dict(item, ready=True, waiting=waiting)] if waiting else []

    def seats(self, state: State, item: Item) -> list[int]:
        return list(item["waiting"])

    def _taxed(self, state: State, item: Item, seat: int, keep: tuple[str, ...]) -> Result:
        storage.apply_tax(state, seat, keep)
        item["waiting"].remove(seat)
        return [], bool(item["waiting"])

    def options(self, state: State, item: Item, seat: int) -> dict[str, Choice]:
        if seat not in item["waiting"]:
            return {}
        options = {}
        for keep in storage.tax_choices(state, seat):
            lost = [g for g, n in state["seats"][seat]["raw"].items() if n > 0 and g not in keep]
            options[f"protect {' '.join(keep)}"] = Choice(
                partial(self._taxed, state, item, seat, keep),
                f"Keep your raw {', '.join(keep)}; lose the raw {', '.join(lost)}",
            )
        return options

    def on_finish(self, state: State, item: Item, seat: int) -> Result:
        return self._taxed(state, item, seat, storage.largest_colours(state, seat))

    def finish_label(self, state: State, item: Item) -> str:
        return "Keep the raw goods you hold most of (the choice made for you if you do not answer)"

    def prompt(self, state: State, item: Item) -> str:
        return "to choose which raw goods their mosaics protect from the Tax"


def is_automatic(effects: Any, state: State, seat: int) -> bool:
    """Whether effects resolve without any choice (bonuses that need none are
    taken on arrival: gaining earlier is never worse)."""
    from engine.games.thessaloniki.steps import STEPS

    return all(STEPS[e["do"]].automatic(state, dict(e, seat=seat)) for e in effects)
