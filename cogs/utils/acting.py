"""Playing an action from any entry point (/play, a button, a select menu),
and the menus of choices that go with a post."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING, Any, Sequence

import discord

from cogs.utils.replies import clip, guarded, reply
from engine.tables import PlayResult, TableError, Tables
from render import render_view

if TYPE_CHECKING:
    from cogs.agora_bot import AgoraBot

BUTTON_LIMIT = 5
SELECT_LIMIT = 25
SHORT_ACTION = 60
"""Actions this short fit in a button's custom id; longer ones go in a select."""


def service(interaction: discord.Interaction) -> Tables:
    bot: AgoraBot = interaction.client  # type: ignore[assignment]
    return bot.service


async def board_file(view: dict[str, Any], names: Sequence[str], filename: str = "board.png") -> discord.File:
    """A rendered view as an attachment (drawn off the event loop)."""
    png = await asyncio.to_thread(render_view, view, names)
    return discord.File(io.BytesIO(png), filename=filename)


async def play(interaction: discord.Interaction, game_id: int, action: str, expected_seq: int | None = None) -> None:
    """Play ``action`` for the interaction's user and acknowledge it privately.

    The public post (with the board and the next ping) is the courier's job;
    the player gets an ephemeral confirmation, with the board when the turn
    continues so they can see where they stand for their next step.
    """
    tables = service(interaction)

    async def work() -> PlayResult:
        if expected_seq is not None and (await tables.record(game_id)).seq != expected_seq:
            raise TableError("Those choices are out of date: the game has moved on. Use the latest post or `/play`.")
        return await tables.play(game_id, interaction.user.id, action)

    result = await guarded(interaction, work(), game_id)
    if result is None:
        return
    if result.turn_over:
        await reply(interaction, f"✅ {result.text}")
        return
    names = await tables.seat_names(game_id)
    content = f"✅ {result.text}\nYour turn continues."
    choices = await tables.legal(game_id, interaction.user.id)
    view = choice_view(game_id, result.seq, choices)
    if view is None:
        content += " Pick your next step with `/play`."
    file = await board_file(result.view, names)
    await reply(interaction, clip(content), file=file, **({"view": view} if view is not None else {}))


def choice_view(game_id: int, seq: int, choices: Sequence[tuple[str, str]]) -> discord.ui.View | None:
    """Buttons for a handful of choices, a select menu for up to 25, nothing
    for more (then ``/play`` and its autocomplete are the way)."""
    from cogs.utils.components import ActionButton, ActionSelect

    if not choices or len(choices) > SELECT_LIMIT:
        return None
    view = discord.ui.View(timeout=None)
    if len(choices) <= BUTTON_LIMIT and all(len(action) <= SHORT_ACTION for action, _ in choices):
        for action, _label in choices:
            view.add_item(ActionButton(game_id, seq, action))
    else:
        view.add_item(ActionSelect(game_id, seq, choices))
    return view


async def open_menu(interaction: discord.Interaction, game_id: int) -> None:
    """The caller's choices, ephemerally (secret choices never show in the channel)."""
    tables = service(interaction)
    record = await guarded(interaction, tables.record(game_id), game_id)
    if record is None:
        return
    choices = await tables.legal(game_id, interaction.user.id)
    if not choices:
        seat = record.seat_of(interaction.user.id)
        why = "You are not playing in this game." if seat is None else "Nothing to do for you right now."
        await reply(interaction, why)
        return
    view = choice_view(game_id, record.seq, choices)
    if view is None:
        await reply(interaction, f"You have {len(choices)} possible actions: type `/play` and start typing to "
                                 f"filter them (e.g. `{choices[0][0].split()[0]}`).")
        return
    await reply(interaction, "Your choices:", view=view)
