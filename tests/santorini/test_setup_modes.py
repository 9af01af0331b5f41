"""Set-up as actions (offering, choosing, the start player, placing) and the
modes: 1 vs 1 with gods chosen, drafted, random or fixed; 3 players; 2 vs 2
teams; the Agora; party mode; bans."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, resolve_options
from engine.games.santorini import GAME
from engine.games.santorini.gods import CARDS, banned_together
from engine.games.santorini.positions import from_diagram
from tests.santorini.helpers import play


def test_chosen_gods_the_classic_way():
    """The challenger offers one god per player, the other player chooses,
    the challenger keeps the last and picks the start player."""
    state = GAME.new(2, {"gods": "chosen"}, 3)
    assert state.phase == "offer" and GAME.to_move(state) == [0]
    state = play(state, "offer hermes")
    assert "offer harpies" not in GAME.legal(state, 0)  # "Ban: ... should not be used in the same game"
    assert "offer hermes" not in GAME.legal(state, 0)
    state = play(state, "offer athena")
    assert GAME.to_move(state) == [1] and set(GAME.legal(state, 1)) == {"choose hermes", "choose athena"}
    assert GAME.describe(state, 1, "choose athena") == "Orange chooses Athena, Blue keeps Hermes"
    state = play(state, "choose athena")
    assert state.gods == ["hermes", "athena"]
    assert GAME.to_move(state) == [0] and set(GAME.legal(state, 0)) == {"first blue", "first orange"}
    state = play(state, "first orange")
    assert GAME.to_move(state) == [1]
    state = play(state, "place c3", "place b2")
    assert GAME.to_move(state) == [0]
    state = play(state, "place d4", "place a1")
    assert state.phase == "play" and GAME.to_move(state) == [1]


def test_draft_offers_random_gods_without_bans():
    for seed in range(30):
        state = GAME.new(2, {"gods": "draft"}, seed)
        offered = state.setup["offered"]
        assert state.phase == "choose" and len(offered) == 2 and banned_together(offered) is None
    assert len({tuple(GAME.new(2, {"gods": "draft"}, s).setup["offered"]) for s in range(30)}) > 10


def test_random_gods_fit_the_player_count_and_each_other():
    for seed in range(40):
        state = GAME.new(3, {"gods": "random"}, seed)
        assert len(set(state.gods)) == 3 and banned_together(state.gods) is None
        assert all(3 in CARDS[g].players for g in state.gods)  # never Chronus (2 players only)
    assert GAME.new(2, {"gods": "random"}, 5).gods == GAME.new(2, {"gods": "random"}, 5).gods


def test_simple_pool_offers_only_the_ten_simple_gods():
    state = GAME.new(2, {"gods": "chosen", "pool": "simple"}, 1)
    assert len(GAME.legal(state, 0)) == 10


def test_fixed_gods_are_checked():
    assert GAME.new(2, {"gods": "artemis,demeter"}, 0).gods == ["artemis", "demeter"]
    with pytest.raises(IllegalAction, match="ban each other"):
        GAME.new(2, {"gods": "pan,hades"}, 0)
    with pytest.raises(IllegalAction, match="one god per player"):
        GAME.new(3, {"gods": "pan,atlas"}, 0)
    with pytest.raises(IllegalAction, match="only for games of 2"):
        GAME.new(3, {"gods": "chronus,atlas,pan"}, 0)
    with pytest.raises(IllegalAction, match="zeuss"):
        resolve_options(GAME, {"gods": "zeuss,pan"})
    assert resolve_options(GAME, {"gods": "Artemis + Demeter"})["gods"] == "artemis,demeter"


def test_modes_need_the_right_player_count():
    with pytest.raises(IllegalAction, match="mode=teams"):
        GAME.new(4, {}, 0)
    with pytest.raises(IllegalAction, match="exactly 4"):
        GAME.new(3, {"mode": "teams"}, 0)
    with pytest.raises(IllegalAction):
        resolve_options(GAME, {"mode": "solo"})


def test_teams_share_workers_and_win_together():
    """ "You and your teammate share workers, but get your very own god
    power." "If either of you wins or loses the game, you both do.\""""
    state = GAME.new(4, {"mode": "teams", "gods": "apollo,atlas,demeter,pan"}, 1)
    state = play(state, "place b2", "place d4")  # Blue places the Blue/Green workers
    assert GAME.to_move(state) == [1]
    state = play(state, "place b4", "place d2")  # Orange for Orange/Purple; Green and Purple have none left
    assert state.phase == "play" and GAME.to_move(state) == [0]
    state = play(state, "move b2 c3", "build c4")
    state = play(state, "move b4 a5", "build a4")
    assert GAME.to_move(state) == [2]
    assert any(a.startswith("move c3") for a in GAME.legal(state, 2))  # Green moves the shared worker
    team = from_diagram(
        """
        0 0 0 0 0
        0 0 0 0 0
        0 3 0 0 0O
        0 2B 0 0 0
        0B 0 0 0 0O""",
        mode="teams",
        players=4,
        seat=2,
    )
    over = GAME.play(team, 2, "move b2 b3")
    outcome = GAME.outcome(over)
    assert outcome.winners == (0, 2) and outcome.scores == (1.0, 0.0, 1.0, 0.0)


def test_agora_partners_share_workers_but_win_alone():
    """ "Each player is their own team. Team up with the player across the
    table ... Share workers.\""""
    state = from_diagram(
        """
        0 0 0 0 0
        0 0 0 0 0
        0 3 0 0 0O
        0 2B 0 0 0
        0B 0 0 0 0O""",
        mode="agora",
        players=4,
        seat=2,
    )
    outcome = GAME.outcome(GAME.play(state, 2, "move b2 b3"))
    assert outcome.winners == (2,) and outcome.scores == (0.0, 0.0, 1.0, 0.0)


def test_agora_partners_are_opponents_for_god_powers():
    """ "Opponent ... refers only to rival players": in the Agora the partner
    across the table is a rival, so Hera stops their perimeter win."""
    state = from_diagram(
        """
        0 0 0 0 0
        0 0 0 0 0
        3 0 0 0 0O
        2B 0 0 0 0
        0B 0 0 0 0O""",
        gods=["hera", None, None, None],
        mode="agora",
        players=4,
        seat=2,
    )
    assert GAME.outcome(GAME.play(state, 2, "move a2 a3")) is None


def test_party_mode_gods_pass_on_after_a_dome():
    """Party mode: "God cards can rotate around the table" — after any turn in
    which a dome is built, every god passes to the next player."""
    state = from_diagram(
        """
        0 0 0 0 0O
        0 0 0 0 0
        0 3 0 0 0
        0 0 0 0 0
        0B 0 0 0 0O""",
        gods=["apollo", "atlas"],
    )
    state.options["gods"] = "party"
    flat = play(state, "move a1 a2", "build a3")
    assert flat.gods == ["apollo", "atlas"]
    domed = play(state, "move a1 a2", "build b3")
    assert domed.gods == ["atlas", "apollo"]
    party = GAME.new(3, {"gods": "party"}, 2)
    assert all(CARDS[g].party for g in party.gods)


def test_three_player_placement_and_turn_order():
    state = GAME.new(3, {}, 0)
    order = []
    for square in ("a1", "a2", "c3", "c4", "e5", "e4"):
        order.append(GAME.to_move(state)[0])
        state = GAME.play(state, order[-1], f"place {square}")
    assert order == [0, 0, 1, 1, 2, 2] and GAME.to_move(state) == [0]


def test_setup_actions_refuse_nonsense():
    state = GAME.new(2, {"gods": "chosen"}, 3)
    with pytest.raises(IllegalAction, match="god's name"):
        GAME.play(state, 0, "offer zeuss")
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.play(state, 1, "offer zeus")
    with pytest.raises(IllegalAction):
        GAME.play(state, 0, "place c3")
    state = play(state, "offer zeus", "offer pan", "choose pan")
    with pytest.raises(IllegalAction, match="colour of the start player"):
        GAME.play(state, 0, "first red")


def test_start_player_by_roll_off_or_by_choice():
    """ "Start Player: ... Players can agree on a start player, or roll off to
    determine one." ``start=random`` rolls with the game's own generator
    (replays agree); ``start=choose`` lets Blue pick with an action."""
    rolled = {GAME.new(2, {"start": "random"}, seed).start for seed in range(20)}
    assert rolled == {0, 1}
    state = GAME.new(3, {"start": "random"}, 5)
    assert state.phase == "place" and GAME.to_move(state) == [state.start]
    assert GAME.new(3, {"start": "random"}, 5).start == state.start
    chosen = GAME.new(3, {"start": "choose"}, 5)
    assert GAME.to_move(chosen) == [0] and GAME.legal(chosen, 0) == ["first blue", "first orange", "first green"]
    chosen = play(chosen, "first green")
    assert GAME.to_move(chosen) == [2] and chosen.start == 2


def test_chosen_gods_with_a_roll_off_skip_the_challengers_pick():
    state = GAME.new(2, {"gods": "chosen", "start": "random"}, 7)
    state = play(state, "offer apollo", "offer pan")
    line = GAME.describe(state, 1, "choose pan")
    assert line.startswith("Orange chooses Pan, Blue keeps Apollo, the roll-off makes ")
    state = play(state, "choose pan")
    assert state.phase == "place" and GAME.to_move(state) == [state.start]


def test_god_choices_are_labelled_with_what_the_god_does():
    state = GAME.new(2, {"gods": "chosen"}, 1)
    assert (
        GAME.label(state, 0, "offer apollo")
        == "Blue offers Apollo (may move into an opponent's space, swapping places)"
    )
    state = play(state, "offer apollo", "offer pan")
    assert (
        GAME.label(state, 1, "choose pan")
        == "Orange chooses Pan (also wins by moving down two or more levels), Blue keeps Apollo"
    )


def test_placement_refusals_say_why():
    state = play(GAME.new(2, {}, 1), "place c3")
    with pytest.raises(IllegalAction, match="c3 already has a worker on it"):
        GAME.play(state, 0, "place c3")
    eros = GAME.new(2, {"gods": "eros,pan"}, 1)
    with pytest.raises(IllegalAction, match="opposite edges"):
        GAME.play(eros, 0, "place c3")
