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
process tree spends its CPU only on discord.py, our cogs, the service and drawing.

Figures:
- latency from an interaction's scheduled send to its first response (the
  callback) under a sustained open-loop load of ``--rate`` interactions per
  second (sent on schedule, never waiting for answers), p50 and p99, with the
  board drawn for every move (the ephemeral reply of a move whose turn goes
  on, the channel post of one that ends it); the rate actually answered;
- the time until a turn-ending move's board reaches the channel;
- the same latency for one interaction at a time (no queueing);
- ``/play`` autocomplete latency at the same rate;
- the CPU use of the bot process and of its drawing processes in the
  sustained phase (``--render-processes 0`` draws in a thread instead, for
  comparison), and the wall time of one board.
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
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common import REPO, Figure, Row, judged, per_second, percentile, print_rows

from engine.games import REGISTRY
from tests.discord.fake_discord import AUTOCOMPLETE_RESULT, DEFERRED_MESSAGE

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
    render_processes: int | None = None
    """drawing processes of the bot (None: its default for this machine; 0: a thread)"""


QUICK = Settings(channels=50, rate=TARGET_RATE, sustained_seconds=8, autocomplete_seconds=4, sequential=40, repeats=1)
FULL = Settings(channels=50, rate=TARGET_RATE, sustained_seconds=20, autocomplete_seconds=8, sequential=100, repeats=3)


# ---------------------------------------------------------------------------
# The bot process


def process_tree_cpu(pid: int) -> float:
    """CPU seconds used so far by the drawing workers of process ``pid``
    (its children), read from /proc (Linux)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            try:
                fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
            except FileNotFoundError:
                continue
            total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return total


def serve_bot(
    rest_base: str, gateway: str, db_path: str, stats_path: str, profile_path: str | None, render_processes: int | None
) -> None:
    """Run the Agora bot against the fake Discord until the gateway closes,
    then write what it measured about itself to ``stats_path``: the wall
    time of every board drawn, and samples of its own CPU time and of its
    drawing processes' (``render_processes``: None = the bot's default, 0 =
    draw in a thread)."""
    import cProfile

    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    from bot import create_bot
    from cogs.utils.drawing import Drawing

    Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = rest_base, yarl.URL(gateway)
    renders: list[tuple[float, float]] = []
    """(wall clock at start, wall seconds) per board drawn"""
    board = Drawing.board

    async def timed_board(self, view, names):
        started = time.time()
        try:
            return await board(self, view, names)
        finally:
            renders.append((started, time.time() - started))

    Drawing.board = timed_board  # every board, replies and channel posts, is drawn through Drawing
    cpu_samples: list[tuple[float, float, float]] = []
    """(wall clock, this process's CPU seconds, its drawing workers' CPU seconds)"""

    async def sample_cpu() -> None:
        while True:
            cpu_samples.append((time.time(), time.process_time(), process_tree_cpu(os.getpid())))
            await asyncio.sleep(CPU_SAMPLE_SECONDS)

    async def main() -> None:
        bot = create_bot(
            db_path=db_path, remind_every=3600, guild_ready_timeout=0.05, render_processes=render_processes
        )
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
        if profiler:
            profiler.disable()
            profiler.dump_stats(profile_path)
        Path(stats_path).write_text(json.dumps({"renders": renders, "cpu": cpu_samples}))


class BotProcess:
    """The bot in a child process, and what it reports when it stops."""

    def __init__(self, fake, workdir: str, profile_path: str | None, render_processes: int | None):
        self.stats_path = os.path.join(workdir, "bot-stats.json")
        command = [
            sys.executable,
            __file__,
            "--serve-bot",
            fake.rest_base,
            str(fake.gateway_url),
            os.path.join(workdir, "agora.sqlite3"),
            self.stats_path,
            "" if render_processes is None else str(render_processes),
            profile_path or "",
        ]
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
                self.lobby_steps = [
                    (self.players[0], "game new"),
                    (self.players[1], "game join"),
                    (self.players[0], "game start"),
                ]
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


def check_answer(kind: str, content_or_choices: Any) -> None:
    """A wrong answer is a failed benchmark, not a fast one."""
    if kind == "autocomplete":
        choices = content_or_choices
        if not choices or choices[0]["value"] == "?":
            raise RuntimeError(f"autocomplete offered no legal action: {choices}")
    elif kind == "play" and not content_or_choices.startswith("✅"):
        raise RuntimeError(f"/play was refused (the local copy of the game diverged?): {content_or_choices!r}")


async def answer_of(fake, payload: dict[str, Any], call) -> tuple[Any, bool]:
    """What the bot answered, and whether it deferred first: work that takes
    over two seconds is acknowledged with "thinking…" (the first response,
    which is what Discord's deadline counts) and answered by a follow-up on
    the interaction's webhook."""
    if call.body["type"] == AUTOCOMPLETE_RESULT:
        return call.body["data"]["choices"], False
    if call.body["type"] != DEFERRED_MESSAGE:
        return call.content, False
    path = f"/webhooks/{fake.application_id}/{payload['token']}"
    follow_up = await fake.wait_for_call(
        lambda c: c.method == "POST" and c.path == path, "the follow-up of a deferred answer", timeout=ANSWER_TIMEOUT
    )
    return follow_up.content, True


class Driver:
    def __init__(self, fake, channels: list[Channel]):
        self.fake = fake
        self.channels = channels
        self.samples: list[Sample] = []
        self.skipped = 0
        self.deferred = 0
        """answers that came as "thinking…" first (their work took over 2 s)"""
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

    async def _send(
        self, channel: Channel, kind: str, payload: dict[str, Any], scheduled: float, turn_over: bool
    ) -> None:
        channel.busy = True
        try:
            call = await asyncio.wait_for(self.fake.send_interaction(payload), ANSWER_TIMEOUT)
            answer, deferred = await answer_of(self.fake, payload, call)
            check_answer(kind, answer)
            self.deferred += deferred
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
            await self.fake.wait_for_call(
                lambda c: c.path == path and bool(c.files),
                f"the opening board in {path}",
                since=since,
                timeout=ANSWER_TIMEOUT,
            )

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
    deferred: int
    bot_cpu_share: float
    """of one core, in the sustained phase"""
    drawing_cpu_share: float
    """of one core: the bot's drawing processes, in the sustained phase"""
    render_ms: list[float]
    driver_cpu_share: float
    """of one core: this process (fake Discord and players), sustained phase"""
    requests: dict[str, int]
    """The bot's requests in the sustained phase (until its posts drained), by kind"""


def request_kind(path: str) -> str:
    """Interaction callbacks and follow-ups (webhooks) do not count against
    a bot's global rate limit of 50 requests/s; everything else does."""
    if path.startswith("/interactions/"):
        return "interaction response"
    if path.startswith("/webhooks/"):
        return "interaction follow-up"
    if path.endswith("/messages"):
        return "channel post or DM"
    return "other (DM channels, edits, ...)"


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
                lambda call, path=path, since=sample.scheduled: (
                    call.path == path and bool(call.files) and call.at >= since
                ),
                f"the board post after a turn-ending move in channel {sample.channel_id}",
                timeout=ANSWER_TIMEOUT,
            )
            latencies.append((post.at - sample.scheduled) * 1000)
    return latencies


