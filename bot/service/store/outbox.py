"""The store's queries that read the same on both backends: the outbox, notices and seat counts.

`SharedQueries` is mixed into each store, which supplies `_sql` (its `Sql`), `stats`, `undo` and `reviews`.
A board is owed while a table's version is ahead of its latest board message; a seat's private
notices are owed after the version it last looked at; a reminder is owed from the transaction
that marks its seat reminded until it is sent (a row of `reminders_owed`).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.store.db import Sql, Step
from bot.service.store.health import HealthQueries
from bot.service.store.members import MemberStore
from bot.service.store.records import OwedReminder, SeatRecord, StaleRevision, TableRecord
from bot.service.store.rematches import RematchStore
from bot.service.store.reviews import ReviewStore
from bot.service.store.sql import (
    GUARDED_UPDATE,
    OPEN_TABLES_OF,
    UPDATE_SEAT,
    Row,
    seat_change_row,
    table_row,
)
from bot.service.store.stats import StatsStore
from bot.service.store.undo import UndoStore

_OWE_REMINDER = (
    "INSERT INTO reminders_owed (table_id, position, due_at, user_id, waited) "
    "VALUES (?, ?, ?, ?, ?) ON CONFLICT (table_id, position, due_at) DO NOTHING"
)


def _owed_row(owed: OwedReminder) -> tuple[object, ...]:
    return (owed.table_id, owed.position, owed.due_at, owed.user, owed.waited)


def _owed_from(row: Row) -> OwedReminder:
    return OwedReminder(
        table_id=str(row["table_id"]),
        position=int(row["position"]),
        user=row["user_id"],
        due_at=float(row["due_at"]),
        waited=float(row["waited"]),
    )


class SharedQueries:
    """Outbox, notices and per-user queries, written once for SQLite and PostgreSQL."""

    _sql: Sql

    def _shared(self, sql: Sql) -> None:
        self._sql = sql
        self.stats = StatsStore(sql)
        self.undo = UndoStore(sql)
        self.members = MemberStore(sql)
        self.rematches = RematchStore(sql)
        self.health = HealthQueries(sql)
        self.reviews = ReviewStore(sql)

    async def board_version(self, table_id: str) -> int | None:
        rows = await self._sql.rows(
            "SELECT MAX(version) AS v FROM messages WHERE table_id = ? AND kind = 'board'",
            table_id,
        )
        value = rows[0]["v"] if rows else None
        return None if value is None else int(value)

    async def unposted(self, since: float) -> list[str]:
        rows = await self._sql.rows(
            """SELECT t.id FROM tables AS t
            WHERE t.status IN ('playing', 'finished') AND t.updated_at >= ?
            AND t.version > COALESCE((SELECT MAX(m.version) FROM messages AS m
                WHERE m.table_id = t.id AND m.kind = 'board'), -1)
            ORDER BY t.updated_at""",
            float(since),
        )
        return [str(row["id"]) for row in rows]

    async def record_reminders(
        self,
        table: TableRecord,
        *,
        expected_revision: int,
        changed_seats: Sequence[SeatRecord],
        owed: Sequence[OwedReminder],
    ) -> None:
        steps = [
            # The revision guard: the row is rewritten only if nobody wrote it meanwhile.
            Step(GUARDED_UPDATE, [(*table_row(table)[1:], table.id, expected_revision)], True),
            Step(UPDATE_SEAT, [seat_change_row(table.id, s) for s in changed_seats]),
            Step(_OWE_REMINDER, [_owed_row(o) for o in owed]),
        ]
        if not await self._sql.write([step for step in steps if step.rows]):
            raise StaleRevision(f"table {table.id} changed since revision {expected_revision}")

    async def owed_reminders(self, table_id: str | None = None) -> list[OwedReminder]:
        where = "" if table_id is None else "WHERE table_id = ? "
        rows = await self._sql.rows(
            "SELECT table_id, position, due_at, user_id, waited FROM reminders_owed "
            f"{where}ORDER BY due_at, table_id, position",
            *([] if table_id is None else [table_id]),
        )
        return [_owed_from(row) for row in rows]

    async def owe_reminders(self, owed: Sequence[OwedReminder]) -> None:
        if owed:
            await self._sql.write([Step(_OWE_REMINDER, [_owed_row(o) for o in owed])])

    async def reminder_done(self, reminder: OwedReminder) -> None:
        await self._sql.write(
            [
                Step(
                    "DELETE FROM reminders_owed WHERE table_id = ? AND position = ? AND due_at = ?",
                    [(reminder.table_id, reminder.position, reminder.due_at)],
                )
            ]
        )

    async def seen_versions(self, table_id: str) -> dict[str, int]:
        rows = await self._sql.rows(
            "SELECT seat, version FROM notices_seen WHERE table_id = ?", table_id
        )
        return {str(row["seat"]): int(row["version"]) for row in rows}

    async def mark_seen(self, table_id: str, seat: str, version: int) -> None:
        # Never moves backwards: a late writer with an older version changes nothing.
        await self._sql.write(
            [
                Step(
                    "INSERT INTO notices_seen (table_id, seat, version) VALUES (?, ?, ?) "
                    "ON CONFLICT (table_id, seat) DO UPDATE SET version = CASE "
                    "WHEN excluded.version > notices_seen.version THEN excluded.version "
                    "ELSE notices_seen.version END",
                    [(table_id, seat, version)],
                )
            ]
        )

    async def set_notices_by_dm(self, user: str, wanted: bool) -> None:
        if wanted:
            statement = (
                "INSERT INTO notices_by_dm (user_id) VALUES (?) ON CONFLICT (user_id) DO NOTHING"
            )
        else:
            statement = "DELETE FROM notices_by_dm WHERE user_id = ?"
        await self._sql.write([Step(statement, [(user,)])])

    async def notices_by_dm(self, users: Sequence[str]) -> set[str]:
        if not users:
            return set()
        rows = await self._sql.rows(
            f"SELECT user_id FROM notices_by_dm WHERE user_id IN ({', '.join('?' * len(users))})",
            *users,
        )
        return {str(row["user_id"]) for row in rows}

    async def dm_wishes(self) -> list[str]:
        rows = await self._sql.rows("SELECT user_id FROM notices_by_dm ORDER BY user_id")
        return [str(row["user_id"]) for row in rows]

    async def open_tables_of(self, user: str) -> int:
        rows = await self._sql.rows(OPEN_TABLES_OF, user)
        return int(rows[0]["n"])
