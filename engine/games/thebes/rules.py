"""A Thebes turn: travel, one action, time, and who acts next.

Rulebook: "During his turn, a player can perform one of the four available
actions: buy a researcher card, replace researcher cards, perform
excavations, perform an exhibition. Most of the time, the action performed
will require moving the player's pawn to the place where the action is
performed."

Every action here travels to its place by the shortest route (the Car, when
held, shortens a journey of 3+ weeks by itself; a Zeppelin is declared with
the ``zeppelin`` step first), then spends the action's weeks; the journey and
the action are one move of the time marker. A player for whom no action
fits before the end of the final year is passed over (for as long as that
lasts); the game ends when no one can act.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine.core import IllegalAction
from engine.games.thebes import market
from engine.games.thebes.board import JOURNEYS, journey_weeks
from engine.games.thebes.components import (
    CAR,
    EXHIBITION_BY_ID,
    EXHIBITION_BY_KEY,
    SITES,
    TABLES,
    ZEPPELIN,
)
from engine.games.thebes.deck import fill_display
from engine.games.thebes.excavation import apply_dig, dig_options, dig_problem, spent_cards
from engine.games.thebes.exhibitions import apply_exhibit, exhibit_problem, missing_artefacts
from engine.games.thebes.knowledge import cards_of
from engine.games.thebes.notation import Action, Buy, Dig, Exhibit, Replace, Zeppelin, notation
from engine.games.thebes.state import State
from engine.games.thebes.timetrack import advance, track_order, weeks_left


@dataclass(frozen=True)
class Plan:
    """Where an action happens and how long it takes."""

    destination: str
    journey: int
    """Weeks of travel (Car and a declared Zeppelin applied)."""
    work: int
    """Weeks of the action itself."""
    by_zeppelin: bool

    @property
    def weeks(self) -> int:
        return self.journey + self.work


def travel_weeks(state: State, seat: int, destination: str, zeppelin: bool | None = None) -> int:
    """Weeks for the seat's journey to ``destination``; ``zeppelin`` overrides
    whether the turn's journey is by Zeppelin (default: as declared)."""
    player = state.players[seat]
    flying = state.zeppelin if zeppelin is None else zeppelin
    return journey_weeks(player.place, destination, car=bool(cards_of(player, CAR)), zeppelin=flying)


def destination_and_work(state: State, action: Action) -> tuple[str, int]:
    """Where an action happens and the weeks it takes there (travel apart)."""
    if isinstance(action, Buy):
        return market.buy_place(state, action.slot), market.buy_weeks(state, action.slot)
    if isinstance(action, Replace):
        return market.replace_place(), market.replace_weeks(state)
    if isinstance(action, Dig):
        return action.site, action.weeks
    if isinstance(action, Exhibit):
        exhibition = EXHIBITION_BY_KEY[action.key]
        return exhibition.city, exhibition.weeks
    raise TypeError(f"{action!r} has no place")


def plan(state: State, seat: int, action: Action, zeppelin: bool | None = None) -> Plan:
    """The journey and work of an action that ``action_problem`` accepts."""
    destination, work = destination_and_work(state, action)
    flying = state.zeppelin if zeppelin is None else zeppelin
    journey = travel_weeks(state, seat, destination, flying)
    return Plan(destination, journey, work, flying and destination != state.players[seat].place)


def action_problem(state: State, seat: int, action: Action) -> str | None:
    """Why ``action`` is not allowed now, or None (the turn itself is checked
    by the caller)."""
    if isinstance(action, Zeppelin):
        return _zeppelin_problem(state, seat)
    if isinstance(action, Buy):
        problem = market.buy_problem(state, action.slot)
    elif isinstance(action, Replace):
        problem = market.replace_problem(state)
    elif isinstance(action, Dig):
        problem = dig_problem(state, seat, action)
    else:
        problem = exhibit_problem(state, seat, action.key)
    return problem or _time_problem(state, seat, plan(state, seat, action))


def _time_problem(state: State, seat: int, planned: Plan) -> str | None:
    left = weeks_left(state.players[seat])
    if planned.weeks <= left:
        return None
    parts = f" ({planned.journey} travelling, {planned.work} on the spot)" if planned.journey else ""
    return f"That takes {planned.weeks} weeks{parts}, but only {left} are left before the end of {TABLES.final_year}."


def _zeppelin_problem(state: State, seat: int) -> str | None:
    if state.zeppelin:
        return "Your journey this turn is already by Zeppelin; now choose the action."
    if not cards_of(state.players[seat], ZEPPELIN):
        return "You have no Zeppelin card."
    if not any(True for _ in actions(state, seat, zeppelin=True, away_only=True)):
        return "No action in another place fits in your time, even by Zeppelin."
    return None


