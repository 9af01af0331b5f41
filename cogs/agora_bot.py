"""The Agora Discord bot: one ``Tables`` service, the cogs, the courier."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.utils import acting
from cogs.utils.components import DYNAMIC_ITEMS
from cogs.utils.courier import DiscordCourier
from cogs.utils.drawing import Drawing
from cogs.utils.replies import apologise
from cogs.utils.step_menus import STEP_ITEMS
from engine import metrics
from engine.config import Settings, version
from engine.core import AgoraError
from engine.tables import Tables

log = logging.getLogger("agora.bot")

EXTENSIONS = ("cogs.lobby", "cogs.history", "cogs.lobbies", "cogs.play", "cogs.reminders")
COMMAND_HASH_KEY = "command_tree_hash"


def discord_clock() -> float:
    """Now, as discord.py sees it (tests run it on a simulated clock)."""
    return discord.utils.utcnow().timestamp()


class AgoraBot(commands.AutoShardedBot):
    """The bot. Its ``settings`` come from ``engine.config`` (environment and
    command line); the keyword arguments here override them for tests.

    ``AutoShardedBot``: Discord refuses one gateway session past 2,500 servers;
    with ``AGORA_SHARD_COUNT``/``AGORA_SHARD_IDS`` several processes share the
    shards (and one database, which keeps them consistent)."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        db_path: str | None = None,
        guild_id: int | None = None,
        clock: Callable[[], float] = discord_clock,
        bot_budget: float | None = None,
        remind_every: float = 60.0,
        render_processes: int | None = None,
        bot_processes: int | None = None,
        **kwargs: Any,
    ):
        settings = (settings or Settings.from_env()).with_(
            db=db_path,
            guild_id=guild_id,
            render_processes=render_processes,
            bot_processes=bot_processes,
            bot_seconds=bot_budget,
        )
        # Slash commands and components arrive as interactions, which need no
        # intent; the guilds intent keeps channels and threads in the cache.
        intents = discord.Intents.none()
        intents.guilds = True
        if settings.shard_count is not None:
            kwargs.setdefault("shard_count", settings.shard_count)
        if settings.shard_ids is not None:
            kwargs.setdefault("shard_ids", list(settings.shard_ids))
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **kwargs,
        )
        self.settings = settings
        self.db_path = settings.db
        self.sync_guild = settings.guild_id
        self.clock = clock
        self.bot_budget = settings.bot_seconds
        self.remind_every = remind_every
        self.tables: Tables | None = None
        self.drawing = Drawing(settings.render_processes)
        self.bot_processes = settings.bot_processes
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    @property
    def service(self) -> Tables:
        assert self.tables is not None, "the bot has not been set up"
        return self.tables

    # What components (buttons, menus) ask of the bot: they reach the acting
    # code through it, so that module and theirs do not import each other.

    async def act(
        self, interaction: discord.Interaction, game_id: int, action: str, expected_seq: int | None = None
    ) -> None:
        await acting.play(interaction, game_id, action, expected_seq=expected_seq)

    async def open_menu(self, interaction: discord.Interaction, game_id: int) -> None:
        await acting.open_menu(interaction, game_id)

    async def show_hand(self, interaction: discord.Interaction, game_id: int | None) -> None:
        await acting.show_hand(interaction, game_id)

    async def setup_hook(self) -> None:
        await self.drawing.start()
        await self._open()
        synced = await self.sync_commands()
        if self.settings.metrics_port is not None:
            metrics.serve(self.settings.metrics_port, lambda: len(self.service._cache))
        await self.service.recover()
        log.info(
            "Agora %s ready: store %s (%d games), shards %s of %s, %d drawing and %d bot processes, commands %s",
            version(),
            self.settings.db_shown,
            await self.service.store.count_games(),
            self.shard_ids or "all",
            self.shard_count or "auto",
            self.settings.render_processes,
            self.bot_processes,
            "synced" if synced else "unchanged (not synced)",
        )

    async def _open(self) -> None:
        """The service, the persistent components and the cogs."""
        courier = DiscordCourier(self)
        self.tables = await Tables.open(
            self.db_path,
            courier=courier,
            clock=self.clock,
            bot_budget=self.bot_budget,
            bot_processes=self.bot_processes,
        )
        self.add_dynamic_items(*DYNAMIC_ITEMS, *STEP_ITEMS)
        for extension in EXTENSIONS:
            await self.load_extension(extension)

    async def sync_and_exit(self, token: str) -> None:
        """``agora sync``: log in, push the command tree whatever its hash, stop."""
        async with self:
            await self.login(token)
            await self._open()
            await self.sync_commands(force=True)
            log.info("slash commands synced (%s)", f"server {self.sync_guild}" if self.sync_guild else "globally")

    def command_tree_hash(self) -> str:
        """A fingerprint of the slash commands' shape, as Discord would see it."""
        shape = sorted((command.to_dict(self.tree) for command in self.tree.get_commands()), key=lambda c: c["name"])
        return hashlib.sha256(json.dumps(shape, sort_keys=True, default=str).encode()).hexdigest()

    async def sync_commands(self, force: bool = False) -> bool:
        """Sync the command tree with Discord, but only when its shape changed
        since the last sync (or when forced: ``agora sync``): Discord rate-limits
        syncs, and most starts change nothing."""
        scope = "guild" if self.sync_guild is not None else "global"
        key = f"{COMMAND_HASH_KEY}:{scope}:{self.sync_guild or 0}"
        fingerprint = self.command_tree_hash()
        if not force and await self.service.store.get_setting("bot", 0, key) == fingerprint:
            return False
        if self.sync_guild is not None:
            guild = discord.Object(self.sync_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        await self.service.store.put_setting("bot", 0, key, fingerprint)
        return True

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """The last resort: no interaction is ever left unanswered, whatever
        failed (a command, an autocomplete, a check)."""
        cause = error.__cause__
        if isinstance(error, app_commands.TransformerError) and isinstance(cause, AgoraError):
            error = app_commands.CheckFailure(cause.message)
        if isinstance(error, app_commands.CheckFailure) and not interaction.response.is_done():
            await interaction.response.send_message(f"❌ {error}", ephemeral=True)
            return
        if interaction.type == discord.InteractionType.autocomplete:
            log.error("autocomplete failed", exc_info=error)
            if not interaction.response.is_done():
                await interaction.response.autocomplete([])
            return
        log.error("command failed", exc_info=error)
        await apologise(interaction, None)

    async def close(self) -> None:
        try:
            if self.tables is not None:
                await self.tables.close()
                self.tables = None
            await self.drawing.close()
        finally:
            await super().close()
