"""Discord interaction benchmark: the real bot answering simulated players.

    python bench/interactions.py [--quick] [--channels 50] [--rate 50] [--seconds 15] [--profile FILE]

The bot runs in a child process exactly as in production (``bot.create_bot``,
discord.py's own HTTP client and gateway), pointed at the fake Discord of the
transport test (``tests/discord/fake_discord.py``), which this process serves
on 127.0.0.1 and uses to play. Each of ``--channels`` channels holds a
Santorini game between two of its members; a finished game is opened again
(``/game new``, ``join``, ``start``) in the same channel. Moves are chosen at
random from a local copy of each game (Santorini without gods is
deterministic), so every ``/play`` is legal and must be answered with ✅.

Why a child process and not SimCord: SimCord runs in the bot's own process
and event loop and settles all bot work per interaction, so it cannot offer an
open-loop load, and its fake Discord's cost would land on the bot's single
core. Here the driver and the fake have their own process, and the bot
process spends its CPU only on discord.py, our cogs, the service and drawing.

Figures:
- latency from an interaction's scheduled send to its first response (the
  callback) under a sustained open-loop load of ``--rate`` interactions per
  second (sent on schedule, never waiting for answers), p50 and p99, with the
  board drawn for every move (the ephemeral reply of a move whose turn goes
  on, the channel post of one that ends it); the rate actually answered;
- the time until a turn-ending move's board reaches the channel;
- the same latency for one interaction at a time (no queueing);
- ``/play`` autocomplete latency at the same rate;
- the bot process's CPU use in the sustained phase and drawing's share of it
  (drawing runs in threads, timed per call by thread CPU time).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common import REPO, Figure, Row, judged, number, per_second, percentile, print_rows

from engine.games import REGISTRY

GAME = REGISTRY["santorini"]
TARGET_P99_MS = 250.0
TARGET_RATE = 50.0
TARGET_AUTOCOMPLETE_P99_MS = 50.0
START_TIMEOUT = 60.0
ANSWER_TIMEOUT = 30.0
CPU_SAMPLE_SECONDS = 0.1


@dataclass
class Settings:
    channels: int
    rate: float
    sustained_seconds: float
    autocomplete_seconds: float
    sequential: int
    """interactions sent one at a time"""
    repeats: int
    render_pool: bool = False
    """what-if: the bot draws boards in a separate process (see ``serve_bot``)"""


QUICK = Settings(channels=50, rate=TARGET_RATE, sustained_seconds=8, autocomplete_seconds=4, sequential=40,
                 repeats=1)
FULL = Settings(channels=50, rate=TARGET_RATE, sustained_seconds=20, autocomplete_seconds=8, sequential=100,
                repeats=3)


# ---------------------------------------------------------------------------
# The bot process


def serve_bot(rest_base: str, gateway: str, db_path: str, stats_path: str, profile_path: str | None,
              render_pool: bool) -> None:
    """Run the Agora bot against the fake Discord until the gateway closes,
    then write what it measured about itself to ``stats_path``.

    ``render_pool`` is a what-if for the lead, not how the bot works today:
    boards drawn in a separate process instead of a thread of the bot's own,
    so drawing stops competing with the event loop for the GIL."""
    import cProfile
    from concurrent.futures import ProcessPoolExecutor

    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    import render
    from bot import create_bot
    from cogs.utils import acting

    Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = rest_base, yarl.URL(gateway)
    renders: list[tuple[float, float, float]] = []
    """(wall clock at start, wall seconds, thread CPU seconds) per board drawn"""

    pool = ProcessPoolExecutor(max_workers=1) if render_pool else None

    def timed_render(view, names):
        started, cpu = time.time(), time.thread_time()
        try:
            if pool is not None:  # the calling thread just waits, without the GIL
                return pool.submit(render.render_view, view, names).result()
            return render.render_view(view, names)
        finally:
            renders.append((started, time.time() - started, time.thread_time() - cpu))

    acting.render_view = timed_render  # every board, replies and channel posts, is drawn through acting
    cpu_samples: list[tuple[float, float]] = []

    async def sample_cpu() -> None:
        while True:
            cpu_samples.append((time.time(), time.process_time()))
            await asyncio.sleep(CPU_SAMPLE_SECONDS)

    async def main() -> None:
        bot = create_bot(db_path=db_path, remind_every=3600, guild_ready_timeout=0.05)
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))
        sampler = asyncio.create_task(sample_cpu())
        try:
            await bot.start("bench-token", reconnect=False)
        finally:
            sampler.cancel()
            await bot.close()

    profiler = cProfile.Profile() if profile_path else None
    if profiler:
        profiler.enable()
    try:
        asyncio.run(main())
    finally:
        if pool is not None:
            pool.shutdown()
        if profiler:
            profiler.disable()
            profiler.dump_stats(profile_path)
        Path(stats_path).write_text(json.dumps({"renders": renders, "cpu": cpu_samples}))


class BotProcess:
    """The bot in a child process, and what it reports when it stops."""

    def __init__(self, fake, workdir: str, profile_path: str | None, render_pool: bool):
        self.stats_path = os.path.join(workdir, "bot-stats.json")
        command = [sys.executable, __file__, "--serve-bot", fake.rest_base, str(fake.gateway_url),
                   os.path.join(workdir, "agora.sqlite3"), self.stats_path, "pool" if render_pool else "thread",
                   profile_path or ""]
        self.process = subprocess.Popen(command, cwd=REPO)

    async def stop(self) -> dict[str, Any]:
        """SIGTERM, and wait without blocking the event loop: the fake Discord
        must go on serving while the bot closes its gateway and HTTP session."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            await asyncio.to_thread(self.process.wait, 30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise RuntimeError("the bot process did not stop within 30 s of SIGTERM") from None
        if not os.path.exists(self.stats_path):
            raise RuntimeError(f"the bot process exited ({self.process.returncode}) without its statistics")
        return json.loads(Path(self.stats_path).read_text())


