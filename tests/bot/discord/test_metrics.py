"""The metrics endpoint (`metrics_port`), scraped during a SimCord game: the counters move."""

from __future__ import annotations

import asyncio
import socket
import urllib.request
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import simcord
from prometheus_client.parser import text_string_to_metric_families

from bot.service import metrics
from bot.service.config import Settings
from bot.service.store import open_store
from tests.bot.discord.conftest import GUILD_ID, World, make_bot
from tests.bot.discord.driver import Timing, latest_board, play_turn, to_act


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
async def metered(tmp_path: Path) -> AsyncIterator[World]:
    """A world whose bot serves its metrics, as `metrics_port` in config.toml asks."""
    settings = Settings(
        database=tmp_path / "db.sqlite3", sync_guild=GUILD_ID, metrics_port=free_port()
    )
    async with await open_store(settings.database) as store:
        bot = make_bot(store, settings)
        env = simcord.Env(bot, shard_count=1)
        env.create_guild("Spieltisch", id=GUILD_ID)
        await env.start()
        try:
            yield World(env, store, settings, {})
        finally:
            await env.shutdown()
        env.raise_errors()


async def scrape(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of the endpoint, by name and labels."""

    def fetch() -> str:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as answer:
            assert answer.headers["Content-Type"].startswith("text/plain")
            return str(answer.read().decode())

    text = await asyncio.to_thread(fetch)
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def total(samples: dict, name: str, **labels: str) -> float:
    """The sum of `name`'s samples whose labels include `labels`."""
    return sum(
        value
        for (each, found), value in samples.items()
        if each == name and set(labels.items()) <= set(found)
    )


async def test_a_scrape_during_a_game_shows_the_counters_moving(metered: World) -> None:
    world = metered
    server = world.bot.metrics
    assert server is not None and server.host == "127.0.0.1"
    before = await scrape(server.port)
    alice, bob = world.member("alice"), world.member("bob")
    timing = Timing()
    await alice.slash(world.channel, "start stpetersburg", bots=1)
    (thread,) = world.channel.threads
    for _ in range(4):
        board = latest_board(thread)
        assert to_act(board) == [alice.id]
        await play_turn(alice, board, timing)
    await bob.slash(thread, "hand")  # not seated: refused, privately
    await metrics.refresh(world.store)
    during = await scrape(server.port)

    def moved(name: str, **labels: str) -> float:
        return total(during, name, **labels) - total(before, name, **labels)

    assert moved("spieltisch_interactions_total", type="command") >= 2
    assert moved("spieltisch_interactions_total", type="component") >= 4
    assert moved("spieltisch_interaction_ack_seconds_count", type="component") >= 4
    assert moved("spieltisch_interaction_ack_seconds_count", type="command") >= 2
    assert moved("spieltisch_moves_applied_total", game="stpetersburg", moved_by="player") >= 4
    assert moved("spieltisch_moves_applied_total", game="stpetersburg", moved_by="ai") >= 1
    assert moved("spieltisch_ai_think_seconds_count", kind="greedy") >= 1
    assert moved("spieltisch_db_write_seconds_count") >= 5
    assert moved("spieltisch_refusals_total") >= 1
    assert total(during, "spieltisch_open_tables", game="stpetersburg") == 1
    assert total(during, "spieltisch_boards_owed") == 0


async def test_no_endpoint_unless_a_port_is_configured(world: World) -> None:
    assert world.settings.metrics_port is None
    assert world.bot.metrics is None
