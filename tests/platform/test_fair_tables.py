"""Fair tables (issue 15): only the host or Manage Channels changes a table,
other players propose and all must agree; deadlines have a floor, count from
a change, and always warn before a bot takes a seat; seats pass to new
people; options are checked when the lobby opens; an abandoned lobby ends
cleanly; a take-back that revealed something needs another player's yes."""

from __future__ import annotations

import pytest

from cogs.utils.resolve import parse_options
from engine.core import IllegalAction
from engine.tables import TableError, Tables
from tests.platform.test_tables import ALICE, BOB, CAROL, CHANNEL, lobby, started

DAVE = 104


class TestWhoMayChangeATable:
    async def test_only_the_host_seats_bots_starts_and_kicks(self, tables, courier):
        game_id = await lobby(tables, (ALICE, "alice"), (BOB, "bob"), (CAROL, "carol"))
        for attempt in (
            tables.add_bot(game_id, BOB),
            tables.remove_bot(game_id, BOB),
            tables.start(game_id, BOB),
            tables.kick(game_id, BOB, CAROL),
        ):
            with pytest.raises(TableError, match=r"Only the host \(<@101>\) or a member with Manage Channels"):
                await attempt
        await tables.add_bot(game_id, BOB, can_manage=True)  # a moderator may
        record = await tables.kick(game_id, ALICE, CAROL)
        await tables.settle()
        assert [s.user_id for s in record.seats] == [ALICE, BOB, None]
        assert "carol was removed from the lobby by its host" in courier.texts()[-1]

    async def test_the_host_role_passes_on_when_the_host_leaves_or_resigns(self, tables, courier):
        game_id = await lobby(tables, (ALICE, "alice"), (BOB, "bob"), (CAROL, "carol"))
        await tables.leave(game_id, ALICE)
        assert (await tables.record(game_id)).host_id == BOB
        await tables.join(game_id, ALICE, "alice")
        await tables.start(game_id, BOB)
        await tables.resign(game_id, BOB)
        await tables.settle()
        record = await tables.record(game_id)
        assert record.host_id != BOB and record.seat_of(record.host_id) is not None
        with pytest.raises(TableError, match="Only the host or a member with Manage Channels can abandon"):
            await tables.abandon(game_id, BOB)
        assert any("is the host of this table now" in t for t in courier.texts())

    async def test_a_non_host_cannot_shorten_the_deadline_but_may_propose_it(self, tables, courier):
        game_id = await started(tables)
        change = await tables.configure(game_id, BOB, deadline_hours=1)
        assert not change.applied and change.settings["deadline_hours"] == 0
        await tables.settle()
        assert "bob proposes a deadline of 1 h per turn" in courier.delivered[-1].text
        assert courier.delivered[-1].kind == "proposal"
        with pytest.raises(TableError, match="You proposed this change"):
            await tables.answer_proposal(game_id, BOB, True)
        assert "changed" not in await tables.answer_proposal(game_id, ALICE, False)
        assert (await tables.record(game_id)).settings["deadline_hours"] == 0
        await tables.configure(game_id, BOB, deadline_hours=2)
        await tables.answer_proposal(game_id, ALICE, True)
        await tables.settle()
        assert (await tables.record(game_id)).settings["deadline_hours"] == 2
        assert "All players agreed: a deadline of 2 h per turn" in courier.texts()[-1]

    async def test_every_change_by_the_host_is_announced(self, tables, courier):
        game_id = await started(tables)
        change = await tables.configure(game_id, ALICE, deadline_hours=24, remind_hours=6)
        await tables.settle()
        assert change.applied
        assert courier.texts()[-1] == "⚙️ <@101> set: a deadline of 24 h per turn, reminders every 6 h."


class TestTimeControls:
    @pytest.mark.parametrize(
        "setting,value,message",
        [
            ("deadline_hours", 0.0003, "deadline_hours must be between 1 and 1440 hours (0 for none)"),
            ("remind_hours", 0.25, "remind_hours must be between 2 and 336 hours"),
            ("window_hours", 0.01, "window_hours must be between 0.5 and 72 hours"),
        ],
    )
    async def test_below_the_floor_is_refused(self, tables, setting, value, message):
        game_id = await started(tables)
        with pytest.raises(TableError, match=message.replace("(", r"\(").replace(")", r"\)")):
            await tables.configure(game_id, ALICE, **{setting: value})

    async def test_a_warning_precedes_every_bot_takeover(self, tables, courier, clock):
        game_id = await started(tables)
        await tables.configure(game_id, ALICE, deadline_hours=4)
        for _ in range(40):  # ticks every 15 minutes, as long as it takes
            clock.advance(0.25)
            await tables.remind()
        await tables.settle()
        texts = [n.text for n in courier.delivered]
        taken = next(i for i, t in enumerate(texts) if "missed the deadline" in t)
        warnings = [i for i, t in enumerate(texts) if "your time in the Santorini game runs out" in t]
        assert warnings and warnings[0] < taken, texts
        kinds = {courier.delivered[i].payload.get("dm") for i in warnings}
        assert kinds == {True, False}, "the warning goes to the channel and by DM"

    async def test_a_deadline_set_mid_turn_counts_from_the_change(self, tables, courier, clock):
        game_id = await started(tables)
        clock.advance(30)  # alice has been thinking for 30 hours
        await tables.configure(game_id, ALICE, deadline_hours=2)
        clock.advance(1)
        await tables.remind()
        assert not (await tables.record(game_id)).seats[0].away, "not taken over an hour after the change"

    async def test_muting_silences_reminders_but_not_the_warning(self, tables, courier, clock):
        game_id = await started(tables)
        await tables.configure(game_id, ALICE, deadline_hours=8, remind_hours=2)
        await tables.mute(game_id, ALICE)
        await tables.settle()
        before = len(courier.delivered)
        for _ in range(16):
            clock.advance(0.5)
            await tables.remind()
        await tables.settle()
        later = [n.text for n in courier.delivered[before:]]
        assert not any("is waiting for you" in t for t in later)
        assert any("runs out" in t for t in later) and any("missed the deadline" in t for t in later)


