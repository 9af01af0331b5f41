"""Permissions, for every game at several points of a random game: people who
are not playing, players out of turn, a player sending another seat's action,
a player of one game acting on another (a DM aimed at the wrong game) and
lobby commands from outsiders are all refused with a message, and refusing
changes nothing that is stored.

A seat may play exactly what ``legal()`` lists for it: when it is not to move
that is only its out-of-turn actions (a trade offer "at any time"), and the
table offers it nothing more.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from engine.core import AgoraError
from engine.tables import Tables
from tests.stress.conftest import TableGame, fingerprint, game_params, open_table, seatings, stress_games, user_of

OUTSIDER = 99
CHECKPOINTS = (0, 3, 12, 30)
"""Random actions played before each round of checks."""


async def refused(tables: Tables, game_id: int, attempt: Callable[[], Awaitable[Any]], what: str) -> None:
    """``attempt`` must raise an AgoraError with a message and change nothing."""
    before = await fingerprint(tables, game_id)
    try:
        await attempt()
    except AgoraError as error:
        assert str(error).strip(), f"{what}: refused without a message"
    else:
        pytest.fail(f"{what}: was allowed")
    assert await fingerprint(tables, game_id) == before, f"{what}: refused, but the stored game changed"


async def check_position(tables: Tables, table: TableGame, rng: random.Random) -> None:
    game, state, game_id = table.game, await table.state(), table.game_id
    movers = game.to_move(state)
    if not movers:
        return
    legal = {seat: game.legal(state, seat) for seat in range(table.players)}
    some_action = rng.choice(legal[movers[0]])
    await refused(tables, game_id, lambda: tables.play(game_id, OUTSIDER, some_action), "an outsider playing")
    for seat in range(table.players):
        listed = await tables.legal(game_id, user_of(seat))
        assert [action for action, _ in listed] == legal[seat], f"seat {seat} is offered what the game does not list"
        if seat not in movers and not legal[seat]:
            await refused(
                tables,
                game_id,
                lambda: tables.play(game_id, user_of(seat), some_action),
                f"seat {seat} playing out of turn",
            )
        others_only = sorted(
            {a for other, actions in legal.items() if other != seat for a in actions} - set(legal[seat])
        )
        for action in rng.sample(others_only, min(3, len(others_only))):
            await refused(
                tables,
                game_id,
                lambda: tables.play(game_id, user_of(seat), action),
                f"seat {seat} playing another seat's {action!r}",
            )
    assert await tables.legal(game_id, OUTSIDER) == [], "an outsider is offered actions"
    for name, attempt in [
        ("undo", lambda: tables.undo(game_id, OUTSIDER)),
        ("answer a take-back", lambda: tables.answer_undo(game_id, OUTSIDER, True)),
        ("resign", lambda: tables.resign(game_id, OUTSIDER)),
        ("mute reminders", lambda: tables.mute(game_id, OUTSIDER)),
        ("configure", lambda: tables.configure(game_id, OUTSIDER, remind_hours=1)),
        ("abandon", lambda: tables.abandon(game_id, OUTSIDER)),
        ("abandon as a non-host player", lambda: tables.abandon(game_id, user_of(1))),
        ("read a private view", lambda: tables.private_view(game_id, OUTSIDER)),
        ("join a started game", lambda: tables.join(game_id, OUTSIDER, "late")),
        ("add a bot to a started game", lambda: tables.add_bot(game_id, user_of(0))),
    ]:
        await refused(tables, game_id, attempt, f"an outsider trying to {name}")


@pytest.mark.parametrize("game", game_params())
async def test_only_the_right_player_acts(game, quiet_tables):
    rng = random.Random(31)
    table = await open_table(quiet_tables, seatings(game)[-1], seed=31, channel_id=1)
    played = 0
    for checkpoint in CHECKPOINTS:
        while played < checkpoint and (await quiet_tables.record(table.game_id)).status == "active":
            seat, action = await table.random_move(rng)
            await quiet_tables.play(table.game_id, user_of(seat), action)
            played += 1
        await check_position(quiet_tables, table, rng)


async def test_an_action_aimed_at_the_wrong_game_is_refused(quiet_tables):
    """alice plays in game A only; bob plays in both. A DM command that names
    the wrong game reaches the service as a play on that game."""
    tables = quiet_tables
    first, second = (seatings(g)[0] for g in (stress_games() * 2)[:2])
    game_a = await open_table(tables, first, seed=1, channel_id=1)
    record = await tables.create(
        channel_id=2, user_id=user_of(1), name="p1", game=second.game.name, options=second.options, seed=2
    )
    for seat in range(1, second.players):
        await tables.join(record.id, 5_000 + seat, f"q{seat}")
    await tables.start(record.id, user_of(1))
    game_b = record.id
    state_a = await game_a.state()
    seat_a = first.game.to_move(state_a)[0]
    action_a = first.game.legal(state_a, seat_a)[0]
    alice = user_of(0)
    await refused(tables, game_b, lambda: tables.play(game_b, alice, action_a), "alice playing in a game she is not in")
    await refused(tables, game_b, lambda: tables.private_view(game_b, alice), "alice reading another game's hand")
    live_b = await tables._live(game_b)
    legal_b = set()
    for seat in second.game.to_move(live_b.state):
        legal_b |= set(second.game.legal(live_b.state, seat))
    wrong = [a for a in first.game.legal(state_a, seat_a) if a not in legal_b][:5]
    for action in wrong:
        await refused(
            tables,
            game_b,
            lambda: tables.play(game_b, user_of(1), action),
            f"bob sending game A's {action!r} to game B",
        )


async def test_lobby_commands_from_outsiders_are_refused(quiet_tables):
    tables = quiet_tables
    for channel, game in enumerate(stress_games(), start=1):
        record = await tables.create(channel_id=channel, user_id=user_of(0), name="p0", game=game.name)
        await tables.add_bot(record.id, user_of(0))
        for name, attempt in [
            ("start", lambda: tables.start(record.id, OUTSIDER)),
            ("add a bot", lambda: tables.add_bot(record.id, OUTSIDER)),
            ("remove a bot", lambda: tables.remove_bot(record.id, OUTSIDER)),
            ("leave", lambda: tables.leave(record.id, OUTSIDER)),
            ("abandon", lambda: tables.abandon(record.id, OUTSIDER)),
            ("configure", lambda: tables.configure(record.id, OUTSIDER, remind_hours=1)),
            ("play", lambda: tables.play(record.id, user_of(0), "pass")),
        ]:
            await refused(tables, record.id, attempt, f"{game.name} lobby: {name}")
