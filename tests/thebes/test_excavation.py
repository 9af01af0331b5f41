"""Excavations: permits, knowledge, helpers, shovels, the time wheel, finds."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.thebes.components import SITES
from engine.games.thebes.knowledge import closed_books, open_books, site_knowledge, wheel_tokens


def digger(kit, site="egypt", place=None, week=1, players=2):
    """A position where seat 0 stands (or is about to travel) and acts."""
    return kit.to_act(kit.new(players), 0, place=place or site, week=week)


def books(kit, state, seat, site, *values):
    for value in values:
        card = next(c for c in kit.cards("specialized", site, value) if c not in state.players[seat].cards)
        kit.give(state, seat, card)


def general(kit, state, seat, *values):
    for value in values:
        card = next(c for c in kit.cards("general", value=value) if c not in state.players[seat].cards)
        kit.give(state, seat, card)


def test_rulebook_worked_example(kit):
    """ "the red player performs an excavation in Palestina. He has 7
    knowledge points (five specialized, including his discarded assistant,
    and two general) and spends 12 weeks on site. He therefore draws 8 tokens
    in which he luckily finds 4 artefacts worth 9 points.\""""
    state = digger(kit, "palestine")
    books(kit, state, 0, "palestine", 3, 1)  # four closed books
    assistant = kit.card("assistant")
    kit.give(state, 0, assistant)  # alone: may be discarded for 1 point
    general(kit, state, 0, 2)  # two open books
    knowledge = site_knowledge(state.players[0], "palestine")
    assert (knowledge.specialized, knowledge.general, knowledge.most) == (4, 2, 7)
    # Eight tokens left in the bag: four artefacts worth 9 and four debris.
    state.bags["palestine"] = ["a4", "a2", "a2", "a1", "d", "d", "d", "d"]
    state.on_site["palestine"] = False
    after = kit.play(state, 0, "dig palestine 7k 12w")
    me = after.players[0]
    assert after.last["tokens"] == 8 and after.last["drawn"] == 8
    assert sorted(me.found["palestine"]) == ["a1", "a2", "a2", "a4"]
    assert sum(int(t[1:]) for t in me.found["palestine"]) == 9
    assert after.bags["palestine"] == ["d", "d", "d", "d"]  # "Put the empty tokens back in the bag"
    assert assistant not in me.cards and assistant in after.discard
    assert me.week == 1 + 12 and not me.permits["palestine"]


class TestConditions:
    def test_needs_a_valid_permit(self, kit):
        """ "Have a valid permission"."""
        state = digger(kit)
        books(kit, state, 0, "egypt", 2)
        state.players[0].permits["egypt"] = False
        before = kit.game.dump(state)
        with pytest.raises(IllegalAction, match="Egypt permit is used up"):
            kit.game.play(state, 0, "dig egypt 2k 6w")
        assert kit.game.dump(state) == before
        assert not [a for a in kit.game.legal(state, 0) if a.startswith("dig egypt")]

    def test_special_permission_allows_one_invalid_dig(self, kit):
        """ "the Special Permission card allows 1 invalid search, then must be
        discarded"."""
        state = digger(kit)
        books(kit, state, 0, "egypt", 2)
        permission = kit.card("permit")
        kit.give(state, 0, permission)
        state.players[0].permits["egypt"] = False
        after = kit.play(state, 0, "dig egypt 2k 6w")
        assert permission not in after.players[0].cards and permission in after.discard
        # With a valid permit the card is kept.
        state = digger(kit)
        books(kit, state, 0, "egypt", 2)
        kit.give(state, 0, permission)
        assert permission in kit.play(state, 0, "dig egypt 2k 6w").players[0].cards

    def test_needs_specialized_knowledge(self, kit):
        """ "Have at least one point of specialized knowledge"."""
        state = digger(kit)
        general(kit, state, 0, 2)
        with pytest.raises(IllegalAction, match="no specialized knowledge of Egypt"):
            kit.game.play(state, 0, "dig egypt 1k 6w")

    def test_general_knowledge_only_up_to_specialized(self, kit):
        """ "the number of general knowledge (open book) must not exceed that of
        specialized knowledge"."""
        state = digger(kit)
        books(kit, state, 0, "egypt", 2)
        general(kit, state, 0, 2, 2, 1)
        assert site_knowledge(state.players[0], "egypt").most == 4
        assert "dig egypt 4k 6w" in kit.game.legal(state, 0)
        assert "dig egypt 5k 6w" not in kit.game.legal(state, 0)
        with pytest.raises(IllegalAction, match="at most 4 knowledge to Egypt"):
            kit.game.play(state, 0, "dig egypt 5k 6w")

    def test_books_of_other_colours_do_not_count(self, kit):
        state = digger(kit)
        books(kit, state, 0, "crete", 3)
        with pytest.raises(IllegalAction, match="no specialized knowledge of Egypt"):
            kit.game.play(state, 0, "dig egypt 3k 6w")

    def test_weeks_from_1_to_12(self, kit):
        state = digger(kit)
        books(kit, state, 0, "egypt", 2)
        with pytest.raises(IllegalAction, match="1 to 12 weeks"):
            kit.game.play(state, 0, "dig egypt 2k 13w")


