"""engine.tables: the table service over a real SQLite file."""

from __future__ import annotations

import random

import pytest

from engine.core import AI_SEATS, AgoraError, BaseGame, IllegalAction
from engine.tables import TableError, Tables
from engine.tables.bots import default_level
from engine.tables.commits import SNAPSHOT_EVERY
from tests.conftest import RecordingCourier

ALICE, BOB, CAROL = 101, 102, 103
CHANNEL = 5000


async def lobby(tables: Tables, *players: tuple[int, str], game: str = "santorini", **kwargs):
    (host, host_name), *others = players
    record = await tables.create(channel_id=CHANNEL, user_id=host, name=host_name, game=game, seed=11, **kwargs)
    for user, name in others:
        await tables.join(record.id, user, name)
    return record.id


async def started(tables: Tables) -> int:
    game_id = await lobby(tables, (ALICE, "alice"), (BOB, "bob"))
    await tables.start(game_id, ALICE)
    return game_id


async def stored(tables: Tables, game_id: int) -> tuple:
    """Everything a bad request must leave untouched."""
    record = await tables.store.game(game_id)
    return (
        await tables.store.snapshot_text(game_id),
        len(await tables.store.actions(game_id)),
        record.status,
        [(s.seat, s.user_id) for s in record.seats],
    )


async def play_out(tables: Tables, game_id: int, rng: random.Random) -> None:
    """Play random legal moves for whoever is to act until the game ends."""
    users = {0: ALICE, 1: BOB}
    while (await tables.record(game_id)).status == "active":
        live = await tables._live(game_id)
        seat = live.game.to_move(live.state)[0]
        actions = await tables.legal(game_id, users[seat])
        await tables.play(game_id, users[seat], rng.choice(actions)[0])


class TestLobby:
    async def test_create_join_start(self, tables, courier):
        game_id = await lobby(tables, (ALICE, "alice"), (BOB, "bob"))
        result = await tables.start(game_id, ALICE)
        await tables.settle()
        assert result.text.startswith("Santorini begins! Seats: alice (Blue), bob (Orange)")
        assert courier.delivered[-1].payload["mentions"] == [ALICE]
        assert "To act: <@101> (Blue)" in courier.delivered[-1].text

    async def test_second_game_in_a_busy_channel_is_refused(self, tables):
        await lobby(tables, (ALICE, "alice"))
        with pytest.raises(TableError, match="already has a Santorini game waiting for players.*thread:true"):
            await tables.create(channel_id=CHANNEL, user_id=BOB, name="bob", game="santorini")

    async def test_unknown_game_and_bad_option(self, tables):
        with pytest.raises(TableError, match="no game called 'chess'. Choose one of: .*santorini"):
            await tables.create(channel_id=CHANNEL, user_id=ALICE, name="alice", game="chess")
        with pytest.raises(IllegalAction, match="no option 'speed'"):
            await tables.create(
                channel_id=CHANNEL, user_id=ALICE, name="alice", game="santorini", options={"speed": "fast"}
            )
        assert await tables.in_channel(CHANNEL) is None

    async def test_joining_twice_or_a_full_game(self, tables):
        game_id = await lobby(tables, (ALICE, "alice"), (BOB, "bob"))
        before = await stored(tables, game_id)
        with pytest.raises(TableError, match="already seated"):
            await tables.join(game_id, ALICE, "alice")
        max_players = (await tables._live(game_id)).game.max_players
        for extra in range(max_players - 2):
            await tables.join(game_id, 200 + extra, f"p{extra}")
        before = await stored(tables, game_id)
        with pytest.raises(TableError, match=f"full \\({max_players} players\\)"):
            await tables.join(game_id, CAROL, "carol")
        assert await stored(tables, game_id) == before

    async def test_joining_a_started_game(self, tables):
        game_id = await started(tables)
        before = await stored(tables, game_id)
        with pytest.raises(TableError, match="already started"):
            await tables.join(game_id, CAROL, "carol")
        assert await stored(tables, game_id) == before

    async def test_starting_with_too_few_players(self, tables):
        game_id = await lobby(tables, (ALICE, "alice"))
        before = await stored(tables, game_id)
        with pytest.raises(TableError, match="needs at least 2 players; 1 seated. 1 more must `/game join`"):
            await tables.start(game_id, ALICE)
        assert await stored(tables, game_id) == before

    async def test_outsiders_cannot_start(self, tables):
        game_id = await lobby(tables, (ALICE, "alice"), (BOB, "bob"))
        with pytest.raises(TableError, match="Only the host"):
            await tables.start(game_id, CAROL)
        with pytest.raises(TableError, match="Only the host"):
            await tables.start(game_id, BOB)

    async def test_leaving_hands_the_host_on_and_the_last_one_out_closes(self, tables):
        game_id = await lobby(tables, (ALICE, "alice"), (BOB, "bob"))
        record = await tables.leave(game_id, ALICE)
        assert record.host_id == BOB and [s.name for s in record.seats] == ["bob"]
        record = await tables.leave(game_id, BOB)
        assert record.status == "abandoned"
        assert await tables.in_channel(CHANNEL) is None


