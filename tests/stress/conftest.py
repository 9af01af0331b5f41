"""Shared ground for the stress tests (issue 11): which games and seatings to
cover, seeded random play, a table service with every seat human, and a
fingerprint of everything a refused request must leave untouched.

Every test here iterates ``engine.games.REGISTRY``, so a new game is covered
without any change. Two environment knobs:

- ``AGORA_STRESS_GAMES=santorini,thebes`` restricts the run to those games
  (for developing while another game package is half-written);
- ``AGORA_STRESS_SCALE=10`` multiplies every step budget (default 1, sized so
  the whole directory stays near 90 s on the 2-core CI machine).

Helpers are imported by the tests as ``from tests.stress.conftest import ...``,
the way the platform tests import ``tests.conftest``.
"""

from __future__ import annotations

import contextlib
import os
import random
import resource
import sqlite3
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.core import Game, IllegalAction, canonical_json
from engine.games import REGISTRY
from engine.tables import Tables

MAX_ACTIONS_PER_GAME = 50_000
"""A random game that has not ended after this many actions is reported as
not terminating (the longest seen, Hellenica with 7 players, take ~9,000)."""

FIRST_USER = 1_000
"""Seat ``n`` of a stress table is played by user ``FIRST_USER + n``."""


# ---------------------------------------------------------------------------
# Which games, which seatings, how much


def stress_games() -> list[Game]:
    """The registry's games, or those named in ``AGORA_STRESS_GAMES``."""
    wanted = os.environ.get("AGORA_STRESS_GAMES", "").strip()
    if not wanted:
        return list(REGISTRY.values())
    names = [n.strip().lower() for n in wanted.split(",") if n.strip()]
    unknown = [n for n in names if n not in REGISTRY]
    if unknown:
        raise pytest.UsageError(f"AGORA_STRESS_GAMES names unknown games: {unknown}; known: {list(REGISTRY)}")
    return [REGISTRY[n] for n in names]


def scaled(steps: int) -> int:
    """A step budget multiplied by ``AGORA_STRESS_SCALE``."""
    return max(1, int(steps * float(os.environ.get("AGORA_STRESS_SCALE", "1"))))


def has_hidden_information(game: Game) -> bool:
    return bool(getattr(game, "hidden_information", True))


