"""The reminder loop: nudges whoever holds a game up, applies deadlines,
closes lobbies idle past their server's limit, and retries notices that
could not be delivered. Due times live in SQLite, so reminders survive
restarts."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands, tasks

from cogs.utils.context import service
from cogs.utils.replies import guarded, reply
from engine.metrics import DEAD_LETTERS, OUTBOX_BACKLOG, REMINDERS_DUE
from engine.tables.clocks import AWAY_MAX_DAYS

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
            # Lobbies nobody came to close first, so their notices go out in this tick's flush.
            await tables.expire_lobbies()
        except Exception:  # noqa: BLE001 — reminders and deliveries go on whatever failed here
            log.exception("closing idle lobbies failed")
        try:
            await tables.remind()
            await tables.flush_all()
            backlog, dead, due = await tables.store.health(tables.clock())
            OUTBOX_BACKLOG.set(backlog)
            DEAD_LETTERS.set(dead)
            REMINDERS_DUE.set(due)
        except Exception:  # noqa: BLE001 — the loop must survive anything
            log.exception("reminder tick failed")

    @app_commands.command(name="away", description="Go on vacation: no reminders, and your clocks stop in all games")
    @app_commands.describe(
        days=f"Days away (1 to {AWAY_MAX_DAYS}; 30 a year in all); 0 to come back; leave out to see your allowance"
    )
    async def away(
        self, interaction: discord.Interaction, days: app_commands.Range[float, 0.0, float(AWAY_MAX_DAYS)] | None = None
    ) -> None:
        """Stops the player's clocks in every game at once; each of their
        tables is told why it waits."""
        tables = service(interaction)
        work = tables.away_status(interaction.user.id) if days is None else tables.away(interaction.user.id, days)
        text = await guarded(interaction, work)
        if text is not None:
            await reply(interaction, text)

    @tick.before_loop
    async def _ready(self) -> None:
        await self.bot.wait_until_ready()


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Reminders(bot))
