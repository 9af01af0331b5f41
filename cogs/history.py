"""Stats, leaderboards and replays (issue 17): ``/stats [user] [game]``,
``/stats-privacy hide|show``, ``/leaderboard game [scope]`` and
``/game replay [move] [game]`` with first/back/next/last buttons that keep
working after a restart.

Discord cannot have ``/stats`` both as a command and as the group of
``/stats privacy``, so the privacy switch is its own command. ``/game
replay`` joins the ``/game`` group of the lobby cog when this cog loads
(load it after ``cogs.lobby``).
"""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.utils.components import page_button
from cogs.utils.context import board_file, drawing, service
from cogs.utils.replies import clip, guarded, reply
from cogs.utils.resolve import channel_game
from engine.games import REGISTRY
from engine.ratings import PlayerStats
from engine.tables import TableError

GAME_CHOICES = [app_commands.Choice(name=game.title, value=name) for name, game in REGISTRY.items()]
SCOPE_CHOICES = [
    app_commands.Choice(name="this server", value="server"),
    app_commands.Choice(name="everywhere", value="everywhere"),
]
LEADERBOARD_SIZE = 10


def person_name(interaction: discord.Interaction, user_id: int) -> str:
    """A member's or user's display name as this bot can see it."""
    guild = interaction.guild
    member = guild.get_member(user_id) if guild is not None else None
    user = member or interaction.client.get_user(user_id)
    if user is None:
        return f"player {user_id}"
    return getattr(user, "display_name", None) or user.name


def card_lines(entries: list[PlayerStats]) -> list[Any]:
    from render.stats import GameLine

    return [
        GameLine(
            REGISTRY[entry.game].title if entry.game in REGISTRY else entry.game,
            entry.rating.displayed,
            entry.played,
            entry.won,
            entry.average_score,
            entry.average_wait,
            entry.on_time_share,
        )
        for entry in entries
    ]


def leader_rows(interaction: discord.Interaction, entries: list[PlayerStats]) -> list[Any]:
    from render.stats import LeaderRow

    return [
        LeaderRow(rank, person_name(interaction, entry.user_id), entry.rating.displayed, entry.played, entry.won)
        for rank, entry in enumerate(entries, start=1)
    ]


async def picture(interaction: discord.Interaction, draw: Any, *args: Any, filename: str) -> discord.File:
    """A stats picture drawn off the event loop by the bot's drawing workers."""
    data = await drawing(interaction).workers.run(draw, *args)
    return discord.File(io.BytesIO(data), filename=filename)


# -- replays -----------------------------------------------------------------------------------

STEPS = (("first", "⏮ Start"), ("back", "◀ Back"), ("next", "Next ▶"), ("last", "End ⏭"))


