"""Shared pieces of the Agora benchmarks: repeated measurements reported as
best and typical, percentiles, seeded random play, and the result table.

Benchmarks are scripts, not tests: their figures depend on the machine and its
load. Every figure is measured ``repeats`` times; the table shows the best
run and, in brackets, the median ("typical") one.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from engine.core import Game, IllegalAction  # noqa: E402

# ---------------------------------------------------------------------------
# Figures


@dataclass
class Figure:
    """One measured quantity over several runs."""

    name: str
    unit: str
    runs: list[float] = field(default_factory=list)
    higher_is_better: bool = True

    @property
    def best(self) -> float:
        return max(self.runs) if self.higher_is_better else min(self.runs)

    @property
    def typical(self) -> float:
        return statistics.median(self.runs)

    def cell(self) -> str:
        if not self.runs:
            return "-"
        if len(self.runs) == 1:
            return number(self.best)
        return f"{number(self.best)} ({number(self.typical)})"


def number(value: float) -> str:
    """Short, readable: 12345 -> 12.3k, 0.01234 -> 0.0123."""
    size = abs(value)
    if size >= 1e6:
        return f"{value / 1e6:.2f}M"
    if size >= 1e4:
        return f"{value / 1e3:.1f}k"
    if size >= 100:
        return f"{value:.0f}"
    if size >= 10:
        return f"{value:.1f}"
    if size >= 1:
        return f"{value:.2f}"
    return f"{value:.3g}"


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which ``share`` (0..1) of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(0, min(len(ordered) - 1, round(share * len(ordered) + 0.5) - 1))
    return ordered[rank]


def per_second(count: int, seconds: float) -> float:
    return count / seconds if seconds > 0 else float("inf")


class Stopwatch:
    """``with Stopwatch() as watch: ...`` then ``watch.seconds``."""

    def __enter__(self) -> Stopwatch:
        self.started = time.perf_counter()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.seconds = time.perf_counter() - self.started


def measure(figures: dict[str, Figure], repeats: int, run: Callable[[], dict[str, float]]) -> None:
    """Call ``run`` ``repeats`` times; each call returns {figure name: value}."""
    for _ in range(repeats):
        for name, value in run().items():
            figures[name].runs.append(value)


@dataclass
class Row:
    """One line of the summary table: what was measured, the figure, and
    the target it is held against (if any)."""

    area: str
    subject: str
    measure: str
    figure: Figure
    target: str = ""
    met: bool | None = None

    def cells(self) -> list[str]:
        verdict = "" if self.met is None else ("yes" if self.met else "MISSED")
        return [
            self.area,
            self.subject,
            self.measure,
            f"{self.figure.cell()} {self.figure.unit}".strip(),
            self.target,
            verdict,
        ]


def judged(row: Row, limit: float) -> Row:
    """``row`` with ``met`` set: its best run reaches ``limit``."""
    best = row.figure.best
    row.met = best >= limit if row.figure.higher_is_better else best <= limit
    return row


def print_rows(title: str, rows: Sequence[Row], notes: Sequence[str] = ()) -> None:
    print_table(
        title, ["area", "subject", "measure", "best (typical)", "target", "met"], [r.cells() for r in rows], notes
    )


# ---------------------------------------------------------------------------
# Table


def print_table(title: str, headers: Sequence[str], rows: Iterable[Sequence[str]], notes: Sequence[str] = ()) -> None:
    rows = [list(r) for r in rows]
    widths = [max(len(str(h)), *(len(r[i]) for r in rows)) if rows else len(str(h)) for i, h in enumerate(headers)]
    line = "  ".join("-" * w for w in widths)
    print(f"\n{title}")
    print(line)
    print("  ".join(str(h).ljust(w) if i == 0 else str(h).rjust(w) for i, (h, w) in enumerate(zip(headers, widths))))
    print(line)
    for row in rows:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))))
    print(line)
    for note in notes:
        print(f"  {note}")


# ---------------------------------------------------------------------------
# Seeded random play


def bench_players(game: Game) -> tuple[int, dict[str, Any]]:
    """A representative seating: three players where the game allows it,
    default options, else the nearest count that starts with the defaults."""
    preferred = min(max(3, game.min_players), game.max_players)
    counts = sorted(range(game.min_players, game.max_players + 1), key=lambda n: abs(n - preferred))
    for players in counts:
        try:
            game.new(players, {}, 1)
        except IllegalAction:
            continue
        return players, {}
    raise RuntimeError(f"{game.name} starts with no player count on its default options")


@dataclass
class Position:
    state: Any
    seat: int
    action: str
    """a random legal action of ``seat`` here"""


def random_positions(
    game: Game, players: int, options: dict[str, Any], seed: int, limit: int = 100_000
) -> list[Position]:
    """Every position of one seeded random game (uniform over seats that may
    act and their legal actions), with the action taken there."""
    rng = random.Random(seed)
    state = game.new(players, dict(options), seed)
    positions = []
    while len(positions) < limit:
        movers = game.to_move(state)
        if not movers:
            break
        seat = rng.choice(movers)
        action = rng.choice(game.legal(state, seat))
        positions.append(Position(state, seat, action))
        state = game.play(state, seat, action)
    return positions
