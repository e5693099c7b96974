"""The Store on one SQLite file: a writer thread, a reader thread and a checkpointer, WAL.

Each connection lives on its own thread and is handed whole units of work (a transaction, or a
consistent read), so a write costs one hop between the event loop and the database, and a read
never waits behind a write: in WAL mode readers see the last commit while a writer works, even one
stuck waiting for another process's lock. SQL errors leave as the service's typed storage errors.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import IO, Any, TypeVar

from bot.service import errors, metrics
from bot.service.store.backup import hold_in_use, release
from bot.service.store.db import Step, Unchanged
from bot.service.store.migrations import MIGRATIONS, MIGRATIONS_TABLE, SCHEMA_VERSION
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
    SEAT_CHANGE_COLUMNS,
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
    seat_change_row,
    seat_from,
    seat_row,
    table_from,
    table_row,
)
from bot.service.store.sqlite_threads import (
    Batches,
    DbThread,
    Work,
    each_alone,
    group_commit,
    transaction,
)

log = logging.getLogger(__name__)
T = TypeVar("T")


def _snapshot_read(connection: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run several SELECTs in one read transaction: they all see the same commit."""
    connection.execute("BEGIN")
    try:
        return work(connection)
    finally:
        connection.execute("COMMIT")


def _table_where(connection: sqlite3.Connection, where: str, params: Sequence[Any]) -> Any:
    row = connection.execute(f"SELECT {TABLE_COLUMNS} FROM tables WHERE {where}", params).fetchone()
    if row is None:
        return None
    seats = connection.execute(
        f"SELECT {SEAT_COLUMNS} FROM seats WHERE table_id = ? ORDER BY position", (row["id"],)
    ).fetchall()
    return table_from(row, tuple(seat_from(s) for s in seats))


class _SqliteSql:
    """The shared queries' `Sql` on a SQLite store: reads on its reader, writes on its writer."""

    def __init__(self, store: SqliteStore) -> None:
        self._store = store

    async def rows(self, statement: str, *params: Any) -> list[Row]:
        return await self._store._read(lambda c: c.execute(statement, params).fetchall())

    async def write(self, steps: Sequence[Step]) -> bool:
        def work(c: sqlite3.Connection) -> None:
            for step in steps:
                if not step.needed:
                    c.executemany(step.statement, step.rows)
                elif sum(c.execute(step.statement, row).rowcount for row in step.rows) == 0:
                    raise Unchanged(step.statement)

        try:
            await self._store._write(work)
        except Unchanged:
            return False
        return True


