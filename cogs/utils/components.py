"""Buttons and select menus that keep working after a restart.

Each is a ``DynamicItem``: everything it needs (game id, the log position it
was made for, the choice) lives in its ``custom_id``, so a click on a week-old
message still reaches the right game after any number of restarts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from cogs.utils.context import agora, service
from cogs.utils.replies import chunks, guarded, pages_of, reply

PREFIX = "agora"


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"agora:do:(?P<game>\d+):(?P<seq>\d+):(?P<action>.+)"
):
    """One legal action as a button."""

    def __init__(self, game_id: int, seq: int, action: str):
        super().__init__(
            discord.ui.Button(
                label=action[:80], style=discord.ButtonStyle.primary, custom_id=f"{PREFIX}:do:{game_id}:{seq}:{action}"
            )
        )
        self.game_id, self.seq, self.action = game_id, seq, action

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), int(match["seq"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await agora(interaction).act(interaction, self.game_id, self.action, expected_seq=self.seq)


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"agora:pick:(?P<game>\d+):(?P<seq>\d+)"):
    """Up to 25 legal actions in a select menu."""

    def __init__(self, game_id: int, seq: int, choices: Sequence[tuple[str, str]] = ()):
        options = [
            discord.SelectOption(label=action[:100], value=action[:100], description=label[:100] or None)
            for action, label in choices[:25]
        ]
        select: discord.ui.Select = discord.ui.Select(
            custom_id=f"{PREFIX}:pick:{game_id}:{seq}",
            placeholder="Choose your action…",
            options=options or [discord.SelectOption(label="-", value="-")],
        )
        super().__init__(select)
        self.game_id, self.seq = game_id, seq

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values: list[str] = list(data.get("values") or [])
        if not values:
            await reply(interaction, "Pick one of the actions in the menu.")
            return
        await agora(interaction).act(interaction, self.game_id, values[0], expected_seq=self.seq)


class MenuButton(discord.ui.DynamicItem[discord.ui.Button], template=r"agora:menu:(?P<game>\d+)"):
    """Opens the caller's own choices ephemerally (for games with secrets)."""

    def __init__(self, game_id: int):
        super().__init__(
            discord.ui.Button(
                label="Your move", emoji="🎲", style=discord.ButtonStyle.primary, custom_id=f"{PREFIX}:menu:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await agora(interaction).open_menu(interaction, self.game_id)


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"agora:hand:(?P<game>\d+)"):
    """Shows the caller's private view ephemerally."""

    def __init__(self, game_id: int):
        super().__init__(
            discord.ui.Button(
                label="My hand", emoji="🂠", style=discord.ButtonStyle.secondary, custom_id=f"{PREFIX}:hand:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await agora(interaction).show_hand(interaction, self.game_id)


class UndoAnswer(
    discord.ui.DynamicItem[discord.ui.Button], template=r"agora:undo:(?P<game>\d+):(?P<seq>\d+):(?P<answer>yes|no)"
):
    """Accept or refuse a take-back request."""

    def __init__(self, game_id: int, seq: int, accept: bool):
        super().__init__(
            discord.ui.Button(
                label="Accept" if accept else "Refuse",
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.danger,
                custom_id=f"{PREFIX}:undo:{game_id}:{seq}:{'yes' if accept else 'no'}",
            )
        )
        self.game_id, self.seq, self.accept = game_id, seq, accept

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), int(match["seq"]), match["answer"] == "yes")

    async def callback(self, interaction: discord.Interaction) -> None:
        tables = service(interaction)
        result = await guarded(
            interaction,
            tables.answer_undo(self.game_id, interaction.user.id, self.accept, at_seq=self.seq),
            self.game_id,
        )
        if result is not None:
            await reply(interaction, result.text)


class MuteButton(discord.ui.DynamicItem[discord.ui.Button], template=r"agora:mute:(?P<game>\d+):(?P<seq>\d+)"):
    """Silences reminders until the player's current turn is over."""

    def __init__(self, game_id: int, seq: int):
        super().__init__(
            discord.ui.Button(
                label="Mute for this turn",
                emoji="🔕",
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:mute:{game_id}:{seq}",
            )
        )
        self.game_id, self.seq = game_id, seq

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        tables = service(interaction)
        text = await guarded(interaction, tables.mute(self.game_id, interaction.user.id, self.seq), self.game_id)
        if text is not None:
            await reply(interaction, f"🔕 {text}")


LOG_PAGE_LINES = 20


def page_button(custom_id: str, label: str, disabled: bool) -> discord.ui.Button:
    """A grey button that turns a page (of the log, the rules, the lobbies,
    a replay): disabled at the first or the last."""
    return discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled, custom_id=custom_id)


