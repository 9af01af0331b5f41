"""Time controls people know (issue 15, item 2): a time bank per player (a
reserve plus an increment per move), vacations within a yearly allowance
(``/away``), and a pause the table agrees on. The clock arithmetic is pure
(``engine.tables.clocks``); the service tests play it out with a hand-wound
clock, ticking ``remind`` as the front end's loop does."""

from __future__ import annotations

import pytest

from engine.tables import TableError
from engine.tables.clocks import (
    DAY,
    HOUR,
    away_used,
    bank_left,
    book_away,
    charged,
    clock_end,
    fall,
    unfrozen_between,
    with_pause,
)
from tests.platform.test_tables import ALICE, BOB, started


class TestFrozenTime:
    def test_a_budget_runs_only_while_the_clock_runs(self):
        # 10 h from t=0, with the clock stopped from 2 h to 5 h: ends at 13 h.
        assert clock_end(0, 10 * HOUR, [(2 * HOUR, 5 * HOUR)]) == 13 * HOUR
        assert clock_end(0, 1 * HOUR, [(2 * HOUR, 5 * HOUR)]) == 1 * HOUR, "a pause after the end changes nothing"
        assert clock_end(3 * HOUR, 1 * HOUR, [(2 * HOUR, 5 * HOUR)]) == 6 * HOUR, "a wait that starts frozen"

    def test_overlapping_pauses_and_vacations_count_once(self):
        frozen = [(1 * HOUR, 4 * HOUR), (3 * HOUR, 6 * HOUR)]
        assert unfrozen_between(0, 10 * HOUR, frozen) == 5 * HOUR
        assert clock_end(0, 5 * HOUR, frozen) == 10 * HOUR


class TestBank:
    SETTINGS = {"bank_hours": 10.0, "increment_hours": 2.0, "deadline_hours": 0.0}

    def test_a_move_pays_for_its_time_then_gains_the_increment_up_to_the_reserve(self):
        clock = charged(self.SETTINGS, 0, since=0, now=3 * HOUR, turn_over=True)
        assert clock is not None and clock["banks"]["0"] == 9 * HOUR  # 10 - 3 + 2
        full = charged(self.SETTINGS, 0, since=0, now=0.5 * HOUR, turn_over=True)
        assert full is not None and full["banks"]["0"] == 10 * HOUR, "never past the reserve"

    def test_a_step_that_does_not_end_the_turn_gains_nothing(self):
        clock = charged(self.SETTINGS, 0, since=0, now=3 * HOUR, turn_over=False)
        assert clock is not None and clock["banks"]["0"] == 7 * HOUR

    def test_the_wait_falls_when_the_bank_or_the_deadline_runs_out_whichever_first(self):
        assert fall(self.SETTINGS, 0, since=0) == (10 * HOUR, 10 * HOUR)
        assert fall({**self.SETTINGS, "deadline_hours": 4.0}, 0, since=0) == (4 * HOUR, 4 * HOUR)
        assert fall({"deadline_hours": 0.0}, 0, since=0) is None

    def test_a_pause_stops_the_bank(self):
        paused = {**self.SETTINGS, "clock": with_pause(self.SETTINGS, now=1 * HOUR, days=1)}
        assert fall(paused, 0, since=0).at == 10 * HOUR + DAY  # type: ignore[union-attr]
        clock = charged(paused, 0, since=0, now=DAY + 2 * HOUR, turn_over=False)
        assert clock is not None and clock["banks"]["0"] == 8 * HOUR, "charged 2 h, not a day"


class TestVacationAllowance:
    def test_thirty_days_in_any_365(self):
        booked = book_away([], now=0, days=20, per_year=30)
        assert away_used(booked, 0) == 20
        with pytest.raises(ValueError, match="10"):
            book_away(booked, now=25 * DAY, days=15, per_year=30)
        assert away_used(booked, 400 * DAY) == 0, "a year later the days are back"

    def test_ending_a_vacation_early_gives_its_unused_days_back(self):
        booked = book_away([], now=0, days=20, per_year=30)
        ended = book_away(booked, now=5 * DAY, days=0, per_year=30)
        assert away_used(ended, 5 * DAY) == 5


async def finish_turn(tables, game_id: int, user_id: int) -> None:
    """Play the first legal action for ``user_id`` until their turn is over."""
    while True:
        actions = await tables.legal(game_id, user_id)
        result = await tables.play(game_id, user_id, actions[0][0])
        if result.turn_over:
            return


async def tick(tables, clock, hours: float, step: float = 0.25) -> None:
    """The front end's reminder loop, every ``step`` hours for ``hours``."""
    for _ in range(int(hours / step)):
        clock.advance(step)
        await tables.remind()
    await tables.settle()


