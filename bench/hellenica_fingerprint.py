"""Fingerprint of Hellenica's behaviour, to show a speed change changed nothing.

Plays seeded random games (3, 4, 5 and 7 seats, several option sets) and
hashes, at every step: who moves, every mover's legal list (in order), the
public view, each mover's view and private view (with the fixed parts
the views leave out put back, ``view_fixed``), the dump, the played move's
``describe`` text, ``reveals``, the outcome, and that the state before the
move is unchanged by it. Prints one hash per game and a total:

    .venv/bin/python bench/hellenica_fingerprint.py              # this tree
    .venv/bin/python bench/hellenica_fingerprint.py --compare    # and HEAD's

``--compare`` copies ``engine`` to a temporary directory, puts there the
committed (``git show HEAD:<path>``) version of the files the speed work
touches (``SPEED_FILES``; new ``*_cache.py`` files are left out), runs the
same games on that copy and on this tree (two processes) and says whether
every game hashes the same. Nothing in the tree changes. (Other Hellenica
files stay as they are here: random play does not use the bots, which other
work may be changing at the same time.)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "engine/games/hellenica"
SPEED_FILES = ("board.py", "invocations.py", "objectives.py", "setup.py", "snapshot.py", "state.py", "views.py")
CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (3, {}),
    (4, {"homes": "random"}),
    (5, {"quick": True}),
    (7, {}),
    (3, {"map": "buildable", "quick": True}),
    (4, {"map": "explorable", "pathos": "random", "epic": True}),
    (4, {"ai_seats": [1, 3], "rivals": True}),
    (5, {"patrons": "all", "map": "random"}),
]


def _hash(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=repr).encode()).hexdigest()


def play_games(seeds: int, steps: int) -> list[str]:
    """One line per game: its number, seats, options, seed, steps and hash."""
    from engine.core import IllegalAction
    from engine.games.hellenica import GAME

    try:
        from engine.games.hellenica.view_fixed import with_fixed_parts as shown
    except ImportError:  # a tree whose views still hold the map's fixed parts

        def shown(view: dict[str, Any]) -> dict[str, Any]:
            return view

    lines = []
    total = hashlib.sha256()
    for index, (players, options) in enumerate(CONFIGS):
        for seed in range(1, seeds + 1):
            digest = hashlib.sha256()
            try:
                state = GAME.new(players, dict(options), seed)
            except IllegalAction as error:  # an option this tree lacks: fingerprint the refusal
                lines.append(f"{index} {players} {options} {seed} refused {_hash(str(error))[:16]}")
                continue
            rng = random.Random(seed * 7919 + index)
            played = 0
            while played < steps:
                movers = GAME.to_move(state)
                record: list[Any] = [movers, GAME.outcome(state), shown(GAME.view(state, None)), GAME.dump(state)]
                if not movers:
                    break
                for seat in movers:
                    record += [GAME.legal(state, seat), shown(GAME.view(state, seat)), GAME.private_view(state, seat)]
                seat = rng.choice(movers)
                action = rng.choice(GAME.legal(state, seat))
                before = json.dumps(GAME.dump(state), sort_keys=True)
                after = GAME.play(state, seat, action)
                record += [seat, action, GAME.describe(state, seat, action), GAME.reveals(state, seat, action, after)]
                record.append(json.dumps(GAME.dump(state), sort_keys=True) == before)
                digest.update(_hash(record).encode())
                state = after
                played += 1
            digest.update(_hash([repr(GAME.outcome(state)), GAME.dump(state), shown(GAME.view(state, None))]).encode())
            lines.append(f"{index} {players} {options} {seed} {played} {digest.hexdigest()[:16]}")
            total.update(digest.digest())
    lines.append(f"TOTAL {total.hexdigest()[:16]}")
    return lines


def _head_copy(into: Path, files: tuple[str, ...]) -> list[str]:
    """``engine`` as it is here, with HEAD's version of ``files`` and
    without the new ``*_cache.py`` modules."""
    shutil.copytree(ROOT / "engine", into / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    changed = []
    for name in files:
        relative = f"{PACKAGE}/{name}"
        shown = subprocess.run(
            ["git", "show", f"HEAD:{relative}"], cwd=ROOT, capture_output=True, text=True, check=True
        )
        if shown.stdout != (ROOT / relative).read_text(encoding="utf-8"):
            (into / relative).write_text(shown.stdout, encoding="utf-8")
            changed.append(name)
    for path in sorted((into / PACKAGE).glob("*_cache.py")):
        path.unlink()
        changed.append(f"{path.name} (new, left out)")
    return changed


def _run(path_first: Path | None, seeds: int, steps: int) -> list[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(str(p) for p in (path_first, ROOT) if p is not None)
    command = [sys.executable, __file__, "--seeds", str(seeds), "--steps", str(steps)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return done.stdout.splitlines()


def compare(seeds: int, steps: int, files: tuple[str, ...] = SPEED_FILES) -> bool:
    with tempfile.TemporaryDirectory() as folder:
        changed = _head_copy(Path(folder), files)
        print("HEAD's version of:", ", ".join(changed) or "nothing (no Hellenica file differs)")
        old = _run(Path(folder), seeds, steps)
    new = _run(None, seeds, steps)
    same = old == new
    for before, now in zip(old, new, strict=True):
        print(("same " if before == now else "DIFF ") + now + ("" if before == now else f"  (HEAD: {before})"))
    print("identical" if same else "DIFFERENT")
    return same


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="games per option set")
    parser.add_argument("--steps", type=int, default=400, help="moves per game at most")
    parser.add_argument("--compare", action="store_true", help="also run HEAD's Hellenica files and compare")
    parser.add_argument(
        "--files",
        help="comma-separated files of engine/games/hellenica to take from HEAD with --compare "
        "(default: the speed work's; name only yours while others change the rest)",
    )
    args = parser.parse_args()
    if args.compare:
        files = tuple(args.files.split(",")) if args.files else SPEED_FILES
        sys.exit(0 if compare(args.seeds, args.steps, files) else 1)
    for line in play_games(args.seeds, args.steps):
        print(line, flush=True)


if __name__ == "__main__":
    main()
