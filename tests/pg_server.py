"""A throwaway PostgreSQL server for the tests and benchmarks, and the
pytest fixtures that run store tests against both backends.

The server is the machine's own PostgreSQL (Debian's ``postgresql`` package:
``initdb`` and ``pg_ctl``, found on PATH or under /usr/lib/postgresql/*/bin),
in a temporary directory, listening on 127.0.0.1 at a free port with its unix
socket in that directory. PostgreSQL refuses to run as root: as root it runs
as the ``postgres`` user (who owns the directory); otherwise as the current
user. It is stopped (``pg_ctl stop -m immediate``) and its directory removed
when the session ends, whatever happened.

Fixtures (a plugin: ``pytest_plugins = ["tests.pg_server"]``, or import them
into a conftest):

- ``postgres_server``: the session's server, started on first use. When the
  environment variable ``CI`` is set and it cannot start, the test FAILS;
  elsewhere it is skipped with the reason.
- ``store_url`` (parametrised ``sqlite`` / ``postgresql``): an empty database
  of its own for each test: a file path, or a schema of its own on the server.
- ``store``: that database opened with ``open_store``.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import Self

import pytest

SUPERUSER = "agora"
REPO = Path(__file__).resolve().parent.parent


def find_binary(name: str) -> str | None:
    """``initdb``/``pg_ctl``: on PATH, or else in the newest installed version."""
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(
        glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
        key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0,
    )
    return candidates[-1] if candidates else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


PREFIX = "agora-pg-"


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def reap_orphans() -> None:
    """Stop the servers of earlier runs whose process died without stopping
    them (a test run killed outright): each directory names its owner."""
    for directory in Path(tempfile.gettempdir()).glob(f"{PREFIX}*"):
        try:
            owner = int((directory / "owner").read_text())
        except (OSError, ValueError):
            continue
        if not alive(owner):
            orphan = ThrowawayPostgres()
            orphan.directory, orphan._started = directory, (directory / "data" / "postmaster.pid").exists()
            orphan._user = "postgres" if os.geteuid() == 0 else None
            orphan.stop()


class ThrowawayPostgres:
    """One PostgreSQL server in a temporary directory, until ``stop()``.

    ``durable=False`` (the tests) turns fsync off: a test never survives a
    power cut anyway. Benchmarks keep it on, so a commit costs what it costs
    in production."""

    def __init__(self, *, durable: bool = False) -> None:
        self.durable = durable
        self.directory: Path | None = None
        self.port: int | None = None
        self._user: str | None = None
        self._started = False
        self._names = itertools.count(1)

    # -- running the binaries as someone PostgreSQL accepts ---------------------------

    def _as_owner(self, command: list[str]) -> list[str]:
        return ["runuser", "-u", self._user, "--", *command] if self._user else command

    def _run(self, command: list[str], timeout: float = 120) -> subprocess.CompletedProcess:
        return subprocess.run(self._as_owner(command), capture_output=True, text=True, timeout=timeout, check=False)

    # -- life cycle ------------------------------------------------------------------------------

    def start(self) -> ThrowawayPostgres:
        """Start the server; raises RuntimeError saying why it cannot."""
        initdb, pg_ctl = find_binary("initdb"), find_binary("pg_ctl")
        if not initdb or not pg_ctl:
            raise RuntimeError(
                "PostgreSQL is not installed (no initdb/pg_ctl on PATH or in "
                "/usr/lib/postgresql/*/bin): apt-get install postgresql"
            )
        if os.geteuid() == 0:
            try:
                pwd.getpwnam("postgres")
            except KeyError:
                raise RuntimeError("running as root and there is no 'postgres' user to run PostgreSQL as") from None
            self._user = "postgres"
        reap_orphans()
        self.directory = Path(tempfile.mkdtemp(prefix=PREFIX))
        (self.directory / "owner").write_text(str(os.getpid()))
        if self._user:
            shutil.chown(self.directory, self._user)
        data = self.directory / "data"
        done = self._run(
            [initdb, "-D", str(data), "-U", SUPERUSER, "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]
        )
        if done.returncode != 0:
            self.stop()
            raise RuntimeError(f"initdb failed: {(done.stderr or done.stdout).strip()[-400:]}")
        settings = [
            "-c listen_addresses=127.0.0.1",
            f"-c unix_socket_directories={self.directory}",
            "-c max_connections=200",
            "-c shared_buffers=64MB",
        ]
        if not self.durable:
            settings += ["-c fsync=off", "-c full_page_writes=off"]
        for attempt in range(3):  # a port found free may be taken before the server binds it
            self.port = free_port()
            done = self._run(
                [
                    pg_ctl,
                    "-D",
                    str(data),
                    "-l",
                    str(self.directory / "server.log"),
                    "-w",
                    "-t",
                    "60",
                    "-o",
                    " ".join([f"-p {self.port}", *settings]),
                    "start",
                ]
            )
            if done.returncode == 0:
                self._started = True
                return self
        log = (self.directory / "server.log").read_text(errors="replace")[-600:] if self.directory else ""
        self.stop()
        raise RuntimeError(f"pg_ctl start failed: {done.stderr.strip()[-300:]} {log}")

    def stop(self) -> None:
        if self.directory is None:
            return
        if self._started:
            pg_ctl = find_binary("pg_ctl")
            if pg_ctl:
                self._run([pg_ctl, "-D", str(self.directory / "data"), "-m", "immediate", "-w", "stop"], timeout=60)
            self._started = False
        shutil.rmtree(self.directory, ignore_errors=True)
        self.directory = None

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- databases --------------------------------------------------------------------------------

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    async def new_database(self) -> str:
        """A new empty database on the server; returns its URL."""
        return await self._create("DATABASE", lambda name: self.url(name))

    async def new_schema(self) -> str:
        """A new empty schema in the server's first database; returns a URL
        that puts it first on the search path. A thousand times quicker to
        make than a database (~1 ms against ~0.7 s), and as separate for a
        store: every table, index and sequence lives in the schema."""
        return await self._create("SCHEMA", lambda name: f"{self.url()}?search_path={name}")

    async def _create(self, kind: str, url_of) -> str:
        import asyncpg

        name = f"agora_{os.getpid()}_{next(self._names)}"
        connection = await asyncpg.connect(self.url())
        try:
            await connection.execute(f'CREATE {kind} "{name}"')
        finally:
            await connection.close()
        return url_of(name)


# ---------------------------------------------------------------------------
# pytest fixtures


def unavailable(error: Exception) -> None:
    """No server: in CI (``CI`` set) the PostgreSQL tests FAIL, never skip;
    elsewhere they are skipped, saying why."""
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the PostgreSQL tests, and PostgreSQL could not start: {error}")
    pytest.skip(f"no PostgreSQL server for these tests: {error}")


@pytest.fixture(scope="session")
def postgres_server():
    server = ThrowawayPostgres()
    try:
        server.start()
    except (RuntimeError, OSError, subprocess.SubprocessError) as error:
        unavailable(error)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
async def store_url(request, tmp_path):
    """An empty database for the test, in each backend."""
    if request.param == "sqlite":
        return str(tmp_path / "store.sqlite3")
    server = request.getfixturevalue("postgres_server")
    return await server.new_schema()


@pytest.fixture
async def store(store_url):
    from engine.store import open_store

    opened = await open_store(store_url)
    yield opened
    await opened.close()
