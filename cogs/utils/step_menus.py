"""Step-by-step menus on Discord: any number of choices by clicks alone.

A seat's legal actions become the tree of ``cogs.utils.menu_tree`` (kind of
action, then target, then amount; at most 25 entries a step). Each step is a
select menu, or buttons when it has a few short entries, with "◀ Back"
below the top. The components are persistent ``DynamicItem``s: their
``custom_id`` holds the game, the log position (seq) the menu was made for,
the seat and the entries clicked so far (their indices, never their text),
so a click after a restart rebuilds the same tree from the game's legal
actions and carries on.

Where the next step appears: a click on a public post (the channel's board
post, a DM notice) opens the next step in a private (ephemeral) reply, so the
post itself stays as it is; a click on such a private reply edits it in
place. An entry that is an action is played through the bot's ``act`` (the
same path as every button) with the menu's seq, so a menu the game has
moved past refuses, and says why. This module imports nothing of
``acting``, so ``acting`` can build its menus with it.

Entry points for the rest of the front end::

    menu = await seat_step_menu(tables, game_id, seat)   # or step_menu(game_id, seq, seat, choices)
    if menu is not None:
        await channel.send(f"{text}\\n{menu.text}", view=menu.view)

``STEP_ITEMS`` are the ``DynamicItem`` classes to register with
``bot.add_dynamic_items``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from cogs.utils.context import agora, service
from cogs.utils.menu_tree import (
    Level,
    MenuMoved,
    MenuNode,
    build_menu,
    decode_trail,
    encode_trail,
    menu_level,
    node_at,
)
from cogs.utils.replies import clip, guarded, reply
from engine.tables import TableError

if TYPE_CHECKING:
    from engine.tables import Tables

PREFIX = "agora"
MENU_MARK = "🧭"
"""Starts the lines a menu writes into its message (an edit replaces only those)."""
BACK = "◀ Back"
STALE = "Those choices are out of date: the game has moved on. Use the latest post or `/play`."

Choice = tuple[str, str, Sequence[str]]
"""(action, label, menu path) of one legal action."""


@dataclass(frozen=True)
class StepMenu:
    """One step of a seat's menus: the lines to show and the components."""

    text: str
    view: discord.ui.View


def step_menu(
    game_id: int, seq: int, seat: int, choices: Sequence[Choice], trail: Sequence[int] = ()
) -> StepMenu | None:
    """The step reached by ``trail`` (the top by default) of the menus over
    ``choices``; None when there is nothing to choose."""
    if not choices:
        return None
    return _step_of(game_id, seq, seat, build_menu(choices), trail)


def _step_of(game_id: int, seq: int, seat: int, tree: MenuNode, trail: Sequence[int]) -> StepMenu:
    level = menu_level(tree, trail)
    return StepMenu(text=level_text(level), view=_level_view(game_id, seq, seat, level))


def step_view(game_id: int, seq: int, seat: int, choices: Sequence[Choice]) -> discord.ui.View | None:
    """The components of the top step alone (where the message's text is fixed)."""
    menu = step_menu(game_id, seq, seat, choices)
    return None if menu is None else menu.view


def level_text(level: Level) -> str:
    """Where the player is, and for buttons that play an action, what each
    plays (a select menu says it in its options' descriptions)."""
    lines = [
        f"{MENU_MARK} **{level.heading}**: choose below" + (f" ({BACK} goes up a step)." if level.can_go_back else ".")
    ]
    if level.style == "buttons":
        lines += [
            f"{MENU_MARK} **{entry.text}**: {entry.description}"
            for entry in level.entries
            if entry.action is not None and entry.description != entry.text
        ]
    return "\n".join(lines)


def _level_view(game_id: int, seq: int, seat: int, level: Level) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if level.style == "buttons":
        for entry in level.entries:
            style = discord.ButtonStyle.primary if entry.action is not None else discord.ButtonStyle.secondary
            view.add_item(StepButton(game_id, seq, seat, level.trail + (entry.index,), entry.text, style))
    else:
        options = [
            discord.SelectOption(label=entry.text, value=str(entry.index), description=entry.description or None)
            for entry in level.entries
        ]
        view.add_item(StepSelect(game_id, seq, seat, level.trail, options))
    if level.can_go_back:
        view.add_item(StepButton(game_id, seq, seat, level.trail[:-1], BACK, discord.ButtonStyle.secondary, row=4))
    return view


# ---------------------------------------------------------------------------
# Reading the game