async def one_run(settings: Settings, profile_path: str | None) -> Outcome:
    from tests.discord.fake_discord import FakeDiscord

    names = [f"table-{index}" for index in range(settings.channels)]
    members = [f"player-{index}" for index in range(2 * settings.channels)]
    with tempfile.TemporaryDirectory(prefix="agora-bench-") as workdir:
        async with FakeDiscord(channels=tuple(names), members=tuple(members)) as fake:
            bot = BotProcess(fake, workdir, profile_path, settings.render_processes)
            try:
                await asyncio.wait_for(fake.guild_sent.wait(), START_TIMEOUT)
                rng = random.Random(7)
                channels = [
                    Channel(name, (members[2 * i], members[2 * i + 1]), random.Random(rng.random()))
                    for i, name in enumerate(names)
                ]
                driver = Driver(fake, channels)
                await driver.open_every_game()
                await driver.one_at_a_time(settings.sequential)
                sequential = driver.take()
                # The sequential phase leaves boards still to draw and post;
                # the sustained phase starts once the bot has caught up.
                await board_posts(fake, sequential)
                wall_started, driver_cpu = time.time(), time.process_time()
                calls_before = len(fake.calls)
                window = await driver.open_loop(settings.rate, settings.sustained_seconds)
                wall_window = (wall_started, time.time())
                driver_share = (time.process_time() - driver_cpu) / (wall_window[1] - wall_window[0])
                sustained = driver.take()
                skipped, deferred = driver.skipped, driver.deferred
                post_ms = await board_posts(fake, sustained)
                requests: dict[str, int] = {}
                for call in fake.calls[calls_before:]:
                    kind = request_kind(call.path)
                    requests[kind] = requests.get(kind, 0) + 1
                await driver.open_loop(settings.rate, settings.autocomplete_seconds, autocomplete=True)
                autocomplete = driver.take()
            finally:
                stats = await bot.stop()
    cpu_share, drawing_share, render_ms = bot_usage(stats, wall_window)
    return Outcome(
        sustained,
        window,
        post_ms,
        sequential,
        autocomplete,
        skipped,
        deferred,
        cpu_share,
        drawing_share,
        render_ms,
        driver_share,
        requests,
    )


