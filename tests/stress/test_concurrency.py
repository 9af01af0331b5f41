"""Concurrency in one process: bursts of simultaneous ``/play`` calls on one
game, and many games played at once through a cache too small to hold them.

For a burst, every caller gets an answer (a result or an ``AgoraError`` with a
message, nothing else); the log grows by exactly the calls that succeeded,
each at its own sequence number; each success's returned board is the board
after exactly its own move (no half-applied or interleaved move); replaying
the log gives the snapshot, and the cache agrees with the database.
"""

from __future__ import annotations

import asyncio
import random
import threading
from typing import Any

import pytest

from engine.core import AgoraError, BaseGame, IllegalAction, Outcome, StateError, replay
from engine.tables import PlayResult, Tables
from tests.stress.conftest import (
    TableGame,
    game_params,
    open_table,
    seatings,
    stored_state_matches_cache,
    stress_games,
    user_of,
)

OUTSIDER = 99
BURSTS = 3


async def burst(table: TableGame, rng: random.Random) -> list[tuple[int, str]]:
    """Calls that arrive together: each mover's actions, several times over
    (double clicks), movers' actions from seats that may not act, an outsider."""
    game, state = table.game, await table.state()
    movers = game.to_move(state)
    calls: list[tuple[int, str]] = []
    for seat in movers:
        actions = game.legal(state, seat)
        for action in rng.sample(actions, min(6, len(actions))):
            calls.extend([(user_of(seat), action)] * rng.randint(1, 3))
    idle = [s for s in range(table.players) if s not in movers]
    for user, action in list(calls)[:6]:
        calls.append((user_of(rng.choice(idle)) if idle else OUTSIDER, action))
        calls.append((OUTSIDER, action))
    rng.shuffle(calls)
    return calls


@pytest.mark.parametrize("game", game_params())
async def test_simultaneous_plays_on_one_game(game, quiet_tables):
    rng = random.Random(21)
    seating = seatings(game)[0]
    table = await open_table(quiet_tables, seating, seed=21, channel_id=1)
    record = await quiet_tables.store.game(table.game_id)
    for _ in range(BURSTS):
        seq_before = (await quiet_tables.record(table.game_id)).seq
        calls = await burst(table, rng)
        answers = await asyncio.gather(
            *(quiet_tables.play(table.game_id, user, action) for user, action in calls), return_exceptions=True
        )
        assert len(answers) == len(calls)
        for (user, action), answer in zip(calls, answers):
            if not isinstance(answer, PlayResult):
                assert isinstance(answer, AgoraError) and str(answer).strip(), (
                    f"user {user} playing {action!r} got {type(answer).__name__}: {answer}"
                )
        done = sorted((a for a in answers if isinstance(a, PlayResult)), key=lambda r: r.seq)
        assert [r.seq for r in done] == list(range(seq_before + 1, seq_before + 1 + len(done))), (
            "the successful calls do not hold one sequence number each"
        )
        rows = await quiet_tables.store.actions(table.game_id)
        assert len(rows) == seq_before + 1 + len(done), "the log does not hold exactly the successful calls"
        history = [(row.seat, row.action) for row in rows if row.kind == "play"]
        for result in done:
            row = rows[result.seq]
            assert (row.seat, row.action) == (result.seat, result.action)
            after = replay(game, seating.players, record.options, record.seed, history[: result.seq])
            assert result.view == game.view(after, None), f"call at seq {result.seq} saw another move's board"
        assert await quiet_tables.verify(table.game_id) and await stored_state_matches_cache(
            quiet_tables, table.game_id
        )
        if (await quiet_tables.record(table.game_id)).status != "active":
            break


async def test_many_games_at_once_through_a_small_cache(tmp_path, courier, clock):
    """Every seating of every game, played together by one random
    player per game while readers list moves, boards and logs of all games;
    the cache holds only a few games, so they are evicted and reloaded under
    the players' feet. Every move succeeds and every game stays consistent."""
    tables = await Tables.open(
        str(tmp_path / "many.sqlite3"), courier=courier, clock=clock, run_bots=False, cache_size=3
    )
    try:
        games = [
            await open_table(tables, seating, seed=index, channel_id=index + 1)
            for index, seating in enumerate(s for g in stress_games() for s in seatings(g))
        ]
        stop = asyncio.Event()

        async def player(table: TableGame, moves: int) -> None:
            rng = random.Random(table.game_id)
            for _ in range(moves):
                if (await tables.record(table.game_id)).status != "active":
                    return
                seat, action = await table.random_move(rng)
                await tables.play(table.game_id, user_of(seat), action)

        async def reader(seed: int) -> None:
            rng = random.Random(seed)
            while not stop.is_set():
                table = rng.choice(games)
                await tables.legal(table.game_id, user_of(0))
                await tables.public_view(table.game_id)
                await tables.status(table.game_id)
                await tables.history(table.game_id)
                await asyncio.sleep(0)

        readers = [asyncio.create_task(reader(seed)) for seed in range(4)]
        await asyncio.gather(*(player(table, 12) for table in games))
        stop.set()
        await asyncio.gather(*readers)
        await tables.settle()
        for table in games:
            assert await tables.verify(table.game_id) and await stored_state_matches_cache(tables, table.game_id)
    finally:
        await tables.close()


