"""Delivering the outbox: each game's notices, in order, through the courier."""

from __future__ import annotations

import asyncio
import logging

from engine.tables.base import TableBase
from engine.tables.model import Notice

log = logging.getLogger("agora.tables")


class Outbox(TableBase):
    """Delivery of the outbox through the courier."""

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
