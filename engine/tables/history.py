"""History: ratings and stats of finished games, replays of any move, and a
finished game's animated summary (issue 17). The pure parts are
``engine.ratings``, ``engine.replay`` and ``render.replay``; this part feeds
them the store's rows and keeps the ratings in the store.

Ratings live in the ``ratings`` table per game and scope: ``all`` (every
server) and each server (its guild id as text). They are kept up to date
lazily and incrementally: every read (``player_stats``, ``leaderboard``)
first counts the finished games not yet rated (``rate_finished``), oldest
first, each marked in ``rated_games`` in the same transaction as its new
ratings so no game counts twice. The service may also call
``rate_finished`` right after the commit that finished a game, so the
ratings are current before anyone asks. ``rebuild_ratings`` recomputes them
all from the finished games, in the order they ended: the same values as the
live ones (a test checks it). Which games and seats are rated is in
``engine.ratings``' docstring: abandoned games never, bots' seats never, a
person whose turns a stand-in played is rated as if they had played them.
"""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine import ratings
from engine.core import Outcome
from engine.ratings import FinishedGame, PlayerStats, Rating
from engine.replay import Frame, Replay
from engine.store import ActionRecord, GameRecord, Store, open_store
from engine.tables.commits import Commits
from engine.tables.model import TableError, effective_actions

ALL_SERVERS = "all"
"""The ratings scope of every server together."""

STATS_HIDDEN = "stats_hidden"
"""The user setting (scope ``user``) that keeps a person's stats private."""

REPLAYS_KEPT = 16
"""Open replays kept between button presses (each holds a state every 50 moves)."""

BULK_CATCH_UP = 50
"""More unrated games than this (a database from before ratings) are counted
by one rebuild rather than one by one."""

RatingRow = tuple[str, str, int, float, float, int, int]
"""A stored rating: (game, scope, user_id, mu, sigma, played, won)."""

Standing = tuple[Rating, int, int]
"""A person's rating in one game and scope, with the rated games played and won."""


def scope_of(guild_id: int | None) -> str:
    return ALL_SERVERS if guild_id is None else str(guild_id)


def finished_record(record: GameRecord, rows: Sequence[ActionRecord]) -> FinishedGame:
    """A stored finished game as ``engine.ratings`` takes it: each seat's
    person (None for a bot's seat) and the effective actions' timestamps."""
    return ratings.finished_game(
        record.id,
        record.game,
        record.options,
        Outcome.from_dict(record.outcome or {}),
        [seat.user_id for seat in record.seats],
        record.started_at or record.created_at,
        record.finished_at or record.created_at,
        [(row.seat, row.at) for row in effective_actions(rows) if row.seat is not None],
        float(record.settings.get("deadline_hours") or 0.0),
        [seat.name for seat in record.seats],
        record.guild_id,
    )


def scopes(record: FinishedGame) -> list[str]:
    """The rating scopes a finished game counts in."""
    return [ALL_SERVERS] if record.guild_id is None else [ALL_SERVERS, str(record.guild_id)]


def rated_rows(record: FinishedGame, scope: str, before: Mapping[int, Standing]) -> list[RatingRow]:
    """The new ratings one finished game gives its rated people in ``scope``,
    from their standings before it (a newcomer: ``Rating()``, 0 played)."""
    people = [seat.user_id for seat in record.seats if seat.user_id is not None]
    new = ratings.rate(record.seats, {user: before[user][0] for user in people if user in before})
    won = {seat.user_id: seat.won for seat in record.seats}
    rows = []
    for user, rating in sorted(new.items()):
        _, played, wins = before.get(user, (Rating(), 0, 0))
        rows.append((record.game, scope, user, rating.mu, rating.sigma, played + 1, wins + bool(won[user])))
    return rows


