"""Exactly-once posts over the real discord.py client and the fake Discord:
a notice sent but not yet marked delivered when the bot dies is sent again
after the restart, with the same nonce, and Discord (here the fake, which
honours ``enforce_nonce`` as Discord does) returns the message it already
created instead of posting a second one."""

from __future__ import annotations

from bot import create_bot
from tests.discord.fake_discord import FakeDiscord
from tests.discord.test_transport import assert_nothing_lingers, start_bot, stop_bot


def bot_on(db: str):
    return create_bot(db_path=db, remind_every=3600, guild_ready_timeout=0.05, render_processes=0, bot_processes=0)


async def test_a_notice_sent_again_after_a_crash_is_posted_once(tmp_path, monkeypatch):
    monkeypatch.delenv("AGORA_GUILD", raising=False)
    db = str(tmp_path / "agora.sqlite3")
    async with FakeDiscord() as fake:
        with fake.pointed_at():
            bot = bot_on(db)
            runner = await start_bot(bot, fake)
            try:
                # The bot "dies" after each send and before marking it delivered:
                # nothing is ever marked, so every notice is still pending at the restart.
                async def never_marked(notice_ids):
                    return None

                monkeypatch.setattr(bot.service.store, "mark_delivered", never_marked)
                await fake.interact(fake.command("alice", "agora", "game new", game="santorini"))
                await fake.interact(fake.command("bob", "agora", "game join"))
                await fake.interact(fake.command("alice", "agora", "game start"))
                await fake.interact(fake.command("alice", "agora", "play", action="place c3"))
                await fake.interact(fake.command("alice", "agora", "play", action="place d4"))
                await bot.service.settle()
                first_run = [c for c in fake.calls if c.route.startswith("POST /channels/")]
                notices = {c.body["nonce"] for c in first_run}
                # Each flush re-sent what was never marked, and each repeat came back deduplicated.
                assert len(first_run) > len(notices) >= 2 and len(fake.created) == len(notices)
            finally:
                await stop_bot(bot, runner)
            sent_before = len(first_run)

            bot = bot_on(db)  # the restart: recover() sends every pending notice again
            runner = await start_bot(bot, fake)
            try:
                await bot.service.settle()
                posts = [c for c in fake.calls if c.route.startswith("POST /channels/")]
                again = posts[sent_before:]
                assert {c.body["nonce"] for c in again} == notices, "every unmarked notice was sent again, same nonce"
                assert all(c.body.get("enforce_nonce") for c in posts)
                assert len(fake.created) == len(notices), "yet each message exists once"
                assert await bot.service.store.pending_notices() == [], "and now they are marked delivered"
            finally:
                await stop_bot(bot, runner)
    await assert_nothing_lingers()
