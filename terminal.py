"""``bot.py --local``: an Agora table in the terminal, over the same service
and a real SQLite file as the Discord bot.

Several players share one keyboard; commands come line by line from the
terminal or from piped stdin, and the program exits at end of input. Run it
again with the same ``AGORA_DB`` and the table resumes where it stopped.
Channel posts print as they would be posted; private messages print as
``[to alice] ...``; board pictures are written as PNG files.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from engine.config import Settings
from engine.core import AgoraError
from engine.tables import DEFAULT_SETTINGS, Notice, TableError, Tables
from engine.tables.model import duration

log = logging.getLogger("agora.terminal")

LOCAL_CHANNEL = 1
"""The terminal is one channel; its live game is the one being played."""

HELP = """\
Commands (one per line):
  new <game> [key=value ...]   open a game (options as key=value; seed=N fixes the dice)
  games                        list the games and their options
  join <name>                  seat a player
  add-bot [level]              seat a bot
  start                        begin the game
  <name>: <action>             play as that player, e.g.  alice: move b2 c3
  legal [<name>]               legal actions with their meaning
  board                        write the public board as a PNG and print its path
  hand <name>                  that player's private view
  status                       who sits where, whose turn it is
  log                          the game so far
  replay <move>                write the public board after that move as a PNG (0: the set-up; -1: the last)
  stats <name>                 that player's ratings and records
  undo <name>                  take back that player's last move
  accept <name> / refuse <name>   answer a take-back request
  agree <name> / disagree <name>  answer a proposed change of settings
  kick <name>                  take a player's seat away before the start
  resign <name>                give up
  back <name>                  take a seat back from the bot that stood in after a deadline
  abandon                      end the game for everyone
  settings [key=value ...]     show or change remind_hours, deadline_hours, fallback, window_hours,
                               bank_hours, increment_hours
  pause <days>                 stop the table's clocks and reminders for some days (0 ends the pause)
  away <name> <days>           that player is on vacation in all games (0: back; no days: their allowance)
  remind                       send reminders that are due now
  help                         this text
"""

MENTION = re.compile(r"<@(\d+)>")
TIMESTAMP = re.compile(r"<t:(\d+):R>")
DISCORD_WORDS = [
    (
        " Finish it, `/game abandon` it, or start the new one in a thread with `/game new ... thread:true`.",
        " Finish it or `abandon` it first.",
    ),
    ("`/game join`", "`join <name>`"),
    ("`/game start`", "`start`"),
    ("`/game add-bot`", "`add-bot [level]`"),
    ("`/game abandon`", "`abandon`"),
    ("`/game new`", "`new <game>`"),
    ("`/game back`", "`back <name>`"),
    ("`/game resign`", "`resign <name>`"),
    ("`/game leave`", "`resign <name>`"),
    ("`/play`", "`<name>: <action>`"),
    ("`/hand`", "`hand <name>`"),
    ("a member with Manage Channels", "the table"),
]
"""The service speaks Discord's commands; the terminal table names its own."""


def terminal_words(text: str, now: float) -> str:
    """A service message with the terminal's commands instead of Discord's,
    and Discord's relative timestamps in words."""
    for discord_words, ours in DISCORD_WORDS:
        text = text.replace(discord_words, ours)
    return TIMESTAMP.sub(lambda m: "in " + duration(max(0.0, int(m.group(1)) - now)), text)


def user_id(name: str) -> int:
    """A stable id for a name typed at the keyboard (same name, same player)."""
    return zlib.crc32(name.strip().lower().encode()) + 1


class TerminalCourier:
    """Delivers notices by printing them."""

    def __init__(self, out: TextIO, names: dict[int, str], image_dir: Path, images: bool):
        self.out = out
        self.names = names
        self.image_dir = image_dir
        self.images = images

    def plain(self, text: str) -> str:
        text = terminal_words(text, time.time())
        return MENTION.sub(lambda m: "@" + self.names.get(int(m.group(1)), m.group(1)), text)

    async def deliver(self, notice: Notice) -> None:
        payload = notice.payload
        if notice.kind == "summary":
            return  # the animated summary is for Discord; `replay <move>` draws any board here
        if notice.kind == "private":
            from render import hand_text

            target = self.names.get(notice.user_id or 0, str(notice.user_id))
            body = hand_text(payload["view"], payload.get("names"))
            print(f"[to {target}] {self.plain(payload['text'])}", file=self.out)
            for line in body.splitlines():
                print(f"[to {target}]   {line}", file=self.out)
            return
        if notice.kind == "reminder" and payload.get("dm"):
            target = self.names.get(notice.user_id or 0, str(notice.user_id))
            print(f"[to {target}] {self.plain(payload['text'])}", file=self.out)
            return
        print(self.plain(payload.get("text", "")), file=self.out)
        if notice.kind == "undo_request":
            print("  (answer with: accept <name> or refuse <name>)", file=self.out)
        if notice.kind == "proposal":
            print("  (answer with: agree <name> or disagree <name>)", file=self.out)
        if self.images and payload.get("view"):
            path = write_board(
                self.image_dir, notice.game_id, payload["view"], payload.get("names"), payload.get("seq", 0)
            )
            print(f"  [board: {path}]", file=self.out)


