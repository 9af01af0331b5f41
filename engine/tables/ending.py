"""Ending a game early: a resignation, or the host abandoning it."""

from __future__ import annotations

from engine.core import Outcome
from engine.store import GameRecord, NewNotice
from engine.tables.bots import default_level
from engine.tables.commits import Commits
from engine.tables.model import TableError, Unloadable, seat_label
from engine.tables.notices import outcome_text


class Ending(Commits):
    """Resigning and abandoning."""

    async def resign(self, game_id: int, user_id: int) -> str:
        async with self._held(game_id) as live:
            self._require_active(live.record)
            seat = self._seat_of(live, user_id)
            record = live.record
            label = seat_label(live, seat)
            humans_left = [s for s in record.seats if s.user_id is not None and s.seat != seat]
            if len(record.seats) == 2 or not humans_left:
                winners = tuple(s.seat for s in record.seats if s.seat != seat)
                scores = tuple(0.0 if s.seat == seat else 1.0 for s in record.seats)
                outcome = Outcome(scores, winners, f"{label} resigned")
                text = f"🏳️ {label} resigns."
                await self._commit(live, seat, "resign", "resign", text, live.state, live.state, ended=outcome)
                return text + "\n" + outcome_text(live, outcome)
            seat_record = record.seats[seat]
            seat_record.user_id, seat_record.bot, seat_record.away = None, default_level(live.game, stand_in=True), False
            seat_record.name = f"{seat_record.name} (resigned)"
            text = f"🏳️ {label} resigns; a bot plays that seat from now on."
            await self.store.update_seat(record.id, seat_record)
            await self._commit(live, seat, "resign", "resign", text, live.state, live.state)
            return text

    async def abandon(self, game_id: int, user_id: int, can_manage: bool = False) -> str:
        try:
            return await self._abandon(game_id, user_id, can_manage)
        except Unloadable:
            return await self._abandon_unloadable(game_id, user_id, can_manage)

    @staticmethod
    def _require_may_abandon(record: GameRecord, user_id: int, can_manage: bool) -> None:
        if record.status not in ("lobby", "active"):
            raise TableError(f"This game is already {record.status}.")
        if record.host_id != user_id and not can_manage:
            raise TableError("Only the host or a member with Manage Channels can abandon the game.")

    async def _abandon_unloadable(self, game_id: int, user_id: int, can_manage: bool) -> str:
        """Abandon a game whose state cannot be rebuilt: only its record changes."""
        record = await self.store.game(game_id)
        assert record is not None  # loading it failed after finding it
        self._require_may_abandon(record, user_id, can_manage)
        text = f"The {self.game_for(record.game).title} game #{record.id} was abandoned (it could not be loaded)."
        await self.store.update_game(game_id, status="abandoned", finished_at=self.clock())
        await self.store.add_notices(game_id, record.seq, [NewNotice("channel", {
            "text": text, "mentions": [], "game": record.game})])
        self._forget(game_id)
        self._spawn(self.flush(game_id))
        return text

    async def _abandon(self, game_id: int, user_id: int, can_manage: bool) -> str:
        async with self._held(game_id) as live:
            record = live.record
            self._require_may_abandon(record, user_id, can_manage)
            text = f"The {live.game.title} game #{record.id} was abandoned."
            if record.status == "lobby":
                await self.store.update_game(game_id, status="abandoned", finished_at=self.clock())
                record.status = "abandoned"
            else:
                await self._commit(live, None, "abandon", "abandon", text, live.state, live.state, abandoned=True)
            self._forget(game_id)
            return text
