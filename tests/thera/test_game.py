"""The engine contract: random full games, round trips, replay, secrecy,
and legal() agreeing with play()."""

from __future__ import annotations

import json
import random

import pytest

from engine.core import IllegalAction, StateError, replay
from engine.games import REGISTRY
from engine.games.thera import GAME
from engine.games.thera.components import COMPONENTS, RESOURCES, ROLES
from engine.games.thera.state import copy_state


def random_game(players: int, seed: int, options: dict | None = None, every=None):
    """Play a seeded random game to the end; ``every(state, seat, action)``
    sees each step. Returns the final state and the action list."""
    rng = random.Random(seed)
    state = GAME.new(players, options or {}, seed)
    actions = []
    while GAME.to_move(state):
        seat = rng.choice(GAME.to_move(state))
        action = rng.choice(GAME.legal(state, seat))
        if every:
            every(state, seat, action)
        state = GAME.play(state, seat, action)
        actions.append((seat, action))
    return state, actions


def test_registered():
    assert REGISTRY["thera"] is GAME
    assert GAME.bot_levels == ("easy", "normal")
    assert (GAME.min_players, GAME.max_players) == (2, 5)
    assert "choose planner" in GAME.rules_text


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("advanced", [False, True])
def test_random_games_end_round_trip_and_replay(players, advanced):
    options = {"advanced": advanced, "length": "short", "divine": "1,1"}
    state, actions = random_game(players, 100 + players, options)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners
    assert len(outcome.scores) == players and len(outcome.notes) >= players
    assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state
    again = replay(GAME, players, GAME.new(players, options, 0)["options"], 100 + players, actions)
    assert again == state


def test_mid_game_states_round_trip_and_copy_cleanly():
    def check(state, seat, action):
        if state["ply"] % 7:
            return
        assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state
        copy = copy_state(state)
        assert copy == state
        assert not (_containers(copy) & _containers(state)), "a copy shares a mutable part"

    random_game(3, 7, {"advanced": True}, check)


def _containers(tree, found=None):
    found = set() if found is None else found
    if isinstance(tree, (dict, list)):
        found.add(id(tree))
        for child in tree.values() if isinstance(tree, dict) else tree:
            _containers(child, found)
    return found


def test_public_view_hides_hands_and_the_bag():
    """The luxury hand is private: the public view only counts."""
    state = GAME.new(3, {}, 8)
    state = GAME.play(state, 0, "choose noble")
    state = GAME.play(state, 0, GAME.legal(state, 0)[0])
    other = copy_state(state)
    other["hands"][0] = ["colossus"]
    other["bag"] = sorted(reversed(other["bag"]))
    public, public_other = GAME.view(state, None), GAME.view(other, None)
    assert public == public_other  # the public view cannot tell the hands apart
    assert public["islands"][0]["hand"] == 1 and "hands" not in public and public["bag"] == len(state["bag"])
    seat_view = GAME.view(state, 0)
    assert seat_view["private"]["hand"][0]["id"] == state["hands"][0][0]
    assert {k: v for k, v in seat_view.items() if k not in ("seat", "private")} == public
    assert GAME.view(state, 1)["private"]["hand"] == []


def test_legal_actions_are_accepted_and_others_refused():
    """Every listed action plays; well-formed actions not listed are refused."""
    vocabulary = _vocabulary()
    rng = random.Random(5)

    def check(state, seat, action):
        if state["ply"] % 5:
            return
        legal = GAME.legal(state, seat)
        for candidate in legal:
            GAME.play(state, seat, candidate)
        for candidate in rng.sample(vocabulary, 60):
            if candidate in legal or _other_spelling(candidate) in legal:
                continue
            with pytest.raises(IllegalAction):
                GAME.play(state, seat, candidate)

    random_game(3, 9, {"advanced": True, "divine": "2,1,1"}, check)
    random_game(2, 19, {"wheel": "random"}, check)


def _other_spelling(action: str) -> str:
    """A free road's ends may come in either order (`free road d2 d1`)."""
    words = action.split()
    return " ".join(words[:2] + words[:1:-1]) if words[:2] == ["free", "road"] else action


