"""Issue 18's targets in one table, for ``bench/run_all.py``.

Most figures come from the rows the other benchmarks return (moves committed
per second and ``play()`` p99 at 100 games from ``bench/service.py``, the
interaction benchmark's from ``bench/interactions.py``); the rest are measured
here, as the issue words them:

- board pictures at each game's largest player count (p99 of the drawing
  time, largest PNG), positions spread through seeded random games;
- Santorini's bot search with gods, positions per second of CPU time on the
  god match-ups of ``bench/santorini.py`` searched on bitboards;
- ``Tables.my_games`` (``/mygames`` and the ``game`` autocomplete) for a user
  with 10,000 games, cold and warm, the database of ``bench/my_games.py``.

    python bench/targets.py [--quick] [--games santorini,thera]

runs only the measurements of this file and prints their part of the table.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from common import Figure, Row, Stopwatch, percentile, print_table, random_positions

from engine.core import Game, IllegalAction
from engine.games import REGISTRY
from render import render_view

TARGET_MOVES = 1000.0
TARGET_PLAY_P99_MS = 20.0
TARGET_PICTURE_P99_MS = 50.0
TARGET_PNG_KB = 150.0
TARGET_GODS_SEARCH = 100_000.0
TARGET_MY_GAMES_MS = 50.0
MY_GAMES, MY_GAMES_LIVE = 10_000, 40
GOD_MATCHES = (
    ("artemis v atlas", "OPENING", ["artemis", "atlas"]),
    ("apollo v minotaur", "MIDGAME", ["apollo", "minotaur"]),
    ("demeter v athena", "OPENING", ["demeter", "athena"]),
    ("hermes v harpies", "OPENING", ["hermes", "harpies"]),
)
"""The god match-ups ``bench/santorini.py`` times on bitboards, and their diagrams."""


@dataclass
class Target:
    """One line of the table: a figure of one game (or of the service) beside its target."""

    figure: str
    game: str
    measured: Figure | None
    target: str
    limit: float

    @property
    def met(self) -> bool | None:
        if self.measured is None or not self.measured.runs:
            return None
        best = self.measured.best
        return best >= self.limit if self.measured.higher_is_better else best <= self.limit

    def cells(self) -> list[str]:
        if self.measured is None or not self.measured.runs:
            return [self.figure, self.game, "not measured", self.target, "-"]
        verdict = "yes" if self.met else "NO"
        return [self.figure, self.game, f"{self.measured.cell()} {self.measured.unit}", self.target, verdict]


def print_targets(title: str, rows: Sequence[Target], notes: Sequence[str] = ()) -> None:
    met = sum(1 for r in rows if r.met)
    print_table(
        title,
        ["figure", "game", "measured", "target", "met?"],
        [r.cells() for r in rows],
        [f"{met} of {len(rows)} targets met.", *notes],
    )


# ---------------------------------------------------------------------------
# Measured here


def largest_seating(game: Game) -> int:
    """The largest player count that starts with the default options."""
    for players in range(game.max_players, game.min_players - 1, -1):
        try:
            game.new(players, {}, 1)
        except IllegalAction:
            continue
        return players
    raise RuntimeError(f"{game.name} starts with no player count on its default options")


def spread(items: list, count: int) -> list:
    if len(items) <= count:
        return list(items)
    return [items[round(i * (len(items) - 1) / (count - 1))] for i in range(count)]


def pictures(game: Game, count: int, repeats: int) -> tuple[int, Figure, Figure]:
    """Drawing time p99 and largest PNG of ``count`` public views spread
    through seeded random games at the largest seating."""
    players = largest_seating(game)
    names = [f"player{n}" for n in range(players)]
    p99 = Figure("p99", "ms", higher_is_better=False)
    largest = Figure("png", "KB", higher_is_better=False)
    for run in range(repeats):
        positions = random_positions(game, players, {}, seed=1 + run)
        views = [game.view(p.state, None) for p in spread(positions, count)]
        render_view(views[0], names)  # the first call loads fonts and caches layers
        times, sizes = [], []
        for view in views:
            with Stopwatch() as watch:
                png = render_view(view, names)
            times.append(1000 * watch.seconds)
            sizes.append(len(png) / 1024)
        p99.runs.append(percentile(times, 0.99))
        largest.runs.append(max(sizes))
    return players, p99, largest


def gods_search(budget: float, repeats: int) -> list[tuple[str, Figure]]:
    """Search positions per second of CPU time, per god match-up."""
    import santorini as santorini_bench

    from engine.games.santorini.positions import from_diagram

    found = []
    for label, diagram, gods in GOD_MATCHES:
        state = from_diagram(getattr(santorini_bench, diagram), gods)
        speed = Figure("search", "positions/s")
        for _ in range(repeats):
            speed.runs.append(santorini_bench.bot_search(state, budget)[0])
        found.append((label, speed))
    return found


def my_games(repeats: int) -> tuple[Figure, Figure]:
    """``Tables.my_games`` for a user with 10,000 games: the first call after
    opening (cold) and the median of 20 more (warm), in ms."""
    import my_games as my_games_bench

    cold = Figure("cold", "ms", higher_is_better=False)
    warm = Figure("warm", "ms", higher_is_better=False)
    with tempfile.TemporaryDirectory(prefix="agora-bench-") as folder:
        path = Path(folder) / "my_games.sqlite3"
        my_games_bench.build(path, MY_GAMES, MY_GAMES_LIVE)
        for _ in range(repeats):
            first, rest = asyncio.run(my_games_bench.measure(path, MY_GAMES_LIVE))
            cold.runs.append(1000 * first)
            warm.runs.append(1000 * statistics.median(rest))
    return cold, warm


@dataclass
class Extra:
    pictures: dict[str, tuple[int, Figure, Figure]]
    gods: list[tuple[str, Figure]]
    my_games: tuple[Figure, Figure]


def measure_extra(quick: bool, names: list[str], repeats: int | None = None) -> Extra:
    runs = repeats or (1 if quick else 3)
    shown = {name: pictures(REGISTRY[name], 12 if quick else 40, runs) for name in names}
    gods = gods_search(0.5 if quick else 2.0, runs) if "santorini" in names else []
    return Extra(shown, gods, my_games(runs))


# ---------------------------------------------------------------------------
# The table


def _game_of(subject: str) -> str:
    """The game a service row is about: "thera (3p), 100 games" -> "thera"."""
    return subject.split(",")[0].split(" (")[0]


def _find(rows: Sequence[Row], area: str, measure: str, subject: str) -> Figure | None:
    """The figure of the first row of ``area`` whose measure starts with
    ``measure`` and whose subject starts with ``subject``."""
    for row in rows:
        if row.area == area and row.measure.startswith(measure) and row.subject.startswith(subject):
            return row.figure
    return None


def _service(rows: Sequence[Row], name: str, measure: str) -> Figure | None:
    for row in rows:
        if (
            row.area == "service"
            and _game_of(row.subject) == name
            and row.subject.endswith("100 games")
            and row.measure.startswith(measure)
        ):
            return row.figure
    return None


def target_rows(rows: Sequence[Row], extra: Extra, names: list[str]) -> list[Target]:
    found: list[Target] = []
    for name in names:
        found.append(
            Target(
                "moves committed/s, 100 games, with deliveries",
                name,
                _service(rows, name, "moves/s committed, outbox drained"),
                f">= {TARGET_MOVES:g}/s",
                TARGET_MOVES,
            )
        )
    for name in names:
        found.append(
            Target(
                "play() p99 at 50 moves/s, 100 games",
                name,
                _service(rows, name, "play() p99 at 50"),
                f"< {TARGET_PLAY_P99_MS:g} ms",
                TARGET_PLAY_P99_MS,
            )
        )
    for name, (players, p99, largest) in extra.pictures.items():
        found.append(
            Target(
                f"board picture p99, {players} players",
                name,
                p99,
                f"< {TARGET_PICTURE_P99_MS:g} ms",
                TARGET_PICTURE_P99_MS,
            )
        )
        found.append(
            Target(f"PNG size (largest), {players} players", name, largest, f"< {TARGET_PNG_KB:g} KB", TARGET_PNG_KB)
        )
    for label, speed in extra.gods:
        found.append(
            Target(
                "bot search with gods, positions/s of CPU",
                f"santorini ({label})",
                speed,
                f">= {TARGET_GODS_SEARCH / 1000:g}k/s",
                TARGET_GODS_SEARCH,
            )
        )
    cold, warm = extra.my_games
    where = f"{MY_GAMES:,} games"
    found += [
        Target(f"/mygames, cold, {where}", "-", cold, f"< {TARGET_MY_GAMES_MS:g} ms", TARGET_MY_GAMES_MS),
        Target(f"/mygames, warm (median), {where}", "-", warm, f"< {TARGET_MY_GAMES_MS:g} ms", TARGET_MY_GAMES_MS),
    ]
    interactions = [
        ("interactions at 50/s: first response p99", "first response p99", "interactions at", "< 250 ms", 250.0),
        ("interactions answered/s, sustained", "answered per second", "interactions at", ">= 50/s", 49.0),
        ("/play autocomplete p99 at 50/s", "p99", "/play autocomplete", "< 50 ms", 50.0),
        ("bot process CPU at 50/s", "CPU", "bot process", "< 50% of a core", 50.0),
    ]
    for label, measure, subject, target, limit in interactions:
        figure = _find(rows, "discord", measure, subject)
        if figure is not None and figure.unit == "% of a core":
            figure = Figure(figure.name, "%", figure.runs, higher_is_better=False)
        found.append(Target(label, "-", figure, target, limit))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer pictures and searches, one run")
    parser.add_argument("--games", help="comma-separated games (default: all)")
    args = parser.parse_args()
    names = args.games.split(",") if args.games else list(REGISTRY)
    extra = measure_extra(args.quick, names)
    shown = [t for t in target_rows([], extra, names) if t.measured is not None and not t.figure.startswith("moves")]
    print_targets("Issue 18 targets measured by bench/targets.py", shown)


if __name__ == "__main__":
    main()
