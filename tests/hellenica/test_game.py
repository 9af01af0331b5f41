"""Whole games: random bots end in a victory, replay is exact, snapshots round
trip, the public view keeps Ethos cards secret, refusals change nothing, trades."""

from __future__ import annotations

import json
import random

import pytest

from engine.core import IllegalAction, StateError, canonical_json, replay
from engine.games.hellenica import GAME
from engine.games.hellenica.components import ETHOS, OBJECTIVES
from engine.games.hellenica.steps import current
from tests.hellenica.helpers import act_as, moves, new_game, play

MAX_ACTIONS = 4000


def random_game(players: int, seed: int, options: dict | None = None) -> tuple[dict, list[tuple[int, str]]]:
    """A game between random bots, with the actions it took."""
    state = GAME.new(players, options or {}, seed)
    history: list[tuple[int, str]] = []
    for step in range(MAX_ACTIONS):
        movers = GAME.to_move(state)
        if not movers:
            return state, history
        seat = movers[step % len(movers)]
        action = GAME.choose(state, seat, "random", seed * 100_003 + step)
        assert action in GAME.legal(state, seat)
        state = GAME.play(state, seat, action)
        history.append((seat, action))
    raise AssertionError(f"no winner after {MAX_ACTIONS} actions")


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 2), (4, 3), (4, 4), (7, 5), (7, 6)])
def test_random_games_end_in_a_victory(players, seed):
    state, history = random_game(players, seed, {"homes": "random" if seed % 2 else "choose"})
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners
    assert all(outcome.scores[w] >= 3 for w in outcome.winners)
    assert outcome.reason.endswith(f"end of turn {state['turn']}")
    # replay from the seed reproduces the state exactly
    again = replay(GAME, players, {"homes": "random" if seed % 2 else "choose"}, seed, history)
    assert canonical_json(GAME.dump(again)) == canonical_json(GAME.dump(state))
    # a snapshot survives JSON and loading
    loaded = GAME.load(json.loads(json.dumps(GAME.dump(state))))
    assert loaded == state
    # World Events were bid for and won along the way
    assert sum(len(p["won"]) for p in state["seats"]) > 0
    assert any(action.startswith("bid ") for _, action in history)


def test_random_games_cast_invocations_and_meet_creatures():
    """With events and Invocations on (the standard game), random bots cast
    Invocations, place Creatures and slay some."""
    casts = places = 0
    for players, seed in ((2, 2), (4, 4)):
        state, history = random_game(players, seed, {"homes": "random"})
        casts += sum(1 for _, action in history if action.startswith("invoke "))
        places += sum(1 for _, action in history if action.startswith("place "))
        assert GAME.outcome(state) is not None
    assert casts > 0 and places > 0


def test_every_listed_action_is_playable_and_refusals_change_nothing():
    """Sampled positions of whole games: every listed action plays, a bad one
    is refused, and neither touches the input state."""
    checked = 0
    for seed in (17, 18, 19):
        state = GAME.new(3, {"homes": "random"}, seed)
        rng, sampler = random.Random(seed), random.Random(-seed)
        for step in range(400):
            movers = GAME.to_move(state)
            if not movers:
                break
            seat = movers[0]
            if step % 5 == 0:
                before = canonical_json(state)
                legal = GAME.legal(state, seat)
                for action in sampler.sample(legal, min(len(legal), 25)):
                    GAME.play(state, seat, action)
                    checked += 1
                with pytest.raises(IllegalAction):
                    GAME.play(state, seat, "move 99 hoplite nowhere")
                for other in range(3):  # out-of-turn actions (trades, Invocations) of every seat
                    if other not in movers:
                        extra = GAME.legal(state, other)
                        for action in sampler.sample(extra, min(len(extra), 3)):
                            GAME.play(state, other, action)
                            checked += 1
                assert canonical_json(state) == before
            state = GAME.play(state, seat, GAME.choose(state, seat, "random", rng.randrange(1 << 30)))
    assert checked > 300


def test_snapshot_round_trip_in_every_kind_of_decision():
    """Dump/load round-trips wherever a game stands — combats, movements,
    research, bids, casting windows, event choices — checked at every step of
    a few games."""
    kinds = set()
    wanted = {"action", "move", "combat", "research", "ethos", "bid", "choose", "window"}
    for seed in (8, 9, 10):
        state = GAME.new(4, {"homes": "random"}, seed)
        while GAME.to_move(state):
            kinds.add(current(state)["kind"])
            assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state
            seat = GAME.to_move(state)[0]
            state = GAME.play(state, seat, GAME.choose(state, seat, "random", len(kinds) + state["log_seq"]))
        if wanted <= kinds:
            break
    assert wanted <= kinds


