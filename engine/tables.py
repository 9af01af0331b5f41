"""The table service: games in channels, seats, moves, undo, reminders, notices.

Every front end (Discord cogs, the ``--local`` terminal, tests, benchmarks)
talks to games through ``Tables``. It owns the rules of the *table* — who sits
where, whose turn it is, what gets said where — while the rules of each game
stay in ``engine.games``.

One accepted action is one transaction: the log row, the new snapshot, the
notices it causes (outbox) and the reminders. Notices are then delivered by a
``Courier`` (the front end) and marked delivered only afterwards, so a crash
at any instant loses no acknowledged move and no message.

Every method that takes user input raises ``AgoraError`` (``TableError`` or the
game's ``IllegalAction``) with a message for that user, and then nothing has
changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Awaitable, Callable, Iterable, Mapping, Protocol, Sequence

from engine import games as game_registry
from engine.core import AI_SEATS, AgoraError, Game, IllegalAction, Outcome, StateError, canonical_json, \
    match_action, normalize_action, resolve_options
from engine.store import ActionRecord, ChannelBusy, GameRecord, NewNotice, NoticeRecord, ReminderRecord, \
    SeatRecord, SeqConflict, Store, UndoRequest
from engine.workers import Workers

log = logging.getLogger("agora.tables")

DEFAULT_SETTINGS: dict[str, Any] = {
    "remind_hours": 12.0,
    "deadline_hours": 0.0,
    "fallback": "bot",
}
"""Per-game table settings. ``deadline_hours`` 0 means no deadline; at the
deadline ``fallback`` decides: ``pass`` (auto-pass where the rules allow,
else a bot) or ``bot`` (a bot plays the seat until its player returns)."""

SETTING_LIMITS = {"remind_hours": (0.25, 24.0 * 14), "deadline_hours": (0.0, 24.0 * 60)}
FALLBACKS = ("bot", "pass")
PASS_WORDS = ("pass", "done")


class TableError(AgoraError):
    """A table rule was broken (not your game, lobby full, ...)."""


class Unloadable(TableError):
    """Neither the snapshot nor a replay of the log gives a state (a damaged
    database, or an old game under changed rules)."""


class MovedMeanwhile(TableError):
    """Another process appended to the game's log first; the cached game was
    dropped, so trying again sees the new position."""


# ---------------------------------------------------------------------------
# What the service hands to front ends


@dataclass
class Notice:
    """Something to deliver: a channel post, a private message, a reminder.

    ``kind`` is one of ``channel`` (post in the game's channel: ``text``,
    optional ``view`` to draw, ``mentions`` to ping), ``private`` (DM to
    ``user_id``: ``text`` and the seat's ``view``), ``reminder`` (channel ping
    or, when ``payload["dm"]``, a DM) and ``undo_request`` (a channel post
    asking the other players to accept or refuse a take-back).
    """

    id: int
    game_id: int
    kind: str
    user_id: int | None
    payload: dict[str, Any]
    channel_id: int = 0

    @property
    def text(self) -> str:
        return self.payload.get("text", "")


class Courier(Protocol):
    """Delivers notices. Raise to have a notice retried later."""

    async def deliver(self, notice: Notice) -> None: ...


@dataclass
class PlayResult:
    game_id: int
    seq: int
    seat: int
    action: str
    text: str
    """The plain-words line for this action."""
    turn_over: bool
    """Whether the seat's turn ended (else it has more steps to take)."""
    finished: bool
    view: dict[str, Any]
    """The public view after the action (for an ephemeral picture)."""


@dataclass
class UndoResult:
    done: bool
    text: str


@dataclass
class _Live:
    record: GameRecord
    game: Game
    state: Any
    reminders: dict[int, ReminderRecord] = field(default_factory=dict)
    privates: dict[int, Any] = field(default_factory=dict)
    """Each seat's secrets in ``privates_of`` (the state they were read from)."""
    privates_of: Any = None
    public: tuple[Any, dict[str, Any]] | None = None
    """The public view of a state (the state, its view), from a move's channel
    post until the answer to its player, which shows the same view."""


def effective_actions(rows: Iterable[ActionRecord]) -> list[ActionRecord]:
    """The ``play`` rows that still count once every ``undo`` row is applied.

    An undo row's action is the seq it takes back; it removes that play and
    every play after it.
    """
    result: list[ActionRecord] = []
    for row in rows:
        if row.kind == "play":
            result.append(row)
        elif row.kind == "undo":
            target = int(row.action)
            result = [r for r in result if r.seq < target]
    return result


