"""SimCord fixtures: the real bot, cogs and command tree against an
in-memory Discord."""

from __future__ import annotations

import pytest

from bot import create_bot

SETTLE_SECONDS = 30.0
"""How long SimCord waits for the bot's real work (a board drawn in a
thread) to finish after each event. Its default of 5 s fails scenarios on a
loaded 2-core machine, where one Hellenica board alone can take seconds."""


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/discord/" in item.nodeid and item.get_closest_marker("simcord") is None:
            item.add_marker(pytest.mark.simcord(settle_timeout=SETTLE_SECONDS))


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "agora.sqlite3")


@pytest.fixture
async def new_bot(db_path):
    """Builds bots on the test's database (a restart gets a fresh one) and
    closes their table services afterwards: SimCord detaches a bot without
    closing it, and an open SQLite connection keeps the process alive."""
    made = []

    def build():
        # Hourly reminder ticks: simulated days pass in a few dozen ticks.
        # Drawing and bots in threads: SimCord follows the bot's work on its own event loop.
        # One shard: the bot is an AutoShardedBot, and SimCord runs it as one.
        bot = create_bot(
            db_path=db_path, bot_budget=0.05, remind_every=3600, render_processes=0, bot_processes=0, shard_count=1
        )
        made.append(bot)
        return bot

    yield build
    for bot in made:
        if bot.tables is not None:
            await bot.tables.close()
            bot.tables = None


@pytest.fixture
def simcord_bot(new_bot):
    return new_bot()


class Table:
    """A guild with a game channel and three members."""

    def __init__(self, env):
        self.env = env
        self.guild = env.create_guild(name="Olympus")
        self.channel = self.guild.create_text_channel("agora")
        self.alice = self.guild.add_member(env.create_user("alice"))
        self.bob = self.guild.add_member(env.create_user("bob"))
        self.carol = self.guild.add_member(env.create_user("carol"))

    def posts(self):
        return [m for m in self.channel.history() if m.author.bot]


@pytest.fixture
def table(simcord_env):
    return Table(simcord_env)