def rebuilt_rows(records: Sequence[FinishedGame]) -> list[RatingRow]:
    """Every rating, recomputed from the finished games in the order they
    ended (the same steps the live updates take, one game after another)."""
    standings: dict[tuple[str, str], dict[int, Standing]] = defaultdict(dict)
    for record in sorted(records, key=lambda r: (r.finished_at, r.game_id)):
        for scope in scopes(record):
            table = standings[(record.game, scope)]
            for _, _, user, mu, sigma, played, won in rated_rows(record, scope, table):
                table[user] = (Rating(mu, sigma), played, won)
    return [
        (game, scope, user, rating.mu, rating.sigma, played, won)
        for (game, scope), table in sorted(standings.items())
        for user, (rating, played, won) in sorted(table.items())
    ]


async def rebuild_in(store: Store, now: float) -> int:
    """Recompute every rating in ``store`` from its finished games; returns
    how many games were counted."""
    records = [finished_record(record, rows) for record, rows in await store.rated_records(with_actions=False)]
    await store.replace_ratings(rebuilt_rows(records), [record.game_id for record in records], now)
    return len(records)


async def rebuild_ratings(where: str) -> int:
    """``agora rebuild-ratings``: recompute every rating of the database at
    ``where`` (a SQLite path or a PostgreSQL URL) from its finished games.
    Safe while the bot runs: it replaces them in one transaction."""
    store = await open_store(where)
    try:
        return await rebuild_in(store, time.time())
    finally:
        await store.close()


