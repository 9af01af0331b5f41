"""Whole scenarios through slash commands, buttons and DMs, with the real
bot, cogs and command tree (SimCord's in-memory Discord)."""

from __future__ import annotations

import asyncio
import random

import pytest


async def open_game(table, game="santorini", players=("alice", "bob"), **options):
    host = getattr(table, players[0])
    result = await host.slash(table.channel, "game new", game=game, **options)
    assert "opened a" in result.response.content, result.response.content
    for name in players[1:]:
        result = await getattr(table, name).slash(table.channel, "game join")
        assert "joins" in result.response.content, result.response.content
    result = await host.slash(table.channel, "game start")
    assert result.response.ephemeral, result.response.content
    tables = table.env.bot.service
    return tables, (await tables.in_channel(table.channel.id)).id


async def mover(table, tables, game_id, users):
    seat = (await tables.waiting_seats(game_id))[0]
    return users[seat]


class TestWholeGame:
    async def test_santorini_to_a_win_with_autocomplete(self, table):
        tables, game_id = await open_game(table)
        users = {0: table.alice, 1: table.bob}
        rng = random.Random(3)
        turn = 0
        while (await tables.record(game_id)).status == "active":
            player = await mover(table, tables, game_id, users)
            if turn % 8 == 0:
                choices = await player.autocomplete(table.channel, "play", "action", "")
                assert 0 < len(choices) <= 25
                typed = rng.choice(choices)["value"].split()[0]
                filtered = await player.autocomplete(table.channel, "play", "action", typed)
                assert filtered and all(c["value"].startswith(typed) for c in filtered)
                action = rng.choice(filtered)["value"]
            else:
                action = rng.choice(await tables.legal(game_id, player.id))[0]
            result = await player.slash(table.channel, "play", action=action)
            assert result.response.ephemeral and result.response.content.startswith("✅"), result.response.content
            turn += 1
        final, summary = table.posts()[-2:]
        assert "wins" in final.content and final.attachments
        # Then the whole game as one animated picture, sized for Discord's preview.
        assert summary.attachments and summary.attachments[0].filename == "summary.gif"
        assert await tables.verify(game_id)

    async def test_every_turn_is_one_post_with_the_board_and_a_ping(self, table):
        tables, game_id = await open_game(table)
        before = len(table.posts())
        await table.alice.slash(table.channel, "play", action="place c3")
        result = await table.alice.slash(table.channel, "play", action="place c2")
        assert result.response.content.startswith("✅")
        posts = table.posts()[before:]
        assert len(posts) == 1
        post = posts[0]
        assert "places a worker on c3" in post.content and "places a worker on c2" in post.content
        assert f"<@{table.bob.id}>" in post.content
        assert post.attachments and post.attachments[0].filename == "board.png"

    async def test_mid_turn_step_shows_the_board_privately(self, table):
        tables, game_id = await open_game(table)
        result = await table.alice.slash(table.channel, "play", action="place c3")
        assert result.response.ephemeral
        assert "Your turn continues" in result.response.content
        assert result.response.attachments


