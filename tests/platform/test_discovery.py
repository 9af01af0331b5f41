"""Finding games (issue 15, item 4): "`/game lobbies` lists open lobbies in
the server (game, seats free, options, link); `/game invite @user` pings with
a join button; lobbies expire after a configurable idle time; per-server
limits on open games per user (no spam)."""

from __future__ import annotations

import asyncio

import pytest

from engine.tables import TableError
from engine.tables.discovery import EXPIRY_JOB, SWEEP_EVERY, lobby_fingerprint

ALICE, BOB, CAROL = 101, 102, 103
GUILD, OTHER_GUILD = 9001, 9002


async def open_lobby(tables, channel: int, host: int = ALICE, guild: int | None = GUILD, **fields) -> int:
    record = await tables.create(
        channel_id=channel,
        user_id=host,
        name=f"user{host}",
        game=fields.pop("game", "santorini"),
        guild_id=guild,
        **fields,
    )
    return record.id


async def sweep(tables, clock, hours: float) -> int:
    """Let ``hours`` pass, sweeping once an hour (as the bot's loop may)."""
    closed = 0
    steps = max(1, int(hours))
    for _ in range(steps):
        clock.advance(hours / steps)
        closed += await tables.expire_lobbies()
    await tables.settle()
    return closed


class TestListing:
    async def test_lists_the_servers_lobbies_with_free_seats_options_and_where(self, tables, clock):
        """ "lists open lobbies in the server (game, seats free, options, link)"."""
        santorini = await open_lobby(tables, 1, options={"gods": "apollo,artemis"})
        clock.advance(2)
        thebes = await open_lobby(tables, 2, host=BOB, game="thebes", parent_id=1)
        await open_lobby(tables, 3, host=CAROL, guild=OTHER_GUILD)
        full = await open_lobby(tables, 4, host=CAROL)
        await tables.join(full, BOB, "bob")
        for _ in range(2):  # Santorini seats four at most
            await tables.add_bot(full, CAROL)
        started = await open_lobby(tables, 5, host=CAROL)
        await tables.join(started, ALICE, "alice")
        await tables.start(started, CAROL)

        listed = await tables.open_lobbies(GUILD)

        assert [entry.game_id for entry in listed] == [thebes, santorini]  # newest first; full and running left out
        newest, oldest = listed
        assert (newest.title, newest.host_id, newest.host_name, newest.channel_id, newest.parent_id) == (
            "Thebes",
            BOB,
            "user102",
            2,
            1,
        )
        assert oldest.options == {"gods": "apollo,artemis"} and newest.options == {}
        assert (oldest.seated, oldest.max_players, oldest.free) == (1, 4, 3)
        # The store stamps a lobby's opening with the wall clock, the service reads its own.
        opened = (await tables.record(santorini)).created_at
        assert oldest.age == pytest.approx(clock() - opened)
        assert await tables.open_lobbies(None) == []


class TestInvite:
    async def test_a_seated_player_invites_once_with_a_post_that_mentions_the_invitee(self, tables, courier):
        """ "`/game invite @user` pings with a join button"."""
        game_id = await open_lobby(tables, 1, options={"gods": "apollo,artemis"})
        answer = await tables.invite(game_id, ALICE, BOB)
        await tables.settle()
        assert f"Invited <@{BOB}>" in answer
        invites = [n for n in courier.delivered if n.kind == "invite"]
        assert len(invites) == 1
        invite = invites[0]
        assert invite.payload["mentions"] == [BOB] and invite.channel_id == 1 and invite.game_id == game_id
        assert f"<@{BOB}>, user101 invites you to a **Santorini** game (#{game_id}, 1/4 seated" in invite.text
        assert "options gods=apollo,artemis" in invite.text
        with pytest.raises(TableError, match="already been invited"):
            await tables.invite(game_id, ALICE, BOB)
        await tables.settle()
        assert len([n for n in courier.delivered if n.kind == "invite"]) == 1, "never sent twice"

    async def test_who_may_invite_and_whom(self, tables):
        game_id = await open_lobby(tables, 1)
        with pytest.raises(TableError, match="Only the players seated in this lobby can invite"):
            await tables.invite(game_id, CAROL, BOB)
        with pytest.raises(TableError, match="invite someone else"):
            await tables.invite(game_id, ALICE, ALICE)
        await tables.join(game_id, BOB, "bob")
        with pytest.raises(TableError, match="already seated"):
            await tables.invite(game_id, BOB, ALICE)
        for _ in range(2):
            await tables.add_bot(game_id, ALICE)
        with pytest.raises(TableError, match="is full"):
            await tables.invite(game_id, BOB, CAROL)
        running = await open_lobby(tables, 2)
        await tables.join(running, BOB, "bob")
        await tables.start(running, ALICE)
        with pytest.raises(TableError, match="already started"):
            await tables.invite(running, ALICE, CAROL)
        with pytest.raises(TableError, match="not a valid user id"):
            await tables.invite(game_id, ALICE, "carol")


