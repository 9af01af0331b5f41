"""The remembered journeys and the abilities handed out: the fast paths must
give what the plain ones gave, and never let a caller change the board or
the cards."""

from __future__ import annotations

import random

from engine.games.thessaloniki import GAME
from engine.games.thessaloniki.state import abilities, abilities_of, ability, comp, has
from engine.games.thessaloniki.turn import family_words
from engine.games.thessaloniki.workers import crosses_denarius_space, destination


def test_destination_walks_the_alcoves_clockwise_and_hands_out_a_fresh_list():
    """A move of n steps goes through the next n alcoves clockwise, passing
    the denarius space when it steps past it."""
    c = comp()
    for origin in c.alcove_order:
        for steps in range(1, len(c.alcove_order) + 1):
            here, passed, crossed = destination(origin, steps)
            walked, spot, over = [], origin, False
            for _ in range(steps):
                over = over or crosses_denarius_space(spot)
                spot = c.next_alcove(spot)
                walked.append(spot)
            assert (here, passed, crossed) == (spot, walked, over)
            passed.append("changed")
            assert destination(origin, steps)[1] == walked


def test_abilities_are_handed_out_as_copies():
    """A seat's abilities come from its family card and fulfilled permanent
    contracts; changing what ``ability`` returns must not change the card."""
    state = GAME.new(3, {}, 2)
    rng = random.Random(2)
    while not all(seat["family"] for seat in state["seats"]):
        seat = rng.choice(GAME.to_move(state))
        state = GAME.play(state, seat, rng.choice(GAME.legal(state, seat)))
    family = comp().families[state["seats"][0]["family"]].ability
    kind = family["kind"]
    assert has(state, 0, kind)
    assert abilities(state, 0)[0] == dict(family)
    given = ability(state, 0, kind)
    assert given == dict(family)
    given["kind"] = "changed"
    abilities_of(state, 0, kind)[0]["kind"] = "changed"
    assert comp().families[state["seats"][0]["family"]].ability["kind"] == kind
    assert not has(state, 0, "no such ability")
    assert ability(state, 0, "no such ability") is None


def test_family_words_name_the_card_and_its_ability():
    for fid, family in comp().families.items():
        words = family_words(fid)
        assert words.startswith(f"{family.name}: ")
        assert f"{family.denarii} denari" in words
