"""The history part of the table service over a real store: ratings kept
up to date and rebuilt from the log, stats, privacy, replays and the
animated summary (issue 17)."""

from __future__ import annotations

import asyncio
import io
import random

import pytest
from PIL import Image

from cogs.utils.drawing import draw_summary
from engine import ratings
from engine.core import AgoraError
from engine.store import SeatRecord
from engine.tables import TableError, Tables
from engine.tables.history import ALL_SERVERS, BULK_CATCH_UP, finished_record, rebuild_ratings
from tests.conftest import Clock

ANN, BOB, CY, DEE = 11, 12, 13, 14
GUILD = 500


@pytest.fixture
async def tables(tmp_path):
    service = await Tables.open(str(tmp_path / "agora.sqlite3"), clock=Clock(), run_bots=False)
    yield service
    await service.close()


async def finish(
    tables, users, scores, winners, *, game="thera", guild_id=GUILD, status="finished", options=None, moves=()
):
    """A stored game that ended with ``scores`` and ``winners``: the store
    rows the history reads (seats, timed log rows, the outcome)."""
    seats = [
        SeatRecord(seat, user, f"p{user}" if user else f"bot{seat}", None if user else "medium")
        for seat, user in enumerate(users)
    ]
    game_id = await tables.store.create_game(
        guild_id=guild_id,
        channel_id=random.randrange(1, 10**9),
        parent_id=None,
        game=game,
        options=dict(options or {}),
        seed=1,
        host_id=users[0],
        settings={"deadline_hours": 1.0},
        seats=seats,
    )
    start = tables.clock()
    await tables.store.commit(
        game_id,
        0,
        seat=None,
        kind="start",
        action="",
        text="",
        state={},
        game_fields={"status": "active", "started_at": start},
    )
    rows = []
    for seq, (seat, minutes) in enumerate(moves, start=1):
        tables.clock.now += minutes * 60
        rows.append((game_id, seq, seat, "play", "x", "", tables.clock()))
    # The store stamps the rows it commits with the wall clock: these carry the test's times.
    await tables.store.import_rows("actions", ["game_id", "seq", "seat", "kind", "action", "text", "at"], rows)
    tables.clock.now += 60
    fields = {"status": status, "finished_at": tables.clock()}
    if status == "finished":
        fields["outcome"] = {"scores": list(scores), "winners": list(winners), "reason": "test"}
    await tables.store.commit(
        game_id, len(moves) + 1, seat=None, kind="end", action="", text="", state={}, game_fields=fields
    )
    return game_id


async def test_a_win_raises_a_rating_and_a_loss_lowers_it(tables):
    """ "/stats and /leaderboard show ratings that move the right way after a
    win and a loss (tests with known outcomes)"."""
    await finish(tables, [ANN, BOB], [10, 3], [0])
    board = await tables.leaderboard("thera", guild_id=GUILD)
    assert [entry.user_id for entry in board] == [ANN, BOB]
    ann, bob = board
    assert ann.rating.mu > ratings.Rating().mu > bob.rating.mu
    assert (ann.played, ann.won, bob.played, bob.won) == (1, 1, 1, 0)
    before = ann.rating
    await finish(tables, [ANN, BOB], [2, 9], [1])
    after = {entry.user_id: entry for entry in await tables.leaderboard("thera")}
    assert after[ANN].rating.mu < before.mu, "a loss lowers the winner of the first game"
    assert after[ANN].played == 2 and after[BOB].won == 1


async def test_abandoned_games_and_bot_seats_are_not_rated(tables):
    """ "Only games that ended by their rules (finished), never abandoned
    ones" and "Seats a bot played from the start (user_id None) are left
    out" (engine/ratings.py)."""
    await finish(tables, [ANN, BOB], [0, 0], [], status="abandoned")
    await finish(tables, [CY, None], [5, 1], [0])
    assert await tables.leaderboard("thera") == []
    stats = await tables.player_stats(CY, viewer_id=CY)
    assert [(entry.game, entry.played, entry.won) for entry in stats] == [("thera", 1, 1)]
    assert stats[0].rating == ratings.Rating(), "a game against a bot alone does not move the rating"


async def test_rebuild_equals_the_live_values(tables, tmp_path):
    """ "Ratings are recomputable from the logs (a command rebuilds them; a
    test checks the rebuild equals the live values)"."""
    rng = random.Random(3)
    people = [ANN, BOB, CY, DEE]
    for index in range(12):
        users = rng.sample(people, rng.choice([2, 3, 4]))
        scores = [rng.randrange(10) for _ in users]
        top = max(scores)
        await finish(
            tables,
            users,
            scores,
            [s for s, v in enumerate(scores) if v == top],
            guild_id=GUILD + index % 2,
            moves=[(rng.randrange(len(users)), rng.randrange(90)) for _ in range(5)],
        )
        assert await tables.rate_finished() == 1
    live = {scope: sorted(await tables.store.ratings_of(scope=scope)) for scope in (ALL_SERVERS, "500", "501")}
    records = [finished_record(record, rows) for record, rows in await tables.store.rated_records()]
    pure = ratings.rebuild(records)
    assert {(g, u): (mu, sigma) for g, u, mu, sigma, _, _ in live[ALL_SERVERS]} == {
        (g, u): (r.mu, r.sigma) for g, table in pure.items() for u, r in table.items()
    }
    assert await tables.rebuild_ratings() == 12
    assert {scope: sorted(await tables.store.ratings_of(scope=scope)) for scope in live} == live
    await tables.store.replace_ratings([], [], 0.0)  # the CLI verb rebuilds a database from nothing
    assert await rebuild_ratings(str(tmp_path / "agora.sqlite3")) == 12
    assert {scope: sorted(await tables.store.ratings_of(scope=scope)) for scope in live} == live
    assert await tables.rate_finished() == 0, "a rebuilt game is not counted again"


