"""A small fake Discord on 127.0.0.1: REST and gateway over real HTTP and a
real WebSocket, for the transport test and the interaction benchmark.

The real discord.py client connects to it unchanged, apart from two
addresses (``pointed_at``). It implements only what Agora's start-up and
play path need: login, command sync, the gateway (HELLO, IDENTIFY -> READY,
one guild, heartbeats), interactions and their callbacks, webhook follow-ups,
DMs and channel posts (JSON or multipart with attachments). Any other route
answers 404 and is listed in ``unknown`` so a test can fail with its name.

Every request is recorded as a ``Call``; ``wait_for_call`` awaits one (no
sleeps), and ``interact`` sends an interaction through the gateway and
resolves when the bot answers it on the callback route.

Where it matters to Agora it behaves as Discord does: a message sent with a
``nonce`` and ``enforce_nonce`` that repeats one of the same author's recent
nonces returns the message already created instead of a second one
(``created`` holds each message once); content over 2,000 characters, an
embed description over 4,096, or a select menu of more than 25 options is
refused with HTTP 400 (code 50035, as Discord does); and ``rate_limit``
makes channel posts answer 429 with ``retry_after`` past a number of posts
per window, which discord.py waits out and retries.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import yarl
from aiohttp import web

API_PREFIX = "/api/v10"
GATEWAY_PATH = "/gateway"

# Gateway opcodes (https://discord.com/developers/docs/topics/opcodes-and-status-codes).
OP_DISPATCH, OP_HEARTBEAT, OP_IDENTIFY, OP_HELLO, OP_HEARTBEAT_ACK = 0, 1, 2, 10, 11
# Interaction and callback types.
APPLICATION_COMMAND, AUTOCOMPLETE = 2, 4
CHANNEL_MESSAGE, DEFERRED_MESSAGE, AUTOCOMPLETE_RESULT = 4, 5, 8
# Application command option types.
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
EPHEMERAL = 1 << 6

# What an ordinary member may do in the game channel: view, send, embed,
# attach, read history, use application commands. No Manage Channels.
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31)
# The bot's own permissions in the channel (the above plus threads).
BOT_PERMISSIONS = MEMBER_PERMISSIONS | (1 << 35) | (1 << 38)

TIMESTAMP = "2026-01-01T00:00:00.000000+00:00"


@dataclass
class Upload:
    """A file the bot attached to a request."""

    filename: str
    content_type: str
    data: bytes


@dataclass
class Call:
    """One request the bot made, as the fake received it."""

    method: str
    path: str
    """below the API prefix, e.g. ``/channels/12/messages``"""
    query: dict[str, str]
    body: Any
    """the JSON body, or a multipart request's ``payload_json``"""
    files: list[Upload] = field(default_factory=list)
    at: float = field(default_factory=time.perf_counter)

    @property
    def route(self) -> str:
        return f"{self.method} {self.path}"

    @property
    def content(self) -> str:
        data = self.data
        return data.get("content") or "" if isinstance(data, dict) else ""

    @property
    def data(self) -> Any:
        """A callback's message data, or the body of any other request."""
        if isinstance(self.body, dict) and "type" in self.body and "data" in self.body:
            return self.body["data"] or {}
        return self.body


def json_response(payload: Any, status: int = 200) -> web.Response:
    """JSON with Discord's exact content type: discord.py decodes a body only
    when the header is exactly ``application/json`` (no charset)."""
    return web.Response(body=json.dumps(payload).encode(), status=status, headers={"Content-Type": "application/json"})


