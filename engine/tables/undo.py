"""Taking an action back: at once when nothing was revealed and nobody has
acted since, otherwise with the other players' consent."""

from __future__ import annotations

from typing import Any

from engine.store import ActionRecord, NewNotice, UndoRequest
from engine.tables.commits import Commits
from engine.tables.model import Live, TableError, UndoResult, effective_actions, seat_label


class Undo(Commits):
    """Take-backs and the answers to take-back requests."""

    async def undo(self, game_id: int, user_id: int) -> UndoResult:
        """Take back the caller's last action: at once when nobody has acted
        since and it showed nothing hidden; otherwise ask the other players."""
        async with self._held(game_id) as live:
            self._require_active(live.record)
            seat = self._seat_of(live, user_id)
            rows = effective_actions(await self.store.actions(game_id))
            mine = [i for i, row in enumerate(rows) if row.seat == seat]
            if not mine:
                raise TableError("You have no move to take back.")
            index = mine[-1]
            target = rows[index]
            later = rows[index + 1 :]
            others = [s for s in live.record.seats if s.seat != seat and s.user_id is not None]
            before = await self._replay(live.record, live.game, upto=target.seq)
            revealing = False
            if not later:
                revealing = live.game.reveals(before, seat, target.action, live.state)
            if revealing and not others:
                raise TableError(
                    "That action revealed hidden information or a random draw, so it cannot be "
                    "taken back (there is no other player to agree to it)."
                )
            if not others or (not later and not revealing):
                text = await self._do_undo(live, seat, target, before, len(later))
                return UndoResult(True, text)
            existing = await self.store.undo_request(game_id)
            if existing is not None and existing.at_seq == live.record.seq:
                raise TableError("A take-back request is already waiting for answers.")
            request = UndoRequest(game_id, seat, target.seq, live.record.seq, {}, self.clock())
            await self.store.put_undo_request(request)
            why = (
                "it revealed hidden information or a random draw"
                if revealing
                else f"{len(later)} action{'s' if len(later) != 1 else ''} came after it"
            )
            text = (
                f"{seat_label(live, seat)} asks to take back “{target.text}” ({why}). "
                f"{', '.join(f'<@{s.user_id}>' for s in others)}: accept or refuse."
            )
            await self.store.add_notices(
                game_id,
                live.record.seq,
                [
                    NewNotice(
                        "undo_request",
                        {
                            "text": text,
                            "seat": seat,
                            "target_seq": target.seq,
                            "at_seq": live.record.seq,
                            "mentions": [s.user_id for s in others],
                            "game": live.record.game,
                        },
                    )
                ],
            )
            self._spawn(self.flush(game_id))
            return UndoResult(False, "Your take-back needs the other players' consent; they have been asked.")

    async def answer_undo(self, game_id: int, user_id: int, accept: bool, at_seq: int | None = None) -> UndoResult:
        async with self._held(game_id) as live:
            request = await self.store.undo_request(game_id)
            if request is None or (at_seq is not None and request.at_seq != at_seq):
                raise TableError("There is no take-back request waiting (it was answered or withdrawn).")
            seat = self._seat_of(live, user_id)
            if seat == request.seat:
                raise TableError("You asked for this take-back; the other players answer it.")
            if request.at_seq != live.record.seq:
                await self.store.drop_undo_request(game_id)
                raise TableError("The game moved on since the request, so it lapsed; ask again if needed.")
            label = seat_label(live, seat)
            if not accept:
                await self.store.drop_undo_request(game_id)
                await self._note(live, f"{label} refused the take-back.")
                return UndoResult(False, "You refused the take-back.")
            request.votes[str(seat)] = True
            needed = {s.seat for s in live.record.seats if s.user_id is not None and s.seat != request.seat}
            if not needed <= {int(k) for k in request.votes}:
                await self.store.put_undo_request(request)
                return UndoResult(False, "Accepted; waiting for the other players.")
            await self.store.drop_undo_request(game_id)
            rows = effective_actions(await self.store.actions(game_id))
            target = next(r for r in rows if r.seq == request.target_seq)
            later = sum(1 for r in rows if r.seq > target.seq)
            before = await self._replay(live.record, live.game, upto=target.seq)
            text = await self._do_undo(live, request.seat, target, before, later)
            return UndoResult(True, text)

    async def _do_undo(self, live: Live, seat: int, target: ActionRecord, before: Any, later: int) -> str:
        extra = f" and {later} later action{'s' if later != 1 else ''}" if later else ""
        text = f"↩️ {seat_label(live, seat)} took back “{target.text}”{extra}."
        live.record.turn_lines = []
        await self._commit(live, seat, "undo", str(target.seq), text, before, live.state)
        return text
