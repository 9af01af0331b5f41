"""The remembered answers (a hand's knowledge, a player's finds, the
majorities, parsed actions, the last play for ``describe``) must say
exactly what working them out afresh says, and must follow a player's
cards and tokens when they change in place."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, clone
from engine.games.thebes import GAME, Thebes
from engine.games.thebes.bags import GENERAL_TOKEN, SPECIALIZED_TOKEN, artefact_value, finds, knowledge_target
from engine.games.thebes.components import (
    ASSISTANT,
    CARD_BY_ID,
    GENERAL,
    LOCAL,
    SITES,
    SPECIALIZED,
    TABLES,
    TOKENS,
    table_value,
)
from engine.games.thebes.knowledge import cards_of, site_knowledge, usable_knowledge
from engine.games.thebes.notation import parse
from engine.games.thebes.scoring import majority_points, scores
from engine.games.thebes.state import Player, copy_record
from tests.random_play import random_positions


def positions(players: int, seed: int, limit: int = 200):
    """The positions of one seeded random game, with a mover and a move."""
    return random_positions(GAME, players, seed, limit)


def knowledge_by_hand(player: Player, site: str) -> tuple[int, int, list[int]]:
    """Rulebook: "Closed books of the colour of the place searched (for
    permanent use): 1 point per book - Local characters of the colour of
    the place searched (single use ...) - Assistants (permanent use): 2
    assistants bring 1 point, 3 assistants bring 2 points; 1 assistant
    alone may be discarded to bring 1 point." "Knowledge tokens found count
    as knowledge afterwards". Returns (permanent specialized, general, the
    single-use cards)."""
    cards = [CARD_BY_ID[c] for c in player.cards]
    books = sum(c.value for c in cards if c.kind == SPECIALIZED and c.site == site)
    books += TOKENS.specialized_value * sum(
        tokens.count(SPECIALIZED_TOKEN) for origin, tokens in player.found.items() if knowledge_target(origin) == site
    )
    assistants = [c.id for c in cards if c.kind == ASSISTANT]
    general = sum(c.value for c in cards if c.kind == GENERAL)
    general += TOKENS.general_value * sum(tokens.count(GENERAL_TOKEN) for tokens in player.found.values())
    helpers = [c.id for c in cards if c.kind == LOCAL and c.site == site] + (assistants if len(assistants) == 1 else [])
    return books + table_value(TABLES.assistant_points, len(assistants)), general, helpers


@pytest.mark.parametrize("players", [2, 4])
def test_site_knowledge_matches_a_count_by_hand_all_game(players):
    for state, _, _ in positions(players, 31):
        for player in state.players:
            for site in SITES:
                known = site_knowledge(player, site)
                specialized, general, helpers = knowledge_by_hand(player, site)
                assert (known.specialized, known.general) == (specialized, general)
                assert [h.card for h in known.helpers] == helpers


def test_knowledge_follows_cards_and_tokens_changed_in_place(kit):
    """A remembered answer is found again by what it depends on, so a hand
    changed in place (as tests and rules do) is never answered from before."""
    state = kit.new(2)
    me = state.players[0]
    assert site_knowledge(me, "egypt").most == 0
    kit.give(state, 0, kit.card(SPECIALIZED, "egypt", 2))
    assert site_knowledge(me, "egypt").most == 2
    kit.give(state, 0, kit.card(GENERAL))
    assert site_knowledge(me, "egypt").most == 2 + min(2, knowledge_by_hand(me, "egypt")[1])
    teaches_egypt = next(origin for origin in SITES if knowledge_target(origin) == "egypt")
    before = site_knowledge(me, "egypt").specialized
    kit.find(state, 0, teaches_egypt, SPECIALIZED_TOKEN)
    assert site_knowledge(me, "egypt").specialized == before + TOKENS.specialized_value
    me.cards.clear()
    assert site_knowledge(me, "egypt").specialized == TOKENS.specialized_value


def test_cards_of_hands_out_a_fresh_list(kit):
    state = kit.new(2)
    kit.give(state, 0, kit.card(ASSISTANT))
    mine = cards_of(state.players[0], ASSISTANT)
    mine.append(999)
    assert cards_of(state.players[0], ASSISTANT) == [kit.card(ASSISTANT)]


def test_finds_match_the_tokens():
    """END OF GAME: "1 to 7 points per artefact (indicated on their token)"."""
    for state, _, _ in positions(3, 8):
        for player in state.players:
            summary = finds(player.found)
            values = [artefact_value(t) for tokens in player.found.values() for t in tokens]
            assert summary.points == sum(v for v in values if v)
            for site in SITES:
                expected = sorted((v for t in player.found[site] if (v := artefact_value(t))), reverse=True)
                assert list(summary.artefacts[site]) == expected
                assert summary.specialized[site] == player.found[site].count(SPECIALIZED_TOKEN)
                assert summary.artefact_counts[site] == sum(1 for t in player.found[site] if artefact_value(t))


def test_majorities_match_a_count_by_hand():
    """END OF GAME: "5 points to a player having the majority in specialized
    knowledge of a colour (closed books), or 3 points if several players
    have the majority"."""
    for state, _, _ in positions(4, 12):
        books = {site: [knowledge_by_hand(p, site)[0] for p in state.players] for site in SITES}
        assistants = [table_value(TABLES.assistant_points, len(cards_of(p, ASSISTANT))) for p in state.players]
        for seat, score in enumerate(scores(state)):
            expected = {}
            for site in SITES:
                closed = [b - a for b, a in zip(books[site], assistants)]
                points = majority_points(closed)[seat]
                if points:
                    expected[site] = points
            assert score.majorities == expected