def zeppelin_allowed(state: State, seat: int) -> bool:
    """Whether ``zeppelin`` is among the seat's legal actions now."""
    return _zeppelin_problem(state, seat) is None


def actions(state: State, seat: int, zeppelin: bool, away_only: bool = False) -> Iterator[Action]:
    """Every allowed action but ``zeppelin``, travelling by Zeppelin or not
    (bots compare the two), digs as ``dig_options`` offers them (those not
    offered are matched by one that is); ``away_only`` keeps those that
    need a journey."""
    player = state.players[seat]
    left = weeks_left(player)
    car = bool(cards_of(player, CAR))
    journey = JOURNEYS[(player.place, car, zeppelin)]

    def fits(place: str, work: int) -> bool:
        return journey[place] + work <= left and not (away_only and place == player.place)

    for slot in range(1, len(state.display) + 1):
        if market.buy_problem(state, slot) is None and fits(
            market.buy_place(state, slot), market.buy_weeks(state, slot)
        ):
            yield Buy(slot)
    if market.replace_problem(state) is None and fits(market.replace_place(), market.replace_weeks(state)):
        yield Replace()
    for exhibition_id in state.exhibitions:
        if exhibition_id is None:
            continue
        exhibition = EXHIBITION_BY_ID[exhibition_id]
        if not missing_artefacts(player, exhibition) and fits(exhibition.city, exhibition.weeks):
            yield Exhibit(exhibition.key)
    budget = {site: left - journey[site] for site in SITES if not (away_only and site == player.place)}
    yield from dig_options(state, seat, budget)


def legal_actions(state: State, seat: int) -> list[Action]:
    """The actions offered to the seat now, ``zeppelin`` first when offered
    (``play`` also takes the digs that ``dig_options`` leaves out)."""
    if state.turn != seat:
        return []
    offered: list[Action] = []
    if zeppelin_allowed(state, seat):
        offered.append(Zeppelin())
    offered.extend(actions(state, seat, state.zeppelin))
    return offered


def can_act(state: State, seat: int) -> bool:
    """Whether any action fits the seat's remaining time (by Zeppelin too)."""
    if any(True for _ in actions(state, seat, zeppelin=state.zeppelin)):
        return True
    return bool(cards_of(state.players[seat], ZEPPELIN)) and any(True for _ in actions(state, seat, zeppelin=True))


def play(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` takes ``action``; ``IllegalAction`` says why not."""
    problem = action_problem(state, seat, action)
    if problem:
        raise IllegalAction(problem)
    after = state.copy()
    after.ply += 1
    if isinstance(action, Zeppelin):
        after.zeppelin = True
        after.last = {"seat": seat, "action": "zeppelin"}
        return after
    planned = plan(after, seat, action)
    player = after.players[seat]
    after.last = {
        "seat": seat,
        "action": notation(action),
        "from": player.place,
        "to": planned.destination,
        "journey": planned.journey,
        "work": planned.work,
        "weeks": planned.weeks,
    }
    spent = spent_cards(player, action) if isinstance(action, Dig) else []
    if planned.by_zeppelin:
        zeppelin_card = cards_of(player, ZEPPELIN)[0]
        player.cards.remove(zeppelin_card)
        after.discard.append(zeppelin_card)
        after.last["zeppelin"] = True
    player.place = planned.destination
    years = advance(after, seat, planned.weeks)
    if years:
        after.last["new_year"] = player.year
    if isinstance(action, Buy):
        market.apply_buy(after, seat, action.slot)
    elif isinstance(action, Replace):
        market.apply_replace(after)
    elif isinstance(action, Dig):
        apply_dig(after, seat, action, spent)
    else:
        apply_exhibit(after, seat, action.key)
    after.zeppelin = False
    fill_display(after)
    settle(after, seat)
    return after


def settle(state: State, actor: int | None = None) -> None:
    """Hand the turn to the player furthest behind on the time track who can
    act. Anyone behind that player for whom no action fits is passed over
    (``finished``), but only for now: another player's action can bring an
    action within reach (a card in their city turned up, an exhibition drawn),
    and then, still being furthest behind, they act again. The game is over
    when no one can act."""
    was_finished = {seat for seat, player in enumerate(state.players) if player.finished}
    order = track_order(state)
    state.turn = next((seat for seat in order if can_act(state, seat)), None)
    passed_over = order if state.turn is None else order[: order.index(state.turn)]
    for seat, player in enumerate(state.players):
        player.finished = seat in passed_over
    newly = [seat for seat in passed_over if seat not in was_finished]
    if newly:
        state.last.setdefault("finished", []).extend(newly)
    if state.turn in was_finished:
        state.last["resumed"] = state.turn
    if state.turn is None:
        state.last["game_over"] = True
    if state.turn != actor:
        state.replaces = 0
