"""What every part of the front end reaches through an interaction: the
table service and the drawing workers of the bot that received it."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from cogs.utils.drawing import Drawing
from engine.tables import Tables

if TYPE_CHECKING:
    from cogs.agora_bot import AgoraBot


def agora(interaction: discord.Interaction) -> AgoraBot:
    return interaction.client  # type: ignore[return-value]


def service(interaction: discord.Interaction) -> Tables:
    return agora(interaction).service


def drawing(interaction: discord.Interaction) -> Drawing:
    return agora(interaction).drawing


async def board_file(
    drawer: Drawing, view: dict[str, Any], names: Sequence[str], filename: str = "board.png"
) -> discord.File:
    """A rendered view as an attachment (drawn off the event loop)."""
    return discord.File(io.BytesIO(await drawer.board(view, names)), filename=filename)