def test_describe_after_play_reads_as_a_fresh_game_object_says():
    """``describe`` of the move just played reuses that play's result."""
    fresh = Thebes()
    for state, seat, action in positions(3, 5, limit=120):
        GAME.play(state, seat, action)
        assert GAME.describe(state, seat, action) == fresh.describe(state, seat, action)
        other = GAME.legal(state, seat)[-1]
        assert GAME.describe(state, seat, other) == fresh.describe(state, seat, other)


def test_a_refused_text_is_refused_every_time():
    for _ in range(2):
        with pytest.raises(IllegalAction):
            parse("dig atlantis 3k 2w")
    assert parse("dig egypt 2k 3w") is parse("dig egypt 2k 3w")


def test_the_last_record_copy_is_a_deep_copy():
    record = {"seat": 1, "action": "dig egypt 2k 3w", "found": ["a3", "k"], "spent": [4], "odd": [{"deep": [1]}]}
    copied = copy_record(record)
    assert copied == clone(record)
    copied["found"].append("g")
    copied["odd"][0]["deep"].append(2)
    assert record["found"] == ["a3", "k"] and record["odd"] == [{"deep": [1]}]


def test_usable_points_are_the_wheel_limit():
    """ "the number of general knowledge (open book) must not exceed that of
    specialized knowledge"; the wheel stops at its largest number."""
    assert usable_knowledge(0, 5) == 0
    assert usable_knowledge(2, 5) == 4
    assert usable_knowledge(TABLES.max_knowledge, TABLES.max_knowledge) == TABLES.max_knowledge


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_view_with_the_kept_player_parts_is_the_view_made_afresh(players):
    """A move changes one player: the others' parts of the next view are the
    ones already made, and every part must be what building it again gives
    (a key that missed something a part shows would show an old value)."""
    from engine.games.thebes import view

    reused = 0
    for state, _, _ in positions(players, seed=players + 20):
        before = len(view._PLAYER_PARTS)
        kept = GAME.view(state, None)
        reused += len(view._PLAYER_PARTS) < before + players
        view._PLAYER_PARTS.clear()
        view._SITE_VIEWS.clear()
        view._SCORE_ROWS.clear()
        assert kept == GAME.view(state, None)
        GAME.view(state, None)  # kept again for the next position
    assert reused > 0, "successive views share the unchanged players' parts"


@pytest.mark.parametrize("players", [2, 4])
def test_kept_score_rows_and_sites_are_the_scores_and_bags_of_the_state(players):
    """A score row is kept by the player's part and the majorities the player
    wins, a site by its bag: each must be what the state's scores and bags
    say, move after move of a whole game (ended, it is the final score)."""
    from engine.games.thebes import view
    from engine.games.thebes.bags import bag_summary

    last = None
    for state, _, _ in positions(players, seed=players + 40, limit=400):
        shown = GAME.view(state, None)
        assert shown["scores"] == [s.to_dict() for s in scores(state)]
        for site, entry in shown["sites"].items():
            assert entry["first_artefact"] == state.on_site[site]
            assert entry["bag"] == bag_summary(list(state.bags[site]))
        last = state
    assert last is not None and len(view._SCORE_ROWS) > 0
    assert [row["total"] for row in GAME.view(last, None)["scores"]] == [s.total for s in scores(last)]