async def seat_choices(tables: Tables, game_id: int, seat: int) -> tuple[int, list[Choice]]:
    """The game's seq and the seat's legal actions with their labels and menu
    paths, read from one and the same state (nothing when the game is not on)."""
    seq, choices = await tables.menu_for_seat(game_id, seat)
    return seq, list(choices)


async def seat_step_menu(tables: Tables, game_id: int, seat: int) -> StepMenu | None:
    """The top step of a seat's menus as the game stands (None when the seat
    has nothing to choose): what a post, a private reply or a DM carries."""
    seq, choices = await seat_choices(tables, game_id, seat)
    return step_menu(game_id, seq, seat, choices)


async def _owner_check(tables: Tables, game_id: int, seat: int, user_id: int) -> None:
    """Only the seat's player may use its menus (they may sit in a public post)."""
    record = await tables.record(game_id)
    if not 0 <= seat < len(record.seats):
        raise TableError(STALE)
    if record.seats[seat].user_id != user_id:
        mine = record.seat_of(user_id)
        raise TableError(
            "You are not playing in this game."
            if mine is None
            else f'These choices are {record.seats[seat].name}\'s; use `/play` or the "Your move" button for your own.'
        )


# ---------------------------------------------------------------------------
# Clicks


async def follow(interaction: discord.Interaction, game_id: int, seq: int, seat: int, trail: tuple[int, ...]) -> None:
    """A click that leads to ``trail``: the next step, or the action played."""
    tables = service(interaction)

    async def work() -> StepMenu | str:
        await _owner_check(tables, game_id, seat, interaction.user.id)
        current, choices = await seat_choices(tables, game_id, seat)
        if current != seq or not choices:
            raise TableError(STALE)
        tree = build_menu(choices)
        try:
            node = node_at(tree, trail)
        except MenuMoved:
            raise TableError(STALE) from None
        if node.is_action:
            return node.action  # type: ignore[return-value]
        return _step_of(game_id, seq, seat, tree, trail)

    outcome = await guarded(interaction, work(), game_id)
    if outcome is None:
        return
    if isinstance(outcome, str):
        await agora(interaction).act(interaction, game_id, outcome, expected_seq=seq)
        return
    await _show(interaction, outcome)


async def _show(interaction: discord.Interaction, menu: StepMenu) -> None:
    """The next step: in place on a private reply, else as a private reply
    (a public post, or a DM notice, stays as it was)."""
    message = interaction.message
    if message is not None and message.flags.ephemeral and not interaction.response.is_done():
        kept = [line for line in message.content.splitlines() if not line.startswith(MENU_MARK)]
        content = clip("\n".join(kept + [menu.text]))
        await interaction.response.edit_message(content=content, view=menu.view)
        return
    await reply(interaction, menu.text, view=menu.view)


class StepButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"agora:step:(?P<game>\d+):(?P<seq>\d+):(?P<seat>\d+):(?P<trail>[0-9a-z]*)",
):
    """An entry of a step shown as a button, or "◀ Back": goes to ``trail``."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        seat: int,
        trail: Sequence[int],
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ):
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style,
                row=row,
                custom_id=f"{PREFIX}:step:{game_id}:{seq}:{seat}:{encode_trail(trail)}",
            )
        )
        self.game_id, self.seq, self.seat, self.trail = game_id, seq, seat, tuple(trail)

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), int(match["seq"]), int(match["seat"]), decode_trail(match["trail"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await follow(interaction, self.game_id, self.seq, self.seat, self.trail)


class StepSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"agora:steps:(?P<game>\d+):(?P<seq>\d+):(?P<seat>\d+):(?P<trail>[0-9a-z]*)",
):
    """A step shown as a select menu; the option's value is the entry's index."""

    def __init__(
        self, game_id: int, seq: int, seat: int, trail: Sequence[int], options: Sequence[discord.SelectOption] = ()
    ):
        super().__init__(
            discord.ui.Select(
                custom_id=f"{PREFIX}:steps:{game_id}:{seq}:{seat}:{encode_trail(trail)}",
                placeholder="Choose…",
                options=list(options) or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.game_id, self.seq, self.seat, self.trail = game_id, seq, seat, tuple(trail)

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), int(match["seq"]), int(match["seat"]), decode_trail(match["trail"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(value) for value in data.get("values", [])]
        if not values or not values[0].isdigit():
            await reply(interaction, "Pick one of the entries in the menu.")
            return
        await follow(interaction, self.game_id, self.seq, self.seat, self.trail + (int(values[0]),))


STEP_ITEMS = (StepButton, StepSelect)
"""Register with ``bot.add_dynamic_items(*STEP_ITEMS)``."""
