"""Fixtures for the Discord adapter: a real Bot on SimCord's in-memory Discord, with SQLite (or
PostgreSQL, for the tests that ask for it)."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
from simcord import interactions as sim_interactions

from bot.discord.app import Bot
from bot.service.config import LimitSettings, Settings
from bot.service.store import Store, open_store
from bot.service.tables import TableService

GUILD_ID = 4_242_424_242_424_242


def virtual_now() -> float:
    """SimCord's clock (discord.utils.utcnow follows it), so reminders run on virtual time."""
    return discord.utils.utcnow().timestamp()


class World:
    """One test's Discord: the env, a guild, a channel, and how to build (or rebuild) the bot."""

    def __init__(
        self, env: simcord.Env, store: Store, settings: Settings, bot_options: dict[str, Any]
    ) -> None:
        self.env = env
        self.store = store
        self.settings = settings
        self.bot_options = bot_options
        self.guild = env.guild
        self.channel = self.guild.create_text_channel("games")

    @property
    def bot(self) -> Bot:
        return self.env.bot  # type: ignore[return-value]

    def member(self, name: str) -> simcord.MemberActor:
        return self.guild.add_member(self.env.create_user(name))

    async def restart(self) -> Bot:
        """A new process: a new TableService and Bot over the same database."""
        bot = make_bot(self.store, self.settings, **self.bot_options)
        await self.env.restart_bot(bot)
        return bot


def make_service(store: Store) -> TableService:
    """One process's table service: virtual time, tables named t1, t2, ..., seed 7."""
    ids = itertools.count(1)
    return TableService(
        store,
        clock=virtual_now,
        new_id=lambda: f"t{next(ids)}",
        new_seed=lambda: 7,
    )


def make_bot(
    store: Store, settings: Settings, service: TableService | None = None, **options: Any
) -> Bot:
    options.setdefault("renderer", None)
    options.setdefault("retry_delay", 0.01)
    return Bot(service=service or make_service(store), settings=settings, **options)


@pytest.fixture
def locales(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Per-user Discord client locales (SimCord sends en-US unless told otherwise)."""
    chosen: dict[int, str] = {}
    original = sim_interactions.base_payload

    def with_locale(backend: Any, **kwargs: Any) -> Any:
        record, payload = original(backend, **kwargs)
        if kwargs["user_id"] in chosen:
            payload["locale"] = chosen[kwargs["user_id"]]
        return record, payload

    monkeypatch.setattr(sim_interactions, "base_payload", with_locale)
    return chosen


@pytest.fixture
def bot_options() -> dict[str, Any]:
    return {}


@pytest.fixture
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """The world's database: a SQLite file, or a fresh PostgreSQL database for a test
    parametrized with `@pytest.mark.parametrize("database", ["postgresql"], indirect=True)`."""
    if getattr(request, "param", "sqlite") == "postgresql":
        return str(request.getfixturevalue("postgres_dsn"))
    return tmp_path / "db.sqlite3"


@pytest.fixture
async def world(database: Path | str, bot_options: dict[str, Any]) -> AsyncIterator[World]:
    # The tests click at machine speed, far past a member's click limits (tested on their own).
    fast = LimitSettings(clicks_per_10_seconds=1000, clicks_per_minute=10000)
    settings = Settings(database=database, sync_guild=GUILD_ID, limits=fast)
    async with await open_store(settings.database) as store:
        bot = make_bot(store, settings, **bot_options)
        # The bot shards as Discord advises unless configured; this Discord advises one shard.
        env = simcord.Env(bot, shard_count=None if bot.shard_count else 1)
        env.create_guild("Spieltisch", id=GUILD_ID)
        await env.start()
        try:
            yield World(env, store, settings, bot_options)
        finally:
            await env.shutdown()
        env.raise_errors()
