"""Issue 24: what the second attack found (caps, undo votes, hidden moves), on both backends."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.service import errors
from bot.service.store import SqliteStore, Store
from bot.service.store.postgres import PostgresStore
from bot.service.tables import TableDefaults, TableService
from tests.bot.conftest import ServiceFactory, dump

Opener = Callable[[], Awaitable[Store]]


@pytest.fixture(params=["sqlite", "postgresql"])
async def open_database(
    request: pytest.FixtureRequest, db_path: Path
) -> AsyncIterator[Opener]:
    """Opens stores on one database (each like another process's); closes them after the test."""
    opened: list[Store] = []
    dsn = request.getfixturevalue("postgres_dsn") if request.param == "postgresql" else None

    async def open_one() -> Store:
        store: Store = await (
            PostgresStore.open(dsn) if dsn is not None else SqliteStore.open(db_path)
        )
        opened.append(store)
        return store

    yield open_one
    for store in opened:
        await store.close()


CAP = 5


async def test_concurrent_joins_cannot_walk_past_the_open_table_cap(
    open_database: Opener, make_service: ServiceFactory
) -> None:
    """Finding 1: 100 joins by one member at once, from two services on one database, in new
    channels and in others' lobbies, leave the member at no more open tables than the cap."""
    defaults = TableDefaults(remind_after=3600.0, open_tables_per_member=CAP)
    first, second = await open_database(), await open_database()
    services = [make_service(first, defaults=defaults), make_service(second, defaults=defaults)]

    async def join(n: int, channel: str) -> Any:
        try:
            return await services[n % 2].join(channel, "u1", name="Alice")
        except errors.TooManyTables:
            return None

    joined = await asyncio.gather(*(join(n, f"new{n}") for n in range(100)))
    assert sum(1 for j in joined if j is not None) == CAP
    assert await first.open_tables_of("u1") == CAP
    for n in range(40):  # others' lobbies to sit down at
        await services[n % 2].join(f"lobby{n}", f"host{n}", name="Host")
    await services[0].abandon(next(j for j in joined if j is not None).table.id, "u1")
    joined = await asyncio.gather(*(join(n, f"lobby{n}") for n in range(40)))
    assert sum(1 for j in joined if j is not None) == 1
    assert await second.open_tables_of("u1") == CAP


async def test_a_refused_start_opens_no_lobby(
    store: SqliteStore, make_service: ServiceFactory, db_path: Path
) -> None:
    """Finding 2: `/start` with a bad reminder time, where no lobby was, writes nothing; five such
    refusals do not use up the member's open tables."""
    defaults = TableDefaults(
        remind_after=3600.0, takeover_after=48 * 3600.0, takeover="ai", open_tables_per_member=5
    )
    service = make_service(store, defaults=defaults)
    before = dump(db_path)
    for n in range(6):
        with pytest.raises(errors.BadSetting):
            await service.start(
                f"c{n}", "u1", game="tally", name="Alice", bots=1, remind_after=100 * 3600.0
            )
        assert await service.find(f"c{n}") is None
    assert dump(db_path) == before
    update = await service.start("c9", "u1", game="tally", name="Alice", bots=1)
    assert update.table.status == "playing"
