"""The real discord.py client over real HTTP and a real WebSocket.

SimCord (test_scenarios.py) replaces discord.py's transport; this test keeps
it: the bot from ``bot.create_bot`` logs in, syncs its commands and connects
to the gateway of a fake Discord on 127.0.0.1 (``fake_discord.py``), then
answers slash commands through the interaction callback route, posts boards
as multipart uploads and opens a DM. It guards the seams SimCord cannot: URL
building, payload shapes, multipart encoding and the gateway handshake, which
a discord.py upgrade could change under us.
"""

from __future__ import annotations

import asyncio
import io

from PIL import Image

from bot import create_bot
from tests.discord.fake_discord import CHANNEL_MESSAGE, EPHEMERAL, Call, FakeDiscord

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
STARTUP_TIMEOUT = 5.0


def assert_png(data: bytes, what: str) -> None:
    """A real PNG: the signature, and Pillow decodes it to a sensible size."""
    assert data.startswith(PNG_SIGNATURE), f"{what} is not a PNG (starts {data[:8]!r})"
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        assert image.format == "PNG" and image.width >= 64 and image.height >= 64, (what, image.size)


def answered_with_message(call: Call, what: str) -> str:
    """The content of a callback that answers with a message."""
    assert call.body["type"] == CHANNEL_MESSAGE, f"{what}: callback type {call.body['type']}, not a message"
    return call.content


async def start_bot(bot, fake: FakeDiscord) -> asyncio.Task:
    """Run ``bot.start`` and wait until discord.py reports ready; a start-up
    failure is raised at once rather than waited out."""
    runner = asyncio.create_task(bot.start("fake-token"), name="agora-bot")
    ready = asyncio.create_task(bot.wait_until_ready())
    done, _ = await asyncio.wait({runner, ready}, timeout=STARTUP_TIMEOUT, return_when=asyncio.FIRST_COMPLETED)
    if ready not in done:
        ready.cancel()
        await bot.close()
        if runner in done:
            runner.result()  # raises the start-up error
        raise AssertionError(
            f"the bot was not ready within {STARTUP_TIMEOUT} s; calls seen: {fake.routes()}; "
            f"unknown routes: {fake.unknown}; identified: {fake.identified.is_set()}"
        )
    return runner


async def stop_bot(bot, runner: asyncio.Task) -> None:
    await bot.close()
    await asyncio.wait_for(runner, STARTUP_TIMEOUT)


async def assert_nothing_lingers() -> None:
    """No task of the bot, its cogs or the fake outlives them.

    One exception, discord.py's own: an ephemeral reply's view gets a 15-minute
    timeout (an interaction token's lifetime) whose timer task ``Client.close``
    does not stop. Those timers are stopped here; anything else fails.
    """
    others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task() and not t.done()]
    view_timers = [t for t in others if t.get_coro().__qualname__.endswith("__timeout_task_impl")]
    for timer in view_timers:
        timer.cancel()
    await asyncio.gather(*view_timers, return_exceptions=True)
    lingering = [t for t in others if t not in view_timers]
    assert not lingering, f"tasks still running after close: {lingering}"


async def test_bot_plays_over_http_and_websocket(tmp_path, monkeypatch):
    monkeypatch.delenv("AGORA_GUILD", raising=False)  # sync globally, whatever the developer's shell says
    async with FakeDiscord(channels=("agora", "agora-secrets")) as fake:
        with fake.pointed_at():
            # guild_ready_timeout: discord.py waits this long after the last
            # GUILD_CREATE before "ready" (2 s by default); our one guild is sent at once.
            # One drawing process, as in production on a machine with two cores.
            bot = create_bot(
                db_path=str(tmp_path / "agora.sqlite3"), remind_every=3600, guild_ready_timeout=0.05, render_processes=1
            )
            runner = await start_bot(bot, fake)
            try:
                # Ready over the WebSocket, with the guild the gateway sent.
                assert fake.identified.is_set() and fake.heartbeats >= 1
                assert bot.is_ready() and bot.user is not None and str(bot.user.id) == fake.bot_user["id"]
                guild = bot.get_guild(int(fake.guild_id))
                assert guild is not None and {c.name for c in guild.text_channels} == set(fake.channels)
                assert "GET /users/@me" in fake.routes()

                # Commands were synced (globally) before the gateway connected.
                sync = [c for c in fake.calls if c.method == "PUT" and c.path.endswith("/commands")]
                assert sync and sync[0].path == f"/applications/{fake.application_id}/commands"
                assert {"game", "play", "hand"} <= {command["name"] for command in sync[0].body}

                # A slash command is answered through the callback route, publicly.
                call = await fake.interact(fake.command("alice", "agora", "game new", game="santorini"))
                assert call.path.endswith("/callback") and call.query.get("with_response")
                content = answered_with_message(call, "/game new")
                assert "opened a **Santorini** game" in content and not call.data.get("flags", 0) & EPHEMERAL

                call = await fake.interact(fake.command("bob", "agora", "game join"))
                assert "joins (2 seated)" in answered_with_message(call, "/game join")
                posts_before_start = len(fake.calls)
                call = await fake.interact(fake.command("alice", "agora", "game start"))
                assert "The game is on" in answered_with_message(call, "/game start")

                # The opening post reaches the channel as a multipart upload of the board.
                channel_id = fake.channels["agora"]["id"]
                post = await fake.wait_for_call(
                    lambda c: c.route == f"POST /channels/{channel_id}/messages",
                    "the opening board post",
                    since=posts_before_start,
                )
                assert "Santorini begins!" in post.content and f"<@{fake.members['alice']['id']}>" in post.content
                assert [upload.filename for upload in post.files] == ["board.png"]
                assert_png(post.files[0].data, "the opening board")

                # Autocomplete for /play lists alice's legal actions.
                call = await fake.interact(fake.autocomplete("alice", "agora", "play", "action", "place c"))
                choices = call.body["data"]["choices"]
                assert call.body["type"] == 8 and choices and all(c["value"].startswith("place c") for c in choices)

                # A move whose turn continues is answered with the board, privately.
                call = await fake.interact(fake.command("alice", "agora", "play", action="place c3"))
                content = answered_with_message(call, "/play")
                assert content.startswith("✅") and "Your turn continues" in content, content
                assert call.data["flags"] & EPHEMERAL
                assert [upload.filename for upload in call.files] == ["board.png"], call.files
                assert call.data["attachments"][0]["filename"] == "board.png"
                assert_png(call.files[0].data, "the /play answer's board")

                # A game with secrets starts with a DM to each player.
                dms_before = len(fake.calls)
                await fake.interact(fake.command("alice", "agora-secrets", "game new", game="thessaloniki"))
                await fake.interact(fake.command("bob", "agora-secrets", "game join"))
                await fake.interact(fake.command("alice", "agora-secrets", "game start"))
                alice_id = fake.members["alice"]["id"]
                opened = await fake.wait_for_call(
                    lambda c: c.route == "POST /users/@me/channels" and str(c.body["recipient_id"]) == alice_id,
                    "opening alice's DM channel",
                    since=dms_before,
                )
                index = fake.calls.index(opened)
                dm = await fake.wait_for_call(
                    lambda c: (
                        c.method == "POST"
                        and c.path.endswith("/messages")
                        and c.path.split("/")[2] not in {ch["id"] for ch in fake.channels.values()}
                    ),
                    "the DM to alice",
                    since=index,
                )
                assert "Here is what only you can see" in dm.content, dm.content
            finally:
                await stop_bot(bot, runner)
            assert not fake.unknown, f"the bot called routes the fake does not know: {fake.unknown}"
    await assert_nothing_lingers()