class TestPlaying:
    async def test_bad_input_changes_nothing(self, tables):
        game_id = await started(tables)
        before = await stored(tables, game_id)
        cases = [
            (CAROL, "place c3", TableError, "You are not playing in this Santorini game; players are alice, bob"),
            (BOB, "place c3", IllegalAction, r"It is not your turn: alice \(Blue\) is to act"),
            (ALICE, "fly c3", IllegalAction, "`fly`.*place"),
            (ALICE, "place z9", IllegalAction, "`z9` is not a square"),
            (ALICE, "x" * 500, IllegalAction, "far too long"),
            (ALICE, "", IllegalAction, "Type an action"),
        ]
        for user, action, error, message in cases:
            with pytest.raises(error, match=message):
                await tables.play(game_id, user, action)
            assert await stored(tables, game_id) == before
        assert await tables.verify(game_id)

    async def test_a_turn_posts_once_with_every_step_and_the_next_ping(self, tables, courier):
        game_id = await started(tables)
        for action in ("place c3", "place c2"):
            await tables.play(game_id, ALICE, action)
        for action in ("place b2", "place d4"):
            await tables.play(game_id, BOB, action)
        first = await tables.play(game_id, ALICE, "MOVE  c3 C4")
        assert not first.turn_over and first.action == "move c3 c4"
        await tables.play(game_id, ALICE, "build c5")
        await tables.settle()
        post = courier.delivered[-1]
        assert post.kind == "channel"
        assert post.text.splitlines() == [
            "alice (Blue) moves c3→c4",
            "alice (Blue) builds level 1 on c5",
            "To act: <@102> (Orange).",
        ]
        assert post.payload["mentions"] == [BOB]
        assert post.payload["view"]["squares"][22]["level"] == 1  # c5
        assert len(courier.texts()) == 4  # start, alice's placements, bob's, alice's turn

    async def test_whole_game_finishes_and_replays(self, tables, courier):
        game_id = await started(tables)
        await play_out(tables, game_id, random.Random(5))
        record = await tables.record(game_id)
        assert record.status == "finished" and record.outcome["winners"]
        assert await tables.verify(game_id)
        await tables.settle()
        assert "wins" in courier.texts()[-1]
        assert courier.delivered[-1].kind == "summary", "the animated summary follows the final board"
        with pytest.raises(TableError, match="finished"):
            await tables.play(game_id, ALICE, "pass")
        # the channel is free again
        await tables.create(channel_id=CHANNEL, user_id=ALICE, name="alice", game="santorini")

    async def test_reload_uses_the_snapshot_and_survives_a_corrupt_one(self, tmp_path, courier, clock):
        path = str(tmp_path / "db.sqlite3")
        first = await Tables.open(path, courier=courier, clock=clock)
        game_id = await started(first)
        await first.play(game_id, ALICE, "place c3")
        await first.close()

        second = await Tables.open(path, courier=courier, clock=clock)
        assert (await second.legal(game_id, ALICE))[0][0] == "place a1"
        await second.store._write([("UPDATE snapshots SET state = '{\"bad\": 1}' WHERE game_id = ?", (game_id,))])
        second._forget(game_id)
        await second.play(game_id, ALICE, "place c2")  # replayed from the log, then continued
        assert await second.verify(game_id)
        await second.close()

    async def test_a_game_loads_from_its_last_snapshot_and_the_plays_after_it(self, tables):
        """The state is written every ``SNAPSHOT_EVERY`` plays (and with every
        other row); a load plays the rows after it again, exactly."""
        game_id = await started(tables)
        users = {0: ALICE, 1: BOB}
        rng = random.Random(5)
        for _ in range(SNAPSHOT_EVERY + 3):
            seat = (await tables.waiting_seats(game_id))[0]
            await tables.play(game_id, users[seat], rng.choice(await tables.legal(game_id, users[seat]))[0])
        record = await tables.record(game_id)
        assert record.seq == SNAPSHOT_EVERY + 3 and (await tables.store.snapshot(game_id))[0] == SNAPSHOT_EVERY
        held = tables.game_for("santorini").dump((await tables._live(game_id)).state)
        tables._forget(game_id)
        assert tables.game_for("santorini").dump((await tables._live(game_id)).state) == held
        assert await tables.verify(game_id)
        # A take-back writes the state it leaves, so the rows after a snapshot stay plays.
        seat = (await tables.waiting_seats(game_id))[0]
        await tables.play(game_id, users[seat], (await tables.legal(game_id, users[seat]))[0][0])
        await tables.undo(game_id, users[seat])
        assert (await tables.store.snapshot(game_id))[0] == (await tables.record(game_id)).seq
        tables._forget(game_id)
        assert tables.game_for("santorini").dump((await tables._live(game_id)).state) == held
        assert await tables.verify(game_id)

    async def test_tiny_cache_evicts_and_reloads(self, tmp_path, courier, clock):
        service = await Tables.open(str(tmp_path / "db.sqlite3"), courier=courier, clock=clock, cache_size=1)
        ids = []
        for n in range(3):
            record = await service.create(channel_id=n + 1, user_id=ALICE, name="alice", game="santorini", seed=n)
            await service.join(record.id, BOB, "bob")
            await service.start(record.id, ALICE)
            ids.append(record.id)
        for game_id in ids:
            await service.play(game_id, ALICE, "place a1")
        assert len(service._cache) == 1
        assert all([await service.verify(g) for g in ids])
        await service.close()


