"""What a move tells whom: the channel post with the board and the next ping,
the end-of-game text, and a DM for each player whose secrets changed."""

from __future__ import annotations

from typing import Any

from engine.core import Game, Outcome
from engine.store import NewNotice
from engine.tables.model import Live, seat_label


def public_view_of(live: Live, state: Any) -> dict[str, Any]:
    """The public view of ``state``, worked out once and kept on ``live`` for
    as long as it is the state of interest (a channel post and the mover's
    answer show the same view)."""
    if live.public is None or live.public[0] is not state:
        live.public = (state, live.game.view(state, None))
    return live.public[1]


def channel_notice(
    live: Live, state: Any, movers: list[int], lines: list[str], seq: int, outcome: Outcome | None, abandoned: bool
) -> NewNotice:
    """The channel post for a finished turn: what happened, then who acts next
    (pinged) or how the game ended."""
    record = live.record
    text = "\n".join(lines)
    mentions: list[int] = []
    if abandoned:
        pass
    elif outcome is not None:
        text += "\n" + outcome_text(live, outcome)
    elif movers:
        waiting = []
        for s in movers:
            seat = record.seats[s]
            if seat.user_id is None or seat.is_bot:
                waiting.append(seat_label(live, s))
            else:
                mentions.append(seat.user_id)
                waiting.append(f"<@{seat.user_id}> ({live.game.seat_name(state, s)})")
        text += f"\nTo act: {', '.join(waiting)}."
    return NewNotice(
        "channel",
        {
            "text": text,
            "view": public_view_of(live, state),
            "names": [s.name for s in record.seats],
            "mentions": mentions,
            "game": record.game,
            "seq": seq,
        },
    )


def outcome_text(live: Live, outcome: Outcome) -> str:
    names = [seat_label(live, s) for s in outcome.winners]
    if not names:
        head = f"The game is over: {outcome.reason}. Nobody wins."
    elif len(names) == 1:
        head = f"🏆 {names[0]} wins: {outcome.reason}."
    else:
        head = f"🏆 {' and '.join(names)} win: {outcome.reason}."
    if len(set(outcome.scores)) > 1 or len(outcome.scores) > 2:
        order = sorted(range(len(outcome.scores)), key=lambda s: -outcome.scores[s])
        head += "\nScores: " + ", ".join(f"{seat_label(live, s)} {outcome.scores[s]:g}" for s in order)
    if outcome.notes:
        head += "\n" + "\n".join(outcome.notes)
    return head


def private_part(game: Game, state: Any, seat: int) -> Any:
    """A seat's secrets (the game's ``private_view``)."""
    return game.private_view(state, seat)


def seat_view_of(live: Live, state: Any, seat: int, private: Any) -> dict[str, Any]:
    """``game.view(state, seat)`` without working out the public part again:
    the contract makes a seat's view the public view plus ``"seat"`` and
    ``"private"``, so every DM of a move shares the one public view of the
    channel post (payloads are read, never changed: the store writes them
    out as JSON)."""
    return {**public_view_of(live, state), "seat": seat, "private": private}


def private_notices(live: Live, before: Any, after: Any, opening: bool) -> tuple[list[NewNotice], dict[int, Any]]:
    """A DM for each player whose secrets changed, and every seat's secrets
    after the move (kept, so the next move compares without working out the
    secrets before it again)."""
    game = live.game
    if not game.hidden_information:
        return [], {}
    known = live.privates if live.privates_of is before else {}
    notices, privates = [], {}
    for seat in live.record.seats:
        if seat.user_id is None:
            continue
        now_private = privates[seat.seat] = private_part(game, after, seat.seat)
        if not now_private:
            continue
        if not opening:
            was = known[seat.seat] if seat.seat in known else private_part(game, before, seat.seat)
            if was == now_private:
                continue
        notices.append(
            NewNotice(
                "private",
                {
                    "text": f"Your hand in {game.title} (#{live.record.id}) changed."
                    if not opening
                    else f"{game.title} (#{live.record.id}) has begun. Here is what only you can see.",
                    "view": seat_view_of(live, after, seat.seat, now_private),
                    "names": [s.name for s in live.record.seats],
                    "game": live.record.game,
                    "seat": seat.seat,
                },
                user_id=seat.user_id,
            )
        )
    return notices, privates
