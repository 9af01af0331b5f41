"""Reading a game: boards, choices, status, the log, a player's games."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Game, Outcome, own_steps_state
from engine.store import GameRecord, ReminderRecord
from engine.tables.clocks import Interval, bank_left, charged, fall, frozen_until, paused_until, reserve
from engine.tables.commits import Commits
from engine.tables.model import Live, TableError, duration, effective_actions, legal_now, seat_label, timestamp
from engine.tables.notices import outcome_text

ARCHIVE_PAGE = 10
"""Finished games per page of ``/game history``."""


def bank_text(seconds: float) -> str:
    """What is left in a bank, to the hour: "2 days 5 h", "7 h", "40 min"."""
    minutes = round(seconds / 60)
    days, hours = divmod(minutes // 60, 24)
    if days >= 2:
        return f"{days} days {hours} h" if hours else f"{days} days"
    return duration(minutes * 60)


def menu_choices(
    game: Game, state: Any, seat: int, legal: list[str] | None = None
) -> list[tuple[str, str, tuple[str, ...]]]:
    """What the menus offer a seat: its legal actions (``legal``, when
    known), then the composed ones (``Game.composed_actions``), each with
    its label and menu path."""
    actions = [*(game.legal(state, seat) if legal is None else legal), *game.composed_actions(state, seat)]
    return [(action, game.label(state, seat, action), game.menu_path(state, seat, action)) for action in actions]


class Views(Commits):
    """What players and spectators can read about a game."""

    async def public_view(self, game_id: int) -> dict[str, Any]:
        live = await self._live(game_id)
        self._require_active_or_over(live.record)
        return self._public_view(live)

    async def private_view(self, game_id: int, user_id: int) -> dict[str, Any]:
        live = await self._live(game_id)
        self._require_active_or_over(live.record)
        seat = self._seat_of(live, user_id)
        return live.game.view(live.state, seat)

    def _require_active_or_over(self, record: GameRecord) -> None:
        if record.status == "lobby":
            raise TableError("The game has not started yet, so there is no board to show.")

    async def legal(self, game_id: int, user_id: int) -> list[tuple[str, str]]:
        """The caller's legal actions with their labels (empty when there is
        nothing they may do now)."""
        live = await self._live(game_id)
        if live.record.status != "active":
            return []
        seat = live.record.seat_of(user_id)
        if seat is None:
            return []
        return self.labelled(live, seat)

    def labelled(self, live: Live, seat: int) -> list[tuple[str, str]]:
        game, state = live.game, live.state
        return [(action, game.label(state, seat, action)) for action in legal_now(live, seat)]

    async def menu_for_seat(self, game_id: int, seat: int) -> tuple[int, list[tuple[str, str, tuple[str, ...]]]]:
        """The game's seq and the seat's legal actions with their labels and
        menu paths, all read from one state (nothing unless the game is on)."""
        return await self.menu_after_steps(game_id, seat, ())

    async def menu_after_steps(
        self, game_id: int, seat: int, steps: Sequence[str]
    ) -> tuple[int, list[tuple[str, str, tuple[str, ...]]]]:
        """As ``menu_for_seat``, for a next step in the same command after the
        seat's own ``steps`` (in a game that joins steps): nothing when they
        cannot be followed in one command (``own_steps_state``)."""
        live = await self._live(game_id)
        game, seq = live.game, live.record.seq
        if live.record.status != "active":
            return seq, []
        state = own_steps_state(game, live.state, seat, steps) if steps else live.state
        if state is None:
            return seq, []
        return seq, menu_choices(game, state, seat, None if steps else legal_now(live, seat))

    async def steps_command(self, game_id: int, steps: Sequence[str]) -> str:
        """A seat's consecutive steps as the one command the game reads."""
        separator = (await self._live(game_id)).game.step_separator
        if separator is None and len(steps) != 1:
            raise TableError("This game plays one step a command.")
        return f"{separator} ".join(steps)

    async def waiting_seats(self, game_id: int) -> list[int]:
        """The seats the game waits for now (empty unless active)."""
        live = await self._live(game_id)
        return live.game.to_move(live.state) if live.record.status == "active" else []

    async def legal_for_seat(self, game_id: int, seat: int) -> list[tuple[str, str]]:
        live = await self._live(game_id)
        if live.record.status != "active":
            return []
        return self.labelled(live, seat)

    async def status(self, game_id: int) -> str:
        live = await self._live(game_id)
        record, game = live.record, live.game
        head = f"**{game.title}** #{record.id} — {record.status}"
        # Keys the table adds itself (``AI_SEATS``) are not players' options.
        options = ", ".join(
            f"{k}={v}" for k, v in record.options.items() if k in game.options and game.options[k].default != v
        )
        if options:
            head += f" ({options})"
        if record.status == "lobby":
            seats = ", ".join(s.name for s in record.seats) or "nobody yet"
            return (
                f"{head}\nSeated ({len(record.seats)}/{game.max_players}, at least {game.min_players}): "
                f"{seats}.\nJoin with `/game join`; the host starts with `/game start`."
            )
        lines = [
            head,
            "Seats: " + ", ".join(seat_label(live, s.seat) + (" [bot]" if s.is_bot else "") for s in record.seats),
        ]
        if record.status == "active":
            movers = game.to_move(live.state)
            lines.append("To act: " + ", ".join(seat_label(live, s) for s in movers) + ".")
            now = self.clock()
            # One reading of the waits: a move may change them while the vacations are read.
            waits = dict(sorted(live.reminders.items()))
            vacations = {seat: await self._frozen_for(record.seats[seat].user_id) for seat in waits}
            for seat, reminder in waits.items():
                line = f"The table has waited {duration(now - reminder.since)} for {record.seats[seat].name}"
                frozen = vacations[seat]
                away = frozen_until(now, frozen)
                if away is not None:
                    line += f", who is away (back {timestamp(away)})"
                falls = fall(record.settings, seat, reminder.since, frozen)
                if falls is not None:
                    line += f"; their time runs out {timestamp(falls.at)}"
                lines.append(line + ".")
            lines.extend(self._clock_lines(live, now, waits, vacations))
        elif record.outcome:
            lines.append(outcome_text(live, Outcome.from_dict(record.outcome)))
        lines.append(f"Moves so far: {record.seq}.")
        dead = await self.store.dead_letters(game_id)
        if dead:
            posts = "post" if len(dead) == 1 else "posts"
            lines.append(f"⚠️ {len(dead)} {posts} could not be delivered (last: {dead[-1][2][:120]}).")
        return "\n".join(lines)

    def _clock_lines(
        self, live: Live, now: float, waits: dict[int, ReminderRecord], vacations: dict[int, list[Interval]]
    ) -> list[str]:
        """The table's pause and its players' banks, if it keeps them
        (``waits`` and ``vacations``: the seats waited for, and their vacations)."""
        record, lines = live.record, []
        until = paused_until(record.settings, now)
        if until is not None:
            lines.append(f"⏸️ Paused: no reminders, and no clock runs; they start again {timestamp(until)}.")
        if reserve(record.settings) is None:
            return lines
        banks = []
        for seat in record.seats:
            left = bank_left(record.settings, seat.seat)
            if seat.user_id is None or left is None:
                continue
            reminder = waits.get(seat.seat)
            if reminder is not None:  # a wait under way is drawing on the bank: as if it ended now
                drawn = charged(record.settings, seat.seat, reminder.since, now, False, vacations[seat.seat])
                left = drawn["banks"][str(seat.seat)] if drawn is not None else left
            banks.append(f"{seat.name} {bank_text(left)}")
        increment = float(record.settings.get("increment_hours") or 0)
        plus = f" (+{increment:g} h per turn)" if increment else ""
        lines.append(f"Time banks{plus}: " + ", ".join(banks) + ".")
        return lines

    async def history(self, game_id: int) -> list[str]:
        """The game's log in plain words (public lines only)."""
        rows = await self.store.actions(game_id)
        undone = {r.seq for r in rows} - {r.seq for r in effective_actions(rows)}
        lines = []
        for row in rows:
            if not row.text:
                continue
            mark = "~~" if row.seq in undone and row.kind == "play" else ""
            lines.append(f"{row.seq:>4}. {mark}{row.text}{mark}")
        return lines

    async def my_games(self, user_id: int) -> list[tuple[GameRecord, bool]]:
        """Live games of a user, each with whether it is their turn: two
        queries, no game loaded (it runs on every keystroke of an autocomplete)."""
        waiting = await self.store.games_waiting_for(user_id)
        return [(record, record.id in waiting) for record in await self.store.games_of_user(user_id)]

    async def archive(
        self,
        guild_id: int,
        *,
        game: str | None = None,
        user_id: int | None = None,
        page: int = 0,
        per_page: int = ARCHIVE_PAGE,
    ) -> tuple[list[str], int]:
        """A server's finished and abandoned games, newest first, as lines of
        one page (who played, the result, its length, how to replay it), and
        how many pages there are."""
        if game is not None:
            game = self.game_for(game).name
        records, total = await self.store.finished_games(
            guild_id, game=game, user_id=user_id, limit=per_page, offset=max(0, page) * per_page
        )
        pages = max(1, -(-total // per_page))
        return [self._archive_line(record) for record in records], pages

    def _archive_line(self, record: GameRecord) -> str:
        title = self.game_for(record.game).title
        names = [s.name for s in record.seats]
        if record.status == "abandoned":
            result = "abandoned"
        elif record.outcome:
            outcome = Outcome.from_dict(record.outcome)
            winners = [names[s] for s in outcome.winners if s < len(names)]
            result = f"🏆 {' and '.join(winners)}" if winners else "nobody won"
        else:
            result = "finished"
        length = f"{record.seq} moves"
        if record.started_at and record.finished_at:
            length += f", {duration(record.finished_at - record.started_at)}"
        return (
            f"**#{record.id} {title}** — {', '.join(names)} — {result} — {length} — "
            f"replay: `/game replay game:{record.id}`"
        )

    async def seat_names(self, game_id: int) -> list[str]:
        live = await self._live(game_id)
        return [s.name for s in live.record.seats]