@dataclass(frozen=True)
class SummarySource:
    """A finished game as its summary animation needs it: plain values, so a
    worker process can draw it."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    actions: list[tuple[int, str]]
    names: list[str]


class History(Commits):
    """Ratings, stats, replays and summaries of a service's games."""

    def _history_lock(self) -> asyncio.Lock:
        return self._ratings_lock

    # -- ratings --------------------------------------------------------------------------------

    async def rate_finished(self, game_id: int | None = None) -> int:
        """Count every finished game not yet in the ratings, in the order
        they ended (``game_id``, the game that just finished, is among them;
        counting all catches up any a crash left out). Returns how many."""
        del game_id  # every unrated game is counted, this one included
        async with self._history_lock():
            pending = await self.store.rated_records(unrated_only=True, with_actions=False)
            if len(pending) > BULK_CATCH_UP:
                # The first read after the ratings table appeared: one rebuild
                # (in one transaction) is far quicker than thousands of steps.
                await rebuild_in(self.store, self.clock())
                return len(pending)
            counted = 0
            for record, rows in pending:
                finished = finished_record(record, rows)
                changed: list[RatingRow] = []
                for scope in scopes(finished):
                    before = await self._standings(finished, scope)
                    changed += rated_rows(finished, scope, before)
                counted += await self.store.save_ratings(record.id, changed, self.clock())
            return counted

    async def _standings(self, record: FinishedGame, scope: str) -> dict[int, Standing]:
        found: dict[int, Standing] = {}
        for seat in ratings.rated_seats(record.seats):
            for _, user, mu, sigma, played, won in await self.store.ratings_of(
                game=record.game, scope=scope, user_id=seat.user_id
            ):
                found[user] = (Rating(mu, sigma), played, won)
        return found

    async def rebuild_ratings(self) -> int:
        """Recompute every rating from the finished games (see ``rebuild_ratings``)."""
        async with self._history_lock():
            return await rebuild_in(self.store, self.clock())

    # -- privacy --------------------------------------------------------------------------------

    async def stats_private(self, user_id: int) -> bool:
        return bool(await self.store.get_setting("user", user_id, STATS_HIDDEN))

    async def set_stats_private(self, user_id: int, private: bool) -> None:
        """``/stats privacy hide|show``: hidden stats are shown to their owner
        only, and the person leaves the leaderboards (they still count in
        the others' ratings: hiding changes what is shown, not results)."""
        await self.store.put_setting("user", user_id, STATS_HIDDEN, bool(private))

    # -- reading --------------------------------------------------------------------------------

    async def player_stats(
        self, user_id: int, *, game: str | None = None, guild_id: int | None = None, viewer_id: int | None = None
    ) -> list[PlayerStats]:
        """A person's stats and rating per game they finished (one server's
        games, or everywhere with ``guild_id`` None). Private stats are shown
        to their owner only."""
        if viewer_id != user_id and await self.stats_private(user_id):
            raise TableError("That player keeps their stats private.")
        name = None if game is None else self.game_for(game).name
        await self.rate_finished()
        records = [
            finished_record(record, rows)
            for record, rows in await self.store.rated_records(guild_id=guild_id, game=name, user_id=user_id)
        ]
        table: dict[str, dict[int, Rating]] = {}
        for game_name, user, mu, sigma, _, _ in await self.store.ratings_of(
            game=name, scope=scope_of(guild_id), user_id=user_id
        ):
            table.setdefault(game_name, {})[user] = Rating(mu, sigma)
        return ratings.player_stats(records, user_id, name, table)

    async def leaderboard(self, game: str, *, guild_id: int | None = None, limit: int = 10) -> list[PlayerStats]:
        """The best rated players of ``game`` (on one server, or everywhere
        with ``guild_id`` None), highest displayed rating first (more wins,
        then lower id, break ties), leaving out private stats. Each entry's
        ``played``/``won`` count rated games only."""
        name = self.game_for(game).name
        await self.rate_finished()
        rows = await self.store.ratings_of(game=name, scope=scope_of(guild_id))
        entries = [
            PlayerStats(user, name, played, won, rating=Rating(mu, sigma)) for _, user, mu, sigma, played, won in rows
        ]
        entries.sort(key=lambda e: (-e.rating.ordinal, -e.won, e.user_id))
        shown: list[PlayerStats] = []
        for entry in entries:
            if len(shown) >= limit:
                break
            if not await self.stats_private(entry.user_id):
                shown.append(entry)
        return shown

    # -- replays --------------------------------------------------------------------------------

    async def _replay_of(self, game_id: int) -> tuple[GameRecord, Replay]:
        record = await self.store.game(game_id)
        if record is None:
            raise TableError(f"There is no game #{game_id}.")
        if record.status == "lobby":
            raise TableError("That game has not started yet, so there is nothing to replay.")
        replays = self._replays
        key = (record.id, record.seq)
        replay = replays.get(key)
        if replay is None:
            actions = [
                (row.seat, row.action)
                for row in effective_actions(await self.store.actions(game_id))
                if row.seat is not None
            ]
            replay = Replay(self.game_for(record.game), len(record.seats), record.options, record.seed, actions)
            replays[key] = replay
            while len(replays) > REPLAYS_KEPT:
                replays.popitem(last=False)
        replays.move_to_end(key)
        return record, replay

    async def replay_frame(self, game_id: int, move: int) -> tuple[Frame, int, list[str]]:
        """The public board of game ``game_id`` after ``move`` actions (0 is
        the set-up, -1 the last move), how many moves it has, and the seat
        names. Never a secret: only public views and log lines."""
        if isinstance(move, bool) or not isinstance(move, int):
            raise TableError(f"A move is a whole number (0 is the set-up, -1 the last), not {move!r}.")
        record, replay = await self._replay_of(game_id)
        lock = self._replay_locks.setdefault(game_id, asyncio.Lock())
        async with lock:  # a replay keeps its checkpoints as it goes: one step at a time
            frame = await asyncio.to_thread(replay.frame, move)
        return frame, replay.total, [seat.name for seat in record.seats]

    async def summary_source(self, game_id: int) -> SummarySource | None:
        """What an animated summary of a finished game is drawn from (its
        rules, seats, options, seed, effective actions and names), or None for
        a game that did not finish by its rules. The front end draws it in its
        drawing workers: a long Hellenica game takes over a minute."""
        record = await self.store.game(game_id)
        if record is None or record.status != "finished":
            return None
        actions = [
            (row.seat, row.action)
            for row in effective_actions(await self.store.actions(game_id))
            if row.seat is not None
        ]
        return SummarySource(
            record.game,
            len(record.seats),
            dict(record.options),
            record.seed,
            actions,
            [seat.name for seat in record.seats],
        )
