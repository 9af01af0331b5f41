"""Hashes of Hellenica's pictures over seeded random games, to show a view change draws the same.

    .venv/bin/python bench/hellenica_pictures.py                                # this tree
    PYTHONPATH=/work/base-x .venv/bin/python bench/hellenica_pictures.py        # another worktree's code

Plays one seeded random game per option set (the classic map, the
explorable, buildable and random maps, AI players) and hashes, every
``--every`` moves and at the end, the PNG of the public view, the PNG of a
seat's view and that seat's hand text, as the channel, the replays, the
animated summary and the terminal draw them (``render_view``,
``hand_text``). Run it here and, with ``PYTHONPATH`` naming another
worktree, on that tree's code: the lines must be identical.
"""

from __future__ import annotations

import argparse
import hashlib
import random

CONFIGS = [
    (3, {}),
    (4, {"map": "explorable", "pathos": "random"}),
    (3, {"map": "buildable", "quick": True}),
    (4, {"ai_seats": [1, 3], "rivals": True}),
    (5, {"map": "random", "patrons": "all"}),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=15, help="moves between two pictures")
    parser.add_argument("--moves", type=int, default=500, help="moves per game at most")
    args = parser.parse_args()
    from engine.games.hellenica import GAME
    from render import hand_text, render_view

    total = hashlib.sha256()
    for index, (players, options) in enumerate(CONFIGS):
        state = GAME.new(players, dict(options), 7 + index)
        rng = random.Random(index)
        digest = hashlib.sha256()
        names = [f"P{i}" for i in range(players)]
        step = 0
        for step in range(args.moves):
            movers = GAME.to_move(state)
            if step % args.every == 0 or not movers:
                digest.update(render_view(GAME.view(state, None), names))
                seat_view = GAME.view(state, step % players)
                digest.update(render_view(seat_view, names))
                digest.update(hand_text(seat_view, names).encode())
            if not movers:
                break
            seat = rng.choice(movers)
            state = GAME.play(state, seat, rng.choice(GAME.legal(state, seat)))
        print(index, players, options, step, digest.hexdigest()[:16], flush=True)
        total.update(digest.digest())
    print("TOTAL", total.hexdigest()[:16])


if __name__ == "__main__":
    main()