class TestTimeBankAtTheTable:
    async def test_the_bank_is_charged_and_shown(self, tables, clock):
        game_id = await started(tables)
        await tables.configure(game_id, ALICE, bank_hours=10, increment_hours=2)
        clock.advance(3)
        await finish_turn(tables, game_id, ALICE)
        record = await tables.record(game_id)
        assert bank_left(record.settings, 0) == 9 * HOUR
        status = await tables.status(game_id)
        assert "Time banks (+2 h per turn): alice 9 h, bob 10 h." in status

    async def test_an_empty_bank_is_a_missed_deadline_after_a_warning(self, tables, courier, clock):
        game_id = await started(tables)
        await tables.configure(game_id, ALICE, bank_hours=2)
        await tick(tables, clock, 4)
        texts = courier.texts() + courier.texts("reminder")
        assert any("runs out" in t for t in texts) and any("missed the deadline" in t for t in texts)
        assert (await tables.record(game_id)).seats[0].away

    async def test_coming_back_after_an_empty_bank_finds_an_hour_in_it(self, tables, clock):
        game_id = await started(tables)
        await tables.configure(game_id, ALICE, bank_hours=2, increment_hours=0)
        for _ in range(16):
            clock.advance(0.25)
            await tables.remind()
        await tables.settle()
        assert (await tables.record(game_id)).seats[0].away, "the empty bank gave the seat to a bot"
        await tables.come_back(game_id, ALICE)
        record = await tables.record(game_id)
        assert not record.seats[0].away
        assert bank_left(record.settings, 0) == 1 * HOUR, "at least an hour, so the seat is not lost again at once"

    async def test_the_bank_survives_a_restart(self, tables, clock, tmp_path, courier):
        game_id = await started(tables)
        await tables.configure(game_id, ALICE, bank_hours=10, increment_hours=0)
        clock.advance(4)
        await finish_turn(tables, game_id, ALICE)
        reopened = type(tables)(tables.store, courier=courier, clock=clock)
        assert bank_left((await reopened.record(game_id)).settings, 0) == 6 * HOUR


class TestPause:
    async def test_a_paused_table_sends_no_reminders_and_takes_no_seat(self, tables, courier, clock):
        game_id = await started(tables)
        await tables.configure(game_id, ALICE, deadline_hours=2, remind_hours=2)
        change = await tables.configure(game_id, ALICE, pause_days=1)
        assert change.applied and "Paused: no reminders, and no clock runs; they start again <t:" in change.text
        await tables.settle()
        before = len(courier.delivered)
        await tick(tables, clock, 23)
        assert courier.delivered[before:] == [], "nothing while paused"
        assert "⏸️ Paused: no reminders" in await tables.status(game_id)
        await tick(tables, clock, 4)
        texts = [n.text for n in courier.delivered[before:]]
        assert any("runs out" in t for t in texts), "the clock runs again after the pause"

    async def test_a_player_who_is_not_the_host_proposes_a_pause(self, tables, courier, clock):
        game_id = await started(tables)
        change = await tables.configure(game_id, BOB, pause_days=3)
        assert not change.applied
        await tables.answer_proposal(game_id, ALICE, True)
        await tables.settle()
        assert "All players agreed: a pause of 3 days. ⏸️ Paused: no reminders" in courier.texts()[-1]
        change = await tables.configure(game_id, ALICE, pause_days=0)
        assert "the end of the pause" in change.text and "clocks run again" in change.text

    async def test_a_pause_longer_than_a_month_is_refused(self, tables):
        game_id = await started(tables)
        with pytest.raises(TableError, match="pause_days must be between 0 and 30 days"):
            await tables.configure(game_id, ALICE, pause_days=45)


class TestAway:
    async def test_an_away_player_is_not_reminded_nor_replaced(self, tables, courier, clock):
        game_id = await started(tables)
        await tables.configure(game_id, ALICE, deadline_hours=4, remind_hours=2)
        text = await tables.away(ALICE, 2)
        assert "You are away in all your games, back <t:" in text and "left: 28" in text
        await tables.settle()
        assert "🌴 <@101> is away, back <t:" in courier.texts()[-1]
        before = len(courier.delivered)
        await tick(tables, clock, 47)
        assert courier.delivered[before:] == []
        assert not (await tables.record(game_id)).seats[0].away
        assert "The table has waited 47 h for alice, who is away (back <t:" in await tables.status(game_id)
        await tick(tables, clock, 6)
        assert any("missed the deadline" in n.text for n in courier.delivered[before:]), "the clock runs again"

    async def test_coming_back_early_gives_days_back_and_reminders_resume(self, tables, courier, clock):
        game_id = await started(tables)
        await tables.configure(game_id, ALICE, remind_hours=2)
        await tables.away(ALICE, 10)
        clock.advance(24)
        text = await tables.away(ALICE, 0)
        assert "left: 29" in text
        await tables.settle()
        assert "👋 <@101> is back from vacation" in courier.texts()[-1]
        before = len(courier.delivered)
        await tick(tables, clock, 2.5)
        assert any("is waiting for you" in n.text for n in courier.delivered[before:])

    async def test_the_allowance_is_enforced_with_a_clear_message(self, tables, clock):
        await tables.away(ALICE, 20)
        assert "left: 5" in await tables.away(ALICE, 25), "a vacation under way is replaced, not added to"
        clock.advance(25 * 24)
        with pytest.raises(TableError, match="5 of 30 days are left"):
            await tables.away(ALICE, 6)
        with pytest.raises(TableError, match="from 1 to 30 days"):
            await tables.away(BOB, 31)
        with pytest.raises(TableError, match="You are not away"):
            await tables.away(BOB, 0)
        with pytest.raises(TableError, match="A number of days"):
            await tables.away(BOB, "3")  # type: ignore[arg-type]
