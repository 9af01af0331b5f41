"""The victim of the crash-safety test: plays random moves through the real
table service and SQLite file, one game per seating and all games at once,
acknowledging every committed move on stdout, until it is killed.

    python tests/stress/crash_child.py DB SEED SEATINGS_JSON

``SEATINGS_JSON`` lists ``{"game": ..., "players": ..., "options": {...}}``;
seating ``i`` lives in channel ``i + 1``, so a restarted child finds and
continues its games (and opens a new one where the last has ended).

Lines on stdout, each flushed at once:

- ``READY``: the service is open and ``recover()`` has been called;
- ``ACK <game_id> <seq> <seat> <action>``: ``play()`` (or ``start()``, with
  seat ``-`` and action ``start``) returned, so the move is committed;
- ``SENT <notice_id> <nonce>``: the courier delivered a notice (it may not be
  marked delivered yet when the kill comes) with this nonce.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.core import AgoraError  # noqa: E402
from engine.tables import Notice, Tables  # noqa: E402

FIRST_USER = 1_000


def say(line: str) -> None:
    print(line, flush=True)


class FlakyCourier:
    """Fails a third of deliveries, like a Discord outage, so the outbox always
    holds notices waiting for the next flush."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    async def deliver(self, notice: Notice) -> None:
        await asyncio.sleep(0)
        if self.rng.random() < 0.33:
            raise ConnectionError("Discord is unreachable")
        say(f"SENT {notice.id} {notice.nonce}")


async def current_game(tables: Tables, channel: int, seating: dict, rng: random.Random) -> int:
    """The channel's active game, finishing the set-up a kill interrupted, or a
    new one."""
    record = await tables.in_channel(channel)
    if record is None:
        record = await tables.create(
            channel_id=channel,
            user_id=FIRST_USER,
            name="p0",
            game=seating["game"],
            options=seating["options"],
            seed=rng.randrange(1 << 62),
        )
    if record.status == "lobby":
        for seat in range(len(record.seats), seating["players"]):
            await tables.join(record.id, FIRST_USER + seat, f"p{seat}")
        await tables.start(record.id, FIRST_USER)
        say(f"ACK {record.id} 0 - start")
    return record.id


async def keep_playing(tables: Tables, channel: int, seating: dict, seed: int) -> None:
    rng = random.Random(seed * 1000 + channel)
    while True:
        game_id = await current_game(tables, channel, seating, rng)
        while (await tables.record(game_id)).status == "active":
            live = await tables._live(game_id)
            seat = rng.choice(live.game.to_move(live.state))
            action = rng.choice(live.game.legal(live.state, seat))
            try:
                result = await tables.play(game_id, FIRST_USER + seat, action)
            except AgoraError as error:  # a legal action refused is a bug: make it visible
                say(f"REFUSED {game_id} {seat} {action} {error}")
                raise
            say(f"ACK {game_id} {result.seq} {seat} {result.action}")


async def main(db: str, seed: int, seatings: list[dict]) -> None:
    tables = await Tables.open(db, courier=FlakyCourier(seed), run_bots=False)
    await tables.recover()
    say("READY")
    await asyncio.gather(
        *(keep_playing(tables, channel, seating, seed) for channel, seating in enumerate(seatings, start=1))
    )


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])))