# ---------------------------------------------------------------------------
# The players


@dataclass
class Sample:
    """One answered interaction."""

    kind: str
    channel_id: str
    scheduled: float
    answered: float
    turn_over: bool = False

    @property
    def milliseconds(self) -> float:
        return (self.answered - self.scheduled) * 1000


@dataclass
class Channel:
    """One game channel, its two players and a local copy of the game."""

    name: str
    players: tuple[str, str]
    rng: random.Random
    state: Any = None
    busy: bool = False
    lobby_steps: list[tuple[str, str]] = field(default_factory=list)

    def next_interaction(self, fake) -> tuple[str, dict[str, Any], bool]:
        """(kind, payload, whether it ends a turn) for this channel's next step."""
        if self.state is None or not GAME.to_move(self.state):
            if not self.lobby_steps:
                self.lobby_steps = [(self.players[0], "game new"), (self.players[1], "game join"),
                                    (self.players[0], "game start")]
            member, command = self.lobby_steps.pop(0)
            options = {"game": GAME.name} if command == "game new" else {}
            if command == "game start":
                self.state = GAME.new(2, {}, 0)  # seat 0 is the host, seat 1 who joined
            return command, fake.command(member, self.name, command, **options), False
        seat = GAME.to_move(self.state)[0]
        action = self.rng.choice(GAME.legal(self.state, seat))
        self.state = GAME.play(self.state, seat, action)
        turn_over = seat not in GAME.to_move(self.state)
        return "play", fake.command(self.players[seat], self.name, "play", action=action), turn_over

    def autocomplete(self, fake) -> dict[str, Any]:
        seat = GAME.to_move(self.state)[0]
        typed = self.rng.choice(["", self.rng.choice(GAME.legal(self.state, seat)).split()[0]])
        return fake.autocomplete(self.players[seat], self.name, "play", "action", typed)


def check_answer(kind: str, call) -> None:
    """A wrong answer is a failed benchmark, not a fast one."""
    if kind == "autocomplete":
        choices = call.body["data"]["choices"]
        if not choices or choices[0]["value"] == "?":
            raise RuntimeError(f"autocomplete offered no legal action: {choices}")
    elif kind == "play" and not call.content.startswith("✅"):
        raise RuntimeError(f"/play was refused (the local copy of the game diverged?): {call.content!r}")


