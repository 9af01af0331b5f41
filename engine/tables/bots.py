"""Bots: which level plays a seat, and their turns, thought out in a worker
process so a long search never stalls the other games."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from engine import games as game_registry
from engine.core import AgoraError, Game
from engine.tables.model import Live, MovedMeanwhile
from engine.tables.moves import Moves

log = logging.getLogger("agora.tables")


def default_level(game: Game, stand_in: bool = False) -> str:
    """The middle bot level (the second listed), or the only one. A bot
    standing in for a player (after a deadline or a resignation) plays a seat
    the rules set up for a person: it takes the game's ``stand_in_level``
    where it names one, and never a level the rules run themselves
    (``rulebook_levels``)."""
    levels = tuple(game.bot_levels) or ("random",)
    if stand_in:
        levels = tuple(level for level in levels if level not in game.rulebook_levels) or levels
        if game.stand_in_level in levels:
            return game.stand_in_level
    return levels[min(1, len(levels) - 1)]


def think(game_name: str, dumped: dict[str, Any], seat: int, level: str, seed: int, budget: float) -> str:
    """A bot's choice, computed in a worker process from the state's dump."""
    game = game_registry.REGISTRY[game_name]
    return game.choose(game.load(dumped), seat, level, seed, budget)


class Bots(Moves):
    """Bot seats taking their turns."""

    def _bots_to_move(self, live: Live) -> list[int]:
        if live.record.status != "active" or not self.run_bots:
            return []
        return [s for s in live.game.to_move(live.state) if live.record.seats[s].is_bot]

    def _kick_bots(self, game_id: int) -> None:
        live = self._cache.get(game_id)
        if live is None or game_id in self._bot_running or not self._bots_to_move(live):
            return
        self._bot_running.add(game_id)
        self._spawn(self._bot_turns(game_id))

    async def _bot_turns(self, game_id: int) -> None:
        try:
            while not self._closed:
                live = await self._live(game_id)
                seats = self._bots_to_move(live)
                if not seats:
                    return
                seat, state, seq = seats[0], live.state, live.record.seq
                level = live.record.seats[seat].bot or "random"
                action = await self._think(live.game, state, seat, level, live.record.seed ^ (seq * 7919 + seat))
                async with self._held(game_id) as held:
                    if held.record.seq != seq or held.record.status != "active" or not held.record.seats[seat].is_bot:
                        continue  # someone moved while the bot thought: think again
                    try:
                        await self._play(held, seat, action)
                    except MovedMeanwhile:
                        continue
                    except AgoraError as error:
                        log.error("game %s: bot %s chose %r, which failed: %s", game_id, seat, action, error)
                        return
        finally:
            self._bot_running.discard(game_id)

    async def _think(self, game: Game, state: Any, seat: int, level: str, seed: int) -> str:
        if game_registry.REGISTRY.get(game.name) is game:
            # A worker process knows the registry's games: the state travels as its dump.
            return await self._thinkers.run(think, game.name, game.dump(state), seat, level, seed, self.bot_budget)
        return await asyncio.to_thread(game.choose, state, seat, level, seed, self.bot_budget)  # type: ignore[attr-defined]
