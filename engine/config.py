"""Agora's settings, read in one place: the environment first, then what the
command line says on top of it. Every front end (the Discord bot, the
terminal table, the admin verbs) gets one ``Settings``.

=========================  ====================================================
``DISCORD_TOKEN``          the bot's token (only the Discord bot needs it)
``AGORA_DB``               a SQLite file path (default ``agora.sqlite3``) or a
                           ``postgresql://user@host:port/db`` URL
``AGORA_GUILD``            a server id: sync slash commands to it at once
``AGORA_RENDER_PROCESSES`` processes drawing pictures (default cores - 1, max 4)
``AGORA_BOT_PROCESSES``    processes where bots think (same default)
``AGORA_SHARD_COUNT``      Discord shards in the whole fleet (default: Discord's
                           recommendation)
``AGORA_SHARD_IDS``        this process's shards, e.g. ``0,1`` (default: all)
``AGORA_METRICS_PORT``     serve Prometheus metrics on this port (default off)
``AGORA_BOARDS``           where the terminal table writes pictures (``boards``)
``AGORA_LOCAL_IMAGES``     ``1``: the terminal table writes a picture per post
``AGORA_BOT_SECONDS``      a bot's thinking time per move (default 2; terminal 1)
``AGORA_LOG_LEVEL``        ``INFO`` by default
=========================  ====================================================
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.workers import default_processes


def version() -> str:
    """Agora's installed version."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("agora")
    except PackageNotFoundError:
        return "unknown (not installed)"


class SettingsError(ValueError):
    """A setting has a value Agora cannot use; the message says which and why."""


def _int(env: Mapping[str, str], name: str, default: int | None, minimum: int = 0) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise SettingsError(f"{name} must be a whole number, not {raw!r}.") from None
    if value < minimum:
        raise SettingsError(f"{name} must be at least {minimum}, not {value}.")
    return value


def _processes(env: Mapping[str, str], name: str) -> int:
    value = _int(env, name, None)
    return default_processes() if value is None else value


def _shards(raw: str) -> tuple[int, ...] | None:
    if not raw.strip():
        return None
    try:
        shards = tuple(sorted({int(part) for part in raw.replace(" ", "").split(",") if part}))
    except ValueError:
        raise SettingsError(
            f"AGORA_SHARD_IDS must be shard numbers separated by commas (e.g. 0,1), not {raw!r}."
        ) from None
    if not shards or shards[0] < 0:
        raise SettingsError("AGORA_SHARD_IDS must list shard numbers from 0 up.")
    return shards


@dataclass(frozen=True)
class Settings:
    token: str = field(default="", repr=False)
    db: str = "agora.sqlite3"
    guild_id: int | None = None
    render_processes: int = 0
    bot_processes: int = 0
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    metrics_port: int | None = None
    boards: str = "boards"
    local_images: bool = False
    bot_seconds: float = 2.0
    log_level: str = "INFO"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        try:
            bot_seconds = float(env.get("AGORA_BOT_SECONDS", "").strip() or 2.0)
        except ValueError:
            raise SettingsError("AGORA_BOT_SECONDS must be a number of seconds.") from None
        settings = cls(
            token=env.get("DISCORD_TOKEN", "").strip(),
            db=env.get("AGORA_DB", "").strip() or "agora.sqlite3",
            guild_id=_int(env, "AGORA_GUILD", None, minimum=1),
            render_processes=_processes(env, "AGORA_RENDER_PROCESSES"),
            bot_processes=_processes(env, "AGORA_BOT_PROCESSES"),
            shard_count=_int(env, "AGORA_SHARD_COUNT", None, minimum=1),
            shard_ids=_shards(env.get("AGORA_SHARD_IDS", "")),
            metrics_port=_int(env, "AGORA_METRICS_PORT", None, minimum=1),
            boards=env.get("AGORA_BOARDS", "").strip() or "boards",
            local_images=env.get("AGORA_LOCAL_IMAGES", "").strip() == "1",
            bot_seconds=max(0.05, bot_seconds),
            log_level=(env.get("AGORA_LOG_LEVEL", "").strip() or "INFO").upper(),
        )
        settings.check()
        return settings

    def with_(self, **changes: Any) -> Settings:
        """These settings with some replaced (command-line flags win over the
        environment); checked again."""
        changed = replace(self, **{k: v for k, v in changes.items() if v is not None})
        changed.check()
        return changed

    def check(self) -> None:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise SettingsError("AGORA_SHARD_IDS needs AGORA_SHARD_COUNT (the fleet's total number of shards).")
            if self.shard_ids[-1] >= self.shard_count:
                raise SettingsError(
                    f"AGORA_SHARD_IDS lists shard {self.shard_ids[-1]}, but there are only "
                    f"{self.shard_count} (numbered from 0)."
                )

    @property
    def db_shown(self) -> str:
        """The store's address for logs: a URL without its password."""
        if "://" in self.db and "@" in self.db:
            scheme, rest = self.db.split("://", 1)
            credentials, host = rest.rsplit("@", 1)
            user = credentials.split(":", 1)[0]
            return f"{scheme}://{user}@{host}"
        return self.db
