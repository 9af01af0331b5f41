"""The store's queries for finding games (engine/tables/discovery.py), the
same on both backends: a server's open lobbies, the live games a member
hosts there, and the claim that lets one process of a fleet run a periodic
job."""

from __future__ import annotations

import asyncio

from engine.store import SeatRecord
from tests.store.play import GUEST, HOST, new_game

GUILD, OTHER = 2**63 - 1, 5


async def test_open_lobbies_of_a_server_and_of_all(store):
    first = await new_game(store, channel=1, guild_id=GUILD, host_id=HOST, seats=[SeatRecord(0, HOST, "host")])
    other = await new_game(store, channel=2, guild_id=OTHER, host_id=HOST)
    running = await new_game(store, channel=3, guild_id=GUILD, host_id=GUEST)
    await store.update_game(running, status="active")
    second = await new_game(store, channel=4, guild_id=GUILD, host_id=GUEST)
    closed = await new_game(store, channel=5, guild_id=GUILD, host_id=GUEST)
    await store.update_game(closed, status="abandoned")
    terminal = await new_game(store, channel=6)

    lobbies = await store.open_lobbies(GUILD)
    assert [record.id for record in lobbies] == [first, second]
    assert lobbies[0].seats == [SeatRecord(0, HOST, "host")] and lobbies[0].guild_id == GUILD
    assert [record.id for record in await store.open_lobbies()] == [first, other, second, terminal]
    assert await store.open_lobbies(12345) == []


async def test_count_of_the_live_games_a_member_hosts_in_a_server(store):
    for channel in (1, 2):
        await new_game(store, channel=channel, guild_id=GUILD, host_id=HOST)
    running = await new_game(store, channel=3, guild_id=GUILD, host_id=HOST)
    await store.update_game(running, status="active")
    finished = await new_game(store, channel=4, guild_id=GUILD, host_id=HOST)
    await store.update_game(finished, status="finished")
    await new_game(store, channel=5, guild_id=OTHER, host_id=HOST)
    await new_game(store, channel=6, guild_id=GUILD, host_id=GUEST)

    assert await store.count_hosted_open_games(GUILD, HOST) == 3
    assert await store.count_hosted_open_games(OTHER, HOST) == 1
    assert await store.count_hosted_open_games(GUILD, GUEST) == 1
    assert await store.count_hosted_open_games(GUILD, 7) == 0


async def test_a_job_is_claimed_once_per_interval(store):
    assert await store.claim_job("sweep", "a", 1000.0, 600.0)
    assert not await store.claim_job("sweep", "b", 1599.0, 600.0)
    assert await store.claim_job("other", "b", 1599.0, 600.0), "jobs are claimed apart"
    assert await store.claim_job("sweep", "b", 1600.0, 600.0)
    assert not await store.claim_job("sweep", "a", 1700.0, 600.0)


async def test_of_many_claiming_at_once_exactly_one_runs_the_job(store_url):
    """Processes of a fleet ask together; one store per process."""
    from engine.store import open_store

    stores = [await open_store(store_url) for _ in range(4)]
    try:
        won = await asyncio.gather(*(s.claim_job("sweep", f"p{i}", 5000.0, 600.0) for i, s in enumerate(stores)))
        assert sorted(won) == [False, False, False, True]
    finally:
        for s in stores:
            await s.close()


async def test_two_processes_sweeping_together_close_an_idle_lobby_once(store_url):
    """Lobby expiry is claimed like reminders: of a fleet sweeping at the same
    moment one process closes the lobby, and its post goes out once."""
    from engine.tables import Tables
    from tests.conftest import Clock, RecordingCourier

    clock, courier = Clock(), RecordingCourier()
    fleet = [await Tables.open(store_url, courier=courier, clock=clock, run_bots=False, shared=True) for _ in range(2)]
    try:
        record = await fleet[0].create(channel_id=1, user_id=HOST, name="host", game="santorini", guild_id=GUILD)
        await fleet[1].expire_lobbies()  # the fleet's loop first sees the lobby
        clock.advance(73)
        closed = await asyncio.gather(*(tables.expire_lobbies() for tables in fleet))
        for tables in fleet:
            await tables.settle()
        assert sorted(closed) == [0, 1]
        assert (await fleet[0].store.game(record.id)).status == "abandoned"
        assert [text for text in courier.texts() if "lobby closed" in text] == [
            f"⌛ Game #{record.id}'s lobby closed after 3 days without players. Open a new one with `/game new`."
        ]
    finally:
        for tables in fleet:
            await tables.close()
