"""Game-side CPU per committed move, an older commit against this tree, in one process.

    python bench/engine_ab.py --base 27b4bc1 [--games hellenica,thebes] [--tables 100] [--moves 3000]

A speed change of a few percent is lost in the noise of a shared machine
when two processes are timed one after the other (the load moves CPU time
per move by 20% within minutes). Here both engines run in the same process:
the ``engine`` package of ``--base`` is written to a temporary directory
under the name ``engine_base`` (its imports renamed), and each committed
move is made by both, one after the other, the order alternating, on two
copies of the same tables with the same random choices.

A move is what the table service asks of the game for a committed move
(``engine/tables/moves.py`` and ``commits.py``): the mover's legal list (the
menus; the list the move came with when the game hands the next lists over
with the move), ``play``, the next movers and their lists, ``describe``,
``outcome``, the channel view when the turn ends, every seat's secrets and
a DM view where they changed (inside ``reading``), the notices' JSON, and a
dump every 16 plays. ``--tables`` games are played in turn, as the service
interleaves them at that many active games; ``--warm`` moves of each are
played before measuring (the per-game service run counts the moves after
the 20th). At the end both copies must hold the same states. Run one game
kind per process for a figure to quote: a kind measured after another runs
with that one's garbage about, and a kind measured twice meets its own
games again (the caches are warm).
"""

from __future__ import annotations

import argparse
import gc
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import orjson
from common import REPO

from engine.core import Game, resolve_options
from engine.runtime import tune_garbage_collector

SNAPSHOT_EVERY = 16
PLAYERS = 3


def base_engine(rev: str, into: Path) -> ModuleType:
    """``engine`` as it is at ``rev``, importable as ``engine_base``."""
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, "engine"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    (into / "engine").rename(into / "engine_base")
    for path in (into / "engine_base").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r"\bengine(?=[. ])", "engine_base", text), encoding="utf-8")
    sys.path.insert(0, str(into))
    import engine_base.games

    return engine_base.games


class Table:
    """One game as the service holds it: its state, the next movers' lists
    that came with the last move, the secrets last sent."""

    def __init__(self, game: Game, seed: int):
        self.game = game
        self.start(seed)

    def start(self, seed: int) -> None:
        self.seed, self.rng = seed, random.Random(seed)
        self.state = self.game.new(PLAYERS, resolve_options(self.game, {}), seed)
        self.coming: dict[int, list[str]] = {}
        self.privates: dict[int, Any] | None = None
        self.plays = 0

    def move(self) -> None:
        game, before = self.game, self.state
        movers = game.to_move(before)
        if not movers:  # the game is over: a new one in its place
            self.start(self.seed + 1_000_000)
            return
        seat = self.rng.choice(movers)
        action = self.rng.choice(self.coming.get(seat) or game.legal(before, seat))
        after = game.play(before, seat, action)
        movers = game.to_move(after)
        self.coming = {s: game.legal(after, s) for s in movers} if game.legal_comes_with_play else {}
        game.describe(before, seat, action)
        outcome = game.outcome(after)
        public = None
        with game.reading(after):
            if outcome is not None or seat not in movers:
                public = game.view(after, None)
                orjson.dumps({"view": public})
            if game.hidden_information:
                now = {s: game.private_view(after, s) for s in range(PLAYERS)}
                for s, secrets in now.items():
                    if secrets and self.privates is not None and self.privates.get(s) != secrets:
                        public = public if public is not None else game.view(after, None)
                        orjson.dumps({"view": {**public, "seat": s, "private": secrets}})
                self.privates = now
        self.plays += 1
        if self.plays % SNAPSHOT_EVERY == 0 or outcome is not None:
            orjson.dumps(game.dump(after))
        self.state = after


def compare(name: str, base: Game, this: Game, tables: int, moves: int, warm: int) -> str:
    sides = {
        "base": [Table(base, 1000 + i) for i in range(tables)],
        "this": [Table(this, 1000 + i) for i in range(tables)],
    }
    for index in range(tables * warm):
        for side in sides.values():
            side[index % tables].move()
    spent = dict.fromkeys(sides, 0.0)
    clock = time.thread_time
    for index in range(moves):
        order = ("base", "this") if (index // tables) % 2 == 0 else ("this", "base")
        for which in order:
            started = clock()
            sides[which][index % tables].move()
            spent[which] += clock() - started
    same = all(a.game.dump(a.state) == b.game.dump(b.state) for a, b in zip(sides["base"], sides["this"], strict=True))
    old, new = (1e6 * spent[side] / moves for side in ("base", "this"))
    return (
        f"{name}: {old:.1f} -> {new:.1f} us of game CPU per committed move ({100 * (new - old) / old:+.1f}%), "
        f"same states: {same}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the commit to compare with (e.g. main's)")
    parser.add_argument("--games", default="hellenica,thebes")
    parser.add_argument("--tables", type=int, default=100, help="games played in turn (active games)")
    parser.add_argument("--moves", type=int, default=3000, help="moves measured per game kind")
    parser.add_argument("--warm", type=int, default=20, help="moves of each game before measuring")
    parser.add_argument(
        "--no-gc",
        action="store_true",
        help="collector off while measuring: its pauses land on whichever side allocates at the time, "
        "which moves a run's figure by several percent either way",
    )
    args = parser.parse_args()
    tune_garbage_collector()  # as the bot's own process does
    if args.no_gc:
        gc.disable()
    from engine.games import REGISTRY

    with tempfile.TemporaryDirectory(prefix="agora-ab-") as tmp:
        old = base_engine(args.base, Path(tmp))
        for name in args.games.split(","):
            print(compare(name, old.REGISTRY[name], REGISTRY[name], args.tables, args.moves, args.warm), flush=True)


if __name__ == "__main__":
    main()
