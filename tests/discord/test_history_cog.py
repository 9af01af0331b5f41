"""/stats, /stats-privacy, /leaderboard and /game replay through the real
bot and command tree (SimCord), issue 17."""

from __future__ import annotations

import random


async def finished_santorini(table):
    """A whole random game of Santorini between alice and bob, opened with
    slash commands, played through the service."""
    await table.alice.slash(table.channel, "game new", game="santorini")
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")
    tables = table.env.bot.service
    game_id = (await tables.in_channel(table.channel.id)).id
    users = (table.alice.id, table.bob.id)
    rng = random.Random(5)
    while (await tables.record(game_id)).status == "active":
        seat = rng.choice(await tables.waiting_seats(game_id))
        action = rng.choice(await tables.legal(game_id, users[seat]))[0]
        await tables.play(game_id, users[seat], action)
    await tables.settle()
    return tables, game_id


async def test_replay_shows_the_last_board_and_steps_back_with_buttons(table):
    """ "/game replay [move] in a game's channel (and for a finished game by
    its number): the public board at any move, with buttons to step back and
    forth and jump to start or end"."""
    tables, game_id = await finished_santorini(table)
    total = (await tables.record(game_id)).seq
    result = await table.carol.slash(table.channel, "game replay")
    message = result.response
    assert f"move {total} of {total}" in message.content, message.content
    assert message.attachments and message.attachments[0].filename.endswith(".png")
    post = table.channel.last_message
    assert post.content == message.content, "the replay is posted for the channel to see"
    labels = {item.label: item.disabled for row in post.components for item in row.children}
    assert labels == {"⏮ Start": False, "◀ Back": False, "Next ▶": True, "End ⏭": True}
    stepped = await table.carol.click(post, label="◀ Back")
    assert not stepped.followups
    edited = table.channel.last_message
    assert f"move {total - 1} of {total}" in edited.content, edited.content
    await table.carol.click(edited, label="⏮ Start")
    assert "the set-up" in table.channel.last_message.content
    result = await table.bob.slash(table.channel, "game replay", move=3, game=game_id)
    assert f"move 3 of {total}" in result.response.content
    result = await table.bob.slash(table.channel, "game replay", move=total + 5)
    assert result.response.ephemeral and "does not exist" in result.response.content
    elsewhere = table.env.create_guild(name="Elsewhere")
    stranger = elsewhere.add_member(table.env.create_user("dora"))
    result = await stranger.slash(elsewhere.create_text_channel("lounge"), "game replay", game=game_id)
    assert result.response.ephemeral and "another server" in result.response.content


async def test_stats_leaderboard_and_privacy(table):
    """ "/stats [@user] [game] and /leaderboard game ... drawn as a small
    picture" and "Users can hide their stats (/stats privacy)"."""
    tables, game_id = await finished_santorini(table)
    result = await table.alice.slash(table.channel, "stats")
    assert result.response.attachments[0].filename == "stats.png" and not result.response.ephemeral
    result = await table.carol.slash(table.channel, "leaderboard", game="santorini")
    assert result.response.attachments[0].filename == "leaderboard.png"
    board = await tables.leaderboard("santorini", guild_id=table.guild.id)
    assert {entry.user_id for entry in board} == {table.alice.id, table.bob.id}
    result = await table.alice.slash(table.channel, "stats-privacy", setting="hide")
    assert result.response.ephemeral and "private" in result.response.content
    result = await table.bob.slash(table.channel, "stats", user=table.alice)
    assert result.response.ephemeral and "keeps their stats private" in result.response.content
    result = await table.alice.slash(table.channel, "stats")
    assert result.response.ephemeral and result.response.attachments
    assert [e.user_id for e in await tables.leaderboard("santorini", guild_id=table.guild.id)] == [table.bob.id]
