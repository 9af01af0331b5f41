"""The notation: canonical forms, accepted variants, and refusals that say
what would be right."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.thebes.components import ASSISTANT, LOCAL
from engine.games.thebes.notation import Buy, Dig, Exhibit, Replace, Zeppelin, notation, parse


@pytest.mark.parametrize(
    "text, action",
    [
        ("buy 3", Buy(3)),
        ("replace", Replace()),
        ("zeppelin", Zeppelin()),
        ("dig egypt 7k 12w", Dig("egypt", 7, 12)),
        ("dig egypt 7k 12w +shovel", Dig("egypt", 7, 12, True)),
        ("dig egypt 6k 8w +experts", Dig("egypt", 6, 8, spend=LOCAL)),
        ("dig egypt 6k 8w +assistant +shovel", Dig("egypt", 6, 8, True, ASSISTANT)),
        ("exhibit london-small", Exhibit("london-small")),
    ],
)
def test_canonical_round_trip(text, action):
    assert parse(text) == action and notation(action) == text


@pytest.mark.parametrize(
    "text, action",
    [
        ("  BUY   3 ", Buy(3)),
        ("dig Egypt 12w 7k", Dig("egypt", 7, 12)),
        ("dig egypt 7 k 12 w shovel", Dig("egypt", 7, 12, True)),
        ("dig palestina 3k 4w", Dig("palestine", 3, 4)),
        ("dig egypt 7k 12w+shovel", Dig("egypt", 7, 12, True)),
        ("dig egypt shovel expert 6k 8w", Dig("egypt", 6, 8, True, LOCAL)),
        ("dig egypt 6k 8w + local", Dig("egypt", 6, 8, spend=LOCAL)),
        ("exhibit London small", Exhibit("london-small")),
        ("exhibit wien-large", Exhibit("vienna-large")),
    ],
)
def test_obvious_variants(text, action):
    assert parse(text) == action


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "Type an action"),
        ("fly egypt", "not a Thebes action"),
        ("buy", "display slot of the card, 1 to 4"),
        ("buy 5", "1 to 4"),
        ("buy two", "1 to 4"),
        ("dig", "Say where and how"),
        ("dig atlantis 3k 3w", "not a place. Excavations are in greece, crete"),
        ("dig rome 3k 3w", "Rome is a city"),
        ("dig egypt 3k", "knowledge points and weeks"),
        ("dig egypt 3k 4w 5w", "weeks once"),
        ("dig egypt 3k 4w please", "knowledge points and weeks"),
        ("dig egypt 6k 8w +experts +assistant", "Name one card to discard"),
        ("exhibit london", "by city and size"),
        ("exhibit rome-small", "by city and size"),
        ("replace now", "takes nothing after it"),
    ],
)
def test_refusals_say_what_is_right(text, message):
    with pytest.raises(IllegalAction, match=message):
        parse(text)


def test_bad_input_changes_nothing(kit):
    state = kit.new(2)
    seat = state.turn
    before = kit.game.dump(state)
    for text in ("buy 9", "dig egypt 1k 1w", "exhibit paris-small", "zeppelin", "dance"):
        with pytest.raises(IllegalAction):
            kit.game.play(state, seat, text)
    with pytest.raises(IllegalAction, match="not your turn"):
        kit.game.play(state, 1 - seat, "buy 1")
    assert kit.game.dump(state) == before


def test_describe_names_the_journey_and_the_time(kit):
    state = kit.to_act(kit.new(2), 0, place="warsaw")
    kit.show(state, 1, kit.card("specialized", "greece", 3, "london"))
    line = kit.game.describe(state, 0, "buy 1")
    assert line == (
        "Blue travels Warsaw → London (2 weeks) and buys Greece knowledge 3 in London (slot 1, 4 weeks); 6 weeks in all"
    )
    assert kit.game.describe(state, 0, "replace") == "Blue replaces the display in Warsaw (1 week); 1 week in all"
    assert kit.game.describe(state, 0, "nonsense").startswith("Blue: ")


def test_the_log_tells_the_finds_but_the_option_list_does_not(kit):
    """``describe`` is posted once the action is played, so it reports what a
    dig brought up; ``label`` (the player's own list of options) never shows a
    draw in advance."""
    state = kit.to_act(kit.new(2), 0, place="egypt")
    kit.give(state, 0, *kit.cards("specialized", "egypt"))  # 16 closed books
    state.bags["egypt"] = ["a6", "g", "d", "d"]
    label = kit.game.label(state, 0, "dig egypt 12k 12w")
    assert label == ("Blue digs in Egypt with 12 knowledge for 12 weeks (10 tokens to draw); 12 weeks in all")
    line = kit.game.describe(state, 0, "dig egypt 12k 12w")
    assert line == (
        label + ". Drew 4 of 10 tokens: an artefact 6 (6 points) and general knowledge; "
        "2 debris went back into the bag; took the value-1 artefact lying on the site"
    )