class Driver:
    def __init__(self, fake, channels: list[Channel]):
        self.fake = fake
        self.channels = channels
        self.samples: list[Sample] = []
        self.skipped = 0
        """sends due while every channel still awaited its previous answer"""
        self._cursor = 0
        self._pending: set[asyncio.Task] = set()

    def _idle_channel(self, ready_only: bool) -> Channel | None:
        for _ in range(len(self.channels)):
            channel = self.channels[self._cursor]
            self._cursor = (self._cursor + 1) % len(self.channels)
            if not channel.busy and (not ready_only or (channel.state is not None and GAME.to_move(channel.state))):
                return channel
        return None

    async def _send(self, channel: Channel, kind: str, payload: dict[str, Any], scheduled: float,
                    turn_over: bool) -> None:
        channel.busy = True
        try:
            call = await asyncio.wait_for(self.fake.send_interaction(payload), ANSWER_TIMEOUT)
            check_answer(kind, call)
            self.samples.append(Sample(kind, payload["channel_id"], scheduled, call.at, turn_over))
        finally:
            channel.busy = False

    def _launch(self, channel: Channel, scheduled: float, autocomplete: bool) -> None:
        if autocomplete:
            kind, payload, turn_over = "autocomplete", channel.autocomplete(self.fake), False
        else:
            kind, payload, turn_over = channel.next_interaction(self.fake)
        task = asyncio.get_running_loop().create_task(self._send(channel, kind, payload, scheduled, turn_over))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def open_loop(self, rate: float, seconds: float, autocomplete: bool = False) -> tuple[float, float]:
        """Send at ``rate`` per second on schedule, whatever is still unanswered;
        returns the phase's (start, end) on the perf_counter clock."""
        started = time.perf_counter()
        count = int(rate * seconds)
        for index in range(count):
            due = started + index / rate
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            channel = self._idle_channel(ready_only=autocomplete)
            if channel is None:
                self.skipped += 1
                continue
            self._launch(channel, due, autocomplete)
        await self.drain()
        return started, time.perf_counter()

    async def one_at_a_time(self, count: int) -> None:
        for _ in range(count):
            channel = self._idle_channel(ready_only=False)
            assert channel is not None
            self._launch(channel, time.perf_counter(), autocomplete=False)
            await self.drain()

    async def open_every_game(self) -> None:
        """New, join and start in every channel, the channels side by side,
        until every opening board is posted (so no backlog of drawing spills
        into the first measured phase)."""
        async def lobby(channel: Channel) -> None:
            since = len(self.fake.calls)
            for _ in range(3):
                kind, payload, _ = channel.next_interaction(self.fake)
                call = await asyncio.wait_for(self.fake.send_interaction(payload), ANSWER_TIMEOUT)
                check_answer(kind, call)
            path = f"/channels/{payload['channel_id']}/messages"
            await self.fake.wait_for_call(lambda c: c.path == path and bool(c.files), f"the opening board in {path}",
                                          since=since, timeout=ANSWER_TIMEOUT)

        await asyncio.gather(*(lobby(channel) for channel in self.channels))

    async def drain(self) -> None:
        while self._pending:
            await asyncio.gather(*list(self._pending))

    def take(self) -> list[Sample]:
        taken, self.samples = self.samples, []
        return taken


# ---------------------------------------------------------------------------
# One run


@dataclass
class Outcome:
    """One run's figures."""

    sustained: list[Sample]
    sustained_window: tuple[float, float]
    post_ms: list[float]
    sequential: list[Sample]
    autocomplete: list[Sample]
    skipped: int
    bot_cpu_share: float
    """of one core, in the sustained phase"""
    render_share: float
    """of the bot process's CPU in the sustained phase"""
    render_ms: list[float]
    driver_cpu_share: float
    """of one core: this process (fake Discord and players), sustained phase"""


async def board_posts(fake, samples: list[Sample]) -> list[float]:
    """Await the board post of each turn-ending move and return the time each
    took from the move's scheduled send: the channel's first post with a
    picture after the move was sent (a channel's next move waits for this
    one's answer, and only turn-ending moves post, so that post is this
    move's). Also the barrier that lets the courier's backlog drain before
    the next phase is measured."""
    latencies = []
    for sample in samples:
        if sample.turn_over:
            path = f"/channels/{sample.channel_id}/messages"
            post = await fake.wait_for_call(
                lambda call: call.path == path and bool(call.files) and call.at >= sample.scheduled,
                f"the board post after a turn-ending move in channel {sample.channel_id}", timeout=ANSWER_TIMEOUT)
            latencies.append((post.at - sample.scheduled) * 1000)
    return latencies


