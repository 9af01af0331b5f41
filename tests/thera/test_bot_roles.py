"""The normal bot's judgement of positions and its role search (issue 19)."""

import random

from engine.games.thera import GAME, bot
from engine.games.thera.bot_roles import RoleSearch, SearchSettings
from engine.games.thera.scoring import score


def ready_theatre(kit):
    """Four players; Blue holds a Theatre (2 stone, 1 lumber, 1 cloth; 4
    recognition) whose whole cost lies on the empty b3; no industry is left
    to build instead."""
    state = kit.new(4, seed=21)
    state["industry"] = {kind: 0 for kind in state["industry"]}
    kit.clear_island(state, 0)
    state["hands"][0] = ["theatre"]
    kit.put(state, 0, "b3", stone=2, lumber=1, cloth=1)
    return state


def standing_change_from_building(kit) -> float:
    """How Blue's standing moves when the ready Theatre is built in a Builder phase."""
    state = ready_theatre(kit)
    before = bot.evaluate(state, 0)
    state = kit.everyone_done(GAME.play(kit.choose(state, 0, "builder", tokens=0), 0, "build theatre b3"))
    assert state["mats"][0]["buildings"][kit.loc("b3")] == "theatre"
    assert state["bonus"][0] == 4  # the Entertainment novelty bonus
    return bot.evaluate(state, 0) - before


def test_building_a_ready_luxury_costs_little_standing(kit, monkeypatch):
    """ "The main way to earn recognition is by building Luxuries." With four
    players a Builder phase may be rounds away, so a luxury ready on its site
    must not look nearly as good as one built (8 recognition with its
    novelty bonus). At the old weights building it lost the bot four points
    of standing, and the bot left the Builder to others."""
    assert standing_change_from_building(kit) > -1
    monkeypatch.setattr(bot, "TARGET_WEIGHTS_MORE_PLAYERS", bot.TARGET_WEIGHTS[2])
    assert standing_change_from_building(kit) < -3


def test_a_finished_game_is_worth_exactly_its_score(kit):
    """ "Players flip over all their buildings and add together the
    Recognition on buildings they have built as well as any bonus
    recognition they earned during the game. Players also receive ¼
    Recognition for every drachma they have left. There is no penalty for
    unbuilt luxury building in your hand." Once the game is over, nothing an
    island still promises counts."""
    state = ready_theatre(kit)
    state["bonus"][0] = 5
    state["drachma"][0] = 6
    state["step"] = "over"
    assert bot.evaluate(state, 0) == float(score(state, 0).total) == 5 + 6 / 4


def test_the_search_is_fixed_work_not_a_clock():
    """The same seed gives the same role whatever the budget, even one far
    too small to finish: the amount of work is set, not timed."""
    state = GAME.new(4, {}, 24)
    choices = {GAME.choose(state, 0, "normal", 7, budget) for budget in (0.0001, 2.0, 60.0)}
    assert len(choices) == 1


def test_the_rating_counts_the_rivals_average(kit):
    state = kit.new(4, seed=25)
    worth = {0: 10.0, 1: 4.0, 2: 4.0, 3: 16.0}
    search = RoleSearch(bot.HABITS, lambda _state, seat: worth[seat])
    assert search.rating(state, 0, SearchSettings(rival_weight=0.5)) == 10 - 0.5 * 8


def test_rival_answers_play_on_to_the_seats_next_turn(kit):
    """Looking further ahead, each rival chooses in turn until seat 0 chooses
    again ("The player to your left now chooses the role for the next turn")."""
    state = kit.new(4, seed=26)
    search = bot.SEARCH
    settings = SearchSettings(replies=2)
    after = search.after_choice(state, 0, "choose trader")
    assert after["step"] == "choose" and after["turn"] == 1
    ahead = search.rival_answers(after, 0, settings)
    assert ahead["step"] == "choose" and ahead["turn"] == 0
    assert ahead["last"]["seat"] == 3  # the third rival answered last
    assert search.choose_role(state, 0, random.Random(1), settings) in GAME.legal(state, 0)
