"""The table service: games in channels, seats, moves, undo, reminders, notices.

Every front end (Discord cogs, the ``--local`` terminal, tests, benchmarks)
talks to games through ``Tables``. It owns the rules of the *table* — who sits
where, whose turn it is, what gets said where — while the rules of each game
stay in ``engine.games``.

One accepted action is one transaction: the log row, the new snapshot, the
notices it causes (outbox) and the reminders. Notices are then delivered by a
``Courier`` (the front end) and marked delivered only afterwards, so a crash
at any instant loses no acknowledged move and no message.

Every method that takes user input raises ``AgoraError`` (``TableError`` or the
game's ``IllegalAction``) with a message for that user, and then nothing has
changed.

One module per concern, each a part of the ``Tables`` facade:

=================  ==========================================================
``model``          errors, ``Notice``, ``PlayResult``, ``Live`` (a cached game)
``base``           state, lifecycle, the per-game locks and the cache
``commits``        one action = one transaction (log, snapshot, outbox, reminders)
``lobby``          seats, bots and the start
``servers``        a server's settings, the limit on games one member hosts
``discovery``      a server's open lobbies, invitations, idle lobbies closing
``moves``          playing an action for a seat
``undo``           take-backs, with consent where needed
``reminders``      reminders, step time-outs, deadlines (``schedule``: when)
``clocks``         time banks, pauses and vacations (pure arithmetic)
``away``           players' vacations (``/away``) across their games
``bots``           bot seats and their thinking in worker processes
``ending``         resigning and abandoning
``settings``       a table's settings, pauses, proposals by vote
``views``          boards, choices, status, log, a player's games, the archive
``history``        ratings, stats, replays, end-of-game summaries
``notices``        what a move tells whom
``outbox``         delivery through the courier
=================  ==========================================================
"""

from engine.tables.model import (
    Courier,
    Live,
    MovedMeanwhile,
    Notice,
    PlayResult,
    TableError,
    Undeliverable,
    UndoResult,
    Unloadable,
    effective_actions,
)
from engine.tables.notices import outcome_text, private_part
from engine.tables.service import Tables
from engine.tables.settings import DEFAULT_SETTINGS, FALLBACKS, SETTING_LIMITS, SettingsChange

__all__ = [
    "Courier",
    "Live",
    "MovedMeanwhile",
    "Notice",
    "PlayResult",
    "TableError",
    "Undeliverable",
    "UndoResult",
    "Unloadable",
    "effective_actions",
    "outcome_text",
    "private_part",
    "Tables",
    "DEFAULT_SETTINGS",
    "FALLBACKS",
    "SETTING_LIMITS",
    "SettingsChange",
]
