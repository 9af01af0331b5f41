"""Hellenica at the table service: a casting window is the table's "casting"
reaction window and closes once everyone answered; secret bids travel privately; trades
are played out of turn without holding the game up."""

from __future__ import annotations

from engine.games.hellenica import GAME
from engine.games.hellenica.steps import current

ALICE, BOB = 201, 202
CHANNEL = 7000
SEED = 5
OPENING = [
    (0, "patron apollo"),
    (1, "patron apollo"),
    (0, "keep 1 3"),
    (1, "keep 1 2"),
    (0, "favorite blue"),
    (0, "zeus"),
    (0, "supply thebes from thebes"),
    (0, "move 1 hoplite athens"),
    (0, "done"),
]
"""With this seed both players hold Apollo and the first movement reveals a
World Event that occurs: a casting window (Prophecy) opens for both."""


async def _opened(tables) -> int:
    record = await tables.create(
        channel_id=CHANNEL, user_id=ALICE, name="alice", game="hellenica", seed=SEED, options={"homes": "random"}
    )
    await tables.join(record.id, BOB, "bob")
    await tables.start(record.id, ALICE)
    users = {0: ALICE, 1: BOB}
    for seat, action in OPENING:
        await tables.play(record.id, users[seat], action)
    return record.id


async def test_the_casting_window_closes_once_everyone_answered(tables):
    """The casting window is the table's "casting" reaction window (the table
    passes for silent seats when it lapses); it closes as soon as every seat
    in it has answered, without waiting for the window's time."""
    game_id = await _opened(tables)
    live = await tables._live(game_id)
    assert current(live.state)["kind"] == "window" and GAME.to_move(live.state) == [0, 1]
    assert GAME.reaction_window(live.state) == "casting"
    await tables.play(game_id, ALICE, "pass")
    live = await tables._live(game_id)
    assert GAME.reaction_window(live.state) == "casting" and GAME.to_move(live.state) == [1]
    await tables.play(game_id, BOB, "pass")
    live = await tables._live(game_id)
    assert current(live.state)["kind"] == "bid" and GAME.reaction_window(live.state) is None


async def test_bids_are_private_and_trades_out_of_turn(tables, courier):
    game_id = await _opened(tables)
    await tables.play(game_id, ALICE, "pass")
    await tables.play(game_id, BOB, "pass")
    result = await tables.play(game_id, ALICE, "bid 2")
    assert result.text.endswith("places a secret bid.") and "2" not in result.text.replace("alice", "")
    await tables.settle()
    public = [n for n in courier.delivered if n.kind == "channel"]
    assert not any("bid 2" in n.text or "Blue 2" in n.text for n in public)
    live = await tables._live(game_id)
    assert GAME.to_move(live.state) == [1]
    # Alice is not to move, yet may offer a trade: the game keeps waiting only for Bob
    await tables.play(game_id, ALICE, "offer")
    live = await tables._live(game_id)
    assert GAME.to_move(live.state) == [1] and live.state["drafts"]["0"]["from"] == 0
    await tables.play(game_id, ALICE, "cancel")
    await tables.play(game_id, BOB, "bid 0")
    live = await tables._live(game_id)
    assert live.state["seats"][0]["won"] and live.state["drafts"] == {}