class TestAssistants:
    """ "Assistants (permanent use): 2 assistants bring 1 point, 3 assistants
    bring 2 points; 1 assistant alone may be discarded to bring 1 point.\""""

    @pytest.mark.parametrize("count, points", [(2, 1), (3, 2), (4, 2)])
    def test_groups_are_permanent(self, kit, count, points):
        state = digger(kit)
        kit.give(state, 0, *kit.cards("assistant")[:count])
        assert site_knowledge(state.players[0], "egypt").most == points
        after = kit.play(state, 0, f"dig egypt {points}k 8w")
        assert len([c for c in after.players[0].cards if c in kit.cards("assistant")]) == count

    def test_a_lone_assistant_is_discarded_only_when_needed(self, kit):
        state = digger(kit)
        books(kit, state, 0, "egypt", 2)
        assistant = kit.card("assistant")
        kit.give(state, 0, assistant)
        kept = kit.play(state, 0, "dig egypt 2k 8w")
        assert assistant in kept.players[0].cards
        spent = kit.play(state, 0, "dig egypt 3k 8w")
        assert assistant not in spent.players[0].cards and spent.last["spent"] == [assistant]


class TestLocalExperts:
    def test_single_use_one_point_per_character(self, kit):
        """ "Local characters of the colour of the place searched (single use,
        discard after use): 1 point per character" — two on each card."""
        state = digger(kit)
        expert = kit.card("local", "egypt")
        kit.give(state, 0, expert)
        assert site_knowledge(state.players[0], "egypt").most == 2
        assert site_knowledge(state.players[0], "crete").most == 0
        after = kit.play(state, 0, "dig egypt 2k 10w")
        assert after.last["tokens"] == wheel_tokens(2, 10)
        assert expert not in after.players[0].cards and expert in after.discard

    def test_only_what_the_knowledge_needs_is_spent(self, kit):
        """Single-use cards are discarded only when the knowledge chosen needs
        them; where either would do, the player says which."""
        state = digger(kit)
        books(kit, state, 0, "egypt", 2)
        general(kit, state, 0, 2, 2, 1)
        assistant, expert = kit.card("assistant"), kit.card("local", "egypt")
        kit.give(state, 0, assistant, expert)
        knowledge = site_knowledge(state.players[0], "egypt")
        assert knowledge.most == 10  # 2 + 1 + 2 specialized, 5 general
        spent = {
            text: kit.play(state, 0, text).last["spent"]
            for text in (
                "dig egypt 4k 8w",
                "dig egypt 6k 8w +assistant",
                "dig egypt 6k 8w +experts",
                "dig egypt 8k 8w",
                "dig egypt 10k 8w",
            )
        }
        assert spent == {
            "dig egypt 4k 8w": [],
            "dig egypt 6k 8w +assistant": [assistant],
            "dig egypt 6k 8w +experts": [expert],
            "dig egypt 8k 8w": [expert],
            "dig egypt 10k 8w": [expert, assistant],
        }
        # The list offers each set of cards to discard at the most knowledge it
        # allows: 6k spending the experts is offered as 8k (the same card).
        offered = {
            " ".join(a.split(" ")[2:3] + a.split(" ")[4:])
            for a in kit.game.legal(state, 0)
            if a.startswith("dig egypt")
        }
        assert offered == {"4k", "6k +assistant", "8k", "10k"}

    def test_a_choice_must_be_named_and_a_needless_one_is_refused(self, kit):
        state = digger(kit)
        books(kit, state, 0, "egypt", 2)
        general(kit, state, 0, 2, 2, 1)
        kit.give(state, 0, kit.card("assistant"), kit.card("local", "egypt"))
        before = kit.game.dump(state)
        with pytest.raises(
            IllegalAction,
            match=r"say which to discard, `dig egypt 6k 8w \+assistant` or "
            r"`dig egypt 6k 8w \+experts`",
        ):
            kit.game.play(state, 0, "dig egypt 6k 8w")
        with pytest.raises(IllegalAction, match="4 knowledge needs none of your single-use cards"):
            kit.game.play(state, 0, "dig egypt 4k 8w +experts")
        with pytest.raises(IllegalAction, match=r"needs your local experts: `dig egypt 8k 8w`"):
            kit.game.play(state, 0, "dig egypt 8k 8w +assistant")
        assert kit.game.dump(state) == before
        # Naming a card the dig spends anyway is understood.
        assert kit.play(state, 0, "dig egypt 8k 8w +experts").last["spent"] == [kit.card("local", "egypt")]


