"""``/game ...``: open, join and start games, and look after them."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.utils.components import archive_page, log_page, rules_page
from cogs.utils.context import board_file, drawing, service
from cogs.utils.replies import guarded, reply
from cogs.utils.resolve import channel_game, parse_options, suggest_options
from engine.games import REGISTRY
from engine.store import GameRecord
from engine.tables import FALLBACKS, TableError

GAME_CHOICES = [app_commands.Choice(name=game.title, value=name) for name, game in REGISTRY.items()]


def can_manage(interaction: discord.Interaction) -> bool:
    permissions = interaction.permissions
    return bool(permissions and (permissions.manage_channels or permissions.administrator))


def settings_summary(settings: dict[str, Any]) -> str:
    """A table's settings in one line, for the player who changed them."""
    deadline = f"{settings['deadline_hours']:g} h" if settings.get("deadline_hours") else "none"
    bank = "none"
    if settings.get("bank_hours"):
        bank = f"{settings['bank_hours']:g} h, +{settings.get('increment_hours', 0):g} h per turn"
    return (
        f"reminders every {settings['remind_hours']:g} h; deadline: {deadline}; time bank: {bank}; "
        f"at the deadline: {settings['fallback']}; reaction windows: {settings.get('window_hours', 8):g} h"
    )


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