class TestOutbox:
    async def test_undelivered_notices_wait_and_go_out_after_a_restart(self, tmp_path, clock):
        path = str(tmp_path / "db.sqlite3")
        broken = RecordingCourier()
        broken.failing = True
        first = await Tables.open(path, courier=broken, clock=clock)
        game_id = await started(first)
        await first.play(game_id, ALICE, "place c3")
        await first.play(game_id, ALICE, "place c2")
        await first.settle()
        assert len(await first.store.pending_notices(game_id)) == 2
        await first.close()

        working = RecordingCourier()
        second = await Tables.open(path, courier=working, clock=clock)
        await second.recover()
        await second.settle()
        assert [n.kind for n in working.delivered] == ["channel", "channel"]
        assert working.delivered[0].text.startswith("Santorini begins")
        assert await second.store.pending_notices(game_id) == []
        await second.close()


class TestUndo:
    async def test_own_last_step_is_undone_at_once(self, tables, courier):
        game_id = await started(tables)
        await tables.play(game_id, ALICE, "place c3")
        result = await tables.undo(game_id, ALICE)
        assert result.done and "took back “alice (Blue) places a worker on c3”" in result.text
        assert [a for a, _ in await tables.legal(game_id, ALICE)][12] == "place c3"
        assert await tables.verify(game_id)
        history = await tables.history(game_id)
        assert "~~alice (Blue) places a worker on c3~~" in history[1]

    async def test_after_others_acted_it_needs_consent(self, tables, courier):
        game_id = await started(tables)
        for action in ("place c3", "place c2"):
            await tables.play(game_id, ALICE, action)
        await tables.play(game_id, BOB, "place b2")
        result = await tables.undo(game_id, ALICE)
        assert not result.done
        await tables.settle()
        request = courier.delivered[-1]
        assert request.kind == "undo_request" and request.payload["mentions"] == [BOB]
        with pytest.raises(TableError, match="You asked for this take-back"):
            await tables.answer_undo(game_id, ALICE, True)
        outcome = await tables.answer_undo(game_id, BOB, True)
        assert outcome.done and "and 1 later action" in outcome.text
        assert (await tables.legal(game_id, ALICE))[0][0] == "place a1"
        assert await tables.verify(game_id)

    async def test_refusal_and_lapse(self, tables):
        game_id = await started(tables)
        for action in ("place c3", "place c2"):
            await tables.play(game_id, ALICE, action)
        await tables.play(game_id, BOB, "place b2")
        await tables.undo(game_id, ALICE)
        refused = await tables.answer_undo(game_id, BOB, False)
        assert not refused.done
        with pytest.raises(TableError, match="no take-back request"):
            await tables.answer_undo(game_id, BOB, True)
        await tables.undo(game_id, ALICE)
        await tables.play(game_id, BOB, "place d4")
        with pytest.raises(TableError, match="moved on"):
            await tables.answer_undo(game_id, BOB, True)

    async def test_nothing_to_undo(self, tables):
        game_id = await started(tables)
        with pytest.raises(TableError, match="no move to take back"):
            await tables.undo(game_id, BOB)