class SqliteStore(SharedQueries):
    """The Store on one SQLite file (WAL). See the module docstring for the threads.

    `synchronous = NORMAL`: a commit is written to the WAL (in the operating system's cache)
    before `append` returns, so a killed process loses nothing it acknowledged. Only a power loss
    or an operating-system crash may lose the last commits (those since the last checkpoint's
    fsync, at most about a second here); the database stays consistent either way. FULL would
    add an fsync to every commit.

    The WAL is kept bounded even under writes that never pause, without stalling them: SQLite
    writes the WAL over from its beginning (a restart) when a write transaction starts while every
    frame has been copied into the database, which a checkpoint beside the writer never achieves
    (the writer appends while it copies). So the checkpointer first copies what is there
    (PASSIVE: never blocks anyone); then the writer's thread copies what was added meanwhile,
    between two transactions (a few milliseconds), and its next transaction restarts the WAL.
    The file keeps its size instead of being truncated at every reset (on this machine's disk
    a truncating checkpoint stalled the writer 10-50 ms). Should the checkpoints fall behind,
    the writer truncates the WAL itself past `wal_limit`; `journal_size_limit` makes a restart
    shrink a file grown past it.
    """

    checkpoint_every = 0.5  # seconds

    def __init__(
        self,
        path: Path,
        writer: DbThread,
        reader: DbThread,
        checkpointer: DbThread,
        wal_limit: int,
    ) -> None:
        self.path = path
        self._writer = writer
        self._reader = reader
        self._checkpointer = checkpointer
        self.wal_limit = wal_limit
        self._checkpointing = threading.Lock()
        self.reads: Batches[Any] = Batches(reader, each_alone)
        self.writes: Batches[Any] = Batches(writer, self._commit_batch)
        self._checkpoints: asyncio.Task[None] | None = None
        self._in_use: IO[str] | None = None
        self._shared(_SqliteSql(self))

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        busy_timeout: float = 5.0,
        wal_limit: int = 32 * 2**20,
        checkpoint_every: float = 0.5,
    ) -> SqliteStore:
        """Open (creating folders and file as needed) and migrate the database at `path`.

        `busy_timeout`: how long a write waits for another process's lock before StorageBusy.
        `wal_limit`: the WAL file's bound (bytes). A write truncates the WAL past it, so the file
        stays bounded whatever the load, and a restart shrinks a file grown past it. Keep it
        above what half a second of writes fills (about 20 MB at 2,200 moves/s), or the file
        is cut back and regrown at every restart.

        CannotOpen (one line: the file and the reason) if it cannot be used; nothing stays open.
        """
        path = Path(path)
        busy = f"busy_timeout = {round(busy_timeout * 1000)}"
        opened: list[DbThread] = []
        in_use = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # So that `restore` can tell the database is open (waits while one replaces it).
            in_use = await asyncio.to_thread(hold_in_use, path)
            writer = await DbThread.open(
                path,
                "writer",
                (
                    busy,
                    "journal_mode = WAL",
                    "synchronous = NORMAL",
                    "foreign_keys = ON",
                    "wal_autocheckpoint = 0",  # the checkpointer does it, off the write path
                    f"journal_size_limit = {wal_limit}",
                ),
            )
            opened.append(writer)
            await writer.run(_migrate)
            opened.append(await DbThread.open(path, "reader", (busy, "query_only = ON")))
            opened.append(await DbThread.open(path, "checkpointer", ("busy_timeout = 200",)))
        except Exception as error:  # whatever it is (a damaged file can even fail to decode)
            for thread in opened:
                await thread.close()
            release(in_use)
            if isinstance(error, CannotOpen):
                raise
            cause = error.__cause__ if isinstance(error, errors.StorageUnavailable) else error
            reason = " ".join(str(cause).split())  # one line, even where it quotes a schema
            if isinstance(cause, UnicodeDecodeError):  # SQLite quoted bytes that are no text
                reason = "the file is damaged (its schema is unreadable)"
            raise CannotOpen(f"{path}: cannot open the database: {reason}") from error
        store = cls(path, opened[0], opened[1], opened[2], wal_limit)
        store._in_use = in_use
        store.checkpoint_every = checkpoint_every
        store._checkpoints = asyncio.create_task(store._checkpoint_regularly())
        return store

    async def close(self) -> None:
        if self._checkpoints is not None:
            self._checkpoints.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checkpoints
        with contextlib.suppress(errors.StorageUnavailable):
            await self._checkpointer.run(_checkpoint_truncate)
        for thread in (self._checkpointer, self._reader, self._writer):
            await thread.close()
        release(self._in_use)
        self._in_use = None

    async def __aenter__(self) -> SqliteStore:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ---------------------------------------------------------------- maintenance

    def wal_size(self) -> int:
        try:
            return os.stat(f"{self.path}-wal").st_size
        except FileNotFoundError:
            return 0

    async def checkpoint(self) -> None:
        """Copy the WAL into the database, so that the next write starts it over."""
        await self._checkpointer.run(self._copy_wal)
        # Between two of this process's transactions, so writes that never pause cannot
        # starve it; it copies only what they added meanwhile (it still waits for other
        # processes' writes).
        await self._writer.run(self._copy_wal)

    def _copy_wal(self, c: sqlite3.Connection) -> None:
        # PASSIVE copies what it can and never waits for, nor blocks, the writer or the readers.
        with self._checkpointing:
            c.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def _reset_wal(self, c: sqlite3.Connection) -> None:
        # A second checkpoint would fail at once (SQLite does not wait for one): take turns.
        with self._checkpointing:
            _checkpoint_truncate(c)

    async def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` as one transaction on the writer's thread (one hop for the whole write),
        committed together with the other writes waiting at that moment (group commit)."""
        started = time.perf_counter()
        try:
            result: T = await self.writes.run(work)
        finally:
            metrics.DB_WRITE_SECONDS.observe(time.perf_counter() - started)
        return result

    async def _read(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` on the reader's thread, in one hop with the other reads waiting."""
        result: T = await self.reads.run(work)
        return result

    def _commit_batch(self, c: sqlite3.Connection, units: Sequence[Work]) -> list[Any]:
        outcomes = group_commit(c, units)
        # The hard bound, should the background checkpoints fall behind a flood of writes:
        # a stat is a microsecond; the reset is rare and copies only what PASSIVE left.
        if self.wal_size() > self.wal_limit:
            self._reset_wal(c)
        return outcomes

    async def _checkpoint_regularly(self) -> None:
        while True:
            await asyncio.sleep(self.checkpoint_every)
            try:
                await self.checkpoint()
            except errors.StorageUnavailable:
                log.warning("WAL checkpoint of %s failed; will retry", self.path)

    async def migrate(self) -> int:
        """Apply the migrations not yet applied; return the schema version now in force."""
        return await self._writer.run(_migrate)

    async def journal_mode(self) -> str:
        return await self._read(lambda c: str(c.execute("PRAGMA journal_mode").fetchone()[0]))

    @contextlib.asynccontextmanager
    async def claim(self, table_id: str) -> AsyncIterator[bool]:
        # One file has one writer at a time; processes sharing it are kept apart by the
        # revision guard, so every claim is granted.
        yield True

    # ---------------------------------------------------------------- reads

    async def get(self, table_id: str) -> TableRecord | None:
        return await self._read(
            lambda c: _snapshot_read(c, lambda c: _table_where(c, "id = ?", (table_id,)))
        )

    async def load(self, table_id: str, *, history: bool = False) -> StoredTable | None:
        def read(c: sqlite3.Connection) -> StoredTable | None:
            record = _table_where(c, "id = ?", (table_id,))
            if record is None:
                return None
            snapshot = c.execute(
                "SELECT seq, state FROM snapshots WHERE table_id = ?", (table_id,)
            ).fetchone()
            after = 0 if history else record.version - 1
            moves = c.execute(
                f"SELECT {MOVE_COLUMNS} FROM moves WHERE table_id = ? AND seq > ? ORDER BY seq",
                (table_id, after),
            ).fetchall()
            return StoredTable(
                record,
                None if snapshot is None else snapshot["state"],
                0 if snapshot is None else snapshot["seq"],
                tuple(move_from(m) for m in moves),
            )

        return await self._read(lambda c: _snapshot_read(c, read))

    async def open_in(self, channel: str) -> TableRecord | None:
        return await self._read(
            lambda c: _snapshot_read(c, lambda c: _table_where(c, OPEN_IN, (channel, channel)))
        )

    async def latest_in(self, channel: str) -> TableRecord | None:
        where = "(channel = ? OR thread = ?) ORDER BY created_at DESC, rowid DESC LIMIT 1"
        return await self._read(
            lambda c: _snapshot_read(c, lambda c: _table_where(c, where, (channel, channel)))
        )

    async def revision(self, table_id: str) -> int | None:
        def read(c: sqlite3.Connection) -> int | None:
            row = c.execute("SELECT revision FROM tables WHERE id = ?", (table_id,)).fetchone()
            return None if row is None else int(row[0])

        return await self._read(read)

    async def snapshot(self, table_id: str) -> tuple[int, str] | None:
        def read(c: sqlite3.Connection) -> tuple[int, str] | None:
            row = c.execute(
                "SELECT seq, state FROM snapshots WHERE table_id = ?", (table_id,)
            ).fetchone()
            return None if row is None else (int(row["seq"]), str(row["state"]))

        return await self._read(read)

    async def moves(self, table_id: str, *, after: int = 0) -> list[MoveRecord]:
        def read(c: sqlite3.Connection) -> list[MoveRecord]:
            rows = c.execute(
                f"SELECT {MOVE_COLUMNS} FROM moves WHERE table_id = ? AND seq > ? ORDER BY seq",
                (table_id, after),
            ).fetchall()
            return [move_from(row) for row in rows]

        return await self._read(read)

    async def due(self, now: float, *, stalled_after: float) -> list[str]:
        def read(c: sqlite3.Connection) -> list[str]:
            rows = c.execute(DUE, (stalled_after, now, now, now)).fetchall()
            return [str(row["id"]) for row in rows]

        return await self._read(read)

    async def messages(self, table_id: str) -> list[MessageRecord]:
        def read(c: sqlite3.Connection) -> list[MessageRecord]:
            return [message_from(row) for row in c.execute(SELECT_MESSAGES, (table_id,))]

        return await self._read(read)

    # ---------------------------------------------------------------- writes

    async def create(
        self, table: TableRecord, *, cap: SeatCap | None = None, state: str | None = None
    ) -> None:
        def write(c: sqlite3.Connection) -> None:
            _check_cap(c, table.id, cap)
            try:
                c.execute(INSERT_TABLE, table_row(table))
            except sqlite3.IntegrityError as error:
                if "tables.id" in str(error):
                    raise DuplicateId(table.id) from error
                raise ChannelBusy(table.channel) from error
            c.executemany(INSERT_SEAT, [seat_row(table.id, seat) for seat in table.seats])
            if state is not None:
                c.execute(UPSERT_SNAPSHOT, (table.id, table.version, state))

        await self._write(write)

    async def save(
        self,
        table: TableRecord,
        *,
        expected_revision: int,
        state: str | None = None,
        cap: SeatCap | None = None,
    ) -> None:
        def write(c: sqlite3.Connection) -> None:
            _check_cap(c, table.id, cap)
            try:  # the one open table per channel: a lobby reopened where a game started
                _guarded_update(c, table, expected_revision)
            except sqlite3.IntegrityError as error:
                raise ChannelBusy(table.channel) from error
            c.execute("DELETE FROM seats WHERE table_id = ?", (table.id,))
            c.executemany(INSERT_SEAT, [seat_row(table.id, seat) for seat in table.seats])
            if state is not None:
                c.execute(UPSERT_SNAPSHOT, (table.id, table.version, state))

        await self._write(write)

    async def append(
        self,
        table: TableRecord,
        moves: Sequence[MoveRecord],
        state: str,
        *,
        expected_revision: int,
        changed_seats: Sequence[SeatRecord],
    ) -> None:
        move_rows = [move_row(table.id, m) for m in moves]
        seat_rows = [seat_change_row(table.id, s) for s in changed_seats]
        version = moves[-1].seq if moves else table.version

        def write(c: sqlite3.Connection) -> None:
            _move_update(c, table, expected_revision)
            try:
                # The primary key (table, seq) is a second guard: a move is never logged twice.
                c.executemany(INSERT_MOVE, move_rows)
            except sqlite3.IntegrityError as error:
                raise StaleRevision(f"a move of {table.id} is logged already") from error
            c.execute(UPSERT_SNAPSHOT, (table.id, version, state))
            for row in seat_rows:
                _move_seat_update(c, row)

        await self._write(write)

    async def table_ids(self) -> list[str]:
        return await self._read(
            lambda c: [r[0] for r in c.execute("SELECT id FROM tables ORDER BY created_at, rowid")]
        )

    async def import_table(self, stored: StoredTable, messages: Sequence[MessageRecord]) -> None:
        table = stored.record

        def write(c: sqlite3.Connection) -> None:
            try:
                c.execute(INSERT_TABLE, table_row(table))
            except sqlite3.IntegrityError as error:
                raise DuplicateId(table.id) from error
            c.executemany(INSERT_SEAT, [seat_row(table.id, s) for s in table.seats])
            c.executemany(INSERT_MOVE, [move_row(table.id, m) for m in stored.moves])
            if stored.state is not None:
                c.execute(UPSERT_SNAPSHOT, (table.id, stored.state_version, stored.state))
            c.executemany(UPSERT_MESSAGE, [message_row(table.id, m) for m in messages])

        await self._write(write)

    async def add_message(self, table_id: str, message: MessageRecord) -> None:
        await self._write(lambda c: c.execute(UPSERT_MESSAGE, message_row(table_id, message)))


