"""The god generator (``fast_gods``) against the readable rules: on thousands
of random positions with random gods, both must reach exactly the same set
of boards (and the same wins)."""

from __future__ import annotations

import random

import pytest

from engine.games.santorini import bot, fast_gods
from engine.games.santorini.positions import from_diagram
from tests.santorini.test_fast import random_diagram

POSITIONS = 1200
GOD_CHOICES = sorted(fast_gods.FAST_GODS) + [None]


def readable_results(state) -> set:
    """What the readable rules allow: every distinct finished turn, as the
    bitboards, whether it won and (with Athena in play) her holder's flag."""
    match = fast_gods.matchup(state)
    found = set()
    for _, done in bot.root_options(state, begin=False):
        won = done.phase == "over"
        up = match.athena >= 0 and not won and done.moved_up_last[match.athena]
        found.add((fast_gods.board_of(done), won, up))
    return found


def fast_results(state) -> set:
    match = fast_gods.matchup(state)
    found = set()
    for (h1, h2, h3, dm, pools, _, up), won in fast_gods.results(match, fast_gods.from_state(state, match)):
        found.add(((h1, h2, h3, dm, pools), won, up and not won))
    return found


def fit_workers(rng: random.Random, diagram: str, gods: list) -> str:
    """Graeae's pool gets its third worker; where Bia or Medusa play, a pool
    sometimes has lost a worker already."""
    cells = diagram.split()
    for seat, letter in enumerate("BO"):
        if gods[seat] == "graeae":
            free = [i for i, c in enumerate(cells) if c[1:] == ""]
            cells[rng.choice(free)] += letter
    if {"bia", "medusa"} & set(gods) and rng.random() < 0.3:
        letter = rng.choice("BO")
        mine = [i for i, c in enumerate(cells) if c.endswith(letter)]
        gone = rng.choice(mine)
        cells[gone] = cells[gone][:-1]
    return "\n".join(" ".join(cells[r * 5 : (r + 1) * 5]) for r in range(5))


def random_gods(rng: random.Random) -> list:
    while True:
        gods = [rng.choice(GOD_CHOICES), rng.choice(GOD_CHOICES)]
        if gods[0] != gods[1] and frozenset(gods) not in fast_gods.APART:  # each god card is unique
            return gods


def random_god_state(rng: random.Random, index: int, gods: list | None = None):
    gods = gods or random_gods(rng)
    seat = rng.randrange(2)
    moved_up = [s for s in range(2) if rng.random() < 0.5]
    diagram = fit_workers(rng, random_diagram(rng, 2, crowded=index % 4 == 0), gods)
    return from_diagram(diagram, gods, seat=seat, moved_up=moved_up), diagram


def test_fast_god_generator_agrees_with_the_readable_rules_on_random_positions():
    """Every god in ``FAST_GODS``, as mover and as opponent: exactly the
    boards the readable rules reach ("You Lose if you get stuck" included:
    no result at all)."""
    rng = random.Random(20261124)
    seen_gods: set = set()
    wins = stuck = 0
    for index in range(POSITIONS):
        state, diagram = random_god_state(rng, index)
        assert fast_gods.supported(state) and fast_gods.at_turn_start(state)
        readable = readable_results(state)
        assert fast_results(state) == readable, (state.gods, state.turn.seat, state.moved_up_last, diagram)
        seen_gods.update(g for g in state.gods if g)
        wins += any(won for _, won, _ in readable)
        stuck += not readable
    assert seen_gods == fast_gods.FAST_GODS
    assert wins > 100 and stuck >= 5  # the sample covers the edge cases


@pytest.mark.parametrize("god", sorted(fast_gods.FAST_GODS))
def test_each_fast_god_agrees_in_both_seats(god):
    """Each god against every other choice (and none), in open and crowded
    positions, in either seat."""
    rng = random.Random(sum(map(ord, god)))
    for index in range(len(GOD_CHOICES)):
        other = GOD_CHOICES[index]
        gods = [god, other] if index % 2 else [other, god]
        if other == god or frozenset(gods) in fast_gods.APART:
            continue
        state, diagram = random_god_state(rng, index, gods)
        assert fast_results(state) == readable_results(state), (gods, state.turn.seat, diagram)


@pytest.mark.parametrize("mover", ["hermes", "urania", "artemis"])
def test_harpies_slides_agree_with_the_readable_rules(mover):
    """Harpies: "Each time an opponent's worker moves, it is forced space by
    space in the same direction until the next space is at a higher level or
    it is obstructed." Hermes' many moves each slide, Urania's wrapped steps
    slide the short way, Artemis' second move slides again: 40 random
    positions each with the mover to play, against the readable rules."""
    rng = random.Random(sum(map(ord, mover)) + 7)
    gods = [mover, "harpies"]
    for index in range(40):
        diagram = fit_workers(rng, random_diagram(rng, 2, crowded=index % 4 == 0), gods)
        state = from_diagram(diagram, gods, seat=0)
        assert fast_results(state) == readable_results(state), (mover, diagram)
