"""Agora's entry point.

    python bot.py            run the Discord bot (needs DISCORD_TOKEN)
    python bot.py --local    play at a terminal table, no Discord needed

Settings come from the environment: ``DISCORD_TOKEN``, ``AGORA_DB`` (SQLite
file, default ``./agora.sqlite3``) and, optionally, ``AGORA_GUILD`` (a server
id: slash commands sync to that server instantly while developing).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys

TOKEN_HELP = """\
Agora needs a Discord bot token to connect to Discord.
  1. Create an application at https://discord.com/developers/applications,
     add a Bot, and copy its token.
  2. Set it:   export DISCORD_TOKEN=<your token>
  3. Run:      python bot.py
Optional: AGORA_DB=/path/to/agora.sqlite3 (default ./agora.sqlite3),
          AGORA_GUILD=<server id> to sync slash commands to one server at once.
To try Agora without Discord:   python bot.py --local
"""


def create_bot(**kwargs):
    """The Discord bot (see ``cogs``); tests build it the same way."""
    from cogs.agora_bot import AgoraBot

    return AgoraBot(**kwargs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py", description="Agora: Greek board games for Discord.")
    parser.add_argument("--local", action="store_true", help="play at a terminal table instead of Discord")
    args = parser.parse_args(argv)
    if args.local:
        from terminal import run

        return asyncio.run(run())
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        print(TOKEN_HELP, file=sys.stderr, end="")
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    bot = create_bot()
    bot.run(token, log_handler=None)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
