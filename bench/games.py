"""Per-game benchmarks, for every game in the registry: ``play()`` and
``legal()`` calls per second, whole random games per second, board picture
time (p50, p99) and PNG size, public view time and snapshot size.

    python bench/games.py [--quick] [--games santorini,thera] [--repeats N]

Positions come from seeded random games (uniform over the seats that may act
and their legal actions) at a representative seating (three players where
allowed). ``play``/``legal`` are timed over every position of those games;
pictures over positions spread evenly through them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import dataclass

from common import (
    Figure,
    Position,
    Row,
    Stopwatch,
    bench_players,
    judged,
    number,
    per_second,
    percentile,
    print_table,
    random_positions,
)

from engine.core import Game
from engine.games import REGISTRY
from render import render_view


@dataclass
class Settings:
    positions: int
    """at least this many positions for play/legal timing"""
    game_seconds: float
    """whole random games are played for at least this long"""
    pictures: int
    repeats: int


FULL = Settings(positions=3000, game_seconds=3.0, pictures=60, repeats=3)
QUICK = Settings(positions=600, game_seconds=0.5, pictures=12, repeats=1)


def random_games(game: Game, players: int, options: dict, seconds: float) -> tuple[list[Position], float, int]:
    """Whole random games with seeds 1, 2, ... for at least ``seconds``;
    returns all their positions, the time taken and the number of games."""
    positions: list[Position] = []
    games = 0
    with Stopwatch() as watch:
        started = time.perf_counter()
        while games == 0 or time.perf_counter() - started < seconds:
            games += 1
            positions.extend(random_positions(game, players, options, seed=games))
    return positions, watch.seconds, games


def time_calls(positions: list[Position], call) -> float:
    """Calls per second of ``call(position)`` over all positions."""
    with Stopwatch() as watch:
        for position in positions:
            call(position)
    return per_second(len(positions), watch.seconds)


def spread(items: list, count: int) -> list:
    if len(items) <= count:
        return list(items)
    return [items[round(i * (len(items) - 1) / (count - 1))] for i in range(count)]


def bench_game(game: Game, settings: Settings) -> tuple[int, dict[str, Figure]]:
    players, options = bench_players(game)
    names = [f"player{n}" for n in range(players)]
    figures = {
        key: Figure(key, unit, higher_is_better=better)
        for key, unit, better in [
            ("play", "/s", True),
            ("legal", "/s", True),
            ("games", "/s", True),
            ("actions", "per game", True),
            ("render_p50", "ms", False),
            ("render_p99", "ms", False),
            ("png", "KB", False),
            ("view", "ms", False),
            ("snapshot", "KB", False),
        ]
    }
    for _ in range(settings.repeats):
        positions, seconds, games = random_games(game, players, options, settings.game_seconds)
        figures["games"].runs.append(games / seconds)
        figures["actions"].runs.append(len(positions) / games)
        sample = positions
        seed = games
        while len(sample) < settings.positions:  # short games: more of them for the call timings
            seed += 1
            sample = sample + random_positions(game, players, options, seed)
        figures["legal"].runs.append(time_calls(sample, lambda p: game.legal(p.state, p.seat)))
        figures["play"].runs.append(time_calls(sample, lambda p: game.play(p.state, p.seat, p.action)))
        shown = spread(positions, settings.pictures)
        views = []
        with Stopwatch() as watch:
            for position in shown:
                views.append(game.view(position.state, None))
        figures["view"].runs.append(1000 * watch.seconds / len(shown))
        figures["snapshot"].runs.append(statistics.median(len(json.dumps(game.dump(p.state))) for p in shown) / 1024)
        render_view(views[0], names)  # first call loads fonts and caches layers
        times, sizes = [], []
        for view in views:
            with Stopwatch() as watch:
                png = render_view(view, names)
            times.append(1000 * watch.seconds)
            sizes.append(len(png) / 1024)
        figures["render_p50"].runs.append(percentile(times, 0.50))
        figures["render_p99"].runs.append(percentile(times, 0.99))
        figures["png"].runs.append(statistics.median(sizes))
    return players, figures


def settings_for(quick: bool, repeats: int | None) -> Settings:
    settings = QUICK if quick else FULL
    return (
        settings if repeats is None else Settings(settings.positions, settings.game_seconds, settings.pictures, repeats)
    )


def measure_all(settings: Settings, names: list[str] | None = None) -> dict[str, tuple[int, dict[str, Figure]]]:
    return {name: bench_game(REGISTRY[name], settings) for name in names or list(REGISTRY)}


MEASURES = [
    ("play", "play() calls"),
    ("legal", "legal() calls"),
    ("games", "random games"),
    ("render_p50", "render p50"),
    ("render_p99", "render p99"),
    ("png", "PNG size (median)"),
    ("view", "public view()"),
    ("snapshot", "snapshot size (median)"),
]


def rows(results: dict[str, tuple[int, dict[str, Figure]]]) -> list[Row]:
    """The summary lines; a picture is held to the games README's "well under
    100 ms"."""
    found = []
    for name, (players, figures) in results.items():
        for key, measure in MEASURES:
            row = Row("games", f"{name} ({players}p)", measure, figures[key])
            if key == "render_p99":
                row.target = "< 100 ms"
                judged(row, 100.0)
            found.append(row)
    return found


def print_wide(results: dict[str, tuple[int, dict[str, Figure]]], settings: Settings) -> None:
    table = []
    for name, (players, f) in results.items():
        table.append(
            [
                name,
                str(players),
                f["play"].cell(),
                f["legal"].cell(),
                f["games"].cell(),
                number(f["actions"].typical),
                f["render_p50"].cell(),
                f["render_p99"].cell(),
                f["png"].cell(),
                f["view"].cell(),
                f["snapshot"].cell(),
            ]
        )
    runs = f"{settings.repeats} run{'s' if settings.repeats > 1 else ''}"
    print_table(
        f"Games: best (typical) of {runs}",
        [
            "game",
            "players",
            "play/s",
            "legal/s",
            "games/s",
            "actions/game",
            "render p50 ms",
            "render p99 ms",
            "PNG KB",
            "view ms",
            "snapshot KB",
        ],
        table,
        [
            f"render over {settings.pictures} public views spread through random games "
            f"(p99 of so few is close to the slowest); PNG and snapshot: median size"
        ],
    )


def run(quick: bool = False, names: list[str] | None = None, repeats: int | None = None) -> list[Row]:
    """Measure, print the wide table, return the summary lines."""
    settings = settings_for(quick, repeats)
    results = measure_all(settings, names)
    print_wide(results, settings)
    return rows(results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small samples, one run")
    parser.add_argument("--games", help="comma-separated game names (default: all)")
    parser.add_argument("--repeats", type=int, help="runs per figure (default 3, quick 1)")
    args = parser.parse_args()
    run(args.quick, args.games.split(",") if args.games else None, args.repeats)


if __name__ == "__main__":
    main()
