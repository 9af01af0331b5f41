"""``/play``, ``/hand`` and ``/mygames``: acting in a game and seeing your
own side of it, from the game's channel or from DMs."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.utils import acting
from cogs.utils.acting import show_hand
from cogs.utils.context import service
from cogs.utils.replies import chunks, guarded, reply
from cogs.utils.resolve import GameNumber, game_for
from engine.core import AgoraError

AUTOCOMPLETE_LIMIT = 25


def rank_choices(choices: list[tuple[str, str]], typed: str) -> list[tuple[str, str]]:
    """What the player typed filters the list: actions starting with it first,
    then those containing it, then those whose wording contains it."""
    typed = " ".join(typed.lower().split())
    if not typed:
        return choices
    starts = [c for c in choices if c[0].startswith(typed)]
    inside = [c for c in choices if typed in c[0] and not c[0].startswith(typed)]
    worded = [c for c in choices if typed not in c[0] and typed in c[1].lower()]
    return starts + inside + worded


class Play(commands.Cog):
    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @app_commands.command(name="play", description="Play your next action (autocomplete lists what is legal)")
    @app_commands.describe(
        action="Start typing: the list shows only your legal actions",
        game="Which game (needed in DMs when you play several)",
    )
    @app_commands.allowed_installs(guilds=True, users=False)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def play(
        self, interaction: discord.Interaction, action: str, game: app_commands.Transform[int, GameNumber] | None = None
    ) -> None:
        """Examples: `/play action:move b2 c3`, `/play action:build d4`."""
        record = await guarded(interaction, game_for(interaction, game), game)
        if record is not None:
            await acting.play(interaction, record.id, action)

    @play.autocomplete("action")
    async def _actions(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        tables = service(interaction)
        try:
            record = await game_for(interaction, interaction.namespace.game)
        except AgoraError as error:
            return [app_commands.Choice(name=error.message[:100], value="?")]
        choices = await tables.legal(record.id, interaction.user.id)
        if not choices:
            if record.seat_of(interaction.user.id) is None:
                return [app_commands.Choice(name="You are not playing in this game", value="?")]
            return [app_commands.Choice(name="Nothing to do for you right now", value="?")]
        ranked = rank_choices(choices, current)[:AUTOCOMPLETE_LIMIT]
        return [
            app_commands.Choice(name=(f"{action} — {label}" if label else action)[:100], value=action[:100])
            for action, label in ranked
        ]

    @app_commands.command(name="hand", description="What only you can see: your hand, objectives, bids")
    @app_commands.describe(game="Which game (needed in DMs when you play several)")
    @app_commands.allowed_installs(guilds=True, users=False)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def hand(
        self, interaction: discord.Interaction, game: app_commands.Transform[int, GameNumber] | None = None
    ) -> None:
        await show_hand(interaction, game)

    @app_commands.command(name="mygames", description="Every game you play in, and where it is your turn")
    @app_commands.allowed_installs(guilds=True, users=False)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def mygames(self, interaction: discord.Interaction) -> None:
        tables = service(interaction)
        mine = await guarded(interaction, tables.my_games(interaction.user.id))
        if mine is None:
            return
        if not mine:
            await reply(interaction, "You are not in any game right now. Open one with `/game new`.")
            return
        mine.sort(key=lambda pair: (not pair[1], pair[0].id))
        lines = []
        for record, my_turn in mine:
            title = tables.game_of(record).title
            link = (
                f"https://discord.com/channels/{record.guild_id}/{record.channel_id}"
                if record.guild_id
                else f"<#{record.channel_id}>"
            )
            state = "**your turn**" if my_turn else ("waiting for players" if record.status == "lobby" else "waiting")
            lines.append(f"{'▶️' if my_turn else '•'} #{record.id} {title} — {state} — {link}")
        for index, page in enumerate(chunks(lines)):
            await reply(interaction, page)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(bot))