class TestRefusals:
    async def test_outsiders_and_wrong_turns_are_refused_privately(self, table):
        tables, game_id = await open_game(table)
        before = (await tables.record(game_id)).seq
        result = await table.carol.slash(table.channel, "play", action="place c3")
        assert result.response.ephemeral and "not playing in this Santorini game" in result.response.content
        result = await table.bob.slash(table.channel, "play", action="place c3")
        assert result.response.ephemeral and "It is not your turn: alice (Blue)" in result.response.content
        result = await table.alice.slash(table.channel, "play", action="place z9")
        assert "`z9` is not a square" in result.response.content
        choices = await table.carol.autocomplete(table.channel, "play", "action", "")
        assert choices == [{"name": "You are not playing in this game", "value": "?"}]
        choices = await table.bob.autocomplete(table.channel, "play", "action", "")
        assert choices[0]["name"] == "Nothing to do for you right now"
        assert (await tables.record(game_id)).seq == before

    async def test_lobby_mistakes(self, table):
        await table.alice.slash(table.channel, "game new", game="santorini")
        result = await table.alice.slash(table.channel, "game new", game="thebes")
        assert result.response.ephemeral and "already has a Santorini game" in result.response.content
        result = await table.alice.slash(table.channel, "game start")
        assert "needs at least 2 players" in result.response.content
        result = await table.alice.slash(table.channel, "game join")
        assert "already seated" in result.response.content
        result = await table.bob.slash(table.channel, "game abandon")
        assert "Only the host" in result.response.content

    async def test_bad_options_are_explained(self, table):
        result = await table.alice.slash(table.channel, "game new", game="santorini", options="speed=fast")
        assert result.response.ephemeral and "no option 'speed'" in result.response.content
        result = await table.alice.slash(table.channel, "game new", game="santorini", options="nonsense")
        assert "key=value" in result.response.content

    async def test_unexpected_errors_get_an_apology_and_change_nothing(self, table, monkeypatch):
        tables, game_id = await open_game(table)
        before = (await tables.record(game_id)).seq

        def broken(*args, **kwargs):
            raise RuntimeError("boom")

        monkeypatch.setattr(type(tables.game_for("santorini")), "describe", broken)
        result = await table.alice.slash(table.channel, "play", action="place c3")
        assert result.response.ephemeral
        assert (
            "Something went wrong on our side (game #" in result.response.content and "ref `" in result.response.content
        )
        assert (await tables.record(game_id)).seq == before
        assert await tables.verify(game_id)
        table.env._errors.clear()

    # SimCord runs virtual timers due within its settle time: kept below the 5 s of work here.
    @pytest.mark.simcord(settle_timeout=4.0)
    async def test_slow_work_is_deferred_instead_of_dropped(self, table, monkeypatch):
        """Discord forgets an interaction that has no first answer within 3 s."""
        tables, game_id = await open_game(table)
        play = type(tables).play

        async def slow_play(self, *args, **kwargs):
            await asyncio.sleep(5)
            return await play(self, *args, **kwargs)

        monkeypatch.setattr(type(tables), "play", slow_play)
        result = await table.alice.slash(table.channel, "play", action="place c3")
        assert result.deferred and result.ephemeral, "acknowledged before Discord's 3 s"
        await table.env.advance_time(5)
        assert result.response.ephemeral and not result.followups
        assert result.response.content.startswith("✅") and "Your turn continues" in result.response.content
        assert (await tables.record(game_id)).seq == 1

    # SimCord runs virtual timers due within its settle time: kept below the 5 s of work here.
    @pytest.mark.simcord(settle_timeout=4.0)
    async def test_a_slow_public_answer_is_still_posted_publicly(self, table, monkeypatch):
        tables = table.env.bot.service
        await table.alice.slash(table.channel, "game new", game="santorini")
        join = type(tables).join

        async def slow_join(self, *args, **kwargs):
            await asyncio.sleep(5)
            return await join(self, *args, **kwargs)

        monkeypatch.setattr(type(tables), "join", slow_join)
        result = await table.bob.slash(table.channel, "game join")
        assert result.deferred and result.ephemeral, "acknowledged before Discord's 3 s"
        await table.env.advance_time(5)
        assert result.response.ephemeral and "posted below" in result.response.content
        assert [f.ephemeral for f in result.followups] == [False] and "joins" in result.followups[0].content


class TestComponents:
    async def test_choice_buttons_work_after_a_restart(self, table, new_bot):
        tables, game_id = await open_game(table)
        post = table.posts()[-1]
        assert post.components, "the first placement offers its 25 squares in a menu"
        from tests.discord.test_step_menus import pick  # that module builds on this one's helpers

        await table.env.restart_bot(new_bot())
        result = await pick(table.alice, post, "c3")
        assert result.response.content.startswith("✅"), result.response.content
        # the same, now stale, menu is refused with a reason
        result = await pick(table.alice, post, "d3")
        assert "out of date" in result.response.content
        tables = table.env.bot.service
        assert (await tables.record(game_id)).seq == 1

    async def test_restart_mid_game_loses_nothing(self, table, new_bot):
        tables, game_id = await open_game(table)
        for action in ("place c3", "place c2"):
            await table.alice.slash(table.channel, "play", action=action)
        await table.env.restart_bot(new_bot())
        tables = table.env.bot.service
        assert (await tables.record(game_id)).seq == 2
        result = await table.bob.slash(table.channel, "play", action="place b2")
        assert result.response.content.startswith("✅")
        assert await tables.verify(game_id)


class TestUndo:
    async def test_immediate_undo_and_undo_by_consent(self, table):
        tables, game_id = await open_game(table)
        await table.alice.slash(table.channel, "play", action="place c3")
        result = await table.alice.slash(table.channel, "game undo")
        assert "took back" in result.response.content
        assert "took back" in table.posts()[-1].content
        for action in ("place c3", "place c2"):
            await table.alice.slash(table.channel, "play", action=action)
        await table.bob.slash(table.channel, "play", action="place b2")
        result = await table.alice.slash(table.channel, "game undo")
        assert "consent" in result.response.content
        request = table.posts()[-1]
        assert "asks to take back" in request.content
        result = await table.alice.click(request, label="Accept")
        assert "You asked for this take-back" in result.response.content
        result = await table.bob.click(request, label="Accept")
        assert "took back" in result.response.content
        assert (await tables.legal(game_id, table.alice.id))[0][0] == "place a1"
        assert await tables.verify(game_id)


