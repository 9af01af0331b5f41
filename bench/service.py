"""Service benchmarks: the table service over a real SQLite file.

    python bench/service.py [--quick] [--game santorini] [--repeats N] [--profile]

- Throughput: every game has a player who moves as soon as the previous move
  returns (closed loop); moves committed per second with 1, 100 and 1,000
  active games, and the latency of ``play()`` at that saturation.
- Latency: moves arrive at random (Poisson) at ``--rate`` per second spread
  over the games (open loop), which is how players really behave; p50 and p99
  of ``play()``, and, with rendering, of the time until the player sees the
  new board (the channel post's picture for a move that ends a turn, the
  ephemeral picture the front end draws for one that does not), drawn off
  the event loop as the Discord front end does.
- Per game: the same at 100 games for every game in the registry.
- Memory per idle cached game (tracemalloc), per game, mid-game states.
- Start-up with 10,000 stored games: a fresh process imports Agora, opens the
  file and runs ``recover()``; all games active, and 1,000 active with 9,000
  finished.
- ``--profile``: where the time of a committed move goes (cProfile).
- Fleet (``--processes 1,2,4``, and ``--db``): the closed-loop move-commit
  run with several processes on one database, each its own ``Tables`` with
  games of its own, 1, 100 and 1,000 active games in all: moves committed
  per second (all processes together), p99 of ``play()`` and CPU time per
  move (the processes, and the server when it is the throwaway one: a
  figure that a busy machine disturbs far less than the rate); SQLite (one
  file) always, PostgreSQL beside it when ``--db`` names one:
  ``--db postgresql://user@host/db`` (each run in a fresh schema, dropped
  after), or ``--db postgres-temp``: a throwaway server of the machine's own
  PostgreSQL (tests/pg_server.py), fsync on, as in production. ``--fleet``
  runs only this section.

    python bench/service.py --fleet --db postgres-temp --processes 1,2,4

The figures are measured without a courier ("commit only") and with a courier
that delivers instantly, so the outbox is drained as in production. Stored
games for the memory and start-up figures are real games played through the
service and then copied row by row with SQL (playing 10,000 games would take
minutes; a copy is as real to the service as the original).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import io
import json
import pstats
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from common import (
    REPO,
    Figure,
    Row,
    Stopwatch,
    bench_players,
    judged,
    number,
    per_second,
    percentile,
    print_rows,
    random_positions,
)

from engine.games import REGISTRY
from engine.runtime import tune_garbage_collector
from engine.tables import Notice, PlayResult, Tables
from engine.tables.model import legal_now
from render import hand_image, hand_text, render_view

FIRST_USER = 1_000
TARGET_MOVES = 1000.0
TARGET_P99_PLAIN_MS = 20.0
TARGET_P99_RENDER_MS = 100.0
TARGET_STARTUP_S = 2.0
TARGET_MEMORY_KB = 100.0


@dataclass
class Settings:
    counts: tuple[int, ...]
    closed_moves: int
    """moves per closed-loop run (at least two per game)"""
    open_moves: int
    rate: float
    """moves per second offered in the open-loop runs without pictures"""
    drawn_moves: int
    drawn_rate: float
    """moves per second offered with pictures: drawing a board takes 35-130 ms
    of CPU, so a 2-core machine draws a few dozen per second at most; above
    that the latency measures the queue, not the service"""
    memory_games: int
    stored_games: int
    repeats: int


FULL = Settings(
    counts=(1, 100, 1000),
    closed_moves=2000,
    open_moves=300,
    rate=50.0,
    drawn_moves=100,
    drawn_rate=10.0,
    memory_games=200,
    stored_games=10_000,
    repeats=3,
)
QUICK = Settings(
    counts=(1, 100, 1000),
    closed_moves=600,
    open_moves=100,
    rate=50.0,
    drawn_moves=40,
    drawn_rate=10.0,
    memory_games=40,
    stored_games=10_000,
    repeats=1,
)


# ---------------------------------------------------------------------------
# Couriers


class InstantCourier:
    """Delivers by doing nothing: the outbox is drained, nothing is drawn."""

    async def deliver(self, notice: Notice) -> None:
        return None


class DrawingCourier:
    """Draws what the Discord courier draws (the channel picture, a player's
    hand), off the event loop, and tells who waits when a post is ready."""

    def __init__(self) -> None:
        self._posted: dict[tuple[int, int], asyncio.Event] = {}

    def posted(self, game_id: int, seq: int) -> asyncio.Event:
        return self._posted.setdefault((game_id, seq), asyncio.Event())

    async def deliver(self, notice: Notice) -> None:
        payload = notice.payload
        if notice.kind == "channel":
            if payload.get("view"):
                await asyncio.to_thread(render_view, payload["view"], payload.get("names"))
            if "seq" in payload:
                self.posted(notice.game_id, payload["seq"]).set()
        elif notice.kind == "private":
            await asyncio.to_thread(hand_text, payload["view"], payload.get("names"))
            await asyncio.to_thread(hand_image, payload["view"], payload.get("names"))


# ---------------------------------------------------------------------------
# Tables full of games, and players for them


class Room:
    """Active games of one kind in one service, and random players for them.
    A game that ends is replaced by a new one in its channel."""

    def __init__(self, tables: Tables, game: str, players: int, options: dict[str, Any], seed: int):
        self.tables, self.game, self.players, self.options = tables, game, players, options
        self.rng = random.Random(seed)
        self.ids: list[int] = []
        self.channels: list[int] = []

    async def open(self, count: int, first_channel: int = 1) -> None:
        for channel in range(first_channel, first_channel + count):
            self.channels.append(channel)
            self.ids.append(await self._new_game(channel))

    async def _new_game(self, channel: int) -> int:
        record = await self.tables.create(
            channel_id=channel,
            user_id=FIRST_USER,
            name="p0",
            game=self.game,
            options=self.options,
            seed=self.rng.randrange(1 << 62),
        )
        for seat in range(1, self.players):
            await self.tables.join(record.id, FIRST_USER + seat, f"p{seat}")
        await self.tables.start(record.id, FIRST_USER)
        return record.id

    async def pick(self, index: int) -> tuple[int, int, str]:
        """(game id, user, action) of a random legal move in game ``index``.

        The player decides from the service's cached game, without the
        fresh read that a look at a game on a shared database costs: only
        this service moves in its games (a fleet's processes each play games
        of their own), and what is measured is the committing of moves, not
        the players' looking. Its choices are the service's own list
        (``legal_now``), as on Discord, where the menus under the last post
        asked the service for them and the move is checked against that
        same list."""
        game_id = self.ids[index]
        live = await self.tables._cached(game_id)
        if live.record.status != "active":
            game_id = self.ids[index] = await self._new_game(self.channels[index])
            live = await self.tables._cached(game_id)
        seat = self.rng.choice(live.game.to_move(live.state))
        return game_id, FIRST_USER + seat, self.rng.choice(legal_now(live, seat))


async def move_seen(tables: Tables, courier: Any, game_id: int, user: int, action: str) -> PlayResult:
    """Play; with a drawing courier, also wait until the player sees the new
    board, as the Discord front end would show it."""
    result = await tables.play(game_id, user, action)
    if isinstance(courier, DrawingCourier):
        if result.turn_over:
            await courier.posted(game_id, result.seq).wait()
        else:
            await asyncio.to_thread(render_view, result.view, await tables.seat_names(game_id))
    return result


async def closed_loop(room: Room, courier: Any, moves: int) -> tuple[float, list[float]]:
    """Each game's player moves as soon as its last move returned; returns
    moves per second and the latencies (ms)."""
    remaining = moves
    latencies: list[float] = []

    async def player(index: int) -> None:
        nonlocal remaining
        while remaining > 0:
            remaining -= 1
            game_id, user, action = await room.pick(index)
            started = time.perf_counter()
            await move_seen(room.tables, courier, game_id, user, action)
            latencies.append(1000 * (time.perf_counter() - started))

    with Stopwatch() as watch:
        await asyncio.gather(*(player(i) for i in range(len(room.ids))))
    await room.tables.settle()
    return per_second(len(latencies), watch.seconds), latencies


async def open_loop(room: Room, courier: Any, moves: int, rate: float) -> list[float]:
    """Moves arrive at random at ``rate`` per second, each in a game that has
    no move in flight; latency counts from the arrival (ms)."""
    busy: set[int] = set()
    latencies: list[float] = []
    tasks = []

    async def one(index: int, arrived: float) -> None:
        try:
            game_id, user, action = await room.pick(index)
            await move_seen(room.tables, courier, game_id, user, action)
            latencies.append(1000 * (time.perf_counter() - arrived))
        finally:
            busy.discard(index)

    due = time.perf_counter()
    for _ in range(moves):
        due += room.rng.expovariate(rate)
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        while len(busy) == len(room.ids):
            await asyncio.sleep(0.0005)
        index = room.rng.choice([i for i in range(len(room.ids)) if i not in busy])
        busy.add(index)
        tasks.append(asyncio.create_task(one(index, due)))
    await asyncio.gather(*tasks)
    await room.tables.settle()
    return latencies


# ---------------------------------------------------------------------------
# Scenarios


async def service_run(path: Path, game: str, count: int, courier: Any, work) -> Any:
    tables = await Tables.open(str(path), courier=courier, run_bots=False, cache_size=max(2000, 2 * count))
    try:
        players, options = bench_players(REGISTRY[game])
        room = Room(tables, game, players, options, seed=count)
        await room.open(count)
        await tables.settle()
        return await work(room)
    finally:
        await tables.close()


def fresh_db(workdir: Path, label: str) -> Path:
    """A new database file for one run (each run starts from an empty file)."""
    return workdir / f"{label}-{time.monotonic_ns()}.sqlite3"


FIGURES = [
    ("commit", "moves/s", True),
    ("drained", "moves/s", True),
    ("sat_p50", "ms", False),
    ("sat_p99", "ms", False),
    ("p50", "ms", False),
    ("p99", "ms", False),
    ("draw_p50", "ms", False),
    ("draw_p99", "ms", False),
    ("cpu_ms", "ms", False),
]


async def phases(room: Room, settings: Settings, closed_moves: int, open_moves: int, drawn_moves: int) -> dict:
    """The four measurements on one set of games, one after the other, with
    the courier changed in between: commit only (no courier), outbox drained
    at saturation, open-loop latency, open-loop latency with pictures."""
    tables = room.tables
    found: dict[str, float] = {}
    tables.courier = None
    found["commit"], _ = await closed_loop(room, None, closed_moves)
    tables.courier = InstantCourier()
    await tables.flush_all()  # deliver what the first phase left, so it does not slow the next
    cpu_started = time.process_time()
    found["drained"], latencies = await closed_loop(room, tables.courier, closed_moves)
    # CPU of the whole process (the SQLite thread too) per move: unlike
    # moves/s it hardly depends on what else the machine runs.
    found["cpu_ms"] = 1000 * (time.process_time() - cpu_started) / len(latencies)
    found["sat_p50"], found["sat_p99"] = percentile(latencies, 0.5), percentile(latencies, 0.99)
    latencies = await open_loop(room, tables.courier, open_moves, settings.rate)
    found["p50"], found["p99"] = percentile(latencies, 0.5), percentile(latencies, 0.99)
    tables.courier = DrawingCourier()
    latencies = await open_loop(room, tables.courier, drawn_moves, settings.drawn_rate)
    found["draw_p50"], found["draw_p99"] = percentile(latencies, 0.5), percentile(latencies, 0.99)
    return found


def measured(
    settings: Settings, workdir: Path, game: str, count: int, closed_moves: int, open_moves: int, drawn_moves: int
) -> dict[str, Figure]:
    figures = {key: Figure(key, unit, higher_is_better=better) for key, unit, better in FIGURES}
    for _ in range(settings.repeats):
        found = asyncio.run(
            service_run(
                fresh_db(workdir, game),
                game,
                count,
                None,
                lambda room: phases(room, settings, closed_moves, open_moves, drawn_moves),
            )
        )
        for key, value in found.items():
            figures[key].runs.append(value)
    return figures


def scale_rows(game: str, settings: Settings, workdir: Path) -> list[Row]:
    """Throughput and latency with 1, 100 and 1,000 active games."""
    rows: list[Row] = []
    at, drawn_at = f"at {number(settings.rate)}/s", f"at {number(settings.drawn_rate)}/s"
    for count in settings.counts:
        figures = measured(
            settings,
            workdir,
            game,
            count,
            max(settings.closed_moves, 2 * count),
            settings.open_moves,
            settings.drawn_moves,
        )
        subject = f"{game}, {count} game{'s' if count > 1 else ''}"
        rows += [
            judged(
                Row(
                    "service",
                    subject,
                    "moves/s committed, outbox drained",
                    figures["drained"],
                    f">= {TARGET_MOVES:g}/s",
                ),
                TARGET_MOVES,
            ),
            Row("service", subject, "moves/s committed, no courier", figures["commit"]),
            Row("service", subject, "CPU per move committed, outbox drained (process)", figures["cpu_ms"]),
            Row("service", subject, "play() p50 at saturation", figures["sat_p50"]),
            Row("service", subject, "play() p99 at saturation", figures["sat_p99"]),
            Row("service", subject, f"play() p50 {at}", figures["p50"]),
            judged(
                Row("service", subject, f"play() p99 {at}", figures["p99"], f"< {TARGET_P99_PLAIN_MS:g} ms"),
                TARGET_P99_PLAIN_MS,
            ),
            Row("service", subject, f"move to picture p50 {drawn_at}", figures["draw_p50"]),
            judged(
                Row(
                    "service",
                    subject,
                    f"move to picture p99 {drawn_at}",
                    figures["draw_p99"],
                    f"< {TARGET_P99_RENDER_MS:g} ms",
                ),
                TARGET_P99_RENDER_MS,
            ),
        ]
    return rows


def per_game_rows(settings: Settings, workdir: Path, names: list[str]) -> list[Row]:
    """Every game at 100 active games: throughput and latency."""
    rows: list[Row] = []
    at, drawn_at = f"at {number(settings.rate)}/s", f"at {number(settings.drawn_rate)}/s"
    for name in names:
        figures = measured(
            settings,
            workdir,
            name,
            100,
            settings.closed_moves // 2,
            settings.open_moves // 2,
            settings.drawn_moves // 2,
        )
        players, _ = bench_players(REGISTRY[name])
        subject = f"{name} ({players}p), 100 games"
        rows += [
            judged(
                Row(
                    "service",
                    subject,
                    "moves/s committed, outbox drained",
                    figures["drained"],
                    f">= {TARGET_MOVES:g}/s",
                ),
                TARGET_MOVES,
            ),
            Row("service", subject, "CPU per move committed, outbox drained (process)", figures["cpu_ms"], ""),
            judged(
                Row("service", subject, f"play() p99 {at}", figures["p99"], f"< {TARGET_P99_PLAIN_MS:g} ms"),
                TARGET_P99_PLAIN_MS,
            ),
            judged(
                Row(
                    "service",
                    subject,
                    f"move to picture p99 {drawn_at}",
                    figures["draw_p99"],
                    f"< {TARGET_P99_RENDER_MS:g} ms",
                ),
                TARGET_P99_RENDER_MS,
            ),
        ]
    return rows


# ---------------------------------------------------------------------------
# Stored games: templates played through the service, copied with SQL


async def play_templates(path: Path, names: list[str]) -> list[int]:
    """One game of each kind, played through the service to the middle of a
    typical random game (at most 150 moves): the templates to copy."""
    tables = await Tables.open(str(path), courier=InstantCourier(), run_bots=False)
    ids = []
    try:
        for channel, name in enumerate(names, start=1):
            players, options = bench_players(REGISTRY[name])
            room = Room(tables, name, players, options, seed=channel)
            await room.open(1, first_channel=channel)
            depth = min(150, len(random_positions(REGISTRY[name], players, options, seed=7)) // 2)
            for _ in range(depth):
                game_id, user, action = await room.pick(0)
                await tables.play(game_id, user, action)
            ids.append(room.ids[0])
        await tables.settle()
    finally:
        await tables.close()
    return ids


def copy_games(path: Path, templates: list[int], copies: int, finished: int = 0) -> list[int]:
    """Copy the template games' rows ``copies`` times (cycling through the
    templates), each copy in its own channel; the first ``finished`` copies
    are marked finished. Returns the new ids."""
    db = sqlite3.connect(path)
    db.row_factory = sqlite3.Row
    try:

        def rows(table: str, key: str, value: int) -> list[dict]:
            return [dict(r) for r in db.execute(f"SELECT * FROM {table} WHERE {key} = ?", (value,))]

        parts = {
            t: {tid: rows(table, "id" if table == "games" else "game_id", tid) for tid in templates}
            for t, table in (
                ("games", "games"),
                ("seats", "seats"),
                ("actions", "actions"),
                ("snapshots", "snapshots"),
                ("reminders", "reminders"),
            )
        }
        next_id = db.execute("SELECT MAX(id) FROM games").fetchone()[0] + 1
        channel = db.execute("SELECT MAX(channel_id) FROM games").fetchone()[0] + 1
        made = []
        batches: dict[str, list[dict]] = {t: [] for t in parts}
        for number_ in range(copies):
            template = templates[number_ % len(templates)]
            for table, by_template in parts.items():
                for row in by_template[template]:
                    row = dict(row)
                    if table == "games":
                        row.update(id=next_id, channel_id=channel + number_)
                        if number_ < finished:
                            row.update(status="finished", finished_at=row["created_at"])
                    else:
                        row["game_id"] = next_id
                    batches[table].append(row)
            made.append(next_id)
            next_id += 1
        with db:
            for table, batch in batches.items():
                if batch:
                    columns = list(batch[0])
                    db.executemany(
                        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                        [tuple(r[c] for c in columns) for r in batch],
                    )
        return made
    finally:
        db.close()


def memory_rows(settings: Settings, workdir: Path, names: list[str]) -> list[Row]:
    """Memory held per idle cached game, per game kind (mid-game states)."""
    rows = []
    for name in names:
        path = fresh_db(workdir, f"memory-{name}")
        templates = asyncio.run(play_templates(path, [name]))
        ids = copy_games(path, templates, settings.memory_games + 1)
        figure = Figure("memory", "KB", higher_is_better=False)
        for _ in range(settings.repeats):
            figure.runs.append(asyncio.run(cached_bytes(path, ids)) / 1024)
        rows.append(
            judged(
                Row("memory", name, "per idle cached game (mid-game)", figure, f"< {TARGET_MEMORY_KB:g} KB"),
                TARGET_MEMORY_KB,
            )
        )
    return rows


async def cached_bytes(path: Path, ids: list[int]) -> float:
    """Bytes allocated per game for loading ``ids[1:]`` into the cache (the
    first is loaded before measuring, so one-time costs are left out)."""
    tables = await Tables.open(str(path), run_bots=False, cache_size=len(ids) + 10)
    try:
        await tables.record(ids[0])
        gc.collect()
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        for game_id in ids[1:]:
            await tables.record(game_id)
        gc.collect()
        used = tracemalloc.get_traced_memory()[0] - base
        tracemalloc.stop()
        return used / (len(ids) - 1)
    finally:
        await tables.close()


STARTUP_SCRIPT = """
import asyncio, json, sys, time
started = time.perf_counter()
sys.path.insert(0, sys.argv[2])
from engine.tables import Tables
import engine.games
imported = time.perf_counter()
async def main():
    tables = await Tables.open(sys.argv[1])
    try:
        opened = time.perf_counter()
        await tables.recover()
        await tables.settle()
        return {"import": imported - started, "open": opened - imported, "recover": time.perf_counter() - opened,
                "total": time.perf_counter() - started, "cached": len(tables._cache)}
    except Exception as error:
        return {"error": f"{type(error).__name__}: {error}"}
    finally:
        await tables.close()  # an open aiosqlite thread would keep the process from exiting
