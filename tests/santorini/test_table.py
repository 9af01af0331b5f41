"""Santorini through the table service, as a player would reach it: lobby,
bot seat, set-up actions, moves, log lines with names."""

from __future__ import annotations

from engine.tables import Tables


async def test_a_game_with_gods_against_a_bot_through_the_table(tmp_path):
    tables = await Tables.open(str(tmp_path / "agora.sqlite3"), bot_budget=0.05)
    try:
        record = await tables.create(
            channel_id=5, user_id=1, name="alice", game="santorini", options={"gods": "chosen"}, seed=42
        )
        await tables.add_bot(record.id, 1, "hard")
        await tables.start(record.id, 1)
        legal = [a for a, _ in await tables.legal(record.id, 1)]
        assert "offer apollo" in legal
        first = await tables.play(record.id, 1, "offer apollo")
        assert first.text == "alice (Blue) offers Apollo" and not first.turn_over
        await tables.play(record.id, 1, "offer artemis")
        await tables.settle()  # the bot chooses
        legal = [a for a, _ in await tables.legal(record.id, 1)]
        assert legal == ["first blue", "first orange"]
        await tables.play(record.id, 1, "first blue")
        await tables.play(record.id, 1, "place c3")
        await tables.play(record.id, 1, "place b2")
        await tables.settle()  # the bot places
        view = await tables.public_view(record.id)
        assert sum(1 for sq in view["squares"] if sq["worker"] is not None) == 4
        move = next(a for a, _ in await tables.legal(record.id, 1) if a.startswith("move"))
        await tables.play(record.id, 1, move)
        assert await tables.verify(record.id)
        history = await tables.history(record.id)
        assert any("Bot 1 (hard) (Orange) chooses" in line for line in history)
    finally:
        await tables.close()
