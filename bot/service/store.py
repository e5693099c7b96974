"""Persistence of tables, seats, the move log, snapshots and board messages: the only module with SQL.

`Store` is the narrow interface the table service uses; `SqliteStore` implements it with aiosqlite
(WAL, numbered migrations at open). A PostgreSQL store for several shard processes would implement
the same Protocol. Every write of a table is guarded by its `revision`, so a writer holding a stale
copy is refused (`StaleRevision`) and never applies anything twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

import aiosqlite

from bot.service.store_stats import STATS_MIGRATION, SqliteStats
from bot.service.store_undo import UNDO_MIGRATION, SqliteUndo

log = logging.getLogger(__name__)

SeatKind = str  # "human", or the key of an AI kind the game offers
TableStatus = Literal["lobby", "playing", "finished", "abandoned"]
TakeoverMode = Literal["off", "pass", "ai"]
MovedBy = Literal["player", "ai", "auto"]
OPEN_STATUSES: tuple[TableStatus, ...] = ("lobby", "playing")


class StoreError(Exception):
    """A persistence failure the caller can act on."""


class StaleRevision(StoreError):
    """The table changed since the caller read it; re-read and decide again."""


class ChannelBusy(StoreError):
    """The channel already has an open table."""


class DuplicateId(StoreError):
    """A table with this id exists already."""


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat at a table: who sits there and how long they have kept the table waiting."""

    position: int
    seat: str  # the id the game knows this seat by (a display name unique at the table)
    kind: SeatKind
    user: str | None  # the person playing it; None for an AI seat
    lang: str
    joined_at: float
    waiting_since: float | None = None  # set while the seat is among those to act
    reminded_at: float | None = None
    replaced_user: str | None = None  # the person an AI seat took over from


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A table's row and seats; the game state lives in snapshots and the move log."""

    id: str
    channel: str
    guild: str | None
    thread: str | None
    host: str
    game: str | None
    options: Mapping[str, Any]
    seed: int
    status: TableStatus
    version: int  # moves applied; buttons carry it
    revision: int  # bumps with every write of the table; guards concurrent writers
    lang: str
    remind_after: float  # seconds
    takeover_after: float | None  # seconds; None = never
    takeover: TakeoverMode
    created_at: float
    updated_at: float
    finished_at: float | None = None
    seats: tuple[SeatRecord, ...] = field(default_factory=tuple)


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One entry of the append-only move log."""

    seq: int  # 1 for the first move; equals the table version after it
    seat: str
    notation: str  # canonical English notation; replay parses it
    move: str  # the move's JSON
    secret: bool  # a simultaneous choice: hidden from the public log while the game runs
    by: MovedBy
    played_at: float
    acting: tuple[str, ...] = ()  # the seats that could act before this move


@dataclass(frozen=True, slots=True)
class MessageRecord:
    """A message the adapter posted for a table (a board), so it can be found again."""

    message_id: str
    channel_id: str
    kind: str
    version: int
    posted_at: float


class Store(Protocol):
    """What the table service needs from persistence; nothing else touches the database."""

    async def create(self, table: TableRecord) -> None:
        """Insert a new table with its seats; ChannelBusy or DuplicateId if it cannot."""

    async def open_in(self, channel: str) -> TableRecord | None:
        """The lobby or running table of a channel (or of a game thread)."""

    async def latest_in(self, channel: str) -> TableRecord | None:
        """The most recent table of a channel or thread, open or not (for a final board)."""

    async def get(self, table_id: str) -> TableRecord | None: ...

    async def revision(self, table_id: str) -> int | None:
        """The table's current revision: a cheap check that a cached copy is still current."""

    async def save(
        self, table: TableRecord, *, expected_revision: int, state: str | None = None
    ) -> None:
        """Write the table row and all its seats (and a snapshot at its version, if given)."""

    async def append(
        self,
        table: TableRecord,
        move: MoveRecord,
        state: str,
        *,
        expected_revision: int,
        changed_seats: Sequence[SeatRecord],
    ) -> None:
        """Write a move, its resulting state and the table row in one transaction."""

    async def snapshot(self, table_id: str) -> tuple[int, str] | None:
        """The latest (version, state JSON) of a table."""

    async def moves(self, table_id: str, *, after: int = 0) -> list[MoveRecord]: ...

    async def due(self, now: float, *, stalled_after: float) -> list[str]:
        """Ids of running tables with a seat to remind, to take over, or an AI seat left waiting."""

    async def add_message(self, table_id: str, message: MessageRecord) -> None: ...

    async def messages(self, table_id: str) -> list[MessageRecord]: ...

    async def board_version(self, table_id: str) -> int | None:
        """The version of the latest board posted for a table (None: none yet)."""

    async def unposted(self, since: float) -> list[str]:
        """Running or finished tables (changed since `since`) whose latest board is not posted."""

    async def seen_versions(self, table_id: str) -> dict[str, int]:
        """Per seat, the version up to which its private notices were shown to it."""

    async def mark_seen(self, table_id: str, seat: str, version: int) -> None: ...

    async def set_notices_by_dm(self, user: str, wanted: bool) -> None: ...

    async def notices_by_dm(self, users: Sequence[str]) -> set[str]:
        """Those of `users` who want their private notices by direct message."""

    async def open_tables_of(self, user: str) -> int:
        """How many open tables (lobby or playing) seat this user."""
        ...

    async def close(self) -> None: ...

    @property
    def stats(self) -> SqliteStats:
        """Finished games' results and the ratings cache (bot.service.store_stats)."""

    @property
    def undo(self) -> SqliteUndo:
        """Undo requests waiting for consent (bot.service.store_undo)."""


