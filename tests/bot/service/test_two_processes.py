"""Two processes on one database file (issue 10, finding 7): consistent reads, every write retried.

The second "process" is a second store and service on the same file, as the console and the bot
are when they share the default database.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.service import errors
from bot.service.store import SqliteStore, TableRecord
from bot.service.tables import TableService
from tests.bot.conftest import ServiceFactory


class Interleaved:
    """A real store that lets another process write just before its own next write, once."""

    def __init__(self, store: SqliteStore) -> None:
        self._store = store
        self.meanwhile: Callable[[], Awaitable[object]] | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def _interleave(self) -> None:
        if self.meanwhile is not None:
            meanwhile, self.meanwhile = self.meanwhile, None
            await meanwhile()

    async def save(self, table: TableRecord, **options: Any) -> None:
        await self._interleave()
        await self._store.save(table, **options)

    async def append(self, *arguments: Any, **options: Any) -> None:
        await self._interleave()
        await self._store.append(*arguments, **options)

    async def record_reminders(self, *arguments: Any, **options: Any) -> None:
        await self._interleave()
        await self._store.record_reminders(*arguments, **options)


async def _two_player_table(service: TableService) -> str:
    await service.join("c1", "u1", name="Ann")
    await service.join("c1", "u2", name="Ben")
    update = await service.start("c1", "u1", game="tally", options={"target": 60})
    return update.table.id


WRITES: dict[str, Callable[[TableService, str], Awaitable[object]]] = {
    "kick": lambda service, table: service.replace_with_ai(table, "u1", "Ben"),
    "abandon": lambda service, table: service.abandon(table, "u1"),
    "set_reminders": lambda service, table: service.set_reminders(table, "u1", remind_after=7200),
    "set_thread": lambda service, table: service.set_thread(table, "thread-9"),
}


@pytest.mark.parametrize("write", WRITES)
async def test_a_write_that_another_process_overtook_is_retried(
    write: str, db_path: Path, make_service: ServiceFactory
) -> None:
    first_store = await SqliteStore.open(db_path)
    interleaved = Interleaved(first_store)
    first = make_service(interleaved)
    table_id = await _two_player_table(first)
    await first.status(table_id)  # cached here
    second_store = await SqliteStore.open(db_path)
    second = make_service(second_store)
    interleaved.meanwhile = lambda: second.act(table_id, "u1", "add 1")

    await WRITES[write](first, table_id)

    assert interleaved.meanwhile is None  # the other process did write in between
    log = await first.log(table_id)
    assert log[0].notation == "add 1"  # its move stands, and ours was applied after it
    assert len(log) == (2 if write == "kick" else 1)  # the AI now answers for Ben
    info = await second.info(table_id)
    if write == "kick":
        assert [s.kind for s in info.seats] == ["human", "greedy"]
    elif write == "abandon":
        assert info.status == "abandoned"
    elif write == "set_reminders":
        assert info.remind_after == 7200
    else:
        assert info.thread == "thread-9"
    assert (await first.verify(table_id)).ok
    await first_store.close()
    await second_store.close()


async def test_reads_beside_another_process_writing_are_never_torn(
    db_path: Path, make_service: ServiceFactory
) -> None:
    """The row, the snapshot and the log are read in one transaction: replay always agrees."""
    writer_store = await SqliteStore.open(db_path)
    writer = make_service(writer_store)
    update = await writer.start("c1", "u1", game="tally", name="Ann", options={"target": 200})
    table_id = update.table.id
    reader_store = await SqliteStore.open(db_path)
    reader = make_service(reader_store)
    done = asyncio.Event()

    async def write() -> None:
        for _ in range(120):
            await writer.act(table_id, "u1", "add 1")
        done.set()

    async def read() -> list[str]:
        problems = []
        while not done.is_set():
            check = await reader.verify(table_id)
            if not check.ok:
                problems.append(str(check.problem))
            status = await reader.status(table_id)
            if status.view.total != status.table.version:  # tally: one point per move
                problems.append(f"state at {status.view.total}, record at {status.table.version}")
        return problems

    _, problems = await asyncio.gather(write(), read())
    assert problems == []
    await writer_store.close()
    await reader_store.close()


async def test_the_tick_survives_another_process_writing_a_due_table(
    db_path: Path, make_service: ServiceFactory, clock: Any
) -> None:
    """A table the other process changes mid-tick is left to it; every other table is reminded."""
    first_store = await SqliteStore.open(db_path)
    interleaved = Interleaved(first_store)
    first = make_service(interleaved)
    tables = []
    for n in range(3):
        await first.join(f"c{n}", "u1", name="Ann")
        await first.join(f"c{n}", "u2", name="Ben")
        tables.append((await first.start(f"c{n}", "u1", game="tally")).table.id)
    second_store = await SqliteStore.open(db_path)
    second = make_service(second_store)
    interleaved.meanwhile = lambda: second.act(tables[0], "u1", "add 1")
    clock.advance(3601)

    tick = await first.tick()

    reminded = sorted(r.table.id for r in tick.reminders)
    assert reminded == tables[1:]  # the first was moved by the other process meanwhile
    assert (await first.tick()).reminders == ()  # nothing is reminded twice
    await first_store.close()
    await second_store.close()


async def test_a_move_refused_on_a_copy_another_process_made_stale_is_judged_again(
    db_path: Path, make_service: ServiceFactory
) -> None:
    """A process whose cached copy is behind must not refuse a move for a turn it missed."""
    first_store, second_store = await SqliteStore.open(db_path), await SqliteStore.open(db_path)
    first, second = make_service(first_store), make_service(second_store)
    table_id = await _two_player_table(first)
    await second.status(table_id)  # cached there: Ann to act
    await first.act(table_id, "u1", "add 1")  # Ben's turn now, unknown to the second process
    typed = await second.act(table_id, "u2", "add 2")
    assert typed.version == 2
    await first.act(table_id, "u1", "add 1")
    clicked = await second.act(table_id, "u2", "add 1", version=3)  # a button of version 3
    assert clicked.version == 4
    with pytest.raises(errors.NotYourTurn):  # a refusal on a current copy stands
        await second.act(table_id, "u2", "add 1")
    assert [m.seat for m in await first.log(table_id)] == ["Ann", "Ben", "Ann", "Ben"]
    await first_store.close()
    await second_store.close()
