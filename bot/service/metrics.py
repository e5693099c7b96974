"""Prometheus metrics of a serving process: the counters each layer bumps, and the endpoint
(`metrics_port` in config.toml; off by default, on 127.0.0.1 unless `metrics_host` says otherwise).

Counting costs a microsecond or two whether or not anyone scrapes, so the layers always count;
only the HTTP endpoint is optional. Gauges that need the database (open tables by game, boards
owed) are refreshed by the endpoint's own task every `refresh_every` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    start_http_server,
)

if TYPE_CHECKING:
    from bot.service.store import Store

log = logging.getLogger(__name__)

disable_created_metrics()  # type: ignore[no-untyped-call]  # `_created` series: noise here
REGISTRY = CollectorRegistry(auto_describe=True)
_FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)

INTERACTIONS = Counter(
    "spieltisch_interactions",
    "Discord interactions received, by type (command, component, autocomplete, modal)",
    ["type"],
    registry=REGISTRY,
)
ACK_SECONDS = Histogram(
    "spieltisch_interaction_ack_seconds",
    "From receiving an interaction to its first answer (Discord drops it after 3 s)",
    ["type"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0),
    registry=REGISTRY,
)
MOVES = Counter(
    "spieltisch_moves_applied",
    "Moves written to the move log, by game and by who moved (player, ai, auto)",
    ["game", "moved_by"],
    registry=REGISTRY,
)
OPEN_TABLES = Gauge(
    "spieltisch_open_tables",
    "Lobbies and running games, by game ('' for a lobby with no game chosen yet)",
    ["game"],
    registry=REGISTRY,
)
BOARDS_OWED = Gauge(
    "spieltisch_boards_owed",
    "Tables whose latest board is not posted yet (posted at the next tick or start)",
    registry=REGISTRY,
)
REMINDERS_SENT = Counter(
    "spieltisch_reminders_sent", "Reminders posted to players", registry=REGISTRY
)
AI_SECONDS = Histogram(
    "spieltisch_ai_think_seconds",
    "Time an AI seat took to choose its move, by AI kind",
    ["kind"],
    buckets=(*_FAST, 5.0, 10.0, 30.0),
    registry=REGISTRY,
)
DB_WRITE_SECONDS = Histogram(
    "spieltisch_db_write_seconds",
    "Database write transactions, from asking to committed",
    buckets=_FAST,
    registry=REGISTRY,
)
REFUSALS = Counter(
    "spieltisch_refusals",
    "Requests refused with a message to the member (not your turn, an old board...), by kind",
    ["kind"],
    registry=REGISTRY,
)
ERRORS = Counter(
    "spieltisch_errors",
    "Failures: Discord refusing a call, commands failing, AI falling back, by kind",
    ["kind"],
    registry=REGISTRY,
)


def refused(error: BaseException) -> None:
    """Count a refusal, named by its class (NotYourTurn, StaleBoard, ...)."""
    REFUSALS.labels(type(error).__name__).inc()


def failed(kind: str) -> None:
    ERRORS.labels(kind).inc()


async def refresh(store: Store) -> None:
    """Read the gauges that live in the database."""
    counts = await store.health.open_tables_by_game()
    for game in {labels[0] for labels in _gauge_labels(OPEN_TABLES)} - set(counts):
        OPEN_TABLES.labels(game).set(0)  # a game whose last table closed shows 0, not its past
    for game, count in counts.items():
        OPEN_TABLES.labels(game).set(count)
    BOARDS_OWED.set(await store.health.boards_owed())


def _gauge_labels(gauge: Gauge) -> list[tuple[str, ...]]:
    return [tuple(s.labels.values()) for metric in gauge.collect() for s in metric.samples]


@dataclass
class MetricsServer:
    """The endpoint serving REGISTRY, and the task refreshing the database gauges."""

    host: str
    port: int
    refresh_every: float = 15.0
    _server: Any = None
    _thread: Any = None
    _task: asyncio.Task[None] | None = field(default=None, repr=False)

    def start(self, store: Store | None) -> MetricsServer:
        self._server, self._thread = start_http_server(self.port, addr=self.host, registry=REGISTRY)
        self.port = self._server.server_port  # the port chosen, when 0 asked for any free one
        if store is not None:
            self._task = asyncio.get_running_loop().create_task(self._refresh_regularly(store))
        log.info("metrics on http://%s:%d/metrics", self.host, self.port)
        return self

    async def _refresh_regularly(self, store: Store) -> None:
        while True:
            try:
                await refresh(store)
            except Exception as error:  # a busy database must not stop the metrics
                log.warning("metrics: database gauges not refreshed: %s", error)
            await asyncio.sleep(self.refresh_every)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None


def serve(port: int | None, host: str, store: Store | None) -> MetricsServer | None:
    """Start the endpoint if a port is configured (inside a running event loop)."""
    if port is None:
        return None
    return MetricsServer(host, port).start(store)
