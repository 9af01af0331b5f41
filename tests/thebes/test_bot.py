"""The AI seats: always legal; the greedy one plays for points per week."""

from __future__ import annotations

from engine.games.thebes import GAME
from engine.games.thebes.bot import Greedy
from engine.games.thebes.components import EXHIBITION_BY_KEY
from engine.games.thebes.notation import parse


def test_bots_choose_legal_actions_and_repeat_themselves(finished_games):
    _, log = finished_games[(3, "greedy")]
    state = GAME.new(3, {}, 203)
    for seat, action in log[:60]:
        for level in GAME.bot_levels:
            choice = GAME.choose(state, seat, level, 99)
            assert choice in GAME.legal(state, seat)
            assert GAME.choose(state, seat, level, 99) == choice
        state = GAME.play(state, seat, action)


def test_greedy_beats_easy(finished_games):
    """Over the shared games, the greedy seats (even seats) outscore the easy ones."""
    greedy = easy = 0
    for players in (2, 3, 4):
        state, _ = finished_games[(players, "greedy")]
        outcome = GAME.outcome(state)
        greedy += sum(outcome.scores[0::2]) / len(outcome.scores[0::2])
        easy += sum(outcome.scores[1::2]) / len(outcome.scores[1::2])
    assert greedy > 2 * easy


def test_greedy_holds_an_exhibition_rather_than_replace_the_display(kit):
    state = kit.to_act(kit.new(2), 0, place="london", week=1)
    exhibition = EXHIBITION_BY_KEY["london-small"]
    state.deck.remove(exhibition.id)
    state.exhibitions[0] = exhibition.id
    kit.find(state, 0, "greece", "a2")
    kit.find(state, 0, "egypt", "a3", "a1")
    state.deck.extend(card for card in state.display if card is not None)
    state.display = [None, None, None, None]
    assert GAME.legal(state, 0) == ["replace", "exhibit london-small"]
    assert GAME.choose(state, 0, "greedy", 1) == "exhibit london-small"


def test_greedy_digs_the_fewest_weeks_for_the_most_tokens(kit):
    """In the last year knowledge has no future use: standing in Egypt with
    all its books, the bot digs at once with 12 knowledge for 8 weeks, where
    the wheel first shows its 10 tokens (more weeks would add none)."""
    state = kit.to_act(kit.new(2), 0, place="egypt", year=1903, week=30)
    for card in kit.cards("specialized", "egypt"):
        kit.give(state, 0, card)
    bot = Greedy(state, 0)
    assert bot.value(parse("dig egypt 12k 12w")) > bot.value(parse("dig egypt 12k 1w"))
    assert GAME.choose(state, 0, "greedy", 1) == "dig egypt 12k 8w"
