"""Prometheus metrics: a process serves them on AGORA_METRICS_PORT and a
scrape shows moves, notices, reminders and the health gauges."""

from __future__ import annotations

import socket
import urllib.request

from engine import metrics
from tests.platform.test_tables import ALICE, started


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def test_a_scrape_shows_what_the_service_did(tables, courier):
    port = free_port()
    metrics.serve(port, lambda: len(tables._cache))
    before = metrics.MOVES.labels("santorini", "play")._value.get()
    game_id = await started(tables)
    await tables.play(game_id, ALICE, "place c3")
    await tables.play(game_id, ALICE, "place d4")
    await tables.settle()
    backlog, dead, due = await tables.store.health(tables.clock())
    assert (backlog, dead) == (0, 0) and due == 0
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as answer:
        text = answer.read().decode()
    assert metrics.MOVES.labels("santorini", "play")._value.get() == before + 2
    for name in (
        "agora_moves_committed_total",
        "agora_notices_total",
        "agora_cached_games",
        "agora_outbox_backlog",
        "agora_interaction_seconds",
        "agora_picture_seconds",
        "agora_discord_rate_limited_total",
        "agora_reminders_due",
    ):
        assert name in text, name
    assert 'agora_moves_committed_total{game="santorini",kind="play"}' in text
    assert "agora_cached_games 1.0" in text