print(json.dumps(asyncio.run(main())))
"""
STARTUP_TIMEOUT = 600


def start_once(path: Path) -> dict[str, Any]:
    """Time one start-up in a fresh process; {"error": ...} if it failed."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", STARTUP_SCRIPT, str(path), str(REPO)],
            capture_output=True,
            text=True,
            timeout=STARTUP_TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        return {"error": f"no start-up within {STARTUP_TIMEOUT} s"}
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]}
    return json.loads(done.stdout)


def startup_rows(settings: Settings, workdir: Path, names: list[str]) -> list[Row]:
    """A fresh process: import, open the file, recover(); with all stored
    games active, and with a tenth of them active."""
    path = fresh_db(workdir, "stored")
    templates = asyncio.run(play_templates(path, names))
    rows = []
    for active_share in (1.0, 0.1):
        copy = path.with_name(f"stored-{active_share}.sqlite3")
        copy.write_bytes(path.read_bytes())
        stored = settings.stored_games - len(templates)
        copy_games(copy, templates, stored, finished=int(stored * (1 - active_share)))
        subject = f"{settings.stored_games:,} stored, {int(settings.stored_games * active_share):,} active"
        figures = {key: Figure(key, "s", higher_is_better=False) for key in ("total", "import", "recover")}
        for _ in range(settings.repeats):
            times = start_once(copy)
            if "error" in times:
                rows.append(
                    Row(
                        "start-up",
                        subject,
                        f"FAILED: {times['error'][:90]}",
                        Figure("total", "s"),
                        f"< {TARGET_STARTUP_S:g} s",
                        met=False,
                    )
                )
                break
            for key in figures:
                figures[key].runs.append(times[key])
        else:
            rows += [
                judged(
                    Row(
                        "start-up", subject, "import + open + recover()", figures["total"], f"< {TARGET_STARTUP_S:g} s"
                    ),
                    TARGET_STARTUP_S,
                ),
                Row("start-up", subject, "of which recover()", figures["recover"]),
                Row("start-up", subject, "of which imports", figures["import"]),
            ]
    return rows


