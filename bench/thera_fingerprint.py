"""Fingerprint of Thera behaviour, to show a refactor changed nothing.

Plays seeded games (2 to 5 players, several option sets) with a fake clock
that advances 10 ms per reading, so the bots' time budgets become fixed
work budgets; hashes to-move lists, legal lists, labels, menu paths,
views, dumps, describe lines, refusals and pictures. Run it before and after
a change and compare the printed lines:
    .venv/bin/python bench/thera_fingerprint.py
"""

import hashlib
import json

import render.thera as rt
from engine.core import IllegalAction
from engine.games.thera import GAME, bot


class FakeTime:
    now = 0.0

    def monotonic(self):
        FakeTime.now += 0.01
        return FakeTime.now


bot.time = FakeTime()


def h(x):
    return hashlib.sha256(json.dumps(x, sort_keys=True, default=repr).encode()).hexdigest()[:16]


total = hashlib.sha256()
configs = [
    (2, {}),
    (3, {}),
    (4, {"advanced": True}),
    (5, {"length": "short"}),
    (3, {"divine": "1,1,1", "wheel": "random"}),
    (2, {"two_player": False, "advanced": True}),
]
for idx, (players, opts) in enumerate(configs):
    for seed in (1, 2):
        g = hashlib.sha256()
        state = GAME.new(players, dict(opts), seed)
        steps = 0
        while GAME.outcome(state) is None and steps < 600:
            movers = GAME.to_move(state)
            rec = [movers, GAME.reaction_window(state), GAME.view(state, None), GAME.dump(state)]
            for seat in movers:
                legal = GAME.legal(state, seat)
                rec.append(legal)
                rec.append(GAME.view(state, seat))
                rec.append(GAME.private_view(state, seat))
                rec.append([GAME.label(state, seat, a) for a in legal[:30]])
                rec.append([GAME.menu_path(state, seat, a) for a in legal[:30]])
            for bad in ("fly away", "choose wizard", "water z9"):
                try:
                    GAME.play(state, movers[0], bad)
                except IllegalAction as e:
                    rec.append(str(e))
            seat = movers[0]
            level = "easy" if (steps + seed) % 3 == 0 else "normal"
            action = GAME.choose(state, seat, level, seed * 1000 + steps, 0.1)
            rec.append([seat, action, GAME.describe(state, seat, action)])
            before = GAME.dump(state)
            after = GAME.play(state, seat, action)
            assert GAME.dump(state) == before
            rec.append(GAME.reveals(state, seat, action, after))
            rec.append(GAME.dump(GAME.load(json.loads(json.dumps(GAME.dump(after))))) == GAME.dump(after))
            if steps % 25 == 0:
                png = rt.render(GAME.view(state, seat if steps % 50 else None), [f"P{i}" for i in range(players)])
                rec.append(hashlib.sha256(png).hexdigest())
            state = after
            steps += 1
            g.update(h(rec).encode())
        out = GAME.outcome(state)
        g.update(h([repr(out), GAME.dump(state)]).encode())
        png = rt.render(GAME.view(state, None), ["Ann", "Bo", "Cyril Longname", "D", "E"][:players])
        g.update(hashlib.sha256(png).digest())
        print(idx, players, opts, seed, steps, g.hexdigest()[:16], flush=True)
        total.update(g.digest())
print("TOTAL", total.hexdigest()[:16])
