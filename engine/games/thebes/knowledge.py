"""What a player brings to a dig: knowledge points, single-use helpers, shovels.

Rulebook: "Have at least one point of specialized knowledge in front of him.
These points can be brought by
  - Closed books of the colour of the place searched (for permanent use): 1
    point per book
  - Local characters of the colour of the place searched (single use, discard
    after use): 1 point per character
  - Assistants (permanent use): 2 assistants bring 1 point, 3 assistants
    bring 2 points; 1 assistant alone may be discarded to bring 1 point.
the number of general knowledge (open book) must not exceed that of
specialized knowledge." "This number can be increased using the player's
Shovel cards (permanent use): 2 shovels bring 1 token, 3 shovels bring 2
tokens (1 shovel used alone can be discarded to bring 1 token)."

Knowledge tokens found in a bag count as books from then on ("Knowledge
tokens found count as knowledge afterwards").

The player chooses how many points to set on the wheel. Permanent points are
used first; a single-use helper is spent only when the chosen number needs
it. Where either the local characters or a lone assistant would do, the
player says which to discard.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from engine.games.thebes.bags import GENERAL_TOKEN, SPECIALIZED_TOKEN, knowledge_target
from engine.games.thebes.components import (
    ASSISTANT,
    CARD_BY_ID,
    GENERAL,
    LOCAL,
    SHOVEL,
    SITES,
    SPECIALIZED,
    TABLES,
    TOKENS,
    table_value,
)
from engine.games.thebes.state import Player


def cards_of(player: Player, kind: str, site: str | None = None) -> list[int]:
    """The ids of the player's cards of one kind (and site), oldest first."""
    return list(_cards_by_kind(tuple(player.cards)).get((kind, site), ()))


@lru_cache(maxsize=2048)
def _cards_by_kind(cards: tuple[int, ...]) -> dict[tuple[str, str | None], tuple[int, ...]]:
    """A hand's cards grouped by ``(kind, None)`` and ``(kind, site)``, in
    hand order (remembered: a hand changes a few times a game, and every
    legal list, play and view asks ``cards_of`` dozens of times)."""
    groups: dict[tuple[str, str | None], list[int]] = {}
    for card_id in cards:
        card = CARD_BY_ID[card_id]
        groups.setdefault((card.kind, None), []).append(card_id)
        if card.site is not None:
            groups.setdefault((card.kind, card.site), []).append(card_id)
    return {group: tuple(ids) for group, ids in groups.items()}


def closed_books(player: Player, site: str) -> int:
    """Specialized knowledge of a site's colour: books on cards plus knowledge
    tokens found. This is also what the end-of-game majority counts."""
    return _known(player).holdings.books[site]


def open_books(player: Player) -> int:
    """General knowledge: books on cards plus general knowledge tokens found."""
    return _known(player).holdings.general


def usable_knowledge(specialized: int, general: int) -> int:
    """The most points a dig can use: none without specialized knowledge,
    general knowledge only up to the specialized, and no more than the
    wheel shows."""
    if specialized < 1:
        return 0
    return min(TABLES.max_knowledge, specialized + min(general, specialized))


@dataclass(frozen=True)
class Helper:
    """A single-use source of specialized knowledge: discarded when used."""

    card: int
    kind: str
    points: int


@dataclass(frozen=True)
class SiteKnowledge:
    """A player's knowledge for digging at one site."""

    site: str
    specialized: int
    """Permanent specialized points: closed books plus grouped assistants."""
    general: int
    helpers: tuple[Helper, ...]
    """Single-use sources the player may spend: local characters, a lone assistant."""

    def ceiling(self, helpers: tuple[Helper, ...] = ()) -> int:
        """The most points the wheel can be set to with these helpers spent."""
        return usable_knowledge(self.specialized + sum(h.points for h in helpers), self.general)

    @property
    def most(self) -> int:
        """The most points with every helper spent."""
        return self.ceiling(self.helpers)

    def helper_choices(self, points: int) -> list[tuple[Helper, ...]]:
        """The ways to set the wheel to ``points``: each a set of helpers to
        spend that reaches it and holds none it could do without, cheapest
        first (fewest points thrown away, then fewest cards). Empty if
        ``points`` is out of reach."""
        if not self.helpers:  # nothing to spend: the wheel reaches ``most`` without a card
            return [()] if 1 <= points <= self.most else []
        return list(_helper_choices(self, points))

    def helpers_for(self, points: int, spend: str | None = None) -> tuple[Helper, ...] | None:
        """The helpers spent to set the wheel to ``points``: the only way
        there is, or, where the player has a choice, the way that spends a
        helper of kind ``spend``. None if that does not fit (out of reach, a
        choice left open, or no such way)."""
        choices = self.helper_choices(points)
        if spend is not None:
            choices = [c for c in choices if any(h.kind == spend for h in c)]
        return choices[0] if len(choices) == 1 else None


@lru_cache(maxsize=4096)
def _helper_choices(knowledge: SiteKnowledge, points: int) -> tuple[tuple[Helper, ...], ...]:
    """``SiteKnowledge.helper_choices``, remembered by the knowledge (frozen)
    and the points: the digs offered, the dig's check, its discards and its
    log line all ask again about the same hand."""
    if points < 1 or points > knowledge.most:
        return ()
    reaching = [
        subset
        for size in range(len(knowledge.helpers) + 1)
        for subset in combinations(knowledge.helpers, size)
        if knowledge.ceiling(subset) >= points
    ]
    minimal = [subset for subset in reaching if not any(set(other) < set(subset) for other in reaching)]
    return tuple(sorted(minimal, key=lambda s: (sum(h.points for h in s), len(s), [h.kind != LOCAL for h in s])))


