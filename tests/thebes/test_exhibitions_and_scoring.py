"""Holding exhibitions, and the final scoring."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.thebes import rules
from engine.games.thebes.components import EXHIBITION_BY_KEY
from engine.games.thebes.scoring import majority_points, scores


def with_exhibition(kit, key, space=0):
    state = kit.to_act(kit.new(2), 0, place="warsaw", week=1)
    exhibition = EXHIBITION_BY_KEY[key].id
    state.deck.remove(exhibition)
    state.exhibitions[space] = exhibition
    return state


class TestExhibit:
    def test_needs_the_artefacts_and_keeps_them(self, kit):
        """ "After moving his pawn to the exhibition city, the player must check
        that he has the required artifact tokens ... and then spend the time
        indicated on the card. He can then take the Exhibition card\""""
        state = with_exhibition(kit, "london-small", space=1)  # Greece 1, Egypt 2
        kit.find(state, 0, "greece", "a2")
        kit.find(state, 0, "egypt", "a3")
        with pytest.raises(IllegalAction, match="you still lack 1 Egypt"):
            kit.game.play(state, 0, "exhibit london-small")
        assert "exhibit london-small" not in kit.game.legal(state, 0)
        kit.find(state, 0, "egypt", "a1")
        after = kit.play(state, 0, "exhibit london-small")
        me = after.players[0]
        assert me.exhibitions == [EXHIBITION_BY_KEY["london-small"].id]
        assert after.exhibitions[1] is None
        assert me.place == "london" and me.week == 1 + 2 + 3
        assert me.found["egypt"] == ["a3", "a1"]  # checked, not spent
        assert scores(after)[0].exhibitions == 4

    def test_knowledge_tokens_are_not_artefacts(self, kit):
        state = with_exhibition(kit, "berlin-small")  # Crete 1, Greece 2
        kit.find(state, 0, "crete", "a1")
        kit.find(state, 0, "greece", "a1", "k")
        with pytest.raises(IllegalAction, match="lack 1 Greece"):
            kit.game.play(state, 0, "exhibit berlin-small")

    def test_only_exhibitions_on_the_board(self, kit):
        state = with_exhibition(kit, "berlin-small")
        with pytest.raises(IllegalAction, match="not on the board; showing now: `berlin-small`"):
            kit.game.play(state, 0, "exhibit paris-large")

    def test_large_exhibition_four_weeks(self, kit):
        state = with_exhibition(kit, "paris-large", space=2)  # Greece 1, Egypt 2, Palestine 3
        kit.find(state, 0, "greece", "a1")
        kit.find(state, 0, "egypt", "a1", "a2")
        kit.find(state, 0, "palestine", "a1", "a1", "a7")
        after = kit.play(state, 0, "exhibit paris-large")
        assert after.players[0].week == 1 + 2 + 4 and scores(after)[0].exhibitions == 5


class TestScoring:
    def test_majority_five_alone_three_each_when_tied(self):
        """ "5 points to a player having the majority in specialized knowledge
        of a colour (closed books), or 3 points if several players have the
        majority.\""""
        assert majority_points([4, 2, 0]) == [5, 0, 0]
        assert majority_points([3, 3, 1]) == [3, 3, 0]
        assert majority_points([2, 2, 2, 2]) == [3, 3, 3, 3]
        assert majority_points([0, 0]) == [0, 0]  # nobody has a book: no majority

    def test_every_source_adds_up(self, kit):
        """Artefacts "1 to 7 points per artefact", exhibitions "4 to 5 points",
        congress "0 to 28 points", majorities."""
        state = kit.new(2)
        kit.find(state, 0, "palestine", "a7", "a1", "k")  # 8 points; k teaches Mesopotamia
        kit.give(state, 0, *kit.cards("congress")[:3])  # 6 points
        kit.give(state, 0, kit.card("specialized", "egypt", 2))
        kit.give(state, 1, kit.card("specialized", "egypt", 2, "london"), kit.card("specialized", "crete", 1))
        state.players[0].exhibitions.append(EXHIBITION_BY_KEY["moscow-large"].id)
        state.deck.remove(EXHIBITION_BY_KEY["moscow-large"].id)
        mine, theirs = scores(state)
        assert (mine.artefacts, mine.exhibitions, mine.congress, mine.congress_cards) == (8, 5, 6, 3)
        assert mine.majorities == {"egypt": 3, "mesopotamia": 5}
        assert theirs.majorities == {"egypt": 3, "crete": 5}
        assert mine.total == 8 + 5 + 6 + 8 and theirs.total == 8
        assert mine.breakdown().endswith("= 27")

    def test_rulebook_final_example(self, kit):
        """ "The blue player wins by 95 points to 111, having less points in
        artefacts and exhibitions, but four majorities." (111 to 95.)"""
        state = kit.new(2, seed=8)
        blue, orange = 0, 1
        # Blue: 4 majorities (20), congress 6 (3 cards), one exhibition (5),
        # artefacts 80 = 111. Orange: 1 majority (5), congress 1, exhibitions
        # 9, artefacts 80 = 95.
        for site in ("greece", "crete", "egypt", "palestine"):
            kit.give(state, blue, kit.cards("specialized", site, 3)[0])
        kit.give(state, orange, kit.cards("specialized", "mesopotamia", 3)[0])
        kit.give(state, blue, *kit.cards("congress")[:3])
        kit.give(state, orange, kit.cards("congress")[3])
        for seat, keys in ((blue, ["moscow-large"]), (orange, ["london-small", "vienna-large"])):
            for key in keys:
                state.deck.remove(EXHIBITION_BY_KEY[key].id)
                state.players[seat].exhibitions.append(EXHIBITION_BY_KEY[key].id)
        kit.find(state, blue, "greece", "a6", "a5", "a5", "a4", "a3", "a3", "a2", "a2", "a2")  # 32
        kit.find(state, blue, "crete", "a5", "a4", "a4", "a4", "a3", "a3", "a3", "a3", "a2", "a2")  # 33
        kit.find(state, blue, "egypt", "a6", "a5", "a4")  # 15
        kit.find(state, orange, "palestine", "a7", "a6", "a5", "a4", "a3", "a2", "a2", "a2")  # 31
        kit.find(state, orange, "mesopotamia", "a5", "a5", "a4", "a4", "a4", "a3", "a3", "a3")  # 31
        kit.find(state, orange, "egypt", "a4", "a3", "a3", "a2", "a2", "a1", "a1", "a1")  # 17
        kit.find(state, orange, "greece", "a1")  # 1
        for seat in (blue, orange):
            state.players[seat].year, state.players[seat].week = 1903, 52
        rules.settle(state)
        outcome = kit.game.outcome(state)
        assert outcome.scores == (111.0, 95.0) and outcome.winners == (blue,)
        blue_score, orange_score = scores(state)
        assert blue_score.artefacts + blue_score.exhibitions < orange_score.artefacts + orange_score.exhibitions
        assert len(blue_score.majorities) == 4
        assert outcome.notes[0].startswith("Blue: artefacts 80 + exhibitions 5 + congress 6")
        assert kit.round_trip(state) is not None

    def test_a_tie_shares_the_win(self, kit):
        state = kit.new(2)
        for seat in (0, 1):
            state.players[seat].year, state.players[seat].week = 1903, 52
        rules.settle(state)
        outcome = kit.game.outcome(state)
        assert outcome.winners == (0, 1) and "share the win" in outcome.notes[-1]
