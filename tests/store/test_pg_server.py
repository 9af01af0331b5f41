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
