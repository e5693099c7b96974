"""The store's queries that read the same on both backends: the outbox, notices and seat counts.

`SharedQueries` is mixed into each store, which supplies `_sql` (its `Sql`), `stats` and `undo`.
A board is owed while a table's version is ahead of its latest board message; a seat's private
notices are owed after the version it last looked at.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.store.db import Sql, Step
from bot.service.store.stats import StatsStore
from bot.service.store.undo import UndoStore


class SharedQueries:
    """Outbox, notices and per-user queries, written once for SQLite and PostgreSQL."""

    _sql: Sql

    def _shared(self, sql: Sql) -> None:
        self._sql = sql
        self.stats = StatsStore(sql)
        self.undo = UndoStore(sql)

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

    async def open_tables_of(self, user: str) -> int:
        rows = await self._sql.rows(
            "SELECT COUNT(DISTINCT seats.table_id) AS n FROM seats "
            "JOIN tables ON tables.id = seats.table_id "
            "WHERE seats.user_id = ? AND tables.status IN ('lobby', 'playing')",
            user,
        )
        return int(rows[0]["n"])
