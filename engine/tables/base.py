"""The table service's foundation: its state, start and stop, finding games,
and the per-game locks and cache through which every other part reaches a
game."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Self

from engine import games as game_registry
from engine.core import AgoraError, Game, StateError, canonical_json
from engine.replay import Replay
from engine.store import GameChanged, GameRecord, NewNotice, Store, is_postgres, open_store
from engine.tables.model import Courier, Live, TableError, Unloadable, effective_actions
from engine.workers import Workers

log = logging.getLogger("agora.tables")


class TableBase:
    """The service's state and the ways to reach a game safely. The other
    parts of ``Tables`` are mixins over this base, one concern each."""

    if TYPE_CHECKING:  # provided by the outbox, history and bot parts of ``Tables``

        async def flush(self, game_id: int) -> int: ...
        def _keep_fresh(self, notice_ids: Sequence[int], notices: Sequence[NewNotice]) -> None: ...
        async def rate_finished(self, game_id: int | None = None) -> int: ...
        def _kick_bots(self, game_id: int) -> None: ...

    def __init__(
        self,
        store: Store,
        *,
        courier: Courier | None = None,
        registry: Mapping[str, Game] | None = None,
        clock: Callable[[], float] = time.time,
        bot_budget: float = 2.0,
        cache_size: int = 2000,
        run_bots: bool = True,
        bot_processes: int = 0,
        shared: bool | None = None,
        claim_lease: float = 60.0,
    ):
        self.store = store
        self.shared = is_postgres(getattr(store, "path", "")) if shared is None else shared
        """Whether other processes use the same database (PostgreSQL): then a
        game is held across the fleet and brought up to the database whenever
        it is held or looked at, and reminders and deliveries are claimed. One process on
        a SQLite file pays for none of it."""
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        """This run of this process, as the claimer of reminders and notices."""
        self.claim_lease = claim_lease
        """Seconds a claim on a reminder or notice lasts: work claimed by a
        process that died is taken over once its lease has run out."""
        self.courier = courier
        self.registry = dict(registry if registry is not None else game_registry.REGISTRY)
        self.clock = clock
        self.bot_budget = bot_budget
        self.run_bots = run_bots
        self._cache: OrderedDict[int, Live] = OrderedDict()
        self._cache_size = cache_size
        self._load_locks: dict[int, asyncio.Lock] = {}
        self._game_locks: dict[int, asyncio.Lock] = {}
        self._holders: dict[int, int] = {}
        """How many tasks hold or wait for each game's lock."""
        self._deliver_locks: dict[int, asyncio.Lock] = {}
        self._opening_locks: dict[tuple[int, int], tuple[asyncio.Lock, int]] = {}
        """(lock, tasks holding or awaiting it) per member and server opening a lobby."""
        self._fresh_payloads: dict[int, dict[str, Any]] = {}
        """Payloads of committed notices not yet delivered (``Outbox._keep_fresh``)."""
        self._tasks: set[asyncio.Task] = set()
        self._bot_running: set[int] = set()
        self._thinkers = Workers(bot_processes)
        """Where bots think: worker processes (so a long search does not slow
        the other games), or a thread with none."""
        self._closed = False
        # The history part's state: one rating pass at a time, and replays
        # kept (with their checkpoints) for the buttons that step through them.
        self._ratings_lock = asyncio.Lock()
        self._replays: OrderedDict[tuple[int, int], Replay] = OrderedDict()
        self._replay_locks: dict[int, asyncio.Lock] = {}

    @classmethod
    async def open(cls: type[Self], path: str, **kwargs: Any) -> Self:
        return cls(await open_store(path), **kwargs)

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

    def game_for(self, name: str) -> Game:
        game = self.registry.get(str(name).strip().lower())
        if game is None:
            raise TableError(f"There is no game called {name!r}. Choose one of: {', '.join(self.registry)}.")
        return game

    def game_of(self, record: GameRecord) -> Game:
        return self.game_for(record.game)

    async def in_channel(self, channel_id: int) -> GameRecord | None:
        """The live game of a channel (or thread), if any."""
        cached = next(
            (
                live.record
                for live in self._cache.values()
                if live.record.channel_id == channel_id and live.record.status in ("lobby", "active")
            ),
            None,
        )
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
    async def _held(self, game_id: int) -> AsyncIterator[Live]:
        """The game, exclusively: its lock is held, and its ``Live`` is
        fetched only once the lock is, so nobody acts on a copy that was
        evicted and reloaded while they waited. Held and awaited games are
        never evicted."""
        async with self._held_here(game_id):
            if not self.shared:
                yield await self._live(game_id)
            else:
                async with self.store.game_lock(game_id):
                    yield await self._fresh(game_id)

    @contextlib.asynccontextmanager
    async def _held_unchecked(self, game_id: int) -> AsyncIterator[Live]:
        """The cached game, held in this process only, as it is cached: on a
        shared database, without the fleet's lock and without reading it
        again, so its commit is guarded (``Live.guarded``: it lands only if
        the game is still the stored one and nobody holds it). Raises
        ``GameChanged`` when the game is not cached."""
        async with self._held_here(game_id):
            live = self._cache.get(game_id)
            if live is None:
                raise GameChanged(game_id)
            live.guarded = self.shared
            try:
                yield live
            finally:
                live.guarded = False

    @contextlib.asynccontextmanager
    async def _held_here(self, game_id: int) -> AsyncIterator[None]:
        """The game's lock in this process (an ``asyncio.Lock`` per game,
        kept while anyone holds or awaits it)."""
        lock = self._game_locks.get(game_id)
        if lock is None:
            lock = self._game_locks[game_id] = asyncio.Lock()
        self._holders[game_id] = self._holders.get(game_id, 0) + 1
        try:
            async with lock:
                yield
        finally:
            self._holders[game_id] -= 1
            if not self._holders[game_id]:
                del self._holders[game_id]
                del self._game_locks[game_id]

    async def _fresh(self, game_id: int) -> Live:
        """The game as the database has it now, for a process that holds it
        across the fleet: another process may have moved, seated someone or
        changed a setting since it was cached."""
        await self._refresh(game_id, holding=True)
        return await self._cached(game_id)

    async def _refresh(self, game_id: int, *, holding: bool) -> None:
        """Bring the cached game up to the database: a different seq or status
        drops it (its state is stale; it is reloaded on use); otherwise the
        record (seats, host, settings) and the waits are re-read, which is
        cheap, and the state is kept. A mere look (not ``holding``) leaves
        the game alone if a task of this process took it meanwhile: that
        task re-read it and may be changing it."""
        live = self._cache.get(game_id)
        if live is None:
            return
        stored, reminders = await self.store.game_and_reminders(game_id)
        if self._cache.get(game_id) is not live or (not holding and game_id in self._holders):
            return
        if stored is None or (stored.seq, stored.status) != (live.record.seq, live.record.status):
            self._forget(game_id)
        else:
            live.record = stored
            live.reminders = {r.seat: r for r in reminders}

    async def _live(self, game_id: int) -> Live:
        """The game, to look at. On a shared database it is first brought up
        to date, unless a task of this process holds it (it re-read it when
        it took it, and may be changing it)."""
        if self.shared and game_id in self._cache and game_id not in self._holders:
            await self._refresh(game_id, holding=False)
        return await self._cached(game_id)

    async def _cached(self, game_id: int) -> Live:
        """The cached game, loaded once if it is not (concurrent callers wait
        for the one load)."""
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

    async def _load(self, game_id: int) -> Live:
        record = await self.store.game(game_id)
        if record is None:
            raise TableError(f"Game #{game_id} does not exist.")
        game = self.game_for(record.game)
        state, from_snapshot = None, True
        if record.started_at is not None:  # a lobby abandoned before its start never had a state
            state, from_snapshot = await self._load_state(record, game)
        reminders = {r.seat: r for r in await self.store.reminders_of(game_id)}
        return Live(record, game, state, reminders=reminders, rewrite_snapshot=not from_snapshot)

    async def _load_state(self, record: GameRecord, game: Game) -> tuple[Any, bool]:
        """The last snapshot and the plays logged after it (``needs_snapshot``),
        or — if it is missing, ahead of the log or corrupt, or a row after it
        is not a play — a replay of the log from the seed; and whether the
        snapshot served (else the next move writes a new one)."""
        snapshot = await self.store.snapshot(record.id)
        if snapshot is not None and snapshot[0] <= record.seq:
            try:
                state = game.load(snapshot[1])
            except StateError as error:
                log.error("game %s: snapshot unreadable (%s); replaying the log", record.id, error)
            else:
                later = await self.store.actions(record.id, after=snapshot[0]) if snapshot[0] < record.seq else []
                if all(row.kind == "play" for row in later) and [row.seq for row in later] == list(
                    range(snapshot[0] + 1, record.seq + 1)
                ):
                    try:
                        for row in later:
                            state = game.play(state, row.seat, row.action)  # type: ignore[arg-type]
                        return state, True
                    except AgoraError as error:
                        log.error("game %s: the plays after its snapshot refused (%s); replaying", record.id, error)
        try:
            return await self._replay(record, game), False
        except AgoraError as error:
            log.error("game %s: the log no longer replays: %s", record.id, error)
            raise Unloadable(
                f"Game #{record.id} can no longer be loaded: its saved moves do not replay under "
                f"the current rules. Its host or a member with Manage Channels can `/game abandon` "
                f"it."
            ) from None

    async def _replay(self, record: GameRecord, game: Game, upto: int | None = None) -> Any:
        rows = await self.store.actions(record.id)
        state = game.new(len(record.seats), record.options, record.seed)
        for row in effective_actions(rows):
            if upto is not None and row.seq >= upto:
                break
            state = game.play(state, row.seat, row.action)  # type: ignore[arg-type]
        return state

    async def verify(self, game_id: int) -> bool:
        """Whether replaying the log from the seed gives exactly its snapshot
        at the snapshot's row, and the state the game loads at its last."""
        record = await self.store.game(game_id)
        if record is None or record.status == "lobby":
            return True
        game = self.game_for(record.game)
        snapshot = await self.store.snapshot(game_id)
        if snapshot is None or snapshot[0] > record.seq:
            return False
        at_snapshot = await self._replay(record, game, upto=snapshot[0] + 1)
        if canonical_json(game.dump(at_snapshot)) != canonical_json(snapshot[1]):
            return False
        replayed = await self._replay(record, game)
        return canonical_json(game.dump(replayed)) == canonical_json(
            game.dump((await self._load_state(record, game))[0])
        )

    def _forget(self, game_id: int) -> None:
        self._cache.pop(game_id, None)

    @staticmethod
    def _require_host(record: GameRecord, user_id: int, can_manage: bool, what: str) -> None:
        """Changing a table is for its host or a member with Manage Channels (a
        host-less table, the terminal's, lets any of its players)."""
        if can_manage or record.host_id == user_id:
            return
        if record.host_id is None and record.seat_of(user_id) is not None:
            return
        raise TableError(f"Only the host (<@{record.host_id}>) or a member with Manage Channels can {what}.")

    def _seat_of(self, live: Live, user_id: int) -> int:
        record = live.record
        seat = record.seat_of(user_id)
        if seat is None:
            raise TableError(
                f"You are not playing in this {live.game.title} game; players are "
                f"{', '.join(s.name for s in record.seats)}."
            )
        return seat

    def _require_active(self, record: GameRecord) -> None:
        if record.status == "lobby":
            raise TableError("The game has not started yet: `/game start` when everyone has joined.")
        if record.status != "active":
            raise TableError(f"This game is {record.status}.")

    def _seat_label(self, live: Live, seat: int) -> str:
        colour = live.game.seat_name(live.state, seat)
        return f"{live.record.seats[seat].name} ({colour})"

    def _line(self, live: Live, seat: int | None, described: str) -> str:
        """Put the player's name on a game's log line: "Blue moves" ->
        "alice (Blue) moves"."""
        if seat is None:
            return described
        colour = live.game.seat_name(live.state, seat)
        name = live.record.seats[seat].name
        if described.startswith(colour):
            return f"{name} ({colour}){described[len(colour) :]}"
        return f"{name} ({colour}): {described}"
