"""Playing an action from any entry point (/play, a button, a select menu),
and the menus of choices that go with a post."""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

from cogs.utils.context import board_file, drawing, service
from cogs.utils.drawing import Drawing
from cogs.utils.replies import chunks, clip, guarded, reply
from cogs.utils.resolve import game_for
from cogs.utils.step_menus import seat_step_menu
from engine.tables import PlayResult, TableError, Tables

log = logging.getLogger("agora.cogs")


async def play(interaction: discord.Interaction, game_id: int, action: str, expected_seq: int | None = None) -> None:
    """Play ``action`` for the interaction's user and acknowledge it privately.

    The public post (with the board and the next ping) is the courier's job;
    the player gets an ephemeral confirmation, with the board when the turn
    continues so they can see where they stand for their next step.
    """
    tables = service(interaction)

    async def work() -> tuple[str, dict[str, Any]]:
        if expected_seq is not None and (await tables.record(game_id)).seq != expected_seq:
            raise TableError("Those choices are out of date: the game has moved on. Use the latest post or `/play`.")
        result = await tables.play(game_id, interaction.user.id, action)
        if result.turn_over:
            return f"✅ {result.text}", {}
        try:
            return await _turn_continues(tables, drawing(interaction), interaction.user.id, result)
        except Exception:  # noqa: BLE001 — the move is stored: say so, even without the picture
            log.exception("game %s: the move was stored but its private board could not be drawn", game_id)
            return f"✅ {result.text}\nYour turn continues: pick your next step with `/play`.", {}

    answer = await guarded(interaction, work(), game_id)
    if answer is not None:
        content, extra = answer
        await reply(interaction, content, **extra)


async def _turn_continues(
    tables: Tables, drawer: Drawing, user_id: int, result: PlayResult
) -> tuple[str, dict[str, Any]]:
    """The private answer to a step that leaves the turn with the player: the
    board as it stands, and the menus of their next step."""
    content = f"✅ {result.text}\nYour turn continues."
    menu = await seat_step_menu(tables, result.game_id, result.seat)
    extra: dict[str, Any] = {"file": await board_file(drawer, result.view, await tables.seat_names(result.game_id))}
    if menu is not None:
        content += "\n" + menu.text
        extra["view"] = menu.view
    return clip(content), extra


async def open_menu(interaction: discord.Interaction, game_id: int) -> None:
    """The caller's choices as step-by-step menus, ephemerally (secret choices
    never show in the channel)."""
    tables = service(interaction)
    record = await guarded(interaction, tables.record(game_id), game_id)
    if record is None:
        return
    seat = record.seat_of(interaction.user.id)
    menu = None if seat is None else await seat_step_menu(tables, game_id, seat)
    if menu is None:
        why = "You are not playing in this game." if seat is None else "Nothing to do for you right now."
        await reply(interaction, why)
        return
    await reply(interaction, menu.text, view=menu.view)


async def show_hand(interaction: discord.Interaction, game_id: int | None) -> None:
    """The caller's private view, ephemerally."""
    tables = service(interaction)

    async def work() -> list[tuple[str, dict]]:
        record = await game_for(interaction, game_id)
        view = await tables.private_view(record.id, interaction.user.id)
        names = [s.name for s in record.seats]
        text, image = await drawing(interaction).hand(view, names)
        pages = chunks([f"**Your side of {tables.game_of(record).title} #{record.id}**", text])
        last = {"file": discord.File(io.BytesIO(image), filename="hand.png")} if image else {}
        return [(page, last if index == len(pages) - 1 else {}) for index, page in enumerate(pages)]

    pages = await guarded(interaction, work(), game_id)
    for page, extra in pages or ():
        await reply(interaction, page, **extra)
