"""``Tables``, the table service's one public face, assembled from one part
per concern (see the package docstring)."""

from __future__ import annotations

from engine.tables.base import log
from engine.tables.bots import Bots
from engine.tables.discovery import Discovery
from engine.tables.ending import Ending
from engine.tables.history import History
from engine.tables.inputs import check_inputs
from engine.tables.outbox import Outbox
from engine.tables.reminders import Reminders
from engine.tables.settings import Settings
from engine.tables.undo import Undo
from engine.tables.views import Views


@check_inputs
class Tables(Discovery, Reminders, Bots, Undo, Ending, Settings, Views, History, Outbox):
    """The async service over one ``Store``. Every public method checks its
    arguments first (``inputs``): a wrong type or range is a ``TableError``."""

    async def recover(self) -> None:
        """After a (re)start: deliver what is still in the outbox and let bots
        whose turn it is play."""
        for game_id in await self.store.games_with_pending_notices():
            # A restart is a fresh chance for notices an outage held back.
            self._spawn(self.flush(game_id, retry_now=True))
        for game_id in await self.store.active_games_with_bots():
            try:
                live = await self._live(game_id)
            except Exception:  # one damaged game must not keep the others from starting
                log.exception("game %s cannot be loaded; it stays as it is until an admin abandons it", game_id)
                continue
            if self._bots_to_move(live):
                self._kick_bots(game_id)