# ---------------------------------------------------------------------------
# Where a committed move's time goes


def profile(game: str, moves: int, workdir: Path, count: int = 1, warm_up: int = 0) -> str:
    """cProfile of ``moves`` closed-loop moves over ``count`` games, outbox
    drained, after ``warm_up`` moves that are not profiled (at 100 games,
    ``--quick`` measures each game's moves 4 to 6: ``--counts 100`` profiles
    those). Sorted by own time, then by cumulative time."""
    profiler = cProfile.Profile()

    async def work(room: Room) -> None:
        if warm_up:
            await closed_loop(room, room.tables.courier, warm_up)
        profiler.enable()
        await closed_loop(room, room.tables.courier, moves)
        profiler.disable()

    asyncio.run(service_run(fresh_db(workdir, "profile"), game, count, InstantCourier(), work))
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(25)
    stats.sort_stats("cumulative").print_stats(40)
    return out.getvalue()


# ---------------------------------------------------------------------------


def run(
    quick: bool = False,
    game: str = "santorini",
    repeats: int | None = None,
    names: list[str] | None = None,
    show=print_rows,
    db: str | None = None,
    processes: list[int] | None = None,
    fleet_only: bool = False,
    counts: tuple[int, ...] | None = None,
    throughput_only: bool = False,
) -> list[Row]:
    """Every service benchmark; each section is shown as soon as it is done.
    The fleet section runs when ``db`` or ``processes`` is given."""
    settings = QUICK if quick else FULL
    if repeats is not None:
        settings = Settings(**{**settings.__dict__, "repeats": repeats})
    if counts is not None:
        settings = Settings(**{**settings.__dict__, "counts": counts})
    names = names or list(REGISTRY)
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="agora-bench-") as tmp:
        workdir = Path(tmp)
        sections = [
            (f"Service: {game} with 1, 100 and 1,000 active games", lambda: scale_rows(game, settings, workdir)),
            (
                "Service: every game at 100 active games",
                lambda: per_game_rows(settings, workdir, [n for n in names if n != game]),
            ),
            ("Memory per idle cached game", lambda: memory_rows(settings, workdir, names)),
            (f"Start-up with {settings.stored_games:,} stored games", lambda: startup_rows(settings, workdir, names)),
        ]
        from service_fleet import fleet_rows  # it imports this module: not at the top

        fleet = (
            f"Fleet: {game}, processes on one database (commits, closed loop)",
            lambda: fleet_rows(game, settings, workdir, db, processes or [1, 2, 4]),
        )
        if throughput_only:
            sections = [
                (
                    f"Service: {name} with {', '.join(map(number, settings.counts))} active games",
                    lambda name=name: scale_rows(name, settings, workdir),
                )
                for name in names
            ]
        elif fleet_only:
            sections = [fleet]
        elif db or processes:
            sections.append(fleet)
        for title, section in sections:
            found = section()
            show(title, found)
            rows += found
    return rows


