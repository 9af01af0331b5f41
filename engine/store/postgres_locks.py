"""Holding a game for one process of a fleet: session advisory locks on a few
connections of their own. A part of ``PostgresStore``.

Every move takes its game's lock and gives it back, so a hundred games moving
at once ask for two hundred lock operations a round; one query each (and one
connection answering one query at a time) made those queries the queue every
move waited in. So each lock connection is a *lane* that gathers the
operations asked of it while its last query is out, and sends them all as one
statement: lock operations are group-committed as moves are. A game's lock
always lives on the same lane (picked by its id), so it is given back on the
session that took it.

Giving back is not waited for: the lane sends it with its next statement,
which starts at once if the lane is idle. Until then the lock stays held,
which only makes another process wait a little longer; this process taking
the game again before then is harmless, as a session's advisory locks count
(lock, lock, unlock leaves it held once, in whatever order the lane sends them).

Why not the pool's connections: a process holding many games would starve
its own queries. A process that dies lets go of its locks with its
connections; a lane whose statement fails drops its connection for the same
reason (its locks are in doubt: the server lets them all go).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import asyncpg

GAME_LOCKS = 0x4168_0000_0000_0000
"""Advisory lock keys ``GAME_LOCKS + game_id``: one process at a time acts on a game (``game_lock``)."""
LOCK_LANES = 4
"""Connections per process that hold game locks."""

LANE_STATEMENT = (
    "SELECT ARRAY(SELECT pg_advisory_unlock(key) FROM unnest($1::bigint[]) AS key),"
    " ARRAY(SELECT pg_try_advisory_lock(key) FROM unnest($2::bigint[]) WITH ORDINALITY AS asked (key, place)"
    " ORDER BY place)"
)
"""One lane round: give back the first array's locks, try to take the second's
(whether each was taken, in the order asked)."""


class LockLane:
    """One connection holding game locks; the operations asked while a
    statement is out go together in the next one."""

    def __init__(self, url: str) -> None:
        self._url = url
        self._db: asyncpg.Connection | None = None
        self._tries: list[tuple[int, asyncio.Future[bool]]] = []
        self._unlocks: list[int] = []
        self._runner: asyncio.Task | None = None

    async def try_lock(self, key: int) -> bool:
        """Whether the lock ``key`` was free and is now this session's."""
        taken: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._tries.append((key, taken))
        self._wake()
        # A waiter cancelled meanwhile leaves the future cancelled: the lane
        # then gives back a lock it took for it (``_round``).
        return await taken

    def unlock(self, key: int) -> None:
        """Give back the lock ``key`` with the lane's next statement."""
        self._unlocks.append(key)
        self._wake()

    def _wake(self) -> None:
        if self._runner is None or self._runner.done():
            self._runner = asyncio.ensure_future(self._run())

    async def _run(self) -> None:
        while self._tries or self._unlocks:
            tries, self._tries = self._tries, []
            unlocks, self._unlocks = self._unlocks, []
            await self._round(tries, unlocks)

    async def _round(self, tries: list[tuple[int, asyncio.Future[bool]]], unlocks: list[int]) -> None:
        try:
            if self._db is None or self._db.is_closed():
                self._db = await asyncpg.connect(self._url, server_settings={"application_name": "agora-locks"})
            row = await self._db.fetchrow(LANE_STATEMENT, unlocks, [key for key, _ in tries])
        except (Exception, asyncio.CancelledError) as error:
            if self._db is not None:
                self._db.terminate()  # which of its locks are held is in doubt now: let go of them all
                self._db = None
            failure = error if isinstance(error, Exception) else ConnectionError("the lock connection was closed")
            for _, taken in tries:
                if not taken.done():
                    taken.set_exception(failure)
            if isinstance(error, asyncio.CancelledError):
                raise
            return
        for (key, taken), got in zip(tries, row[1], strict=True):
            if taken.done():  # its waiter was cancelled
                if got:
                    self._unlocks.append(key)
            else:
                taken.set_result(bool(got))

    async def close(self) -> None:
        if self._runner is not None and not self._runner.done():
            with contextlib.suppress(Exception):
                await self._runner
        if self._db is not None:
            await self._db.close()
            self._db = None


class PostgresGameLocks:
    """``game_lock``: one process at a time acts on a game, across the fleet."""

    # Set by ``PostgresStore.open``: where the lock connections connect.
    _connect_url: str = ""
    _lock_lanes: list[LockLane] | None = None

    @contextlib.asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        """Hold a game for this process alone across the fleet while it reads
        and changes it (moves, seats, settings, reminders). Another
        process's hold is waited out by trying again after a short, growing
        pause (a blocking wait would stop the lane for every other game)."""
        lane, key = self._lane(game_id), GAME_LOCKS + game_id
        delay = 0.001
        while not await lane.try_lock(key):
            await asyncio.sleep(delay)
            delay = min(delay * 2, 0.02)
        try:
            yield
        finally:
            lane.unlock(key)

    def _lane(self, game_id: int) -> LockLane:
        if self._lock_lanes is None:
            self._lock_lanes = [LockLane(self._connect_url) for _ in range(LOCK_LANES)]
        return self._lock_lanes[game_id % len(self._lock_lanes)]

    async def _close_lock_lanes(self) -> None:
        for lane in self._lock_lanes or []:
            await lane.close()