@dataclass(frozen=True)
class Seating:
    """A way to start a game: a player count and the options it needs."""

    game: Game
    players: int
    options: dict[str, Any]

    @property
    def id(self) -> str:
        extra = "".join(f",{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game.name}-{self.players}p{extra}"


def options_for(game: Game, players: int) -> dict[str, Any] | None:
    """The options to start ``game`` with ``players``: the defaults if they
    work, else the first single-option change that does (Santorini's four
    players need ``mode=teams``); None if no such seating exists.

    Any other error from ``new`` means the defaults: the game's own tests then
    fail with it, instead of the collection of every test here."""
    candidates: list[dict[str, Any]] = [{}]
    for name, option in game.options.items():
        values = (
            option.choices if option.choices is not None else ((not option.default,) if option.kind is bool else ())
        )
        candidates.extend({name: value} for value in values if value != option.default)
    for options in candidates:
        try:
            game.new(players, dict(options), 1)
        except IllegalAction:
            continue
        except Exception:  # noqa: BLE001 — reported by the tests that use this seating
            return {}
        return options
    return None


def seatings(game: Game) -> list[Seating]:
    """One seating per player count the game accepts."""
    found = []
    for players in range(game.min_players, game.max_players + 1):
        options = options_for(game, players)
        if options is not None:
            found.append(Seating(game, players, options))
    return found


def known_bug(reasons: dict[str, str], name: str) -> tuple:
    """The strict xfail mark for a game with a known, reported bug."""
    reason = reasons.get(name)
    return (pytest.mark.xfail(strict=True, reason=reason),) if reason else ()


def seating_params(hidden_only: bool = False, known_bugs: dict[str, str] | None = None) -> list[Any]:
    """``pytest.param`` per (game, player count), with readable ids; seatings
    whose id is in ``known_bugs`` are expected to fail, strictly."""
    return [
        pytest.param(s, id=s.id, marks=known_bug(known_bugs or {}, s.id))
        for game in stress_games()
        if not hidden_only or has_hidden_information(game)
        for s in seatings(game)
    ]


def game_params(hidden_only: bool = False, known_bugs: dict[str, str] | None = None) -> list[Any]:
    """``pytest.param`` per game; games named in ``known_bugs`` (name -> "BUG:
    ..." reason) are expected to fail, strictly, until fixed."""
    return [
        pytest.param(g, id=g.name, marks=known_bug(known_bugs or {}, g.name))
        for g in stress_games()
        if not hidden_only or has_hidden_information(g)
    ]


# ---------------------------------------------------------------------------
# Seeded random play on the pure engine


@dataclass
class Step:
    before: Any
    seat: int
    action: str
    after: Any


def random_steps(seating: Seating, seed: int, limit: int = MAX_ACTIONS_PER_GAME) -> Iterator[Step]:
    """A seeded random game: any seat that may act, any legal action, until
    the game ends (a game still running after ``limit`` actions fails)."""
    game, rng = seating.game, random.Random(seed)
    state = game.new(seating.players, dict(seating.options), seed)
    for _ in range(limit):
        movers = game.to_move(state)
        if not movers:
            return
        seat = rng.choice(movers)
        legal = game.legal(state, seat)
        assert legal, f"{game.name}: seat {seat} is to move but has no legal action"
        action = rng.choice(legal)
        after = game.play(state, seat, action)
        yield Step(state, seat, action, after)
        state = after
    raise AssertionError(f"{seating.id} seed {seed}: no end after {limit} random actions")


TAIL_STEPS = 25
"""How many final steps of each whole random game are kept for the secrecy
checks of game ends."""


@dataclass
class RandomGame:
    """A whole seeded random game: its actions, final state and last steps."""

    seating: Seating
    seed: int
    actions: list[tuple[int, str]]
    final: Any
    tail: list[Step] = field(default_factory=list)


_FINISHED: dict[tuple[str, int], RandomGame] = {}


def play_random_game(seating: Seating, seed: int, on_step: Callable[[int, Step], None] | None = None) -> RandomGame:
    """Play a whole seeded random game, calling ``on_step(index, step)`` on each
    step. The result is remembered for ``finished_random_game``, so a second
    test that needs the same game's end does not play it again."""
    state = seating.game.new(seating.players, dict(seating.options), seed)
    actions: list[tuple[int, str]] = []
    tail: deque[Step] = deque(maxlen=TAIL_STEPS)
    for index, step in enumerate(random_steps(seating, seed)):
        if on_step is not None:
            on_step(index, step)
        actions.append((step.seat, step.action))
        tail.append(step)
        state = step.after
    played = RandomGame(seating, seed, actions, state, list(tail))
    _FINISHED[(seating.id, seed)] = played
    return played


def finished_random_game(seating: Seating, seed: int) -> RandomGame:
    """The whole random game, from the session's memory when already played."""
    return _FINISHED.get((seating.id, seed)) or play_random_game(seating, seed)


def random_state(seating: Seating, seed: int, steps: int) -> Any:
    """The state after at most ``steps`` random actions (a mid-game position)."""
    state = seating.game.new(seating.players, dict(seating.options), seed)
    for step, played in enumerate(random_steps(seating, seed)):
        state = played.after
        if step + 1 >= steps:
            break
    return state


def dumped(game: Game, state: Any) -> str:
    return canonical_json(game.dump(state))


@contextlib.contextmanager
def memory_ceiling(headroom: int = 256 << 20) -> Iterator[None]:
    """Cap this process's address space at its current size plus ``headroom``
    for the duration, so input that makes a game allocate without bound
    fails as a MemoryError instead of exhausting a shared machine."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm") as statm:
        current = int(statm.read().split()[0]) * resource.getpagesize()
    ceiling = current + headroom if hard == resource.RLIM_INFINITY else min(hard, current + headroom)
    resource.setrlimit(resource.RLIMIT_AS, (ceiling, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


# ---------------------------------------------------------------------------
# A table in the service, every seat a human the test plays for


def user_of(seat: int) -> int:
    return FIRST_USER + seat


@dataclass
class TableGame:
    """A started game in a ``Tables`` service, seen from the test's side."""

    tables: Tables
    game_id: int
    game: Game
    players: int

    @property
    def users(self) -> list[int]:
        return [user_of(seat) for seat in range(self.players)]

    async def state(self) -> Any:
        return (await self.tables._live(self.game_id)).state

    async def movers(self) -> list[int]:
        return await self.tables.waiting_seats(self.game_id)

    async def random_move(self, rng: random.Random) -> tuple[int, str]:
        """Pick (seat, action) the way a random player would, without playing it."""
        state = await self.state()
        seat = rng.choice(self.game.to_move(state))
        return seat, rng.choice(self.game.legal(state, seat))


async def open_table(tables: Tables, seating: Seating, seed: int, channel_id: int) -> TableGame:
    """Create, seat and start ``seating`` in ``channel_id``."""
    record = await tables.create(
        channel_id=channel_id, user_id=user_of(0), name="p0", game=seating.game.name, options=seating.options, seed=seed
    )
    for seat in range(1, seating.players):
        await tables.join(record.id, user_of(seat), f"p{seat}")
    await tables.start(record.id, user_of(0))
    return TableGame(tables, record.id, seating.game, seating.players)


# ---------------------------------------------------------------------------
# What a refused request must leave untouched


def stored_rows(path: str, game_id: int) -> dict[str, list[tuple]]:
    """Every row of every table that belongs to ``game_id``, read through a
    separate connection (so only committed data counts). Tables are found in
    the schema, so a table added by a later migration is covered too."""
    db = sqlite3.connect(path)
    try:
        rows: dict[str, list[tuple]] = {}
        names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        for name in names:
            columns = [c[1] for c in db.execute(f"PRAGMA table_info({name})")]
            key = "id" if name == "games" else "game_id" if "game_id" in columns else None
            if key is not None:
                rows[name] = db.execute(f"SELECT * FROM {name} WHERE {key} = ? ORDER BY rowid", (game_id,)).fetchall()
        return rows
    finally:
        db.close()


async def fingerprint(tables: Tables, game_id: int) -> dict[str, Any]:
    """What is stored for a game, plus the service's cached state: a refused
    request must change neither (a game that mutated its input state while
    refusing would leave the cache ahead of the database)."""
    await tables.settle()
    live = tables._cache.get(game_id)
    cached = None if live is None or live.state is None else dumped(live.game, live.state)
    return {"rows": stored_rows(tables.store.path, game_id), "cached_state": cached}


async def stored_state_matches_cache(tables: Tables, game_id: int) -> bool:
    """What a process loading the game from the store would hold (its last
    snapshot and the plays logged after it) is the state the cache holds."""
    live = await tables._live(game_id)
    record = await tables.store.game(game_id)
    if record is None:
        return False
    loaded, from_snapshot = await tables._load_state(record, live.game)
    return from_snapshot and dumped(live.game, loaded) == dumped(live.game, live.state)


@pytest.fixture
async def quiet_tables(tmp_path, courier, clock):
    """A service over a real SQLite file with bots switched off: the test
    plays every seat."""
    service = await Tables.open(str(tmp_path / "agora.sqlite3"), courier=courier, clock=clock, run_bots=False)
    yield service
    await service.close()