def main() -> None:
    tune_garbage_collector()  # as the bot's own process does (``engine.runtime``)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer moves and games, one run")
    parser.add_argument("--game", default="santorini", help="the game for the 1/100/1,000 games runs")
    parser.add_argument("--games", help="comma-separated games for the per-game rows (default: all)")
    parser.add_argument("--repeats", type=int, help="runs per figure (default 3, quick 1)")
    parser.add_argument(
        "--profile",
        action="store_true",
        help="only profile committed moves of --game (in the first of --counts games: 1 by default)",
    )
    parser.add_argument(
        "--db",
        help="PostgreSQL for the fleet section: a postgresql:// URL, or postgres-temp "
        "(a throwaway server of this machine's PostgreSQL)",
    )
    parser.add_argument("--processes", help="comma-separated process counts for the fleet section (1,2,4)")
    parser.add_argument("--fleet", action="store_true", help="only the fleet section")
    parser.add_argument("--counts", help="comma-separated active game counts (default 1,100,1000)")
    parser.add_argument(
        "--throughput",
        action="store_true",
        help="only the 1/100/1,000 games runs, for every game of --games (see --counts)",
    )
    args = parser.parse_args()
    if args.profile:
        with tempfile.TemporaryDirectory(prefix="agora-bench-") as tmp:
            count = int(args.counts.split(",")[0]) if args.counts else 1
            moves = 2000 if count == 1 else 3 * count
            print(profile(args.game, moves, Path(tmp), count, warm_up=0 if count == 1 else 3 * count))
        return
    run(
        args.quick,
        args.game,
        args.repeats,
        args.games.split(",") if args.games else None,
        db=args.db,
        processes=[int(n) for n in args.processes.split(",")] if args.processes else None,
        fleet_only=args.fleet,
        counts=tuple(int(n) for n in args.counts.split(",")) if args.counts else None,
        throughput_only=args.throughput,
    )


if __name__ == "__main__":
    main()
