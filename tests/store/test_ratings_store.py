"""The ratings rows on both backends (issue 17): finished games in the order
they ended with their log rows, ratings saved once per game, a rebuild that
replaces them all, and data deletion that takes a person's ratings along."""

from __future__ import annotations

from engine.store import SeatRecord
from tests.store.play import GUEST, HOST, new_game

GUILD = 77


async def finished(store, ended_at: float, outcome=None, status="finished", guild_id=GUILD) -> int:
    game_id = await new_game(
        store,
        channel=int(ended_at),
        guild_id=guild_id,
        seats=[SeatRecord(0, HOST, "host"), SeatRecord(1, GUEST, "guest")],
    )
    await store.commit(
        game_id,
        0,
        seat=None,
        kind="start",
        action="",
        text="",
        state={},
        game_fields={"status": "active", "started_at": 1.0},
    )
    await store.commit(game_id, 1, seat=0, kind="play", action="a", text="host plays", state={})
    await store.commit(game_id, 2, seat=1, kind="play", action="b", text="guest plays", state={})
    await store.commit(game_id, 3, seat=0, kind="undo", action="2", text="undone", state={})
    fields = {"status": status, "finished_at": ended_at}
    if status == "finished":
        fields["outcome"] = outcome or {"scores": [1, 0], "winners": [0], "reason": "test"}
    await store.commit(game_id, 4, seat=None, kind="end", action="", text="", state={}, game_fields=fields)
    return game_id


async def test_rated_records_are_finished_games_in_the_order_they_ended(store):
    late = await finished(store, 200.0)
    early = await finished(store, 100.0, guild_id=GUILD + 1)
    await finished(store, 150.0, status="abandoned")
    found = await store.rated_records()
    assert [record.id for record, _ in found] == [early, late]
    record, rows = found[1]
    assert [seat.user_id for seat in record.seats] == [HOST, GUEST]
    assert [(row.seq, row.kind, row.action) for row in rows] == [(1, "play", "a"), (2, "play", "b"), (3, "undo", "2")]
    assert [r.id for r, _ in await store.rated_records(guild_id=GUILD)] == [late]
    assert [r.id for r, _ in await store.rated_records(user_id=GUEST, game="santorini")] == [early, late]
    assert await store.rated_records(user_id=12345) == []
    assert [(r.id, rows) for r, rows in await store.rated_records(with_actions=False)] == [(early, []), (late, [])]


async def test_ratings_are_saved_once_per_game_and_replaced_by_a_rebuild(store):
    game_id = await finished(store, 100.0)
    rows = [("santorini", "all", HOST, 27.5, 8.0, 1, 1), ("santorini", "all", GUEST, 22.5, 8.0, 1, 0)]
    assert await store.save_ratings(game_id, rows, 5.0)
    assert not await store.save_ratings(game_id, [("santorini", "all", HOST, 99.0, 1.0, 9, 9)], 6.0)
    assert sorted(await store.ratings_of(game="santorini")) == sorted(
        [("santorini", HOST, 27.5, 8.0, 1, 1), ("santorini", GUEST, 22.5, 8.0, 1, 0)]
    )
    assert await store.rated_records(unrated_only=True) == []
    assert await store.ratings_of(scope=str(GUILD)) == []
    await store.replace_ratings([("santorini", str(GUILD), HOST, 30.0, 7.0, 1, 1)], [], 7.0)
    assert await store.ratings_of() == []
    assert await store.ratings_of(scope=str(GUILD), user_id=HOST) == [("santorini", HOST, 30.0, 7.0, 1, 1)]
    assert [r.id for r, _ in await store.rated_records(unrated_only=True)] == [game_id]


async def test_deleting_a_person_or_a_server_deletes_their_ratings(store):
    game_id = await finished(store, 100.0)
    await store.save_ratings(
        game_id,
        [
            ("santorini", "all", HOST, 27.5, 8.0, 1, 1),
            ("santorini", str(GUILD), HOST, 27.5, 8.0, 1, 1),
            ("santorini", "all", GUEST, 22.5, 8.0, 1, 0),
        ],
        5.0,
    )
    await store.forget_user(HOST, "someone")
    assert [row[1] for row in await store.ratings_of()] == [GUEST]
    assert await store.ratings_of(scope=str(GUILD)) == []
    await store.save_ratings(await finished(store, 300.0), [("santorini", str(GUILD), GUEST, 20.0, 8.0, 2, 0)], 6.0)
    assert await store.delete_guild(GUILD) == 2
    assert await store.ratings_of(scope=str(GUILD)) == []
    assert await store.rated_records() == []