class Confirm(discord.ui.View):
    """A short-lived yes/no for drastic steps (resign, abandon)."""

    def __init__(self, user_id: int, label: str):
        super().__init__(timeout=120)
        self.user_id = user_id
        self.value: bool | None = None
        self.confirm.label = label
        self.message: discord.InteractionMessage | None = None

    async def on_timeout(self) -> None:
        """Unanswered: say so on the question itself, and change nothing."""
        if self.message is not None:
            try:
                await self.message.edit(content="No answer within two minutes; nothing changed.", view=None)
            except discord.HTTPException:
                pass  # the question is gone or no longer editable

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id != self.user_id:
            await reply(interaction, "This question is not for you.")
            return False
        return True

    @discord.ui.button(label="Yes", style=discord.ButtonStyle.danger)
    async def confirm(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.value = True
        await interaction.response.edit_message(content="Confirmed.", view=None)
        self.stop()

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.secondary)
    async def cancel(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.value = False
        await interaction.response.edit_message(content="Cancelled; nothing changed.", view=None)
        self.stop()


@app_commands.guild_only()
class Lobby(commands.GroupCog, group_name="game", group_description="Start, join and manage Agora games"):
    def __init__(self, bot: commands.Bot):
        self.bot = bot
        super().__init__()

    # -- opening and seating ---------------------------------------------------------

    @app_commands.command(name="new", description="Open a new game in this channel (or in a new thread)")
    @app_commands.describe(
        game="Which game",
        options="Variants as key=value pairs, e.g. gods=draft",
        thread="Put the game in a new thread of this channel",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        options: str | None = None,
        thread: bool = False,
    ) -> None:
        """Open a lobby. Examples: `/game new game:Santorini`, `/game new game:Thera options:advanced=true`."""
        tables = service(interaction)

        async def work() -> GameRecord:
            chosen = tables.game_for(game.value)
            parsed = parse_options(chosen, options)
            if interaction.channel_id is None:
                raise TableError("Open a game from a server channel.")
            channel_id, parent_id = interaction.channel_id, None
            if thread:
                # Refused before the thread exists, so a refusal leaves no empty thread behind.
                await tables.check_may_host(interaction.guild_id, interaction.user.id)
                channel_id, parent_id = await self._open_thread(interaction, chosen.title), interaction.channel_id
            return await tables.create(
                channel_id=channel_id,
                parent_id=parent_id,
                guild_id=interaction.guild_id,
                user_id=interaction.user.id,
                name=display_name(interaction.user),
                game=chosen.name,
                options=parsed,
            )

        record = await guarded(interaction, work())
        if record is None:
            return
        where = f" in <#{record.channel_id}>" if record.parent_id else ""
        game_obj = tables.game_of(record)
        await reply(
            interaction,
            f"🏛️ {interaction.user.mention} opened a **{game_obj.title}** game #{record.id}{where} "
            f"({game_obj.min_players}–{game_obj.max_players} players). "
            f"Join with `/game join`; start with `/game start`.",
            ephemeral=False,
        )

    async def _open_thread(self, interaction: discord.Interaction, title: str) -> int:
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise TableError("Threads can be opened from a text channel only; run this in one.")
        try:
            thread = await channel.create_thread(
                name=f"{title} — {display_name(interaction.user)}",
                type=discord.ChannelType.public_thread,
                auto_archive_duration=10080,
            )
        except discord.Forbidden:
            raise TableError(
                "I am not allowed to create threads here; ask for the Create Public Threads "
                "permission or play in the channel itself."
            ) from None
        try:
            await thread.add_user(interaction.user)
        except discord.HTTPException:
            pass  # joining the thread is a courtesy; the game works without it
        return thread.id

    @app_commands.command(name="join", description="Take a seat in this channel's game")
    async def join(self, interaction: discord.Interaction) -> None:
        tables = service(interaction)

        async def work() -> GameRecord:
            record = await channel_game(interaction)
            return await tables.join(record.id, interaction.user.id, display_name(interaction.user))

        record = await guarded(interaction, work())
        if record is not None:
            await reply(
                interaction, f"🪑 {interaction.user.mention} joins ({len(record.seats)} seated).", ephemeral=False
            )

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        async def work() -> GameRecord:
            record = await channel_game(interaction)
            return await service(interaction).leave(record.id, interaction.user.id)

        record = await guarded(interaction, work())
        if record is not None:
            closed = " The lobby is empty and closed." if record.status == "abandoned" else ""
            await reply(interaction, f"👋 {interaction.user.mention} left the game.{closed}", ephemeral=False)

    @app_commands.command(name="add-bot", description="Seat an AI player")
    @app_commands.describe(level="How strong (each game lists its levels)")
    async def add_bot(self, interaction: discord.Interaction, level: str | None = None) -> None:
        async def work() -> GameRecord:
            record = await channel_game(interaction)
            return await service(interaction).add_bot(
                record.id, interaction.user.id, level, can_manage=can_manage(interaction)
            )

        record = await guarded(interaction, work())
        if record is not None:
            await reply(interaction, f"🤖 {record.seats[-1].name} joins ({len(record.seats)} seated).", ephemeral=False)

    @add_bot.autocomplete("level")
    async def _levels(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        if interaction.channel_id is None:
            return []
        record = await service(interaction).in_channel(interaction.channel_id)
        game = REGISTRY.get(record.game) if record else None
        levels = game.bot_levels if game else ()
        return [app_commands.Choice(name=level, value=level) for level in levels if current.lower() in level][:25]

    @app_commands.command(name="remove-bot", description="Take the last AI player out of the lobby")
    async def remove_bot(self, interaction: discord.Interaction) -> None:
        async def work() -> GameRecord:
            record = await channel_game(interaction)
            return await service(interaction).remove_bot(
                record.id, interaction.user.id, can_manage=can_manage(interaction)
            )

        record = await guarded(interaction, work())
        if record is not None:
            await reply(interaction, f"🤖 A bot left ({len(record.seats)} seated).", ephemeral=False)

    @app_commands.command(name="kick", description="Take a player's seat in the lobby away (host or Manage Channels)")
    @app_commands.describe(member="Who leaves the lobby")
    async def kick(self, interaction: discord.Interaction, member: discord.User) -> None:
        async def work() -> GameRecord:
            record = await channel_game(interaction)
            return await service(interaction).kick(
                record.id, interaction.user.id, member.id, can_manage=can_manage(interaction)
            )

        record = await guarded(interaction, work())
        if record is not None:
            await reply(interaction, f"🚪 {member.mention} no longer has a seat ({len(record.seats)} seated).")

    @app_commands.command(name="replace", description="Hand a seat to someone new (your own, or any as host)")
    @app_commands.describe(
        new="Who takes the seat",
        old="Whose seat (default: yours)",
        seat="Or the seat's number, e.g. the seat a bot holds since a resignation",
    )
    async def replace(
        self,
        interaction: discord.Interaction,
        new: discord.User,
        old: discord.User | None = None,
        seat: app_commands.Range[int, 1, 7] | None = None,
    ) -> None:
        """Examples: `/game replace new:@carol` (hand over your own seat), `/game replace new:@carol old:@bob`
        (host), `/game replace new:@carol seat:3` (a seat a bot plays since a resignation)."""

        async def work() -> str:
            record = await channel_game(interaction)
            if seat is not None:
                index = seat - 1
            else:
                index = record.seat_of((old or interaction.user).id)  # type: ignore[assignment]
                if index is None:
                    raise TableError(f"{(old or interaction.user).mention} has no seat in this game.")
            return await service(interaction).replace(
                record.id, interaction.user.id, index, new.id, display_name(new), can_manage=can_manage(interaction)
            )

        text = await guarded(interaction, work())
        if text is not None:
            await reply(interaction, text)

    @app_commands.command(name="start", description="Begin the game with the players seated")
    async def start(self, interaction: discord.Interaction) -> None:
        async def work():
            record = await channel_game(interaction)
            return await service(interaction).start(record.id, interaction.user.id, can_manage=can_manage(interaction))

        result = await guarded(interaction, work())
        if result is not None:
            await reply(interaction, "The game is on; the board is posted below.")

    # -- looking -----------------------------------------------------------------------

    @app_commands.command(name="status", description="Who sits where, whose turn it is")
    async def status(self, interaction: discord.Interaction) -> None:
        async def work() -> str:
            record = await channel_game(interaction, finished_too=True)
            return await service(interaction).status(record.id)

        text = await guarded(interaction, work())
        if text is not None:
            await reply(interaction, text)

    @app_commands.command(name="board", description="Show the current board")
    @app_commands.describe(public="Post it for everyone instead of only you")
    async def board(self, interaction: discord.Interaction, public: bool = False) -> None:
        tables = service(interaction)

        async def work():
            record = await channel_game(interaction, finished_too=True)
            view = await tables.public_view(record.id)
            return record, await board_file(drawing(interaction), view, [s.name for s in record.seats])

        found = await guarded(interaction, work())
        if found is not None:
            record, file = found
            await reply(
                interaction,
                f"{tables.game_of(record).title} #{record.id}, move {record.seq}",
                file=file,
                ephemeral=not public,
            )

    @app_commands.command(name="log", description="The game's history in plain words")
    async def log(self, interaction: discord.Interaction) -> None:
        async def work():
            record = await channel_game(interaction, finished_too=True)
            return await log_page(service(interaction), record.id, None)

        page = await guarded(interaction, work())
        if page is not None:
            content, view = page
            await reply(interaction, content, **({"view": view} if view is not None else {}))

    @app_commands.command(name="history", description="This server's finished games, newest first")
    @app_commands.describe(game="Only this game", player="Only games this member played")
    @app_commands.choices(game=GAME_CHOICES)
    async def history(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str] | None = None,
        player: discord.User | None = None,
    ) -> None:
        async def work():
            if interaction.guild_id is None:
                raise TableError("Use this in a server: it lists that server's games.")
            return await archive_page(
                service(interaction),
                interaction.guild_id,
                0,
                game.value if game else None,
                player.id if player else None,
            )

        page = await guarded(interaction, work())
        if page is not None:
            content, view = page
            extra: dict[str, Any] = {"view": view} if view is not None else {}
            await reply(interaction, content, **extra)

    @app_commands.command(name="rules", description="How to play, and the notation for /play")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        async def work():
            if game is not None:
                return service(interaction).game_for(game.value)
            record = await service(interaction).in_channel(interaction.channel_id)
            if record is None:
                raise TableError("Which game? Pick one in the `game` option (no game runs in this channel).")
            return service(interaction).game_for(record.game)

        chosen = await guarded(interaction, work())
        if chosen is not None:
            embed, view = rules_page(chosen, 0)
            extra: dict[str, Any] = {"view": view} if view is not None else {}
            await reply(interaction, embed=embed, **extra)

    # -- changing course -------------------------------------------------------------------

    @app_commands.command(name="undo", description="Take back your last action")
    async def undo(self, interaction: discord.Interaction) -> None:
        async def work():
            record = await channel_game(interaction)
            return await service(interaction).undo(record.id, interaction.user.id)

        result = await guarded(interaction, work())
        if result is not None:
            await reply(interaction, result.text)

    @app_commands.command(name="back", description="Take your seat back from the bot that stood in after a deadline")
    async def back(self, interaction: discord.Interaction) -> None:
        async def work() -> str:
            record = await channel_game(interaction)
            return await service(interaction).come_back(record.id, interaction.user.id)

        text = await guarded(interaction, work())
        if text is not None:
            await reply(interaction, text)

    @app_commands.command(name="resign", description="Give up (a bot takes your seat in bigger games)")
    async def resign(self, interaction: discord.Interaction) -> None:
        record = await guarded(interaction, channel_game(interaction))
        if record is None:
            return
        if record.seat_of(interaction.user.id) is None:
            await reply(interaction, "❌ You are not playing in this game.")
            return
        confirm = Confirm(interaction.user.id, "Resign")
        await reply(interaction, "Really resign from this game?", view=confirm)
        confirm.message = await interaction.original_response()
        await confirm.wait()
        if confirm.value:
            text = await guarded(interaction, service(interaction).resign(record.id, interaction.user.id), record.id)
            if text is not None:
                await interaction.followup.send("You resigned.", ephemeral=True)

    @app_commands.command(name="abandon", description="End the game for everyone (host or Manage Channels)")
    async def abandon(self, interaction: discord.Interaction) -> None:
        record = await guarded(interaction, channel_game(interaction))
        if record is None:
            return
        if record.host_id != interaction.user.id and not can_manage(interaction):
            await reply(interaction, "❌ Only the host or a member with Manage Channels can abandon the game.")
            return
        confirm = Confirm(interaction.user.id, "Abandon")
        await reply(interaction, "Really abandon this game for everyone?", view=confirm)
        confirm.message = await interaction.original_response()
        await confirm.wait()
        if confirm.value:
            text = await guarded(
                interaction,
                service(interaction).abandon(record.id, interaction.user.id, can_manage(interaction)),
                record.id,
            )
            if text is not None:
                await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(name="settings", description="Reminders, deadline, time bank and what happens at it")
    @app_commands.describe(
        remind_hours="Hours between reminders (2 to 336; default 12)",
        deadline_hours="Hours a player may take per turn (at least 1); 0 for no deadline",
        fallback="At the deadline: a bot plays for them, or pass where the rules allow",
        window_hours="Hours a reaction window (sell, tax, casting) waits for answers",
        bank_hours="Each player's time bank in hours (at least 1); 0 for none",
        increment_hours="Hours added to a player's bank after each of their turns",
    )
    @app_commands.choices(fallback=[app_commands.Choice(name=f, value=f) for f in FALLBACKS])
    async def settings(
        self,
        interaction: discord.Interaction,
        remind_hours: app_commands.Range[float, 2.0, 336.0] | None = None,
        deadline_hours: app_commands.Range[float, 0.0, 1440.0] | None = None,
        fallback: app_commands.Choice[str] | None = None,
        window_hours: app_commands.Range[float, 0.5, 72.0] | None = None,
        bank_hours: app_commands.Range[float, 0.0, 1440.0] | None = None,
        increment_hours: app_commands.Range[float, 0.0, 336.0] | None = None,
    ) -> None:
        """The host (or Manage Channels) changes the table's settings at once;
        any other player proposes a change that applies once all agree."""
        await self._configure(
            interaction,
            remind_hours=remind_hours,
            deadline_hours=deadline_hours,
            fallback=fallback.value if fallback else None,
            window_hours=window_hours,
            bank_hours=bank_hours,
            increment_hours=increment_hours,
        )

    @app_commands.command(name="pause", description="Stop the table's clocks for some days (others vote on it)")
    @app_commands.describe(days="Days to pause reminders, deadlines and time banks (1 to 30); 0 ends a pause")
    async def pause(self, interaction: discord.Interaction, days: app_commands.Range[float, 0.0, 30.0]) -> None:
        """The host pauses at once; any other player proposes a pause that
        starts once every other player agrees."""
        await self._configure(interaction, pause_days=days)

    async def _configure(self, interaction: discord.Interaction, **changes: Any) -> None:
        async def work():
            record = await channel_game(interaction)
            return await service(interaction).configure(
                record.id, interaction.user.id, can_manage(interaction), **changes
            )

        change = await guarded(interaction, work())
        if change is not None:
            await reply(interaction, f"{change.text}\nNow: {settings_summary(change.settings)}.")

    @new.autocomplete("options")
    async def _options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        chosen = REGISTRY.get(str(interaction.namespace.game or ""))
        if chosen is None:
            return []
        return [app_commands.Choice(name=text[:100], value=text[:100]) for text in suggest_options(chosen, current)]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby(bot))
