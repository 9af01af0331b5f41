"""The fleet section of ``bench/service.py``: several processes on one
database (SQLite, and PostgreSQL beside it), each its own ``Tables`` with
games of its own; moves committed per second, p99 of ``play()`` and CPU per
move. Run through ``bench/service.py --fleet`` (see its docstring)."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import queue
import time
from pathlib import Path
from typing import Any

from common import Figure, Row, Stopwatch, bench_players, judged, per_second, percentile
from service import TARGET_MOVES, Room, Settings, closed_loop, fresh_db

from engine.games import REGISTRY
from engine.runtime import tune_garbage_collector
from engine.tables import Tables

# ---------------------------------------------------------------------------
# A fleet: several processes on one database


async def fleet_worker_run(
    where: str, game: str, first_channel: int, count: int, moves: int, barrier: Any, server: int | None = None
) -> tuple[int, float, float, list[float], float, float, float]:
    """One process of the fleet: its own Tables and games, warmed up by one
    move in each game (as a process that has run for a while is: its pool's
    connections open, their statements prepared); once every process is
    ready, ``moves`` closed-loop moves (no courier: commits).
    Returns the moves, the start and end, the latencies (ms), the CPU
    seconds this process spent on them, and the CPU seconds the database
    server (the postmaster ``server``, when given) had used at the start
    and at the end."""
    tables = await Tables.open(where, courier=None, run_bots=False, cache_size=max(2000, 2 * count))
    try:
        players, options = bench_players(REGISTRY[game])
        room = Room(tables, game, players, options, seed=first_channel)
        await room.open(count, first_channel=first_channel)
        await closed_loop(room, None, count)
        await tables.settle()
        await asyncio.to_thread(barrier.wait)
        started, cpu_started = time.time(), time.process_time()
        server_started = server_cpu_seconds(server) if server else 0.0
        _, latencies = await closed_loop(room, None, moves)
        cpu = time.process_time() - cpu_started
        server_ended = server_cpu_seconds(server) if server else 0.0
        return len(latencies), started, time.time(), latencies, cpu, server_started, server_ended
    finally:
        await tables.close()


def fleet_worker(
    where: str, game: str, first_channel: int, count: int, moves: int, barrier: Any, results: Any, server: int | None
) -> None:
    tune_garbage_collector()  # each process of the fleet is a bot's process
    try:
        results.put(asyncio.run(fleet_worker_run(where, game, first_channel, count, moves, barrier, server)))
    except BaseException as error:  # the parent reports it instead of waiting for ever
        barrier.abort()
        results.put(f"{type(error).__name__}: {error}")


FLEET_TIMEOUT = 900.0


def fleet_once(
    where: str, game: str, processes: int, per_process: int, moves: int, server: int | None = None
) -> tuple[float, float, float]:
    """Moves committed per second by ``processes`` processes together (from
    the first one's start to the last one's end), the p99 of play() (ms),
    and the CPU time per move (ms) of the processes and, given ``server``
    (the database server's postmaster), the server: unlike moves per
    second, it hardly depends on what else the machine runs."""
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(processes), context.Queue()
    workers = [
        context.Process(
            target=fleet_worker,
            args=(where, game, 1 + index * per_process, per_process, moves // processes, barrier, results, server),
        )
        for index in range(processes)
    ]
    for worker in workers:
        worker.start()
    found: list[Any] = []
    deadline = time.monotonic() + FLEET_TIMEOUT
    try:
        while len(found) < processes:
            try:
                found.append(results.get(timeout=1.0))
            except queue.Empty:
                # A process that died before reporting (an import error, a
                # kill) would otherwise be waited for until the deadline.
                if time.monotonic() > deadline or any(w.exitcode not in (None, 0) for w in workers):
                    raise RuntimeError("a fleet process died or hung before reporting") from None
    finally:
        for worker in workers:
            worker.join(timeout=30)
            if worker.is_alive():
                worker.kill()
    failed = [f for f in found if isinstance(f, str)]
    if failed:
        raise RuntimeError(f"a fleet process failed: {failed[0]}")
    moved = sum(f[0] for f in found)
    seconds = max(f[2] for f in found) - min(f[1] for f in found)
    # The server's CPU from the first process's start to the last one's end
    # (the processes start together, once all have set up their games).
    cpu = sum(f[4] for f in found) + max(f[6] for f in found) - min(f[5] for f in found)
    return per_second(moved, seconds), percentile([ms for f in found for ms in f[3]], 0.99), 1000 * cpu / moved


def server_cpu_seconds(postmaster: int) -> float:
    """CPU seconds of a PostgreSQL server: the postmaster, its live
    children (backends, WAL writer, checkpointer) and its children that
    have exited (Linux /proc)."""
    ticks = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # a process that ended while we looked
        pid, parent = int(entry.name), int(fields[1])
        if pid == postmaster:
            ticks += sum(int(f) for f in fields[11:15])  # its own time and its waited-for children's
        elif parent == postmaster:
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


class FleetDatabases:
    """A fresh database for each fleet run: a SQLite file, or a PostgreSQL
    schema (in the given database, or on a throwaway server) dropped after."""

    def __init__(self, workdir: Path, db: str | None):
        self.workdir, self.db = workdir, db
        self.server = None
        self.url = db
        if db == "postgres-temp":
            from tests.pg_server import ThrowawayPostgres

            self.server = ThrowawayPostgres(durable=True).start()
            self.url = self.server.url()

    def server_pid(self, backend: str) -> int | None:
        """The throwaway PostgreSQL server's postmaster, whose CPU time is
        measured (None for SQLite, or a server that is not ours)."""
        if backend != "postgresql" or self.server is None or self.server.directory is None:
            return None
        return int((self.server.directory / "data" / "postmaster.pid").read_text().split()[0])

    def backends(self) -> list[str]:
        return ["sqlite"] + (["postgresql"] if self.url else [])

    def fresh(self, backend: str) -> tuple[str, Any]:
        """(where, drop): the database to open, and how to throw it away."""
        if backend == "sqlite":
            path = fresh_db(self.workdir, "fleet")
            return str(path), lambda: None
        name = f"bench_{time.monotonic_ns()}"
        asyncio.run(self._sql(f'CREATE SCHEMA "{name}"'))
        joiner = "&" if "?" in self.url else "?"
        return f"{self.url}{joiner}search_path={name}", lambda: asyncio.run(self._sql(f'DROP SCHEMA "{name}" CASCADE'))

    async def _sql(self, statement: str) -> None:
        import asyncpg

        connection = await asyncpg.connect(self.url)
        try:
            await connection.execute(statement)
        finally:
            await connection.close()

    def close(self) -> None:
        if self.server is not None:
            self.server.stop()


async def store_commits(where: str, games: int, commits: int) -> float:
    """``store.commit`` alone (a move's row, a 2 KB snapshot, one notice):
    commits per second with ``games`` games committing at once, each waiting
    for its last commit (so concurrent commits can share a disk flush)."""
    from engine.store import NewNotice, open_store

    store = await open_store(where)
    try:
        ids = [
            await store.create_game(
                guild_id=None,
                channel_id=channel,
                parent_id=None,
                game="santorini",
                options={},
                seed=1,
                host_id=None,
                settings={},
                seats=[],
            )
            for channel in range(1, games + 1)
        ]
        state = {"board": list(range(400))}

        async def player(game_id: int) -> None:
            for seq in range(1, commits // games + 1):
                await store.commit(
                    game_id,
                    seq,
                    seat=0,
                    kind="play",
                    action="move",
                    text="",
                    state=state,
                    notices=[NewNotice("channel", {"seq": seq})],
                )

        with Stopwatch() as watch:
            await asyncio.gather(*(player(game_id) for game_id in ids))
        return per_second(games * (commits // games), watch.seconds)
    finally:
        await store.close()


def store_rows(settings: Settings, databases: FleetDatabases) -> list[Row]:
    """The store alone: one game committing in sequence, and 100 at once."""
    rows = []
    for backend in databases.backends():
        for games in (1, 100):
            figure = Figure("commits", "commits/s")
            for _ in range(settings.repeats):
                where, drop = databases.fresh(backend)
                try:
                    figure.runs.append(asyncio.run(store_commits(where, games, max(300, 5 * games))))
                finally:
                    drop()
            rows.append(
                Row(
                    "store",
                    f"{backend}, {games} game{'s' if games > 1 else ''} at once",
                    "store.commit() per second",
                    figure,
                )
            )
    return rows


def fleet_rows(game: str, settings: Settings, workdir: Path, db: str | None, processes: list[int]) -> list[Row]:
    """Throughput and p99 with 1, 2, 4 processes on one database and 1, 100,
    1,000 active games in all, on SQLite and (with ``db``) PostgreSQL."""
    databases = FleetDatabases(workdir, db)
    try:
        rows = store_rows(settings, databases)
        for backend in databases.backends():
            for count in settings.counts:
                for fleet in processes:
                    per_process = max(1, count // fleet)
                    moves = max(settings.closed_moves, 2 * count)
                    rate = Figure("moves", "moves/s")
                    p99 = Figure("p99", "ms", higher_is_better=False)
                    cpu = Figure("cpu", "ms", higher_is_better=False)
                    for _ in range(settings.repeats):
                        where, drop = databases.fresh(backend)
                        try:
                            found = fleet_once(where, game, fleet, per_process, moves, databases.server_pid(backend))
                        finally:
                            drop()
                        rate.runs.append(found[0])
                        p99.runs.append(found[1])
                        cpu.runs.append(found[2])
                    total = per_process * fleet
                    subject = (
                        f"{backend}, {fleet} process{'es' if fleet > 1 else ''}, {total} game{'s' if total > 1 else ''}"
                    )
                    row = Row("fleet", subject, "moves/s committed", rate)
                    if backend == "postgresql" and count == 100:
                        row = judged(
                            Row("fleet", subject, "moves/s committed", rate, f">= {TARGET_MOVES:g}/s"), TARGET_MOVES
                        )
                    server = " + server" if databases.server_pid(backend) else ""
                    rows += [
                        row,
                        Row("fleet", subject, "play() p99 at saturation", p99),
                        Row("fleet", subject, f"CPU per move (processes{server})", cpu),
                    ]
    finally:
        databases.close()
    return rows
