"""Delivering the outbox: each game's notices, in order, through the courier."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

from engine.metrics import NOTICES
from engine.store import NewNotice, NoticeRecord
from engine.tables.base import TableBase
from engine.tables.model import Notice, Undeliverable

log = logging.getLogger("agora.tables")


FIRST_RETRY = 5.0
"""Seconds before a failed delivery is tried again; each failure doubles it."""
LONGEST_WAIT = 15 * 60.0
NOTICE_BATCH = 500
"""The most notices of one game one flush claims."""
MAX_ATTEMPTS = 10
"""Failures after which a notice becomes a dead letter (about 1.5 hours of
retries): a passing outage is waited out, a broken destination is not."""


def retry_delay(attempts: int) -> float:
    """The wait after the ``attempts``-th failed delivery (1, 2, …)."""
    return float(min(FIRST_RETRY * 2 ** (attempts - 1), LONGEST_WAIT))


def destination(notice: NoticeRecord) -> tuple[str, int | None]:
    """Where a notice goes: a player's DMs, or the game's channel. Order is
    kept per destination: a DM that waits for a retry holds back later DMs
    to the same player, never the channel's posts."""
    if notice.kind == "private" or (notice.kind == "reminder" and notice.payload.get("dm")):
        return "dm", notice.user_id
    return "channel", None


FRESH_KEPT = 5000
"""Payloads of just-committed notices kept in memory for their delivery (a
notice another process delivers is never looked up here: the oldest go)."""


class Outbox(TableBase):
    """Delivery of the outbox through the courier: in order per destination,
    each notice with its own nonce (so a repeat after a crash is recognised),
    failures retried with exponential backoff, and a notice that can never be
    delivered set aside as a dead letter with its reason, so it holds up
    nothing."""

    def _keep_fresh(self, notice_ids: Sequence[int], notices: Sequence[NewNotice]) -> None:
        """Remember the payloads of notices just committed, so their delivery
        does not decode again what the commit has just encoded (the ids come
        in the order the notices were written)."""
        if self.courier is None or not notice_ids:
            return
        self._fresh_payloads.update(zip(sorted(notice_ids), (notice.payload for notice in notices), strict=True))
        while len(self._fresh_payloads) > FRESH_KEPT:
            del self._fresh_payloads[next(iter(self._fresh_payloads))]

    async def flush(self, game_id: int, *, retry_now: bool = False) -> int:
        """Deliver a game's pending notices through the courier; returns how
        many went out. ``retry_now`` ignores the backoff of earlier failures
        (after a restart)."""
        if self.courier is None:
            return 0
        lock = self._deliver_locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            if not self.shared:  # the one process: nobody to share the work with
                return await self._deliver(game_id, await self.store.pending_notices(game_id, NOTICE_BATCH), retry_now)
            # Claimed: one process at a time delivers a game's notices, in
            # order; a process that dies mid-way leaves them to another once
            # the lease runs out (a repeat then carries the same nonce).
            pending = await self.store.claim_pending_notices(game_id, self.owner, self.claim_lease, NOTICE_BATCH)
            try:
                return await self._deliver(game_id, pending, retry_now)
            finally:
                await self.store.release_notices([row.id for row in pending], self.owner)

    async def _deliver(self, game_id: int, pending: list[NoticeRecord], retry_now: bool) -> int:
        """Deliver claimed notices in order, holding back a destination whose
        earlier notice waits for a retry. The delivered ones are marked in one
        write when the flush ends (a crash in between sends them again with
        their nonces, which the courier recognises), not in one write each."""
        if not pending:
            return 0
        # A game's channel never changes: the cached record saves a query per flush.
        cached = self._cache.get(game_id)
        record = cached.record if cached is not None else await self.store.game(game_id)
        channel_id = record.channel_id if record is not None else 0
        delivered: list[int] = []
        try:
            await self._deliver_in_order(game_id, pending, channel_id, retry_now, delivered)
        finally:
            await self.store.mark_delivered(delivered)
            NOTICES.labels("delivered").inc(len(delivered))
        return len(delivered)

    async def _deliver_in_order(
        self, game_id: int, pending: list[NoticeRecord], channel_id: int, retry_now: bool, delivered: list[int]
    ) -> None:
        assert self.courier is not None  # checked by ``flush``
        held: set[tuple[str, int | None]] = set()
        now = self.clock()
        for row in pending:
            where = destination(row)
            if where in held:
                continue
            if not retry_now and row.next_attempt_at is not None and row.next_attempt_at > now:
                held.add(where)
                continue
            payload = self._fresh_payloads.pop(row.id, None)
            notice = Notice(row.id, row.game_id, row.kind, row.user_id, payload or row.payload, channel_id)
            try:
                await self.courier.deliver(notice)
            except Undeliverable as error:
                log.warning("game %s: notice %s can never be delivered (%s); set aside", game_id, row.id, error)
                await self.store.mark_failed(row.id, str(error), retry_at=None, now=self.clock())
                NOTICES.labels("dead").inc()
                continue
            except Exception as error:  # noqa: BLE001 — a failed delivery is retried, never lost
                if not await self._count_failure(game_id, row, error):
                    held.add(where)
                continue
            delivered.append(row.id)

    async def _count_failure(self, game_id: int, row: NoticeRecord, error: Exception) -> bool:
        """Record a failed delivery; True when the notice became a dead letter
        (it holds nothing up), False when it waits for a retry."""
        attempts = row.attempts + 1
        reason = f"{type(error).__name__}: {error}"
        if attempts >= MAX_ATTEMPTS:
            log.error("game %s: notice %s failed %d times (%s); set aside", game_id, row.id, attempts, reason)
            await self.store.mark_failed(
                row.id, f"gave up after {attempts} attempts: {reason}", retry_at=None, now=self.clock()
            )
            NOTICES.labels("dead").inc()
            return True
        log.warning(
            "game %s: delivering notice %s failed (%s); retrying in %.0f s",
            game_id,
            row.id,
            reason,
            retry_delay(attempts),
        )
        await self.store.mark_failed(row.id, reason, retry_at=self.clock() + retry_delay(attempts), now=self.clock())
        NOTICES.labels("retried").inc()
        return False

    async def flush_all(self, *, retry_now: bool = False) -> int:
        total = 0
        for game_id in await self.store.games_with_pending_notices():
            total += await self.flush(game_id, retry_now=retry_now)
        return total

    async def undeliverable(self, game_id: int) -> list[tuple[int, str, str]]:
        """A game's dead letters: (notice id, kind, reason)."""
        return await self.store.dead_letters(game_id)
