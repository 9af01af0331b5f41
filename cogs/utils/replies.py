"""Answering interactions: ephemeral errors, apologies with a reference, and
text that fits Discord's limits."""

from __future__ import annotations

import logging
import re
import secrets
from typing import Any, Awaitable, TypeVar

import discord

from engine.core import AgoraError

log = logging.getLogger("agora.cogs")

T = TypeVar("T")

MESSAGE_LIMIT = 2000
MENTION = re.compile(r"<@!?(\d+)>")


async def reply(interaction: discord.Interaction, content: str = "", *, ephemeral: bool = True,
                **kwargs: Any) -> None:
    """Answer an interaction, or follow up if it was already answered."""
    content = clip(content)
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)
    courier = getattr(getattr(interaction.client, "tables", None), "courier", None)
    note = courier.take_dm_note(interaction.user.id) if hasattr(courier, "take_dm_note") else None
    if note:
        await interaction.followup.send(note, ephemeral=True)


async def guarded(interaction: discord.Interaction, work: Awaitable[T], game_id: int | None = None) -> T | None:
    """Run ``work``; a player's mistake becomes an ephemeral message, anything
    unexpected is logged with the game id and answered with an apology. The
    service guarantees that neither changed the stored game."""
    try:
        return await work
    except AgoraError as error:
        await reply(interaction, f"❌ {error.message}")
    except Exception:  # noqa: BLE001 — the user must always get an answer
        await apologise(interaction, game_id)
    return None


async def apologise(interaction: discord.Interaction, game_id: int | None) -> None:
    reference = secrets.token_hex(4)
    log.exception("unexpected error (game %s, ref %s, user %s)", game_id, reference, interaction.user.id)
    where = f"game #{game_id}, " if game_id is not None else ""
    try:
        await reply(interaction, f"😓 Something went wrong on our side ({where}ref `{reference}`). "
                                 f"Nothing was changed; please try again, and mention that ref if it persists.")
    except discord.HTTPException:
        log.warning("could not apologise for ref %s", reference)


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def chunks(lines: list[str], limit: int = 1900) -> list[str]:
    """Lines packed into messages that fit Discord's limit."""
    pages, page = [], ""
    for line in lines:
        line = clip(line, limit)
        if page and len(page) + 1 + len(line) > limit:
            pages.append(page)
            page = line
        else:
            page = f"{page}\n{line}" if page else line
    if page:
        pages.append(page)
    return pages


def mentions_of(user_ids: list[int]) -> discord.AllowedMentions:
    """Ping exactly these users and nobody else."""
    return discord.AllowedMentions(everyone=False, roles=False,
                                   users=[discord.Object(u) for u in user_ids])


def plain_mentions(text: str, names: dict[int, str]) -> str:
    """Mentions rewritten as names (where a ping would be wrong, e.g. DMs)."""
    return MENTION.sub(lambda m: names.get(int(m.group(1)), "someone"), text)
