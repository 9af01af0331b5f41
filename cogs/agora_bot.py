"""The Agora Discord bot: one ``Tables`` service, the cogs, the courier."""

from __future__ import annotations

import logging
import os
from typing import Any, Callable

import discord
from discord.ext import commands

from cogs.utils.drawing import Drawing
from engine.tables import Tables
from engine.workers import processes_from_env

log = logging.getLogger("agora.bot")

EXTENSIONS = ("cogs.lobby", "cogs.play", "cogs.reminders")


def discord_clock() -> float:
    """Now, as discord.py sees it (tests run it on a simulated clock)."""
    return discord.utils.utcnow().timestamp()


class AgoraBot(commands.Bot):
    """Settings come from arguments or else the environment: ``AGORA_DB``
    (SQLite file), ``AGORA_GUILD`` (sync commands to one server only) and
    ``AGORA_RENDER_PROCESSES`` and ``AGORA_BOT_PROCESSES`` (worker processes
    that draw the pictures and run the bots' searches; 0 uses a thread)."""

    def __init__(self, *, db_path: str | None = None, guild_id: int | None = None,
                 clock: Callable[[], float] = discord_clock, bot_budget: float = 2.0,
                 remind_every: float = 60.0, render_processes: int | None = None,
                 bot_processes: int | None = None, **kwargs: Any):
        # Slash commands and components arrive as interactions, which need no
        # intent; the guilds intent keeps channels and threads in the cache.
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         allowed_mentions=discord.AllowedMentions.none(), **kwargs)
        self.db_path = db_path or os.environ.get("AGORA_DB", "agora.sqlite3")
        guild = guild_id if guild_id is not None else os.environ.get("AGORA_GUILD", "").strip()
        self.sync_guild = int(guild) if guild else None
        self.clock = clock
        self.bot_budget = bot_budget
        self.remind_every = remind_every
        self.tables: Tables | None = None
        self.drawing = Drawing(processes_from_env("AGORA_RENDER_PROCESSES") if render_processes is None
                               else render_processes)
        self.bot_processes = processes_from_env("AGORA_BOT_PROCESSES") if bot_processes is None else bot_processes

    @property
    def service(self) -> Tables:
        assert self.tables is not None, "the bot has not been set up"
        return self.tables

    async def setup_hook(self) -> None:
        from cogs.utils.components import DYNAMIC_ITEMS
        from cogs.utils.courier import DiscordCourier

        await self.drawing.start()
        courier = DiscordCourier(self)
        self.tables = await Tables.open(self.db_path, courier=courier, clock=self.clock,
                                        bot_budget=self.bot_budget, bot_processes=self.bot_processes)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self.sync_guild is not None:
            guild = discord.Object(self.sync_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        await self.tables.recover()
        log.info("Agora ready: %s, %d games stored", self.db_path, await self.tables.store.count_games())

    async def close(self) -> None:
        try:
            if self.tables is not None:
                await self.tables.close()
                self.tables = None
            await self.drawing.close()
        finally:
            await super().close()
