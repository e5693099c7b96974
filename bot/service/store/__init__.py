"""Persistence of tables, seats, the move log, snapshots and board messages: all the SQL is here.

`Store` (records.py) is the interface the table service uses; `SqliteStore` (sqlite.py) is the
embedded default. Migrations are numbered (migrations.py), statements shared (sql.py).
"""

from bot.service.store.migrations import MIGRATIONS, SCHEMA_VERSION
from bot.service.store.records import (
    OPEN_STATUSES,
    CannotOpen,
    ChannelBusy,
    DuplicateId,
    MessageRecord,
    MovedBy,
    MoveRecord,
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
]