class ReplayStep(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"agora:replay:(?P<game>\d+):(?P<move>\d+):(?P<step>first|back|next|last)",
):
    """One replay button: shows game ``game`` at ``move`` (a step names the
    button, so each of a message's four has its own custom id)."""

    def __init__(self, game_id: int, move: int, step: str, disabled: bool = False):
        super().__init__(page_button(f"agora:replay:{game_id}:{move}:{step}", dict(STEPS)[step], disabled))
        self.game_id, self.move = game_id, move

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), int(match["move"]), match["step"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # a long game's first step back can take a moment
        try:
            content, file, view = await replay_message(interaction, self.game_id, self.move)
        except TableError as error:
            await interaction.followup.send(f"❌ {error.message}", ephemeral=True)
            return
        await interaction.edit_original_response(content=content, attachments=[file], view=view)


def replay_buttons(game_id: int, move: int, total: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    targets = {"first": 0, "back": max(move - 1, 0), "next": min(move + 1, total), "last": total}
    for step, _ in STEPS:
        at_edge = move == 0 if step in ("first", "back") else move == total
        view.add_item(ReplayStep(game_id, targets[step], step, disabled=at_edge))
    return view


async def replay_message(
    interaction: discord.Interaction, game_id: int, move: int
) -> tuple[str, discord.File, discord.ui.View]:
    """Game ``game_id``'s public board after ``move`` actions (negative: from
    the end), its caption and the buttons to step on."""
    tables: Any = service(interaction)
    frame, total, names = await tables.replay_frame(game_id, move)
    record = await tables.store.game(game_id)
    title = tables.game_for(record.game).title
    caption = "the set-up" if frame.move == 0 else f"move {frame.move} of {total}: {frame.text}"
    file = await board_file(drawing(interaction), frame.view, names, filename=f"replay-{game_id}-{frame.move}.png")
    return clip(f"**{title} #{game_id}** — {caption}"), file, replay_buttons(game_id, frame.move, total)


@app_commands.command(name="replay", description="The public board at any move, with buttons to step through")
@app_commands.describe(
    move="The move to show (0: the set-up; default: the last)", game="A game's number (default: this channel's game)"
)
async def replay(interaction: discord.Interaction, move: int | None = None, game: int | None = None) -> None:
    async def work():
        if game is None:
            game_id = (await channel_game(interaction, finished_too=True)).id
        else:
            record = await service(interaction).store.game(game)
            if (
                record is not None
                and record.guild_id not in (None, interaction.guild_id)
                and record.seat_of(interaction.user.id) is None
            ):
                raise TableError(f"Game #{game} was played on another server.")
            game_id = game
        return await replay_message(interaction, game_id, -1 if move is None else move)

    found = await guarded(interaction, work())
    if found is not None:
        content, file, view = found
        await reply(interaction, content, file=file, view=view, ephemeral=False)


# -- stats and leaderboards ----------------------------------------------------------------------


class History(commands.Cog):
    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @app_commands.command(name="stats", description="Ratings and records: yours, or another player's")
    @app_commands.describe(user="Whose stats (default: yours)", game="Only this game")
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        game: app_commands.Choice[str] | None = None,
    ) -> None:
        from render.stats import stats_card

        who = user or interaction.user
        tables: Any = service(interaction)

        async def work():
            entries = await tables.player_stats(
                who.id, game=game.value if game else None, viewer_id=interaction.user.id
            )
            private = await tables.stats_private(who.id)
            name = getattr(who, "display_name", None) or who.name
            return private, await picture(interaction, stats_card, name, card_lines(entries), filename="stats.png")

        found = await guarded(interaction, work())
        if found is not None:
            private, file = found
            note = " (only you can see them: your stats are private)" if private else ""
            await reply(
                interaction,
                f"Stats of <@{who.id}>{note}",
                file=file,
                ephemeral=private,
                allowed_mentions=discord.AllowedMentions.none(),
            )

    @app_commands.command(name="stats-privacy", description="Hide your stats from others, or show them again")
    @app_commands.choices(
        setting=[app_commands.Choice(name="hide", value="hide"), app_commands.Choice(name="show", value="show")]
    )
    async def stats_privacy(self, interaction: discord.Interaction, setting: app_commands.Choice[str]) -> None:
        hide = setting.value == "hide"

        async def work() -> bool:
            await service(interaction).set_stats_private(interaction.user.id, hide)  # type: ignore[attr-defined]
            return True

        if not await guarded(interaction, work()):
            return
        await reply(
            interaction,
            "🔒 Your stats are private now: only you see them, and leaderboards leave you out."
            if hide
            else "🔓 Your stats are visible to everyone again.",
        )

    @app_commands.command(name="leaderboard", description="The best rated players of a game")
    @app_commands.describe(game="Which game", scope="This server's games, or every server's")
    @app_commands.choices(game=GAME_CHOICES, scope=SCOPE_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        scope: app_commands.Choice[str] | None = None,
    ) -> None:
        from render.stats import leaderboard_image

        everywhere = scope is not None and scope.value == "everywhere" or interaction.guild_id is None
        tables: Any = service(interaction)

        async def work():
            entries = await tables.leaderboard(
                game.value, guild_id=None if everywhere else interaction.guild_id, limit=LEADERBOARD_SIZE
            )
            where = "every server" if everywhere else (interaction.guild.name if interaction.guild else "this server")
            return await picture(
                interaction,
                leaderboard_image,
                f"{game.name} leaderboard",
                leader_rows(interaction, entries),
                f"Rated games on {where}",
                filename="leaderboard.png",
            )

        file = await guarded(interaction, work())
        if file is not None:
            await reply(interaction, f"**{game.name}** — the best rated players", file=file, ephemeral=False)


DYNAMIC_ITEMS = (ReplayStep,)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(History(bot))
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group) and group.get_command("replay") is None:
        group.add_command(replay)


async def teardown(bot: commands.Bot) -> None:
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group):
        group.remove_command("replay")