class TestShovels:
    """ "This number can be increased using the player's Shovel cards (permanent
    use): 2 shovels bring 1 token, 3 shovels bring 2 tokens (1 shovel used
    alone can be discarded to bring 1 token).\""""

    @pytest.mark.parametrize("count, extra", [(0, 0), (1, 0), (2, 1), (3, 2)])
    def test_extra_tokens(self, kit, count, extra):
        state = digger(kit)
        books(kit, state, 0, "egypt", 3, 2)
        kit.give(state, 0, *kit.cards("shovel")[:count])
        after = kit.play(state, 0, "dig egypt 5k 8w")
        assert after.last["tokens"] == wheel_tokens(5, 8) + extra
        assert len([c for c in after.players[0].cards if c in kit.cards("shovel")]) == count

    def test_lone_shovel_discarded_for_a_token(self, kit):
        state = digger(kit)
        books(kit, state, 0, "egypt", 3, 2)
        shovel = kit.card("shovel")
        kit.give(state, 0, shovel)
        assert "dig egypt 5k 8w +shovel" in kit.game.legal(state, 0)
        after = kit.play(state, 0, "dig egypt 5k 8w +shovel")
        assert after.last["tokens"] == wheel_tokens(5, 8) + 1 and shovel in after.discard

    def test_plus_shovel_needs_exactly_one(self, kit):
        state = digger(kit)
        books(kit, state, 0, "egypt", 2)
        with pytest.raises(IllegalAction, match="you have none"):
            kit.game.play(state, 0, "dig egypt 2k 8w +shovel")
        kit.give(state, 0, *kit.cards("shovel")[:2])
        with pytest.raises(IllegalAction, match="already count"):
            kit.game.play(state, 0, "dig egypt 2k 8w +shovel")


class TestAfterTheSearch:
    def test_first_dig_takes_the_artefact_on_the_site(self, kit):
        """ "If it was the first excavation made in the area, take the token of
        value 1 placed on the area.\""""
        state = digger(kit)
        books(kit, state, 0, "egypt", 1)
        after = kit.play(state, 0, "dig egypt 1k 1w")  # the wheel shows 0 tokens
        assert after.last["tokens"] == 0 and after.players[0].found["egypt"] == ["a1"]
        assert not after.on_site["egypt"] and after.bags["egypt"] == state.bags["egypt"]
        again = kit.to_act(after, 0, week=1)
        again.players[0].permits["egypt"] = True
        assert kit.play(again, 0, "dig egypt 1k 1w").players[0].found["egypt"] == ["a1"]

    def test_permit_flips_and_finds_are_kept(self, kit):
        """ "Put others in front of you" and "Flip your permission on its crossed
        face"."""
        state = digger(kit)
        books(kit, state, 0, "egypt", 3, 3, 2)
        after = kit.play(state, 0, "dig egypt 8k 12w")
        me = after.players[0]
        assert not me.permits["egypt"] and all(me.permits[s] for s in SITES if s != "egypt")
        drawn = after.last["drawn"]
        kept = after.last["found"]
        assert drawn == wheel_tokens(8, 12) == 10
        assert me.found["egypt"] == kept + ["a1"]
        assert len(after.bags["egypt"]) == 30 - len(kept)
        assert kit.round_trip(after) is not None

    def test_knowledge_tokens_count_afterwards(self, kit):
        """Knowledge tokens found count as knowledge: the specialized one for
        the site named in tokens.toml, the general one as an open book."""
        state = digger(kit, "greece")
        kit.find(state, 0, "greece", "k", "g")  # Greece's knowledge token teaches Crete
        me = state.players[0]
        assert closed_books(me, "crete") == 1 and closed_books(me, "greece") == 0
        assert open_books(me) == 1
        assert site_knowledge(me, "crete").most == 2
        assert "dig crete 2k 6w" in kit.game.legal(kit.to_act(state, 0, place="crete"), 0)  # 6 weeks: the first token

    def test_a_dig_into_the_new_year_leaves_its_permit_crossed(self, kit):
        """Time is spent first (the new year restores all permits), then the
        search, then "Flip your permission on its crossed face"."""
        state = digger(kit, week=48)
        books(kit, state, 0, "egypt", 2)
        state.players[0].permits["crete"] = False
        after = kit.play(state, 0, "dig egypt 2k 10w")
        me = after.players[0]
        assert (me.year, me.week) == (1902, 6)
        assert me.permits["crete"] and not me.permits["egypt"]

    def test_draws_at_most_what_the_bag_holds(self, kit):
        state = digger(kit)
        books(kit, state, 0, "egypt", 3, 3, 2)
        state.bags["egypt"] = ["a5", "d"]
        after = kit.play(state, 0, "dig egypt 8k 12w")
        assert after.last["tokens"] == 10 and after.last["drawn"] == 2
        assert after.bags["egypt"] == ["d"]

    def test_travel_then_dig(self, kit):
        state = digger(kit, "egypt", place="warsaw", week=1)
        books(kit, state, 0, "egypt", 2)
        after = kit.play(state, 0, "dig egypt 2k 6w")
        assert after.players[0].place == "egypt" and after.players[0].week == 1 + 3 + 6

    def test_the_draw_is_seeded(self, kit):
        state = digger(kit)
        books(kit, state, 0, "egypt", 3, 3, 2)
        first = kit.play(state, 0, "dig egypt 8k 12w")
        second = kit.play(state, 0, "dig egypt 8k 12w")
        assert first.last["found"] == second.last["found"]
        assert kit.game.reveals(state, 0, "dig egypt 8k 12w", first)