# ---------------------------------------------------------------------------
# A game evicted from the cache while a bot is thinking


class Guess(BaseGame):
    """The smallest game with a simultaneous step: both seats secretly pick a
    number, three rounds. Its bot waits for ``release`` before answering, so
    a test can act while the bot is thinking."""

    name, title, min_players, max_players = "guess", "Guess", 2, 2
    options: dict = {}

    def __init__(self) -> None:
        self.release = threading.Event()

    def new(self, players: int, options: dict, seed: int) -> dict:
        return {"round": 0, "picks": [None, None]}

    def to_move(self, state: dict) -> list[int]:
        return [] if state["round"] == 3 else [s for s in (0, 1) if state["picks"][s] is None]

    def legal(self, state: dict, seat: int) -> list[str]:
        return ["pick 1", "pick 2"] if seat in self.to_move(state) else []

    def play(self, state: dict, seat: int, action: str) -> dict:
        self.require_turn(state, seat)
        if action not in self.legal(state, seat):
            raise IllegalAction(f"`{action}` is not a pick; pick 1 or pick 2.")
        picks = list(state["picks"])
        picks[seat] = action
        if None in picks:
            return {"round": state["round"], "picks": picks}
        return {"round": state["round"] + 1, "picks": [None, None]}

    def view(self, state: dict, seat: int | None) -> dict[str, Any]:
        public = {"game": self.name, "round": state["round"], "picked": [p is not None for p in state["picks"]]}
        return public if seat is None else {**public, "seat": seat, "private": {"pick": state["picks"][seat]}}

    def outcome(self, state: dict) -> Outcome | None:
        return Outcome((0.5, 0.5), (0, 1), "three rounds played") if state["round"] == 3 else None

    def dump(self, state: dict) -> dict:
        return dict(state)

    def load(self, data: Any) -> dict:
        if not isinstance(data, dict) or set(data) != {"round", "picks"}:
            raise StateError("not a Guess state")
        return dict(data)

    def describe(self, state: dict, seat: int, action: str) -> str:
        return f"{self.seat_name(state, seat)} picks secretly"

    def choose(self, state: dict, seat: int, level: str, seed: int, budget: float = 2.0) -> str:
        assert self.release.wait(timeout=10), "the test never released the bot"
        return "pick 1"


async def waiting_after_bot_and_human_pick(tmp_path, cache_size: int) -> list[int]:
    """A human and a thinking bot in a simultaneous step; meanwhile another
    game's lobby is opened (with ``cache_size=1`` this evicts the first game)
    and the human picks. Returns the seats the first game waits for once the
    bot has answered and everything has settled: the bot picks every round as
    soon as it may, so only the human (seat 0) should be awaited."""
    guess = Guess()
    tables = await Tables.open(str(tmp_path / "guess.sqlite3"), registry={"guess": guess}, cache_size=cache_size)
    try:
        record = await tables.create(channel_id=1, user_id=1, name="alice", game="guess", seed=1)
        await tables.add_bot(record.id, 1, "random")
        await tables.start(record.id, 1)  # the bot starts thinking, holding the cached game
        await tables.create(channel_id=2, user_id=2, name="bob", game="guess", seed=2)
        await tables.play(record.id, 1, "pick 2")
        guess.release.set()
        await tables.settle()
        fresh = await Tables.open(tables.store.path, registry={"guess": guess}, run_bots=False)
        try:  # read back from the database, not from the service's cache
            return await fresh.waiting_seats(record.id)
        finally:
            await fresh.close()
    finally:
        guess.release.set()
        await tables.close()


async def test_a_bot_answers_a_simultaneous_step_while_a_human_acts(tmp_path):
    assert await waiting_after_bot_and_human_pick(tmp_path, cache_size=100) == [0]


async def test_a_bot_answers_even_when_its_game_was_evicted_meanwhile(tmp_path):
    assert await waiting_after_bot_and_human_pick(tmp_path, cache_size=1) == [0]
