"""The admin verbs: a backup taken while games are being played opens and
replays every game; a person's data can be erased and a server's deleted;
the command line answers with clear messages."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from engine import admin
from engine.tables import Tables
from tests.platform.test_tables import ALICE, BOB, CHANNEL

ROOT = Path(__file__).resolve().parents[2]


async def new_game(tables: Tables, channel: int, guild: int | None = None, game: str = "santorini") -> int:
    record = await tables.create(channel_id=channel, user_id=ALICE, name="alice", game=game, guild_id=guild, seed=1)
    await tables.join(record.id, BOB, "bob")
    await tables.start(record.id, ALICE)
    return record.id


async def play_moves(tables: Tables, game_id: int, moves: int, rng: random.Random) -> None:
    users = {0: ALICE, 1: BOB}
    for _ in range(moves):
        record = await tables.record(game_id)
        if record.status != "active":
            return
        seat = (await tables.waiting_seats(game_id))[0]
        await tables.play(game_id, users[seat], rng.choice(await tables.legal(game_id, users[seat]))[0])


async def test_a_backup_taken_under_load_opens_and_replays_every_game(tmp_path):
    where = str(tmp_path / "live.sqlite3")
    tables = await Tables.open(where, run_bots=False)
    try:
        games = [await new_game(tables, CHANNEL + i) for i in range(6)]
        rng = random.Random(1)
        busy = asyncio.gather(*(play_moves(tables, g, 30, rng) for g in games))
        await asyncio.sleep(0.05)  # the players are mid-game when the backup starts
        result = await admin.backup(where, tmp_path / "copy.sqlite3")
        await busy
    finally:
        await tables.close()
    assert result.ok and result.games == 6 and result.replayed == 6, result.failures
    assert not (tmp_path / "copy.sqlite3-wal").exists(), "the copy is one self-contained file"
    with sqlite3.connect(tmp_path / "copy.sqlite3") as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        copied = db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    assert copied >= 6, "the copy holds the moves made before it"


async def test_a_backup_to_the_database_itself_is_refused(tmp_path):
    where = str(tmp_path / "a.sqlite3")
    with pytest.raises(admin.AdminError, match="another file"):
        await admin.backup(where, where)


async def test_erasing_a_person_keeps_the_games_and_removes_them(tmp_path, courier, clock):
    where = str(tmp_path / "a.sqlite3")
    tables = await Tables.open(where, run_bots=False)
    try:
        live = await new_game(tables, CHANNEL)
        await play_moves(tables, live, 2, random.Random(2))
        lobby = await tables.create(channel_id=CHANNEL + 1, user_id=BOB, name="bob", game="thebes")
        await tables.join(lobby.id, ALICE, "alice")
    finally:
        await tables.close()
    assert await admin.forget_user(where, ALICE) == 1
    tables = await Tables.open(where, run_bots=False)
    try:
        record = await tables.record(live)
        assert [s.name for s in record.seats] == [admin.DELETED_NAME, "bob"] and record.seats[0].user_id is None
        assert record.seats[0].is_bot, "a bot plays the erased person's seat in a live game"
        assert all("alice" not in line for line in await tables.history(live))
        assert [s.user_id for s in (await tables.record(lobby.id)).seats] == [BOB], "they left the lobby"
        assert await tables.store.games_of_user(ALICE, live_only=False) == []
        assert await tables.verify(live), "the game still replays"
    finally:
        await tables.close()


async def test_deleting_a_server_removes_its_games_only(tmp_path):
    where = str(tmp_path / "a.sqlite3")
    tables = await Tables.open(where, run_bots=False)
    try:
        ours = await new_game(tables, CHANNEL, guild=77)
        theirs = await new_game(tables, CHANNEL + 1, guild=88)
    finally:
        await tables.close()
    assert await admin.delete_server(where, 77) == 1
    with sqlite3.connect(where) as db:
        for table in ("games", "seats", "actions", "snapshots", "outbox", "reminders"):
            key = "id" if table == "games" else "game_id"
            left = {row[0] for row in db.execute(f"SELECT DISTINCT {key} FROM {table}")}
            assert ours not in left and (table == "reminders" or theirs in left), table


def agora(*args: str, env_db: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"AGORA_DB": env_db, "PATH": "/usr/bin:/bin"},
        timeout=120,
    )


def test_the_command_line_backs_up_and_names_its_version(tmp_path):
    where = str(tmp_path / "cli.sqlite3")
    done = agora("backup", str(tmp_path / "copy.sqlite3"), env_db=where)
    assert done.returncode == 0 and "Backed up" in done.stdout, done.stderr
    assert agora("--backup", str(tmp_path / "copy2.sqlite3"), env_db=where).returncode == 0
    version = agora("--version", env_db=where)
    assert version.returncode == 0 and version.stdout.startswith("agora ")
    bad = agora("delete-user", "bob", env_db=where)
    assert bad.returncode == 2 and "'bob' is not a Discord id" in bad.stderr
