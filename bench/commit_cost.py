"""Where the CPU of a committed move goes, per game, without the database.

    python bench/commit_cost.py [--games hellenica,thera] [--moves 600] [--seed 1]

The table service spends a move's time in two places: the database (one
transaction, measured by ``bench/service.py``) and the game's own calls,
which this script times one by one, in the order ``Tables.play`` makes them,
on the positions of seeded random games (several games, until ``--moves``):

- ``pick``: what the benchmark's player does first (``to_move`` and
  ``legal``, as ``bench/service.py`` picks a move);
- ``play``: ``to_move``, ``play`` and ``describe`` (the move is checked
  against the pick's ``legal`` list, which the table keeps per state);
- ``after``: ``to_move`` and ``outcome`` of the new state, and the reminders'
  ``to_move`` of the old one;
- ``channel``: the channel post (with its public view) when the turn ends,
  and its JSON text;
- ``private``: the DMs (``engine.tables.notices.private_notices``) and their
  JSON text;
- ``dump``: ``dump`` and its JSON text, when the store writes it (a
  snapshot every ``SNAPSHOT_EVERY`` plays: ``needs_snapshot``).

``--first 3 --depth 3`` counts what ``bench/service.py --quick`` counts at
100 games: each game's moves 4 to 6 (its first moves, set-up mostly).

Figures are milliseconds of CPU per move (means), for comparing before and
after a change; the service's moves per second follow from them plus the
database's share.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import random
import time
from collections.abc import Callable
from typing import Any

from common import bench_players, print_table

from engine.core import Game
from engine.games import REGISTRY
from engine.runtime import tune_garbage_collector
from engine.store.rows import dumps
from engine.tables.commits import needs_snapshot
from engine.tables.model import Live
from engine.tables.notices import channel_notice, private_notices
from tests.detached import detached_table

PARTS = ("pick", "play", "after", "channel", "private", "dump")
COUNTS = ("notices", "bytes", "views")
"""Not times: the notices a move writes to the outbox, the JSON text
(snapshot and notices) it writes in all, and the views (public or a seat's)
it works out; each notice is also read back and
marked delivered by the outbox, so they cost the database as much as CPU."""


class CountedViews:
    """The game, with its ``view`` calls counted (``views`` per move is
    exact where timings on a shared machine are not)."""

    def __init__(self, game: Game, spent: dict[str, float]):
        self._game, self._spent = game, spent

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        self._spent["views"] += 1
        return self._game.view(state, seat)


def timed(spent: dict[str, float], part: str, work: Callable[[], Any]) -> Any:
    started = time.process_time()
    result = work()
    spent[part] += time.process_time() - started
    return result


def one_move(live: Live, rng: random.Random, spent: dict[str, float]) -> bool:
    """One move of a random player through the table's calls; False at the end."""
    game, before = live.game, live.state
    movers = timed(spent, "pick", lambda: game.to_move(before))
    if not movers:
        return False
    seat = rng.choice(movers)
    action = rng.choice(timed(spent, "pick", lambda: game.legal(before, seat)))

    def play() -> Any:
        # The check against the legal actions reuses the pick's list: the
        # table works a state's list out once (``legal_now``).
        game.to_move(before)
        after = game.play(before, seat, action)
        game.describe(before, seat, action)
        return after

    after = timed(spent, "play", play)

    def settle() -> tuple[list[int], Any]:
        now_movers = game.to_move(after)
        game.to_move(before)  # the reminders compare who waited before
        return now_movers, game.outcome(after)

    now_movers, outcome = timed(spent, "after", settle)
    live.record.seq += 1
    if outcome is not None or seat not in now_movers:
        text = timed(
            spent,
            "channel",
            lambda: dumps(channel_notice(live, after, now_movers, ["a move"], 1, outcome, False).payload),
        )
        spent["notices"] += 1
        spent["bytes"] += len(text)

    def notify() -> tuple[dict[int, Any], list[str]]:
        dms, privates = private_notices(live, before, after, False)
        return privates, [dumps(dm.payload) for dm in dms]

    privates, texts = timed(spent, "private", notify)
    spent["notices"] += len(texts)
    spent["bytes"] += sum(len(t) for t in texts)
    if needs_snapshot("play", live.record.seq, outcome is not None):
        spent["bytes"] += len(timed(spent, "dump", lambda: dumps(game.dump(after))))
    live.state, live.privates, live.privates_of, live.public = after, privates, after, None
    timed(spent, "after", lambda: game.to_move(after))  # the answer to the player says whether the turn is over
    return outcome is None


def measure(name: str, moves: int, seed: int, first: int, depth: int | None) -> tuple[int, dict[str, float]]:
    """CPU per part over ``moves`` moves: moves ``first`` to ``first + depth``
    of each game (to its end when ``depth`` is None), in as many games as it takes."""
    game = REGISTRY[name]
    players, options = bench_players(game)
    spent = dict.fromkeys((*PARTS, *COUNTS), 0.0)
    ignored = dict.fromkeys((*PARTS, *COUNTS), 0.0)
    rng = random.Random(seed)
    done = 0
    gc.collect()  # a full collection of what came before is nobody's move
    while done < moves:
        live = detached_table(game, players, rng.randrange(1 << 62), options)
        played = 0
        counted_spent, counted_ignored = CountedViews(game, spent), CountedViews(game, ignored)
        while done < moves and (depth is None or played < first + depth):
            counted = played >= first
            live.game = counted_spent if counted else counted_ignored  # type: ignore[assignment]
            if not one_move(live, rng, spent if counted else ignored):
                break
            played += 1
            done += counted
    return done, spent


def main() -> None:
    tune_garbage_collector()  # as the bot's own process does (``engine.runtime``)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", help="comma-separated games (default: every game)")
    parser.add_argument("--moves", type=int, default=600, help="moves per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="moves of each game played before counting (the service's per-game run counts moves 3 to 6)",
    )
    parser.add_argument("--profile", type=int, metavar="N", help="instead: cProfile's N costliest functions per game")
    parser.add_argument("--depth", type=int, help="moves counted per game (default: to the end of the game)")
    args = parser.parse_args()
    names = args.games.split(",") if args.games else list(REGISTRY)
    if args.profile:
        for name in names:
            profiler = cProfile.Profile()
            profiler.runcall(measure, name, args.moves, args.seed, args.first, args.depth)
            print(f"\n=== {name}")
            pstats.Stats(profiler).sort_stats("tottime").print_stats(args.profile)
        return
    rows = []
    for name in names:
        done, spent = measure(name, args.moves, args.seed, args.first, args.depth)
        per_move = {part: 1000 * spent[part] / done for part in PARTS}
        rows.append(
            [name, str(done)]
            + [f"{per_move[p]:.3f}" for p in PARTS]
            + [
                f"{sum(per_move.values()):.3f}",
                f"{spent['notices'] / done:.2f}",
                f"{spent['bytes'] / done / 1024:.1f}",
                f"{spent['views'] / done:.2f}",
            ]
        )
    print_table(
        "CPU per committed move, without the database (ms, mean)",
        ["game", "moves", *PARTS, "total", "notices", "KB written", "views"],
        rows,
        ["process CPU time: other processes on the machine hardly change it, caches and turbo do"],
    )


if __name__ == "__main__":
    main()