def test_a_player_changed_in_place_is_not_shown_as_before():
    state = GAME.new(3, {}, 5)
    first = GAME.view(state, None)["players"][1]
    state.players[1].week += 2
    state.players[1].cards.append(next(iter(CARD_BY_ID)))
    shown = GAME.view(state, None)["players"][1]
    assert shown["week"] == first["week"] + 2 and len(shown["cards"]) == len(first["cards"]) + 1


def test_every_view_shows_the_whole_board_and_shares_it():
    """The board never changes: every view shows all places and connections,
    and successive views share the one board (views are read, never changed)."""
    from engine.games.thebes.components import CONNECTIONS, PLACES

    state = GAME.new(3, {}, 7)
    first, second = GAME.view(state, None), GAME.view(GAME.play(state, 0, GAME.legal(state, 0)[0]), None)
    assert first["board"] == {
        "places": [{"key": p.key, "name": p.name, "kind": p.kind, "colour": p.colour} for p in PLACES],
        "connections": [list(c) for c in CONNECTIONS],
    }
    assert second["board"] is first["board"]


def test_cards_and_exhibitions_are_shown_as_the_components_say_and_shared():
    """Every card and exhibition is shown by one dict made at import: it
    must say what the component says, and views show that same dict."""
    from engine.games.thebes.components import EXHIBITION_BY_ID
    from engine.games.thebes.view import card_view, exhibition_view

    for card_id, card in CARD_BY_ID.items():
        assert card_view(card_id) == {
            "id": card.id,
            "name": card.name,
            "kind": card.kind,
            "city": card.city,
            "weeks": card.weeks,
            "site": card.site,
            "value": card.value,
        }
    for exhibition_id, e in EXHIBITION_BY_ID.items():
        assert exhibition_view(exhibition_id) == {
            "id": e.id,
            "key": e.key,
            "name": e.name,
            "city": e.city,
            "size": e.size,
            "points": e.points,
            "weeks": e.weeks,
            "requires": dict(e.requires),
        }
    state = GAME.new(3, {}, 9)
    first, second = GAME.view(state, None), GAME.view(state.copy(), None)
    assert first["display"] == second["display"] and all(
        a is b for a, b in zip(first["display"], second["display"], strict=True)
    )


@pytest.mark.parametrize("players", [2, 5])
def test_kept_digs_are_the_digs_worked_out_afresh(players):
    """The digs offered at a site are kept by what they depend on (the
    knowledge choices, a lone shovel, the weeks left): each list must be the
    one worked out afresh, position after position of a whole game."""
    from engine.games.thebes.excavation import (
        dig_options,
        knowledge_choices,
        lone_shovel,
        permit_problem,
        useful_weeks,
    )
    from engine.games.thebes.notation import Dig

    offered = 0
    for state, seat, _ in positions(players, seed=players + 60, limit=400):
        player = state.players[seat]
        budget = dict.fromkeys(SITES, TABLES.max_dig_weeks)
        shovels = (False, True) if lone_shovel(player) is not None else (False,)
        afresh = [
            Dig(site, points, weeks, shovel, spend)
            for site in SITES
            if not permit_problem(player, site)
            for points, spend in knowledge_choices(site_knowledge(player, site))
            for shovel in shovels
            for weeks in useful_weeks(points, TABLES.max_dig_weeks)
        ]
        assert list(dig_options(state, seat, budget)) == afresh
        offered += len(afresh)
    assert offered


@pytest.mark.parametrize("players", [3, 5])
def test_kept_helper_choices_are_the_choices_worked_out_afresh(players):
    """Local characters and a lone assistant are "single use": the ways to
    spend them for a number of points are kept by the (frozen) knowledge and
    the points, and must be what working them out again gives."""
    from engine.games.thebes.knowledge import _helper_choices

    def afresh(knowledge, points: int) -> list[tuple]:
        return list(_helper_choices.__wrapped__(knowledge, points))

    with_helpers = 0
    for state, seat, _ in positions(players, seed=players + 80, limit=400):
        for site in SITES:
            knowledge = site_knowledge(state.players[seat], site)
            with_helpers += bool(knowledge.helpers)
            for points in range(TABLES.max_knowledge + 2):
                choices = knowledge.helper_choices(points)
                assert choices == afresh(knowledge, points)
                choices.append(())  # the caller's own list: the kept answer is not touched
                assert knowledge.helper_choices(points) == afresh(knowledge, points)
    assert with_helpers
