"""Shared fixtures: a fresh SQLite-backed table service per test, and a
recording courier that stands in for the Discord front end."""

from __future__ import annotations

import pytest

from engine.tables import Notice, Tables


class RecordingCourier:
    """Collects delivered notices; can be told to fail, like a Discord outage."""

    def __init__(self) -> None:
        self.delivered: list[Notice] = []
        self.failing = False

    async def deliver(self, notice: Notice) -> None:
        if self.failing:
            raise ConnectionError("Discord is unreachable")
        self.delivered.append(notice)

    def texts(self, kind: str = "channel") -> list[str]:
        return [n.text for n in self.delivered if n.kind == kind]


class Clock:
    """A hand-wound clock for reminders and deadlines."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += hours * 3600


@pytest.fixture
def courier() -> RecordingCourier:
    return RecordingCourier()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def tables(tmp_path, courier, clock):
    service = await Tables.open(str(tmp_path / "agora.sqlite3"), courier=courier, clock=clock, bot_budget=0.2)
    yield service
    await service.close()


def _sqlite_workers() -> set:
    import threading

    return {t for t in threading.enumerate() if "_connection_worker_thread" in t.name}


@pytest.fixture(autouse=True)
def no_open_database_left_behind(request):
    """aiosqlite's worker threads are not daemons: one connection left open
    keeps the interpreter (and CI) from ever exiting, long after the last
    test passed. Every test must close what it opens."""
    before = _sqlite_workers()
    yield
    leaked = _sqlite_workers() - before
    for thread in leaked:
        thread.join(timeout=2)
    leaked = {t for t in leaked if t.is_alive()}
    assert not leaked, f"{request.node.nodeid} left {len(leaked)} SQLite connection(s) open"


def pytest_unconfigure(config):
    """The last line of defence against a hang: a worker thread that is still
    alive once pytest is done (a leak the fixture above could not pin on one
    test, or one started at collection) would keep the interpreter waiting for
    ever, and CI would time out half an hour later instead of failing now."""
    import os
    import sys

    leaked = [t for t in _sqlite_workers() if t.is_alive()]
    for thread in leaked:
        thread.join(timeout=2)
    leaked = [t for t in leaked if t.is_alive()]
    if leaked:
        print(f"\n{len(leaked)} SQLite connection(s) still open after the last test; exiting.", file=sys.stderr)
        sys.stderr.flush()
        sys.stdout.flush()
        status = getattr(config, "_agora_exit_status", 1) or 1
        os._exit(status)


def pytest_sessionfinish(session, exitstatus):
    session.config._agora_exit_status = int(exitstatus)