async def test_a_server_ranks_its_own_games_and_everywhere_ranks_all(tables):
    await finish(tables, [ANN, BOB], [10, 3], [0], guild_id=GUILD)
    await finish(tables, [CY, DEE], [10, 3], [0], guild_id=GUILD + 1)
    assert {e.user_id for e in await tables.leaderboard("thera", guild_id=GUILD)} == {ANN, BOB}
    assert {e.user_id for e in await tables.leaderboard("thera")} == {ANN, BOB, CY, DEE}


async def test_stats_count_time_to_move_and_turns_before_the_deadline(tables):
    """ "Per player and game: played, won, average score, average time to
    move, share of turns taken before the deadline"."""
    await finish(tables, [ANN, BOB], [7, 3], [0], moves=[(0, 10), (1, 30), (0, 90), (1, 20)])
    (ann,) = await tables.player_stats(ANN, game="Thera", viewer_id=ANN)
    assert (ann.played, ann.won, ann.average_score) == (1, 1, 7.0)
    assert ann.average_wait == pytest.approx(50 * 60)
    assert ann.on_time_share == 0.5, "the 90-minute wait ran past the one-hour deadline"


async def test_private_stats_are_shown_to_their_owner_only(tables):
    """Issue 17: "Users can hide their stats (/stats privacy)"."""
    await finish(tables, [ANN, BOB], [10, 3], [0])
    await tables.set_stats_private(ANN, True)
    with pytest.raises(TableError, match="private"):
        await tables.player_stats(ANN, viewer_id=BOB)
    assert (await tables.player_stats(ANN, viewer_id=ANN))[0].won == 1
    assert [e.user_id for e in await tables.leaderboard("thera")] == [BOB]
    await tables.set_stats_private(ANN, False)
    assert [e.user_id for e in await tables.leaderboard("thera")] == [ANN, BOB]


async def test_forgetting_a_user_deletes_their_ratings(tables):
    """ "The admin data-deletion command deletes their rows here too"."""
    await finish(tables, [ANN, BOB], [10, 3], [0])
    await tables.rate_finished()
    await tables.store.forget_user(ANN, "a former player")
    assert await tables.store.ratings_of(user_id=ANN) == []
    assert await tables.store.ratings_of(scope=str(GUILD), user_id=ANN) == []
    assert [row[1] for row in await tables.store.ratings_of()] == [BOB]


async def played_santorini(tables, seed=4):
    """A whole random game of Santorini through the service."""
    record = await tables.create(channel_id=7, user_id=ANN, name="ann", game="santorini", seed=seed)
    await tables.join(record.id, BOB, "bob")
    await tables.start(record.id, ANN)
    rng = random.Random(seed)
    for _ in range(500):
        live = await tables._live(record.id)
        if live.record.status != "active":
            break
        seat = rng.choice(live.game.to_move(live.state))
        await tables.play(record.id, (ANN, BOB)[seat], rng.choice(live.game.legal(live.state, seat)))
    await tables.settle()
    return record.id


async def test_replay_steps_through_public_boards_and_the_summary_is_a_gif(tables):
    """ "/game replay [move] ... the public board at any move" and "At the end
    of every game the channel gets an animated summary of the whole game"."""
    game_id = await played_santorini(tables)
    live = await tables._live(game_id)
    assert live.record.status == "finished"
    last, total, names = await tables.replay_frame(game_id, -1)
    assert last.move == total == live.record.seq, "every play row after the opening row 0 is a move"
    assert last.view == live.game.view(live.state, None)
    assert names == ["ann", "bob"]
    setup, _, _ = await tables.replay_frame(game_id, 0)
    assert setup.move == 0 and setup.text == ""
    middle, _, _ = await tables.replay_frame(game_id, total // 2)
    assert middle.seat in (0, 1) and middle.text
    with pytest.raises(AgoraError, match="does not exist"):
        await tables.replay_frame(game_id, total + 1)
    with pytest.raises(TableError, match="no game #999"):
        await tables.replay_frame(999, 0)
    with pytest.raises(TableError, match="whole number"):
        await tables.replay_frame(game_id, "3")
    source = await tables.summary_source(game_id)
    assert source is not None and source.players == 2
    gif = await asyncio.to_thread(draw_summary, source)
    assert gif is not None and gif[:6] == b"GIF89a"
    assert len(gif) < 10 * 1024 * 1024
    frames_shown = Image.open(io.BytesIO(gif)).n_frames
    assert 2 < frames_shown <= total + 1, "the set-up, the end of each turn, the final board"
    await tables.settle()
    assert await tables.rate_finished() == 0, "the played game was rated as it finished"


async def test_no_summary_for_a_game_that_did_not_finish_by_its_rules(tables):
    game_id = await finish(tables, [ANN, BOB], [0, 0], [], status="abandoned")
    assert await tables.summary_source(game_id) is None


async def test_a_long_unrated_history_is_rated_on_first_read_in_one_rebuild(tables):
    """Ratings are "computed from stored finished games when first asked":
    a database from before the ratings table gets them all at once, with the
    same values as rating the games one by one."""
    rng = random.Random(8)
    for _ in range(BULK_CATCH_UP + 5):
        users = rng.sample([ANN, BOB, CY, DEE], 2)
        await finish(tables, users, [1, 0], [0])
    records = [finished_record(record, rows) for record, rows in await tables.store.rated_records()]
    board = await tables.leaderboard("thera", limit=4)
    assert await tables.rate_finished() == 0
    expected = ratings.rebuild(records)["thera"]
    assert {entry.user_id: entry.rating for entry in board} == expected
    assert sum(entry.played for entry in board) == 2 * (BULK_CATCH_UP + 5)
