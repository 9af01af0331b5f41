"""Whole games: they end with a correct score breakdown, replay exactly,
survive the JSON round trip, and never show what is hidden."""

from __future__ import annotations

import json
import random
import re

import pytest

from engine.core import StateError, replay
from engine.games import REGISTRY
from engine.games.thebes import GAME, rules
from engine.games.thebes.components import (
    ASSISTANT,
    CARD_BY_ID,
    EXHIBITION_BY_ID,
    EXHIBITIONS,
    LOCAL,
    SITES,
    TOKENS,
)
from engine.games.thebes.notation import Buy, Dig, Exhibit, Replace, Zeppelin, notation, parse
from engine.games.thebes.scoring import scores
from engine.games.thebes.state import State


def test_registered():
    assert REGISTRY["thebes"] is GAME
    assert GAME.bot_levels == ("easy", "greedy", "strong") and GAME.hidden_information is False


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("mix", ["easy", "greedy"])
def test_random_games_end_with_a_correct_breakdown(finished_games, players, mix):
    state, log = finished_games[(players, mix)]
    assert state.over and GAME.to_move(state) == [] and GAME.legal(state, 0) == []
    assert all(p.finished for p in state.players)
    assert all((p.year, p.week) <= (1903, 52) for p in state.players)
    outcome = GAME.outcome(state)
    final = scores(state)
    assert outcome.scores == tuple(float(s.total) for s in final)
    assert set(outcome.winners) == {s for s, t in enumerate(outcome.scores) if t == max(outcome.scores)}
    for seat, note in enumerate(outcome.notes[:players]):
        numbers = [int(n) for n in re.findall(r"(?:artefacts|exhibitions|congress|majorities) (\d+)", note)]
        total = int(note.rsplit("= ", 1)[1])
        assert sum(numbers) == total == final[seat].total
    # Majorities: per site, 5 to a sole leader or 3 to each tied leader.
    for site in SITES:
        awarded = [s.majorities.get(site, 0) for s in final]
        assert sorted(set(awarded) - {0}) in ([], [5], [3])
        assert awarded.count(5) <= 1
    assert [recount(state, seat) for seat in range(players)] == [s.total for s in final]
    assert len(log) > 20


def recount(state: State, seat: int) -> int:
    """The rulebook's final scoring, counted again from the components
    without the scoring module: "1 to 7 points per artefact (indicated on
    their token); 4 to 5 points per exhibition; 0 to 28 points depending on
    the number of Congress cards; 5 points to a player having the majority
    in specialized knowledge of a colour (closed books), or 3 points if
    several players have the majority"."""
    player = state.players[seat]
    artefacts = sum(int(t[1:]) for tokens in player.found.values() for t in tokens if t.startswith("a"))
    exhibitions = sum(EXHIBITION_BY_ID[e].points for e in player.exhibitions)
    congress = min(sum(1 for c in player.cards if CARD_BY_ID[c].kind == "congress"), 7)
    total = artefacts + exhibitions + congress * (congress + 1) // 2

    def books(other, site):
        on_cards = sum(
            CARD_BY_ID[c].value
            for c in other.cards
            if CARD_BY_ID[c].kind == "specialized" and CARD_BY_ID[c].site == site
        )
        return on_cards + sum(
            tokens.count("k") for origin, tokens in other.found.items() if TOKENS.knowledge_for[origin] == site
        )

    for site in SITES:
        counts = [books(other, site) for other in state.players]
        if counts[seat] and counts[seat] == max(counts):
            total += 5 if counts.count(counts[seat]) == 1 else 3
    return total


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_replay_reproduces_the_state(finished_games, players):
    state, log = finished_games[(players, "greedy")]
    again = replay(GAME, players, {}, 200 + players, log)
    assert GAME.dump(again) == GAME.dump(state)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_json_round_trip_along_the_way(finished_games, players):
    _, log = finished_games[(players, "easy")]
    state = GAME.new(players, {}, 100 + players)
    for step, (seat, action) in enumerate(log):
        state = GAME.play(state, seat, action)
        if step % 7 == 0 or step == len(log) - 1:
            loaded = GAME.load(json.loads(json.dumps(GAME.dump(state))))
            assert GAME.dump(loaded) == GAME.dump(state)
            assert GAME.legal(loaded, seat) == GAME.legal(state, seat)


def _hide(state: State, rng: random.Random) -> State:
    """The same position with the hidden order shuffled: the draw pile, pile 3
    and the bags."""
    other = state.copy()
    rng.shuffle(other.deck)
    rng.shuffle(other.reserve)
    for bag in other.bags.values():
        rng.shuffle(bag)
    return other


def test_public_view_holds_no_hidden_order(finished_games):
    _, log = finished_games[(3, "easy")]
    state = GAME.new(3, {}, 103)
    rng = random.Random(1)
    for step, (seat, action) in enumerate(log[:40]):
        view = GAME.view(state, None)
        assert GAME.view(_hide(state, rng), None) == view
        assert view == {k: v for k, v in GAME.view(state, seat).items() if k not in ("seat", "private")}
        assert GAME.view(state, seat)["private"] == {} == GAME.private_view(state, seat)
        json.dumps(view)
        state = GAME.play(state, seat, action)


