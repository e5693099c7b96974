"""Rematches of finished tables: who accepted, when the host lets AI fill the rest, and the new
table once started; their SQL, on both backends. Reached as `store.rematches`.

One row per finished table (one rematch each); `REMATCH_MIGRATION` is appended to MIGRATIONS.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.service.store.db import Sql, Step
from bot.service.store.sql import Row

REMATCH_MIGRATION: tuple[str, ...] = (
    """CREATE TABLE rematches (
        table_id TEXT PRIMARY KEY REFERENCES tables (id),
        accepted TEXT NOT NULL DEFAULT '[]',
        start_at REAL,
        new_table TEXT,
        created_at REAL NOT NULL
    )""",
    "CREATE INDEX rematches_start ON rematches (start_at) WHERE new_table IS NULL",
)


@dataclass(frozen=True, slots=True)
class RematchRecord:
    """A rematch asked for at a finished table."""

    table_id: str  # the finished table
    accepted: tuple[str, ...]  # the users who accepted, in the order they did
    created_at: float
    start_at: float | None = None  # the host's deadline: then AI sits in for the rest
    new_table: str | None = None  # set once started


def _record_from(row: Row) -> RematchRecord:
    return RematchRecord(
        table_id=str(row["table_id"]),
        accepted=tuple(json.loads(row["accepted"])),
        created_at=float(row["created_at"]),
        start_at=None if row["start_at"] is None else float(row["start_at"]),
        new_table=row["new_table"],
    )


_COLUMNS = "table_id, accepted, start_at, new_table, created_at"


class RematchStore:
    """Rematch requests in the store's database (SQLite or PostgreSQL, through its `Sql`)."""

    def __init__(self, sql: Sql) -> None:
        self._sql = sql

    async def get(self, table_id: str) -> RematchRecord | None:
        rows = await self._sql.rows(
            f"SELECT {_COLUMNS} FROM rematches WHERE table_id = ?", table_id
        )
        return _record_from(rows[0]) if rows else None

    async def put(self, rematch: RematchRecord) -> None:
        params = (
            rematch.table_id,
            json.dumps(rematch.accepted),
            rematch.start_at,
            rematch.new_table,
            rematch.created_at,
        )
        await self._sql.write(
            [
                Step(
                    f"INSERT INTO rematches ({_COLUMNS}) VALUES (?, ?, ?, ?, ?) "
                    "ON CONFLICT (table_id) DO UPDATE SET accepted = excluded.accepted, "
                    "start_at = excluded.start_at, new_table = excluded.new_table",
                    [params],
                )
            ]
        )

    async def due(self, now: float) -> list[RematchRecord]:
        """Rematches not started whose host's deadline has passed."""
        rows = await self._sql.rows(
            f"SELECT {_COLUMNS} FROM rematches WHERE new_table IS NULL AND start_at <= ? "
            "ORDER BY start_at, table_id",
            float(now),
        )
        return [_record_from(row) for row in rows]
