"""Excavation tokens and the five cloth bags.

A token is a short code: ``a3`` an artefact worth 3, ``k`` the specialized
knowledge token (it teaches the site named in ``tokens.toml``), ``g`` the
general knowledge token, ``d`` debris. A bag is a list of codes; a draw takes
a uniformly random token, so the list's order carries no information and the
public view shows only counts.

Rulebook: "pick in the bag the number of tokens shown in red ... Put the empty
tokens back in the bag. Put others in front of you."
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from engine.core import Rng
from engine.games.thebes.components import SITES, TOKENS

DEBRIS = "d"
SPECIALIZED_TOKEN = "k"
GENERAL_TOKEN = "g"
ARTEFACT_PREFIX = "a"


def artefact(value: int) -> str:
    return f"{ARTEFACT_PREFIX}{value}"


def artefact_value(code: str) -> int | None:
    """The points of an artefact token, or None for any other token."""
    if code.startswith(ARTEFACT_PREFIX) and code[1:].isdigit():
        return int(code[1:])
    return None


def initial_bag(site: str) -> list[str]:
    """A site's bag at set-up: its artefacts but the one laid on the site,
    both knowledge tokens and the debris."""
    values = list(TOKENS.artefacts[site])
    values.remove(TOKENS.on_site_artefact)
    return [artefact(v) for v in values] + [SPECIALIZED_TOKEN, GENERAL_TOKEN] + [DEBRIS] * TOKENS.debris


def all_tokens(site: str) -> Counter[str]:
    """Every token of a site, wherever it is: the conservation law for ``load``."""
    return Counter(initial_bag(site)) + Counter([artefact(TOKENS.on_site_artefact)])


def draw(bag: list[str], count: int, rng: Rng) -> list[str]:
    """Draw up to ``count`` tokens (all of them if the bag holds fewer);
    removes them from ``bag`` and returns them in the order drawn."""
    drawn = []
    for _ in range(min(count, len(bag))):
        drawn.append(bag.pop(rng.below(len(bag))))
    return drawn


def bag_summary(bag: list[str]) -> dict[str, object]:
    """What a bag holds, as counts only (never its order)."""
    counts = Counter(bag)
    artefacts = sorted((value, n) for c, n in counts.items() if (value := artefact_value(c)) is not None)
    return {
        "tokens": len(bag),
        "artefacts": {str(value): n for value, n in artefacts},
        "artefact_points": sum(value * n for value, n in artefacts),
        "specialized": counts[SPECIALIZED_TOKEN],
        "general": counts[GENERAL_TOKEN],
        "debris": counts[DEBRIS],
    }


def knowledge_target(site: str) -> str:
    """The site taught by the specialized knowledge token found at ``site``."""
    return TOKENS.knowledge_for[site]


VALID_CODES: frozenset[str] = frozenset(code for site in SITES for code in all_tokens(site))


@dataclass(frozen=True)
class Finds:
    """What a player's found tokens add up to (read it, never change it:
    ``finds`` hands the same one to every caller with the same tokens)."""

    artefacts: dict[str, tuple[int, ...]]
    """Site -> the values of the artefacts found there, highest first."""
    points: int
    """All artefact values added up."""
    specialized: dict[str, int]
    """Site -> specialized knowledge tokens found there."""
    general: int
    """General knowledge tokens found anywhere."""
    artefact_counts: dict[str, int]
    """Site -> how many artefacts were found there."""


def finds(found: dict[str, list[str]]) -> Finds:
    """The summary of a player's ``found`` tokens (site -> codes), remembered:
    every view and score reads every token again, and they change only when
    the player digs."""
    return _finds(tuple(found), tuple(map(tuple, found.values())))


@lru_cache(maxsize=2048)
def _finds(sites: tuple[str, ...], found: tuple[tuple[str, ...], ...]) -> Finds:
    artefacts = {
        site: tuple(sorted((value for t in tokens if (value := artefact_value(t))), reverse=True))
        for site, tokens in zip(sites, found)
    }
    return Finds(
        artefacts,
        sum(artefact_value(t) or 0 for tokens in found for t in tokens),
        {site: tokens.count(SPECIALIZED_TOKEN) for site, tokens in zip(sites, found)},
        sum(tokens.count(GENERAL_TOKEN) for tokens in found),
        {site: sum(1 for t in tokens if artefact_value(t) is not None) for site, tokens in zip(sites, found)},
    )
