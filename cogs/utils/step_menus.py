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

Several steps, one command: in a game that joins a seat's consecutive steps
(``Game.step_separator``, Hellenica), an action after which the same seat
decides again, with nothing revealed, is not played at once. The reply shows
the steps chosen so far, "▶ Play" to send them as one command, and the menus
of the next step, read from the state those steps would leave (the table's
``menu_after_steps``; the game checks the whole command again when it is
played). A custom id then carries the trails of the chosen steps before the
current trail, separated by dots.

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
PLAY = "▶ Play"
STEP_MARK = "."
"""Separates the trails of the chosen steps in a custom id."""
CUSTOM_ID_LIMIT = 100
TRAIL_ROOM = 8
"""Characters kept free in a custom id for the trail of the step being chosen."""
STALE = "Those choices are out of date: the game has moved on. Use the latest post or `/play`."

Choice = tuple[str, str, Sequence[str]]
"""(action, label, menu path) of one legal action."""


@dataclass(frozen=True)
class StepMenu:
    """One step of a seat's menus: the lines to show and the components."""

    text: str
    view: discord.ui.View


@dataclass(frozen=True)
class Place:
    """Whose menus, of which game as of which seq, and the steps already
    chosen for the command (their trails, each in the menus of the state the
    steps before it leave)."""

    game_id: int
    seq: int
    seat: int
    chain: tuple[tuple[int, ...], ...] = ()

    def custom_id(self, kind: str, trail: Sequence[int] | None) -> str:
        trails = [*self.chain, *([] if trail is None else [trail])]
        return f"{PREFIX}:{kind}:{self.game_id}:{self.seq}:{self.seat}:" + STEP_MARK.join(map(encode_trail, trails))

    def then(self, trail: Sequence[int]) -> Place:
        return Place(self.game_id, self.seq, self.seat, (*self.chain, tuple(trail)))

    def room_for_another_step(self, trail: Sequence[int]) -> bool:
        return len(self.then(trail).custom_id("steps", ())) + TRAIL_ROOM <= CUSTOM_ID_LIMIT


