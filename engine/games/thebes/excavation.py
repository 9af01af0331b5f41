"""Excavating a site.

Rulebook, "3. Performing an excavation": "In order to search a place ... Have
a valid permission (the Special Permission card allows 1 invalid search, then
must be discarded). Have at least one point of specialized knowledge ... the
number of general knowledge (open book) must not exceed that of specialized
knowledge. Set the timer to the total number of knowledge used. Choose the
number of weeks spent searching, then pick in the bag the number of tokens
shown in red. This number can be increased using the player's Shovel cards."

"After the search: Put the empty tokens back in the bag. Put others in front
of you. If it was the first excavation made in the area, take the token of
value 1 placed on the area. Flip your permission on its crossed face."

The conditions (permit, knowledge) are those at the start of the action.
The time is spent before the search and the permit is flipped after it, so
a dig that runs into a new year leaves the permit just used crossed for that
new year while all the others come back.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import cache, lru_cache

from engine.games.thebes.bags import DEBRIS, artefact, draw
from engine.games.thebes.board import place_name
from engine.games.thebes.components import LOCAL, PERMIT, SHOVEL, TABLES, TOKENS
from engine.games.thebes.knowledge import (
    Helper,
    SiteKnowledge,
    cards_of,
    lone_shovel,
    shovel_tokens,
    site_knowledge,
    wheel_tokens,
)
from engine.games.thebes.notation import Dig, notation
from engine.games.thebes.state import Player, State


def needs_special_permission(player: Player, site: str) -> bool:
    return not player.permits[site]


def permit_problem(player: Player, site: str) -> str | None:
    if needs_special_permission(player, site) and not cards_of(player, PERMIT):
        return f"Your {place_name(site)} permit is used up until the new year, and you have no Special Permission card."
    return None


def knowledge_problem(knowledge: SiteKnowledge, points: int) -> str | None:
    name = place_name(knowledge.site)
    if knowledge.most < 1:
        return (
            f"You have no specialized knowledge of {name}: you need {name} knowledge, "
            f"{name} local experts or assistants to dig there."
        )
    if points < 1:
        return "Set the wheel to at least 1 knowledge point."
    if points > knowledge.most:
        return (
            f"You can bring at most {knowledge.most} knowledge to {name} (general knowledge counts "
            f"only up to your specialized knowledge), not {points}."
        )
    return None


def helpers_problem(knowledge: SiteKnowledge, dig: Dig) -> str | None:
    """Whether the dig says which single-use card to discard where the player
    has that choice, and only then."""
    choices = knowledge.helper_choices(dig.knowledge)
    if dig.spend is None and len(choices) > 1:
        options = " or ".join(f"`{notation(replace(dig, spend=spend_kind(c)))}`" for c in choices)
        return (
            f"{dig.knowledge} knowledge at {place_name(dig.site)} needs either your local experts or your lone "
            f"assistant: say which to discard, {options}."
        )
    if dig.spend is not None and knowledge.helpers_for(dig.knowledge, dig.spend) is None:
        spent = choices[0] if choices else ()
        plain = notation(replace(dig, spend=None))
        if not spent:
            return f"{dig.knowledge} knowledge needs none of your single-use cards: `{plain}`."
        names = " and ".join("your local experts" if h.kind == LOCAL else "your lone assistant" for h in spent)
        return f"{dig.knowledge} knowledge at {place_name(dig.site)} needs {names}: `{plain}`."
    return None


def spend_kind(helpers: tuple[Helper, ...]) -> str | None:
    """The ``spend`` that names one way of reaching the knowledge: the kind
    of its only helper (a way that spends both needs no naming)."""
    return helpers[0].kind if len(helpers) == 1 else None


def dig_problem(state: State, seat: int, dig: Dig) -> str | None:
    """Why ``dig`` is not allowed (time apart), or None."""
    player = state.players[seat]
    knowledge = site_knowledge(player, dig.site)
    problem = (
        permit_problem(player, dig.site)
        or knowledge_problem(knowledge, dig.knowledge)
        or helpers_problem(knowledge, dig)
    )
    if problem:
        return problem
    if not 1 <= dig.weeks <= TABLES.max_dig_weeks:
        return f"Dig for 1 to {TABLES.max_dig_weeks} weeks, not {dig.weeks}."
    if dig.shovel and lone_shovel(player) is None:
        count = len(cards_of(player, SHOVEL))
        if count == 0:
            return "`+shovel` discards your only Shovel card, and you have none."
        return f"`+shovel` is for a single Shovel card; your {count} shovels already count by themselves."
    return None


def tokens_to_draw(player: Player, dig: Dig) -> int:
    """The wheel's number for the knowledge and weeks, plus shovels."""
    extra = shovel_tokens(player) + (TABLES.lone_shovel_tokens if dig.shovel else 0)
    return wheel_tokens(dig.knowledge, dig.weeks) + extra


