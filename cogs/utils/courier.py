"""Delivers the service's notices to Discord: channel posts with the board,
DMs, reminders, take-back requests and invitations to a lobby."""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from cogs.utils.components import HandButton, JoinButton, MenuButton, MuteButton, ProposalAnswer, UndoAnswer
from cogs.utils.context import board_file
from cogs.utils.replies import chunks, clip, mentions_of, plain_mentions
from cogs.utils.step_menus import seat_step_menu
from engine.tables import Notice, Undeliverable

if TYPE_CHECKING:
    from cogs.agora_bot import AgoraBot

log = logging.getLogger("agora.courier")

SUMMARY_LIMIT = 10 * 1024 * 1024
"""Discord's upload limit for a bot without a boosted server."""

DM_CLOSED_NOTE = (
    "📪 I could not send you a direct message (your DMs are closed to me), so your private "
    "information is not in your DMs. Use `/hand` any time to see it here, privately."
)


class DiscordCourier:
    """The ``engine.tables.Courier`` for Discord.

    Every message goes out with the notice's nonce (one per page), so a
    notice sent again after a crash comes back as the message already posted
    instead of a second one. A notice that can never be delivered (the
    channel is gone or closed to the bot, Discord refuses it as malformed)
    raises ``Undeliverable`` and becomes a dead letter; one that fails for a
    passing reason (server errors, time-outs) raises as it is, and the
    service retries it with backoff.
    """

    def __init__(self, bot: AgoraBot):
        self.bot = bot
        self.closed_dms: set[int] = set()
        self._told: set[int] = set()

    def take_dm_note(self, user_id: int) -> str | None:
        """The once-per-run note for a player whose DMs failed."""
        if user_id in self.closed_dms and user_id not in self._told:
            self._told.add(user_id)
            return DM_CLOSED_NOTE
        return None

    async def deliver(self, notice: Notice) -> None:
        handler = {
            "channel": self._post,
            "private": self._private,
            "reminder": self._reminder,
            "undo_request": self._undo_request,
            "proposal": self._proposal,
            "invite": self._invite,
            "summary": self._summary,
        }.get(notice.kind)
        if handler is None:
            log.warning("notice %s of unknown kind %r dropped", notice.id, notice.kind)
            return
        try:
            await handler(notice)
        except (discord.NotFound, discord.Forbidden) as error:
            raise Undeliverable(f"{type(error).__name__} {error.status}: {error.text}") from None
        except discord.HTTPException as error:
            if error.status == 400:
                raise Undeliverable(f"Discord refused it (400): {error.text}") from None
            raise

    async def _channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            channel = await self.bot.fetch_channel(channel_id)
        return channel  # type: ignore[return-value]

    async def _post(self, notice: Notice) -> None:
        payload = notice.payload
        channel = await self._channel(notice.channel_id)
        kwargs: dict[str, Any] = {}
        if payload.get("view"):
            kwargs["file"] = await board_file(self.bot.drawing, payload["view"], payload.get("names", []))
        view = await self._post_components(notice)
        if view is not None:
            kwargs["view"] = view
        await channel.send(
            clip(payload.get("text", "")),
            allowed_mentions=mentions_of(payload.get("mentions", [])),
            nonce=notice.nonce,
            **kwargs,
        )

    async def _post_components(self, notice: Notice) -> discord.ui.View | None:
        """Choices under a post: the mover's actions for public games with a
        small choice; a "Your move" button (ephemeral menu) otherwise."""
        tables = self.bot.service
        record = await tables.record(notice.game_id)
        if record.status != "active" or notice.payload.get("seq") != record.seq:
            return None  # the game moved on; the newest post carries the choices
        movers = await tables.waiting_seats(notice.game_id)
        humans = [s for s in movers if not record.seats[s].is_bot]
        if not humans:
            return None
        game = tables.game_of(record)
        secret = game.hidden_information
        if not secret and len(humans) == 1:
            menu = await seat_step_menu(tables, record.id, humans[0])
            if menu is not None:
                return menu.view
        view = discord.ui.View(timeout=None)
        view.add_item(MenuButton(record.id))
        if secret:
            view.add_item(HandButton(record.id))
        return view

    async def _dm(self, user_id: int, content: str, **kwargs: Any) -> bool:
        """Send a DM; False (and the player is told once) if DMs are closed."""
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(content, **kwargs)
        except discord.Forbidden:
            self.closed_dms.add(user_id)
            return False
        self.closed_dms.discard(user_id)
        return True

    async def _private(self, notice: Notice) -> None:
        payload = notice.payload
        if notice.user_id is None:
            return
        names = payload.get("names", [])
        record = await self.bot.service.record(notice.game_id)
        link = f"<#{record.channel_id}>"
        body, image = await self.bot.drawing.hand(payload["view"], names)
        pages = chunks([f"**{payload.get('text', '')}** ({link})", body])
        kwargs = {}
        if image is not None:
            kwargs["file"] = discord.File(io.BytesIO(image), filename="hand.png")
        seat = record.seat_of(notice.user_id)
        menu = None if seat is None else await seat_step_menu(self.bot.service, notice.game_id, seat)
        view = None if menu is None else menu.view
        if menu is not None:
            pages[-1] = clip(f"{pages[-1]}\n{menu.text}")
        for index, page in enumerate(pages):
            last = index == len(pages) - 1
            extra = {**kwargs, **({"view": view} if view is not None else {})} if last else {}
            if not await self._dm(notice.user_id, page, nonce=f"{notice.nonce}.{index}", **extra):
                return

    async def _reminder(self, notice: Notice) -> None:
        payload = notice.payload
        view = discord.ui.View(timeout=None)
        view.add_item(MuteButton(notice.game_id, payload["seq"]))
        if payload.get("dm") and notice.user_id is not None:
            record = await self.bot.service.record(notice.game_id)
            names = {s.user_id: s.name for s in record.seats if s.user_id is not None}
            text = plain_mentions(payload["text"], names) + f" Play in <#{record.channel_id}>."
            if await self._dm(notice.user_id, text, view=view, nonce=notice.nonce):
                return
        channel = await self._channel(notice.channel_id)
        await channel.send(
            clip(payload["text"]),
            view=view,
            nonce=f"{notice.nonce}c",
            allowed_mentions=mentions_of(payload.get("mentions", [])),
        )

    async def _undo_request(self, notice: Notice) -> None:
        payload = notice.payload
        view = discord.ui.View(timeout=None)
        view.add_item(UndoAnswer(notice.game_id, payload["at_seq"], True))
        view.add_item(UndoAnswer(notice.game_id, payload["at_seq"], False))
        channel = await self._channel(notice.channel_id)
        await channel.send(
            clip(payload["text"]),
            view=view,
            nonce=notice.nonce,
            allowed_mentions=mentions_of(payload.get("mentions", [])),
        )

    async def _proposal(self, notice: Notice) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(ProposalAnswer(notice.game_id, True))
        view.add_item(ProposalAnswer(notice.game_id, False))
        channel = await self._channel(notice.channel_id)
        await channel.send(
            clip(notice.payload["text"]),
            view=view,
            nonce=notice.nonce,
            allowed_mentions=mentions_of(notice.payload.get("mentions", [])),
        )

    async def _invite(self, notice: Notice) -> None:
        """An invitation to a lobby: the invitee is pinged, with a join button.
        One that could only go out after the lobby closed or started is
        dropped: its button would only lead to a refusal."""
        record = await self.bot.service.record(notice.game_id)
        if record.status != "lobby":
            return
        view = discord.ui.View(timeout=None)
        view.add_item(JoinButton(notice.game_id))
        channel = await self._channel(notice.channel_id)
        await channel.send(
            clip(notice.payload["text"]),
            view=view,
            nonce=notice.nonce,
            allowed_mentions=mentions_of(notice.payload.get("mentions", [])),
        )

    async def _summary(self, notice: Notice) -> None:
        """The animated summary of a finished game, after its final board."""
        source = await self.bot.service.summary_source(notice.game_id)
        if source is None:
            return
        gif = await self.bot.drawing.summary(source)
        if len(gif) >= SUMMARY_LIMIT:
            log.warning(
                "game %s: summary animation of %d bytes is past Discord's limit; not sent", notice.game_id, len(gif)
            )
            return
        channel = await self._channel(notice.channel_id)
        await channel.send(
            f"🎞️ The whole game #{notice.game_id} in one picture.",
            nonce=notice.nonce,
            file=discord.File(io.BytesIO(gif), filename="summary.gif"),
        )