def write_board(directory: Path, game_id: int, view: dict[str, Any], names: Any, seq: int) -> Path:
    from render import render_view

    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"game{game_id}-{seq:04d}.png"
    path.write_bytes(render_view(view, names))
    return path.resolve()


class Terminal:
    def __init__(self, tables: Tables, courier: TerminalCourier, out: TextIO):
        self.tables = tables
        self.courier = courier
        self.out = out

    def say(self, text: str) -> None:
        print(self.courier.plain(text), file=self.out)

    async def refresh_names(self) -> None:
        record = await self.tables.in_channel(LOCAL_CHANNEL)
        if record is not None:
            for seat in record.seats:
                if seat.user_id is not None:
                    self.courier.names[seat.user_id] = seat.name

    async def game_id(self) -> int:
        """The live game: what moves and lobby commands act on."""
        return (await self.tables.require_in_channel(LOCAL_CHANNEL)).id

    async def shown_game_id(self) -> int:
        """The live game, or the last one: what board, log and status show."""
        return (await self.tables.latest_in_channel(LOCAL_CHANNEL)).id

    async def handle(self, line: str) -> None:
        line = line.strip()
        if not line or line.startswith("#"):
            return
        try:
            await self._dispatch(line)
        except AgoraError as error:
            self.say(f"! {error.message}")
        except Exception as error:  # noqa: BLE001 — one bad line must not end the table
            log.exception("terminal command %r failed", line[:200])
            self.say(f"! That did not work ({type(error).__name__}); nothing was changed. Type `help`.")
        await self.tables.settle()

    async def _dispatch(self, line: str) -> None:
        if ":" in line and not line.split(":", 1)[0].strip().count(" "):
            name, action = line.split(":", 1)
            await self._play(name.strip(), action.strip())
            return
        words = line.split()
        command, args = words[0].lower(), words[1:]
        handler: Callable[..., Any] | None = getattr(self, "cmd_" + command.replace("-", "_"), None)
        if handler is None:
            raise TableError(
                f"Unknown command {command!r}. Type `help` for the list; to play, write `<name>: <action>`."
            )
        await handler(args)

    async def _play(self, name: str, action: str) -> None:
        if not name:
            raise TableError("Write the player's name before the colon, e.g. `alice: move b2 c3`.")
        result = await self.tables.play(await self.game_id(), user_id(name), action)
        if not result.turn_over:
            # What Discord shows only the mover; the channel gets the whole turn at its end.
            self.say(f"[to {name}] ✅ {result.text} (your turn continues)")

    async def cmd_help(self, args: list[str]) -> None:
        self.say(HELP.rstrip())

    async def cmd_games(self, args: list[str]) -> None:
        for game in self.tables.registry.values():
            self.say(f"{game.name}: {game.title}, {game.min_players}-{game.max_players} players")
            for key, option in game.options.items():
                self.say(f"    {key}={option.default}  ({option.describe_allowed()}) {option.help}")

    async def cmd_new(self, args: list[str]) -> None:
        if not args:
            raise TableError(f"Which game? `new <game>`, one of: {', '.join(self.tables.registry)}.")
        options: dict[str, str] = {}
        seed = None
        for pair in args[1:]:
            if "=" not in pair:
                raise TableError(f"Options are written key=value; {pair!r} is not.")
            key, value = pair.split("=", 1)
            if key == "seed":
                try:
                    seed = int(value)
                except ValueError:
                    raise TableError("seed must be a whole number.") from None
                continue
            options[key] = value
        record = await self.tables.create(
            channel_id=LOCAL_CHANNEL, user_id=None, name="table", game=args[0], options=options, seed=seed
        )
        self.say(
            f"New {self.tables.game_for(args[0]).title} game #{record.id}. "
            f"Seat players with `join <name>`, then `start`."
        )

    async def cmd_join(self, args: list[str]) -> None:
        name = " ".join(args).strip()
        if not name:
            raise TableError("Who joins? `join <name>`.")
        record = await self.tables.join(await self.game_id(), user_id(name), name)
        self.courier.names[user_id(name)] = name
        self.say(f"{name} takes seat {len(record.seats)}.")

    async def _someone_seated(self, game_id: int) -> int:
        """The terminal acts for the table; lobby commands need a seated player."""
        record = await self.tables.record(game_id)
        seated = next((s.user_id for s in record.seats if s.user_id is not None), None)
        if seated is None:
            raise TableError("Seat at least one player with `join <name>` first.")
        return seated

    async def cmd_add_bot(self, args: list[str]) -> None:
        game_id = await self.game_id()
        record = await self.tables.add_bot(game_id, await self._someone_seated(game_id), args[0] if args else None)
        self.say(f"{record.seats[-1].name} takes seat {len(record.seats)}.")

    async def cmd_start(self, args: list[str]) -> None:
        game_id = await self.game_id()
        await self.tables.start(game_id, await self._someone_seated(game_id))

    async def cmd_legal(self, args: list[str]) -> None:
        game_id = await self.game_id()
        record = await self.tables.record(game_id)
        if record.status != "active":
            raise TableError("The game has not started yet.")
        seats = record.seats
        if args:
            wanted = " ".join(args)
            seat = record.seat_of(user_id(wanted))
            if seat is None:
                raise TableError(f"{wanted} is not playing; players: {', '.join(s.name for s in seats)}.")
            chosen = [seat]
        else:
            live = await self.tables._live(game_id)
            chosen = live.game.to_move(live.state)
        for seat in chosen:
            actions = await self.tables.legal_for_seat(game_id, seat)
            self.say(f"{seats[seat].name}: {len(actions)} legal action{'s' if len(actions) != 1 else ''}")
            for action, label in actions:
                self.say(f"  {action:<24} {label}")

    async def cmd_board(self, args: list[str]) -> None:
        game_id = await self.shown_game_id()
        view = await self.tables.public_view(game_id)
        record = await self.tables.record(game_id)
        path = await asyncio.to_thread(
            write_board, self.courier.image_dir, game_id, view, [s.name for s in record.seats], record.seq
        )
        self.say(str(path))

    async def cmd_hand(self, args: list[str]) -> None:
        from render import hand_text

        name = " ".join(args).strip()
        if not name:
            raise TableError("Whose hand? `hand <name>`.")
        game_id = await self.shown_game_id()
        view = await self.tables.private_view(game_id, user_id(name))
        self.say(
            f"[to {name}] " + hand_text(view, await self.tables.seat_names(game_id)).replace("\n", f"\n[to {name}] ")
        )

    async def cmd_status(self, args: list[str]) -> None:
        self.say(self.courier.plain(await self.tables.status(await self.shown_game_id())))

    async def cmd_log(self, args: list[str]) -> None:
        for line in await self.tables.history(await self.shown_game_id()):
            self.say(self.courier.plain(line))

    async def cmd_replay(self, args: list[str]) -> None:
        if len(args) != 1 or not args[0].lstrip("-").isdigit():
            raise TableError("Which move? `replay <move>` (0 is the set-up, -1 the last move).")
        game_id = await self.shown_game_id()
        frame, total, names = await self.tables.replay_frame(game_id, int(args[0]))  # type: ignore[attr-defined]
        path = await asyncio.to_thread(
            write_board, self.courier.image_dir / "replay", game_id, frame.view, names, frame.move
        )
        caption = "the set-up" if frame.move == 0 else f"move {frame.move} of {total}: {frame.text}"
        self.say(f"{caption}\n{path}")

    async def cmd_stats(self, args: list[str]) -> None:
        name = self._name(args, "stats")
        entries = await self.tables.player_stats(user_id(name), viewer_id=user_id(name))  # type: ignore[attr-defined]
        if not entries:
            self.say(f"{name} has no finished games yet.")
        for entry in entries:
            title = self.tables.game_for(entry.game).title
            score = "-" if entry.average_score is None else f"{entry.average_score:.1f}"
            self.say(
                f"{name} in {title}: rating {entry.rating.displayed}, won {entry.won} of {entry.played},"
                f" average score {score}"
            )

    async def cmd_undo(self, args: list[str]) -> None:
        result = await self.tables.undo(await self.game_id(), user_id(self._name(args, "undo")))
        if not result.done:
            self.say(result.text)

    async def cmd_accept(self, args: list[str]) -> None:
        result = await self.tables.answer_undo(await self.game_id(), user_id(self._name(args, "accept")), True)
        if not result.done:
            self.say(result.text)

    async def cmd_refuse(self, args: list[str]) -> None:
        await self.tables.answer_undo(await self.game_id(), user_id(self._name(args, "refuse")), False)

    async def cmd_agree(self, args: list[str]) -> None:
        self.say(await self.tables.answer_proposal(await self.game_id(), user_id(self._name(args, "agree")), True))

    async def cmd_disagree(self, args: list[str]) -> None:
        self.say(await self.tables.answer_proposal(await self.game_id(), user_id(self._name(args, "disagree")), False))

    async def cmd_kick(self, args: list[str]) -> None:
        game_id = await self.game_id()
        name = self._name(args, "kick")
        await self.tables.kick(game_id, await self._someone_seated(game_id), user_id(name), can_manage=True)
        self.say(f"{name} left the lobby.")

    async def cmd_resign(self, args: list[str]) -> None:
        await self.tables.resign(await self.game_id(), user_id(self._name(args, "resign")))

    async def cmd_back(self, args: list[str]) -> None:
        self.say(await self.tables.come_back(await self.game_id(), user_id(self._name(args, "back"))))

    async def cmd_abandon(self, args: list[str]) -> None:
        await self.tables.abandon(await self.game_id(), 0, can_manage=True)

    async def cmd_settings(self, args: list[str]) -> None:
        game_id = await self.game_id()
        changes = {}
        for pair in args:
            if "=" not in pair:
                raise TableError(f"Settings are written key=value; {pair!r} is not.")
            key, value = pair.split("=", 1)
            changes[key] = value
        change = await self.tables.configure(game_id, 0, can_manage=True, **changes)
        self.say(", ".join(f"{k}={v}" for k, v in change.settings.items() if k in DEFAULT_SETTINGS))

    async def cmd_pause(self, args: list[str]) -> None:
        if len(args) != 1:
            raise TableError("How many days? `pause <days>` (0 ends the pause).")
        # The table announces the pause itself, like every change of settings.
        await self.tables.configure(await self.game_id(), 0, can_manage=True, pause_days=args[0])

    async def cmd_away(self, args: list[str]) -> None:
        if not args:
            raise TableError("Who? `away <name> <days>`.")
        *words, last = args
        try:
            days = float(last)
        except ValueError:
            self.say(await self.tables.away_status(user_id(self._name(args, "away"))))
            return
        self.say(await self.tables.away(user_id(self._name(words, "away")), days))

    async def cmd_remind(self, args: list[str]) -> None:
        sent = await self.tables.remind()
        if not sent:
            self.say("No reminder is due.")

    @staticmethod
    def _name(args: list[str], verb: str) -> str:
        name = " ".join(args).strip()
        if not name:
            raise TableError(f"Who? `{verb} <name>`.")
        return name


async def run(settings: Settings | None = None, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    settings = settings or Settings.from_env()
    if hasattr(stdin, "reconfigure"):
        # Bytes that are not UTF-8 become "\ufffd" instead of ending the program.
        stdin.reconfigure(errors="replace")
    path = settings.db
    courier = TerminalCourier(out, {}, Path(settings.boards), images=settings.local_images)
    # Bots think for a second here unless told otherwise: the players wait at the keyboard.
    budget = settings.bot_seconds if os.environ.get("AGORA_BOT_SECONDS", "").strip() else 1.0
    tables = await Tables.open(path, courier=courier, bot_budget=budget)
    terminal = Terminal(tables, courier, out)
    try:
        await terminal.refresh_names()
        await tables.recover()
        await tables.settle()
        interactive = stdin.isatty()
        if interactive:
            terminal.say(f"Agora local table ({settings.db_shown}). Type `help`.")
        while True:
            if interactive:
                print("> ", end="", file=out, flush=True)
            line = await asyncio.to_thread(stdin.readline)
            if not line:
                break
            await terminal.handle(line)
            out.flush()
    finally:
        await tables.close()
    return 0
