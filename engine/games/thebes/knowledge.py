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

from dataclasses import dataclass
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
    return [c for c in player.cards if CARD_BY_ID[c].kind == kind and (site is None or CARD_BY_ID[c].site == site)]


def closed_books(player: Player, site: str) -> int:
    """Specialized knowledge of a site's colour: books on cards plus knowledge
    tokens found. This is also what the end-of-game majority counts."""
    on_cards = sum(CARD_BY_ID[c].value for c in cards_of(player, SPECIALIZED, site))
    tokens = sum(
        tokens.count(SPECIALIZED_TOKEN) for origin, tokens in player.found.items() if knowledge_target(origin) == site
    )
    return on_cards + tokens * TOKENS.specialized_value


def open_books(player: Player) -> int:
    """General knowledge: books on cards plus general knowledge tokens found."""
    on_cards = sum(CARD_BY_ID[c].value for c in cards_of(player, GENERAL))
    tokens = sum(tokens.count(GENERAL_TOKEN) for tokens in player.found.values())
    return on_cards + tokens * TOKENS.general_value


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
        if points < 1 or points > self.most:
            return []
        reaching = [
            subset
            for size in range(len(self.helpers) + 1)
            for subset in combinations(self.helpers, size)
            if self.ceiling(subset) >= points
        ]
        minimal = [subset for subset in reaching if not any(set(other) < set(subset) for other in reaching)]
        return sorted(minimal, key=lambda s: (sum(h.points for h in s), len(s), [h.kind != LOCAL for h in s]))

    def helpers_for(self, points: int, spend: str | None = None) -> tuple[Helper, ...] | None:
        """The helpers spent to set the wheel to ``points``: the only way
        there is, or, where the player has a choice, the way that spends a
        helper of kind ``spend``. None if that does not fit (out of reach, a
        choice left open, or no such way)."""
        choices = self.helper_choices(points)
        if spend is not None:
            choices = [c for c in choices if any(h.kind == spend for h in c)]
        return choices[0] if len(choices) == 1 else None


def site_knowledge(player: Player, site: str) -> SiteKnowledge:
    """Everything the player could bring to a dig at ``site``."""
    assistants = cards_of(player, ASSISTANT)
    helpers = [Helper(c, LOCAL, CARD_BY_ID[c].value) for c in cards_of(player, LOCAL, site)]
    if len(assistants) == 1:
        helpers.append(Helper(assistants[0], ASSISTANT, TABLES.lone_assistant_points))
    return SiteKnowledge(
        site,
        closed_books(player, site) + table_value(TABLES.assistant_points, len(assistants)),
        open_books(player),
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

    def usable(self, site: str) -> int:
        """``site_knowledge(player, site).most``: every helper spent."""
        assistants = self.kinds.get(ASSISTANT, 0)
        lone = TABLES.lone_assistant_points if assistants == 1 else 0
        specialized = self.books[site] + table_value(TABLES.assistant_points, assistants)
        return usable_knowledge(specialized + self.local_points[site] + lone, self.general)


def holdings(player: Player) -> Holdings:
    books = dict.fromkeys(SITES, 0)
    local = dict.fromkeys(SITES, 0)
    local_points = dict.fromkeys(SITES, 0)
    kinds: dict[str, int] = {}
    general = 0
    for card_id in player.cards:
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
    for origin, tokens in player.found.items():
        if SPECIALIZED_TOKEN in tokens:
            books[knowledge_target(origin)] += tokens.count(SPECIALIZED_TOKEN) * TOKENS.specialized_value
        if GENERAL_TOKEN in tokens:
            general += tokens.count(GENERAL_TOKEN) * TOKENS.general_value
    return Holdings(books, local, local_points, general, kinds)


def all_site_knowledge(player: Player) -> dict[str, SiteKnowledge]:
    return {site: site_knowledge(player, site) for site in SITES}