class TestPrivate:
    async def test_hand_by_dm_and_ephemerally_and_never_in_the_channel(self, table):
        tables, game_id = await open_game(table, game="thessaloniki")
        dms = [m for m in table.alice.user.dm_channel.history() if m.author.bot]
        assert dms and "Here is what only you can see" in dms[0].content
        result = await table.alice.slash(table.channel, "hand")
        assert result.response.ephemeral and "Your side of Thessaloniki" in result.response.content
        result = await table.carol.slash(table.channel, "hand")
        assert "not playing" in result.response.content
        post = table.posts()[-1]
        labels = [item.label for row in post.components for item in row.children]
        assert "Your move" in labels and "My hand" in labels

    async def test_closed_dms_get_one_ephemeral_note(self, table):
        env = table.env
        env.inject_error(
            "POST",
            f"/channels/{table.bob.user.dm_channel.id}/messages",
            status=403,
            code=50007,
            message="Cannot send messages to this user",
            times=None,
        )
        tables, game_id = await open_game(table, game="thessaloniki")
        result = await table.bob.slash(table.channel, "hand")
        notes = [f.content for f in result.followups if "DMs are closed" in f.content]
        assert len(notes) == 1
        result = await table.bob.slash(table.channel, "hand")
        assert not [f for f in result.followups if "DMs are closed" in f.content]
        assert await tables.store.pending_notices(game_id) == []

    async def test_mygames_and_play_from_dms(self, table):
        tables, game_id = await open_game(table)
        result = await table.alice.user.slash("mygames")
        assert "your turn" in result.response.content and f"#{game_id}" in result.response.content
        result = await table.alice.user.slash("play", action="place c3")
        assert result.response.content.startswith("✅"), result.response.content
        result = await table.bob.user.slash("hand")
        assert "Your side of Santorini" in result.response.content


class TestReminders:
    async def test_reminders_ping_then_dm_and_mute(self, table):
        tables, game_id = await open_game(table)
        before = len(table.posts())
        await table.env.advance_time(13 * 3600)
        reminders = [m for m in table.posts()[before:] if "waiting for you" in m.content]
        assert len(reminders) == 1 and f"<@{table.alice.id}>" in reminders[0].content
        await table.env.advance_time(12 * 3600)
        dms = [m for m in table.alice.user.dm_channel.history() if "waiting for you" in m.content]
        assert len(dms) == 1
        result = await table.alice.user.click(dms[0], label="Mute for this turn")
        assert "muted" in result.response.content
        await table.env.advance_time(24 * 3600)
        dms_after = [m for m in table.alice.user.dm_channel.history() if "waiting for you" in m.content]
        assert len(dms_after) == 1


class TestLobbyExtras:
    async def test_thread_games_and_bots(self, table):
        result = await table.alice.slash(table.channel, "game new", game="santorini", thread=True)
        assert "opened a **Santorini** game" in result.response.content
        tables = table.env.bot.service
        thread = table.channel.threads[0]
        record = await tables.in_channel(thread.id)
        assert record is not None and record.parent_id == table.channel.id
        result = await table.alice.slash(thread, "game add-bot", level="easy")
        assert "Bot 1 (easy) joins" in result.response.content
        await table.alice.slash(thread, "game start")
        await table.alice.slash(thread, "play", action="place c3")
        await table.alice.slash(thread, "play", action="place c2")
        await tables.settle()
        assert (await tables.record(record.id)).seq == 4  # the bot placed both of its workers

    async def test_status_log_rules_and_settings(self, table):
        tables, game_id = await open_game(table)
        await table.alice.slash(table.channel, "play", action="place c3")
        result = await table.bob.slash(table.channel, "game status")
        assert "To act: alice (Blue)" in result.response.content
        result = await table.bob.slash(table.channel, "game log")
        assert "places a worker on c3" in result.response.content
        result = await table.bob.slash(table.channel, "game rules")
        assert result.response.embeds and "move b2 c3" in result.response.embeds[0].description
        result = await table.alice.slash(table.channel, "game settings", remind_hours=6.0, deadline_hours=48.0)
        assert "reminders every 6 h; deadline: 48 h" in result.response.content
        result = await table.alice.slash(table.channel, "game settings", deadline_hours=0.5)
        assert "deadline_hours must be between 1 and 1440 hours (0 for none)" in result.response.content
        result = await table.alice.slash(table.channel, "game board")
        assert result.response.attachments

    async def test_option_autocomplete_suggests_pairs(self, table):
        choices = await table.alice.autocomplete(table.channel, "game new", "options", "", game="santorini")
        assert choices and all("=" in c["value"] for c in choices)


@pytest.mark.parametrize("game", ["thebes", "thessaloniki"])
async def test_other_games_start_and_take_a_move(table, game):
    tables, game_id = await open_game(table, game=game)
    player = await mover(table, tables, game_id, {0: table.alice, 1: table.bob})
    choices = await player.autocomplete(table.channel, "play", "action", "")
    assert choices and choices[0]["value"] != "?"
    result = await player.slash(table.channel, "play", action=choices[0]["value"])
    assert result.response.content.startswith("✅"), result.response.content
