"""The time track: weeks, years, and who acts next.

Rulebook: "The turn order is determined by the time track ... the game turn is
to the player who is last on the time track. If two players are on the same
square, the player with his marker on top is considered to be last (and
therefore plays before)." "When a player's pawn exceeds week 52, that player
flips all his search permissions on their valid side. When all of the
players' pawns have changed years, move the Year marker to the next Year
square. In the year 1903, players are not allowed to make any action that
would cause them to pass square 1."

A marker's time is its (year, week); a move of n weeks past week 52 goes on
from week 1 of the next year. The last square of the final year may be
reached but not passed.
"""

from __future__ import annotations

from engine.games.thebes.components import SITES, TABLES
from engine.games.thebes.state import Player, State


def elapsed(player: Player) -> int:
    """A comparable position on the time track (earlier is smaller)."""
    return player.year * TABLES.weeks_per_year + player.week


def weeks_left(player: Player) -> int:
    """Weeks this player may still spend before the end of the final year."""
    return (TABLES.final_year - player.year) * TABLES.weeks_per_year + TABLES.weeks_per_year - player.week


def fits(player: Player, weeks: int) -> bool:
    """Whether an action of ``weeks`` stays within the final year."""
    return weeks <= weeks_left(player)


def advance(state: State, seat: int, weeks: int) -> int:
    """Move a time marker on by ``weeks`` and put it on top of its square.
    Each year it passes restores all the player's permits. Returns the
    number of new years begun."""
    player = state.players[seat]
    player.week += weeks
    years = 0
    while player.week > TABLES.weeks_per_year:
        player.week -= TABLES.weeks_per_year
        player.year += 1
        years += 1
        player.permits = {site: True for site in SITES}
    state.stamps += 1
    player.stamp = state.stamps
    return years


def track_order(state: State) -> list[int]:
    """Every seat in the order the time track gives: furthest behind first,
    and on a shared square the marker on top (the last to arrive) first."""
    players = state.players
    return sorted(range(len(players)), key=lambda seat: (elapsed(players[seat]), -players[seat].stamp))


def acting_order(state: State) -> list[int]:
    """The seats that can act now, the next to act first."""
    return [seat for seat in track_order(state) if not state.players[seat].finished]


def year_marker(state: State) -> int:
    """The year on the board: it moves on once every marker has changed year."""
    return min(p.year for p in state.players)
