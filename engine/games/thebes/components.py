"""Thebes component data, read once from ``data/thebes/*.toml``.

Everything numeric about the game (cards, exhibitions, tokens, the time
wheel, scoring tables, set-up by player count) lives in those files; this
module turns them into small frozen records and checks that they hang
together, so a group can swap in its own data and get a clear error if it
does not add up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import load_toml

GAME_NAME = "thebes"

SPECIALIZED = "specialized"
GENERAL = "general"
LOCAL = "local"
ASSISTANT = "assistant"
SHOVEL = "shovel"
CONGRESS = "congress"
PERMIT = "permit"
ZEPPELIN = "zeppelin"
CAR = "car"
CARD_KINDS = (SPECIALIZED, GENERAL, LOCAL, ASSISTANT, SHOVEL, CONGRESS, PERMIT, ZEPPELIN, CAR)
SITE_KINDS = (SPECIALIZED, LOCAL)
"""Card kinds that belong to one excavation site."""


@dataclass(frozen=True)
class Place:
    """One of the 12 places: a city (cards, exhibitions) or an excavation site."""

    key: str
    name: str
    kind: str
    colour: str | None
    aliases: tuple[str, ...]

    @property
    def is_site(self) -> bool:
        return self.kind == "site"


@dataclass(frozen=True)
class ResearchCard:
    """A researcher card: where it is bought, how long it takes, what it gives."""

    id: int
    kind: str
    city: str
    weeks: int
    site: str | None = None
    value: int = 0

    @property
    def name(self) -> str:
        """A short name a player recognises: "Egypt knowledge 2", "Shovel"."""
        site = PLACE_NAMES[self.site] if self.site else ""
        if self.kind == SPECIALIZED:
            return f"{site} knowledge {self.value}"
        if self.kind == GENERAL:
            return f"General knowledge {self.value}"
        if self.kind == LOCAL:
            return f"{site} local experts {self.value}"
        if self.kind == PERMIT:
            return "Special permission"
        return self.kind.capitalize()


@dataclass(frozen=True)
class Exhibition:
    """An exhibition card: held in a city, needs artefacts from some sites."""

    id: int
    city: str
    size: str
    points: int
    weeks: int
    requires: tuple[tuple[str, int], ...]

    @property
    def key(self) -> str:
        """The notation name, such as ``london-small``."""
        return f"{self.city}-{self.size}"

    @property
    def name(self) -> str:
        return f"{PLACE_NAMES[self.city]} {self.size} exhibition"


@dataclass(frozen=True)
class Tables:
    """The rule numbers: calendar, set-up, travel, excavation, scoring."""

    weeks_per_year: int
    final_year: int
    start: dict[int, tuple[int, int]]
    """Players -> (start year, start week)."""
    display_size: int
    piles: int
    exhibition_spaces: int
    exhibition_piles: dict[int, tuple[int, int]]
    """Players -> (pile of the small exhibitions, pile of the large ones), 1-based."""
    car_min_journey: int
    car_saving: int
    replace_weeks: int
    replace_repeat_extra: int
    wheel: tuple[tuple[int, ...], ...]
    assistant_points: tuple[int, ...]
    lone_assistant_points: int
    shovel_tokens: tuple[int, ...]
    lone_shovel_tokens: int
    congress: tuple[int, ...]
    majority: int
    shared_majority: int

    @property
    def max_knowledge(self) -> int:
        return len(self.wheel)

    @property
    def max_dig_weeks(self) -> int:
        return len(self.wheel[0])


@dataclass(frozen=True)
class TokenSet:
    """What each site's bag holds at set-up (besides the artefact on the site)."""

    artefacts: dict[str, tuple[int, ...]]
    """Site -> values of its artefact tokens, including the one laid on the site."""
    knowledge_for: dict[str, str]
    """Site -> the site taught by the specialized knowledge token in its bag."""
    debris: int
    on_site_artefact: int
    specialized_value: int
    general_value: int


_RAW_BOARD = load_toml(GAME_NAME, "board.toml")

PLACES: tuple[Place, ...] = tuple(
    Place(p["key"], p["name"], p["kind"], p.get("colour"), tuple(p.get("aliases", ()))) for p in _RAW_BOARD["place"]
)
PLACE_BY_KEY: dict[str, Place] = {p.key: p for p in PLACES}
PLACE_NAMES: dict[str, str] = {p.key: p.name for p in PLACES}
SITES: tuple[str, ...] = tuple(p.key for p in PLACES if p.is_site)
CITIES: tuple[str, ...] = tuple(p.key for p in PLACES if not p.is_site)
BOARD: dict[str, Any] = _RAW_BOARD["board"]
CONNECTIONS: tuple[tuple[str, str], ...] = tuple((a, b) for a, b in BOARD["connections"])
START_PLACE: str = BOARD["start"]
REPLACE_PLACE: str = BOARD["replace_place"]
WEEKS_PER_CONNECTION: int = BOARD["weeks_per_connection"]


def _cards() -> tuple[tuple[ResearchCard, ...], tuple[Exhibition, ...]]:
    raw = load_toml(GAME_NAME, "cards.toml")
    cards: list[ResearchCard] = []
    for row in raw["researcher"]:
        for city in row["cities"]:
            cards.append(
                ResearchCard(len(cards) + 1, row["kind"], city, row["weeks"], row.get("site"), row.get("value", 0))
            )
    exhibitions = [
        Exhibition(
            len(cards) + i + 1,
            row["city"],
            row["size"],
            row["points"],
            row["weeks"],
            tuple((site, count) for site, count in row["requires"].items()),
        )
        for i, row in enumerate(raw["exhibition"])
    ]
    return tuple(cards), tuple(exhibitions)