async def one_run(settings: Settings, profile_path: str | None) -> Outcome:
    from tests.discord.fake_discord import FakeDiscord

    names = [f"table-{index}" for index in range(settings.channels)]
    members = [f"player-{index}" for index in range(2 * settings.channels)]
    with tempfile.TemporaryDirectory(prefix="agora-bench-") as workdir:
        async with FakeDiscord(channels=tuple(names), members=tuple(members)) as fake:
            bot = BotProcess(fake, workdir, profile_path, settings.render_pool)
            try:
                await asyncio.wait_for(fake.guild_sent.wait(), START_TIMEOUT)
                rng = random.Random(7)
                channels = [Channel(name, (members[2 * i], members[2 * i + 1]), random.Random(rng.random()))
                            for i, name in enumerate(names)]
                driver = Driver(fake, channels)
                await driver.open_every_game()
                await driver.one_at_a_time(settings.sequential)
                sequential = driver.take()
                wall_started, driver_cpu = time.time(), time.process_time()
                window = await driver.open_loop(settings.rate, settings.sustained_seconds)
                wall_window = (wall_started, time.time())
                driver_share = (time.process_time() - driver_cpu) / (wall_window[1] - wall_window[0])
                sustained = driver.take()
                skipped = driver.skipped
                post_ms = await board_posts(fake, sustained)
                await driver.open_loop(settings.rate, settings.autocomplete_seconds, autocomplete=True)
                autocomplete = driver.take()
            finally:
                stats = await bot.stop()
    cpu_share, render_share, render_ms = bot_usage(stats, wall_window)
    return Outcome(sustained, window, post_ms, sequential, autocomplete, skipped, cpu_share, render_share,
                   render_ms, driver_share)


def bot_usage(stats: dict[str, Any], window: tuple[float, float]) -> tuple[float, float, list[float]]:
    """The bot's CPU use (share of one core) in ``window``, drawing's share of
    it, and the wall time of each board drawn then."""
    start, end = window
    inside = [(wall, cpu) for wall, cpu in stats["cpu"] if start <= wall <= end]
    if len(inside) < 2:
        return float("nan"), float("nan"), []
    cpu = inside[-1][1] - inside[0][1]
    span = inside[-1][0] - inside[0][0]
    renders = [r for r in stats["renders"] if inside[0][0] <= r[0] <= inside[-1][0]]
    render_cpu = sum(r[2] for r in renders)
    return cpu / span, render_cpu / cpu if cpu else float("nan"), [r[1] * 1000 for r in renders]


# ---------------------------------------------------------------------------
# Figures


def latency_ms(samples: list[Sample], share: float) -> float:
    return percentile([s.milliseconds for s in samples], share)


def run(quick: bool) -> list[Row]:
    """The benchmark's lines for ``bench/run_all.py``."""
    return measure(QUICK if quick else FULL)[0]


