"""Thessaloniki at a table: a human and a bot play a whole game through the
service; the hand travels privately; the Port's sell window asks the other
player, who gets reminded."""

from __future__ import annotations

import random

from engine.games.thessaloniki import GAME, steps

ALICE = 11


async def test_a_whole_game_with_a_bot(tables, courier):
    record = await tables.create(channel_id=5, user_id=ALICE, name="alice", game="thessaloniki", seed=21)
    await tables.add_bot(record.id, ALICE, "easy")
    await tables.start(record.id, ALICE)
    await tables.settle()
    rng = random.Random(3)
    for _ in range(3000):
        record = await tables.record(record.id)
        if record.status != "active":
            break
        if 0 not in await tables.waiting_seats(record.id):
            await tables.settle()
            continue
        actions = [a for a, _ in await tables.legal_for_seat(record.id, 0)]
        busy = [a for a in actions if a not in ("pass", "done")]
        await tables.play(record.id, ALICE, rng.choice(busy) if busy and rng.random() < 0.8 else rng.choice(actions))
        await tables.settle()
    assert record.status == "finished"
    assert await tables.verify(record.id)
    private = [n for n in courier.delivered if n.kind == "private"]
    assert private and all(n.user_id == ALICE for n in private)
    assert any(card["id"] for n in private for card in n.payload["view"]["private"]["hand"])
    for notice in courier.delivered:
        if notice.kind == "channel" and notice.payload.get("view"):
            assert "private" not in notice.payload["view"]


BOB = 12


async def _sell_window_for_bob(tables, channel_id, options=None):
    """Alice (Red) and Bob (Green) draft; Red acts in the Port with Bob
    holding 2 wine, and spends her first ⚡: the sell window opens for Bob."""
    record = await tables.create(
        channel_id=channel_id, user_id=ALICE, name="alice", game="thessaloniki", seed=4, options=options
    )
    await tables.join(record.id, BOB, "bob")
    await tables.start(record.id, ALICE)
    live = await tables._live(record.id)
    for seat, user in ((1, BOB), (0, ALICE)):
        await tables.play(record.id, user, GAME.legal(live.state, seat)[0])
    _port_turn_for_red(live.state)
    await tables.play(record.id, ALICE, f"take {live.state['offer'][4]}")
    assert await tables.waiting_seats(record.id) == [1]
    return record, live


async def test_sell_window_waits_for_the_other_player(tables, courier, clock):
    record, _ = await _sell_window_for_bob(tables, 6)
    assert "sell 2 wine ship2" in [a for a, _ in await tables.legal_for_seat(record.id, 1)]
    await tables.settle()
    ping = [n for n in courier.delivered if n.kind == "channel"][-1]
    assert ping.payload["mentions"] == [BOB]  # the window opens with a ping for Bob
    await tables.play(record.id, BOB, "pass")
    assert await tables.waiting_seats(record.id) == [0]


async def test_the_table_sees_the_sell_window_close_once_answered(tables, courier, clock):
    """The table learns from ``reaction_window`` that Bob is in the "sell"
    window (it times that window from its own settings); once he answers,
    the window is closed and Red plays on at once."""
    record, live = await _sell_window_for_bob(tables, 7)
    assert GAME.reaction_window(live.state) == "sell"
    await tables.play(record.id, BOB, "sell 2 wine ship2")
    assert GAME.reaction_window(live.state) is None
    assert await tables.waiting_seats(record.id) == [0]
    assert live.state["seats"][1]["refined"]["grape"] == 0


def _port_turn_for_red(state):
    """Lay out a Port turn for Red (seat 0) with Green (seat 1) holding 2 wine."""
    state["seats"][1]["refined"]["grape"] = 2
    alcoves = state["alcoves"]
    for workers in alcoves.values():
        if "red:P" in workers:
            workers.remove("red:P")
    while len(alcoves["port"]) > 2:  # make room in the Port, keeping 13 workers on the board
        spare = next(
            n
            for n in ("officium", "taberna", "officina", "forum", "legatio", "mercatus")
            if len(alcoves[n]) < {"forum": 2, "legatio": 4}.get(n, 3)
        )
        alcoves[spare].append(alcoves["port"].pop())
    alcoves["port"].append("red:P")
    state["pending"] = [{"do": "arrive", "seat": 0, "alcove": "port", "passed": ["port"]}]
    steps.settle(state)
    assert state["turn"]["energy"] >= 1
