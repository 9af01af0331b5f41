"""``bot.py --local``: a whole game from piped commands, resuming, and
killing the process between moves."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from engine.games import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ("alice", "bob")


def scripted_game(seed: int) -> list[str]:
    """Terminal lines for a random but complete Santorini base game."""
    game = REGISTRY["santorini"]
    state = game.new(2, {}, seed)
    rng = random.Random(seed)
    lines = []
    while game.to_move(state):
        seat = game.to_move(state)[0]
        action = rng.choice(game.legal(state, seat))
        lines.append(f"{PLAYERS[seat]}: {action}")
        state = game.play(state, seat, action)
    return lines


def run_local(db: Path, lines: list[str], **env: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, "AGORA_DB": str(db), "AGORA_BOARDS": str(db.parent / "boards"), **env}
    return run_terminal(db.parent, environment, lines)


def run_terminal(
    cwd: Path, environment: dict[str, str], lines: list[str], timeout: float = 120
) -> subprocess.CompletedProcess:
    """``bot.py --local`` in ``cwd``, typing ``lines``; its output and exit code."""
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--local"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=environment,
        timeout=timeout,
        cwd=cwd,
    )


def logged(db: Path) -> list[tuple[int, str, str]]:
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT seq, kind, action FROM actions ORDER BY seq").fetchall()


def test_whole_game_to_a_win_and_the_file_keeps_the_log(tmp_path):
    moves = scripted_game(21)
    setup = ["new santorini seed=4", "join alice", "join bob", "start"]
    result = run_local(tmp_path / "agora.sqlite3", setup + moves + ["board", "log"])
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Santorini begins! Seats: alice (Blue), bob (Orange)." in out
    assert " wins: " in out and "🏆" in out
    assert not [l for l in out.splitlines() if l.startswith("! ")], out  # no move was refused
    board = next(line for line in out.splitlines() if line.endswith(".png"))
    assert Path(board).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rows = logged(tmp_path / "agora.sqlite3")
    assert [r[0] for r in rows] == list(range(len(moves) + 1))
    assert [r[2] for r in rows[1:]] == [m.split(": ", 1)[1] for m in moves]


def test_errors_print_the_message_a_player_would_get(tmp_path):
    """...naming the terminal's own commands, never Discord's `/game ...`."""
    result = run_local(
        tmp_path / "agora.sqlite3",
        [
            "new santorini",
            "join alice",
            "start",
            "join bob",
            "start",
            "bob: place c3",
            "alice: place z9",
            "carol: place a1",
            "frobnicate",
        ],
    )
    lines = [line for line in result.stdout.splitlines() if line.startswith("! ")]
    assert lines == [
        "! Santorini needs at least 2 players; 1 seated. 1 more must `join <name>` (or add a bot with "
        "`add-bot [level]`).",
        "! It is not your turn: alice (Blue) is to act.",
        "! `z9` is not a square: squares run from a1 to e5.",
        "! You are not playing in this Santorini game; players are alice, bob.",
        "! Unknown command 'frobnicate'. Type `help` for the list; to play, write `<name>: <action>`.",
    ]


def test_resumes_the_same_table(tmp_path):
    moves = scripted_game(8)
    db = tmp_path / "agora.sqlite3"
    first = run_local(db, ["new santorini", "join alice", "join bob", "start"] + moves[:10])
    assert first.returncode == 0
    second = run_local(db, moves[10:])
    assert second.returncode == 0 and "\n! " not in second.stdout, second.stdout
    assert " wins: " in second.stdout
    assert len(logged(db)) == len(moves) + 1


def test_killing_between_moves_loses_nothing(tmp_path):
    moves = scripted_game(13)
    db = tmp_path / "agora.sqlite3"
    assert run_local(db, ["new santorini", "join alice", "join bob", "start"]).returncode == 0
    rng = random.Random(2)
    done = 0
    environment = {**os.environ, "AGORA_DB": str(db)}
    while done < len(moves):
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "bot.py"), "--local"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=environment,
            cwd=tmp_path,
        )
        stop_after = min(len(moves), done + rng.randint(1, 12))
        while done < stop_after:
            # an unknown command after the move: once its error is printed,
            # the move before it has been acknowledged
            process.stdin.write(f"{moves[done]}\nsync-{done}\n")
            process.stdin.flush()
            while True:
                line = process.stdout.readline()
                assert line, "the terminal stopped answering"
                if line.startswith(f"! Unknown command 'sync-{done}'"):
                    break
                assert not line.startswith("! "), line
            done += 1
        process.send_signal(signal.SIGKILL)
        process.wait()
        rows = logged(db)
        assert [r[2] for r in rows[1:]] == [m.split(": ", 1)[1] for m in moves[:done]]
    with sqlite3.connect(db) as connection:
        status = connection.execute("SELECT status FROM games").fetchone()[0]
    assert status == "finished"


def test_without_a_token_it_says_what_to_set(tmp_path):
    environment = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    result = subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
        cwd=tmp_path,
    )
    assert result.returncode == 2
    assert "export DISCORD_TOKEN=" in result.stderr and "--local" in result.stderr


def test_fair_tables_at_the_terminal(tmp_path):
    """Issue 15 at the terminal table: a banned pair of gods is refused when
    the lobby opens, options with commas start a game, a deadline below an
    hour is refused, and an abandoned lobby reads "abandoned"."""
    result = run_local(
        tmp_path / "agora.sqlite3",
        [
            "new santorini gods=pan,hades",
            "new santorini gods=artemis,demeter",
            "join alice",
            "join bob",
            "start",
            "settings deadline_hours=0.5",
            "status",
            "abandon",
            "new thebes",
            "join alice",
            "abandon",
            "status",
        ],
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    refusals = [line for line in out.splitlines() if line.startswith("! ")]
    assert refusals[0].startswith("! ") and "Pan and Hades ban each other" in refusals[0]
    assert "deadline_hours must be between 1 and 1440 hours (0 for none)" in refusals[1]
    assert len(refusals) == 2, refusals
    assert "Santorini begins!" in out and "#1 — active (gods=artemis,demeter)" in out
    assert "The Thebes game #2 was abandoned." in out and "#2 — abandoned" in out.splitlines()[-3], out
    assert "can no longer be loaded" not in out and "/game" not in out


def test_an_empty_lobby_says_nobody_is_seated(tmp_path):
    result = run_local(tmp_path / "agora.sqlite3", ["new thebes", "status", "join alice", "status"])
    assert result.returncode == 0, result.stderr
    seated = [line for line in result.stdout.splitlines() if line.startswith("Seated")]
    assert seated == ["Seated (0/6, at least 2): nobody yet.", "Seated (1/6, at least 2): alice."], result.stdout