class TestIdleLobbies:
    async def test_an_idle_lobby_closes_publicly_after_the_servers_idle_time(self, tables, clock, courier):
        """ "lobbies expire after a configurable idle time"; the default is 72 h."""
        game_id = await open_lobby(tables, 1)
        await tables.expire_lobbies()  # the loop sees the new lobby
        assert await sweep(tables, clock, 71.5) == 0
        assert (await tables.record(game_id)).status == "lobby"
        assert await sweep(tables, clock, 1) == 1
        assert (await tables.record(game_id)).status == "abandoned"
        assert f"Game #{game_id}'s lobby closed after 3 days without players" in courier.texts()[-1]
        assert courier.delivered[-1].channel_id == 1
        # The channel is free for a new game.
        await open_lobby(tables, 1)

    async def test_a_join_a_leave_or_a_setting_restarts_the_idle_time(self, tables, clock):
        await tables.configure_server(GUILD, ALICE, can_manage_server=True, lobby_idle_hours=24)
        game_id = await open_lobby(tables, 1)
        await tables.expire_lobbies()
        for change in (
            tables.join(game_id, BOB, "bob"),
            tables.leave(game_id, BOB),
            tables.configure(game_id, ALICE, remind_hours=6),
        ):
            assert await sweep(tables, clock, 20) == 0
            await change
        assert await sweep(tables, clock, 20) == 0
        assert (await tables.record(game_id)).status == "lobby"
        assert await sweep(tables, clock, 5) == 1

    async def test_a_lobby_changed_after_the_sweep_read_it_stays_open(self, tables, clock):
        game_id = await open_lobby(tables, 1)
        await tables.expire_lobbies()
        clock.advance(73)
        record = await tables.store.game(game_id)
        await tables.join(game_id, BOB, "bob")  # between the sweep's read and its close
        assert await tables._expire(game_id, 72, clock()) == 0
        assert lobby_fingerprint(record) != lobby_fingerprint(await tables.record(game_id))
        assert (await tables.record(game_id)).status == "lobby"

    async def test_one_sweep_per_interval_across_processes(self, tables, clock):
        """Like reminders, the sweep is claimed: only one process of a fleet does it."""
        now = clock()
        assert await tables.store.claim_job(EXPIRY_JOB, "process-b", now, SWEEP_EVERY)
        assert await tables.expire_lobbies() == 0 and not await tables.store.claim_job(
            EXPIRY_JOB, "process-c", now + 1, SWEEP_EVERY
        )
        assert await tables.store.claim_job(EXPIRY_JOB, "process-c", now + SWEEP_EVERY, SWEEP_EVERY)

    async def test_terminal_tables_never_expire(self, tables, clock):
        game_id = await open_lobby(tables, 1, guild=None)
        await sweep(tables, clock, 24 * 10)
        assert (await tables.record(game_id)).status == "lobby"


class TestOpenGameLimit:
    async def test_a_host_at_the_limit_is_refused_with_the_limit_and_the_way_out(self, tables):
        """ "per-server limits on open games per user (no spam)"; the default is 5."""
        games = [await open_lobby(tables, channel) for channel in range(1, 6)]
        with pytest.raises(TableError) as refused:
            await open_lobby(tables, 6)
        message = str(refused.value)
        assert "You already host 5 open games on this server, its limit (5)" in message
        assert f"#{games[0]} Santorini in <#1> (lobby)" in message
        assert "`/game abandon`" in message and "/game server-settings max_open_games:" in message
        # Other servers, and games another member opens, do not count.
        await open_lobby(tables, 7, guild=OTHER_GUILD)
        await open_lobby(tables, 8, host=BOB)
        # Closing one makes room.
        await tables.abandon(games[0], ALICE)
        await open_lobby(tables, 6)

    async def test_running_games_count_and_the_limit_is_the_servers(self, tables):
        await tables.configure_server(GUILD, CAROL, can_manage_server=True, max_open_games_per_user=1)
        game_id = await open_lobby(tables, 1)
        await tables.join(game_id, BOB, "bob")
        await tables.start(game_id, ALICE)
        with pytest.raises(TableError, match=r"its limit \(1\)"):
            await open_lobby(tables, 2)
        await tables.check_may_host(None, ALICE)  # the terminal table has no server to protect

    async def test_two_lobbies_opened_at_the_same_instant_cannot_both_pass_the_limit(self, tables):
        """The limit holds when one member sends `/game new` twice at once
        (a double click, two channels): the second waits for the first."""
        await tables.configure_server(GUILD, CAROL, can_manage_server=True, max_open_games_per_user=1)
        opened = await asyncio.gather(*(open_lobby(tables, channel) for channel in (1, 2, 3)), return_exceptions=True)
        assert len([o for o in opened if isinstance(o, int)]) == 1
        assert all("its limit (1)" in str(o) for o in opened if not isinstance(o, int))
        assert tables._opening_locks == {}, "nothing is kept once the openings are over"


class TestServerSettings:
    async def test_only_manage_server_changes_them_and_values_are_checked(self, tables):
        assert await tables.server_settings(GUILD) == {"lobby_idle_hours": 72.0, "max_open_games_per_user": 5}
        shown = await tables.configure_server(GUILD, BOB)
        assert (
            shown
            == "⚙️ On this server: lobbies close after 3 days without players, each member hosts at most 5 open games."
        )
        with pytest.raises(TableError, match="Only a member with Manage Server"):
            await tables.configure_server(GUILD, BOB, lobby_idle_hours=24)
        for bad, match in (
            ({"lobby_idle_hours": 0.1}, "between 1 and 720"),
            ({"max_open_games_per_user": 0}, "between 1 and 50"),
            ({"max_open_games_per_user": 2.5}, "a whole number"),
        ):
            with pytest.raises(TableError, match=match):
                await tables.configure_server(GUILD, ALICE, can_manage_server=True, **bad)
        text = await tables.configure_server(GUILD, ALICE, can_manage_server=True, lobby_idle_hours=48)
        assert text == f"⚙️ <@{ALICE}> set for this server: lobbies close after 2 days without players."
        assert (await tables.server_settings(GUILD))["lobby_idle_hours"] == 48
        assert (await tables.server_settings(OTHER_GUILD))["lobby_idle_hours"] == 72
        with pytest.raises(TableError, match="belong to a server"):
            await tables.configure_server(None, ALICE, can_manage_server=True, lobby_idle_hours=48)
