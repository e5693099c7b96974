"""The Store on PostgreSQL (asyncpg), for several bot processes sharing one database.

The same numbered migrations as SQLite (translated by `for_postgres`), the same statements (with
$n placeholders) and the same guarantees: a move and its state in one transaction guarded by the
table's revision, the move log's primary key as a second guard, consistent reads (REPEATABLE
READ), and database failures as the service's typed storage errors.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any, TypeVar

import asyncpg

from bot.service import errors, metrics
from bot.service.store.db import Step, Unchanged
from bot.service.store.migrations import (
    MIGRATIONS,
    MIGRATIONS_TABLE,
    SCHEMA_VERSION,
    for_postgres,
)
from bot.service.store.outbox import SharedQueries
from bot.service.store.records import (
    CannotOpen,
    ChannelBusy,
    DuplicateId,
    MessageRecord,
    MoveRecord,
    OverCap,
    SeatCap,
    SeatRecord,
    StaleRevision,
    StoredTable,
    TableRecord,
)
from bot.service.store.sql import (
    DUE,
    GUARDED_UPDATE,
    INSERT_MOVE,
    INSERT_SEAT,
    INSERT_TABLE,
    MOVE_COLUMNS,
    OPEN_IN,
    OTHER_OPEN_TABLES_OF,
    SEAT_COLUMNS,
    SELECT_MESSAGES,
    TABLE_COLUMNS,
    UPDATE_SEAT,
    UPSERT_MESSAGE,
    UPSERT_SNAPSHOT,
    Row,
    message_from,
    message_row,
    move_from,
    move_row,
    numbered,
    seat_change_row,
    seat_from,
    seat_row,
    table_from,
    table_row,
)

T = TypeVar("T")
_CLAIMS = 74657432  # the advisory-lock class of table claims
_CAPS = 74657433  # the advisory-lock class of members' open-table counts
_TRY_CLAIM = "SELECT pg_try_advisory_lock($1, hashtext($2))"
_UNCLAIM = "SELECT pg_advisory_unlock($1, hashtext($2))"
Connection = Any  # asyncpg.Connection (or a pool's proxy of one)

_KINDS: tuple[tuple[type[BaseException], type[errors.StorageUnavailable]], ...] = (
    (asyncpg.exceptions.LockNotAvailableError, errors.StorageBusy),
    (asyncpg.exceptions.DeadlockDetectedError, errors.StorageBusy),
    (asyncpg.exceptions.QueryCanceledError, errors.StorageBusy),
    (asyncpg.exceptions.TooManyConnectionsError, errors.StorageBusy),
    (asyncpg.exceptions.DiskFullError, errors.StorageFull),
    (asyncpg.exceptions.ReadOnlySQLTransactionError, errors.StorageReadOnly),
    (asyncpg.exceptions.DataCorruptedError, errors.StorageDamaged),
    (asyncpg.exceptions.IndexCorruptedError, errors.StorageDamaged),
)
_FAILURES = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError)


def storage_error(error: BaseException) -> errors.StorageUnavailable:
    """The typed, localised error for a failure of the database server or the connection."""
    for kind, typed in _KINDS:
        if isinstance(error, kind):
            return typed()
    return errors.StorageUnavailable()


def _sql(statement: str) -> str:
    return numbered(statement)


_GUARDED_UPDATE = _sql(GUARDED_UPDATE)
_INSERT_TABLE = _sql(INSERT_TABLE)
_INSERT_SEAT = _sql(INSERT_SEAT)
_INSERT_MOVE = _sql(INSERT_MOVE)
_UPDATE_SEAT = _sql(UPDATE_SEAT)
_UPSERT_SNAPSHOT = _sql(UPSERT_SNAPSHOT)
_UPSERT_MESSAGE = _sql(UPSERT_MESSAGE)
_DUE = _sql(DUE)
_SELECT_MESSAGES = _sql(SELECT_MESSAGES)
_SELECT_MOVES = _sql(
    f"SELECT {MOVE_COLUMNS} FROM moves WHERE table_id = ? AND seq > ? ORDER BY seq"
)
_OTHER_OPEN_TABLES_OF = _sql(OTHER_OPEN_TABLES_OF)
_SELECT_SEATS = _sql(f"SELECT {SEAT_COLUMNS} FROM seats WHERE table_id = ? ORDER BY position")


async def _table_where(c: Connection, where: str, params: Sequence[Any]) -> TableRecord | None:
    row = await c.fetchrow(_sql(f"SELECT {TABLE_COLUMNS} FROM tables WHERE {where}"), *params)
    if row is None:
        return None
    seats = await c.fetch(_SELECT_SEATS, row["id"])
    return table_from(row, tuple(seat_from(s) for s in seats))


class _PostgresSql:
    """The shared queries' `Sql` on a PostgreSQL store: one transaction of the pool each."""

    def __init__(self, store: PostgresStore) -> None:
        self._store = store

    async def rows(self, statement: str, *params: Any) -> list[Row]:
        sql = _sql(statement)

        async def read(c: Connection) -> list[Row]:
            return list(await c.fetch(sql, *params))

        return await self._store._run(read, write=False)

    async def write(self, steps: Sequence[Step]) -> bool:
        async def work(c: Connection) -> None:
            for step in steps:
                sql = _sql(step.statement)
                if not step.needed:
                    await c.executemany(sql, step.rows)
                    continue
                # A status such as "INSERT 0 3" or "DELETE 1" ends with the rows changed.
                changed = [int((await c.execute(sql, *row)).split()[-1]) for row in step.rows]
                if sum(changed) == 0:
                    raise Unchanged(step.statement)

        try:
            await self._store._run(work, write=True)
        except Unchanged:
            return False
        return True