class TestEnding:
    async def test_resign_ends_a_two_player_game(self, tables, courier):
        game_id = await started(tables)
        text = await tables.resign(game_id, ALICE)
        assert "bob (Orange) wins: alice (Blue) resigned" in text
        record = await tables.record(game_id)
        assert record.status == "finished" and record.outcome["winners"] == [1]
        assert await tables.verify(game_id)

    async def test_abandon_needs_host_or_manager(self, tables):
        game_id = await started(tables)
        with pytest.raises(TableError, match="Only the host or a member with Manage Channels"):
            await tables.abandon(game_id, BOB)
        assert "abandoned" in await tables.abandon(game_id, BOB, can_manage=True)
        assert await tables.in_channel(CHANNEL) is None


class TestBots:
    async def test_bot_answers_by_itself(self, tables, courier):
        record = await tables.create(channel_id=CHANNEL, user_id=ALICE, name="alice", game="santorini", seed=3)
        await tables.add_bot(record.id, ALICE)
        await tables.start(record.id, ALICE)
        await tables.play(record.id, ALICE, "place c3")
        await tables.play(record.id, ALICE, "place c2")
        await tables.settle()
        live = await tables._live(record.id)
        assert live.game.to_move(live.state) == [0] and live.record.seq == 4

    async def test_bots_can_think_in_a_worker_process(self, tmp_path, courier, clock):
        """A bot's search runs in another process, from the state's dump, so it
        does not slow the other games down; its move is the same as in a thread."""
        moves = []
        for processes in (1, 0):
            service = await Tables.open(
                str(tmp_path / f"bots{processes}.sqlite3"),
                courier=courier,
                clock=clock,
                bot_budget=0.05,
                bot_processes=processes,
            )
            try:
                record = await service.create(channel_id=CHANNEL, user_id=ALICE, name="alice", game="santorini", seed=3)
                await service.add_bot(record.id, ALICE, "easy")
                await service.start(record.id, ALICE)
                await service.play(record.id, ALICE, "place c3")
                await service.play(record.id, ALICE, "place c2")
                await service.settle()
                assert (service._thinkers._pool is not None) == (processes > 0)
                moves.append([a.action for a in await service.store.actions(record.id)][3:])
            finally:
                await service.close()
        assert moves[0] == moves[1] and len(moves[0]) == 2

    async def test_bot_levels_are_checked(self, tables):
        record = await tables.create(channel_id=CHANNEL, user_id=ALICE, name="alice", game="santorini")
        with pytest.raises(TableError, match="bots come in"):
            await tables.add_bot(record.id, ALICE, "godlike")

    async def test_seats_the_rules_run_are_passed_to_the_game_and_kept_out_of_the_options_shown(self, tables):
        """A rulebook's own AI players (Hellenica's ``ai`` level) are set up by
        the rules: the table hands their seats to ``new`` in the options."""
        record = await tables.create(channel_id=CHANNEL, user_id=ALICE, name="alice", game="hellenica", seed=3)
        await tables.add_bot(record.id, ALICE, "ai")
        await tables.start(record.id, ALICE)
        record = await tables.record(record.id)
        assert record.options[AI_SEATS] == [1]
        assert await tables.verify(record.id), "a replay from the stored options sets the same AI seat up"
        status = await tables.status(record.id)
        assert "ai_seats" not in status and "Seats: alice" in status

    async def test_a_bot_standing_in_for_a_person_never_takes_a_level_the_rules_run(self, tables):
        """Hellenica's ``ai`` seats are set up by the rules at the start; a seat
        set up for a person gets an ordinary bot when its player resigns."""
        game_id = await lobby(tables, (ALICE, "alice"), (BOB, "bob"), (CAROL, "carol"), game="hellenica")
        await tables.start(game_id, ALICE)
        await tables.resign(game_id, CAROL)
        seat = (await tables.record(game_id)).seats[2]
        game = tables.game_for("hellenica")
        assert seat.user_id is None and seat.bot in game.bot_levels and seat.bot not in game.rulebook_levels

    async def test_a_command_of_many_steps_may_be_longer_than_one_action(self, tables):
        """Hellenica takes a seat's steps as one command (what the menus send
        after "Your command so far"): its length is allowed per step, so the
        game itself judges a long one."""
        game_id = await lobby(tables, (ALICE, "alice"), (BOB, "bob"), game="hellenica")
        await tables.start(game_id, ALICE)
        seat = (await tables.waiting_seats(game_id))[0]
        user = (await tables.record(game_id)).seats[seat].user_id
        step = (await tables.legal(game_id, user))[0][0]
        before = await stored(tables, game_id)
        with pytest.raises(IllegalAction) as refused:
            await tables.play(game_id, user, ", ".join([step] * 12))
        assert "cannot come in the same command: after `" in str(refused.value)
        assert str(refused.value).endswith("decides first."), "the game's own reason, in its own words"
        with pytest.raises(IllegalAction, match="far too long"):
            await tables.play(game_id, user, "x" * 201)
        assert await stored(tables, game_id) == before

    def test_the_stand_in_is_the_games_own_choice_else_the_middle_level_never_a_rulebook_one(self):
        class Levels(BaseGame):
            bot_levels = ("random", "medium", "hard", "ai")
            rulebook_levels = ("ai",)

        assert default_level(Levels()) == "medium"
        assert default_level(Levels(), stand_in=True) == "medium"
        Levels.stand_in_level = "hard"
        assert default_level(Levels(), stand_in=True) == "hard"
        Levels.stand_in_level = "ai"  # a rulebook level never stands in for a person
        assert default_level(Levels(), stand_in=True) == "medium"