def read_trails(text: str) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The chosen steps' trails and the current trail of a custom id's last field."""
    *chain, trail = text.split(STEP_MARK)
    return tuple(decode_trail(part) for part in chain), decode_trail(trail)


def step_menu(
    game_id: int, seq: int, seat: int, choices: Sequence[Choice], trail: Sequence[int] = ()
) -> StepMenu | None:
    """The step reached by ``trail`` (the top by default) of the menus over
    ``choices``; None when there is nothing to choose."""
    if not choices:
        return None
    return _step_of(Place(game_id, seq, seat), build_menu(choices), trail)


def _step_of(place: Place, tree: MenuNode, trail: Sequence[int], chosen: Sequence[str] = ()) -> StepMenu:
    level = menu_level(tree, trail)
    text = level_text(level, back=bool(place.chain))
    if chosen:
        text = f"{MENU_MARK} Your command so far: {', '.join(f'`{step}`' for step in chosen)}.\n" + text
    return StepMenu(text=text, view=_level_view(place, level))


def step_view(game_id: int, seq: int, seat: int, choices: Sequence[Choice]) -> discord.ui.View | None:
    """The components of the top step alone (where the message's text is fixed)."""
    menu = step_menu(game_id, seq, seat, choices)
    return None if menu is None else menu.view


def level_text(level: Level, back: bool = False) -> str:
    """Where the player is, and for buttons that play an action, what each
    plays (a select menu says it in its options' descriptions). ``back``: a
    step of a command's next step, where "◀ Back" takes the last step back
    and "▶ Play" sends the steps chosen so far."""
    if back and not level.can_go_back:
        lines = [f"{MENU_MARK} **Next step**: choose below, {PLAY} to send your command as it is, or {BACK}."]
    else:
        lines = [
            f"{MENU_MARK} **{level.heading}**: choose below"
            + (f" ({BACK} goes up a step)." if level.can_go_back or back else ".")
        ]
    if level.style == "buttons":
        lines += [
            f"{MENU_MARK} **{entry.text}**: {entry.description}"
            for entry in level.entries
            if entry.action is not None and entry.description != entry.text
        ]
    return "\n".join(lines)


def _level_view(place: Place, level: Level) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if level.style == "buttons":
        for entry in level.entries:
            style = discord.ButtonStyle.primary if entry.action is not None else discord.ButtonStyle.secondary
            view.add_item(StepButton(place, level.trail + (entry.index,), entry.text, style))
    else:
        options = [
            discord.SelectOption(label=entry.text, value=str(entry.index), description=entry.description or None)
            for entry in level.entries
        ]
        view.add_item(StepSelect(place, level.trail, options))
    if place.chain and not level.trail:
        view.add_item(PlayButton(place))
        previous = Place(place.game_id, place.seq, place.seat, place.chain[:-1])
        view.add_item(StepButton(previous, place.chain[-1][:-1], BACK, discord.ButtonStyle.secondary, row=4))
    elif level.can_go_back:
        view.add_item(StepButton(place, level.trail[:-1], BACK, discord.ButtonStyle.secondary, row=4))
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


async def _menus_after(tables: Tables, place: Place) -> tuple[list[str], MenuNode]:
    """The actions of the steps chosen so far, and the menus of the next one
    (``STALE`` when the game moved on or a step no longer leads anywhere)."""
    chosen: list[str] = []
    for index in range(len(place.chain) + 1):
        current, choices = await tables.menu_after_steps(place.game_id, place.seat, chosen)
        if current != place.seq or not choices:
            raise TableError(STALE)
        tree = build_menu(choices)
        if index == len(place.chain):
            return chosen, tree
        try:
            node = node_at(tree, place.chain[index])
        except MenuMoved:
            raise TableError(STALE) from None
        if node.action is None:
            raise TableError(STALE)
        chosen.append(node.action)
    raise AssertionError("unreachable")


# ---------------------------------------------------------------------------
# Clicks


async def follow(interaction: discord.Interaction, place: Place, trail: tuple[int, ...]) -> None:
    """A click that leads to ``trail``: the next step; or an action, played
    with the steps chosen before it, unless the seat may add a next step."""
    tables = service(interaction)

    async def work() -> StepMenu | str:
        await _owner_check(tables, place.game_id, place.seat, interaction.user.id)
        chosen, tree = await _menus_after(tables, place)
        try:
            node = node_at(tree, trail)
        except MenuMoved:
            raise TableError(STALE) from None
        if node.action is None:
            return _step_of(place, tree, trail, chosen)
        steps = [*chosen, node.action]
        if place.room_for_another_step(trail):
            current, choices = await tables.menu_after_steps(place.game_id, place.seat, steps)
            if current != place.seq:
                raise TableError(STALE)
            if choices:
                return _step_of(place.then(trail), build_menu(choices), (), steps)
        return await tables.steps_command(place.game_id, steps)

    outcome = await guarded(interaction, work(), place.game_id)
    if outcome is None:
        return
    if isinstance(outcome, str):
        await agora(interaction).act(interaction, place.game_id, outcome, expected_seq=place.seq)
        return
    await _show(interaction, outcome)


async def play_chosen(interaction: discord.Interaction, place: Place) -> None:
    """ "▶ Play": the steps chosen so far, as one command."""
    tables = service(interaction)

    async def work() -> str:
        await _owner_check(tables, place.game_id, place.seat, interaction.user.id)
        chosen, _ = await _menus_after(tables, place)
        return await tables.steps_command(place.game_id, chosen)

    command = await guarded(interaction, work(), place.game_id)
    if command is not None:
        await agora(interaction).act(interaction, place.game_id, command, expected_seq=place.seq)


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


def _place(match: Any) -> tuple[Place, tuple[int, ...]]:
    chain, trail = read_trails(match["trail"])
    return Place(int(match["game"]), int(match["seq"]), int(match["seat"]), chain), trail


class StepButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"agora:step:(?P<game>\d+):(?P<seq>\d+):(?P<seat>\d+):(?P<trail>[0-9a-z.]*)",
):
    """An entry of a step shown as a button, or "◀ Back": goes to ``trail``."""

    def __init__(
        self,
        place: Place,
        trail: Sequence[int],
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ):
        super().__init__(discord.ui.Button(label=label, style=style, row=row, custom_id=place.custom_id("step", trail)))
        self.place, self.trail = place, tuple(trail)

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(*_place(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await follow(interaction, self.place, self.trail)


class StepSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"agora:steps:(?P<game>\d+):(?P<seq>\d+):(?P<seat>\d+):(?P<trail>[0-9a-z.]*)",
):
    """A step shown as a select menu; the option's value is the entry's index."""

    def __init__(self, place: Place, trail: Sequence[int], options: Sequence[discord.SelectOption] = ()):
        super().__init__(
            discord.ui.Select(
                custom_id=place.custom_id("steps", trail),
                placeholder="Choose…",
                options=list(options) or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.place, self.trail = place, tuple(trail)

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(*_place(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(value) for value in data.get("values", [])]
        if not values or not values[0].isdigit():
            await reply(interaction, "Pick one of the entries in the menu.")
            return
        await follow(interaction, self.place, self.trail + (int(values[0]),))


class PlayButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"agora:chain:(?P<game>\d+):(?P<seq>\d+):(?P<seat>\d+):(?P<trail>[0-9a-z.]*)",
):
    """ "▶ Play": sends the steps chosen so far as one command."""

    def __init__(self, place: Place):
        super().__init__(
            discord.ui.Button(
                label=PLAY, style=discord.ButtonStyle.success, row=4, custom_id=place.custom_id("chain", None)
            )
        )
        self.place = place

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        place, trail = _place(match)
        return cls(place.then(trail))

    async def callback(self, interaction: discord.Interaction) -> None:
        await play_chosen(interaction, self.place)


STEP_ITEMS = (StepButton, StepSelect, PlayButton)
"""Register with ``bot.add_dynamic_items(*STEP_ITEMS)``."""
