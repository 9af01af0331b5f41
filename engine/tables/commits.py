"""One accepted action, one transaction: the log row and everything that
follows from it (snapshot, notices, reminders, the game's status)."""

from __future__ import annotations

from typing import Any

from engine.core import Outcome
from engine.metrics import MOVES
from engine.store import NewNotice, SeqConflict
from engine.tables.base import TableBase
from engine.tables.clocks import AWAY_KEY, AWAY_SCOPE, Interval, charged, reserve
from engine.tables.model import Live, MovedMeanwhile, PlayResult
from engine.tables.notices import channel_notice, private_notices, public_view_of
from engine.tables.schedule import next_reminders

SNAPSHOT_EVERY = 16
"""Plays between two snapshots of a game's state: loading a game reads its
last snapshot and plays the log rows after it again (at most 15 moves, a
few milliseconds), where writing the state at every move cost Hellenica
about half of what a move wrote."""


def needs_snapshot(kind: str, seq: int, over: bool) -> bool:
    """Whether a log row is written with a snapshot of the state after it:
    every ``SNAPSHOT_EVERY``-th play, the opening, the end, and every row but
    a play (an undo, a resignation): the rows after a snapshot are then plays
    alone, which the state before them plays again exactly."""
    return kind != "play" or over or seq % SNAPSHOT_EVERY == 0


class Commits(TableBase):
    """Writing one log row and all that follows from it, then updating the cache."""

    async def _commit(
        self,
        live: Live,
        seat: int | None,
        kind: str,
        action: str,
        text: str,
        after: Any,
        before: Any,
        *,
        game_fields: dict[str, Any] | None = None,
        opening: bool = False,
        ended: Outcome | None = None,
        abandoned: bool = False,
        movers: list[int] | None = None,
    ) -> None:
        """Persist one log row and everything that follows from it (snapshot,
        notices, reminders, game status) in one transaction, then update the
        cache. ``ended`` is an outcome decided at the table (a resignation);
        ``movers`` is ``game.to_move(after)`` where the caller has it."""
        record, game = live.record, live.game
        seq = 0 if opening else record.seq + 1
        now = self.clock()
        fields = dict(game_fields or {})
        if abandoned:
            movers = []
        elif movers is None:
            movers = game.to_move(after)
        outcome = ended or game.outcome(after)
        turn_lines = list(record.turn_lines)
        if kind == "play":
            turn_lines.append(text)
        turn_over = kind != "play" or outcome is not None or seat not in movers
        notices: list[NewNotice] = []
        with game.reading(after):  # the board and every seat's secrets read one state
            if turn_over:
                lines = turn_lines if kind == "play" else [text]
                notices.append(channel_notice(live, after, movers, lines, seq, outcome, abandoned))
                turn_lines = []
            dms, privates = private_notices(live, before, after, opening)
        fields["turn_lines"] = turn_lines
        notices.extend(dms)
        if outcome is not None:
            fields.update(status="finished", finished_at=now, outcome=outcome.to_dict())
            # After the final board: the whole game in one animated picture.
            notices.append(NewNotice("summary", {"game": record.game, "seq": seq}))
        elif abandoned:
            fields.update(status="abandoned", finished_at=now)
        over = outcome is not None or abandoned
        waited = live.reminders.get(seat) if seat is not None and kind == "play" else None
        if waited is not None and reserve(record.settings) is not None:
            # The seat's bank pays for the time it took, in this move's own
            # transaction; the new bank already counts for its next wait.
            assert seat is not None
            frozen = await self._frozen_for(record.seats[seat].user_id)
            clock = charged(record.settings, seat, waited.since, now, seat not in movers, frozen)
            record.settings = {**record.settings, "clock": clock}
            fields["settings"] = record.settings
        reminders = next_reminders(live, seat, before, after, movers, seq, now, over)
        try:
            notice_ids = await self.store.commit(
                record.id,
                seq,
                seat=seat,
                kind=kind,
                action=action,
                text=text,
                state=game.dump(after) if live.rewrite_snapshot or needs_snapshot(kind, seq, over) else None,
                notices=notices,
                game_fields=fields,
                reminders=reminders,
                guard=record.version if live.guarded else None,
            )
        except SeqConflict:
            self._forget(record.id)
            raise MovedMeanwhile("Someone else moved at the same moment; look at the board and try again.") from None
        except BaseException:
            self._forget(record.id)  # the cache may be ahead of the database; reload it next time
            raise
        MOVES.labels(record.game, kind).inc()
        live.rewrite_snapshot = False
        self._keep_fresh(notice_ids, notices)
        record.seq = seq
        # The stored version is at least this: a write by someone else makes
        # it more, and the next guarded commit on this cache then fails.
        record.version += 1
        for name in ("status", "started_at", "finished_at", "outcome", "turn_lines"):
            if name in fields:
                setattr(record, name, fields[name])
        live.state = after
        live.privates, live.privates_of = privates, after
        live.reminders = {r.seat: r for r in reminders}
        self._after_commit(record.id)
        if outcome is not None:
            self._spawn(self.rate_finished(record.id))

    async def _frozen_for(self, user_id: int | None) -> list[Interval]:
        """A player's vacations (``/away``, ``engine.tables.away``); none for a bot's seat."""
        if user_id is None:
            return []
        periods = await self.store.get_setting(AWAY_SCOPE, user_id, AWAY_KEY) or []
        return [(float(a), float(b)) for a, b in periods]

    def _after_commit(self, game_id: int) -> None:
        self._spawn(self.flush(game_id))
        self._kick_bots(game_id)

    def _result(self, live: Live, seat: int | None, action: str, text: str, turn_over: bool) -> PlayResult:
        finished = live.record.status == "finished"
        # The public view is worked out only if the front end asks for it (a
        # turn that continues shows its board), once, from this move's state;
        # a channel post already computed for the same state is reused.
        state, game = live.state, live.game
        known = live.public[1] if live.public is not None and live.public[0] is state else None
        live.public = None  # an idle cached game keeps no view: memory matters more then
        return PlayResult(
            live.record.id,
            live.record.seq,
            -1 if seat is None else seat,
            action,
            text,
            turn_over or finished,
            finished,
            _view=known if known is not None else (lambda: game.view(state, None)),
        )

    def _public_view(self, live: Live) -> dict[str, Any]:
        if live.state is None:
            return {}
        return public_view_of(live, live.state)

    async def _hand_over(self, live: Live, new_host: int | None) -> None:
        """Make ``new_host`` the table's host, and say so in the channel."""
        record = live.record
        record.host_id = new_host
        await self.store.update_game(record.id, host_id=new_host)
        if new_host is not None:
            await self._note(live, f"👑 <@{new_host}> is the host of this table now.")

    async def _note(self, live: Live, text: str) -> None:
        await self.store.add_notices(
            live.record.id,
            live.record.seq,
            [NewNotice("channel", {"text": text, "mentions": [], "game": live.record.game})],
        )
        self._spawn(self.flush(live.record.id))
