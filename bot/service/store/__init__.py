"""Persistence of tables, seats, the move log, snapshots and board messages: all the SQL is here.

`Store` (records.py) is the interface the table service uses; `SqliteStore` (sqlite.py) is the
embedded default, `PostgresStore` (postgres.py) serves several processes. Migrations are numbered
(migrations.py), statements shared (sql.py); the outbox and notices (outbox.py), results and
ratings (stats.py) and undo requests (undo.py) are written once for both, over `db.Sql`.
"""

from pathlib import Path

from bot.service.store.migrations import MIGRATIONS, SCHEMA_VERSION
from bot.service.store.records import (
    OPEN_STATUSES,
    CannotOpen,
    ChannelBusy,
    DuplicateId,
    MessageRecord,
    MovedBy,
    MoveRecord,
    OverCap,
    OwedReminder,
    SeatCap,
    SeatKind,
    SeatRecord,
    StaleRevision,
    Store,
    StoredTable,
    StoreError,
    TableRecord,
    TableStatus,
    TakeoverMode,
)
from bot.service.store.sqlite import SqliteStore


async def open_store(database: str | Path) -> Store:
    """The store the setting names: a PostgreSQL URL, or else a SQLite file (the default)."""
    if isinstance(database, str) and database.startswith(("postgresql://", "postgres://")):
        from bot.service.store.postgres import PostgresStore

        return await PostgresStore.open(database)
    return await SqliteStore.open(database)


__all__ = [
    "MIGRATIONS",
    "OPEN_STATUSES",
    "SCHEMA_VERSION",
    "CannotOpen",
    "ChannelBusy",
    "DuplicateId",
    "MessageRecord",
    "MoveRecord",
    "MovedBy",
    "OverCap",
    "OwedReminder",
    "SeatCap",
    "SeatKind",
    "SeatRecord",
    "SqliteStore",
    "StaleRevision",
    "Store",
    "StoreError",
    "StoredTable",
    "TableRecord",
    "TableStatus",
    "TakeoverMode",
    "open_store",
]