# SQLite rewrites an index entry whenever an UPDATE assigns one of the index's columns (or one
# its WHERE reads), even to the value it had: rewriting whole rows, a move would rewrite
# `tables_open_channel`, `tables_thread` and `seats_user` for nothing, about a sixth of the pages
# it writes. So a move assigns only the columns moves change, where every other column is as
# stored (the WHERE checks it, so a column added later is checked too), and rewrites the whole
# row only when something else changed as well.
def _update_if_kept(table: str, changed: Sequence[str], kept: Sequence[str], key: str) -> str:
    """An UPDATE of the `changed` columns where `key` holds and the `kept` ones are as given."""
    assignments = ", ".join(f"{column} = ?" for column in changed)
    return (
        f"UPDATE {table} SET {assignments} WHERE {key} "
        f"AND ({', '.join(kept)}) IS ({', '.join('?' * len(kept))})"
    )


_TABLE_COLUMNS = TABLE_COLUMNS.split(", ")
_MOVE_CHANGES = ("version", "revision", "updated_at", "finished_at")
_MOVE_KEEPS = [column for column in _TABLE_COLUMNS[1:] if column not in _MOVE_CHANGES]
_MOVE_TABLE_UPDATE = _update_if_kept(
    "tables", _MOVE_CHANGES, _MOVE_KEEPS, "id = ? AND revision = ?"
)
_WAIT_CHANGES = ("waiting_since", "reminded_at")
_WAIT_KEEPS = [column for column in SEAT_CHANGE_COLUMNS if column not in _WAIT_CHANGES]
_MOVE_SEAT_UPDATE = _update_if_kept(
    "seats", _WAIT_CHANGES, _WAIT_KEEPS, "table_id = ? AND position = ?"
)