# Each migration is a tuple of statements, applied once, in order, in one transaction.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE tables (
            id TEXT PRIMARY KEY,
            guild TEXT,
            channel TEXT NOT NULL,
            thread TEXT,
            host TEXT NOT NULL,
            game TEXT,
            options TEXT NOT NULL DEFAULT '{}',
            seed INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned')),
            version INTEGER NOT NULL DEFAULT 0,
            revision INTEGER NOT NULL DEFAULT 0,
            lang TEXT NOT NULL,
            remind_after REAL NOT NULL,
            takeover_after REAL,
            takeover TEXT NOT NULL CHECK (takeover IN ('off', 'pass', 'ai')),
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            finished_at REAL
        )""",
        # One open table per channel, enforced by the database so two processes cannot race.
        """CREATE UNIQUE INDEX tables_open_channel ON tables (channel)
            WHERE status IN ('lobby', 'playing')""",
        "CREATE INDEX tables_thread ON tables (thread) WHERE thread IS NOT NULL",
        """CREATE TABLE seats (
            table_id TEXT NOT NULL REFERENCES tables (id),
            position INTEGER NOT NULL,
            seat TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('human', 'random', 'greedy')),
            user_id TEXT,
            lang TEXT NOT NULL,
            joined_at REAL NOT NULL,
            waiting_since REAL,
            reminded_at REAL,
            replaced_user TEXT,
            PRIMARY KEY (table_id, position),
            UNIQUE (table_id, seat)
        )""",
        "CREATE INDEX seats_waiting ON seats (waiting_since) WHERE waiting_since IS NOT NULL",
        "CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL",
        """CREATE TABLE moves (
            table_id TEXT NOT NULL REFERENCES tables (id),
            seq INTEGER NOT NULL,
            seat TEXT NOT NULL,
            notation TEXT NOT NULL,
            move TEXT NOT NULL,
            secret INTEGER NOT NULL DEFAULT 0,
            moved_by TEXT NOT NULL CHECK (moved_by IN ('player', 'ai', 'auto')),
            played_at REAL NOT NULL,
            acting TEXT NOT NULL DEFAULT '[]',
            PRIMARY KEY (table_id, seq)
        ) WITHOUT ROWID""",
        # Only the latest snapshot of each table is kept: the move log replays any earlier one.
        """CREATE TABLE snapshots (
            table_id TEXT PRIMARY KEY REFERENCES tables (id),
            seq INTEGER NOT NULL,
            state TEXT NOT NULL
        )""",
        """CREATE TABLE messages (
            table_id TEXT NOT NULL REFERENCES tables (id),
            message_id TEXT NOT NULL,
            channel_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            version INTEGER NOT NULL,
            posted_at REAL NOT NULL,
            PRIMARY KEY (table_id, message_id)
        )""",
    ),
    # 2: a seat's kind is "human" or any AI kind a game offers (games.Game.ai_kinds), no longer
    # only random and greedy. SQLite cannot alter a CHECK, so the table is rebuilt.
    (
        """CREATE TABLE seats_new (
            table_id TEXT NOT NULL REFERENCES tables (id),
            position INTEGER NOT NULL,
            seat TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind GLOB '[a-z]*' AND length(kind) <= 32),
            user_id TEXT,
            lang TEXT NOT NULL,
            joined_at REAL NOT NULL,
            waiting_since REAL,
            reminded_at REAL,
            replaced_user TEXT,
            PRIMARY KEY (table_id, position),
            UNIQUE (table_id, seat)
        )""",
        "INSERT INTO seats_new SELECT * FROM seats",
        "DROP TABLE seats",
        "ALTER TABLE seats_new RENAME TO seats",
        "CREATE INDEX seats_waiting ON seats (waiting_since) WHERE waiting_since IS NOT NULL",
        "CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL",
    ),
    # 3: the outbox. A board is owed while the table's version is ahead of its latest board
    # message; a seat's private notices are owed after the version it last looked at.
    (
        "CREATE INDEX messages_board ON messages (table_id, kind, version)",
        """CREATE TABLE notices_seen (
            table_id TEXT NOT NULL REFERENCES tables (id),
            seat TEXT NOT NULL,
            version INTEGER NOT NULL,
            PRIMARY KEY (table_id, seat)
        )""",
        # Members who want their private notices by direct message (off unless they say so).
        "CREATE TABLE notices_by_dm (user_id TEXT PRIMARY KEY)",
    ),
    # 4: results of finished games and the ratings cache (bot.service.store_stats).
    STATS_MIGRATION,
    # 5: undo requests waiting for consent (bot.service.store_undo).
    UNDO_MIGRATION,
)

_TABLE_COLUMNS = (
    "id, guild, channel, thread, host, game, options, seed, status, version, revision, lang, "
    "remind_after, takeover_after, takeover, created_at, updated_at, finished_at"
)
# Rewrites a table row only if nobody wrote it since the revision the caller read.
_GUARDED_UPDATE = (
    "UPDATE tables SET guild = ?, channel = ?, thread = ?, host = ?, game = ?, options = ?, "
    "seed = ?, status = ?, version = ?, revision = ?, lang = ?, remind_after = ?, "
    "takeover_after = ?, takeover = ?, created_at = ?, updated_at = ?, finished_at = ? "
    "WHERE id = ? AND revision = ?"
)
_UPSERT_SNAPSHOT = (
    "INSERT INTO snapshots (table_id, seq, state) VALUES (?, ?, ?) "
    "ON CONFLICT (table_id) DO UPDATE SET seq = excluded.seq, state = excluded.state"
)
_SEAT_COLUMNS = (
    "position, seat, kind, user_id, lang, joined_at, waiting_since, reminded_at, replaced_user"
)


def _table_row(table: TableRecord) -> tuple[Any, ...]:
    return (
        table.id,
        table.guild,
        table.channel,
        table.thread,
        table.host,
        table.game,
        json.dumps(dict(table.options), sort_keys=True),
        table.seed,
        table.status,
        table.version,
        table.revision,
        table.lang,
        table.remind_after,
        table.takeover_after,
        table.takeover,
        table.created_at,
        table.updated_at,
        table.finished_at,
    )


def _seat_row(table_id: str, seat: SeatRecord) -> tuple[Any, ...]:
    return (
        table_id,
        seat.position,
        seat.seat,
        seat.kind,
        seat.user,
        seat.lang,
        seat.joined_at,
        seat.waiting_since,
        seat.reminded_at,
        seat.replaced_user,
    )


def _table_from(row: sqlite3.Row, seats: tuple[SeatRecord, ...]) -> TableRecord:
    return TableRecord(
        id=row["id"],
        guild=row["guild"],
        channel=row["channel"],
        thread=row["thread"],
        host=row["host"],
        game=row["game"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        status=row["status"],
        version=row["version"],
        revision=row["revision"],
        lang=row["lang"],
        remind_after=row["remind_after"],
        takeover_after=row["takeover_after"],
        takeover=row["takeover"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        finished_at=row["finished_at"],
        seats=seats,
    )


def _seat_from(row: sqlite3.Row) -> SeatRecord:
    return SeatRecord(
        position=row["position"],
        seat=row["seat"],
        kind=row["kind"],
        user=row["user_id"],
        lang=row["lang"],
        joined_at=row["joined_at"],
        waiting_since=row["waiting_since"],
        reminded_at=row["reminded_at"],
        replaced_user=row["replaced_user"],
    )


class SqliteStore:
    """The Store on one SQLite file: one connection, WAL, synchronous=NORMAL, short transactions.

    WAL with synchronous=NORMAL keeps every committed transaction through a process crash (only
    an operating-system crash may lose the last commits), which is the durability a bot needs.
    One asyncio lock serialises use of the single connection, so one coroutine's transaction
    never interleaves with another's statements.

    Checkpoints (copying the WAL into the database file, with an fsync) would otherwise run
    inside whichever commit crosses the WAL size limit and stall it for tens of milliseconds;
    they are moved to a second connection in the background instead.
    """

    CHECKPOINT_EVERY = 0.5  # seconds

    def __init__(
        self, connection: aiosqlite.Connection, checkpointer: aiosqlite.Connection, path: Path
    ) -> None:
        self._db = connection
        self._checkpointer = checkpointer
        self._lock = asyncio.Lock()
        self.path = path
        # Results and ratings: their SQL lives in store_stats, on this connection and lock.
        self.stats = SqliteStats(connection, self._lock)
        self.undo = SqliteUndo(connection, self._lock)
        self._checkpoints = asyncio.create_task(self._checkpoint_regularly())

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        """Open (creating folders and file as needed) and migrate the database at `path`."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: autocommit, so transactions are exactly our BEGIN ... COMMIT.
        connection = await aiosqlite.connect(path, isolation_level=None)
        connection.row_factory = sqlite3.Row
        for pragma in (
            "journal_mode = WAL",
            "synchronous = NORMAL",
            "foreign_keys = ON",
            "busy_timeout = 5000",
            "wal_autocheckpoint = 0",  # the background task checkpoints instead
        ):
            await connection.execute(f"PRAGMA {pragma}")
        checkpointer = await aiosqlite.connect(path, isolation_level=None)
        await checkpointer.execute("PRAGMA busy_timeout = 5000")
        store = cls(connection, checkpointer, path)
        try:
            await store.migrate()
        except BaseException:
            await store.close()
            raise
        return store

    async def _checkpoint_regularly(self) -> None:
        while True:
            await asyncio.sleep(self.CHECKPOINT_EVERY)
            try:
                # PASSIVE never waits for and never blocks the writer.
                await self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)")
            except sqlite3.Error:
                log.warning("WAL checkpoint of %s failed; will retry", self.path, exc_info=True)

    async def close(self) -> None:
        self._checkpoints.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._checkpoints
        async with self._lock:
            with contextlib.suppress(sqlite3.Error):
                await self._checkpointer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            await self._checkpointer.close()
            await self._db.close()

    async def __aenter__(self) -> SqliteStore:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def migrate(self) -> int:
        """Apply the migrations not yet applied; return the schema version now in force."""
        async with self._lock:
            await self._db.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations "
                "(version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
            )
            # IMMEDIATE takes the write lock first, so two processes starting together cannot
            # both decide to apply the same migration.
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                rows = await self._db.execute_fetchall(
                    "SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations"
                )
                current = int(next(iter(rows))["v"])
                for number, statements in enumerate(MIGRATIONS, start=1):
                    if number <= current:
                        continue
                    for statement in statements:
                        await self._db.execute(statement)
                    await self._db.execute(
                        "INSERT INTO schema_migrations (version, applied_at) "
                        "VALUES (?, strftime('%s', 'now'))",
                        (number,),
                    )
                    current = number
                await self._db.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise
            return current

    async def journal_mode(self) -> str:
        async with self._lock:
            rows = await self._db.execute_fetchall("PRAGMA journal_mode")
            return str(next(iter(rows))[0])

    # ---------------------------------------------------------------- reads

    async def _seats(self, table_id: str) -> tuple[SeatRecord, ...]:
        rows = await self._db.execute_fetchall(
            f"SELECT {_SEAT_COLUMNS} FROM seats WHERE table_id = ? ORDER BY position",
            (table_id,),
        )
        return tuple(_seat_from(row) for row in rows)

    async def _table_where(self, where: str, params: tuple[Any, ...]) -> TableRecord | None:
        rows = list(
            await self._db.execute_fetchall(
                f"SELECT {_TABLE_COLUMNS} FROM tables WHERE {where}", params
            )
        )
        if not rows:
            return None
        return _table_from(rows[0], await self._seats(rows[0]["id"]))

    async def get(self, table_id: str) -> TableRecord | None:
        async with self._lock:
            return await self._table_where("id = ?", (table_id,))

    async def open_in(self, channel: str) -> TableRecord | None:
        async with self._lock:
            return await self._table_where(
                "(channel = ? OR thread = ?) AND status IN ('lobby', 'playing') "
                "ORDER BY created_at DESC LIMIT 1",
                (channel, channel),
            )

    async def latest_in(self, channel: str) -> TableRecord | None:
        async with self._lock:
            return await self._table_where(
                "(channel = ? OR thread = ?) ORDER BY created_at DESC, rowid DESC LIMIT 1",
                (channel, channel),
            )

    async def revision(self, table_id: str) -> int | None:
        async with self._lock:
            rows = list(
                await self._db.execute_fetchall(
                    "SELECT revision FROM tables WHERE id = ?", (table_id,)
                )
            )
            return int(rows[0]["revision"]) if rows else None

    async def snapshot(self, table_id: str) -> tuple[int, str] | None:
        async with self._lock:
            rows = list(
                await self._db.execute_fetchall(
                    "SELECT seq, state FROM snapshots WHERE table_id = ?", (table_id,)
                )
            )
            return (int(rows[0]["seq"]), str(rows[0]["state"])) if rows else None

    async def moves(self, table_id: str, *, after: int = 0) -> list[MoveRecord]:
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT seq, seat, notation, move, secret, moved_by, played_at, acting FROM moves "
                "WHERE table_id = ? AND seq > ? ORDER BY seq",
                (table_id, after),
            )
            return [
                MoveRecord(
                    seq=row["seq"],
                    seat=row["seat"],
                    notation=row["notation"],
                    move=row["move"],
                    secret=bool(row["secret"]),
                    by=row["moved_by"],
                    played_at=row["played_at"],
                    acting=tuple(json.loads(row["acting"])),
                )
                for row in rows
            ]

    async def due(self, now: float, *, stalled_after: float) -> list[str]:
        async with self._lock:
            rows = await self._db.execute_fetchall(
                """SELECT DISTINCT t.id FROM seats AS s JOIN tables AS t ON t.id = s.table_id
                WHERE t.status = 'playing' AND s.waiting_since IS NOT NULL AND (
                    (s.kind <> 'human' AND s.waiting_since + ? <= ?)
                    OR (s.kind = 'human'
                        AND COALESCE(s.reminded_at, s.waiting_since) + t.remind_after <= ?)
                    OR (s.kind = 'human' AND t.takeover <> 'off'
                        AND s.waiting_since + t.takeover_after <= ?))
                ORDER BY t.id""",
                (stalled_after, now, now, now),
            )
            return [str(row["id"]) for row in rows]

    async def open_tables_of(self, user: str) -> int:
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT COUNT(DISTINCT seats.table_id) AS n FROM seats "
                "JOIN tables ON tables.id = seats.table_id "
                "WHERE seats.user_id = ? AND tables.status IN ('lobby', 'playing')",
                (user,),
            )
            return int(next(iter(rows))["n"])

    async def messages(self, table_id: str) -> list[MessageRecord]:
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT message_id, channel_id, kind, version, posted_at FROM messages "
                "WHERE table_id = ? ORDER BY posted_at, message_id",
                (table_id,),
            )
            return [
                MessageRecord(
                    message_id=row["message_id"],
                    channel_id=row["channel_id"],
                    kind=row["kind"],
                    version=row["version"],
                    posted_at=row["posted_at"],
                )
                for row in rows
            ]

    async def board_version(self, table_id: str) -> int | None:
        async with self._lock:
            rows = list(
                await self._db.execute_fetchall(
                    "SELECT MAX(version) AS v FROM messages WHERE table_id = ? AND kind = 'board'",
                    (table_id,),
                )
            )
            value = rows[0]["v"] if rows else None
            return None if value is None else int(value)

    async def unposted(self, since: float) -> list[str]:
        async with self._lock:
            rows = await self._db.execute_fetchall(
                """SELECT t.id FROM tables AS t
                WHERE t.status IN ('playing', 'finished') AND t.updated_at >= ?
                AND t.version > COALESCE((SELECT MAX(m.version) FROM messages AS m
                    WHERE m.table_id = t.id AND m.kind = 'board'), -1)
                ORDER BY t.updated_at""",
                (since,),
            )
            return [str(row["id"]) for row in rows]

    async def seen_versions(self, table_id: str) -> dict[str, int]:
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT seat, version FROM notices_seen WHERE table_id = ?", (table_id,)
            )
            return {str(row["seat"]): int(row["version"]) for row in rows}

    async def mark_seen(self, table_id: str, seat: str, version: int) -> None:
        async with self._lock:
            await self._db.execute(
                "INSERT INTO notices_seen (table_id, seat, version) VALUES (?, ?, ?) "
                "ON CONFLICT (table_id, seat) DO UPDATE SET version = MAX(version, excluded.version)",
                (table_id, seat, version),
            )

    async def set_notices_by_dm(self, user: str, wanted: bool) -> None:
        async with self._lock:
            if wanted:
                await self._db.execute(
                    "INSERT OR IGNORE INTO notices_by_dm (user_id) VALUES (?)", (user,)
                )
            else:
                await self._db.execute("DELETE FROM notices_by_dm WHERE user_id = ?", (user,))

    async def notices_by_dm(self, users: Sequence[str]) -> set[str]:
        if not users:
            return set()
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT user_id FROM notices_by_dm WHERE user_id IN "
                f"({', '.join('?' * len(users))})",
                tuple(users),
            )
            return {str(row["user_id"]) for row in rows}

    # ---------------------------------------------------------------- writes

    async def _begin(self) -> None:
        await self._db.execute("BEGIN IMMEDIATE")

    async def _rollback(self) -> None:
        # After a cancellation the interrupted statement may have finished (even COMMIT), so
        # there may be no transaction left to roll back.
        with contextlib.suppress(sqlite3.OperationalError):
            await self._db.execute("ROLLBACK")

    async def _guarded_update(self, table: TableRecord, expected_revision: int) -> None:
        """Rewrite the table row if its revision is still `expected_revision`; else refuse."""
        row = _table_row(table)
        cursor = await self._db.execute(_GUARDED_UPDATE, (*row[1:], table.id, expected_revision))
        if cursor.rowcount != 1:
            raise StaleRevision(f"table {table.id} changed since revision {expected_revision}")

    async def create(self, table: TableRecord) -> None:
        async with self._lock:
            await self._begin()
            try:
                await self._db.execute(
                    f"INSERT INTO tables ({_TABLE_COLUMNS}) VALUES ({', '.join('?' * 18)})",
                    _table_row(table),
                )
                await self._db.executemany(
                    f"INSERT INTO seats (table_id, {_SEAT_COLUMNS}) VALUES ({', '.join('?' * 10)})",
                    [_seat_row(table.id, seat) for seat in table.seats],
                )
                await self._db.execute("COMMIT")
            except sqlite3.IntegrityError as error:
                await self._rollback()
                if "tables.id" in str(error):
                    raise DuplicateId(table.id) from error
                raise ChannelBusy(table.channel) from error
            except BaseException:
                await self._rollback()
                raise

    async def save(
        self, table: TableRecord, *, expected_revision: int, state: str | None = None
    ) -> None:
        async with self._lock:
            await self._begin()
            try:
                await self._guarded_update(table, expected_revision)
                await self._db.execute("DELETE FROM seats WHERE table_id = ?", (table.id,))
                await self._db.executemany(
                    f"INSERT INTO seats (table_id, {_SEAT_COLUMNS}) VALUES ({', '.join('?' * 10)})",
                    [_seat_row(table.id, seat) for seat in table.seats],
                )
                if state is not None:
                    await self._db.execute(_UPSERT_SNAPSHOT, (table.id, table.version, state))
                await self._db.execute("COMMIT")
            except sqlite3.IntegrityError as error:
                await self._rollback()
                raise ChannelBusy(table.channel) from error
            except BaseException:
                await self._rollback()
                raise

    async def append(
        self,
        table: TableRecord,
        move: MoveRecord,
        state: str,
        *,
        expected_revision: int,
        changed_seats: Sequence[SeatRecord],
    ) -> None:
        statements: list[tuple[str, Any]] = [
            (_GUARDED_UPDATE, (*_table_row(table)[1:], table.id, expected_revision)),
            # The primary key (table, seq) is a second guard: a move is never logged twice.
            (
                "INSERT INTO moves (table_id, seq, seat, notation, move, secret, moved_by, "
                "played_at, acting) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table.id,
                    move.seq,
                    move.seat,
                    move.notation,
                    move.move,
                    int(move.secret),
                    move.by,
                    move.played_at,
                    json.dumps(move.acting),
                ),
            ),
            (_UPSERT_SNAPSHOT, (table.id, move.seq, state)),
        ]
        statements += [
            (
                "UPDATE seats SET kind = ?, user_id = ?, waiting_since = ?, reminded_at = ?, "
                "replaced_user = ? WHERE table_id = ? AND position = ?",
                (
                    s.kind,
                    s.user,
                    s.waiting_since,
                    s.reminded_at,
                    s.replaced_user,
                    table.id,
                    s.position,
                ),
            )
            for s in changed_seats
        ]
        async with self._lock:
            await self._begin()
            try:
                # The statements are queued to the connection's thread together (gather starts
                # them in order) and run back to back: one round trip instead of one each.
                # Nothing is committed until the guard below has been checked.
                results = await asyncio.gather(
                    *(self._db.execute(sql, params) for sql, params in statements),
                    return_exceptions=True,
                )
                for result in results:
                    if isinstance(result, sqlite3.IntegrityError):
                        raise StaleRevision(f"move {move.seq} of {table.id} is logged already")
                    if isinstance(result, BaseException):
                        raise result
                guard = results[0]
                assert isinstance(guard, aiosqlite.Cursor)
                if guard.rowcount != 1:
                    raise StaleRevision(
                        f"table {table.id} changed since revision {expected_revision}"
                    )
                await self._db.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise

    async def add_message(self, table_id: str, message: MessageRecord) -> None:
        async with self._lock:
            await self._db.execute(
                "INSERT OR REPLACE INTO messages "
                "(table_id, message_id, channel_id, kind, version, posted_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    message.message_id,
                    message.channel_id,
                    message.kind,
                    message.version,
                    message.posted_at,
                ),
            )
