"""Answering interactions: ephemeral errors, apologies with a reference, and
text that fits Discord's limits."""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
import time
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord

from engine.core import AgoraError
from engine.metrics import INTERACTION_SECONDS, INTERACTIONS

log = logging.getLogger("agora.cogs")

T = TypeVar("T")

MESSAGE_LIMIT = 2000
DEFER_AFTER = 2.0
"""Seconds of work after which an interaction is acknowledged with "thinking…"
(Discord drops an interaction that gets no first answer within 3 s)."""
MENTION = re.compile(r"<@!?(\d+)>")


async def reply(interaction: discord.Interaction, content: str = "", *, ephemeral: bool = True, **kwargs: Any) -> None:
    """Answer an interaction, or follow up if it was already answered.

    After a deferral the first follow-up replaces the private "thinking…"
    message and stays private, so a public answer needs a second message."""
    content = clip(content)
    if interaction.response.is_done():
        if not ephemeral and interaction.response.type == discord.InteractionResponseType.deferred_channel_message:
            await interaction.edit_original_response(content="✅ Done (posted below).")
        await interaction.followup.send(content, ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)
    # The courier tells a player once, in their next reply, that their DMs are closed.
    take_note = getattr(getattr(getattr(interaction.client, "tables", None), "courier", None), "take_dm_note", None)
    note = take_note(interaction.user.id) if take_note is not None else None
    if note:
        await interaction.followup.send(note, ephemeral=True)


class _DeferIfSlow:
    """Acknowledges the interaction privately once work has taken
    ``DEFER_AFTER`` seconds, so a slow move is never dropped by Discord; the
    answer then arrives as a follow-up (``reply`` handles both)."""

    def __init__(self, interaction: discord.Interaction):
        self.interaction = interaction
        self.deferring = False
        self.task = asyncio.create_task(self._later())

    async def _later(self) -> None:
        await asyncio.sleep(DEFER_AFTER)
        if self.interaction.response.is_done():
            return
        self.deferring = True
        try:
            await self.interaction.response.defer(ephemeral=True, thinking=True)
        except discord.HTTPException as error:
            log.warning("could not defer interaction %s: %s", self.interaction.id, error)

    async def stop(self) -> None:
        """Before answering: drop the timer, or let a deferral in flight land
        first (cancelling it halfway would leave Discord's state unknown)."""
        if self.deferring:
            await self.task
        else:
            self.task.cancel()


async def guarded(interaction: discord.Interaction, work: Awaitable[T], game_id: int | None = None) -> T | None:
    """Run ``work``; a player's mistake becomes an ephemeral message, anything
    unexpected is logged with the game id and answered with an apology. The
    service guarantees that neither changed the stored game. Slow work is
    deferred rather than left to time out."""
    timer = _DeferIfSlow(interaction)
    kind = interaction.command.qualified_name if interaction.command is not None else "component"
    started = time.perf_counter()
    try:
        result = await work
    except AgoraError as error:
        await timer.stop()
        await reply(interaction, f"❌ {error.message}")
        outcome = "refused"
    except Exception:  # noqa: BLE001 — the user must always get an answer
        await timer.stop()
        await apologise(interaction, game_id)
        outcome = "error"
    else:
        await timer.stop()
        INTERACTIONS.labels(kind, "ok").inc()
        INTERACTION_SECONDS.labels(kind).observe(time.perf_counter() - started)
        return result
    INTERACTIONS.labels(kind, outcome).inc()
    INTERACTION_SECONDS.labels(kind).observe(time.perf_counter() - started)
    return None


async def apologise(interaction: discord.Interaction, game_id: int | None) -> None:
    reference = secrets.token_hex(4)
    log.exception("unexpected error (game %s, ref %s, user %s)", game_id, reference, interaction.user.id)
    where = f"game #{game_id}, " if game_id is not None else ""
    try:
        await reply(
            interaction,
            f"😓 Something went wrong on our side ({where}ref `{reference}`). "
            f"Nothing was changed; please try again, and mention that ref if it persists.",
        )
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


def pages_of(text: str, limit: int = 4000) -> list[str]:
    """Long text in pages of at most ``limit`` characters, cut between
    paragraphs (or lines, or words) so no page stops mid-sentence."""
    pages: list[str] = []
    page = ""
    for paragraph in text.split("\n\n"):
        pieces = [paragraph] if len(paragraph) <= limit else paragraph.split("\n")
        for piece in pieces:
            while len(piece) > limit:  # one enormous line: cut at a space
                cut = piece.rfind(" ", 0, limit) if " " in piece[:limit] else limit
                pages.append(piece[:cut])
                piece = piece[cut:].lstrip()
            joiner = "\n\n" if piece is paragraph else "\n"
            if page and len(page) + len(joiner) + len(piece) > limit:
                pages.append(page)
                page = piece
            else:
                page = f"{page}{joiner}{piece}" if page else piece
    if page:
        pages.append(page)
    return pages or [""]


def mentions_of(user_ids: list[int]) -> discord.AllowedMentions:
    """Ping exactly these users and nobody else."""
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(u) for u in user_ids])


def plain_mentions(text: str, names: dict[int, str]) -> str:
    """Mentions rewritten as names (where a ping would be wrong, e.g. DMs)."""
    return MENTION.sub(lambda m: names.get(int(m.group(1)), "someone"), text)
