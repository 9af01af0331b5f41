"""The reminder loop: nudges whoever holds a game up, applies deadlines, and
retries notices that could not be delivered. Due times live in SQLite, so
reminders survive restarts."""

from __future__ import annotations

import logging

from discord.ext import commands, tasks

from engine.metrics import DEAD_LETTERS, OUTBOX_BACKLOG, REMINDERS_DUE

log = logging.getLogger("agora.reminders")


class Reminders(commands.Cog):
    def __init__(self, bot: commands.Bot):
        self.bot = bot
        self.tick.change_interval(seconds=getattr(bot, "remind_every", 60.0))
        self.tick.start()

    async def cog_unload(self) -> None:
        self.tick.cancel()

    @tasks.loop(seconds=60)
    async def tick(self) -> None:
        tables = self.bot.service  # type: ignore[attr-defined]
        try:
            await tables.remind()
            await tables.flush_all()
            backlog, dead, due = await tables.store.health(tables.clock())
            OUTBOX_BACKLOG.set(backlog)
            DEAD_LETTERS.set(dead)
            REMINDERS_DUE.set(due)
        except Exception:  # noqa: BLE001 — the loop must survive anything
            log.exception("reminder tick failed")

    @tick.before_loop
    async def _ready(self) -> None:
        await self.bot.wait_until_ready()


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Reminders(bot))
