"""``bot.py --local`` on PostgreSQL (issue 20: "With AGORA_DB=postgresql://…,
`bot.py --local` plays a whole game, resumes it, and writes no SQLite file").

The terminal runs as a real process against the throwaway server of
tests/pg_server.py, in an empty working directory: it plays the first half
of a Santorini game and quits, a second run picks the table up where the
first left it and plays it to the win, and afterwards no file in that
directory is a SQLite database. In CI (``CI`` set) a server that cannot start
fails the test instead of skipping it.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import asyncpg

from tests.pg_server import postgres_server  # noqa: F401  (fixture)
from tests.platform.test_local import run_terminal, scripted_game

SQLITE_HEADER = b"SQLite format 3\x00"


def run_local(cwd: Path, url: str, lines: list[str]) -> subprocess.CompletedProcess:
    """``bot.py --local`` in ``cwd`` with ``AGORA_DB`` set to ``url`` (and a
    home of its own there too, so nothing can go elsewhere unseen)."""
    environment = {**os.environ, "AGORA_DB": url, "HOME": str(cwd / "home")}
    environment.pop("AGORA_BOARDS", None)  # the ``board`` command's picture goes to ./boards
    return run_terminal(cwd, environment, lines, timeout=180)


def refused(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("! ")]


async def logged(url: str) -> list[tuple[int, str, str]]:
    connection = await asyncpg.connect(url)
    try:
        rows = await connection.fetch("SELECT seq, kind, action FROM actions ORDER BY seq")
        return [(r["seq"], r["kind"], r["action"]) for r in rows]
    finally:
        await connection.close()


async def test_a_whole_game_on_postgres_resumes_and_writes_no_sqlite_file(postgres_server, tmp_path):  # noqa: F811
    url = await postgres_server.new_schema()
    cwd = tmp_path / "table"
    (cwd / "home").mkdir(parents=True)
    moves = scripted_game(21)
    half = len(moves) // 2

    first = run_local(cwd, url, ["new santorini seed=4", "join alice", "join bob", "start"] + moves[:half])
    assert first.returncode == 0, first.stderr
    assert "Santorini begins! Seats: alice (Blue), bob (Orange)." in first.stdout
    assert not refused(first.stdout), first.stdout
    assert " wins: " not in first.stdout
    assert [row[0] for row in await logged(url)] == list(range(half + 1))

    second = run_local(cwd, url, ["status"] + moves[half:] + ["status", "board"])
    assert second.returncode == 0, second.stderr
    assert not refused(second.stdout), second.stdout
    out = second.stdout
    # Its first answer is the table the first run left: still going, with
    # the player whose move comes next to act.
    resumed = out[: out.index("To act: ")]
    assert "Santorini" in resumed and "— active" in resumed, out
    to_act = next(line for line in out.splitlines() if line.startswith("To act: "))
    assert to_act.startswith(f"To act: {moves[half].split(': ', 1)[0]} ("), to_act
    assert " wins: " in out and "🏆" in out
    assert "— finished" in out[out.index(" wins: ") :]

    rows = await logged(url)
    assert [row[0] for row in rows] == list(range(len(moves) + 1))
    assert [row[2] for row in rows[1:]] == [move.split(": ", 1)[1] for move in moves]

    # A board was written (the runs could write files), and no file is a database.
    written = [path for path in cwd.rglob("*") if path.is_file()]
    assert any(path.suffix == ".png" for path in written), written
    assert not [path for path in written if path.name.endswith((".sqlite3", ".sqlite3-wal", ".sqlite3-shm", ".db"))]
    assert not [path for path in written if path.read_bytes()[: len(SQLITE_HEADER)] == SQLITE_HEADER]
