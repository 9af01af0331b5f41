"""Playing an action for a seat: a player's, a bot's, or the table's own
(a pass when a window closes)."""

from __future__ import annotations

from engine.core import IllegalAction, match_action, normalize_action
from engine.metrics import MOVES_JUDGED_AGAIN
from engine.store import GameChanged, NewNotice
from engine.tables.clocks import refilled
from engine.tables.commits import Commits
from engine.tables.model import Live, PlayResult, TableError, legal_now, seat_label

ACTION_CHARS = 200
"""The longest action a step may be (notation is short phrases)."""
MOST_STEPS = 16
"""Steps of one command (``Game.step_separator``) the length allows for."""


class Moves(Commits):
    """Actions played for seats."""

    async def play(self, game_id: int, user_id: int, action: str) -> PlayResult:
        """Play ``action`` for the seat of ``user_id``.

        On a shared database a game this process has cached is first tried
        as cached, without the fleet's lock or reading it again (one
        statement a move instead of about two and a half); the commit is
        guarded, so the move lands only if the cache was the stored game.
        Otherwise, or if the cached game refused the move (it may be behind:
        the turn may have passed to this player meanwhile), the move is
        judged again on the game read fresh under the lock."""
        if self.shared and game_id in self._cache:
            result = await self._play_unchecked(game_id, user_id, action)
            if result is not None:
                return result
            MOVES_JUDGED_AGAIN.inc()
        async with self._held(game_id) as live:
            return await self._play_for_user(live, user_id, action)

    async def _play_unchecked(self, game_id: int, user_id: int, action: str) -> PlayResult | None:
        """The move played on the cached game, or None if that game turned out
        not to be the stored one, or refused the move before anything was written."""
        try:
            async with self._held_unchecked(game_id) as live:
                seq = live.record.seq
                try:
                    return await self._play_for_user(live, user_id, action)
                except (IllegalAction, TableError):
                    if live.record.seq != seq:
                        raise  # the move was written: the refusal is about what followed it
                    return None
        except GameChanged:
            return None

    async def _play_for_user(self, live: Live, user_id: int, action: str) -> PlayResult:
        self._require_active(live.record)
        seat = self._seat_of(live, user_id)
        seat_record = live.record.seats[seat]
        # A player back from a missed deadline takes the seat back from
        # the bot with their first accepted move (a refused one changes nothing).
        was_away, seat_record.away = seat_record.away, False
        try:
            result = await self._play(live, seat, action)
        except IllegalAction as error:
            seat_record.away = was_away
            if was_away:
                raise IllegalAction(
                    f"{error} (A bot is playing your seat since you missed the deadline; `/game back` takes it back.)"
                ) from None
            raise
        except BaseException:
            seat_record.away = was_away
            raise
        if was_away:
            await self.store.update_seat(live.record.id, seat_record)
            await self._refill_bank(live, seat)
        return result

    async def come_back(self, game_id: int, user_id: int) -> str:
        """A player who missed a deadline takes their seat back from the bot."""
        async with self._held(game_id) as live:
            record = live.record
            self._require_active(record)
            seat_record = record.seats[self._seat_of(live, user_id)]
            if not seat_record.away:
                raise TableError("No bot is standing in for you: you are playing your own seat.")
            seat_record.away = False
            await self.store.update_seat(game_id, seat_record)
            await self._refill_bank(live, seat_record.seat)
            await self.store.add_notices(
                game_id,
                record.seq,
                [
                    NewNotice(
                        "channel",
                        {
                            "text": f"👋 {seat_record.name} is back and plays their own seat again.",
                            "mentions": [],
                            "game": record.game,
                        },
                    )
                ],
            )
            self._spawn(self.flush(game_id))
            return "Welcome back: the bot has left your seat, and the game waits for you again on your turns."

    async def _refill_bank(self, live: Live, seat: int) -> None:
        """A player taking their seat back from a stand-in finds at least an
        increment in their bank, so the seat is not lost again at once."""
        clock = refilled(live.record.settings, seat)
        if clock is not None:
            live.record.settings = {**live.record.settings, "clock": clock}
            await self.store.update_game(live.record.id, settings=live.record.settings)

    async def play_seat(self, game_id: int, seat: int, action: str) -> PlayResult:
        """Play for a seat directly (bots, deadline fall-backs, scripts)."""
        async with self._held(game_id) as live:
            self._require_active(live.record)
            return await self._play(live, seat, action)

    async def _play(self, live: Live, seat: int, action: str) -> PlayResult:
        game, before = live.game, live.state
        text_in = normalize_action(action)
        steps = text_in.count(game.step_separator) + 1 if game.step_separator else 1
        if len(text_in) > ACTION_CHARS * min(steps, MOST_STEPS):
            raise IllegalAction("That action is far too long; actions are short phrases such as `move b2 c3`.")
        movers = game.to_move(before)
        legal = None
        if seat not in movers:
            # Seats the game is not waiting for may still have out-of-turn
            # actions (a trade offer, say) when the game lists them.
            legal = legal_now(live, seat)
            if match_action(text_in, legal) is None:
                names = " and ".join(seat_label(live, s) for s in movers)
                raise IllegalAction(f"It is not your turn: {names} {'are' if len(movers) > 1 else 'is'} to act.")
        after = game.play(before, seat, text_in)
        # The next movers' lists (the menus under the new board, their move's
        # check), taken while the game still holds what its move found out.
        next_movers = game.to_move(after)
        coming = {s: game.legal(after, s) for s in next_movers} if game.legal_comes_with_play else {}
        if legal is None and game.cheap_legal:
            legal = legal_now(live, seat)
        canonical = match_action(text_in, legal) if legal is not None else None
        stored = canonical or text_in
        text = self._line(live, seat, game.describe(before, seat, stored))
        await self._commit(live, seat, "play", stored, text, after, before, movers=next_movers)
        if live.state is after:
            live.legal_of, live.legal = after, coming
        return self._result(live, seat, stored, text, seat not in next_movers)
