"""Bigger steps (issue 16): a whole stack moves in one action, several unit
types in one step, and every legal action has a plain-words menu path. The
new notation is the old one's steps played at once: the rules do not change,
and the old notation still works."""

from __future__ import annotations

import collections
import json

import pytest

from engine.core import IllegalAction
from engine.games.hellenica import GAME
from engine.games.hellenica.menus import MENU_LIMIT, menu_paths
from engine.games.hellenica.steps import current
from tests.hellenica.helpers import (
    athens_seat,
    athens_to_act,
    count,
    new_game,
    play,
    units,
    upgrade,
)


@pytest.fixture
def game():
    return athens_to_act()


def test_move_all_is_one_move_per_unit_type_then_done(game):
    """ "The player may move any and all units on the Area ... all units moving
    to the same Area must move as one group": ``move all panactum`` is the
    same as moving each unit type there and ending the Movement."""
    seat = athens_seat(game)
    units(game, "megara", seat, "hoplite", 1)
    units(game, "megara", seat, "cavalry", 2)
    supplied = play(game, seat, "supply megara from athens")
    assert "move all panactum" in GAME.legal(supplied, seat)
    whole = GAME.play(supplied, seat, "move all panactum")
    steps = play(supplied, seat, "move 1 hoplite panactum", "move 2 cavalry panactum", "done")
    assert count(whole, "panactum", seat) == 3 and count(whole, "megara", seat) == 0
    assert whole == steps  # the same state, log included
    assert current(whole)["kind"] != "move"  # nothing left to do: the Movement ended


def test_several_unit_types_in_one_step(game):
    """``move 1 hoplite 1 cavalry <area>`` is one ``move`` per type, in order;
    the Movement goes on (a cavalry stays behind)."""
    seat = athens_seat(game)
    units(game, "megara", seat, "hoplite", 1)
    units(game, "megara", seat, "cavalry", 2)
    supplied = play(game, seat, "supply megara from athens")
    grouped = GAME.play(supplied, seat, "move 1 hoplite 1 cavalry panactum")
    steps = play(supplied, seat, "move 1 hoplite panactum", "move 1 cavalry panactum")
    assert grouped == steps and current(grouped)["kind"] == "move"
    with pytest.raises(IllegalAction, match="move <number> <unit>"):
        GAME.play(supplied, seat, "move 1 hoplite cavalry panactum")


def test_move_all_against_an_enemy_attacks_at_once(game):
    """ "When units move into an Area containing another player's units, they
    are interdicted ... Combat immediately occurs": the whole group masses
    and attacks in one step, as ``move``s then ``attack`` would."""
    seat = athens_seat(game)
    units(game, "megara", seat, "hoplite", 2)
    units(game, "megara", seat, "cavalry", 1)
    units(game, "panactum", 1 - seat, "hoplite", 1)
    supplied = play(game, seat, "supply megara from athens")
    whole = GAME.play(supplied, seat, "move all panactum")
    steps = play(supplied, seat, "move 2 hoplite panactum", "move 1 cavalry panactum", "attack panactum")
    assert whole == steps
    assert any("attacks Panactum" in entry["text"] for entry in whole["log"])


def test_move_all_is_refused_when_one_unit_cannot_go(game):
    """ "Triremes may not move directly from one Land Area to another Land
    Area": with a Trireme in the stack, no land area takes everything; the
    refusal changes nothing."""
    seat = athens_seat(game)
    units(game, "megara", seat, "hoplite", 2)
    units(game, "megara", seat, "trireme", 1)
    supplied = play(game, seat, "supply megara from athens")
    assert "move all panactum" not in GAME.legal(supplied, seat)
    frozen = json.dumps(supplied, sort_keys=True)
    with pytest.raises(IllegalAction, match="Not every unit can go to Panactum"):
        GAME.play(supplied, seat, "move all panactum")
    assert json.dumps(supplied, sort_keys=True) == frozen


def test_every_legal_move_all_plays_in_random_games():
    """Whatever ``legal`` offers as ``move all`` is accepted by ``play``."""
    played = 0
    for seed in (3, 4):
        state = GAME.new(4, {"homes": "random"}, seed)
        for n in range(900):
            movers = GAME.to_move(state)
            if not movers:
                break
            legal = GAME.legal(state, movers[0])
            whole = [a for a in legal if a.startswith("move all ")]
            action = whole[n % len(whole)] if whole else legal[(n * 7) % len(legal)]
            played += bool(whole)
            state = GAME.play(state, movers[0], action)
    assert played > 10


def test_menu_paths_reach_every_action_in_small_steps():
    """Every legal action has its own plain-words path, none the beginning of
    another, never more than 25 entries at a step (Discord's select menu)."""
    widest = 0
    for players, seed in ((3, 1), (7, 2)):
        state = GAME.new(players, {"homes": "random"}, seed)
        for n in range(350):
            movers = GAME.to_move(state)
            if not movers:
                break
            seat = movers[0]
            legal = GAME.legal(state, seat)
            paths = menu_paths(state, seat, legal)
            assert sorted(paths) == sorted(legal) and len(set(paths.values())) == len(legal)
            steps = collections.defaultdict(set)
            for path in paths.values():
                for depth in range(len(path)):
                    steps[path[:depth]].add(path[depth])
            assert not set(paths.values()) & set(steps), "a path is the beginning of another"
            widest = max(widest, max(len(entries) for entries in steps.values()))
            action = GAME.choose(state, seat, "random", n)
            assert GAME.menu_path(state, seat, action) == paths[action]
            state = GAME.play(state, seat, action)
    assert widest <= MENU_LIMIT


