"""Step-by-step menus (``cogs.utils.menu_tree``), issue 16: "When a seat has
more than fits in one menu, the menu narrows step by step: first the kind of
action, then its target, then its amount, each step a select menu or
buttons of ≤ 25 entries with plain-words labels, a "back" choice, and the
finished action shown before it is played."
"""

from __future__ import annotations

import random

import pytest

from cogs.utils.menu_tree import (
    BUTTON_TEXT_LIMIT,
    MENU_LIMIT,
    OPTION_TEXT_LIMIT,
    TOP_HEADING,
    MenuMoved,
    audit,
    build_menu,
    decode_trail,
    encode_trail,
    menu_level,
    node_at,
    steps,
    trail_of,
)
from engine.games import REGISTRY


def choices(*paths: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """Actions named by their paths ("dig/crete/3"), labelled "Label of …"."""
    return [(path.replace("/", " "), f"Label of {path}", tuple(path.split("/"))) for path in paths]


def titles(tree, trail=()) -> list[str]:
    return [entry.text for entry in menu_level(tree, trail).entries]


def assert_sound(tree, actions) -> None:
    report = audit(tree, actions)
    assert report.problems == ()
    assert set(report.clicks) == set(actions)


class TestGrouping:
    def test_actions_group_on_their_steps_in_the_games_order(self):
        """ "first the kind of action, then its target, then its amount" """
        digs = [f"dig/site{n}/{weeks}" for n in range(20) for weeks in range(1, 4)]
        moves = [f"move/{square}" for square in range(10)]
        listed = choices("pass", *digs, *moves)
        tree = build_menu(listed)
        assert titles(tree) == ["pass", "dig", "move"]
        assert titles(tree, (1,)) == [f"site{n}" for n in range(20)]
        assert titles(tree, (1, 4)) == ["1", "2", "3"]
        assert titles(tree, (2,)) == [str(square) for square in range(10)]
        assert_sound(tree, [a for a, _, _ in listed])

    def test_a_step_with_one_entry_is_merged_into_it(self):
        """A step that offers a single choice would be a wasted click."""
        tree = build_menu(choices(*[f"dig/crete/{w}" for w in range(1, 30)], "pass"))
        # and the 29 lengths come as two ranges, shown at the top since they fit
        assert titles(tree) == ["dig › crete › 1 – 15", "dig › crete › 16 – 29", "pass"]
        assert menu_level(tree, (1,)).heading == "dig › crete › 16 – 29"
        assert titles(tree, (1,)) == [str(w) for w in range(16, 30)]

    def test_the_only_kind_of_action_becomes_the_heading(self):
        tree = build_menu(choices(*[f"move/{sq}" for sq in range(30)]))
        level = menu_level(tree)
        assert level.heading == "move" and not level.can_go_back
        assert all(len(level.entries) <= MENU_LIMIT for _trail, _node in steps(tree))

    def test_sub_steps_that_fit_one_menu_are_shown_directly(self):
        """Fewer clicks: 3 + 4 entries fit one menu, so no "kind" step first."""
        tree = build_menu(choices("build/a", "build/b", "build/c", "move/x", "move/y", "move/z", "move/w"))
        assert titles(tree) == ["build › a", "build › b", "build › c", "move › x", "move › y", "move › z", "move › w"]
        assert max(audit(tree, [a for a, _, _ in choices("build/a")]).clicks.values()) == 1

    def test_a_single_action_is_still_an_entry_to_click(self):
        tree = build_menu(choices("pass"))
        level = menu_level(tree)
        assert [(e.text, e.action) for e in level.entries] == [("pass", "pass")]
        assert trail_of(tree, "pass") == (0,)

    def test_no_actions_no_entries(self):
        assert menu_level(build_menu([])).entries == ()


class TestLimits:
    def test_more_than_25_entries_are_split_into_ranges_without_losing_one(self):
        """ "each step a select menu or buttons of ≤ 25 entries" """
        actions = [f"place/{c}{r}" for c in "abcdefg" for r in range(1, 8)]  # 49 squares
        tree = build_menu(choices(*actions))
        level = menu_level(tree)
        assert level.heading == "place" and len(level.entries) == 2
        assert level.entries[0].text == "a1 – d4" and level.entries[1].text == "d5 – g7"
        assert_sound(tree, [a.replace("/", " ") for a in actions])

    @pytest.mark.parametrize("count", [26, 51, 625, 626, 2000])
    def test_any_number_of_actions_fits(self, count):
        actions = [f"take/{n}" for n in range(count)]
        tree = build_menu(choices(*actions))
        report = audit(tree, [a.replace("/", " ") for a in actions])
        assert report.problems == () and report.widest <= MENU_LIMIT
        assert max(report.clicks.values()) <= 3

    def test_a_range_of_one_is_the_entry_itself(self):
        """626 entries: 25 ranges of 25 and the last entry on its own."""
        actions = [f"take {n}" for n in range(626)]
        tree = build_menu([(a, a, ("take", a.split()[1])) for a in actions])
        top = menu_level(tree)
        assert len(top.entries) == 2
        last = node_at(tree, (1,))
        assert last.children[-1].action == "take 625"
        assert audit(tree, actions).problems == ()

    def test_long_words_are_shortened_to_discords_limits(self):
        long = "x" * 150
        tree = build_menu(
            [(f"a{n}", long, (f"{long}{n}",)) for n in range(3)]
            + [(f"b{n}", long, ("short", f"{n}")) for n in range(30)]
        )
        for trail, _node in steps(tree):
            level = menu_level(tree, trail)
            limit = BUTTON_TEXT_LIMIT if level.style == "buttons" else OPTION_TEXT_LIMIT
            assert all(len(e.text) <= limit and len(e.description) <= OPTION_TEXT_LIMIT for e in level.entries)
            assert all(e.text.endswith("…") for e in level.entries if e.text.startswith("xxx"))
        assert audit(tree, [f"a{n}" for n in range(3)] + [f"b{n}" for n in range(30)]).problems == ()

    def test_buttons_for_a_few_short_entries_a_select_otherwise(self):
        assert menu_level(build_menu(choices("pass", "done"))).style == "buttons"
        assert menu_level(build_menu(choices(*[f"take/{n}" for n in range(6)]))).style == "select"
        wordy = [("a", "A", ("a rather long entry that reads better in a select menu",)), ("b", "B", ("b",))]
        assert menu_level(build_menu(wordy)).style == "select"


class TestAwkwardPaths:
    def test_actions_with_the_same_path_get_entries_of_their_own(self):
        tree = build_menu([("bid 1", "Bid one", ("Bid",)), ("bid 2", "Bid two", ("Bid",))])
        assert titles(tree) == ["Bid one", "Bid two"]
        assert_sound(tree, ["bid 1", "bid 2"])

    def test_same_path_and_same_label_still_differ(self):
        tree = build_menu([("x 1", "Same", ("X",)), ("x 2", "Same", ("X",))])
        assert titles(tree) == ["Same (x 1)", "Same (x 2)"]

    def test_an_action_whose_path_begins_another_is_reachable(self):
        """A menu entry is either an action or a step further: the shorter
        action gets an entry of its own next to the longer ones."""
        paths = [("move", "Move as it is", ("Move",))] + [
            (f"move {n}", f"Move {n}", ("Move", str(n))) for n in range(30)
        ]
        tree = build_menu(paths)
        assert_sound(tree, [a for a, _, _ in paths])

    def test_an_empty_path_falls_back_to_the_action(self):
        tree = build_menu([("pass", "Pass", ())])
        assert titles(tree) == ["pass"]


class TestNavigation:
    def make(self):
        actions = [f"dig/{site}/{w}" for site in ("crete", "egypt") for w in range(1, 20)] + ["pass"]
        return build_menu(choices(*actions))

    def test_the_finished_action_is_shown_before_it_is_played(self):
        """ "the finished action shown before it is played": an action's entry
        carries its wording."""
        tree = self.make()
        crete = menu_level(tree, (0,))
        assert crete.entries[2].action == "dig crete 3"
        assert crete.entries[2].description == "Label of dig/crete/3"
        assert menu_level(tree).entries[0].description == "19 choices"

    def test_back_leads_to_the_step_before(self):
        """ "a 'back' choice" at every step below the top."""
        tree = self.make()
        assert not menu_level(tree).can_go_back
        for trail, _node in steps(tree):
            if trail:
                level = menu_level(tree, trail)
                assert level.can_go_back
                parent = menu_level(tree, trail[:-1])
                assert parent.entries[trail[-1]].text in level.heading

    def test_headings_say_where_the_player_is(self):
        tree = self.make()
        assert menu_level(tree).heading == TOP_HEADING
        assert menu_level(tree, (1,)).heading == "dig › egypt"

    def test_a_trail_that_leads_nowhere_is_refused(self):
        tree = self.make()
        with pytest.raises(MenuMoved):
            node_at(tree, (7,))
        with pytest.raises(MenuMoved):
            node_at(tree, (2, 0))  # "pass" is an action: nothing beneath it
        with pytest.raises(MenuMoved):
            menu_level(tree, (2,))
        with pytest.raises(MenuMoved):
            trail_of(tree, "dig greece 1")

    def test_trails_round_trip_as_text(self):
        for trail in [(), (0,), (24, 3, 0, 17)]:
            assert decode_trail(encode_trail(trail)) == trail
        with pytest.raises(MenuMoved):
            decode_trail("A!")

    def test_the_same_actions_give_the_same_tree(self):
        """Menus are rebuilt on every click: a trail must mean the same thing."""
        assert self.make() == self.make()

    def test_the_audit_notices_an_action_the_menus_lost(self):
        tree = build_menu(choices("a", "b"))
        report = audit(tree, ["a", "b", "c"])
        assert report.problems == ("'c' cannot be reached",)
        assert audit(tree, ["a"]).problems == ("'b' is offered but not legal",)


DECISIONS_PER_GAME = 150


def sampled_decisions(game, players: int, seed: int):
    """(state, seat, legal) at decisions spread over one seeded random game
    to its end (every decision of short games)."""
    rng = random.Random(seed)
    state = game.new(players, {}, seed)
    seen = []
    while game.to_move(state):
        seat = rng.choice(game.to_move(state))
        legal = game.legal(state, seat)
        seen.append((state, seat, legal))
        state = game.play(state, seat, rng.choice(legal))
    step = max(1, len(seen) // DECISIONS_PER_GAME)
    return seen[::step]


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_decision_of_every_game_by_clicks(name):
    """Issue 16, "Measure it": at every decision the chosen action is
    reachable with every menu ≤ 25 entries (here: every legal action), in at
    most 4 clicks. ``bench/menus.py`` measures the same over many games."""
    game = REGISTRY[name]
    worst = 0
    for state, seat, legal in sampled_decisions(game, game.min_players, seed=1):
        tree = build_menu([(a, game.label(state, seat, a), game.menu_path(state, seat, a)) for a in legal])
        report = audit(tree, legal)
        assert report.problems == (), (name, report.problems[:3])
        worst = max(worst, max(report.clicks.values()))
    assert worst <= 4