class TestReminders:
    async def test_ping_then_dm_then_mute(self, tables, courier, clock):
        game_id = await started(tables)
        assert await tables.remind() == 0
        clock.advance(12.1)
        assert await tables.remind() == 1
        await tables.settle()
        first = courier.delivered[-1]
        assert first.kind == "reminder" and not first.payload["dm"] and "<@101>" in first.text
        clock.advance(12.1)
        assert await tables.remind() == 1
        await tables.settle()
        assert courier.delivered[-1].payload["dm"]
        await tables.mute(game_id, ALICE)
        clock.advance(12.1)
        assert await tables.remind() == 0

    async def test_deadline_hands_the_seat_to_a_bot_until_the_player_returns(self, tables, courier, clock):
        game_id = await started(tables)
        await tables.configure(game_id, ALICE, deadline_hours=24)
        with pytest.raises(TableError, match="deadline_hours must be between"):
            await tables.configure(game_id, ALICE, deadline_hours=-3)
        clock.advance(18)  # a quarter of the deadline before it falls: the warning
        await tables.remind()
        clock.advance(6.5)
        await tables.remind()
        await tables.settle()
        record = await tables.record(game_id)
        assert record.seats[0].away and record.seq >= 2
        texts = [n.text for n in courier.delivered]
        taken = next(i for i, t in enumerate(texts) if "missed the deadline" in t)
        assert any("your time in the Santorini game runs out" in t for t in texts[:taken])
        # A refused move changes nothing, and says how to come back.
        with pytest.raises(IllegalAction, match="`/game back` takes it back"):
            await tables.play(game_id, ALICE, "move a1 a2")
        assert (await tables.record(game_id)).seats[0].away
        with pytest.raises(TableError, match="No bot is standing in"):
            await tables.come_back(game_id, BOB)
        assert "Welcome back" in await tables.come_back(game_id, ALICE)
        await tables.settle()
        assert not (await tables.record(game_id)).seats[0].away
        assert any("is back" in t for t in courier.texts())
        for _ in range(2):  # bob places his workers; then it is alice's turn, and no bot takes it
            await tables.play(game_id, BOB, (await tables.legal(game_id, BOB))[0][0])
        await tables.settle()
        assert await tables.waiting_seats(game_id) == [0]

    async def test_settings_are_validated(self, tables):
        game_id = await started(tables)
        with pytest.raises(TableError, match="Unknown setting"):
            await tables.configure(game_id, ALICE, colour="red")
        with pytest.raises(TableError, match="fallback must be one of"):
            await tables.configure(game_id, ALICE, fallback="forfeit")
        with pytest.raises(TableError, match="Only the host, the players"):
            await tables.configure(game_id, CAROL, remind_hours=2)
        with pytest.raises(TableError, match="remind_hours must be between 2 and 336"):
            await tables.configure(game_id, ALICE, remind_hours=0.25)
        assert (await tables.configure(game_id, ALICE, remind_hours="2")).settings["remind_hours"] == 2.0


