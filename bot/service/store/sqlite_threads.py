"""SQLite connections on their own threads, and the batches that carry work to them in one hop.

A coroutine hands a connection's thread whole units of work (a transaction, a consistent read).
Under load many coroutines do so at once: `Batches` then takes every unit waiting when the thread
is free and carries them all in one hop, and the writer commits a batch of writes together
(group commit), each write inside its own SAVEPOINT so that a refused one affects only its caller.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Generic, TypeVar

from bot.service import errors

log = logging.getLogger(__name__)
T = TypeVar("T")
Work = Callable[[sqlite3.Connection], Any]
# What became of one unit of work: (True, its result) or (False, the exception it raised).
Outcome = tuple[bool, Any]
RunBatch = Callable[[sqlite3.Connection, Sequence[Work]], list[Outcome]]

# SQLite's primary result codes (the low byte of an extended code).
_BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _NOTADB = 5, 6, 8, 10, 11, 13, 26
_KINDS: dict[int, type[errors.StorageUnavailable]] = {
    _BUSY: errors.StorageBusy,
    _LOCKED: errors.StorageBusy,
    _READONLY: errors.StorageReadOnly,
    _CORRUPT: errors.StorageDamaged,
    _NOTADB: errors.StorageDamaged,
    _FULL: errors.StorageFull,
}


def storage_error(error: sqlite3.Error) -> errors.StorageUnavailable:
    """The typed, localised error for a failure of the database itself."""
    code = getattr(error, "sqlite_errorcode", None)
    kind = _KINDS.get(code & 0xFF, errors.StorageUnavailable) if code else None
    if kind is None:  # no code (e.g. "database is locked" raised by Python itself)
        kind = errors.StorageBusy if "locked" in str(error) else errors.StorageUnavailable
    return kind()


def typed(error: BaseException) -> BaseException:
    """The exception a caller sees: a database failure as a storage error, the rest as raised."""
    if isinstance(error, sqlite3.Error):
        log.warning("database error: %s", error)
        converted = storage_error(error)
        converted.__cause__ = error
        return converted
    return error


class DbThread:
    """One sqlite3 connection on its own thread; coroutines hand it whole units of work."""

    def __init__(self, executor: ThreadPoolExecutor, connection: sqlite3.Connection) -> None:
        self._executor = executor
        self.connection = connection

    @classmethod
    async def open(cls, path: Path, name: str, pragmas: Sequence[str]) -> DbThread:
        executor = ThreadPoolExecutor(1, thread_name_prefix=f"sqlite-{name}")

        def connect() -> sqlite3.Connection:
            # isolation_level=None: autocommit, so transactions are exactly our BEGIN ... COMMIT.
            connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            try:
                connection.row_factory = sqlite3.Row
                for pragma in pragmas:
                    connection.execute(f"PRAGMA {pragma}").fetchall()
            except BaseException:
                connection.close()  # a failed PRAGMA must not leave the file open
                raise
            return connection

        try:
            connection = await asyncio.get_running_loop().run_in_executor(executor, connect)
        except BaseException:
            executor.shutdown(wait=False)  # the idle thread ends, so the process can exit
            raise
        return cls(executor, connection)

    async def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` on the thread; a database failure becomes a typed storage error."""
        try:
            return await asyncio.get_running_loop().run_in_executor(
                self._executor, work, self.connection
            )
        except sqlite3.Error as error:
            raise typed(error) from error

    async def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            await asyncio.get_running_loop().run_in_executor(self._executor, self.connection.close)
        self._executor.shutdown(wait=False)