@pytest.mark.parametrize(
    "break_it,message",
    [
        (lambda s: s.pop("cities"), "lacks cities"),
        (lambda s: s.update(players=9), "players"),
        (lambda s: s["seats"][0].update(favor=-1), "commodities"),
        (lambda s: s["seats"][0]["ethos"].append("piety"), "created or lost"),
        (lambda s: s["stack"].append({"kind": "nonsense", "id": 999}), "unknown decision frame"),
        (lambda s: s["cities"]["athens"]["slots"].append(None), "settlements"),
        (lambda s: s["units"].update(atlantis=[]), "bad units"),
        (lambda s: s.update(rng="x"), "64-bit"),
        (lambda s: s.update(map="atlantis"), "not a Hellenica state"),
        (lambda s: s["events"]["upper"].append("plague"), "World Event cards were created or lost"),
        (lambda s: s["creatures"].update(hydra="atlantis"), "bad creatures"),
        (lambda s: s.update(chaos=0), "chaos marker"),
        (lambda s: s["seats"][0]["invoked"].append("lightning"), "unknown Invocation"),
        (lambda s: s["offers"].append({"from": 0, "to": 9, "give": {}, "ask": {}}), "bad trade offer"),
    ],
)
def test_load_rejects_malformed_states(break_it, message):
    state = GAME.dump(new_game(3, seed=2))
    break_it(state)
    with pytest.raises(StateError, match=message):
        GAME.load(state)


def _strings(value) -> set[str]:
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values()), set(value)) if value else set()
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) else set()


def test_public_view_holds_no_ethos_card():
    state, _ = random_game(4, 9)
    # a game in progress: swap every seat's Ethos cards — the public view must not change
    live = GAME.new(4, {"homes": "random"}, 9)
    for _ in range(120):
        seat = GAME.to_move(live)[0]
        live = GAME.play(live, seat, GAME.choose(live, seat, "random", 5))
    public = GAME.view(live, None)
    names = set(ETHOS) | {OBJECTIVES[c].title for c in ETHOS} | {OBJECTIVES[c].text for c in ETHOS}
    assert not (_strings(public) & names)
    swapped = json.loads(json.dumps(live))
    for player in swapped["seats"]:
        player["ethos"] = list(reversed(player["ethos"]))
        player["ethos_hand"] = list(reversed(player["ethos_hand"]))
    assert GAME.view(swapped, None) == public
    private = GAME.view(live, 0)
    assert {k: v for k, v in private.items() if k not in ("seat", "private")} == public
    assert [c["name"] for c in private["private"]["ethos"]] == live["seats"][0]["ethos"]
    # the winners' Ethos cards are revealed at the end
    final = GAME.view(state, None)
    assert set(final["revealed"]) == {str(w) for w in state["winners"]} | set(final["revealed"])
    assert all(final["revealed"][k] for k in final["revealed"])


def test_describe_is_public_and_label_private():
    state = GAME.new(2, {"homes": "random"}, 3)
    for seat in (0, 1):
        state = GAME.play(state, seat, GAME.legal(state, seat)[0])
    hand = state["seats"][0]["ethos_hand"]
    legal = GAME.legal(state, 0)
    assert all(OBJECTIVES[c].title not in GAME.describe(state, 0, a) for a in legal for c in hand)
    assert any(OBJECTIVES[hand[0]].title in GAME.label(state, 0, a) for a in legal)