class PostgresStore(SharedQueries):
    """The Store on a PostgreSQL server, through a pool of asyncpg connections."""

    def __init__(self, pool: asyncpg.Pool, dsn: str) -> None:
        self._pool = pool
        self.dsn = dsn
        self._shared(_PostgresSql(self))

    @classmethod
    async def open(cls, dsn: str, *, pool_size: int = 10) -> PostgresStore:
        """Connect and migrate; CannotOpen (one line: the server and the reason) if it cannot."""
        shown = dsn.split("@")[-1]  # never print a password
        try:
            pool = await asyncpg.create_pool(dsn, min_size=1, max_size=pool_size)
        except Exception as error:  # whatever it is: a bad URL, a refusal, a dead server
            raise CannotOpen(f"{shown}: cannot connect to PostgreSQL: {error}") from error
        store = cls(pool, dsn)
        try:
            await store.migrate()
        except CannotOpen:
            await pool.close()
            raise
        except Exception as error:
            await pool.close()
            raise CannotOpen(f"{shown}: cannot migrate the database: {error}") from error
        return store

    async def close(self) -> None:
        await self._pool.close()

    async def __aenter__(self) -> PostgresStore:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def migrate(self) -> int:
        """Apply the migrations not yet applied; return the schema version now in force."""
        async with self._pool.acquire() as c, c.transaction():
            # One process migrates at a time; the others wait here, then find nothing to do.
            await c.execute("SELECT pg_advisory_xact_lock(74657431)")
            await c.execute(for_postgres(MIGRATIONS_TABLE))
            current = int(
                await c.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
            )
            if current > SCHEMA_VERSION:
                raise CannotOpen(
                    f"{self.dsn.split('@')[-1]}: the database has schema version {current}, "
                    f"newer than this program knows ({SCHEMA_VERSION}); "
                    "run a newer version of the bot"
                )
            for number, statements in enumerate(MIGRATIONS, start=1):
                if number <= current:
                    continue
                for statement in statements:
                    await c.execute(for_postgres(statement))
                await c.execute(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)",
                    number,
                    time.time(),
                )
                current = number
            return current

    async def _run(self, work: Callable[[Connection], Awaitable[T]], *, write: bool) -> T:
        """Run `work` in one transaction (REPEATABLE READ for reads: one consistent snapshot)."""
        started = time.perf_counter()
        try:
            async with self._pool.acquire() as c:
                isolation = "read_committed" if write else "repeatable_read"
                async with c.transaction(isolation=isolation, readonly=not write):
                    return await work(c)
        except (StaleRevision, ChannelBusy, DuplicateId, OverCap, Unchanged):
            raise
        except _FAILURES as error:
            raise storage_error(error) from error
        finally:
            if write:
                metrics.DB_WRITE_SECONDS.observe(time.perf_counter() - started)

    @contextlib.asynccontextmanager
    async def claim(self, table_id: str) -> AsyncIterator[bool]:
        # A session advisory lock on a connection kept for the claim: taken without waiting
        # (another process has the table: False), and released by the server if we die.
        try:
            connection = await self._pool.acquire()
        except _FAILURES as error:
            raise storage_error(error) from error
        try:
            try:
                mine = bool(await connection.fetchval(_TRY_CLAIM, _CLAIMS, table_id))
            except _FAILURES as error:
                raise storage_error(error) from error
            try:
                yield mine
            finally:
                if mine:
                    with contextlib.suppress(*_FAILURES):
                        await connection.execute(_UNCLAIM, _CLAIMS, table_id)
        finally:
            await self._pool.release(connection)

    # ---------------------------------------------------------------- reads

    async def get(self, table_id: str) -> TableRecord | None:
        return await self._run(lambda c: _table_where(c, "id = ?", (table_id,)), write=False)

    async def load(self, table_id: str, *, history: bool = False) -> StoredTable | None:
        async def read(c: Connection) -> StoredTable | None:
            record = await _table_where(c, "id = ?", (table_id,))
            if record is None:
                return None
            snapshot = await c.fetchrow(
                "SELECT seq, state FROM snapshots WHERE table_id = $1", table_id
            )
            after = 0 if history else record.version - 1
            moves = await c.fetch(_SELECT_MOVES, table_id, after)
            return StoredTable(
                record,
                None if snapshot is None else snapshot["state"],
                0 if snapshot is None else snapshot["seq"],
                tuple(move_from(m) for m in moves),
            )

        return await self._run(read, write=False)

    async def open_in(self, channel: str) -> TableRecord | None:
        return await self._run(lambda c: _table_where(c, OPEN_IN, (channel, channel)), write=False)

    async def latest_in(self, channel: str) -> TableRecord | None:
        # No rowid here: among tables created at the same instant, the last written wins.
        where = "(channel = ? OR thread = ?) ORDER BY created_at DESC, updated_at DESC LIMIT 1"
        return await self._run(lambda c: _table_where(c, where, (channel, channel)), write=False)

    async def revision(self, table_id: str) -> int | None:
        async def read(c: Connection) -> int | None:
            value = await c.fetchval("SELECT revision FROM tables WHERE id = $1", table_id)
            return None if value is None else int(value)

        return await self._run(read, write=False)

    async def snapshot(self, table_id: str) -> tuple[int, str] | None:
        async def read(c: Connection) -> tuple[int, str] | None:
            row = await c.fetchrow("SELECT seq, state FROM snapshots WHERE table_id = $1", table_id)
            return None if row is None else (int(row["seq"]), str(row["state"]))

        return await self._run(read, write=False)

    async def moves(self, table_id: str, *, after: int = 0) -> list[MoveRecord]:
        async def read(c: Connection) -> list[MoveRecord]:
            return [move_from(row) for row in await c.fetch(_SELECT_MOVES, table_id, after)]

        return await self._run(read, write=False)

    async def due(self, now: float, *, stalled_after: float) -> list[str]:
        async def read(c: Connection) -> list[str]:
            rows = await c.fetch(_DUE, float(stalled_after), float(now), float(now), float(now))
            return [str(row["id"]) for row in rows]

        return await self._run(read, write=False)

    async def messages(self, table_id: str) -> list[MessageRecord]:
        async def read(c: Connection) -> list[MessageRecord]:
            return [message_from(row) for row in await c.fetch(_SELECT_MESSAGES, table_id)]

        return await self._run(read, write=False)

    # ---------------------------------------------------------------- writes

    async def create(
        self, table: TableRecord, *, cap: SeatCap | None = None, state: str | None = None
    ) -> None:
        async def write(c: Connection) -> None:
            await _check_cap(c, table.id, cap)
            try:
                async with c.transaction():  # a savepoint: the error leaves the rest usable
                    await c.execute(_INSERT_TABLE, *table_row(table))
            except asyncpg.UniqueViolationError as error:
                if error.constraint_name == "tables_pkey":
                    raise DuplicateId(table.id) from error
                raise ChannelBusy(table.channel) from error
            await c.executemany(_INSERT_SEAT, [seat_row(table.id, s) for s in table.seats])
            if state is not None:
                await c.execute(_UPSERT_SNAPSHOT, table.id, table.version, state)

        await self._run(write, write=True)

    async def save(
        self,
        table: TableRecord,
        *,
        expected_revision: int,
        state: str | None = None,
        cap: SeatCap | None = None,
    ) -> None:
        async def write(c: Connection) -> None:
            await _check_cap(c, table.id, cap)
            try:
                await _guarded_update(c, table, expected_revision)
            except asyncpg.UniqueViolationError as error:
                raise ChannelBusy(table.channel) from error
            await c.execute("DELETE FROM seats WHERE table_id = $1", table.id)
            await c.executemany(_INSERT_SEAT, [seat_row(table.id, s) for s in table.seats])
            if state is not None:
                await c.execute(_UPSERT_SNAPSHOT, table.id, table.version, state)

        await self._run(write, write=True)

    async def append(
        self,
        table: TableRecord,
        moves: Sequence[MoveRecord],
        state: str,
        *,
        expected_revision: int,
        changed_seats: Sequence[SeatRecord],
    ) -> None:
        version = moves[-1].seq if moves else table.version

        async def write(c: Connection) -> None:
            await _guarded_update(c, table, expected_revision)
            try:
                # The primary key (table, seq) is a second guard: a move is never logged twice.
                await c.executemany(_INSERT_MOVE, [move_row(table.id, m) for m in moves])
            except asyncpg.UniqueViolationError as error:
                raise StaleRevision(f"a move of {table.id} is logged already") from error
            await c.execute(_UPSERT_SNAPSHOT, table.id, version, state)
            if changed_seats:
                await c.executemany(
                    _UPDATE_SEAT, [seat_change_row(table.id, s) for s in changed_seats]
                )

        await self._run(write, write=True)

    async def add_message(self, table_id: str, message: MessageRecord) -> None:
        async def write(c: Connection) -> None:
            await c.execute(_UPSERT_MESSAGE, *message_row(table_id, message))

        await self._run(write, write=True)

    async def table_ids(self) -> list[str]:
        async def read(c: Connection) -> list[str]:
            rows = await c.fetch("SELECT id FROM tables ORDER BY created_at, id")
            return [str(r["id"]) for r in rows]

        return await self._run(read, write=False)

    async def import_table(self, stored: StoredTable, messages: Sequence[MessageRecord]) -> None:
        table = stored.record

        async def write(c: Connection) -> None:
            try:
                async with c.transaction():
                    await c.execute(_INSERT_TABLE, *table_row(table))
            except asyncpg.UniqueViolationError as error:
                raise DuplicateId(table.id) from error
            await c.executemany(_INSERT_SEAT, [seat_row(table.id, s) for s in table.seats])
            await c.executemany(_INSERT_MOVE, [move_row(table.id, m) for m in stored.moves])
            if stored.state is not None:
                await c.execute(_UPSERT_SNAPSHOT, table.id, stored.state_version, stored.state)
            await c.executemany(_UPSERT_MESSAGE, [message_row(table.id, m) for m in messages])

        await self._run(write, write=True)


async def _check_cap(c: Connection, table_id: str, cap: SeatCap | None) -> None:
    """OverCap if the member already sits at `cap.most` open tables besides this one.

    A transaction-scoped advisory lock per member comes first: concurrent writes seating the same
    member (in any process) take turns until commit, so each counts what the others wrote.
    """
    if cap is not None:
        await c.execute("SELECT pg_advisory_xact_lock($1, hashtext($2))", _CAPS, cap.user)
        count = int(await c.fetchval(_OTHER_OPEN_TABLES_OF, cap.user, table_id))
        if count >= cap.most:
            raise OverCap(f"{cap.user} sits at {count} open tables")


async def _guarded_update(c: Connection, table: TableRecord, expected_revision: int) -> None:
    """Rewrite the table row if its revision is still `expected_revision`; else refuse."""
    status = await c.execute(_GUARDED_UPDATE, *table_row(table)[1:], table.id, expected_revision)
    if status != "UPDATE 1":
        raise StaleRevision(f"table {table.id} changed since revision {expected_revision}")
