"""The table service on PostgreSQL: whole games, and two processes racing on the same tables.

Each "process" is its own PostgresStore (its own connection pool) and TableService, as two bot
processes would be; the server is the throwaway one of tests/bot/postgres.py.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.service import errors
from bot.service.store.postgres import PostgresStore
from bot.service.tables import TableService
from bot.service.updates import Update
from tests.bot.conftest import MANY_TABLES, Clock, ServiceFactory


@pytest.fixture
async def two(
    postgres_dsn: str, make_service: ServiceFactory
) -> AsyncIterator[tuple[TableService, TableService]]:
    first, second = await PostgresStore.open(postgres_dsn), await PostgresStore.open(postgres_dsn)
    yield make_service(first, defaults=MANY_TABLES), make_service(second, defaults=MANY_TABLES)
    await first.close()
    await second.close()


async def test_a_game_with_an_ai_seat_is_played_to_the_end_and_replays(
    two: tuple[TableService, TableService],
) -> None:
    service, _ = two
    update = await service.start(
        "c1", "u1", game="tally", bots=1, name="Ann", options={"target": 30}
    )
    table_id = update.table.id
    while not update.finished:
        update = await service.act(table_id, "u1", "add 1")
    assert (await service.info(table_id)).status == "finished"
    check = await service.verify(table_id)
    assert check.ok and check.moves == update.version


async def test_identical_and_conflicting_requests_from_two_processes_apply_once(
    two: tuple[TableService, TableService],
) -> None:
    first, second = two
    update = await first.start("c1", "u1", game="tally", name="Ann", options={"target": 200})
    table_id = update.table.id
    for round_ in range(15):
        version = (await first.info(table_id)).version
        moves = ("add 1", "add 1") if round_ % 2 else ("add 1", "add 2")  # same, or conflicting
        results = await asyncio.gather(
            first.act(table_id, "u1", moves[0], version=version),
            second.act(table_id, "u1", moves[1], version=version),
            return_exceptions=True,
        )
        applied = [r for r in results if isinstance(r, Update)]
        refused = [r for r in results if isinstance(r, errors.TableError)]
        assert len(applied) == 1 and len(refused) == 1, results
        assert isinstance(refused[0], errors.AlreadyPlayed | errors.StaleBoard)
    log = await second.log(table_id)
    assert [m.seq for m in log] == list(range(1, 16))  # every move once, none lost
    assert (await second.verify(table_id)).ok


async def test_reminder_ticks_at_the_same_moment_remind_each_seat_once(
    two: tuple[TableService, TableService], clock: Clock
) -> None:
    first, second = two
    tables = []
    for n in range(6):
        await first.join(f"c{n}", "u1", name="Ann")
        await first.join(f"c{n}", "u2", name="Ben")
        tables.append((await first.start(f"c{n}", "u1", game="tally")).table.id)
    clock.advance(3601)
    ticks = await asyncio.gather(first.tick(), second.tick())
    reminded = sorted(r.table.id for tick in ticks for r in tick.reminders)
    assert reminded == sorted(tables)  # each table's waiting seat reminded exactly once
    again = await asyncio.gather(first.tick(), second.tick())
    assert all(t.reminders == () for t in again)


async def test_a_table_claimed_by_another_process_waits_and_is_not_lost_when_it_dies(
    two: tuple[TableService, TableService], clock: Clock, postgres_dsn: str
) -> None:
    import asyncpg

    first, _ = two
    tables = []
    for n in range(3):
        await first.join(f"c{n}", "u1", name="Ann")
        await first.join(f"c{n}", "u2", name="Ben")
        tables.append((await first.start(f"c{n}", "u1", game="tally")).table.id)
    clock.advance(3601)
    other = await asyncpg.connect(postgres_dsn)  # another process, in the middle of its claim
    async with first.store.claim(tables[0]) as mine:
        assert mine
    held = await other.fetchval("SELECT pg_try_advisory_lock(74657432, hashtext($1))", tables[0])
    assert held
    tick = await first.tick()
    assert sorted(r.table.id for r in tick.reminders) == sorted(tables[1:])
    await other.close()  # that process dies before doing anything: its claim goes with it
    tick = await first.tick()
    assert [r.table.id for r in tick.reminders] == [tables[0]]