def _move_update(c: sqlite3.Connection, table: TableRecord, expected_revision: int) -> None:
    """`_guarded_update`, assigning only the columns a move changes when the rest is unchanged."""
    value = dict(zip(_TABLE_COLUMNS, table_row(table), strict=True))
    changed = [value[column] for column in _MOVE_CHANGES]
    kept = [value[column] for column in _MOVE_KEEPS]
    if c.execute(_MOVE_TABLE_UPDATE, (*changed, table.id, expected_revision, *kept)).rowcount:
        return
    _guarded_update(c, table, expected_revision)


def _move_seat_update(c: sqlite3.Connection, row: tuple[Any, ...]) -> None:
    """UPDATE_SEAT for the parameters `row`, assigning only the waiting times if it can."""
    *columns, table_id, position = row
    value = dict(zip(SEAT_CHANGE_COLUMNS, columns, strict=True))
    changed = [value[column] for column in _WAIT_CHANGES]
    kept = [value[column] for column in _WAIT_KEEPS]
    if not c.execute(_MOVE_SEAT_UPDATE, (*changed, table_id, position, *kept)).rowcount:
        c.execute(UPDATE_SEAT, row)


def _check_cap(c: sqlite3.Connection, table_id: str, cap: SeatCap | None) -> None:
    """OverCap if the member already sits at `cap.most` open tables besides this one.

    Inside the write transaction, which holds the database's write lock from its BEGIN
    IMMEDIATE: no other write (of this process or another) can come between count and write.
    """
    if cap is not None:
        count = c.execute(OTHER_OPEN_TABLES_OF, (cap.user, table_id)).fetchone()[0]
        if int(count) >= cap.most:
            raise OverCap(f"{cap.user} sits at {count} open tables")


