"""Fingerprint of a game's behaviour, to show a speed-up changed nothing.

    python bench/engine_fingerprint.py [--games thebes,thessaloniki] [--seeds 4] [--steps 400]

Plays seeded random games (every player count the game allows, a few seeds
each; the mover and its action drawn from a ``random.Random`` of the seed,
so no bot is involved) and hashes, at every step: the seats to move, each
mover's legal list (in order), every seat's view and the public one, the
private views, the dump and its ``load`` round trip, the outcome, labels and
menu paths of the first legal actions, the move's ``describe`` line (asked
right after ``play``, as the table does, and again on its own later), the
refusals of a few malformed actions, and ``reveals``. Prints one line per
game and seed and a total per game; run it on the old code and the new and
compare. The old code runs from a copy of the ``engine`` package taken
before the change (``cp -r engine /tmp/old/engine``, or the files of a
commit written there with ``git show``), put first on the path::

    PYTHONPATH=/tmp/old .venv/bin/python bench/engine_fingerprint.py > old.txt
    .venv/bin/python bench/engine_fingerprint.py > new.txt
    diff old.txt new.txt     # only the first line (where engine came from) differs

(the script prints where ``engine`` was imported from, to make sure).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from typing import Any

import engine
from engine.core import Game, IllegalAction, StateError
from engine.games import REGISTRY

BAD_ACTIONS = ("fly away", "dig nowhere 9 9", "buy 99", "", "pass pass pass")


def digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=repr).encode()).hexdigest()[:16]


def refusal(game: Game, state: Any, seat: int, action: str) -> str:
    try:
        game.play(state, seat, action)
    except (IllegalAction, StateError) as error:
        return f"{type(error).__name__}: {error}"
    return "accepted"


def step_record(game: Game, state: Any, players: int, rng: random.Random) -> tuple[list[Any], int, str] | None:
    """What one position shows, and the move chosen there (None at the end)."""
    movers = game.to_move(state)
    record: list[Any] = [movers, game.reaction_window(state), game.view(state, None), game.dump(state)]
    record.append(repr(game.outcome(state)))
    for seat in range(players):
        record.append(game.view(state, seat))
        record.append(game.private_view(state, seat))
        record.append(game.legal(state, seat) if seat not in movers else None)
    legal_of = {}
    for seat in movers:
        legal = game.legal(state, seat)
        legal_of[seat] = legal
        record.append(legal)
        record.append([game.label(state, seat, a) for a in legal[:40]])
        record.append([game.menu_path(state, seat, a) for a in legal[:40]])
        record.append([refusal(game, state, seat, bad) for bad in BAD_ACTIONS])
    reloaded = game.load(json.loads(json.dumps(game.dump(state))))
    record.append(game.dump(reloaded) == game.dump(state))
    choices = [seat for seat in movers if legal_of[seat]]
    if not choices:
        return None
    seat = rng.choice(choices)
    return record, seat, rng.choice(legal_of[seat])


def fingerprint(game: Game, players: int, seed: int, steps: int) -> tuple[int, str]:
    rng = random.Random(seed * 7919 + players)
    state = game.new(players, {}, seed)
    total = hashlib.sha256()
    done = 0
    while done < steps:
        step = step_record(game, state, players, rng)
        if step is None:
            break
        record, seat, action = step
        before = game.dump(state)
        after = game.play(state, seat, action)
        record.append([seat, action, game.describe(state, seat, action)])
        record.append(game.dump(state) == before)
        record.append(game.reveals(state, seat, action, after))
        if done % 3 == 0 and seat in game.to_move(after):
            # describe of a move that was not the latest one played
            record.append(game.describe(after, seat, game.legal(after, seat)[0]) if game.legal(after, seat) else "")
        record.append(game.describe(state, seat, action))
        total.update(digest(record).encode())
        state = after
        done += 1
    total.update(digest([repr(game.outcome(state)), game.dump(state), game.view(state, None)]).encode())
    return done, total.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="thebes,thessaloniki")
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--steps", type=int, default=400, help="moves per game at most")
    args = parser.parse_args()
    print("engine from", engine.__file__)
    for name in args.games.split(","):
        game = REGISTRY[name]
        per_game = hashlib.sha256()
        for players in range(game.min_players, game.max_players + 1):
            for seed in range(1, args.seeds + 1):
                try:
                    moves, value = fingerprint(game, players, seed, args.steps)
                except IllegalAction as error:
                    moves, value = 0, f"refused: {error}"
                print(name, players, seed, moves, value, flush=True)
                per_game.update(value.encode())
        print("TOTAL", name, per_game.hexdigest()[:16], flush=True)


if __name__ == "__main__":
    main()
