"""Final scoring.

Rulebook, "END OF GAME": "At the end of 1903, use the time track to count the
points:
  - 1 to 7 points per artefact (indicated on their token)
  - 4 to 5 points per exhibition
  - 0 to 28 points depending on the number of Congress cards of the player
  - 5 points to a player having the majority in specialized knowledge of a
    colour (closed books), or 3 points if several players have the majority.
The player with the most points wins."

Closed books are counted as for digging (cards and specialized knowledge
tokens); a player needs at least one book of a colour to hold its majority.
Equal totals share the win: the rulebook names no tie-break.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.games.thebes.bags import Finds, finds
from engine.games.thebes.board import place_name
from engine.games.thebes.components import CONGRESS, EXHIBITION_BY_ID, SITES, TABLES, table_value
from engine.games.thebes.knowledge import Holdings, holdings
from engine.games.thebes.state import Player, State


@dataclass(frozen=True)
class Score:
    """One player's points, by source."""

    artefacts: int
    exhibitions: int
    congress_cards: int
    congress: int
    majorities: dict[str, int]
    """Site -> majority points won there (only sites that scored)."""

    @property
    def total(self) -> int:
        return self.artefacts + self.exhibitions + self.congress + sum(self.majorities.values())

    def breakdown(self) -> str:
        """The points in plain words: "artefacts 41 + exhibitions 9 + ..."."""
        majorities = ", ".join(f"{place_name(s)} {p}" for s, p in self.majorities.items())
        return (
            f"artefacts {self.artefacts} + exhibitions {self.exhibitions} + congress {self.congress} "
            f"({self.congress_cards} card{'s' if self.congress_cards != 1 else ''}) + majorities "
            f"{sum(self.majorities.values())}{f' ({majorities})' if majorities else ''} = {self.total}"
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "artefacts": self.artefacts,
            "exhibitions": self.exhibitions,
            "congress": self.congress,
            "congress_cards": self.congress_cards,
            "majorities": dict(self.majorities),
            "total": self.total,
        }


def artefact_points(player: Player) -> int:
    return finds(player.found).points


def exhibition_points(player: Player) -> int:
    return sum(EXHIBITION_BY_ID[e].points for e in player.exhibitions)


def congress_points(cards: int) -> int:
    """The congress table: 1, 3, 6, 10, 15, 21, 28 for 1..7 cards; more still 28."""
    return table_value(TABLES.congress, cards)


def majority_points(books: list[int]) -> list[int]:
    """Points per seat for one colour: 5 to the sole leader, 3 to each of
    several tied leaders, none without any book."""
    top = max(books)
    if top < 1:
        return [0] * len(books)
    leaders = books.count(top)
    award = TABLES.majority if leaders == 1 else TABLES.shared_majority
    return [award if b == top else 0 for b in books]


def scores(state: State, held: list[Holdings] | None = None, found: list[Finds] | None = None) -> list[Score]:
    """Every player's score as it stands (final once the game is over);
    ``held`` and ``found`` are each player's ``holdings`` and ``finds``
    where the caller has them."""
    held = held or [holdings(p) for p in state.players]
    found = found or [finds(p.found) for p in state.players]
    return [score(p, h, f, won) for p, h, f, won in zip(state.players, held, found, majorities(held))]


def score(player: Player, held: Holdings, found: Finds, won: tuple[tuple[str, int], ...]) -> Score:
    """One player's score, from their holdings and finds and the majorities
    they win (``majorities``)."""
    congress = held.kinds.get(CONGRESS, 0)
    return Score(found.points, exhibition_points(player), congress, congress_points(congress), dict(won))


def majorities(held: list[Holdings]) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Per seat, ``(site, points)`` for each site whose majority it wins."""
    return _majorities(tuple(tuple(h.books.items()) for h in held))


@lru_cache(maxsize=1024)
def _majorities(books: tuple[tuple[tuple[str, int], ...], ...]) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Per seat, ``(site, points)`` for each site whose majority it wins,
    from each seat's closed books per site (remembered: books change a few
    times a game, and every view scores the table)."""
    counts = [dict(seat_books) for seat_books in books]
    won: list[list[tuple[str, int]]] = [[] for _ in books]
    for site in SITES:
        for seat_won, points in zip(won, majority_points([seat_books[site] for seat_books in counts])):
            if points:
                seat_won.append((site, points))
    return tuple(tuple(seat_won) for seat_won in won)


def winners(totals: list[int]) -> list[int]:
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]