class FakeDiscord:
    """One guild with text channels and members, served on a free port.

    ``async with FakeDiscord(...) as fake:`` then ``with fake.pointed_at(): ...``
    starts the server and points discord.py's REST base and gateway at it.
    """

    def __init__(self, *, channels: tuple[str, ...] = ("agora",), members: tuple[str, ...] = ("alice", "bob", "carol")):
        self._ids = itertools.count(1_000_000_000_000_000_000)
        self.application_id = self.new_id()
        self.bot_user = self._user_payload(self.application_id, "Agora", bot=True)
        self.guild_id = self.new_id()
        self.channels = {name: self._channel_payload(self.new_id(), name) for name in channels}
        self.members = {name: self._user_payload(self.new_id(), name) for name in members}
        self.calls: list[Call] = []
        self.unknown: list[str] = []
        self.commands: dict[str, dict[str, Any]] = {}
        """synced commands by name, as the bot sent them plus their ids"""
        self.identified = asyncio.Event()
        self.guild_sent = asyncio.Event()
        self.heartbeats = 0
        self._answers: dict[str, asyncio.Future[Call]] = {}
        self._waiters: list[tuple[Callable[[Call], bool], asyncio.Future[Call]]] = []
        self._sockets: set[web.WebSocketResponse] = set()
        self._gateway: web.WebSocketResponse | None = None
        self._sequence = 0
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.created: list[dict[str, Any]] = []
        """every message created, once each (a nonce repeated returns the first)"""
        self._by_nonce: dict[str, dict[str, Any]] = {}
        self.rate_limit: tuple[int, float] | None = None
        """(posts, seconds): channel posts allowed per window, per channel"""
        self._posts: dict[str, list[float]] = {}
        self.rate_limited = 0
        self.shard: list[int] = [0, 1]
        """[shard id, shard count] the bot identified with (READY echoes it)"""

    # -- life cycle ------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application(client_max_size=32 * 1024 * 1024)
        app.router.add_get(GATEWAY_PATH, self._gateway_handler)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._rest_handler)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def close(self) -> None:
        for socket in list(self._sockets):
            await socket.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        for future in [*self._answers.values(), *(f for _, f in self._waiters)]:
            future.cancel()

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    @property
    def rest_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> yarl.URL:
        return yarl.URL(f"ws://127.0.0.1:{self.port}{GATEWAY_PATH}")

    @contextlib.contextmanager
    def pointed_at(self) -> Iterator[None]:
        """discord.py's REST base and default gateway point here meanwhile.

        discord.py 2.7 builds every REST URL (webhooks and interaction
        callbacks too) from ``Route.BASE``, and a non-sharded client connects
        to ``DiscordWebSocket.DEFAULT_GATEWAY`` plus ``?v=10&encoding=json
        &compress=...`` without asking ``/gateway/bot``; after READY it
        resumes at ``resume_gateway_url``, which we also point here.
        """
        from discord.gateway import DiscordWebSocket
        from discord.http import Route

        saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = self.rest_base, self.gateway_url
        try:
            yield
        finally:
            Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved

    def new_id(self) -> str:
        return str(next(self._ids))

    # -- waiting -----------------------------------------------------------------------

    async def wait_for_call(
        self, predicate: Callable[[Call], bool], what: str, *, since: int = 0, timeout: float = 5.0
    ) -> Call:
        """The first call from index ``since`` on that matches, awaiting it if
        it has not come yet; a timeout names ``what`` and the calls seen."""
        for call in self.calls[since:]:
            if predicate(call):
                return call
        future: asyncio.Future[Call] = asyncio.get_running_loop().create_future()
        entry = (predicate, future)
        self._waiters.append(entry)
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise AssertionError(
                f"the bot never made the call awaited ({what}) within {timeout} s; "
                f"calls seen: {self.routes()}; unknown routes: {self.unknown}"
            ) from None
        finally:
            if entry in self._waiters:
                self._waiters.remove(entry)

    def routes(self) -> list[str]:
        return [call.route for call in self.calls]

    def _record(self, call: Call) -> None:
        self.calls.append(call)
        for predicate, future in list(self._waiters):
            if not future.done() and predicate(call):
                future.set_result(call)

    # -- interactions ------------------------------------------------------------------

    def command(self, member: str, channel: str, command: str, **options: Any) -> dict[str, Any]:
        """An APPLICATION_COMMAND interaction as Discord sends it for
        ``/command [subcommand] option:value...`` (``command`` may be
        ``"game new"``). Option types come from the synced definitions."""
        return self._interaction(APPLICATION_COMMAND, member, channel, command, options, focused=None)

    def autocomplete(
        self, member: str, channel: str, command: str, focused: str, typed: str, **options: Any
    ) -> dict[str, Any]:
        """An APPLICATION_COMMAND_AUTOCOMPLETE interaction: ``focused`` is the
        option being typed, ``typed`` what it holds so far."""
        return self._interaction(AUTOCOMPLETE, member, channel, command, {**options, focused: typed}, focused=focused)

    async def interact(self, payload: dict[str, Any], *, timeout: float = 5.0) -> Call:
        """Send an interaction over the gateway and return the bot's callback."""
        answer = self.send_interaction(payload)
        try:
            return await asyncio.wait_for(answer, timeout)
        except TimeoutError:
            name = payload["data"]["name"]
            raise AssertionError(
                f"interaction /{name} was not answered within {timeout} s; calls seen: "
                f"{self.routes()}; unknown routes: {self.unknown}"
            ) from None

    def send_interaction(self, payload: dict[str, Any]) -> asyncio.Future[Call]:
        """Dispatch an interaction now; the future resolves with its callback.
        (The send itself is scheduled at once, so callers can pace sends
        without awaiting answers: an open loop.)"""
        future: asyncio.Future[Call] = asyncio.get_running_loop().create_future()
        self._answers[payload["id"]] = future
        asyncio.get_running_loop().create_task(self.dispatch("INTERACTION_CREATE", payload))
        return future

    def _interaction(
        self, kind: int, member: str, channel: str, command: str, options: dict[str, Any], focused: str | None
    ) -> dict[str, Any]:
        name, *path = command.split()
        definition = self.commands.get(name)
        if definition is None:
            raise AssertionError(f"/{name} was never synced; synced: {sorted(self.commands)}")
        data_options, schema = [], definition.get("options", [])
        target = data_options
        for sub in path:  # a subcommand (group) wraps the options one level down
            spec = next(o for o in schema if o["name"] == sub)
            nested: list[dict[str, Any]] = []
            target.append({"name": sub, "type": spec["type"], "options": nested})
            target, schema = nested, spec.get("options", [])
        for key, value in options.items():
            spec = next((o for o in schema if o["name"] == key), None)
            if spec is None:
                raise AssertionError(f"/{command} has no option {key!r}")
            option = {"name": key, "type": spec["type"], "value": value}
            if key == focused:
                option["focused"] = True
            target.append(option)
        user = self.members[member]
        channel_data = self.channels[channel]
        return {
            "id": self.new_id(),
            "application_id": self.application_id,
            "type": kind,
            "token": f"token-{self.new_id()}",
            "version": 1,
            "guild_id": self.guild_id,
            "channel_id": channel_data["id"],
            "channel": {**channel_data, "permissions": str(MEMBER_PERMISSIONS)},
            "member": self._member_payload(user, permissions=MEMBER_PERMISSIONS),
            "data": {"id": definition["id"], "name": name, "type": 1, "options": data_options, "guild_id": None},
            "locale": "en-US",
            "guild_locale": "en-US",
            "app_permissions": str(BOT_PERMISSIONS),
            "entitlements": [],
            "authorizing_integration_owners": {"0": self.guild_id},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }

    # -- gateway -----------------------------------------------------------------------

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send one DISPATCH event to the connected bot."""
        if self._gateway is None or self._gateway.closed:
            raise AssertionError(f"no bot is connected to the gateway to receive {event}")
        self._sequence += 1
        await self._gateway.send_str(json.dumps({"op": OP_DISPATCH, "t": event, "s": self._sequence, "d": data}))

    async def _gateway_handler(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        self._sockets.add(socket)
        try:
            await socket.send_json({"op": OP_HELLO, "d": {"heartbeat_interval": 41_250}})
            async for message in socket:
                if message.type is not aiohttp.WSMsgType.TEXT:
                    continue
                payload = json.loads(message.data)
                if payload["op"] == OP_HEARTBEAT:
                    self.heartbeats += 1
                    await socket.send_json({"op": OP_HEARTBEAT_ACK})
                elif payload["op"] == OP_IDENTIFY:
                    self._gateway = socket
                    self.identified.set()
                    self.shard = payload["d"].get("shard") or [0, 1]
                    await self._ready()
        finally:
            self._sockets.discard(socket)
        return socket

    async def _ready(self) -> None:
        await self.dispatch(
            "READY",
            {
                "v": 10,
                "shard": self.shard,
                "user": self.bot_user,
                "guilds": [{"id": self.guild_id, "unavailable": True}],
                "session_id": f"session-{self.new_id()}",
                "resume_gateway_url": str(self.gateway_url),
                "application": {"id": self.application_id, "flags": 0},
                "private_channels": [],
                "relationships": [],
            },
        )
        await self.dispatch("GUILD_CREATE", self._guild_payload())
        self.guild_sent.set()

    # -- REST --------------------------------------------------------------------------

    async def _rest_handler(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        body, files = await self._read_body(request)
        call = Call(request.method, path, dict(request.query), body, files)
        self._record(call)
        parts = path.strip("/").split("/")
        answer = self._answer(request.method, parts, call)
        if answer is None:
            self.unknown.append(call.route)
            return json_response({"message": "404: Not Found (fake Discord)", "code": 0}, status=404)
        status, payload = answer
        return json_response(payload, status=status)

    @staticmethod
    async def _read_body(request: web.Request) -> tuple[Any, list[Upload]]:
        if not request.body_exists:
            return None, []
        if request.content_type.startswith("multipart/"):
            body, files = None, []
            reader = await request.multipart()
            async for part in reader:
                data = await part.read()  # type: ignore[union-attr]
                if part.name == "payload_json":
                    body = json.loads(data)
                else:
                    files.append(Upload(part.filename or "", part.headers.get("Content-Type", ""), bytes(data)))
            return body, files
        text = await request.text()
        return (json.loads(text) if text else None), []

    def _answer(self, method: str, parts: list[str], call: Call) -> tuple[int, Any] | None:
        """(status, JSON) for a route the fake knows, else None."""
        match method, parts:
            case "GET", ["users", "@me"]:
                return 200, self.bot_user
            case "GET", ["users", user_id]:
                user = self._user(user_id)
                return (200, user) if user else None
            case "GET", ["oauth2", "applications", "@me"] | ["applications", "@me"]:
                return 200, self._application_payload()
            case "GET", ["gateway", "bot"]:
                return 200, {
                    "url": str(self.gateway_url),
                    "shards": 1,
                    "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
                }
            case "GET", ["gateway"]:
                return 200, {"url": str(self.gateway_url)}
            case "PUT", ["applications", _, "commands"] | ["applications", _, "guilds", _, "commands"]:
                return 200, self._sync(call.body, parts)
            case "POST", ["interactions", interaction_id, _token, "callback"]:
                return self._callback(interaction_id, call)
            case "POST", ["webhooks", _app, _token]:
                return 200, self._message(None, call)
            case "PATCH" | "GET", ["webhooks", _app, _token, "messages", _message]:
                return 200, self._message(None, call)
            case "POST", ["users", "@me", "channels"]:
                return 200, self._dm_channel(call.body["recipient_id"])
            case "POST", ["channels", channel_id, "messages"]:
                refused = self._refusal(call) or self._limited(channel_id)
                return refused if refused is not None else (200, self._created(channel_id, call))
            case "GET", ["channels", channel_id]:
                channel = next((c for c in self.channels.values() if c["id"] == channel_id), None)
                return (200, channel) if channel else None
        return None

    def _sync(self, commands: list[dict[str, Any]], parts: list[str]) -> list[dict[str, Any]]:
        synced = []
        for command in commands:
            known = self.commands.get(command["name"])
            stored = {
                **command,
                "id": known["id"] if known else self.new_id(),
                "application_id": self.application_id,
                "version": self.new_id(),
                "guild_id": parts[3] if "guilds" in parts else None,
            }
            self.commands[command["name"]] = stored
            synced.append(stored)
        return synced

    def _callback(self, interaction_id: str, call: Call) -> tuple[int, Any]:
        future = self._answers.pop(interaction_id, None)
        if future is not None and not future.done():
            future.set_result(call)
        kind = call.body["type"]
        interaction = {"id": interaction_id, "type": APPLICATION_COMMAND}
        if kind != CHANNEL_MESSAGE:
            return 200, {"interaction": interaction}
        message = self._message(None, call)
        interaction.update(
            response_message_id=message["id"],
            response_message_loading=False,
            response_message_ephemeral=bool(message["flags"] & EPHEMERAL),
        )
        return 200, {"interaction": interaction, "resource": {"type": kind, "message": message}}

    # -- payloads ----------------------------------------------------------------------

    def _user(self, user_id: str) -> dict[str, Any] | None:
        if user_id == self.bot_user["id"]:
            return self.bot_user
        return next((u for u in self.members.values() if u["id"] == user_id), None)

    @staticmethod
    def _user_payload(user_id: str, name: str, bot: bool = False) -> dict[str, Any]:
        return {
            "id": user_id,
            "username": name,
            "global_name": name,
            "discriminator": "0",
            "avatar": None,
            "bot": bot,
            "public_flags": 0,
            "flags": 0,
        }

    @staticmethod
    def _member_payload(user: dict[str, Any], permissions: int | None = None) -> dict[str, Any]:
        member = {
            "user": user,
            "roles": [],
            "joined_at": TIMESTAMP,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": None,
            "avatar": None,
            "premium_since": None,
            "communication_disabled_until": None,
        }
        if permissions is not None:
            member["permissions"] = str(permissions)
        return member

    def _channel_payload(self, channel_id: str, name: str) -> dict[str, Any]:
        return {
            "id": channel_id,
            "type": 0,
            "guild_id": self.guild_id,
            "name": name,
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }

    def _guild_payload(self) -> dict[str, Any]:
        everyone = {
            "id": self.guild_id,
            "name": "@everyone",
            "permissions": str(MEMBER_PERMISSIONS),
            "position": 0,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }
        members = [self._member_payload(u) for u in (self.bot_user, *self.members.values())]
        return {
            "id": self.guild_id,
            "name": "Olympus",
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": self._owner()["id"],
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [everyone],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": TIMESTAMP,
            "large": False,
            "unavailable": False,
            "member_count": len(members),
            "voice_states": [],
            "members": members,
            "channels": list(self.channels.values()),
            "threads": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def _owner(self) -> dict[str, Any]:
        """The guild's and the application's owner: the first member."""
        return next(iter(self.members.values()), self.bot_user)

    def _application_payload(self) -> dict[str, Any]:
        return {
            "id": self.application_id,
            "name": "Agora",
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self._owner(),
            "verify_key": "0" * 64,
            "flags": 0,
            "team": None,
            "summary": "",
            "rpc_origins": [],
            "interactions_endpoint_url": None,
            "bot": self.bot_user,
        }

    def _dm_channel(self, recipient_id: str) -> dict[str, Any]:
        user = self._user(str(recipient_id)) or self._user_payload(str(recipient_id), "someone")
        return {"id": self.new_id(), "type": 1, "recipients": [user], "last_message_id": None, "flags": 0}

    def _refusal(self, call: Call) -> tuple[int, Any] | None:
        """Discord's 400 for a message past its limits, else None."""
        data = call.data if isinstance(call.data, dict) else {}
        problems = []
        if len(data.get("content") or "") > 2000:
            problems.append("content: Must be 2000 or fewer in length.")
        for embed in data.get("embeds") or []:
            if len(embed.get("description") or "") > 4096:
                problems.append("embeds.description: Must be 4096 or fewer in length.")
        for row in data.get("components") or []:
            for component in row.get("components", []):
                if len(component.get("options", [])) > 25:
                    problems.append("components.options: Must be 25 or fewer in length.")
        if not problems:
            return None
        return 400, {"code": 50035, "message": "Invalid Form Body", "errors": problems}

    def _limited(self, channel_id: str) -> tuple[int, Any] | None:
        """A 429 when ``rate_limit`` is set and this channel is past it."""
        if self.rate_limit is None:
            return None
        posts, window = self.rate_limit
        now = time.monotonic()
        recent = [t for t in self._posts.get(channel_id, []) if now - t < window]
        if len(recent) >= posts:
            self.rate_limited += 1
            return 429, {
                "message": "You are being rate limited.",
                "retry_after": window - (now - recent[0]),
                "global": False,
            }
        self._posts[channel_id] = recent + [now]
        return None

    def _created(self, channel_id: str, call: Call) -> dict[str, Any]:
        """The message a post creates, or the one already created for the
        same nonce when the sender enforces it."""
        data = call.data if isinstance(call.data, dict) else {}
        nonce = data.get("nonce")
        if nonce is not None and data.get("enforce_nonce") and str(nonce) in self._by_nonce:
            return self._by_nonce[str(nonce)]
        message = self._message(channel_id, call)
        if nonce is not None:
            message["nonce"] = nonce
            self._by_nonce[str(nonce)] = message
        self.created.append(message)
        return message

    def _message(self, channel_id: str | None, call: Call) -> dict[str, Any]:
        """The message Discord would create for a post, follow-up or reply."""
        data = call.data if isinstance(call.data, dict) else {}
        attachments = [
            {
                "id": self.new_id(),
                "filename": upload.filename,
                "size": len(upload.data),
                "url": f"{self.rest_base}/attachments/{upload.filename}",
                "proxy_url": f"{self.rest_base}/attachments/{upload.filename}",
                "content_type": upload.content_type,
            }
            for upload in call.files
        ]
        return {
            "id": self.new_id(),
            "type": 0,
            "channel_id": channel_id or next(iter(self.channels.values()))["id"],
            "author": self.bot_user,
            "content": data.get("content") or "",
            "timestamp": TIMESTAMP,
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": attachments,
            "embeds": data.get("embeds") or [],
            "components": data.get("components") or [],
            "pinned": False,
            "flags": data.get("flags") or 0,
            "webhook_id": self.application_id if channel_id is None else None,
        }
