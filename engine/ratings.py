"""Ratings and stats of finished games, over plain records (no storage, no
asyncio): the table service turns its rows into ``FinishedGame`` records and
calls ``rate``/``rebuild`` and ``player_stats``/``leaderboard``.

The rating model
----------------
openskill's Plackett-Luce model (Weng & Lin 2011). It rates one game of any
number of sides from a full finishing order in a single update, accepts ties
(equal ranks) and teams (a side's strength is the sum of its members'), and
is the model openskill recommends for free-for-all games: Bradley-Terry and
Thurstone-Mosteller "full" compare every pair of sides, which over-counts a
7-player Hellenica game, and their "part" variants only compare neighbours,
which throws away most of the order. Each rating is a belief ``mu`` ± ``sigma``;
the number shown to players is the conservative ``mu - 3 sigma`` on an
Elo-like scale (``displayed``): a newcomer shows 1000 and climbs as the
system grows sure of them, so a lucky first win does not top the board.

Places come from ``engine.core.Outcome``: the winners share first place; the
other seats follow by score, equal scores sharing a place (a tie). Seats of
one team (Santorini's 2 vs 2, where "if either of you wins or loses the game,
you both do") are one side of the game.

Which games and seats are rated
-------------------------------
- Only games that ended by their rules (``finished``), never abandoned ones:
  the service passes only those.
- A seat is rated when a person sat in it (``SeatResult.user_id`` is set).
  Seats a bot played from the start (``user_id`` None) are left out: the
  people are ranked among themselves, by the places they reached, and a bot
  partner's team is rated as its people alone.
- A person whose turns a stand-in played for a while (a missed deadline, a
  resignation) is rated as if they had played them: handing a lost position
  to the stand-in must not dodge a loss. A seat whose player was replaced
  counts for the person holding it at the end.
- A game is rated only when at least two people sat in it on different sides
  and no person held two seats (playing oneself would farm rating).

Stats
-----
Per player and game: played, won, average score, average time to move and
the share of turns taken before the deadline. Both times come from the
action log's timestamps: a *turn* is a run of consecutive effective actions
by one seat; its time to move runs from the previous turn's last action (or
the game's start) to the turn's first action; it was *before the deadline*
when that time is at most the game's ``deadline_hours`` (games without a
deadline do not count in that share). The log alone cannot tell a
stand-in's action from the player's own, nor a deadline changed mid-turn,
so the share is exact only while the deadline stays put; for an exact figure
the service should store who played each action (person or stand-in) and
pass ``Turn.by_stand_in``, which then overrides the clock.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from engine.core import Outcome

MODEL = PlackettLuce()
"""The one rating model (openskill's defaults: mu 25, sigma 25/3)."""

DISPLAY_BASE = 1000
DISPLAY_SCALE = 40
"""Displayed rating = 1000 + 40 (mu - 3 sigma): a newcomer shows 1000, a
strong regular (mu 40, sigma 1.5) about 2400."""


@dataclass(frozen=True)
class Rating:
    """One player's skill in one game: the belief ``mu`` ± ``sigma``."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def ordinal(self) -> float:
        """The conservative estimate: 99.7 % sure the skill is at least this."""
        return self.mu - 3 * self.sigma

    @property
    def displayed(self) -> int:
        return round(DISPLAY_BASE + DISPLAY_SCALE * self.ordinal)


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game, as rating and stats need it."""

    seat: int
    user_id: int | None
    """The person who sat here; None for a seat a bot played from the start."""
    score: float
    won: bool
    team: int
    """Seats with the same team win or lose together (usually the seat itself)."""
    name: str = ""


@dataclass(frozen=True)
class Turn:
    """A run of consecutive actions of one seat: when it could start acting
    and when it first acted."""

    seat: int
    waited: float
    """Seconds from the previous turn's last action (or the start) to the
    turn's first action."""
    by_stand_in: bool | None = None
    """When the service knows it: whether a stand-in played this turn."""


@dataclass(frozen=True)
class FinishedGame:
    """A finished game as a plain record (the service builds it from its rows)."""

    game_id: int
    game: str
    finished_at: float
    seats: tuple[SeatResult, ...]
    turns: tuple[Turn, ...] = ()
    deadline_hours: float = 0.0
    guild_id: int | None = None


# ---------------------------------------------------------------------------
# From an outcome to seat results


def partner_teams(game: str, options: Mapping[str, object], players: int) -> list[int]:
    """The team of each seat. Santorini's 2 vs 2: "the players across the
    table (seats 0+2 and 1+3)" share workers and "if either of you wins or
    loses the game, you both do". Every other seating: each seat alone."""
    if game == "santorini" and options.get("mode") == "teams":
        return [seat % 2 for seat in range(players)]
    return list(range(players))


def seat_results(
    game: str, options: Mapping[str, object], outcome: Outcome, users: Sequence[int | None], names: Sequence[str] = ()
) -> tuple[SeatResult, ...]:
    """The seats of a finished game: ``users[seat]`` is the person who sat
    there (None for a bot's seat)."""
    teams = partner_teams(game, options, len(users))
    return tuple(
        SeatResult(
            seat,
            users[seat],
            float(outcome.scores[seat]),
            seat in outcome.winners,
            teams[seat],
            names[seat] if seat < len(names) else "",
        )
        for seat in range(len(users))
    )


def finished_game(
    game_id: int,
    game: str,
    options: Mapping[str, object],
    outcome: Outcome,
    users: Sequence[int | None],
    started_at: float,
    finished_at: float,
    actions: Iterable[tuple[int, float]],
    deadline_hours: float = 0.0,
    names: Sequence[str] = (),
    guild_id: int | None = None,
) -> FinishedGame:
    """The record of one finished game, from what the service stores:
    ``users[seat]`` is the seat's ``user_id`` (None for a bot's seat) and
    ``actions`` the (seat, timestamp) of its effective actions in log order."""
    return FinishedGame(
        game_id,
        game,
        finished_at,
        seat_results(game, options, outcome, users, names),
        turns_from_log(actions, started_at),
        deadline_hours,
        guild_id,
    )


def places(seats: Sequence[SeatResult]) -> dict[int, int]:
    """Team -> place (1 is first). Winners share first place; the rest follow
    by their best score, equal scores sharing a place."""
    keys: dict[int, tuple[bool, float]] = {}
    for seat in seats:
        key = (not seat.won, -seat.score)
        keys[seat.team] = min(keys.get(seat.team, key), key)
    return {team: 1 + sum(1 for other in keys.values() if other < key) for team, key in keys.items()}


def rated_seats(seats: Sequence[SeatResult]) -> list[SeatResult]:
    """The seats whose people this game rates ([] when the game is unrated;
    the rule is in the module docstring)."""
    people = [seat for seat in seats if seat.user_id is not None]
    users = [seat.user_id for seat in people]
    if len(set(users)) != len(users) or len({seat.team for seat in people}) < 2:
        return []
    return people


# ---------------------------------------------------------------------------
# Rating


def rate(seats: Sequence[SeatResult], ratings: Mapping[int, Rating]) -> dict[int, Rating]:
    """The new ratings of the people rated by one finished game (from their
    ratings in that game before it; a newcomer starts at ``Rating()``).
    Returns {} for an unrated game; never changes ``ratings``."""
    people = rated_seats(seats)
    if not people:
        return {}
    place_of = places(seats)
    members: dict[int, list[int]] = defaultdict(list)
    for seat in people:
        if seat.user_id is not None:
            members[seat.team].append(seat.user_id)
    teams = list(members)
    model_teams = [[MODEL.rating(*_params(ratings.get(user, Rating()))) for user in members[team]] for team in teams]
    updated = MODEL.rate(model_teams, ranks=[float(place_of[team]) for team in teams])
    return {
        user: Rating(new.mu, new.sigma)
        for team, new_team in zip(teams, updated)
        for user, new in zip(members[team], new_team)
    }


def _params(rating: Rating) -> tuple[float, float]:
    return rating.mu, rating.sigma


def rebuild(finished_games: Iterable[FinishedGame]) -> dict[str, dict[int, Rating]]:
    """Every game's ratings (game -> user -> rating), recomputed by rating
    the finished games in the order they ended (ties by game id)."""
    ratings: dict[str, dict[int, Rating]] = defaultdict(dict)
    for record in sorted(finished_games, key=lambda g: (g.finished_at, g.game_id)):
        ratings[record.game].update(rate(record.seats, ratings[record.game]))
    return dict(ratings)


# ---------------------------------------------------------------------------
# Stats


def turns_from_log(actions: Iterable[tuple[int, float]], started_at: float) -> tuple[Turn, ...]:
    """Turns from the effective actions' (seat, timestamp) in log order."""
    turns: list[Turn] = []
    previous_seat: int | None = None
    last_at = started_at
    for seat, at in actions:
        if seat != previous_seat:
            turns.append(Turn(seat, max(0.0, at - last_at)))
            previous_seat = seat
        last_at = at
    return tuple(turns)


@dataclass
class PlayerStats:
    """One player's record in one game."""

    user_id: int
    game: str
    played: int = 0
    won: int = 0
    total_score: float = 0.0
    turns: int = 0
    total_wait: float = 0.0
    deadline_turns: int = 0
    """Turns played under a deadline."""
    on_time: int = 0
    rating: Rating = field(default_factory=Rating)

    @property
    def average_score(self) -> float | None:
        return self.total_score / self.played if self.played else None

    @property
    def average_wait(self) -> float | None:
        """Average seconds to move."""
        return self.total_wait / self.turns if self.turns else None

    @property
    def on_time_share(self) -> float | None:
        """Share of turns taken before the deadline (None without deadlines)."""
        return self.on_time / self.deadline_turns if self.deadline_turns else None

    @property
    def win_share(self) -> float | None:
        return self.won / self.played if self.played else None


def _add_game(stats: PlayerStats, record: FinishedGame, seat: SeatResult) -> None:
    stats.played += 1
    stats.won += seat.won
    stats.total_score += seat.score
    deadline = record.deadline_hours * 3600
    for turn in record.turns:
        if turn.seat != seat.seat:
            continue
        stats.turns += 1
        stats.total_wait += turn.waited
        if deadline > 0:
            stats.deadline_turns += 1
            late = turn.by_stand_in if turn.by_stand_in is not None else turn.waited > deadline
            stats.on_time += not late


RatingTable = Mapping[str, Mapping[int, Rating]]
"""game -> user -> rating: what ``rebuild`` returns and the service keeps live."""


def all_stats(
    finished_games: Iterable[FinishedGame],
    ratings: RatingTable | None = None,
    user_id: int | None = None,
    game: str | None = None,
) -> dict[tuple[str, int], PlayerStats]:
    """(game, user) -> stats and rating, for every player and game or only
    ``user_id``'s and ``game``'s. ``ratings`` are the live ratings the service
    keeps (one dictionary look-up each); without them every game is re-rated
    first (``rebuild``), which takes far longer over a long history."""
    records = list(finished_games)
    if ratings is None:
        ratings = rebuild(records)
    stats: dict[tuple[str, int], PlayerStats] = {}
    for record in records:
        if game is not None and record.game != game:
            continue
        for seat in record.seats:
            if seat.user_id is None or (user_id is not None and seat.user_id != user_id):
                continue
            key = (record.game, seat.user_id)
            if key not in stats:
                stats[key] = PlayerStats(
                    seat.user_id, record.game, rating=ratings.get(record.game, {}).get(seat.user_id, Rating())
                )
            _add_game(stats[key], record, seat)
    return stats


def player_stats(
    finished_games: Iterable[FinishedGame], user_id: int, game: str | None = None, ratings: RatingTable | None = None
) -> list[PlayerStats]:
    """A player's stats per game (one game, or every game they played), in
    game name order."""
    return [entry for _, entry in sorted(all_stats(finished_games, ratings, user_id, game).items())]


def leaderboard(
    finished_games: Iterable[FinishedGame],
    game: str,
    limit: int = 10,
    hidden: frozenset[int] = frozenset(),
    ratings: RatingTable | None = None,
) -> list[PlayerStats]:
    """The best rated players of ``game`` (highest displayed rating first;
    more wins, then lower id, break ties), leaving out users in ``hidden``
    (those who made their stats private). Everyone still counts in the
    ratings of the others: hiding changes what is shown, not the results.
    Only players with a rated result appear (a bot-only record does not)."""
    records = [record for record in finished_games if record.game == game]
    if ratings is None:
        ratings = rebuild(records)
    rated = ratings.get(game, {})
    board = [
        entry
        for (_, user), entry in all_stats(records, ratings, game=game).items()
        if user not in hidden and user in rated
    ]
    board.sort(key=lambda e: (-e.rating.ordinal, -e.won, e.user_id))
    return board[:limit]
