"""What a running Agora process tells Prometheus (``AGORA_METRICS_PORT``).

One registry per process, so a fleet's processes are scraped one by one:
interactions and how long their first answer took, moves committed (and
those judged again because another process had changed the game), the
outbox (delivered, dead letters, backlog), reminders sent, picture time,
games cached, and Discord's rate-limit waits. The counters are cheap
enough to update on every move; the gauges are read when scraped.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server

REGISTRY = CollectorRegistry(auto_describe=True)

INTERACTIONS = Counter(
    "agora_interactions_total", "Interactions answered, by kind and outcome", ["kind", "outcome"], registry=REGISTRY
)
INTERACTION_SECONDS = Histogram(
    "agora_interaction_seconds",
    "Time until an interaction's answer",
    ["kind"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10),
    registry=REGISTRY,
)
MOVES = Counter(
    "agora_moves_committed_total", "Log rows committed, by game and kind", ["game", "kind"], registry=REGISTRY
)
NOTICES = Counter(
    "agora_notices_total", "Outbox notices by result: delivered, retried, dead", ["result"], registry=REGISTRY
)
MOVES_JUDGED_AGAIN = Counter(
    "agora_moves_judged_again_total",
    "Moves tried on a cached game that another process had changed or held (or that refused them)"
    " and judged again on the game read fresh under its lock",
    registry=REGISTRY,
)
REMINDERS = Counter("agora_reminders_sent_total", "Reminders and deadline warnings sent", registry=REGISTRY)
PICTURE_SECONDS = Histogram(
    "agora_picture_seconds",
    "Time to draw a board or hand picture",
    ["what"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2),
    registry=REGISTRY,
)
RATE_LIMITED = Counter("agora_discord_rate_limited_total", "Times Discord made this process wait", registry=REGISTRY)
CACHED_GAMES = Gauge("agora_cached_games", "Games held in this process's memory", registry=REGISTRY)
OUTBOX_BACKLOG = Gauge("agora_outbox_backlog", "Notices waiting for delivery (last reminder tick)", registry=REGISTRY)
DEAD_LETTERS = Gauge(
    "agora_outbox_dead_letters", "Notices set aside as undeliverable (last reminder tick)", registry=REGISTRY
)
REMINDERS_DUE = Gauge("agora_reminders_due", "Waits due for a look (last reminder tick)", registry=REGISTRY)


class RateLimitCounter(logging.Handler):
    """Counts discord.py's own "rate limited" warnings: the one place every
    wait it makes is reported, whatever route caused it."""

    def emit(self, record: logging.LogRecord) -> None:
        if "rate limit" in record.getMessage().lower():
            RATE_LIMITED.inc()


def serve(port: int, cached_games: Callable[[], int]) -> None:
    """Serve ``/metrics`` on ``port`` (all interfaces) from a daemon thread."""
    CACHED_GAMES.set_function(cached_games)
    logging.getLogger("discord.http").addHandler(RateLimitCounter(level=logging.WARNING))
    start_http_server(port, registry=REGISTRY)