class LogPage(
    discord.ui.DynamicItem[discord.ui.Button], template=r"agora:log:(?P<game>\d+):(?P<page>\d+):(?P<dir>p|n)"
):
    """Pages through a game's log (the log message is the caller's own)."""

    def __init__(self, game_id: int, page: int, forward: bool, disabled: bool = False):
        super().__init__(
            page_button(
                f"{PREFIX}:log:{game_id}:{page}:{'n' if forward else 'p'}",
                "Newer ▶" if forward else "◀ Older",
                disabled,
            )
        )
        self.game_id, self.page = game_id, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), int(match["page"]), match["dir"] == "n")

    async def callback(self, interaction: discord.Interaction) -> None:
        content, view = await log_page(service(interaction), self.game_id, self.page)
        await interaction.response.edit_message(content=content, view=view)


class RulesPage(
    discord.ui.DynamicItem[discord.ui.Button], template=r"agora:rules:(?P<game>[a-z]+):(?P<page>\d+):(?P<dir>p|n)"
):
    """Pages through a game's rules (each page within an embed's 4,096 characters)."""

    def __init__(self, game: str, page: int, forward: bool, disabled: bool = False):
        super().__init__(
            page_button(
                f"{PREFIX}:rules:{game}:{page}:{'n' if forward else 'p'}", "Next ▶" if forward else "◀ Back", disabled
            )
        )
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["game"], int(match["page"]), match["dir"] == "n")

    async def callback(self, interaction: discord.Interaction) -> None:
        embed, view = rules_page(service(interaction).game_for(self.game), self.page)
        await interaction.response.edit_message(embed=embed, view=view)


def rules_page(game, page: int) -> tuple[discord.Embed, discord.ui.View | None]:
    """Page ``page`` of a game's rules, with buttons to the others."""
    pages = pages_of(game.rules_text, RULES_PAGE)
    page = max(0, min(page, len(pages) - 1))
    embed = discord.Embed(title=f"{game.title} — how to play", description=pages[page])
    if len(pages) == 1:
        return embed, None
    embed.set_footer(text=f"Page {page + 1} of {len(pages)}")
    view = discord.ui.View(timeout=None)
    view.add_item(RulesPage(game.name, max(page - 1, 0), False, disabled=page == 0))
    view.add_item(RulesPage(game.name, min(page + 1, len(pages) - 1), True, disabled=page == len(pages) - 1))
    return embed, view


RULES_PAGE = 4000
"""Characters per rules page: within an embed description's 4,096."""


class ProposalAnswer(
    discord.ui.DynamicItem[discord.ui.Button], template=r"agora:propose:(?P<game>\d+):(?P<answer>yes|no)"
):
    """Accept or refuse a proposed change of a table's settings."""

    def __init__(self, game_id: int, accept: bool):
        super().__init__(
            discord.ui.Button(
                label="Accept" if accept else "Refuse",
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.danger,
                custom_id=f"{PREFIX}:propose:{game_id}:{'yes' if accept else 'no'}",
            )
        )
        self.game_id, self.accept = game_id, accept

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), match["answer"] == "yes")

    async def callback(self, interaction: discord.Interaction) -> None:
        text = await guarded(
            interaction,
            service(interaction).answer_proposal(self.game_id, interaction.user.id, self.accept),
            self.game_id,
        )
        if text is not None:
            await reply(interaction, text)