class TestTrade:
    """ "Philosophers and Commerce may be freely traded between players at any
    time. Favor may not be traded." Trades are out-of-turn actions: they never
    hold the game up."""

    def test_offer_and_accept_commerce_for_philosophers(self):
        state = act_as(new_game(2, seed=12), 0)
        state["seats"][0]["commerce"] = 3
        state["seats"][1]["philosophers"] = 2
        state = play(state, 0, "offer", "give commerce", "give commerce", "ask philosopher")
        with pytest.raises(IllegalAction, match="Favor may not be traded"):
            GAME.play(state, 0, "give favor")
        assert GAME.label(state, 0, "offer orange") == "propose 2 Commerce for 1 Philosopher to Orange"
        state = play(state, 0, "offer orange")
        assert GAME.to_move(state) == [0] and current(state)["kind"] == "action"  # nobody waits
        assert "accept blue" in GAME.legal(state, 1) and "decline blue" in GAME.legal(state, 1)
        assert GAME.label(state, 1, "accept blue") == "take Blue's offer: 2 Commerce for 1 Philosopher"
        state = play(state, 1, "accept blue")  # out of turn
        assert (state["seats"][0]["commerce"], state["seats"][0]["philosophers"]) == (1, 1)
        assert (state["seats"][1]["commerce"], state["seats"][1]["philosophers"]) == (2, 1)
        assert GAME.to_move(state) == [0] and state["offers"] == []

    def test_offers_any_time_even_by_a_seat_not_to_move(self):
        state = act_as(new_game(2, seed=12), 0)
        state["seats"][1]["commerce"] = 2
        assert "offer" in GAME.legal(state, 1)
        state = play(state, 1, "offer", "give commerce", "offer blue")
        assert state["offers"][0]["from"] == 1 and GAME.to_move(state) == [0]
        before = GAME.legal(state, 0)
        assert "accept orange" in before and "pass" in before
        state = play(state, 0, "pass")  # the offer stays open while play goes on
        assert state["offers"] and "accept orange" in GAME.legal(state, 0)
        state = play(state, 1, "retract blue")
        assert state["offers"] == [] and "accept orange" not in GAME.legal(state, 0)

    def test_decline_and_limits(self):
        state = act_as(new_game(2, seed=12), 0)
        state = play(state, 0, "offer")
        assert "give commerce" not in GAME.legal(state, 0) and "offer orange" not in GAME.legal(state, 0)
        with pytest.raises(IllegalAction, match="only 0 Commerce"):
            GAME.play(state, 0, "give commerce")
        with pytest.raises(IllegalAction, match="offer is empty"):
            GAME.play(state, 0, "offer orange")
        with pytest.raises(IllegalAction, match="No other player holds more than 0 Commerce"):
            GAME.play(state, 0, "ask commerce")
        state["seats"][1]["commerce"] = 1
        state = play(state, 0, "ask commerce", "offer orange")
        state = play(state, 1, "decline blue")
        assert state["seats"][1]["commerce"] == 1 and GAME.to_move(state) == [0] and state["offers"] == []
        with pytest.raises(IllegalAction, match="no offer"):
            GAME.play(state, 1, "accept blue")

    def test_an_offer_that_can_no_longer_be_paid_is_refused(self):
        state = act_as(new_game(2, seed=12), 0)
        state["seats"][0]["commerce"] = 1
        state = play(state, 0, "offer", "give commerce", "offer orange")
        state["seats"][0]["commerce"] = 0
        assert "accept blue" not in GAME.legal(state, 1)
        with pytest.raises(IllegalAction, match="no longer holds"):
            GAME.play(state, 1, "accept blue")

    def test_an_offer_is_written_then_addressed(self):
        """Writing a trade takes one step fewer than naming the partner first:
        ``offer``, the terms, then ``offer <colour>`` proposes them; a player
        not trading has the one ``offer`` among their actions."""
        state = act_as(new_game(3, seed=12), 0)
        state["seats"][0]["commerce"] = 2
        state["seats"][2]["philosophers"] = 1
        trades = [a for a in GAME.legal(state, 0) if a.split()[0] in ("offer", "give", "ask", "cancel")]
        assert trades == ["offer"]
        state = play(state, 0, "offer", "give commerce", "ask philosopher")
        assert "offer green" in GAME.legal(state, 0) and "offer orange" not in GAME.legal(state, 0)
        with pytest.raises(IllegalAction, match="Orange does not hold 1 Philosopher"):
            GAME.play(state, 0, "offer orange")
        with pytest.raises(IllegalAction, match="writing an offer already"):
            GAME.play(state, 0, "offer")
        state = play(state, 0, "offer green")
        assert state["drafts"] == {} and state["offers"][0]["to"] == 2
        assert any("Blue offers Green 1 Commerce for 1 Philosopher" in e["text"] for e in state["log"])

    def test_offers_lapse_at_the_end_of_the_turn(self):
        state = act_as(new_game(2, seed=12), 0)
        state["seats"][0]["commerce"] = 1
        state = play(state, 0, "offer", "give commerce", "offer orange", "offer")
        turn = state["turn"]
        while state["turn"] == turn:
            seat = GAME.to_move(state)[0]
            state = GAME.play(state, seat, "pass" if "pass" in GAME.legal(state, seat) else moves(state, seat)[0])
        assert state["offers"] == [] and state["drafts"] == {}


def test_bot_levels():
    # the bot levels are the bot's (bot.LEVELS); "ai" is the rulebook's AI players (part 3)
    assert GAME.bot_levels[0] == "random" and GAME.bot_levels[-1] == "ai" and GAME.rulebook_levels == ("ai",)
    state = new_game(2, seed=3)
    seat = GAME.to_move(state)[0]
    assert GAME.choose(state, seat, "random", 1) in GAME.legal(state, seat)