def test_legal_is_what_play_accepts_less_the_dominated_digs(kit):
    """Every listed action plays; every other well-formed action is refused,
    except digs that the list leaves out because a listed dig discards the
    same cards and draws at least as many tokens in no more weeks (the time
    wheel never gives fewer tokens for more knowledge or more weeks)."""
    rng = random.Random(5)
    for seed in range(6):
        state = kit.new(2 + seed % 5, seed)
        for _ in range(rng.randrange(5, 40)):
            if state.over:
                break
            seat = state.turn
            state = GAME.play(state, seat, GAME.choose(state, seat, "easy", rng.randrange(1 << 30)))
        if state.over:
            continue
        seat = state.turn
        legal = set(GAME.legal(state, seat))
        candidates = [Zeppelin(), Replace()] + [Buy(s) for s in range(1, 5)]
        candidates += [Exhibit(e.key) for e in EXHIBITIONS]
        candidates += [
            Dig(site, k, w, shovel, spend)
            for site in SITES
            for k in range(0, 14)
            for w in (0, 1, 6, 12, 13)
            for shovel in (False, True)
            for spend in (None, LOCAL, ASSISTANT)
        ]
        for action in candidates:
            text = notation(action)
            try:
                after = GAME.play(state, seat, text)
                accepted = True
            except Exception as error:  # noqa: BLE001 - any refusal must be IllegalAction
                assert type(error).__name__ == "IllegalAction", (text, error)
                accepted = False
            if text in legal or not accepted:
                assert accepted == (text in legal), text
                continue
            assert isinstance(action, Dig), text
            assert any(_at_least_as_good(state, seat, listed, action, after) for listed in legal), text


def _at_least_as_good(state: State, seat: int, listed: str, dig: Dig, after: State) -> bool:
    """Whether the listed action is a dig at the same site that discards the
    same cards and draws at least as many tokens as ``dig`` in no more weeks."""
    other = parse(listed)
    if not isinstance(other, Dig) or other.site != dig.site or other.weeks > dig.weeks:
        return False
    played = GAME.play(state, seat, listed)
    return played.last["spent"] == after.last["spent"] and played.last["tokens"] >= after.last["tokens"]


def test_load_rejects_malformed_states(kit):
    good = GAME.dump(kit.new(3))
    broken = []
    for mutate in (
        lambda d: d.pop("bags"),
        lambda d: d.__setitem__("players", d["players"][:1]),
        lambda d: d["players"][0].__setitem__("week", 53),
        lambda d: d["players"][0].__setitem__("place", "atlantis"),
        lambda d: d["players"][0].__setitem__("cards", [d["display"][0]]),  # a card in two places
        lambda d: d["bags"]["egypt"].append("a7"),  # a token too many
        lambda d: d["bags"]["egypt"].remove("d"),  # a token missing
        lambda d: d.__setitem__("turn", 7),
        lambda d: d.__setitem__("rng", "x"),
        lambda d: d["players"][1]["permits"].pop("crete"),
        lambda d: d.__setitem__("display", d["display"][:3]),
        lambda d: d["players"][0]["found"].__setitem__("egypt", ["d"]),
        lambda d: d.__setitem__("ply", -1),
    ):
        data = json.loads(json.dumps(good))
        mutate(data)
        with pytest.raises(StateError):
            GAME.load(data)
        broken.append(data)
    with pytest.raises(StateError):
        GAME.load([])  # type: ignore[arg-type]
    assert GAME.dump(GAME.load(json.loads(json.dumps(good)))) == good


def test_can_act_agrees_with_legal(finished_games):
    """A seat is handed the turn only if it has something legal to do."""
    _, log = finished_games[(2, "easy")]
    state = GAME.new(2, {}, 102)
    for seat, action in log:
        assert GAME.legal(state, seat) and rules.can_act(state, seat)
        state = GAME.play(state, seat, action)


def _mutations(data, rng: random.Random, path=()):
    """Every leaf of a JSON tree, as paths."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _mutations(value, rng, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _mutations(value, rng, path + (index,))
    yield path


def test_load_fuzzed_snapshots_raise_only_state_error(finished_games):
    """A damaged snapshot either loads into a state that works, or raises
    StateError: never another exception."""
    from render import render_view

    _, log = finished_games[(3, "easy")]
    state = GAME.new(3, {}, 103)
    for seat, action in log[:45]:
        state = GAME.play(state, seat, action)
    good = GAME.dump(state)
    rng = random.Random(11)
    paths = list(_mutations(good, rng))
    junk = [None, -1, 10**9, "x", True, [], {}, 1.5, "warsaw", "a7", 86]
    loaded = 0
    for _ in range(400):
        data = json.loads(json.dumps(good))
        path = rng.choice(paths[:-1])
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        if isinstance(parent, dict) and rng.random() < 0.3:
            del parent[path[-1]]
        else:
            parent[path[-1]] = rng.choice(junk)
        try:
            again = GAME.load(data)
        except StateError:
            continue
        loaded += 1
        view = GAME.view(again, None)
        json.dumps(view)
        for seat in GAME.to_move(again):
            GAME.legal(again, seat)
        GAME.outcome(again)
    assert loaded < 400  # most damage is caught
    render_view(view, [])


def test_holdings_add_up_like_the_one_at_a_time_counts(finished_games):
    """The view and the scores count a player's cards and finds in one pass
    (``holdings``); the numbers are those of ``closed_books``, ``open_books``,
    ``site_knowledge`` and ``cards_of``, at every step of whole games."""
    from engine.games.thebes.components import CARD_KINDS
    from engine.games.thebes.knowledge import cards_of, closed_books, holdings, open_books, site_knowledge

    for players in (2, 6):
        _, log = finished_games[(players, "greedy")]
        state = GAME.new(players, {}, 200 + players)
        for seat, action in log:
            for player in state.players:
                held = holdings(player)
                assert held.general == open_books(player)
                assert {kind: held.kinds.get(kind, 0) for kind in CARD_KINDS} == {
                    kind: len(cards_of(player, kind)) for kind in CARD_KINDS
                }
                for site in SITES:
                    assert held.books[site] == closed_books(player, site)
                    assert held.usable(site) == site_knowledge(player, site).most
                    assert held.local[site] == len(cards_of(player, LOCAL, site))
            state = GAME.play(state, seat, action)