def measure(settings: Settings, profile_path: str | None = None) -> tuple[list[Row], list[str]]:
    """The table's rows and notes on the runs."""
    figures: dict[str, Figure] = {}

    def add(name: str, unit: str, value: float, higher_is_better: bool = False) -> None:
        figures.setdefault(name, Figure(name, unit, higher_is_better=higher_is_better)).runs.append(value)

    notes: list[str] = []
    for _ in range(settings.repeats):
        outcome = asyncio.run(one_run(settings, profile_path))
        seconds = outcome.sustained_window[1] - outcome.sustained_window[0]
        plays = [s for s in outcome.sustained if s.kind == "play"]
        add("p50", "ms", latency_ms(outcome.sustained, 0.5))
        add("p99", "ms", latency_ms(outcome.sustained, 0.99))
        add("play p99", "ms", latency_ms(plays, 0.99))
        add("rate", "/s", per_second(len(outcome.sustained), seconds), higher_is_better=True)
        add("post p50", "ms", percentile(outcome.post_ms, 0.5))
        add("post p99", "ms", percentile(outcome.post_ms, 0.99))
        add("seq p50", "ms", latency_ms(outcome.sequential, 0.5))
        add("seq p99", "ms", latency_ms(outcome.sequential, 0.99))
        add("ac p50", "ms", latency_ms(outcome.autocomplete, 0.5))
        add("ac p99", "ms", latency_ms(outcome.autocomplete, 0.99))
        add("cpu", "% of a core", 100 * outcome.bot_cpu_share)
        add("render share", "% of bot CPU", 100 * outcome.render_share)
        add("render p50", "ms", percentile(outcome.render_ms, 0.5))
        add("driver cpu", "% of a core", 100 * outcome.driver_cpu_share)
        notes.append(f"run {len(notes) + 1}: {len(outcome.sustained)} interactions answered in the sustained phase "
                     f"({len(plays)} /play, {sum(s.turn_over for s in plays)} ending a turn), "
                     f"{outcome.skipped} sends skipped (every channel busy), {len(outcome.render_ms)} boards drawn.")
    rate = f"at {settings.rate:g}/s"
    where = f"{settings.channels} channels"
    rows = [
        judged(Row("discord", f"interactions {rate}", "first response p99", figures["p99"],
                   f"< {TARGET_P99_MS:g} ms"), TARGET_P99_MS),
        Row("discord", f"interactions {rate}", "first response p50", figures["p50"]),
        Row("discord", f"/play {rate}", "first response p99", figures["play p99"]),
        judged(Row("discord", f"interactions {rate}, {where}", "answered per second", figures["rate"],
                   f">= {TARGET_RATE:g}/s"), TARGET_RATE * 0.98),
        Row("discord", f"turn-ending /play {rate}", "board in channel p50", figures["post p50"]),
        Row("discord", f"turn-ending /play {rate}", "board in channel p99", figures["post p99"]),
        Row("discord", "interactions one at a time", "first response p50", figures["seq p50"]),
        Row("discord", "interactions one at a time", "first response p99", figures["seq p99"]),
        Row("discord", f"/play autocomplete {rate}", "p50", figures["ac p50"]),
        judged(Row("discord", f"/play autocomplete {rate}", "p99", figures["ac p99"],
                   f"< {TARGET_AUTOCOMPLETE_P99_MS:g} ms"), TARGET_AUTOCOMPLETE_P99_MS),
        Row("discord", f"bot process {rate}", "CPU", figures["cpu"]),
        Row("discord", f"bot process {rate}", "drawing boards", figures["render share"]),
        Row("discord", f"bot process {rate}", "one board drawn (wall)", figures["render p50"]),
        Row("discord", f"fake Discord + players {rate}", "CPU", figures["driver cpu"]),
    ]
    if settings.render_pool:
        rows = [Row(row.area, f"{row.subject} [what-if: drawing in a process]", row.measure, row.figure,
                    row.target, row.met) for row in rows]
    return rows, notes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short phases, one run (about 25 s)")
    parser.add_argument("--channels", type=int, help="game channels (default 50)")
    parser.add_argument("--rate", type=float, help="interactions offered per second (default 50)")
    parser.add_argument("--seconds", type=float, help="length of the sustained phase")
    parser.add_argument("--repeats", type=int, help="runs (default 3, quick 1)")
    parser.add_argument("--profile", metavar="FILE", help="cProfile the bot process's main thread into FILE")
    parser.add_argument("--what-if-render-pool", action="store_true",
                        help="draw boards in a separate process (a proposed change, not the bot as it is)")
    args = parser.parse_args()
    base = QUICK if args.quick else FULL
    settings = Settings(channels=args.channels or base.channels, rate=args.rate or base.rate,
                        sustained_seconds=args.seconds or base.sustained_seconds,
                        autocomplete_seconds=base.autocomplete_seconds, sequential=base.sequential,
                        repeats=args.repeats or base.repeats, render_pool=args.what_if_render_pool)
    rows, notes = measure(settings, args.profile)
    print_rows(f"Agora Discord interactions: best (typical) of {settings.repeats} run(s)", rows,
               [*notes, "Latency: from the interaction's scheduled send to its callback (open loop).",
                "Bot: the real discord.py client in its own process; the fake Discord and players in this one."])
    if args.profile:
        import pstats

        pstats.Stats(args.profile).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    if len(sys.argv) == 8 and sys.argv[1] == "--serve-bot":
        rest, gateway, db, stats, drawing, profile = sys.argv[2:]
        serve_bot(rest, gateway, db, stats, profile or None, render_pool=drawing == "pool")
    else:
        main()
