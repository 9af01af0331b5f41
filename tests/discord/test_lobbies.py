"""Finding games on Discord (issue 15, item 4): "`/game lobbies` lists open
lobbies in the server (game, seats free, options, link); `/game invite
@user` pings with a join button; lobbies expire after a configurable idle
time; per-server limits on open games per user (no spam)."""

from __future__ import annotations

import discord

from cogs.lobbies import PAGE_SIZE


def moderator(table):
    """A member with Manage Server (and nothing else special)."""
    role = table.guild.create_role("moderators", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(table.env.create_user("dora"), roles=[role])


class TestFindingAGame:
    async def test_the_game_group_stays_within_discords_25_subcommands(self, table):
        group = table.env.bot.tree.get_command("game")
        names = {command.name for command in group.commands}
        assert {"lobbies", "invite", "server-settings"} <= names and len(names) <= 25

    async def test_list_invite_and_join_by_the_button(self, table):
        result = await table.alice.slash(table.channel, "game new", game="santorini", options="gods=apollo,artemis")
        assert "opened a" in result.response.content, result.response.content
        tables = table.env.bot.service
        game_id = (await tables.in_channel(table.channel.id)).id

        result = await table.carol.slash(table.channel, "game lobbies")
        assert result.response.ephemeral and result.response.embeds
        embed = result.response.embeds[0]
        assert embed.title == "Open lobbies on Olympus"
        assert f"**#{game_id} Santorini** — 3 of 4 seats free, 1 more needed to start" in embed.description
        assert f"host <@{table.alice.id}> · in <#{table.channel.id}>" in embed.description
        assert "`gods=apollo,artemis`" in embed.description

        result = await table.alice.slash(table.channel, "game invite", member=table.bob)
        assert result.response.ephemeral and "Invited" in result.response.content, result.response.content
        invitation = table.posts()[-1]
        assert f"<@{table.bob.id}>, alice invites you to a **Santorini** game (#{game_id}" in invitation.content
        result = await table.alice.slash(table.channel, "game invite", member=table.bob)
        assert "already been invited" in result.response.content
        assert len([m for m in table.posts() if "invites you" in m.content]) == 1, "never sent twice"

        result = await table.bob.click(invitation, label=f"Join game #{game_id}")
        assert not result.response.ephemeral and "joins game" in result.response.content, result.response.content
        assert (await tables.record(game_id)).seat_of(table.bob.id) == 1
        result = await table.bob.click(invitation, label=f"Join game #{game_id}")
        assert result.response.ephemeral and "already seated" in result.response.content

    async def test_invitations_are_for_seated_players_and_people(self, table):
        await table.alice.slash(table.channel, "game new", game="santorini")
        result = await table.carol.slash(table.channel, "game invite", member=table.bob)
        assert result.response.ephemeral and "Only the players seated in this lobby can invite" in (
            result.response.content
        )

    async def test_many_lobbies_come_in_pages(self, table):
        channels = [table.guild.create_text_channel(f"table-{n}") for n in range(PAGE_SIZE + 2)]
        hosts = [table.alice, table.bob, table.carol]
        dora = moderator(table)
        await dora.slash(table.channel, "game server-settings", max_open_games=10)
        for n, channel in enumerate(channels):
            result = await hosts[n % 3].slash(channel, "game new", game="thebes")
            assert "opened a" in result.response.content, result.response.content
        result = await table.alice.slash(table.channel, "game lobbies", game="thebes")
        first = result.response
        assert first.embeds[0].title == "Open lobbies of Thebes on Olympus"
        assert first.embeds[0].description.count("**#") == PAGE_SIZE
        assert "Page 1/2 · 12 open lobbies" in first.embeds[0].footer.text
        turned = await table.alice.click(first, label="Older ▶")
        assert turned.response.embeds[0].description.count("**#") == 2
        result = await table.alice.slash(table.channel, "game lobbies", game="hellenica")
        assert "No open lobby of Hellenica: Story of Greece here right now" in result.response.embeds[0].description


class TestIdleLobbies:
    async def test_a_lobby_closes_publicly_after_the_idle_time(self, table):
        await table.alice.slash(table.channel, "game new", game="santorini")
        tables = table.env.bot.service
        game_id = (await tables.in_channel(table.channel.id)).id
        await table.env.advance_time(60 * 3600)
        assert (await tables.record(game_id)).status == "lobby"
        await table.env.advance_time(15 * 3600)
        assert (await tables.record(game_id)).status == "abandoned"
        closing = [m for m in table.posts() if "lobby closed" in m.content]
        assert len(closing) == 1
        assert f"Game #{game_id}'s lobby closed after 3 days without players" in closing[0].content
        result = await table.carol.slash(table.channel, "game lobbies")
        assert "No open lobby here right now" in result.response.embeds[0].description

    async def test_the_server_sets_the_idle_time_and_only_manage_server_may(self, table):
        result = await table.alice.slash(table.channel, "game server-settings", lobby_idle_hours=24.0)
        assert result.response.ephemeral and "Only a member with Manage Server" in result.response.content
        dora = moderator(table)
        result = await dora.slash(table.channel, "game server-settings", lobby_idle_hours=24.0)
        assert not result.response.ephemeral
        assert "set for this server: lobbies close after 24 h without players" in result.response.content
        result = await table.alice.slash(table.channel, "game server-settings")
        assert result.response.ephemeral and "lobbies close after 24 h" in result.response.content
        await table.alice.slash(table.channel, "game new", game="santorini")
        await table.env.advance_time(27 * 3600)
        assert any("lobby closed after 24 h without players" in m.content for m in table.posts())


class TestOpenGameLimit:
    async def test_a_member_at_the_limit_is_refused_at_game_new(self, table):
        dora = moderator(table)
        result = await dora.slash(table.channel, "game server-settings", max_open_games=1)
        assert "each member hosts at most 1 open game." in result.response.content
        await table.alice.slash(table.channel, "game new", game="santorini")
        elsewhere = table.guild.create_text_channel("elsewhere")
        result = await table.alice.slash(elsewhere, "game new", game="thebes")
        assert result.response.ephemeral
        assert "You already host 1 open game on this server, its limit (1)" in result.response.content
        assert "`/game abandon`" in result.response.content
        result = await table.bob.slash(elsewhere, "game new", game="thebes")
        assert "opened a" in result.response.content
