"""Finding games (issue 15): ``/game lobbies`` lists the server's open lobbies
with links to their channels, ``/game invite @member`` pings someone with a
join button, and ``/game server-settings`` sets how long a lobby may wait for
players and how many open games one member may host.

The commands join the ``/game`` group of the lobby cog when this extension
loads (load it after ``cogs.lobby``), as ``/game replay`` does.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.utils.components import PREFIX, page_button
from cogs.utils.context import service
from cogs.utils.replies import clip, guarded, reply
from cogs.utils.resolve import channel_game
from engine.games import REGISTRY
from engine.tables.discovery import LobbyListing, describe_options
from engine.tables.model import duration

GAME_CHOICES = [app_commands.Choice(name=game.title, value=name) for name, game in REGISTRY.items()]
PAGE_SIZE = 10
"""Lobbies per page: ten two-line entries read at a glance and stay far
below an embed's 4,096 characters."""
EMBED_COLOUR = discord.Colour.from_rgb(0, 114, 178)


def listing_line(listing: LobbyListing) -> str:
    """One lobby: what, how many seats are free, who hosts, where, options."""
    free = f"{listing.free} of {listing.max_players} seats free"
    if listing.seated < listing.min_players:
        free += f", {listing.min_players - listing.seated} more needed to start"
    host = f"<@{listing.host_id}>" if listing.host_id is not None else "no host"
    line = (
        f"**#{listing.game_id} {listing.title}** — {free}\n"
        f"host {host} · in <#{listing.channel_id}> · opened {duration(listing.age)} ago"
    )
    options = describe_options(listing.options)
    if options:
        line += f" · `{clip(options, 200)}`"
    return line


def lobbies_page(
    listings: list[LobbyListing], guild_id: int, guild_name: str, page: int, game: str | None
) -> tuple[discord.Embed, discord.ui.View | None]:
    """Page ``page`` (0 = newest) of the lobbies, and buttons to turn pages if there are several."""
    pages = max(1, -(-len(listings) // PAGE_SIZE))
    page = max(0, min(page, pages - 1))
    shown = listings[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
    title = REGISTRY[game].title if game in REGISTRY else None
    of_game = f" of {title}" if title else ""
    embed = discord.Embed(
        title=f"Open lobbies{of_game} on {guild_name}",
        colour=EMBED_COLOUR,
        description="\n\n".join(listing_line(listing) for listing in shown)
        or f"No open lobby{of_game} here right now. Open one with `/game new`.",
    )
    count = f"{len(listings)} open {'lobby' if len(listings) == 1 else 'lobbies'}"
    embed.set_footer(text=f"Page {page + 1}/{pages} · {count} · join with /game join in a lobby's channel")
    if pages == 1:
        return embed, None
    view = discord.ui.View(timeout=None)
    view.add_item(LobbiesPage(guild_id, max(page - 1, 0), game, False, disabled=page == 0))
    view.add_item(LobbiesPage(guild_id, min(page + 1, pages - 1), game, True, disabled=page == pages - 1))
    return embed, view


async def server_lobbies(interaction: discord.Interaction, game: str | None) -> list[LobbyListing]:
    listings = await service(interaction).open_lobbies(interaction.guild_id)
    return [listing for listing in listings if game is None or listing.game == game]


class LobbiesPage(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"agora:lobbies:(?P<guild>\d+):(?P<page>\d+):(?P<game>[a-z-]+):(?P<dir>p|n)",
):
    """Turns the pages of ``/game lobbies`` (read afresh at each turn)."""

    def __init__(self, guild_id: int, page: int, game: str | None, forward: bool, disabled: bool = False):
        super().__init__(
            page_button(
                f"{PREFIX}:lobbies:{guild_id}:{page}:{game or '-'}:{'n' if forward else 'p'}",
                "Older ▶" if forward else "◀ Newer",
                disabled,
            )
        )
        self.guild_id, self.page, self.game = guild_id, page, game

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        game = None if match["game"] == "-" else match["game"]
        return cls(int(match["guild"]), int(match["page"]), game, match["dir"] == "n")

    async def callback(self, interaction: discord.Interaction) -> None:
        listings = await server_lobbies(interaction, self.game)
        guild_name = interaction.guild.name if interaction.guild is not None else "this server"
        embed, view = lobbies_page(listings, self.guild_id, guild_name, self.page, self.game)
        await interaction.response.edit_message(embed=embed, view=view)


@app_commands.command(name="lobbies", description="Games in this server waiting for players, with links")
@app_commands.describe(game="Only lobbies of this game")
@app_commands.choices(game=GAME_CHOICES)
async def lobbies(interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
    """The server's open lobbies with a free seat, newest first, ten a page:
    the game, free seats, host, options and a link to the lobby's channel."""
    chosen = game.value if game is not None else None
    listings = await guarded(interaction, server_lobbies(interaction, chosen))
    if listings is None or interaction.guild_id is None:
        return
    guild_name = interaction.guild.name if interaction.guild is not None else "this server"
    embed, view = lobbies_page(listings, interaction.guild_id, guild_name, 0, chosen)
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    await reply(interaction, embed=embed, **extra)


@app_commands.command(name="invite", description="Invite a member to this channel's lobby (a ping with a join button)")
@app_commands.describe(member="Who to invite")
async def invite(interaction: discord.Interaction, member: discord.Member) -> None:
    """A seated player invites someone: the bot pings them in the lobby's
    channel with a button that seats them. One invitation per member and lobby."""
    if member.bot:
        await reply(interaction, "❌ Bots take no seat by invitation; the host adds an AI player with `/game add-bot`.")
        return

    async def work() -> str:
        record = await channel_game(interaction)
        return await service(interaction).invite(record.id, interaction.user.id, member.id)

    text = await guarded(interaction, work())
    if text is not None:
        await reply(interaction, f"📨 {text}")


@app_commands.command(name="server-settings", description="How long lobbies wait, how many games one member hosts")
@app_commands.describe(
    lobby_idle_hours="Close a lobby after this many hours without a join, leave or change (1 to 720; default 72)",
    max_open_games="Most open games (lobbies and running) one member may host here (1 to 50; default 5)",
)
async def server_settings(
    interaction: discord.Interaction,
    lobby_idle_hours: app_commands.Range[float, 1.0, 720.0] | None = None,
    max_open_games: app_commands.Range[int, 1, 50] | None = None,
) -> None:
    """Without arguments: the server's settings. With them: a member with
    Manage Server changes them, and the change is announced."""
    permissions = interaction.permissions
    can_manage_server = bool(permissions and (permissions.manage_guild or permissions.administrator))
    text = await guarded(
        interaction,
        service(interaction).configure_server(
            interaction.guild_id,
            interaction.user.id,
            can_manage_server,
            lobby_idle_hours=lobby_idle_hours,
            max_open_games_per_user=max_open_games,
        ),
    )
    if text is not None:
        changed = lobby_idle_hours is not None or max_open_games is not None
        await reply(interaction, text, ephemeral=not changed)


COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (lobbies, invite, server_settings)
DYNAMIC_ITEMS = (LobbiesPage,)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group):
        for command in COMMANDS:
            if group.get_command(command.name) is None:
                group.add_command(command)


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group):
        for command in COMMANDS:
            group.remove_command(command.name)