async def test_every_error_is_an_agora_error(tables):
    """The front end shows AgoraError messages to users; nothing else leaks."""
    assert issubclass(TableError, AgoraError) and issubclass(IllegalAction, AgoraError)


async def test_a_reaction_window_closes_after_the_tables_window_hours(tables, clock, monkeypatch):
    """A game's reaction window (a sell, tax or casting window) stays open for
    the table's ``window_hours``; then the table plays `pass` for silent seats."""
    game_id = await started(tables)
    await tables.configure(game_id, ALICE, window_hours=1)
    live = await tables._live(game_id)
    game = type(live.game)
    monkeypatch.setattr(game, "reaction_window", lambda self, state: "casting")
    real_legal = game.legal
    monkeypatch.setattr(game, "legal", lambda self, state, seat: real_legal(self, state, seat) + ["pass"])
    real_play = game.play

    def play(self, state, seat, action):
        return state if action == "pass" else real_play(self, state, seat, action)

    monkeypatch.setattr(game, "play", play)
    await tables.play(game_id, ALICE, "place c3")  # a new wait begins; the window closes in an hour
    clock.advance(0.5)
    await tables.remind()
    assert (await tables.store.actions(game_id))[-1].action == "place c3", "still open after half an hour"
    clock.advance(0.6)
    await tables.remind()
    rows = await tables.store.actions(game_id)
    assert rows[-1].action == "pass" and rows[-1].seat == 0