def bot_usage(stats: dict[str, Any], window: tuple[float, float]) -> tuple[float, float, list[float]]:
    """In ``window``: the bot process's CPU use and its drawing processes'
    (shares of one core), and the wall time of each board drawn."""
    start, end = window
    inside = [sample for sample in stats["cpu"] if start <= sample[0] <= end]
    if len(inside) < 2:
        return float("nan"), float("nan"), []
    span = inside[-1][0] - inside[0][0]
    bot_cpu = inside[-1][1] - inside[0][1]
    drawing_cpu = inside[-1][2] - inside[0][2]
    renders = [r for r in stats["renders"] if inside[0][0] <= r[0] <= inside[-1][0]]
    return bot_cpu / span, drawing_cpu / span, [r[1] * 1000 for r in renders]


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
        add("drawing cpu", "% of a core", 100 * outcome.drawing_cpu_share)
        add("render p50", "ms", percentile(outcome.render_ms, 0.5))
        add("driver cpu", "% of a core", 100 * outcome.driver_cpu_share)
        if plays:
            counted = sum(n for kind, n in outcome.requests.items() if not kind.startswith("interaction"))
            add("requests per move", "requests", sum(outcome.requests.values()) / len(plays))
            add("rate-limited requests per move", "requests", counted / len(plays))
        notes.append(
            f"run {len(notes) + 1}: {len(outcome.sustained)} interactions answered in the sustained phase "
            f"({len(plays)} /play, {sum(s.turn_over for s in plays)} ending a turn), "
            f"{outcome.skipped} sends skipped (every channel busy), {outcome.deferred} answers deferred "
            f"(work over 2 s), {len(outcome.render_ms)} boards drawn; the bot's requests meanwhile: "
            + ", ".join(f"{n} {kind}" for kind, n in sorted(outcome.requests.items()))
            + "."
        )
    rate = f"at {settings.rate:g}/s"
    where = f"{settings.channels} channels"
    rows = [
        judged(
            Row("discord", f"interactions {rate}", "first response p99", figures["p99"], f"< {TARGET_P99_MS:g} ms"),
            TARGET_P99_MS,
        ),
        Row("discord", f"interactions {rate}", "first response p50", figures["p50"]),
        Row("discord", f"/play {rate}", "first response p99", figures["play p99"]),
        judged(
            Row(
                "discord",
                f"interactions {rate}, {where}",
                "answered per second",
                figures["rate"],
                f">= {TARGET_RATE:g}/s",
            ),
            TARGET_RATE * 0.98,
        ),
        Row("discord", f"turn-ending /play {rate}", "board in channel p50", figures["post p50"]),
        Row("discord", f"turn-ending /play {rate}", "board in channel p99", figures["post p99"]),
        Row("discord", "interactions one at a time", "first response p50", figures["seq p50"]),
        Row("discord", "interactions one at a time", "first response p99", figures["seq p99"]),
        Row("discord", f"/play autocomplete {rate}", "p50", figures["ac p50"]),
        judged(
            Row(
                "discord",
                f"/play autocomplete {rate}",
                "p99",
                figures["ac p99"],
                f"< {TARGET_AUTOCOMPLETE_P99_MS:g} ms",
            ),
            TARGET_AUTOCOMPLETE_P99_MS,
        ),
        Row("discord", f"/play {rate}", "Discord requests per move", figures["requests per move"]),
        Row(
            "discord",
            f"/play {rate}",
            "requests per move under the global rate limit",
            figures["rate-limited requests per move"],
        ),
        Row("discord", f"bot process {rate}", "CPU", figures["cpu"]),
        Row("discord", f"bot's drawing processes {rate}", "CPU", figures["drawing cpu"]),
        Row("discord", f"bot {rate}", "one board drawn (wall)", figures["render p50"]),
        Row("discord", f"fake Discord + players {rate}", "CPU", figures["driver cpu"]),
    ]
    if settings.render_processes is not None:
        rows = [
            Row(
                row.area,
                f"{row.subject} [{settings.render_processes} drawing processes]",
                row.measure,
                row.figure,
                row.target,
                row.met,
            )
            for row in rows
        ]
    return rows, notes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short phases, one run (about 25 s)")
    parser.add_argument("--channels", type=int, help="game channels (default 50)")
    parser.add_argument("--rate", type=float, help="interactions offered per second (default 50)")
    parser.add_argument("--seconds", type=float, help="length of the sustained phase")
    parser.add_argument("--repeats", type=int, help="runs (default 3, quick 1)")
    parser.add_argument("--profile", metavar="FILE", help="cProfile the bot process's main thread into FILE")
    parser.add_argument(
        "--render-processes",
        type=int,
        help="the bot's drawing processes (default: the bot's own choice; 0 draws in a thread)",
    )
    args = parser.parse_args()
    base = QUICK if args.quick else FULL
    settings = Settings(
        channels=args.channels or base.channels,
        rate=args.rate or base.rate,
        sustained_seconds=args.seconds or base.sustained_seconds,
        autocomplete_seconds=base.autocomplete_seconds,
        sequential=base.sequential,
        repeats=args.repeats or base.repeats,
        render_processes=args.render_processes,
    )
    rows, notes = measure(settings, args.profile)
    print_rows(
        f"Agora Discord interactions: best (typical) of {settings.repeats} run(s)",
        rows,
        [
            *notes,
            "Latency: from the interaction's scheduled send to its callback (open loop).",
            "Bot: the real discord.py client in its own process; the fake Discord and players in this one.",
        ],
    )
    if args.profile:
        import pstats

        pstats.Stats(args.profile).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    if len(sys.argv) == 8 and sys.argv[1] == "--serve-bot":
        rest, gateway, db, stats, processes, profile = sys.argv[2:]
        serve_bot(rest, gateway, db, stats, profile or None, int(processes) if processes else None)
    else:
        main()