class JoinButton(discord.ui.DynamicItem[discord.ui.Button], template=r"agora:join:(?P<game>\d+)"):
    """Takes a seat in a lobby for whoever clicks (under an invitation)."""

    def __init__(self, game_id: int):
        super().__init__(
            discord.ui.Button(
                label=f"Join game #{game_id}",
                emoji="🪑",
                style=discord.ButtonStyle.success,
                custom_id=f"{PREFIX}:join:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        user = interaction.user
        name = getattr(user, "display_name", None) or user.name
        record = await guarded(interaction, service(interaction).join(self.game_id, user.id, name), self.game_id)
        if record is not None:
            await reply(
                interaction,
                f"🪑 {user.mention} joins game #{self.game_id} ({len(record.seats)} seated).",
                ephemeral=False,
            )


class ArchivePage(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"agora:hist:(?P<guild>\d+):(?P<page>\d+):(?P<game>[a-z-]+):(?P<user>\d+):(?P<dir>p|n)",
):
    """Pages through a server's finished games (the message is the caller's own)."""

    def __init__(
        self, guild_id: int, page: int, game: str | None, user_id: int | None, forward: bool, disabled: bool = False
    ):
        super().__init__(
            discord.ui.Button(
                label="Older ▶" if forward else "◀ Newer",
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=f"{PREFIX}:hist:{guild_id}:{page}:{game or '-'}:{user_id or 0}:{'n' if forward else 'p'}",
            )
        )
        self.guild_id, self.page, self.game, self.user_id = guild_id, page, game, user_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        game = None if match["game"] == "-" else match["game"]
        return cls(int(match["guild"]), int(match["page"]), game, int(match["user"]) or None, match["dir"] == "n")

    async def callback(self, interaction: discord.Interaction) -> None:
        content, view = await archive_page(service(interaction), self.guild_id, self.page, self.game, self.user_id)
        await interaction.response.edit_message(content=content, view=view)


async def archive_page(
    tables: Any, guild_id: int, page: int, game: str | None, user_id: int | None
) -> tuple[str, discord.ui.View | None]:
    """Page ``page`` (0 = newest) of a server's finished games."""
    lines, pages = await tables.archive(guild_id, game=game, user_id=user_id, page=page)
    page = max(0, min(page, pages - 1))
    head = f"**Finished games** — page {page + 1}/{pages}"
    content = chunks([head, *(lines or ["No finished game yet."])])[0]
    if pages == 1:
        return content, None
    view = discord.ui.View(timeout=None)
    view.add_item(ArchivePage(guild_id, max(page - 1, 0), game, user_id, False, disabled=page == 0))
    view.add_item(ArchivePage(guild_id, min(page + 1, pages - 1), game, user_id, True, disabled=page == pages - 1))
    return content, view


async def log_page(tables, game_id: int, page: int | None) -> tuple[str, discord.ui.View | None]:
    """Page ``page`` (0 = oldest; None = newest) of a game's log."""
    lines = await tables.history(game_id)
    pages = [lines[i : i + LOG_PAGE_LINES] for i in range(0, len(lines), LOG_PAGE_LINES)] or [[]]
    last = len(pages) - 1
    page = last if page is None else max(0, min(page, last))
    body = "\n".join(pages[page]) or "(nothing has happened yet)"
    content = chunks([f"**Log of game #{game_id}** — page {page + 1}/{last + 1}", body])[0]
    if last == 0:
        return content, None
    view = discord.ui.View(timeout=None)
    view.add_item(LogPage(game_id, max(page - 1, 0), False, disabled=page == 0))
    view.add_item(LogPage(game_id, min(page + 1, last), True, disabled=page == last))
    return content, view


DYNAMIC_ITEMS = (
    ActionButton,
    ActionSelect,
    MenuButton,
    HandButton,
    UndoAnswer,
    MuteButton,
    LogPage,
    RulesPage,
    ProposalAnswer,
    ArchivePage,
    JoinButton,
)
