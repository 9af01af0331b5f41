"""Several of a seat's own steps in one command (issue 16): ``a, b, c`` is
exactly ``a``, then ``b``, then ``c``. The rules do not change: the command
is refused as a whole when someone else decides in between or a step but the
last reveals something, and the old one-step notation still works."""

from __future__ import annotations

import json
import math

import pytest

from engine.core import IllegalAction, own_steps_state
from engine.games.hellenica import GAME, quick
from engine.games.hellenica.steps import current
from tests.hellenica.helpers import (
    athens_seat,
    athens_to_act,
    clear_units,
    count,
    new_game,
    play,
    units,
)


@pytest.fixture
def game():
    return athens_to_act()


def _frozen(state):
    return json.dumps(state, sort_keys=True)


def test_supply_and_its_movement_in_one_command(game):
    """ "If the Player decides on Movement, they select a single Land or Sea
    Area on the map to activate. The player may move any and all units on the
    Area": the Supply and the moves it allows, written as one command, are
    the same as the steps one by one (old notation)."""
    seat = athens_seat(game)
    units(game, "megara", seat, "hoplite", 1)
    units(game, "megara", seat, "cavalry", 2)
    whole = GAME.play(game, seat, "supply megara from athens, move 1 hoplite panactum, move 2 cavalry panactum, done")
    steps = play(game, seat, "supply megara from athens", "move 1 hoplite panactum", "move 2 cavalry panactum", "done")
    assert whole == steps  # the same state, log included
    assert count(whole, "panactum", seat) == 3 and current(whole)["kind"] != "move"
    assert GAME.play(game, seat, "supply megara from athens, move all panactum") == steps


def test_a_new_temple_and_its_patron_in_one_command(game):
    """ "When Building a Temple, the player must choose a patron Deity for the
    temple": ``build temple <city>, dedicate <deity>`` is the Build and its
    dedication."""
    seat = athens_seat(game)
    build = next(a for a in GAME.legal(game, seat) if a.startswith("build temple "))
    built = GAME.play(game, seat, build)
    dedication = GAME.legal(built, seat)[0]
    assert dedication.startswith("dedicate ")
    assert GAME.play(game, seat, f"{build}, {dedication}") == GAME.play(built, seat, dedication)


def test_refused_as_a_whole_when_another_seat_acts_in_between(game):
    """ "Each Round is made up of all players taking a single Action": a
    second action waits for the other player's, so the command is refused
    and nothing of it is played."""
    seat = athens_seat(game)
    before = _frozen(game)
    with pytest.raises(IllegalAction, match=r"(Blue|Orange) decides first\."):
        GAME.play(game, seat, "supply commerce from athens, supply commerce from athens")
    assert _frozen(game) == before
    one = GAME.play(game, seat, "supply commerce from athens")  # the old notation, one step
    assert current(one)["seat"] == 1 - seat


def test_the_last_seat_in_the_round_gives_its_actions_at_once(game):
    """ "Players continue taking a single Action, Round after Round, until
    all players have passed": once the others have passed, a seat's actions
    follow one another, and may be written as one command."""
    seat = athens_seat(game)
    game["seats"][1 - seat]["passed"] = True
    whole = GAME.play(game, seat, "supply commerce from athens, supply commerce from athens, pass")
    steps = play(game, seat, "supply commerce from athens", "supply commerce from athens", "pass")
    assert whole == steps and game["seats"][seat]["commerce"] + 2 <= whole["seats"][seat]["commerce"]


def test_no_step_after_a_reveal(game):
    """ "After all Movement and Combat for the Supply action is completed,
    reveal the top World Events card": a step after the card would be chosen
    without seeing it, so it must come in a command of its own."""
    seat = athens_seat(game)
    game["seats"][1 - seat]["passed"] = True
    units(game, "megara", seat, "hoplite", 1)
    before = _frozen(game)
    with pytest.raises(IllegalAction, match="reveals something"):
        GAME.play(game, seat, "supply megara from athens, move all panactum, supply commerce from athens")
    assert _frozen(game) == before
    moved = GAME.play(game, seat, "supply megara from athens, move all panactum")
    assert GAME.reveals(game, seat, "supply megara from athens, move all panactum", moved)