def _vocabulary() -> list[str]:
    locs = COMPONENTS.mat.names
    words = [f"choose {r}" for r in ROLES] + [f"choose {r} +2" for r in ROLES]
    words += ["done", "divine", "envoy", "drachma"]
    words += [f"{verb} {r}" for verb in ("sell", "buy") for r in RESOURCES]
    words += [f"water {l}" for l in locs] + [f"work {l}" for l in locs] + [f"crossroads {l}" for l in locs]
    words += [f"take {lux}" for lux in COMPONENTS.luxuries]
    words += [f"build {b} {l}" for b in list(COMPONENTS.industry) + list(COMPONENTS.luxuries) for l in locs[::3]]
    words += [f"road {a} {b}" for a in locs for b in locs[::4]]
    words += [f"free road {a} {b}" for a in locs[::2] for b in locs[::2]]
    words += [f"move {r} {a} {b}" for r in RESOURCES for a in locs[::2] for b in locs[::3]]
    words += [f"put {r} {l}" for r in RESOURCES for l in locs] + ["keep 1 2", "place quarry b2"]
    words += [f"spring {a} {b}" for a in locs[::3] for b in locs[::3]]
    words += [f"swap {a} {b}" for a in list(COMPONENTS.luxuries)[::4] for b in list(COMPONENTS.luxuries)[::5]]
    return words


def test_describe_is_plain_and_names_the_seat():
    lines = []

    def check(state, seat, action):
        line = GAME.describe(state, seat, action)
        assert line.startswith(GAME.seat_name(state, seat)), line
        lines.append(line)

    random_game(2, 10, {"advanced": True}, check)
    assert any("chooses the" in line for line in lines)


def test_reveals():
    state = GAME.new(3, {}, 11)
    after = GAME.play(state, 0, "choose priest")
    assert GAME.reveals(state, 0, "choose priest", after)  # the pool refill draws
    after_water = GAME.play(after, 1, "water c2")
    assert not GAME.reveals(after, 1, "water c2", after_water)


def test_player_count_and_options_are_checked():
    with pytest.raises(IllegalAction, match="2 to 5 players, not 6"):
        GAME.new(6, {}, 1)
    with pytest.raises(IllegalAction, match="no option 'speed'"):
        GAME.new(3, {"speed": "fast"}, 1)
    assert GAME.new(3, {"advanced": "yes"}, 1)["options"]["advanced"] is True


@pytest.mark.parametrize(
    "breakage",
    [
        lambda d: d.pop("mats"),
        lambda d: d.__setitem__("players", 9),
        lambda d: d.__setitem__("favor", [2, 2, 2, 2, 2, 9]),
        lambda d: d["mats"][0]["res"][0].__setitem__(0, -1),
        lambda d: d["mats"][0]["buildings"].__setitem__(3, "castle"),
        lambda d: d["hands"][0].extend(["odeon"] * 4),
        lambda d: d.__setitem__("step", "dancing"),
        lambda d: d.__setitem__("phase", {"role": "priest"}),
        lambda d: d.__setitem__("rng", "seed"),
        lambda d: d["options"].pop("advanced"),
    ],
)
def test_load_refuses_malformed_states(breakage):
    data = json.loads(json.dumps(GAME.dump(GAME.play(GAME.new(3, {}, 12), 0, "choose planner"))))
    breakage(data)
    with pytest.raises(StateError):
        GAME.load(data)


def test_load_refuses_non_objects():
    for data in (None, [], "state", 3):
        with pytest.raises(StateError):
            GAME.load(data)  # type: ignore[arg-type]


def test_garbage_input_only_ever_raises_illegal_action():
    """Bad input always gets an IllegalAction and changes nothing."""
    words = [
        "choose",
        "move",
        "water",
        "spring",
        "swap",
        "take",
        "work",
        "build",
        "road",
        "free",
        "sell",
        "buy",
        "keep",
        "place",
        "put",
        "done",
        "divine",
        "+3",
        "-1",
        "0",
        "2",
        "99999999999",
        "a2",
        "z9",
        "f5",
        "stone",
        "stones",
        "gold",
        "odeon",
        "quarry",
        "port",
        "priest",
        "+",
        "é",
        "",
    ]
    rng = random.Random(2)
    seen = []

    def check(state, seat, action):
        if state["ply"] % 11:
            return
        snapshot = copy_state(state)
        for _ in range(60):
            text = " ".join(rng.choice(words) for _ in range(rng.randint(0, 5)))
            try:
                GAME.play(state, seat, text)
            except IllegalAction:
                seen.append(text)
        assert state == snapshot

    random_game(3, 21, {"advanced": True, "divine": "1,1,1"}, check)
    assert len(seen) > 100


def test_the_last_move_is_kept_for_the_board():
    """Issue 16: the board marks the last move; the public view carries it,
    and snapshots from before it load with none."""
    state = GAME.new(2, {}, 3)
    assert GAME.view(state, None)["last_move"] is None
    state = GAME.play(state, 0, "Choose  Planner")
    assert GAME.view(state, None)["last_move"] == {"seat": 0, "action": "choose planner"}
    old = GAME.dump(state)
    del old["last_move"]
    assert GAME.load(old)["last_move"] is None
    broken = GAME.dump(state)
    broken["last_move"] = {"seat": 7, "action": "done"}
    with pytest.raises(StateError):
        GAME.load(broken)
