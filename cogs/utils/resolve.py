"""Working out which game an interaction is about, and reading option text."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from cogs.utils.context import service
from engine.core import Game, Option
from engine.store import GameRecord
from engine.tables import TableError


async def channel_game(interaction: discord.Interaction, finished_too: bool = False) -> GameRecord:
    """The game of the channel (or thread) the command was used in."""
    tables = service(interaction)
    if interaction.channel_id is None:
        raise TableError("Use this command in the game's channel.")
    if finished_too:
        return await tables.latest_in_channel(interaction.channel_id)
    return await tables.require_in_channel(interaction.channel_id)


async def game_for(interaction: discord.Interaction, game_id: int | None) -> GameRecord:
    """The game a player means: the one named, else this channel's, else —
    in DMs — their only game, or their only game that is waiting for them."""
    tables = service(interaction)
    if game_id is not None:
        record = await tables.record(game_id)
        if record.seat_of(interaction.user.id) is None:
            raise TableError(f"You are not playing in game #{game_id}.")
        return record
    if interaction.guild_id is not None and interaction.channel_id is not None:
        here = await tables.in_channel(interaction.channel_id)
        if here is not None:
            return here
    mine = await tables.my_games(interaction.user.id)
    waiting = [record for record, my_turn in mine if my_turn]
    if len(mine) == 1:
        return mine[0][0]
    if len(waiting) == 1:
        return waiting[0]
    if not mine:
        raise TableError("You are not in any game. Open one with `/game new` in a server channel.")
    listed = ", ".join(f"#{r.id} {tables.game_of(r).title}" for r, _ in mine[:10])
    raise TableError(f"Which game? Fill in the `game` option: {listed}.")


async def game_choices(interaction: discord.Interaction, current: str) -> list[discord.app_commands.Choice[int]]:
    """Autocomplete for a `game` option: the caller's live games, theirs to
    play first."""
    tables = service(interaction)
    mine = await tables.my_games(interaction.user.id)
    mine.sort(key=lambda pair: (not pair[1], pair[0].id))
    choices = []
    for record, my_turn in mine:
        title = tables.game_of(record).title
        name = f"#{record.id} {title}" + (" — your turn" if my_turn else "")
        if current.strip().lstrip("#") in name:
            choices.append(discord.app_commands.Choice(name=name[:100], value=record.id))
    return choices[:25]


class GameNumber(app_commands.Transformer):
    """The ``game`` argument of /play, /hand and the like: a game number,
    completed from the caller's own live games (theirs to play first). One
    definition for every command that takes it."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.integer

    async def transform(self, interaction: discord.Interaction, value: Any) -> int:
        try:
            return int(value)
        except (TypeError, ValueError):
            raise TableError("Pick a game from the list (a game number such as 12).") from None

    async def autocomplete(  # type: ignore[override]  # Choice[int] is what a game number's list holds
        self, interaction: discord.Interaction, value: int | float | str
    ) -> list[app_commands.Choice[int]]:
        return await game_choices(interaction, str(value))


def parse_options(game: Game, text: str | None) -> dict[str, str]:
    """``"gods=draft mode=teams"`` as a dict; the service checks the values."""
    options: dict[str, str] = {}
    for pair in (text or "").split():  # values may hold commas: gods=artemis,demeter
        if "=" not in pair:
            known = ", ".join(f"{k}=…" for k in game.options) or "none"
            raise TableError(f"Options are written key=value (e.g. {known}); {pair!r} is not.")
        key, value = pair.split("=", 1)
        options[key.strip().lower()] = value.strip()
    return options


def suggest_options(game: Game, typed: str) -> list[str]:
    """Completions for the options text: what was typed so far, then either
    the values of the option being typed (``gods=art`` -> ``gods=artemis``,
    ``gods=artemis,de`` -> ``gods=artemis,demeter``) or one more key=value
    for each option not yet given."""
    words = typed.split()
    partial = "" if typed.endswith(" ") or not words else words[-1]
    done = words[:-1] if partial else words
    given = {w.split("=", 1)[0] for w in done if "=" in w}
    prefix = " ".join(done)
    suggestions = []
    if "=" in partial:
        key, value = partial.split("=", 1)
        option = game.options.get(key.lower())
        if option is not None:
            suggestions = [f"{prefix} {key}={v}".strip() for v in option_values(option, value)]
        return suggestions[:25]
    for key, option in game.options.items():
        if key not in given and key.startswith(partial.lower()):
            suggestions.extend(f"{prefix} {key}={v}".strip() for v in option_values(option, ""))
    return suggestions[:25]


def option_values(option: Option, typed: str) -> list[str]:
    """Values of ``option`` that complete ``typed``: its choices, true/false,
    the whole numbers allowed, and for a list the next item."""
    typed = typed.lower()
    if option.kind is bool:
        whole = ["true", "false"]
    elif option.choices:
        whole = [str(c).lower() for c in option.choices]
    elif (
        option.kind is int
        and option.minimum is not None
        and option.maximum is not None
        and option.maximum - option.minimum < 25
    ):
        whole = [str(n) for n in range(option.minimum, option.maximum + 1)]
    else:
        whole = [str(option.default).lower()]
    found = [v for v in whole if v.startswith(typed)]
    if option.items:
        head, _, last = typed.rpartition(",")
        listed = set(head.split(",")) if head else set()
        found += [
            f"{head},{item}" if head else item for item in option.items if item.startswith(last) and item not in listed
        ]
    return found