def spent_cards(player: Player, dig: Dig) -> list[int]:
    """The single-use cards this dig discards: local characters or a lone
    assistant where the knowledge needs them, a lone shovel if asked, the
    Special Permission if the permit is crossed."""
    helpers = site_knowledge(player, dig.site).helpers_for(dig.knowledge, dig.spend) or ()
    spent = [h.card for h in helpers]
    if dig.shovel:
        shovel = lone_shovel(player)
        assert shovel is not None
        spent.append(shovel)
    if needs_special_permission(player, dig.site):
        spent.append(cards_of(player, PERMIT)[0])
    return spent


def apply_dig(state: State, seat: int, dig: Dig, spent: list[int]) -> None:
    """Draw, keep the finds, return the debris, take the site's first-dig
    artefact, flip the permit and discard ``spent`` (``spent_cards`` as it
    was before the time was spent: the conditions are those of the start of
    the action)."""
    player = state.players[seat]
    count = tokens_to_draw(player, dig)
    bag = state.bags[dig.site]
    drawn = draw(bag, count, state.rng)
    kept = [token for token in drawn if token != DEBRIS]
    bag.extend(token for token in drawn if token == DEBRIS)
    player.found[dig.site].extend(kept)
    first = state.on_site[dig.site]
    if first:
        state.on_site[dig.site] = False
        player.found[dig.site].append(artefact(TOKENS.on_site_artefact))
    player.permits[dig.site] = False
    for card in spent:
        player.cards.remove(card)
        state.discard.append(card)
    state.last.update(site=dig.site, tokens=count, drawn=len(drawn), found=kept, first=first, spent=list(spent))


def dig_options(state: State, seat: int, budget: dict[str, int]) -> Iterator[Dig]:
    """The digs worth offering whose digging fits ``budget[site]`` weeks
    (what is left after travelling there): for each choice of single-use
    cards to discard, the most knowledge that choice allows, and for each
    number of tokens the fewest weeks that draw it.

    The others are allowed too (``dig_problem`` accepts them and a player may
    type them), but each is matched by an offered dig that discards the same
    cards and draws at least as many tokens in no more weeks: the time wheel
    never gives fewer tokens for more knowledge or more weeks."""
    player = state.players[seat]
    shovel_choices = (False, True) if lone_shovel(player) is not None else (False,)
    for site, weeks_free in budget.items():
        if weeks_free < 1 or permit_problem(player, site):
            continue
        longest = min(TABLES.max_dig_weeks, weeks_free)
        yield from _site_digs(site, knowledge_choices(site_knowledge(player, site)), shovel_choices, longest)


@lru_cache(maxsize=4096)
def _site_digs(
    site: str, choices: tuple[tuple[int, str | None], ...], shovel_choices: tuple[bool, ...], longest: int
) -> tuple[Dig, ...]:
    """``dig_options`` at one site, by what they depend on (remembered: the
    legal list, the turn's hand-over and the bots ask again and again, and
    digs are frozen)."""
    return tuple(
        Dig(site, points, weeks, shovel, spend)
        for points, spend in choices
        for shovel in shovel_choices
        for weeks in useful_weeks(points, longest)
    )


@lru_cache(maxsize=4096)
def knowledge_choices(knowledge: SiteKnowledge) -> tuple[tuple[int, str | None], ...]:
    """``(points, spend)`` for each different set of single-use cards a dig
    can discard, at the most points that set allows; fewest points first.
    (Cached: a player's knowledge changes only a few times a game.)"""
    best: dict[frozenset[int], tuple[int, str | None]] = {}
    for points in range(1, knowledge.most + 1):
        choices = knowledge.helper_choices(points)
        spends = [spend_kind(c) for c in choices] if len(choices) > 1 else [None]
        for spend in spends:
            helpers = knowledge.helpers_for(points, spend)
            if helpers is not None:
                best[frozenset(h.card for h in helpers)] = (points, spend)  # points rise: the last is the most
    return tuple(sorted(best.values(), key=lambda choice: (choice[0], choice[1] or "")))


@cache
def useful_weeks(points: int, longest: int) -> tuple[int, ...]:
    """The weeks, up to ``longest``, that first show each number of tokens
    on the time wheel for ``points`` knowledge."""
    row = TABLES.wheel[points - 1]
    return tuple(weeks for weeks in range(1, longest + 1) if weeks == 1 or row[weeks - 1] > row[weeks - 2])
