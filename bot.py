"""Agora's entry point: ``agora`` once installed, or ``python bot.py``.

    agora                        run the Discord bot (needs DISCORD_TOKEN)
    agora --local                play at a terminal table, no Discord needed
    agora backup PATH            copy the SQLite database while the bot runs, and verify the copy
    agora sync                   push the slash commands to Discord now, then exit
    agora migrate-db --from X --to Y    copy every game from one database to another
    agora delete-user USER_ID    erase a person's data (stop the bot first)
    agora delete-server GUILD_ID delete every game of a Discord server (stop the bot first)
    agora rebuild-ratings        work out every rating again from the logs
    agora --version

Settings come from the environment (see ``engine/config.py`` and the
README); the flags here override them.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence

TOKEN_HELP = """\
Agora needs a Discord bot token to connect to Discord.
  1. Create an application at https://discord.com/developers/applications,
     add a Bot, and copy its token.
  2. Set it:   export DISCORD_TOKEN=<your token>
  3. Run:      agora          (or: python bot.py)
Optional: AGORA_DB=/path/to/agora.sqlite3 (default ./agora.sqlite3) or a
          postgresql:// URL; AGORA_GUILD=<server id> to sync slash commands
          to one server at once.
To try Agora without Discord:   agora --local
"""


def create_bot(**kwargs):
    """The Discord bot (see ``cogs``); tests build it the same way."""
    from cogs.agora_bot import AgoraBot

    return AgoraBot(**kwargs)


def parser() -> argparse.ArgumentParser:
    from engine.config import version

    top = argparse.ArgumentParser(prog="agora", description="Agora: Greek board games for Discord.")
    top.add_argument("--version", action="version", version=f"agora {version()}")
    top.add_argument("--local", action="store_true", help="play at a terminal table instead of Discord")
    top.add_argument("--db", help="the database: a SQLite file or a postgresql:// URL (default: AGORA_DB)")
    top.add_argument("--backup", metavar="PATH", help="same as `agora backup PATH`")
    verbs = top.add_subparsers(dest="verb", metavar="VERB")
    verbs.add_parser("run", help="run the Discord bot (the default)")
    verbs.add_parser("local", help="play at a terminal table (same as --local)")
    backup = verbs.add_parser("backup", help="copy the SQLite database while the bot runs, and verify the copy")
    backup.add_argument("path", help="where to write the copy")
    verbs.add_parser("sync", help="push the slash commands to Discord now, then exit")
    migrate = verbs.add_parser("migrate-db", help="copy every game from one database into an empty one")
    migrate.add_argument("--from", dest="source", required=True, help="a SQLite file or a postgresql:// URL")
    migrate.add_argument("--to", dest="target", required=True, help="an empty database: file or URL")
    forget = verbs.add_parser("delete-user", help="erase a person's data (stop the bot first)")
    forget.add_argument("user_id", type=discord_id, help="the person's Discord user id")
    verbs.add_parser("rebuild-ratings", help="work out every rating again from the finished games' logs")
    server = verbs.add_parser("delete-server", help="delete every game of a server (stop the bot first)")
    server.add_argument("guild_id", type=discord_id, help="the server's Discord id")
    return top


def discord_id(text: str) -> int:
    """A Discord id (snowflake): a whole number from 1 to 2**63 - 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a Discord id (a long whole number)") from None
    if not 0 < value < 2**63:
        raise argparse.ArgumentTypeError(f"{text} is not a Discord id (they run from 1 to 2**63 - 1)")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    from engine.config import Settings, SettingsError

    args = parser().parse_args(argv)
    try:
        settings = Settings.from_env().with_(db=args.db)
    except SettingsError as error:
        print(f"agora: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=getattr(logging, settings.log_level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    verb = "local" if args.local else ("backup" if args.backup else (args.verb or "run"))
    if verb in ("local", "run"):
        from engine.runtime import tune_garbage_collector

        tune_garbage_collector()
    if verb == "local":
        from terminal import run

        return asyncio.run(run(settings))
    if verb in ("run", "sync"):
        if not settings.token:
            print(TOKEN_HELP, file=sys.stderr, end="")
            return 2
        bot = create_bot(settings=settings)
        if verb == "sync":
            asyncio.run(bot.sync_and_exit(settings.token))
            return 0
        bot.run(settings.token, log_handler=None)
        return 0
    return asyncio.run(admin(verb, args, settings.db))


async def admin(verb: str, args: argparse.Namespace, where: str) -> int:
    from engine import admin as verbs

    try:
        if verb == "backup":
            target = args.backup or args.path
            result = await verbs.backup(where, target)
            print(f"Backed up {where} to {target}: {result.games} games, {result.replayed} replayed and checked.")
            for failure in result.failures:
                print(f"  problem: {failure}", file=sys.stderr)
            return 0 if result.ok else 1
        if verb == "migrate-db":
            from engine.store.migrate import MigrationError, migrate

            try:
                copied = await migrate(args.source, args.target)
            except MigrationError as error:
                raise verbs.AdminError(str(error)) from None
            print(f"Copied {sum(copied.values())} rows in {len(copied)} tables from {args.source} to {args.target}.")
            return 0
        if verb == "rebuild-ratings":
            from engine.tables.history import rebuild_ratings

            count = await rebuild_ratings(where)
            print(f"Rebuilt ratings from {count} finished games.")
            return 0
        if verb == "delete-user":
            games = await verbs.forget_user(where, args.user_id)
            print(f"Erased user {args.user_id} from {games} games in {where}.")
            return 0
        if verb == "delete-server":
            games = await verbs.delete_server(where, args.guild_id)
            print(f"Deleted {games} games of server {args.guild_id} from {where}.")
            return 0
    except verbs.AdminError as error:
        print(f"agora {verb}: {error}", file=sys.stderr)
        return 1
    raise AssertionError(f"unknown verb {verb}")


if __name__ == "__main__":
    raise SystemExit(main())