def site_knowledge(player: Player, site: str) -> SiteKnowledge:
    """Everything the player could bring to a dig at ``site``."""
    return _known(player).sites[site]


def _site_knowledge(by_kind: dict[tuple[str, str | None], tuple[int, ...]], held: Holdings, site: str) -> SiteKnowledge:
    assistants = by_kind.get((ASSISTANT, None), ())
    helpers = [Helper(c, LOCAL, CARD_BY_ID[c].value) for c in by_kind.get((LOCAL, site), ())]
    if len(assistants) == 1:
        helpers.append(Helper(assistants[0], ASSISTANT, TABLES.lone_assistant_points))
    return SiteKnowledge(
        site,
        held.books[site] + table_value(TABLES.assistant_points, len(assistants)),
        held.general,
        tuple(helpers),
    )


def shovel_tokens(player: Player) -> int:
    """Extra tokens from the player's shovels without discarding any."""
    return table_value(TABLES.shovel_tokens, len(cards_of(player, SHOVEL)))


def lone_shovel(player: Player) -> int | None:
    """The player's only shovel, which may be discarded for a token, or None."""
    shovels = cards_of(player, SHOVEL)
    return shovels[0] if len(shovels) == 1 else None


def wheel_tokens(knowledge: int, weeks: int) -> int:
    """Tokens the time wheel shows for ``knowledge`` points and ``weeks`` of digging."""
    return TABLES.wheel[knowledge - 1][weeks - 1]


@dataclass(frozen=True)
class Holdings:
    """What a player's cards and finds add up to, counted in one pass over
    them: the public view and the scores need all of it after every move
    (``closed_books``, ``open_books`` and ``site_knowledge`` give the same
    numbers one at a time)."""

    books: dict[str, int]
    """Closed books per site, knowledge tokens included."""
    local: dict[str, int]
    """Local-expert cards per site."""
    local_points: dict[str, int]
    general: int
    kinds: dict[str, int]
    """Researcher cards per kind."""
    usable_points: dict[str, int] = field(init=False, repr=False, compare=False)
    """``usable`` of every site, worked out once."""

    def __post_init__(self) -> None:
        assistants = self.kinds.get(ASSISTANT, 0)
        lone = TABLES.lone_assistant_points if assistants == 1 else 0
        grouped = table_value(TABLES.assistant_points, assistants)
        usable_points = {
            site: usable_knowledge(self.books[site] + grouped + self.local_points[site] + lone, self.general)
            for site in self.books
        }
        object.__setattr__(self, "usable_points", usable_points)

    def usable(self, site: str) -> int:
        """``site_knowledge(player, site).most``: every helper spent."""
        return self.usable_points[site]


def holdings(player: Player) -> Holdings:
    """What the player's cards and finds add up to (shared between the
    callers that ask about the same cards and knowledge tokens: read it,
    never change it)."""
    return _known(player).holdings


@dataclass(frozen=True)
class _Known:
    """Everything ``holdings`` and ``site_knowledge`` tell of one set of
    cards and knowledge tokens."""

    holdings: Holdings
    sites: dict[str, SiteKnowledge]


def _known(player: Player) -> _Known:
    """The player's knowledge, remembered by what it depends on: the cards
    in hand and the tokens found at each site (the key is built by C-level
    calls only: it is made several times per move). The legal list, the
    play, the log line and the view all ask again about the same hand."""
    found = player.found
    return _knowledge_of(tuple(player.cards), tuple(found), tuple(map(tuple, found.values())))


@lru_cache(maxsize=2048)
def _knowledge_of(cards: tuple[int, ...], sites: tuple[str, ...], found: tuple[tuple[str, ...], ...]) -> _Known:
    """``_known`` by the tokens themselves; a dig that brings up artefacts
    only finds the knowledge again by its knowledge tokens."""
    counts = tuple(
        (origin, tokens.count(SPECIALIZED_TOKEN), tokens.count(GENERAL_TOKEN)) for origin, tokens in zip(sites, found)
    )
    return _knowledge_by_counts(cards, counts)


@lru_cache(maxsize=2048)
def _knowledge_by_counts(cards: tuple[int, ...], counts: tuple[tuple[str, int, int], ...]) -> _Known:
    books = dict.fromkeys(SITES, 0)
    local = dict.fromkeys(SITES, 0)
    local_points = dict.fromkeys(SITES, 0)
    kinds: dict[str, int] = {}
    general = 0
    for card_id in cards:
        card = CARD_BY_ID[card_id]
        kinds[card.kind] = kinds.get(card.kind, 0) + 1
        if card.kind == SPECIALIZED:
            assert card.site is not None, "specialized knowledge names its site"
            books[card.site] += card.value
        elif card.kind == GENERAL:
            general += card.value
        elif card.kind == LOCAL:
            assert card.site is not None, "local experts name their site"
            local[card.site] += 1
            local_points[card.site] += card.value
    for origin, specialized_tokens, general_tokens in counts:
        if specialized_tokens:
            books[knowledge_target(origin)] += specialized_tokens * TOKENS.specialized_value
        general += general_tokens * TOKENS.general_value
    held = Holdings(books, local, local_points, general, kinds)
    by_kind = _cards_by_kind(cards)
    return _Known(held, {site: _site_knowledge(by_kind, held, site) for site in SITES})


def all_site_knowledge(player: Player) -> dict[str, SiteKnowledge]:
    return dict(_known(player).sites)