def test_cube_or_exchange_is_a_last_question(game):
    """ "As an Action, a player may spend 3 Commerce ... to take a Train, Build,
    Research, Worship, or Supply Action": one choice, then how it is paid."""
    seat = athens_seat(game)
    game["seats"][seat]["commerce"] = 5
    legal = GAME.legal(game, seat)
    action = next(a for a in legal if a.startswith("build ") and f"exchange {a}" in legal)
    cube, commerce = GAME.menu_path(game, seat, action), GAME.menu_path(game, seat, f"exchange {action}")
    assert cube[:-1] == commerce[:-1] and cube[0] == "Build"
    assert cube[-1] == "Use a Build cube" and commerce[-1] == "Pay Commerce (Exchange)"


def test_many_bids_are_split_into_ranges():
    """Secret bids go from 0 to all one's Favor: past 25 they come in ranges."""
    paths = menu_paths(new_game(2), 0, [f"bid {n}" for n in range(40)])
    assert len({p[1] for p in paths.values()}) <= MENU_LIMIT
    assert paths["bid 0"][0] == "Bid" and paths["bid 39"][-1] == "39 Favor"


def test_research_and_learn_in_one_command(game):
    """ "After placing the Philosophers on their Stockpile, the player may
    choose to spend Philosophers to receive exactly 1 Advancement":
    ``research <city> learn <advancement>`` is the Research action and its
    learn step in a row, offered for what the new Philosophers pay for."""
    seat = athens_seat(game)
    upgrade(game, "athens", 1, "academy")
    game["seats"][seat]["philosophers"] = 0
    legal = GAME.legal(game, seat)
    research = next(a for a in legal if a.startswith("research "))
    learns = [a for a in legal if a.startswith(research + " learn ")]
    assert learns  # the Academy's Philosopher pays for a level 1 Advancement
    one = GAME.play(game, seat, learns[0])
    two = play(game, seat, research, "learn " + learns[0].split()[-1])
    assert one == two
    assert not any(a.split()[-1] == "leadership" for a in learns)  # level 2 needs a level 1 first
    with pytest.raises(IllegalAction, match="Only a Research action takes `learn`"):
        GAME.play(game, seat, "worship athens learn mining")


def _quick(state):
    state["options"]["quick"] = True
    return state


def test_quick_steps_play_the_only_choice(game):
    """With ``quick`` (the table's default), a step with one possible choice
    is played at once: here ``done`` once the only unit has moved."""
    seat = athens_seat(game)
    units(game, "megara", seat, "hoplite", 1)
    classic = play(game, seat, "supply megara from athens", "move 1 hoplite panactum")
    assert current(classic)["kind"] == "move" and GAME.legal(classic, seat) == ["done", "offer"]  # a trade: any time
    quick = GAME.play(play(_quick(game), seat, "supply megara from athens"), seat, "move 1 hoplite panactum")
    assert current(quick)["kind"] != "move"
    done = GAME.play(classic, seat, "done")
    assert {k: v for k, v in quick.items() if k != "options"} == {k: v for k, v in done.items() if k != "options"}


def test_quick_steps_wait_while_an_invocation_could_be_cast():
    """ "A player may cast Invocations at any time, on anyone's turn, as long as
    it is during the phase specified": a seat that could cast keeps its
    step, even a forced one."""
    from engine.games.hellenica.quick import forced
    from tests.hellenica.helpers import give_deity

    state = new_game(2, seed=21, invocations=True)
    seat = GAME.to_move(state)[0]
    give_deity(state, seat, "athena", temples=3)  # Wisdom: an Action-phase Invocation
    state["seats"][seat]["favor"] = 9
    state["seats"][seat]["cubes"] = {k: 0 for k in state["seats"][seat]["cubes"]}
    state["seats"][seat]["commerce"] = 0
    legal = GAME.legal(state, seat)
    assert [a for a in legal if not a.startswith(("invoke", "offer"))] == ["pass"] and "invoke wisdom" in legal
    assert forced(_quick(state)) is None
    state["seats"][seat]["favor"] = 0
    assert forced(_quick(state)) == (seat, "pass")


def test_old_games_replay_without_quick_steps():
    """A game created without the option (every game stored before it) plays
    every step as commanded; the table's default is on."""
    assert GAME.options["quick"].default is True
    assert GAME.new(3, {"homes": "random"}, 5)["options"]["quick"] is False


def test_random_quick_games_end_and_reload():
    for players, seed in ((3, 11), (5, 12)):
        state = GAME.new(players, {"homes": "random", "quick": True}, seed)
        for n in range(5000):
            movers = GAME.to_move(state)
            if not movers:
                break
            state = GAME.play(state, movers[0], GAME.choose(state, movers[0], "random", n))
        assert GAME.outcome(state) is not None
        assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state