class Batches(Generic[T]):
    """Units of work for one DbThread, carried there in batches: one hop for all that waited.

    While a batch is on the thread, new units wait; when it returns, the next batch takes them
    all. One unit alone goes at once, so an idle service answers as fast as before. Each caller
    gets its own unit's result or exception, and only once its whole batch has run.
    """

    def __init__(self, thread: DbThread, run_batch: RunBatch) -> None:
        self._thread = thread
        self._run_batch = run_batch
        self._waiting: list[tuple[Work, asyncio.Future[Any]]] = []
        self._carrying: asyncio.Task[None] | None = None
        self.batches = 0  # how many hops were made, for the benchmark's figures
        self.units = 0
        # When a list is set here (the benchmark does), how long each hop took, from leaving the
        # event loop to coming back, in seconds: its tail tells the database's waits from the
        # service's own. None (serving): nothing is timed or kept.
        self.hop_seconds: list[float] | None = None

    async def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._waiting.append((work, future))
        if self._carrying is None:
            self._carrying = asyncio.create_task(self._carry())
        # Like run_in_executor: a caller that gives up does not stop a unit already on its way.
        return await future

    async def _carry(self) -> None:
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                units = [work for work, _ in batch]
                self.batches += 1
                self.units += len(units)
                timings = self.hop_seconds
                started = time.perf_counter() if timings is not None else 0.0
                try:
                    outcomes = await self._thread.run(_batch(self._run_batch, units))
                except Exception as error:  # the hop itself failed (e.g. the store was closed)
                    outcomes = [(False, error)] * len(batch)
                except BaseException:  # cancelled (the loop is closing): nobody is answered
                    self._waiting = batch + self._waiting
                    raise
                if timings is not None:
                    timings.append(time.perf_counter() - started)
                for (_, future), (ok, value) in zip(batch, outcomes, strict=True):
                    if future.done():  # its caller was cancelled meanwhile
                        continue
                    if ok:
                        future.set_result(value)
                    else:
                        future.set_exception(typed(value))
        except BaseException:
            for _, future in self._waiting:
                future.cancel()
            self._waiting = []
            raise
        finally:
            self._carrying = None


def _batch(run_batch: RunBatch, units: Sequence[Work]) -> Callable[[sqlite3.Connection], Any]:
    return lambda c: run_batch(c, units)


def _in_transaction(work: Work) -> Work:
    return lambda c: transaction(c, work)


def one_each(c: sqlite3.Connection, units: Sequence[Work]) -> list[Outcome]:
    """Each write in a transaction of its own."""
    return each_alone(c, [_in_transaction(work) for work in units])


def each_alone(c: sqlite3.Connection, units: Sequence[Work]) -> list[Outcome]:
    """A batch of reads: each unit on its own (each is its own consistent read)."""
    outcomes: list[Outcome] = []
    for work in units:
        try:
            outcomes.append((True, work(c)))
        except Exception as error:
            outcomes.append((False, error))
    return outcomes


def transaction(connection: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run `work` in a write transaction: all of it commits, or none of it."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        result = work(connection)
        connection.execute("COMMIT")
        return result
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def group_commit(c: sqlite3.Connection, units: Sequence[Work]) -> list[Outcome]:
    """A batch of writes in one transaction, each inside its own SAVEPOINT.

    A write that refuses (a stale revision, a busy channel: any exception that is not the
    database failing) is rolled back to its savepoint and only its caller hears of it. Should the
    database itself fail (full, read-only, damaged...), the whole transaction is rolled back and
    each write is tried again in a transaction of its own, so that the failure reaches only the
    writes it really concerns. Nothing is answered before the COMMIT that holds it.
    """
    if len(units) == 1:
        return one_each(c, units)
    try:
        c.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as error:  # busy (another process writes) or unwritable: none was tried
        return [(False, error)] * len(units)
    outcomes: list[Outcome] = []
    try:
        for work in units:
            c.execute("SAVEPOINT one_write")
            try:
                outcomes.append((True, work(c)))
            except sqlite3.Error:
                raise
            except Exception as refused:
                c.execute("ROLLBACK TO one_write")
                outcomes.append((False, refused))
            c.execute("RELEASE one_write")
        c.execute("COMMIT")
    except sqlite3.Error:
        if c.in_transaction:
            c.execute("ROLLBACK")
        return one_each(c, units)
    except BaseException:
        if c.in_transaction:
            c.execute("ROLLBACK")
        raise
    return outcomes
