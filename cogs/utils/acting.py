"""Playing an action from any entry point (/play, a button, a select menu),
and the menus of choices that go with a post."""

from __future__ import annotations

import io
import logging
from typing import Any, Sequence

import discord

from cogs.utils.components import ActionButton, ActionSelect
from cogs.utils.context import board_file, drawing, service
from cogs.utils.drawing import Drawing
from cogs.utils.replies import chunks, clip, guarded, reply
from cogs.utils.resolve import game_for
from engine.tables import PlayResult, TableError, Tables

log = logging.getLogger("agora.cogs")

BUTTON_LIMIT = 5
SELECT_LIMIT = 25
SHORT_ACTION = 60
"""Actions this short fit in a button's custom id; longer ones go in a select."""


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


async def _turn_continues(tables: Tables, drawer: Drawing, user_id: int,
                          result: PlayResult) -> tuple[str, dict[str, Any]]:
    """The private answer to a step that leaves the turn with the player: the
    board as it stands, and the next choices when they are few."""
    content = f"✅ {result.text}\nYour turn continues."
    view = choice_view(result.game_id, result.seq, await tables.legal(result.game_id, user_id))
    if view is None:
        content += " Pick your next step with `/play`."
    extra: dict[str, Any] = {"file": await board_file(drawer, result.view, await tables.seat_names(result.game_id))}
    if view is not None:
        extra["view"] = view
    return clip(content), extra


def choice_view(game_id: int, seq: int, choices: Sequence[tuple[str, str]]) -> discord.ui.View | None:
    """Buttons for a handful of choices, a select menu for up to 25, nothing
    for more (then ``/play`` and its autocomplete are the way)."""
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