def test_a_refused_step_names_itself_and_plays_nothing(game):
    """The refusal is the step's own, with its place in the command."""
    seat = athens_seat(game)
    units(game, "megara", seat, "hoplite", 1)
    before = _frozen(game)
    with pytest.raises(IllegalAction, match=r"Step 2, `move 3 hoplite panactum`: You have 1 hoplite"):
        GAME.play(game, seat, "supply megara from athens, move 3 hoplite panactum")
    with pytest.raises(IllegalAction, match="single commas"):
        GAME.play(game, seat, "supply megara from athens,, done")
    assert _frozen(game) == before


def test_chains_in_random_games_equal_their_steps():
    """Whenever a seat is to move again alone right after a step that
    revealed nothing, the two steps as one command give the same state."""
    checked = 0
    for seed in (5, 6):
        state = GAME.new(4, {"homes": "random", "quick": True}, seed)
        for n in range(700):
            movers = GAME.to_move(state)
            if not movers:
                break
            seat = movers[0]
            assert not any(quick.STEP_SEPARATOR in action for action in GAME.legal(state, seat))
            first = GAME.choose(state, seat, "random", n)
            middle = GAME.play(state, seat, first)
            if GAME.to_move(middle) == [seat] and not GAME.reveals(state, seat, first, middle):
                second = GAME.choose(middle, seat, "random", n + 1)
                assert GAME.play(state, seat, f"{first}, {second}") == GAME.play(middle, seat, second)
                checked += 1
            state = middle
    assert checked > 20


def test_the_menus_offer_a_next_step_exactly_where_a_command_may_go_on(game):
    """What the Discord menus ask (``own_steps_state``): after ``supply``
    the seat moves alone, so a next step may join the command; after the
    Movement's last step the World Events card is revealed, and after an
    Action the other seat decides: the command ends there."""
    seat = athens_seat(game)
    units(game, "megara", seat, "hoplite", 1)
    supplied = own_steps_state(GAME, game, seat, ["supply megara from athens"])
    assert supplied == GAME.play(game, seat, "supply megara from athens")
    assert "move all panactum" in GAME.legal(supplied, seat)
    assert own_steps_state(GAME, game, seat, ["supply megara from athens", "move all panactum"]) is None
    assert own_steps_state(GAME, game, seat, ["supply commerce from athens"]) is None
    assert own_steps_state(GAME, game, seat, ["supply megara from nowhere"]) is None
    assert own_steps_state(GAME, game, 1 - seat, ["pass"]) is None  # not the other seat's turn


def test_every_command_the_menus_build_plays_as_its_steps():
    """Random games where every seat joins its steps as long as the menus
    let it: each joined command is accepted and gives the steps' state."""
    joined = 0
    for seed in (8,):
        state = GAME.new(3, {"homes": "random", "quick": True}, seed)
        for n in range(200):
            movers = GAME.to_move(state)
            if not movers:
                break
            seat, steps, reached = movers[0], [], state
            while True:
                steps.append(GAME.choose(reached, seat, "random", n + len(steps)))
                after = own_steps_state(GAME, state, seat, steps)
                if after is None:
                    reached = play(state, seat, *steps)
                    break
                reached = after
            assert GAME.play(state, seat, ", ".join(steps)) == reached
            joined += len(steps) > 1
            state = reached
    assert joined > 5


