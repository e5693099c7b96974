"""Fixtures for the Discord adapter: a real Bot on SimCord's in-memory Discord, with SQLite."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from bot.discord.app import Bot
from bot.service.config import Settings
from bot.service.store import SqliteStore
from bot.service.tables import TableService

GUILD_ID = 4_242_424_242_424_242


def virtual_now() -> float:
    """SimCord's clock (discord.utils.utcnow follows it), so reminders run on virtual time."""
    return discord.utils.utcnow().timestamp()


class World:
    """One test's Discord: the env, a guild, a channel, and how to build (or rebuild) the bot."""

    def __init__(
        self, env: simcord.Env, store: SqliteStore, settings: Settings, bot_options: dict[str, Any]
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


def make_bot(store: SqliteStore, settings: Settings, **options: Any) -> Bot:
    ids = itertools.count(1)
    service = TableService(
        store,
        clock=virtual_now,
        new_id=lambda: f"t{next(ids)}",
        new_seed=lambda: 7,
    )
    options.setdefault("renderer", None)
    options.setdefault("retry_delay", 0.01)
    return Bot(service=service, settings=settings, **options)


@pytest.fixture
def bot_options() -> dict[str, Any]:
    return {}


@pytest.fixture
async def world(tmp_path: Path, bot_options: dict[str, Any]) -> AsyncIterator[World]:
    settings = Settings(database=tmp_path / "db.sqlite3", sync_guild=GUILD_ID)
    async with await SqliteStore.open(settings.database) as store:
        bot = make_bot(store, settings, **bot_options)
        env = simcord.Env(bot)
        env.create_guild("Spieltisch", id=GUILD_ID)
        await env.start()
        try:
            yield World(env, store, settings, bot_options)
        finally:
            await env.shutdown()
        env.raise_errors()