RESEARCH_CARDS, EXHIBITIONS = _cards()
CARD_BY_ID: dict[int, ResearchCard] = {c.id: c for c in RESEARCH_CARDS}
EXHIBITION_BY_ID: dict[int, Exhibition] = {e.id: e for e in EXHIBITIONS}
EXHIBITION_BY_KEY: dict[str, Exhibition] = {e.key: e for e in EXHIBITIONS}
ALL_CARD_IDS: frozenset[int] = frozenset(CARD_BY_ID) | frozenset(EXHIBITION_BY_ID)


def is_exhibition(card_id: int) -> bool:
    return card_id in EXHIBITION_BY_ID


def _tables() -> Tables:
    raw = load_toml(GAME_NAME, "tables.toml")
    setup, dig, score = raw["setup"], raw["excavation"], raw["scoring"]
    return Tables(
        weeks_per_year=raw["calendar"]["weeks_per_year"],
        final_year=raw["calendar"]["final_year"],
        start={players: (year, week) for players, year, week in setup["start"]},
        display_size=setup["display_size"],
        piles=setup["piles"],
        exhibition_spaces=setup["exhibition_spaces"],
        exhibition_piles={players: (small, large) for players, small, large in setup["exhibition_piles"]},
        car_min_journey=raw["travel"]["car_min_journey"],
        car_saving=raw["travel"]["car_saving"],
        replace_weeks=raw["replace"]["weeks"],
        replace_repeat_extra=raw["replace"]["repeat_extra"],
        wheel=tuple(tuple(row) for row in dig["wheel"]),
        assistant_points=tuple(dig["assistant_points"]),
        lone_assistant_points=dig["lone_assistant_points"],
        shovel_tokens=tuple(dig["shovel_tokens"]),
        lone_shovel_tokens=dig["lone_shovel_tokens"],
        congress=tuple(score["congress"]),
        majority=score["majority"],
        shared_majority=score["shared_majority"],
    )


TABLES: Tables = _tables()


def _token_set() -> TokenSet:
    raw = load_toml(GAME_NAME, "tokens.toml")
    artefacts = {
        site: tuple(value for value, count in enumerate(counts, start=1) for _ in range(count))
        for site, counts in raw["artefacts"].items()
    }
    return TokenSet(
        artefacts,
        dict(raw["knowledge_for"]),
        raw["tokens"]["debris"],
        raw["tokens"]["on_site_artefact"],
        raw["tokens"]["specialized_value"],
        raw["tokens"]["general_value"],
    )


TOKENS: TokenSet = _token_set()


def table_value(table: tuple[int, ...], count: int) -> int:
    """``table[count]``, where counts beyond the table use its last entry
    (a fourth shovel or an eighth congress card adds nothing)."""
    return table[min(count, len(table) - 1)]


def _check() -> None:
    """Fail loudly at import if the data files do not fit together."""
    problems: list[str] = []
    keys = [p.key for p in PLACES]
    if len(set(keys)) != len(keys):
        problems.append("place keys repeat")
    for a, b in CONNECTIONS:
        if a not in PLACE_BY_KEY or b not in PLACE_BY_KEY:
            problems.append(f"connection {a}-{b} names an unknown place")
    for place in (START_PLACE, REPLACE_PLACE):
        if place not in CITIES:
            problems.append(f"{place} must be a city")
    for card in RESEARCH_CARDS:
        if card.kind not in CARD_KINDS:
            problems.append(f"card {card.id} has unknown kind {card.kind!r}")
        if card.city not in CITIES:
            problems.append(f"card {card.id} is bought in {card.city!r}, which is not a city")
        if (card.kind in SITE_KINDS) != (card.site in SITES):
            problems.append(f"card {card.id} ({card.kind}) has site {card.site!r}")
        if card.weeks < 1:
            problems.append(f"card {card.id} takes no time")
    for exhibition in EXHIBITIONS:
        if exhibition.city not in CITIES or any(site not in SITES for site, _ in exhibition.requires):
            problems.append(f"exhibition {exhibition.key} names an unknown place")
    if len(EXHIBITION_BY_KEY) != len(EXHIBITIONS):
        problems.append("two exhibitions share a city and size")
    if set(TOKENS.artefacts) != set(SITES) or set(TOKENS.knowledge_for) != set(SITES):
        problems.append("tokens.toml must list every site")
    for site, target in TOKENS.knowledge_for.items():
        if target not in SITES or target == site:
            problems.append(f"the knowledge token of {site} must teach another site")
    for site, values in TOKENS.artefacts.items():
        if TOKENS.on_site_artefact not in values:
            problems.append(f"{site} has no artefact of value {TOKENS.on_site_artefact} to lay on the site")
    wheel = TABLES.wheel
    if any(len(row) != len(wheel[0]) for row in wheel):
        problems.append("the time wheel must be rectangular")
    for k in range(len(wheel)):
        for w in range(len(wheel[0])):
            if (k and wheel[k][w] < wheel[k - 1][w]) or (w and wheel[k][w] < wheel[k][w - 1]):
                problems.append(f"the time wheel decreases at {k + 1} knowledge, {w + 1} weeks")
    for players, (small, large) in TABLES.exhibition_piles.items():
        if not (1 <= small <= TABLES.piles and 1 <= large <= TABLES.piles):
            problems.append(f"exhibitions for {players} players go to a pile that does not exist")
    if set(TABLES.exhibition_piles) != set(TABLES.start):
        problems.append("set-up rows must cover the same player counts")
    if problems:
        raise ValueError("data/thebes does not fit together: " + "; ".join(problems))


_check()

MIN_PLAYERS = min(TABLES.start)
MAX_PLAYERS = max(TABLES.start)
