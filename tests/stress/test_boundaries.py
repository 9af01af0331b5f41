"""Bad input at the service's front door: every public ``Tables`` coroutine,
called with a wrong-typed or out-of-range value in any one argument, answers
with an ``AgoraError`` and stores nothing; the terminal table survives bytes
that are not UTF-8 and numbers past 64 bits."""

from __future__ import annotations

import inspect
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core import AgoraError
from engine.tables import Tables
from engine.tables.inputs import CHECKS
from tests.stress.conftest import fingerprint

ROOT = Path(__file__).resolve().parents[2]
ALICE, BOB = 101, 102

BAD_VALUES = [b"101", "101", 1.5, True, -1, 2**63, 10**30, [101], {"id": 101}, object(), "\ud800", "x" * 5000]
GOOD = {
    "user_id": ALICE,
    "channel_id": 900,
    "guild_id": 1,
    "parent_id": None,
    "seed": 5,
    "seat": 0,
    "seq": None,
    "at_seq": None,
    "name": "alice",
    "action": "pass",
    "game": "santorini",
    "level": None,
    "options": None,
    "accept": True,
    "can_manage": False,
}


def public_methods() -> list[tuple[str, inspect.Signature]]:
    found = []
    for name in dir(Tables):
        if name.startswith("_") or name in ("open", "close", "settle", "recover"):
            continue
        method = inspect.getattr_static(Tables, name)
        if inspect.iscoroutinefunction(method):
            found.append((name, inspect.signature(method)))
    return found


def cases() -> list:
    params = []
    for name, signature in public_methods():
        for parameter in signature.parameters:
            if parameter in CHECKS:
                params.append(pytest.param(name, parameter, id=f"{name}-{parameter}"))
    return params


@pytest.mark.parametrize("method,parameter", cases())
async def test_a_bad_value_in_any_argument_is_refused_and_stores_nothing(method, parameter, quiet_tables):
    record = await quiet_tables.create(channel_id=900, user_id=ALICE, name="alice", game="santorini", seed=5)
    await quiet_tables.join(record.id, BOB, "bob")
    await quiet_tables.start(record.id, ALICE)
    before = await fingerprint(quiet_tables, record.id)
    signature = inspect.signature(getattr(Tables, method))
    rng = random.Random(f"{method}-{parameter}")
    for bad in rng.sample(BAD_VALUES, 6):
        if (
            parameter in ("name", "action", "game", "level")
            and isinstance(bad, str)
            and bad != "\ud800"
            and len(bad) < 1000
        ):
            continue  # text is the right type for these; the game or table judges its content
        arguments = {
            p: (record.id if p == "game_id" else GOOD.get(p))
            for p in signature.parameters
            if p != "self"
            and signature.parameters[p].kind is not inspect.Parameter.VAR_KEYWORD
            and (signature.parameters[p].default is inspect.Parameter.empty or p == parameter)
        }
        arguments[parameter] = bad
        with pytest.raises(AgoraError) as refused:
            await getattr(quiet_tables, method)(**arguments)
        assert refused.value.message, f"{method}({parameter}={bad!r:.40}) was refused without a message"
    assert await fingerprint(quiet_tables, record.id) == before


def test_every_public_method_with_an_id_is_covered():
    """A new public method with an id argument gets its checks automatically;
    this test lists them so a reader sees the front door whole."""
    covered = {name for name, signature in public_methods() if set(signature.parameters) & set(CHECKS)}
    assert {
        "create",
        "join",
        "play",
        "play_seat",
        "undo",
        "answer_undo",
        "configure",
        "resign",
        "abandon",
        "legal",
        "private_view",
        "my_games",
        "mute",
        "record",
        "status",
    } <= covered


def test_the_terminal_survives_broken_bytes_and_huge_numbers(tmp_path):
    script = (
        b"new santorini seed=99999999999999999999999\n"
        b"new santorini seed=-5\n"
        b"new santorini\n"
        b"join \xff\xfe\xfdbob\n"
        b"join " + b"a" * 5000 + b"\n"
        b"join alice\n"
        b"\xc3\x28: pass\n"
        b"start\n"
        b"status\n"
    )
    done = subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--local"],
        input=script,
        capture_output=True,
        cwd=tmp_path,
        env={"AGORA_DB": str(tmp_path / "t.sqlite3"), "PATH": "/usr/bin:/bin"},
        timeout=120,
    )
    out = done.stdout.decode()
    assert done.returncode == 0 and "Traceback" not in done.stderr.decode(), done.stderr.decode()[-2000:]
    assert "seed: 99999999999999999999999 is out of range" in out
    assert "Names are at most 32 characters" in out
    assert "Santorini begins!" in out, out
