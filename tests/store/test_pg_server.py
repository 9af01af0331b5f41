"""The PostgreSQL leg cannot be skipped in CI: "In CI the PostgreSQL leg must
run: if it is skipped there, CI fails" (issue 20)."""

from __future__ import annotations

import pytest

from tests import pg_server


def test_without_postgresql_ci_fails_and_elsewhere_the_tests_skip(monkeypatch):
    monkeypatch.setattr(pg_server, "find_binary", lambda name: None)
    with pytest.raises(RuntimeError, match="apt-get install postgresql") as missing:
        pg_server.ThrowawayPostgres().start()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI must run the PostgreSQL tests"):
        pg_server.unavailable(missing.value)
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="no PostgreSQL server"):
        pg_server.unavailable(missing.value)


def test_the_server_listens_on_loopback_only_and_names_its_owner(postgres_server):
    assert postgres_server.url().startswith("postgresql://agora@127.0.0.1:")
    assert (postgres_server.directory / "owner").read_text().isdigit()
    settings = (postgres_server.directory / "data" / "postmaster.opts").read_text()
    assert "listen_addresses=127.0.0.1" in settings


async def test_a_fleet_process_can_reach_the_server_through_its_unix_socket(postgres_server):
    """The README's socket URL (``?host=<socket directory>``) serves the
    store, its game locks and a whole move, and goes over no TCP connection."""
    from engine.store import open_store
    from engine.tables import Tables

    url = f"postgresql://{pg_server.SUPERUSER}@/postgres?host={postgres_server.directory}&port={postgres_server.port}"
    schema = (await postgres_server.new_schema()).split("search_path=")[1]
    tables = Tables(await open_store(f"{url}&search_path={schema}"), run_bots=False)
    try:
        assert tables.shared
        game_id = (await tables.create(channel_id=1, user_id=1, name="a", game="santorini", seed=1)).id
        await tables.join(game_id, 2, "b")
        await tables.start(game_id, 1)
        async with tables._held(game_id) as live:  # a game lock and a fresh read, over the socket
            seat = live.game.to_move(live.state)[0]
            action = live.game.legal(live.state, seat)[0]
        assert (await tables.play(game_id, seat + 1, action)).seq == 1
        assert await tables.store._pool.fetchval("SELECT inet_client_addr()") is None
    finally:
        await tables.close()