class Tables:
    """The async service over one ``Store``."""

    def __init__(self, store: Store, *, courier: Courier | None = None,
                 registry: Mapping[str, Game] | None = None, clock: Callable[[], float] = time.time,
                 bot_budget: float = 2.0, cache_size: int = 2000, run_bots: bool = True,
                 bot_processes: int = 0):
        self.store = store
        self.courier = courier
        self.registry = dict(registry if registry is not None else game_registry.REGISTRY)
        self.clock = clock
        self.bot_budget = bot_budget
        self.run_bots = run_bots
        self._cache: OrderedDict[int, _Live] = OrderedDict()
        self._cache_size = cache_size
        self._load_locks: dict[int, asyncio.Lock] = {}
        self._game_locks: dict[int, asyncio.Lock] = {}
        self._holders: dict[int, int] = {}
        """How many tasks hold or wait for each game's lock."""
        self._deliver_locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task] = set()
        self._bot_running: set[int] = set()
        self._thinkers = Workers(bot_processes)
        """Where bots think: worker processes (so a long search does not slow
        the other games), or a thread with none."""
        self._closed = False

    # -- lifecycle -------------------------------------------------------------------

    @classmethod
    async def open(cls, path: str, **kwargs: Any) -> "Tables":
        return cls(await Store.open(path), **kwargs)

    async def recover(self) -> None:
        """After a (re)start: deliver what is still in the outbox and let bots
        whose turn it is play."""
        for game_id in await self.store.games_with_pending_notices():
            self._spawn(self.flush(game_id))
        for game_id in await self.store.active_games_with_bots():
            try:
                live = await self._live(game_id)
            except Exception:  # one damaged game must not keep the others from starting
                log.exception("game %s cannot be loaded; it stays as it is until an admin abandons it", game_id)
                continue
            if self._bots_to_move(live):
                self._kick_bots(game_id)

    async def settle(self) -> None:
        """Wait until background work (deliveries, bot turns) is finished."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        self._closed = True
        await self.settle()
        await self._thinkers.close()
        await self.store.close()

    def _spawn(self, coro: Awaitable[Any]) -> None:
        if self._closed:
            coro.close()  # type: ignore[attr-defined]
            return
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    # -- lookup ------------------------------------------------------------------------

    def game_for(self, name: str) -> Game:
        game = self.registry.get(str(name).strip().lower())
        if game is None:
            raise TableError(f"There is no game called {name!r}. Choose one of: {', '.join(self.registry)}.")
        return game

    async def in_channel(self, channel_id: int) -> GameRecord | None:
        """The live game of a channel (or thread), if any."""
        cached = next((live.record for live in self._cache.values()
                       if live.record.channel_id == channel_id and live.record.status in ("lobby", "active")),
                      None)
        return cached if cached is not None else await self.store.live_game_in(channel_id)

    async def require_in_channel(self, channel_id: int) -> GameRecord:
        record = await self.in_channel(channel_id)
        if record is None:
            raise TableError("There is no game in this channel. Start one with `/game new`.")
        return record

    async def latest_in_channel(self, channel_id: int) -> GameRecord:
        """The live game of a channel, or its last one (to look back at a
        finished game's board and log)."""
        record = await self.store.latest_game_in(channel_id)
        if record is None:
            raise TableError("No game has been played in this channel yet. Start one with `/game new`.")
        return record

    async def record(self, game_id: int) -> GameRecord:
        return (await self._live(game_id)).record

    @contextlib.asynccontextmanager
    async def _held(self, game_id: int) -> AsyncIterator[_Live]:
        """The game, exclusively: its lock is held, and its ``_Live`` is
        fetched only once the lock is, so nobody acts on a copy that was
        evicted and reloaded while they waited. Held and awaited games are
        never evicted."""
        lock = self._game_locks.get(game_id)
        if lock is None:
            lock = self._game_locks[game_id] = asyncio.Lock()
        self._holders[game_id] = self._holders.get(game_id, 0) + 1
        try:
            async with lock:
                yield await self._live(game_id)
        finally:
            self._holders[game_id] -= 1
            if not self._holders[game_id]:
                del self._holders[game_id]
                del self._game_locks[game_id]

    async def _live(self, game_id: int) -> _Live:
        live = self._cache.get(game_id)
        if live is not None:
            self._cache.move_to_end(game_id)
            return live
        lock = self._load_locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            live = self._cache.get(game_id)
            if live is None:
                live = await self._load(game_id)
                self._cache[game_id] = live
                self._evict()
        self._load_locks.pop(game_id, None)
        return live

    def _evict(self) -> None:
        while len(self._cache) > self._cache_size:
            oldest_id = next(iter(self._cache))
            if oldest_id in self._holders:
                self._cache.move_to_end(oldest_id)
                return
            del self._cache[oldest_id]

    async def _load(self, game_id: int) -> _Live:
        record = await self.store.game(game_id)
        if record is None:
            raise TableError(f"Game #{game_id} does not exist.")
        game = self.game_for(record.game)
        state = None
        if record.status != "lobby":
            state = await self._load_state(record, game)
        reminders = {r.seat: r for r in await self.store.reminders_of(game_id)}
        return _Live(record, game, state, reminders=reminders)

    async def _load_state(self, record: GameRecord, game: Game) -> Any:
        """The snapshot, or — if it is missing, stale or corrupt — a replay of
        the log from the seed."""
        snapshot = await self.store.snapshot(record.id)
        if snapshot is not None and snapshot[0] == record.seq:
            try:
                return game.load(snapshot[1])
            except StateError as error:
                log.error("game %s: snapshot unreadable (%s); replaying the log", record.id, error)
        try:
            return await self._replay(record, game)
        except AgoraError as error:
            log.error("game %s: the log no longer replays: %s", record.id, error)
            raise Unloadable(f"Game #{record.id} can no longer be loaded: its saved moves do not replay under "
                             f"the current rules. Its host or a member with Manage Channels can `/game abandon` "
                             f"it.") from None

    async def _replay(self, record: GameRecord, game: Game, upto: int | None = None) -> Any:
        rows = await self.store.actions(record.id)
        state = game.new(len(record.seats), record.options, record.seed)
        for row in effective_actions(rows):
            if upto is not None and row.seq >= upto:
                break
            state = game.play(state, row.seat, row.action)  # type: ignore[arg-type]
        return state

    async def verify(self, game_id: int) -> bool:
        """Whether replaying the log from the seed gives exactly the snapshot."""
        record = await self.store.game(game_id)
        if record is None or record.status == "lobby":
            return True
        game = self.game_for(record.game)
        snapshot = await self.store.snapshot(game_id)
        if snapshot is None:
            return False
        replayed = await self._replay(record, game)
        return canonical_json(game.dump(replayed)) == canonical_json(snapshot[1])

    # -- lobby ------------------------------------------------------------------------

    async def create(self, *, channel_id: int, user_id: int | None, name: str, game: str,
                     options: Mapping[str, Any] | None = None, guild_id: int | None = None,
                     parent_id: int | None = None, seed: int | None = None,
                     settings: Mapping[str, Any] | None = None) -> GameRecord:
        """Open a lobby for ``game`` in a channel; the creator hosts it and takes
        the first seat (a ``user_id`` of None opens an empty, host-less lobby,
        as the terminal table does)."""
        chosen = self.game_for(game)
        resolved = resolve_options(chosen, options)
        busy = await self.in_channel(channel_id)
        if busy is not None:
            raise self._busy_error(busy)
        table_settings = dict(DEFAULT_SETTINGS)
        table_settings.update(self._check_settings(settings or {}))
        try:
            game_id = await self.store.create_game(
                guild_id=guild_id, channel_id=channel_id, parent_id=parent_id, game=chosen.name,
                options=resolved, seed=seed if seed is not None else secrets.randbits(63),
                host_id=user_id, settings=table_settings,
                seats=[SeatRecord(0, user_id, name)] if user_id is not None else [])
        except ChannelBusy:
            raise self._busy_error(await self.store.live_game_in(channel_id)) from None
        return (await self._live(game_id)).record

    def _busy_error(self, record: GameRecord | None) -> TableError:
        if record is None:
            return TableError("This channel already has a game.")
        title = self.game_for(record.game).title
        where = "waiting for players" if record.status == "lobby" else "in progress"
        return TableError(
            f"This channel already has a {title} game {where} (#{record.id}). Finish it, `/game abandon` it, "
            f"or start the new one in a thread with `/game new ... thread:true`.")

    async def join(self, game_id: int, user_id: int, name: str) -> GameRecord:
        async with self._held(game_id) as live:
            record = live.record
            self._require_lobby(record, "join")
            if record.seat_of(user_id) is not None:
                raise TableError("You are already seated in this game.")
            if len(record.seats) >= live.game.max_players:
                raise TableError(f"This {live.game.title} game is full "
                                 f"({live.game.max_players} players). Ask for a new one in a thread.")
            seats = record.seats + [SeatRecord(len(record.seats), user_id, name)]
            await self.store.replace_seats(game_id, seats)
            record.seats = seats
            return record

    async def add_bot(self, game_id: int, user_id: int, level: str | None = None) -> GameRecord:
        async with self._held(game_id) as live:
            record = live.record
            self._require_lobby(record, "add a bot to")
            self._require_seated_or_host(record, user_id, "add a bot")
            levels = tuple(getattr(live.game, "bot_levels", ("random",)))
            chosen = (level or self._default_level(live.game)).strip().lower()
            if chosen not in levels:
                raise TableError(f"{live.game.title} bots come in: {', '.join(levels)}; not {level!r}.")
            if len(record.seats) >= live.game.max_players:
                raise TableError(f"This {live.game.title} game is full ({live.game.max_players} players).")
            number = sum(1 for s in record.seats if s.user_id is None) + 1
            seats = record.seats + [SeatRecord(len(record.seats), None, f"Bot {number} ({chosen})", chosen)]
            await self.store.replace_seats(game_id, seats)
            record.seats = seats
            return record

    async def leave(self, game_id: int, user_id: int) -> GameRecord:
        async with self._held(game_id) as live:
            record = live.record
            if record.status == "active":
                raise TableError("The game has started: use `/game resign` to give up your seat.")
            self._require_lobby(record, "leave")
            seat = record.seat_of(user_id)
            if seat is None:
                raise TableError("You are not seated in this game.")
            kept = [s for s in record.seats if s.seat != seat]
            seats = [SeatRecord(i, s.user_id, s.name, s.bot, s.away) for i, s in enumerate(kept)]
            humans = [s for s in seats if s.user_id is not None]
            if not humans and record.host_id is not None:
                await self.store.update_game(game_id, status="abandoned", finished_at=self.clock())
                record.status = "abandoned"
                self._forget(game_id)
                return record
            await self.store.replace_seats(game_id, seats)
            record.seats = seats
            if record.host_id == user_id and humans:
                record.host_id = humans[0].user_id
                await self.store.update_game(game_id, host_id=record.host_id)
            return record

    async def remove_bot(self, game_id: int, user_id: int) -> GameRecord:
        """Take the last bot out of a lobby."""
        async with self._held(game_id) as live:
            record = live.record
            self._require_lobby(record, "change")
            self._require_seated_or_host(record, user_id, "remove a bot")
            bots = [s for s in record.seats if s.user_id is None]
            if not bots:
                raise TableError("There is no bot in this lobby.")
            kept = [s for s in record.seats if s.seat != bots[-1].seat]
            seats = [SeatRecord(i, s.user_id, s.name, s.bot, s.away) for i, s in enumerate(kept)]
            await self.store.replace_seats(game_id, seats)
            record.seats = seats
            return record

    async def start(self, game_id: int, user_id: int) -> PlayResult:
        async with self._held(game_id) as live:
            record, game = live.record, live.game
            self._require_lobby(record, "start")
            self._require_seated_or_host(record, user_id, "start it")
            count = len(record.seats)
            if count < game.min_players:
                missing = game.min_players - count
                raise TableError(
                    f"{game.title} needs at least {game.min_players} players; {count} seated. "
                    f"{missing} more must `/game join` (or add a bot with `/game add-bot`).")
            options = dict(record.options)
            rules_run = [s.seat for s in record.seats if s.bot in getattr(game, "rulebook_levels", ())]
            if rules_run:
                options[AI_SEATS] = rules_run
            state = game.new(count, options, record.seed)  # IllegalAction explains
            record.options = options
            now = self.clock()
            names = ", ".join(f"{s.name} ({game.seat_name(state, s.seat)})" for s in record.seats)
            text = f"{game.title} begins! Seats: {names}."
            live.state = state
            await self._commit(live, None, "start", "start", text, state, None,
                               game_fields={"status": "active", "started_at": now, "options": options},
                               opening=True)
            return self._result(live, None, "start", text, True)

    def _require_lobby(self, record: GameRecord, verb: str) -> None:
        if record.status == "lobby":
            return
        if record.status == "active":
            raise TableError(f"The game has already started; you cannot {verb} it now.")
        raise TableError(f"This game is {record.status}; start a new one with `/game new`.")

    def _require_seated_or_host(self, record: GameRecord, user_id: int, what: str) -> None:
        if record.host_id != user_id and record.seat_of(user_id) is None:
            raise TableError(f"Only players seated in this game can {what}; `/game join` first.")

    # -- playing ------------------------------------------------------------------------

    def _seat_of(self, live: _Live, user_id: int) -> int:
        record = live.record
        seat = record.seat_of(user_id)
        if seat is None:
            raise TableError(f"You are not playing in this {live.game.title} game; players are "
                             f"{', '.join(s.name for s in record.seats)}.")
        return seat

    def _require_active(self, record: GameRecord) -> None:
        if record.status == "lobby":
            raise TableError("The game has not started yet: `/game start` when everyone has joined.")
        if record.status != "active":
            raise TableError(f"This game is {record.status}.")

    async def play(self, game_id: int, user_id: int, action: str) -> PlayResult:
        """Play ``action`` for the seat of ``user_id``."""
        async with self._held(game_id) as live:
            self._require_active(live.record)
            seat = self._seat_of(live, user_id)
            seat_record = live.record.seats[seat]
            # A player back from a missed deadline takes the seat back from
            # the bot with their first accepted move (a refused one changes nothing).
            was_away, seat_record.away = seat_record.away, False
            try:
                result = await self._play(live, seat, action)
            except IllegalAction as error:
                seat_record.away = was_away
                if was_away:
                    raise IllegalAction(f"{error} (A bot is playing your seat since you missed the deadline; "
                                        f"`/game back` takes it back.)") from None
                raise
            except BaseException:
                seat_record.away = was_away
                raise
            if was_away:
                await self.store.update_seat(game_id, seat_record)
            return result

    async def come_back(self, game_id: int, user_id: int) -> str:
        """A player who missed a deadline takes their seat back from the bot."""
        async with self._held(game_id) as live:
            record = live.record
            self._require_active(record)
            seat_record = record.seats[self._seat_of(live, user_id)]
            if not seat_record.away:
                raise TableError("No bot is standing in for you: you are playing your own seat.")
            seat_record.away = False
            await self.store.update_seat(game_id, seat_record)
            await self.store.add_notices(game_id, record.seq, [NewNotice("channel", {
                "text": f"👋 {seat_record.name} is back and plays their own seat again.", "mentions": [],
                "game": record.game})])
            self._spawn(self.flush(game_id))
            return "Welcome back: the bot has left your seat, and the game waits for you again on your turns."

    async def play_seat(self, game_id: int, seat: int, action: str) -> PlayResult:
        """Play for a seat directly (bots, deadline fall-backs, scripts)."""
        async with self._held(game_id) as live:
            self._require_active(live.record)
            return await self._play(live, seat, action)

    async def _play(self, live: _Live, seat: int, action: str) -> PlayResult:
        game, before = live.game, live.state
        text_in = normalize_action(action)
        if len(text_in) > 200:
            raise IllegalAction("That action is far too long; actions are short phrases such as `move b2 c3`.")
        movers = game.to_move(before)
        legal = None
        if seat not in movers:
            # Seats the game is not waiting for may still have out-of-turn
            # actions (a trade offer, say) when the game lists them.
            legal = game.legal(before, seat)
            if match_action(text_in, legal) is None:
                names = " and ".join(self._seat_label(live, s) for s in movers)
                raise IllegalAction(f"It is not your turn: {names} {'are' if len(movers) > 1 else 'is'} to act.")
        after = game.play(before, seat, text_in)
        if legal is None and self._cheap_legal(game):
            legal = game.legal(before, seat)
        canonical = match_action(text_in, legal) if legal is not None else None
        stored = canonical or text_in
        text = self._line(live, seat, game.describe(before, seat, stored))
        await self._commit(live, seat, "play", stored, text, after, before)
        return self._result(live, seat, stored, text, seat not in game.to_move(after))

    @staticmethod
    def _cheap_legal(game: Game) -> bool:
        return getattr(game, "cheap_legal", True)

    def _result(self, live: _Live, seat: int | None, action: str, text: str, turn_over: bool) -> PlayResult:
        finished = live.record.status == "finished"
        view = self._public_view(live)
        live.public = None  # an idle cached game keeps no view: memory matters more then
        return PlayResult(live.record.id, live.record.seq, -1 if seat is None else seat, action, text,
                          turn_over or finished, finished, view)

    def _seat_label(self, live: _Live, seat: int) -> str:
        colour = live.game.seat_name(live.state, seat)
        return f"{live.record.seats[seat].name} ({colour})"

    def _line(self, live: _Live, seat: int | None, described: str) -> str:
        """Put the player's name on a game's log line: "Blue moves" ->
        "alice (Blue) moves"."""
        if seat is None:
            return described
        colour = live.game.seat_name(live.state, seat)
        name = live.record.seats[seat].name
        if described.startswith(colour):
            return f"{name} ({colour}){described[len(colour):]}"
        return f"{name} ({colour}): {described}"

    async def _commit(self, live: _Live, seat: int | None, kind: str, action: str, text: str, after: Any,
                      before: Any, *, game_fields: dict[str, Any] | None = None, opening: bool = False,
                      ended: Outcome | None = None, abandoned: bool = False) -> None:
        """Persist one log row and everything that follows from it (snapshot,
        notices, reminders, game status) in one transaction, then update the
        cache. ``ended`` is an outcome decided at the table (a resignation)."""
        record, game = live.record, live.game
        seq = 0 if opening else record.seq + 1
        now = self.clock()
        fields = dict(game_fields or {})
        movers = [] if abandoned else game.to_move(after)
        outcome = ended or game.outcome(after)
        turn_lines = list(record.turn_lines)
        if kind == "play":
            turn_lines.append(text)
        turn_over = kind != "play" or outcome is not None or seat not in movers
        notices: list[NewNotice] = []
        if turn_over:
            lines = turn_lines if kind == "play" else [text]
            notices.append(self._channel_notice(live, after, movers, lines, seq, outcome, abandoned))
            turn_lines = []
        fields["turn_lines"] = turn_lines
        private_notices, privates = self._private_notices(live, before, after, opening)
        notices.extend(private_notices)
        if outcome is not None:
            fields.update(status="finished", finished_at=now, outcome=outcome.to_dict())
        elif abandoned:
            fields.update(status="abandoned", finished_at=now)
        over = outcome is not None or abandoned
        reminders = self._next_reminders(live, seat, before, after, movers, seq, now, over)
        try:
            await self.store.commit(
                record.id, seq, seat=seat, kind=kind, action=action, text=text,
                state=game.dump(after), notices=notices, game_fields=fields, reminders=reminders)
        except SeqConflict:
            self._forget(record.id)
            raise MovedMeanwhile("Someone else moved at the same moment; look at the board and try again.") \
                from None
        except BaseException:
            self._forget(record.id)  # the cache may be ahead of the database; reload it next time
            raise
        record.seq = seq
        for name in ("status", "started_at", "finished_at", "outcome", "turn_lines"):
            if name in fields:
                setattr(record, name, fields[name])
        live.state = after
        live.privates, live.privates_of = privates, after
        live.reminders = {r.seat: r for r in reminders}
        self._after_commit(record.id)

    def _after_commit(self, game_id: int) -> None:
        self._spawn(self.flush(game_id))
        self._kick_bots(game_id)

    def _channel_notice(self, live: _Live, state: Any, movers: list[int], lines: list[str], seq: int,
                        outcome: Outcome | None, abandoned: bool) -> NewNotice:
        record = live.record
        text = "\n".join(lines)
        mentions: list[int] = []
        if abandoned:
            pass
        elif outcome is not None:
            text += "\n" + self.outcome_text(live, outcome)
        elif movers:
            waiting = []
            for s in movers:
                seat = record.seats[s]
                if seat.is_bot:
                    waiting.append(self._seat_label(live, s))
                else:
                    mentions.append(seat.user_id)  # type: ignore[arg-type]
                    waiting.append(f"<@{seat.user_id}> ({live.game.seat_name(state, s)})")
            text += f"\nTo act: {', '.join(waiting)}."
        return NewNotice("channel", {
            "text": text, "view": self._view_of(live, state), "names": [s.name for s in record.seats],
            "mentions": mentions, "game": record.game, "seq": seq})

    def outcome_text(self, live: _Live, outcome: Outcome) -> str:
        names = [self._seat_label(live, s) for s in outcome.winners]
        if not names:
            head = f"The game is over: {outcome.reason}. Nobody wins."
        elif len(names) == 1:
            head = f"🏆 {names[0]} wins: {outcome.reason}."
        else:
            head = f"🏆 {' and '.join(names)} win: {outcome.reason}."
        if len(set(outcome.scores)) > 1 or len(outcome.scores) > 2:
            order = sorted(range(len(outcome.scores)), key=lambda s: -outcome.scores[s])
            head += "\nScores: " + ", ".join(
                f"{self._seat_label(live, s)} {outcome.scores[s]:g}" for s in order)
        if outcome.notes:
            head += "\n" + "\n".join(outcome.notes)
        return head

    def _private_notices(self, live: _Live, before: Any, after: Any,
                         opening: bool) -> tuple[list[NewNotice], dict[int, Any]]:
        """A DM for each player whose secrets changed, and every seat's secrets
        after the move (kept, so the next move compares without working out
        the secrets before it again)."""
        game = live.game
        if not getattr(game, "hidden_information", True):
            return [], {}
        known = live.privates if live.privates_of is before else {}
        notices, privates = [], {}
        for seat in live.record.seats:
            if seat.user_id is None:
                continue
            now_private = privates[seat.seat] = private_part(game, after, seat.seat)
            if not now_private:
                continue
            if not opening:
                was = known[seat.seat] if seat.seat in known else private_part(game, before, seat.seat)
                if was == now_private:
                    continue
            notices.append(NewNotice("private", {
                "text": f"Your hand in {game.title} (#{live.record.id}) changed." if not opening
                else f"{game.title} (#{live.record.id}) has begun. Here is what only you can see.",
                "view": game.view(after, seat.seat), "names": [s.name for s in live.record.seats],
                "game": live.record.game, "seat": seat.seat}, user_id=seat.user_id))
        return notices, privates

    # -- reminders -----------------------------------------------------------------------

    def _next_reminders(self, live: _Live, seat: int | None, before: Any, after: Any, movers: list[int],
                        seq: int, now: float, over: bool) -> list[ReminderRecord]:
        if over:
            return []
        first_due = self._first_due(live, after, now)
        previous = live.reminders
        before_movers = set(live.game.to_move(before)) if before is not None else set()
        shrinking = before is not None and set(movers) < before_movers
        group = max((r.group_size for r in previous.values()), default=1) if shrinking else len(movers)
        result = []
        for s in movers:
            if live.record.seats[s].user_id is None:
                continue
            kept = previous.get(s)
            if kept is not None and s != seat and s in before_movers:
                result.append(ReminderRecord(live.record.id, s, kept.seq, kept.since, kept.due_at, kept.sent,
                                             kept.muted, group))
            else:
                result.append(ReminderRecord(live.record.id, s, seq, now, first_due, 0, False, group))
        return result

    def _first_due(self, live: _Live, state: Any, now: float) -> float:
        """When a new wait is first looked at: the reminder interval, or
        sooner if a deadline or the game's own step timeout comes first."""
        settings = live.record.settings
        due = now + float(settings.get("remind_hours", 12.0)) * 3600
        deadline = float(settings.get("deadline_hours") or 0) * 3600
        if deadline:
            due = min(due, now + deadline)
        timeout = self._step_timeout(live.game, state)
        if timeout:
            due = min(due, now + timeout)
        return due

    @staticmethod
    def _step_timeout(game: Game, state: Any) -> float | None:
        """Seconds a game lets a short step (a casting window, say) wait
        before passing for whoever has not answered; None when it has none."""
        timeout = getattr(game, "step_timeout", None)
        return timeout(state) if timeout is not None else None

    async def remind(self, now: float | None = None) -> int:
        """Send every reminder that is due and apply deadlines; returns how
        many reminders went out. Call periodically (the front end's loop)."""
        now = self.clock() if now is None else now
        sent = 0
        for due in await self.store.due_reminders(now):
            try:
                sent += await self._remind_one(due, now)
            except AgoraError as error:
                log.warning("reminder for game %s seat %s failed: %s", due.game_id, due.seat, error)
        return sent

    async def _remind_one(self, due: ReminderRecord, now: float) -> int:
        async with self._held(due.game_id) as live:
            record = live.record
            current = live.reminders.get(due.seat)
            if record.status != "active" or current is None or current.seq != due.seq:
                return 0
            timeout = self._step_timeout(live.game, live.state)
            if timeout and now >= current.since + timeout:
                passing = next((a for a in PASS_WORDS if a in live.game.legal(live.state, due.seat)), None)
                if passing is not None:
                    await self._play(live, due.seat, passing)
                    return 0
            deadline = float(record.settings.get("deadline_hours") or 0) * 3600
            if deadline and now >= current.since + deadline:
                await self._deadline(live, due.seat)
                return 0
            seat = record.seats[due.seat]
            movers = live.game.to_move(live.state)
            last_one = current.group_size > 1 and movers == [due.seat]
            waited = _duration(now - current.since)
            if last_one:
                text = f"<@{seat.user_id}>, you are the last one: everyone else has acted. ({waited})"
            else:
                text = f"<@{seat.user_id}>, the {live.game.title} game is waiting for you ({waited})."
            if deadline:
                text += f" Deadline in {_duration(current.since + deadline - now)}."
            payload = {"text": text, "seat": due.seat, "seq": current.seq, "dm": current.sent >= 1,
                       "mentions": [seat.user_id], "game": record.game}
            interval = float(record.settings.get("remind_hours", 12.0)) * 3600
            next_due = now + interval
            if deadline:
                next_due = min(next_due, current.since + deadline)
            await self.store.add_notices(record.id, record.seq, [NewNotice("reminder", payload, seat.user_id)])
            await self.store.reschedule_reminder(record.id, due.seat, current.seq, next_due, current.sent + 1)
            current.due_at, current.sent = next_due, current.sent + 1
        self._spawn(self.flush(record.id))
        return 1

    async def _deadline(self, live: _Live, seat: int) -> None:
        """The seat missed its deadline: pass for it where the rules allow,
        otherwise a bot plays it until its player returns."""
        record, game = live.record, live.game
        legal = game.legal(live.state, seat)
        fallback = record.settings.get("fallback", "bot")
        passing = next((a for a in PASS_WORDS if a in legal), None)
        seat_record = record.seats[seat]
        if fallback == "pass" and passing is not None:
            result = await self._play(live, seat, passing)
            await self.store.add_notices(record.id, record.seq, [NewNotice("channel", {
                "text": f"⏰ {seat_record.name} missed the deadline; passed for them.", "mentions": [],
                "game": record.game})])
            return result
        seat_record.bot = seat_record.bot or self._default_level(game, stand_in=True)
        seat_record.away = True
        await self.store.update_seat(record.id, seat_record)
        await self.store.add_notices(record.id, record.seq, [NewNotice("channel", {
            "text": f"⏰ {seat_record.name} missed the deadline; a bot plays for them until they return "
                    f"(`/game back`, or any accepted `/play`, takes the seat back).", "mentions": [], "game": record.game})])
        self._after_commit(record.id)

    async def mute(self, game_id: int, user_id: int, seq: int | None = None) -> str:
        live = await self._live(game_id)
        seat = self._seat_of(live, user_id)
        current = live.reminders.get(seat)
        if current is None or (seq is not None and current.seq != seq):
            raise TableError("That reminder is for a turn that is already over.")
        await self.store.mute_reminder(game_id, seat, current.seq)
        current.muted = True
        return "Reminders muted until your turn is over."

    # -- bots --------------------------------------------------------------------------

    @staticmethod
    def _default_level(game: Game, stand_in: bool = False) -> str:
        """The middle bot level (the second listed), or the only one. A bot
        standing in for a player (after a deadline or a resignation) plays a
        seat the rules set up for a person, so it never takes a level the
        rules run themselves (``rulebook_levels``)."""
        levels = tuple(getattr(game, "bot_levels", ("random",)))
        if stand_in:
            levels = tuple(l for l in levels if l not in getattr(game, "rulebook_levels", ())) or levels
        return levels[min(1, len(levels) - 1)]

    def _bots_to_move(self, live: _Live) -> list[int]:
        if live.record.status != "active" or not self.run_bots:
            return []
        return [s for s in live.game.to_move(live.state) if live.record.seats[s].is_bot]

    def _kick_bots(self, game_id: int) -> None:
        live = self._cache.get(game_id)
        if live is None or game_id in self._bot_running or not self._bots_to_move(live):
            return
        self._bot_running.add(game_id)
        self._spawn(self._bot_turns(game_id))

    async def _bot_turns(self, game_id: int) -> None:
        try:
            while not self._closed:
                live = await self._live(game_id)
                seats = self._bots_to_move(live)
                if not seats:
                    return
                seat, state, seq = seats[0], live.state, live.record.seq
                level = live.record.seats[seat].bot or "random"
                action = await self._think(live.game, state, seat, level, live.record.seed ^ (seq * 7919 + seat))
                async with self._held(game_id) as held:
                    if held.record.seq != seq or held.record.status != "active" or \
                            not held.record.seats[seat].is_bot:
                        continue  # someone moved while the bot thought: think again
                    try:
                        await self._play(held, seat, action)
                    except MovedMeanwhile:
                        continue
                    except AgoraError as error:
                        log.error("game %s: bot %s chose %r, which failed: %s", game_id, seat, action, error)
                        return
        finally:
            self._bot_running.discard(game_id)

    async def _think(self, game: Game, state: Any, seat: int, level: str, seed: int) -> str:
        if game_registry.REGISTRY.get(game.name) is game:
            # A worker process knows the registry's games: the state travels as its dump.
            return await self._thinkers.run(think, game.name, game.dump(state), seat, level, seed, self.bot_budget)
        return await asyncio.to_thread(game.choose, state, seat, level, seed, self.bot_budget)  # type: ignore[attr-defined]

    # -- undo --------------------------------------------------------------------------

    async def undo(self, game_id: int, user_id: int) -> UndoResult:
        """Take back the caller's last action: at once when nobody has acted
        since and it showed nothing hidden; otherwise ask the other players."""
        async with self._held(game_id) as live:
            self._require_active(live.record)
            seat = self._seat_of(live, user_id)
            rows = effective_actions(await self.store.actions(game_id))
            mine = [i for i, row in enumerate(rows) if row.seat == seat]
            if not mine:
                raise TableError("You have no move to take back.")
            index = mine[-1]
            target = rows[index]
            later = rows[index + 1:]
            others = [s for s in live.record.seats if s.seat != seat and s.user_id is not None]
            before = await self._replay(live.record, live.game, upto=target.seq)
            revealing = False
            if not later:
                reveals = getattr(live.game, "reveals", None)
                revealing = bool(reveals and reveals(before, seat, target.action, live.state))
            if not others or (not later and not revealing):
                text = await self._do_undo(live, seat, target, before, len(later))
                return UndoResult(True, text)
            existing = await self.store.undo_request(game_id)
            if existing is not None and existing.at_seq == live.record.seq:
                raise TableError("A take-back request is already waiting for answers.")
            request = UndoRequest(game_id, seat, target.seq, live.record.seq, {}, self.clock())
            await self.store.put_undo_request(request)
            why = "it revealed hidden information or a random draw" if revealing else \
                f"{len(later)} action{'s' if len(later) != 1 else ''} came after it"
            text = (f"{self._seat_label(live, seat)} asks to take back “{target.text}” ({why}). "
                    f"{', '.join(f'<@{s.user_id}>' for s in others)}: accept or refuse.")
            await self.store.add_notices(game_id, live.record.seq, [NewNotice("undo_request", {
                "text": text, "seat": seat, "target_seq": target.seq, "at_seq": live.record.seq,
                "mentions": [s.user_id for s in others], "game": live.record.game})])
            self._spawn(self.flush(game_id))
            return UndoResult(False, "Your take-back needs the other players' consent; they have been asked.")

    async def answer_undo(self, game_id: int, user_id: int, accept: bool, at_seq: int | None = None) -> UndoResult:
        async with self._held(game_id) as live:
            request = await self.store.undo_request(game_id)
            if request is None or (at_seq is not None and request.at_seq != at_seq):
                raise TableError("There is no take-back request waiting (it was answered or withdrawn).")
            seat = self._seat_of(live, user_id)
            if seat == request.seat:
                raise TableError("You asked for this take-back; the other players answer it.")
            if request.at_seq != live.record.seq:
                await self.store.drop_undo_request(game_id)
                raise TableError("The game moved on since the request, so it lapsed; ask again if needed.")
            label = self._seat_label(live, seat)
            if not accept:
                await self.store.drop_undo_request(game_id)
                await self._note(live, f"{label} refused the take-back.")
                return UndoResult(False, "You refused the take-back.")
            request.votes[str(seat)] = True
            needed = {s.seat for s in live.record.seats if s.user_id is not None and s.seat != request.seat}
            if not needed <= {int(k) for k in request.votes}:
                await self.store.put_undo_request(request)
                return UndoResult(False, "Accepted; waiting for the other players.")
            await self.store.drop_undo_request(game_id)
            rows = effective_actions(await self.store.actions(game_id))
            target = next(r for r in rows if r.seq == request.target_seq)
            later = sum(1 for r in rows if r.seq > target.seq)
            before = await self._replay(live.record, live.game, upto=target.seq)
            text = await self._do_undo(live, request.seat, target, before, later)
            return UndoResult(True, text)

    async def _do_undo(self, live: _Live, seat: int, target: ActionRecord, before: Any, later: int) -> str:
        extra = f" and {later} later action{'s' if later != 1 else ''}" if later else ""
        text = f"↩️ {self._seat_label(live, seat)} took back “{target.text}”{extra}."
        live.record.turn_lines = []
        await self._commit(live, seat, "undo", str(target.seq), text, before, live.state)
        return text

    async def _note(self, live: _Live, text: str) -> None:
        await self.store.add_notices(live.record.id, live.record.seq, [NewNotice("channel", {
            "text": text, "mentions": [], "game": live.record.game})])
        self._spawn(self.flush(live.record.id))

    # -- ending -----------------------------------------------------------------------

    async def resign(self, game_id: int, user_id: int) -> str:
        async with self._held(game_id) as live:
            self._require_active(live.record)
            seat = self._seat_of(live, user_id)
            record = live.record
            label = self._seat_label(live, seat)
            humans_left = [s for s in record.seats if s.user_id is not None and s.seat != seat]
            if len(record.seats) == 2 or not humans_left:
                winners = tuple(s.seat for s in record.seats if s.seat != seat)
                scores = tuple(0.0 if s.seat == seat else 1.0 for s in record.seats)
                outcome = Outcome(scores, winners, f"{label} resigned")
                text = f"🏳️ {label} resigns."
                await self._commit(live, seat, "resign", "resign", text, live.state, live.state, ended=outcome)
                return text + "\n" + self.outcome_text(live, outcome)
            seat_record = record.seats[seat]
            seat_record.user_id, seat_record.bot, seat_record.away = None, self._default_level(live.game, stand_in=True), False
            seat_record.name = f"{seat_record.name} (resigned)"
            text = f"🏳️ {label} resigns; a bot plays that seat from now on."
            await self.store.update_seat(record.id, seat_record)
            await self._commit(live, seat, "resign", "resign", text, live.state, live.state)
            return text

    async def abandon(self, game_id: int, user_id: int, can_manage: bool = False) -> str:
        try:
            return await self._abandon(game_id, user_id, can_manage)
        except Unloadable:
            return await self._abandon_unloadable(game_id, user_id, can_manage)

    @staticmethod
    def _require_may_abandon(record: GameRecord, user_id: int, can_manage: bool) -> None:
        if record.status not in ("lobby", "active"):
            raise TableError(f"This game is already {record.status}.")
        if record.host_id != user_id and not can_manage:
            raise TableError("Only the host or a member with Manage Channels can abandon the game.")

    async def _abandon_unloadable(self, game_id: int, user_id: int, can_manage: bool) -> str:
        """Abandon a game whose state cannot be rebuilt: only its record changes."""
        record = await self.store.game(game_id)
        assert record is not None  # loading it failed after finding it
        self._require_may_abandon(record, user_id, can_manage)
        text = f"The {self.game_for(record.game).title} game #{record.id} was abandoned (it could not be loaded)."
        await self.store.update_game(game_id, status="abandoned", finished_at=self.clock())
        await self.store.add_notices(game_id, record.seq, [NewNotice("channel", {
            "text": text, "mentions": [], "game": record.game})])
        self._forget(game_id)
        self._spawn(self.flush(game_id))
        return text

    async def _abandon(self, game_id: int, user_id: int, can_manage: bool) -> str:
        async with self._held(game_id) as live:
            record = live.record
            self._require_may_abandon(record, user_id, can_manage)
            text = f"The {live.game.title} game #{record.id} was abandoned."
            if record.status == "lobby":
                await self.store.update_game(game_id, status="abandoned", finished_at=self.clock())
                record.status = "abandoned"
            else:
                await self._commit(live, None, "abandon", "abandon", text, live.state, live.state, abandoned=True)
            self._forget(game_id)
            return text

    def _forget(self, game_id: int) -> None:
        self._cache.pop(game_id, None)

    # -- settings ------------------------------------------------------------------------

    def _check_settings(self, changes: Mapping[str, Any]) -> dict[str, Any]:
        checked: dict[str, Any] = {}
        for key, value in changes.items():
            if key not in DEFAULT_SETTINGS:
                raise TableError(f"Unknown setting {key!r}; settings are {', '.join(DEFAULT_SETTINGS)}.")
            if key == "fallback":
                if value not in FALLBACKS:
                    raise TableError(f"fallback must be one of {', '.join(FALLBACKS)}.")
                checked[key] = value
                continue
            try:
                number = float(value)
            except (TypeError, ValueError):
                raise TableError(f"{key} must be a number of hours.") from None
            low, high = SETTING_LIMITS[key]
            if not (low <= number <= high) and not (key == "deadline_hours" and number == 0):
                raise TableError(f"{key} must be between {low:g} and {high:g} hours.")
            checked[key] = number
        return checked

    async def configure(self, game_id: int, user_id: int, can_manage: bool = False, **changes: Any) -> dict[str, Any]:
        async with self._held(game_id) as live:
            record = live.record
            if record.host_id != user_id and not can_manage and record.seat_of(user_id) is None:
                raise TableError("Only players, the host or a member with Manage Channels can change settings.")
            checked = self._check_settings({k: v for k, v in changes.items() if v is not None})
            record.settings.update(checked)
            await self.store.update_game(game_id, settings=record.settings)
            return dict(record.settings)

    # -- reading -------------------------------------------------------------------------

    def _public_view(self, live: _Live) -> dict[str, Any]:
        if live.state is None:
            return {}
        return self._view_of(live, live.state)

    @staticmethod
    def _view_of(live: _Live, state: Any) -> dict[str, Any]:
        if live.public is None or live.public[0] is not state:
            live.public = (state, live.game.view(state, None))
        return live.public[1]

    async def public_view(self, game_id: int) -> dict[str, Any]:
        live = await self._live(game_id)
        self._require_active_or_over(live.record)
        return self._public_view(live)

    async def private_view(self, game_id: int, user_id: int) -> dict[str, Any]:
        live = await self._live(game_id)
        self._require_active_or_over(live.record)
        seat = self._seat_of(live, user_id)
        return live.game.view(live.state, seat)

    def _require_active_or_over(self, record: GameRecord) -> None:
        if record.status == "lobby":
            raise TableError("The game has not started yet, so there is no board to show.")

    async def legal(self, game_id: int, user_id: int) -> list[tuple[str, str]]:
        """The caller's legal actions with their labels (empty when there is
        nothing they may do now)."""
        live = await self._live(game_id)
        if live.record.status != "active":
            return []
        seat = live.record.seat_of(user_id)
        if seat is None:
            return []
        return self.labelled(live, seat)

    def labelled(self, live: _Live, seat: int) -> list[tuple[str, str]]:
        game, state = live.game, live.state
        label = getattr(game, "label", game.describe)
        return [(action, label(state, seat, action)) for action in game.legal(state, seat)]

    async def waiting_seats(self, game_id: int) -> list[int]:
        """The seats the game waits for now (empty unless active)."""
        live = await self._live(game_id)
        return live.game.to_move(live.state) if live.record.status == "active" else []

    def game_of(self, record: GameRecord) -> Game:
        return self.game_for(record.game)

    async def legal_for_seat(self, game_id: int, seat: int) -> list[tuple[str, str]]:
        live = await self._live(game_id)
        if live.record.status != "active":
            return []
        return self.labelled(live, seat)

    async def status(self, game_id: int) -> str:
        live = await self._live(game_id)
        record, game = live.record, live.game
        head = f"**{game.title}** #{record.id} — {record.status}"
        # Keys the table adds itself (``AI_SEATS``) are not players' options.
        options = ", ".join(f"{k}={v}" for k, v in record.options.items()
                            if k in game.options and game.options[k].default != v)
        if options:
            head += f" ({options})"
        if record.status == "lobby":
            seats = ", ".join(s.name for s in record.seats)
            return (f"{head}\nSeated ({len(record.seats)}/{game.max_players}, at least {game.min_players}): "
                    f"{seats}.\nJoin with `/game join`; the host starts with `/game start`.")
        lines = [head, "Seats: " + ", ".join(self._seat_label(live, s.seat) + (" [bot]" if s.is_bot else "")
                                            for s in record.seats)]
        if record.status == "active":
            movers = game.to_move(live.state)
            lines.append("To act: " + ", ".join(self._seat_label(live, s) for s in movers) + ".")
            for seat, reminder in sorted(live.reminders.items()):
                lines.append(f"{record.seats[seat].name} has been waited for since "
                             f"{_duration(self.clock() - reminder.since)}.")
        elif record.outcome:
            lines.append(self.outcome_text(live, Outcome.from_dict(record.outcome)))
        lines.append(f"Moves so far: {record.seq}.")
        return "\n".join(lines)

    async def history(self, game_id: int) -> list[str]:
        """The game's log in plain words (public lines only)."""
        rows = await self.store.actions(game_id)
        undone = {r.seq for r in rows} - {r.seq for r in effective_actions(rows)}
        lines = []
        for row in rows:
            if not row.text:
                continue
            mark = "~~" if row.seq in undone and row.kind == "play" else ""
            lines.append(f"{row.seq:>4}. {mark}{row.text}{mark}")
        return lines

    async def my_games(self, user_id: int) -> list[tuple[GameRecord, bool]]:
        """Live games of a user, each with whether it is their turn."""
        result = []
        for record in await self.store.games_of_user(user_id):
            waiting = False
            if record.status == "active":
                live = await self._live(record.id)
                seat = live.record.seat_of(user_id)
                waiting = seat is not None and seat in live.game.to_move(live.state)
                record = live.record
            result.append((record, waiting))
        return result

    async def seat_names(self, game_id: int) -> list[str]:
        live = await self._live(game_id)
        return [s.name for s in live.record.seats]

    # -- delivery ------------------------------------------------------------------------

    async def flush(self, game_id: int) -> int:
        """Deliver a game's pending notices in order through the courier."""
        if self.courier is None:
            return 0
        lock = self._deliver_locks.setdefault(game_id, asyncio.Lock())
        delivered = 0
        async with lock:
            pending = await self.store.pending_notices(game_id)
            if not pending:
                return 0
            record = (await self._live(game_id)).record
            for row in pending:
                notice = Notice(row.id, row.game_id, row.kind, row.user_id, row.payload, record.channel_id)
                try:
                    await self.courier.deliver(notice)
                except Exception:  # noqa: BLE001 — a failed delivery is retried, never lost
                    log.exception("game %s: delivering notice %s failed; will retry", game_id, row.id)
                    break
                await self.store.mark_delivered([row.id])
                delivered += 1
        return delivered

    async def flush_all(self) -> int:
        total = 0
        for game_id in await self.store.games_with_pending_notices():
            total += await self.flush(game_id)
        return total


def private_part(game: Game, state: Any, seat: int) -> Any:
    """A seat's secrets: the game's cheap ``private_view`` where it has one,
    else the ``private`` entry of the seat's whole view."""
    cheap = getattr(game, "private_view", None)
    return cheap(state, seat) if cheap is not None else game.view(state, seat).get("private")


def think(game_name: str, dumped: dict[str, Any], seat: int, level: str, seed: int, budget: float) -> str:
    """A bot's choice, computed in a worker process from the state's dump."""
    game = game_registry.REGISTRY[game_name]
    return game.choose(game.load(dumped), seat, level, seed, budget)  # type: ignore[attr-defined]


def _duration(seconds: float) -> str:
    seconds = max(0, int(seconds))
    if seconds < 3600:
        return f"{seconds // 60} min"
    if seconds < 86400 * 2:
        return f"{seconds // 3600} h"
    return f"{seconds // 86400} days"
