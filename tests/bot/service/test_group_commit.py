"""Group commit on SQLite: the writes waiting together commit together, each answered alone."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from bot.service import errors
from bot.service.store import SqliteStore, StaleRevision


def insert(value: int, then: str | None = None) -> object:
    """A write adding `value` to the scratch table, then refusing or failing as `then` says."""

    def work(c: sqlite3.Connection) -> int:
        c.execute("INSERT INTO scratch (value) VALUES (?)", (value,))
        if then == "refuse":
            raise StaleRevision(f"write {value} refused")
        if then == "fail":
            c.execute("INSERT INTO no_such_table VALUES (1)")  # the database itself fails
        return value

    return work


def stored(path: Path) -> list[int]:
    with sqlite3.connect(path) as c:
        return sorted(v for (v,) in c.execute("SELECT value FROM scratch"))


async def write_all(store: SqliteStore, works: list[object]) -> list[object]:
    return await asyncio.gather(*(store._write(w) for w in works), return_exceptions=True)  # type: ignore[arg-type]


async def test_writes_waiting_together_are_committed_together(
    store: SqliteStore, db_path: Path
) -> None:
    await store._write(lambda c: c.execute("CREATE TABLE scratch (value INTEGER)"))
    batches = store.writes.batches
    results = await write_all(store, [insert(n) for n in range(50)])
    assert results == list(range(50))  # each caller gets its own write's answer
    assert store.writes.batches - batches < 10  # far fewer commits than writes
    assert stored(db_path) == list(range(50))


async def test_a_refused_write_affects_only_its_own_caller(
    store: SqliteStore, db_path: Path
) -> None:
    await store._write(lambda c: c.execute("CREATE TABLE scratch (value INTEGER)"))
    works = [insert(n, "refuse" if n == 3 else None) for n in range(8)]
    results = await write_all(store, works)
    assert isinstance(results[3], StaleRevision)
    assert [r for n, r in enumerate(results) if n != 3] == [0, 1, 2, 4, 5, 6, 7]
    assert stored(db_path) == [0, 1, 2, 4, 5, 6, 7]  # its own row was rolled back


async def test_a_database_failure_in_one_write_reaches_only_that_write(
    store: SqliteStore, db_path: Path
) -> None:
    await store._write(lambda c: c.execute("CREATE TABLE scratch (value INTEGER)"))
    works = [insert(n, "fail" if n == 5 else "refuse" if n == 1 else None) for n in range(8)]
    results = await write_all(store, works)
    assert isinstance(results[5], errors.StorageUnavailable)
    assert isinstance(results[1], StaleRevision)
    assert [r for n, r in enumerate(results) if n not in (1, 5)] == [0, 2, 3, 4, 6, 7]
    assert stored(db_path) == [0, 2, 3, 4, 6, 7]


async def test_a_busy_database_refuses_the_whole_batch_politely(
    store: SqliteStore, db_path: Path
) -> None:
    """Another process holds the write lock past the busy timeout: every write waiting is told
    the storage is busy, none is half done, and the next writes succeed once it lets go."""
    await store._write(lambda c: c.execute("CREATE TABLE scratch (value INTEGER)"))
    await store._writer.run(lambda c: c.execute("PRAGMA busy_timeout = 100"))
    other = sqlite3.connect(db_path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        results = await write_all(store, [insert(n) for n in range(6)])
        assert all(isinstance(r, errors.StorageBusy) for r in results)
        other.execute("ROLLBACK")
    finally:
        other.close()
    assert await write_all(store, [insert(n) for n in range(3)]) == [0, 1, 2]
    assert stored(db_path) == [0, 1, 2]


async def test_reads_waiting_together_go_in_one_hop(store: SqliteStore) -> None:
    before = store.reads.batches
    revisions = await asyncio.gather(*(store.revision(f"t{n}") for n in range(40)))
    assert revisions == [None] * 40
    assert store.reads.batches - before < 10


async def test_a_cancelled_caller_does_not_disturb_the_others(
    store: SqliteStore, db_path: Path
) -> None:
    await store._write(lambda c: c.execute("CREATE TABLE scratch (value INTEGER)"))
    tasks = [asyncio.create_task(store._write(insert(n))) for n in range(6)]  # type: ignore[arg-type]
    await asyncio.sleep(0)  # every write is waiting now
    tasks[0].cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    assert isinstance(results[0], asyncio.CancelledError)
    assert results[1:] == [1, 2, 3, 4, 5]
    # Like any write already handed to the database, the cancelled one may still be committed.
    assert stored(db_path) in ([1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5])
