"""A normal install works: the wheel built from this checkout, installed into
a fresh virtual environment outside the checkout, plays a few moves of every
game through the installed ``agora --local`` and draws every board (the
component data and fonts travel inside the wheel)."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from engine.games import REGISTRY
from tests.random_play import random_positions

ROOT = Path(__file__).resolve().parents[2]
MOVES = 6
PNG = b"\x89PNG\r\n\x1a\n"

pytestmark = pytest.mark.slow


def opening(game_name: str, seed: int) -> tuple[int, list[str]]:
    """Seats and the first moves of a seeded random game, as terminal lines."""
    game = REGISTRY[game_name]
    players = game.min_players
    return players, [f"p{seat}: {action}" for _, seat, action in random_positions(game, players, seed, MOVES)]


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The ``agora`` command of a fresh venv holding only the built wheel."""
    work = tmp_path_factory.mktemp("install")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(work / "wheels"), str(ROOT)],
        check=True,
        cwd=work,
        timeout=600,
    )
    wheel = next((work / "wheels").glob("agora-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "data/santorini/gods.toml" in names and "data/fonts/DejaVuSans.ttf" in names, "data ship in the wheel"
    subprocess.run([sys.executable, "-m", "venv", str(work / "venv")], check=True, timeout=300)
    subprocess.run([str(work / "venv" / "bin" / "pip"), "install", "-q", str(wheel)], check=True, cwd=work, timeout=900)
    return work / "venv" / "bin" / "agora"


@pytest.mark.parametrize("game_name", sorted(REGISTRY))
def test_the_installed_command_plays_every_game_and_draws_its_board(installed, game_name, tmp_path):
    players, moves = opening(game_name, seed=3)
    script = [f"new {game_name} seed=3", *(f"join p{seat}" for seat in range(players)), "start", *moves, "board"]
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "AGORA_DB": str(tmp_path / "agora.sqlite3"),
        "AGORA_BOARDS": str(tmp_path / "boards"),
        "AGORA_LOCAL_IMAGES": "1",
        "HOME": str(tmp_path),
    }
    done = subprocess.run(
        [str(installed), "--local"],
        input="\n".join(script) + "\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    refused = [line for line in done.stdout.splitlines() if line.startswith("! ")]
    assert not refused, refused
    assert "begins" in done.stdout
    pictures = sorted((tmp_path / "boards").glob("*.png"))
    assert len(pictures) >= 2 and all(p.read_bytes()[:8] == PNG for p in pictures), pictures
