"""What a server admin does to an Agora database from the command line:
back it up (and prove the copy is whole), and erase a person's or a
server's data. The Discord bot need not stop for a backup; the erasures
are meant for a stopped bot (see the README's admin section)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.store import is_postgres
from engine.tables import Tables, Unloadable
from engine.tables.bots import default_level

DELETED_NAME = "(deleted player)"


class AdminError(Exception):
    """An admin verb cannot do what was asked; the message says why."""


@dataclass
class Verification:
    games: int = 0
    replayed: int = 0
    """Started games whose log, replayed from the seed, gives their snapshot."""
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


async def verify_database(where: str) -> Verification:
    """Open a database and replay every started game's log against its snapshot."""
    tables = await Tables.open(where, run_bots=False)
    result = Verification()
    try:
        for game_id in await tables.store.game_ids():
            result.games += 1
            record = await tables.store.game(game_id)
            if record is None or record.status == "lobby":
                continue
            try:
                good = await tables.verify(game_id)
            except Unloadable as error:
                result.failures.append(f"game #{game_id}: {error}")
                continue
            if good:
                result.replayed += 1
            else:
                result.failures.append(f"game #{game_id}: replaying its log does not give its snapshot")
    finally:
        await tables.close()
    return result


async def backup(where: str, target: str | Path) -> Verification:
    """Copy the database ``where`` to the SQLite file ``target`` while the bot
    may be running (a PostgreSQL database too: one consistent snapshot), then
    open the copy and replay every game in it."""
    target = Path(target)
    if not is_postgres(where) and target.resolve() == Path(where).resolve():
        raise AdminError("The backup must go to another file than the database itself.")
    tables = await Tables.open(where, run_bots=False)
    try:
        await tables.store.backup(target)
    finally:
        await tables.close()
    return await verify_database(str(target))


async def forget_user(where: str, user_id: int) -> int:
    """Erase a person: in live games a bot takes their seat (a lobby seat is
    given up), and everywhere their id and name are removed. Returns the
    number of games they were in."""
    tables = await Tables.open(where, run_bots=False)
    try:
        for record in await tables.store.games_of_user(user_id):
            if record.status == "lobby":
                await tables.leave(record.id, user_id)
                continue
            game = tables.game_for(record.game)
            seat = record.seats[record.seat_of(user_id)]  # type: ignore[index]
            seat.bot = seat.bot or default_level(game, stand_in=True)
            await tables.store.update_seat(record.id, seat)
        return await tables.store.forget_user(user_id, DELETED_NAME)
    finally:
        await tables.close()


async def delete_server(where: str, guild_id: int) -> int:
    """Delete every game of a Discord server; returns how many."""
    tables = await Tables.open(where, run_bots=False)
    try:
        return await tables.store.delete_guild(guild_id)
    finally:
        await tables.close()