def _guarded_update(c: sqlite3.Connection, table: TableRecord, expected_revision: int) -> None:
    """Rewrite the table row if its revision is still `expected_revision`; else refuse."""
    cursor = c.execute(GUARDED_UPDATE, (*table_row(table)[1:], table.id, expected_revision))
    if cursor.rowcount != 1:
        raise StaleRevision(f"table {table.id} changed since revision {expected_revision}")


def _migrate(c: sqlite3.Connection) -> int:
    c.execute(MIGRATIONS_TABLE)

    # IMMEDIATE takes the write lock first, so two processes starting together cannot both
    # decide to apply the same migration.
    def apply(c: sqlite3.Connection) -> int:
        current = int(
            c.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()[0]
        )
        if current > SCHEMA_VERSION:
            raise CannotOpen(
                f"{c.execute('PRAGMA database_list').fetchone()[2]}: the database has schema "
                f"version {current}, newer than this program knows ({SCHEMA_VERSION}); "
                "run a newer version of the bot"
            )
        for number, statements in enumerate(MIGRATIONS, start=1):
            if number <= current:
                continue
            for statement in statements:
                c.execute(statement)
            c.execute(
                "INSERT INTO schema_migrations (version, applied_at) "
                "VALUES (?, strftime('%s', 'now'))",
                (number,),
            )
            current = number
        return current

    return transaction(c, apply)


def _checkpoint_truncate(c: sqlite3.Connection) -> None:
    # Waits (busy_timeout, briefly) for the writer to finish its transaction, copies the few
    # frames a PASSIVE run left, and truncates the WAL, so it cannot grow while writes go on.
    c.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
