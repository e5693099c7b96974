"""Issue 24: what the second attack found (caps, undo votes, hidden moves), on both backends."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.service import errors
from bot.service.after_errors import UndoRefused
from bot.service.store import SqliteStore, Store
from bot.service.store.postgres import PostgresStore
from bot.service.tables import TableDefaults, TableService
from tests.bot.conftest import ServiceFactory, dump

Opener = Callable[[], Awaitable[Store]]


@pytest.fixture(params=["sqlite", "postgresql"])
async def open_database(request: pytest.FixtureRequest, db_path: Path) -> AsyncIterator[Opener]:
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


# ---------------------------------------------------------------- undo votes


async def three_at_st_petersburg(service: TableService) -> tuple[str, str, list[str]]:
    """Three people at Sankt Petersburg, the first has bought and asks to take it back.

    Returns the table, the asker and the voters, the one who acts next first."""
    for user, name in (("u1", "Anna"), ("u2", "Boris"), ("u3", "Clara")):
        await service.join("c1", user, name=name)
    start = await service.start("c1", "u1", game="stpetersburg", options={"public_money": True})
    table_id, asker = start.table.id, start.to_act[0].user
    assert asker is not None
    hand = await service.hand(table_id, asker)
    moved = await service.act(table_id, asker, next(m for m in hand.legal_moves if "buy" in m))
    asked = await service.ask_undo(table_id, asker)
    assert asked.status == "asked"
    acting = [s.user for s in moved.to_act]
    return table_id, asker, sorted(asked.waiting, key=lambda v: v not in acting)


async def test_a_replaced_members_undo_vote_does_not_count(service: TableService) -> None:
    """Finding 4: after a moderator hands voter X's seat to an AI, X's answer is refused; the
    AI seat agrees, so the other voter's agreement alone takes the move back."""
    table_id, _, (other, replaced) = await three_at_st_petersburg(service)
    handed = await service.replace_with_ai(table_id, "mod", replaced, moderator=True)
    assert not handed.moves  # not the AI seat's turn: the request stands
    with pytest.raises(UndoRefused) as refused:
        await service.answer_undo(table_id, replaced, True)
    assert refused.value.reason == "undo.not_asked"
    with pytest.raises(UndoRefused):
        await service.answer_undo(table_id, replaced, False)  # nor can X refuse for the seat
    accepted = await service.answer_undo(table_id, other, True)
    assert accepted.status == "accepted"
    assert (await service.log(table_id))[-1].notation == "undo 1"


async def test_two_processes_answering_at_once_lose_no_vote(
    open_database: Opener, make_service: ServiceFactory
) -> None:
    """Finding 5: process B reads the request, A records a's agreement, then B records c's; B's
    write must not drop a's vote: the undo happens."""
    store_a, store_b = await open_database(), await open_database()
    service_a, service_b = make_service(store_a), make_service(store_b)
    table_id, _, (voter_a, voter_c) = await three_at_st_petersburg(service_a)
    read, go = asyncio.Event(), asyncio.Event()
    real_get = store_b.undo.get

    async def get_then_wait(table: str) -> Any:
        request = await real_get(table)
        if not read.is_set():  # only B's first read waits for A's write
            read.set()
            await go.wait()
        return request

    store_b.undo.get = get_then_wait  # type: ignore[method-assign]
    answer_b = asyncio.create_task(service_b.answer_undo(table_id, voter_c, True))
    await read.wait()
    answer_a = await service_a.answer_undo(table_id, voter_a, True)
    go.set()
    answers = [answer_a, await answer_b]
    assert "accepted" in [a.status for a in answers]
    assert [e.notation for e in await service_a.log(table_id)][-1] == "undo 1"
    assert await store_a.undo.get(table_id) is None