def test_the_favorite_turns_the_token_and_acts_in_one_command():
    """ "The Player with the most Favor places the Favorite of the Gods token
    in front of them and chooses whether it will be Zeus or Hera side up."
    "During the Action phase, the Favorite of the Gods Player takes the first
    Action each round": both in one command."""
    state = GAME.new(3, {"homes": "random", "quick": True}, 4)
    while current(state)["kind"] != "direction":
        seat = GAME.to_move(state)[0]
        state = GAME.play(state, seat, GAME.legal(state, seat)[0])
    favorite = GAME.to_move(state)[0]
    turned = GAME.play(state, favorite, "hera")
    assert GAME.to_move(turned) == [favorite] and current(turned)["kind"] == "action"
    first = next(a for a in GAME.legal(turned, favorite) if a.startswith("worship "))
    assert GAME.play(state, favorite, f"hera, {first}") == GAME.play(turned, favorite, first)


def _creatures_to_order(names):
    """The Upkeep's Creatures about to act, the Favorite asked which first."""
    from engine.games.hellenica import creatures, phases
    from engine.games.hellenica.steps import push

    state = new_game(2, seed=5)
    clear_units(state)
    for name in names:
        area = next(a for a in creatures.placement_areas(state, name) if a not in state["creatures"].values())
        creatures.place(state, name, area, 0)
    state["stack"] = []
    push(state, "creatures", queue=list(names))
    phases.advance(state)
    return state


def test_the_favorite_gives_the_creatures_order_at_once():
    """ "If more than one creature is on the map, the Favorite of the gods
    determines the order in which they attack": ``unleash a b c`` is
    ``unleash a``, then ``unleash b`` when asked again (the last needs no
    answer)."""
    state = _creatures_to_order(("hydra", "medusa", "sphinx"))
    favorite = state["favorite"]
    assert GAME.to_move(state) == [favorite] and "unleash medusa" in GAME.legal(state, favorite)
    whole = GAME.play(state, favorite, "unleash medusa sphinx hydra")
    steps = play(state, favorite, "unleash medusa", "unleash sphinx")
    assert whole == steps
    acted = [e["text"].split()[1] for e in whole["log"] if e["n"] > state["log_seq"] and e["text"].startswith("The ")]
    assert [name for name in acted if name in ("Hydra", "Medusa", "Sphinx")][:1] == ["Medusa"]
    with pytest.raises(IllegalAction, match="at most once"):
        GAME.play(state, favorite, "unleash medusa medusa")


@pytest.mark.parametrize("names", [("hydra", "medusa", "sphinx"), ("cetus", "hydra", "medusa", "minotaur", "sphinx")])
def test_the_menus_offer_the_whole_order_beside_its_first_answer(names):
    """ "the Favorite of the gods determines the order in which they attack":
    the menus offer every whole order (``composed_actions``) beside the
    single first answers that ``legal`` keeps to, each within a few clicks,
    and each plays as the same order typed."""
    from cogs.utils.menu_tree import MENU_LIMIT, audit, build_menu
    from engine.tables.views import menu_choices

    state = _creatures_to_order(names)
    favorite = state["favorite"]
    whole = GAME.composed_actions(state, favorite)
    assert len(whole) == math.factorial(len(names)) and not set(whole) & set(GAME.legal(state, favorite))
    assert GAME.composed_actions(state, 1 - favorite) == []
    choices = menu_choices(GAME, state, favorite)
    report = audit(build_menu(choices), [action for action, _, _ in choices])
    assert not report.problems and report.widest <= MENU_LIMIT
    assert max(report.clicks[action] for action in whole) <= (2 if len(names) < 5 else 3)
    order = whole[-1]
    label = dict((action, label) for action, label, _ in choices)[order]
    assert label.count(", then ") == len(names) - 2 and label.endswith(" last")
    assert GAME.play(state, favorite, order) == play(state, favorite, *(f"unleash {n}" for n in order.split()[1:]))


def test_no_whole_order_of_two_the_first_answer_is_the_order():
    state = _creatures_to_order(("hydra", "sphinx"))
    assert GAME.composed_actions(state, state["favorite"]) == []