class TestSeatsChangeHands:
    async def test_a_replaced_players_successor_gets_the_hand(self, tables, courier):
        game_id = await lobby(tables, (ALICE, "alice"), (BOB, "bob"), game="thessaloniki")
        await tables.start(game_id, ALICE)
        with pytest.raises(TableError, match="Only the host"):
            await tables.replace(game_id, CAROL, 1, DAVE, "dave")
        text = await tables.replace(game_id, BOB, 1, CAROL, "carol")  # bob hands his own seat over
        await tables.settle()
        assert text.startswith("🔄 carol takes over bob")
        record = await tables.record(game_id)
        assert record.seats[1].user_id == CAROL and record.seat_of(BOB) is None
        hand = [n for n in courier.delivered if n.kind == "private" and n.user_id == CAROL]
        assert hand and hand[-1].payload["view"]["private"], "carol received the seat's private side"
        assert await tables.private_view(game_id, CAROL)
        with pytest.raises(TableError, match="You are not playing"):
            await tables.private_view(game_id, BOB)

    async def test_a_seat_a_bot_holds_since_a_resignation_can_go_to_a_person(self, tables):
        game_id = await lobby(tables, (ALICE, "alice"), (BOB, "bob"), (CAROL, "carol"), game="thebes")
        await tables.start(game_id, ALICE)
        await tables.resign(game_id, CAROL)
        await tables.settle()
        await tables.replace(game_id, ALICE, 2, DAVE, "dave")
        seat = (await tables.record(game_id)).seats[2]
        assert (seat.user_id, seat.name, seat.bot, seat.is_bot) == (DAVE, "dave", None, False)


class TestLobbies:
    async def test_comma_options_start_a_game(self, tables):
        options = parse_options(tables.game_for("santorini"), "gods=artemis,demeter")
        game_id = await lobby(tables, (ALICE, "alice"), (BOB, "bob"), options=options)
        await tables.start(game_id, ALICE)
        assert (await tables.record(game_id)).options["gods"] == "artemis,demeter"

    @pytest.mark.parametrize(
        "options,message",
        [
            ({"gods": "pan,hades"}, "Pan and Hades ban each other"),
            ({"gods": "artemis"}, "Name one god per player"),
        ],
    )
    async def test_options_no_table_can_play_are_refused_when_the_lobby_opens(self, tables, options, message):
        with pytest.raises(IllegalAction, match=message):
            await tables.create(channel_id=CHANNEL, user_id=ALICE, name="alice", game="santorini", options=options)
        assert await tables.in_channel(CHANNEL) is None

    async def test_an_abandoned_lobby_reads_abandoned(self, tables, courier):
        game_id = await lobby(tables, (ALICE, "alice"), (BOB, "bob"))
        await tables.abandon(game_id, ALICE)
        await tables.settle()
        assert "was abandoned" in courier.texts()[-1]
        record = await tables.latest_in_channel(CHANNEL)
        assert (await tables.status(record.id)).startswith("**Santorini** #1 — abandoned")


async def test_a_take_back_that_revealed_a_draw_is_refused_against_bots(tmp_path, courier, clock):
    tables = await Tables.open(str(tmp_path / "t.sqlite3"), courier=courier, clock=clock, run_bots=False)
    try:
        record = await tables.create(channel_id=CHANNEL, user_id=ALICE, name="alice", game="thebes", seed=2)
        await tables.add_bot(record.id, ALICE)
        await tables.start(record.id, ALICE)
        live = await tables._live(record.id)
        game = live.game
        while True:  # play until alice's action draws from the deck
            state = live.state
            seat = game.to_move(state)[0]
            for action in game.legal(state, seat):
                after = game.play(state, seat, action)
                if seat == 0 and game.reveals(state, 0, action, after):
                    await tables.play(record.id, ALICE, action)
                    with pytest.raises(TableError, match="revealed hidden information or a random draw"):
                        await tables.undo(record.id, ALICE)
                    return
            await tables.play_seat(record.id, seat, game.legal(state, seat)[0])
            live = await tables._live(record.id)
    finally:
        await tables.close()


async def test_the_archive_lists_a_servers_finished_games_newest_first_with_filters(tables):
    for channel in range(3):
        record = await tables.create(
            channel_id=CHANNEL + channel, user_id=ALICE, name="alice", game="santorini", guild_id=9, seed=channel
        )
        await tables.join(record.id, BOB if channel < 2 else CAROL, "bob" if channel < 2 else "carol")
        await tables.start(record.id, ALICE)
        await tables.resign(record.id, ALICE)
    lines, pages = await tables.archive(9)
    assert pages == 1 and [line.split()[0] for line in lines] == ["**#3", "**#2", "**#1"]
    assert "🏆 carol" in lines[0] and "replay: `/game replay game:3`" in lines[0]
    assert [line.split()[0] for line in (await tables.archive(9, user_id=CAROL))[0]] == ["**#3"]
    assert (await tables.archive(9, game="thebes"))[0] == []
    assert (await tables.archive(10))[0] == []
    page, pages = await tables.archive(9, per_page=2, page=1)
    assert pages == 2 and [line.split()[0] for line in page] == ["**#1"]
