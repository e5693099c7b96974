"""Members' own settings (away, time zone, quiet hours), mentions held over quiet hours, and the
tables a member sits at: their SQL, on both backends. Reached as `store.members`.

A member's settings are one row of `member_settings`, kept across restarts and copied by
`migrate`; a board posted during someone's quiet hours leaves a row in `mentions_held` until the
mention is delivered (or no longer owed). `MEMBERS_MIGRATION` is appended to the store's MIGRATIONS.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.store.db import Sql, Step
from bot.service.store.sql import Row

MEMBERS_MIGRATION: tuple[str, ...] = (
    """CREATE TABLE member_settings (
        user_id TEXT PRIMARY KEY,
        away_until REAL,
        away_note TEXT,
        timezone TEXT,
        quiet_from INTEGER,
        quiet_to INTEGER
    )""",
    """CREATE TABLE mentions_held (
        table_id TEXT NOT NULL REFERENCES tables (id),
        user_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        due_at REAL NOT NULL,
        PRIMARY KEY (table_id, user_id)
    )""",
    "CREATE INDEX mentions_held_due ON mentions_held (due_at)",
)


@dataclass(frozen=True, slots=True)
class MemberSettings:
    """One member's own settings; every field None until they set it."""

    user: str
    away_until: float | None = None  # kept after it passes: clocks restart from it
    away_note: str | None = None
    timezone: str | None = None  # an IANA zone name, e.g. Asia/Tokyo
    quiet_from: int | None = None  # the hour (0-23, in `timezone`) quiet hours begin
    quiet_to: int | None = None  # the hour they end


@dataclass(frozen=True, slots=True)
class HeldMention:
    """A board's mention held back during quiet hours, due when they end."""

    table_id: str
    user: str
    version: int  # the table's version when the board was posted
    due_at: float


@dataclass(frozen=True, slots=True)
class SeatedAt:
    """A table a member sits at (for /mygames)."""

    table_id: str
    guild: str | None


_COLUMNS = "user_id, away_until, away_note, timezone, quiet_from, quiet_to"


def _settings_from(row: Row) -> MemberSettings:
    return MemberSettings(
        user=str(row["user_id"]),
        away_until=None if row["away_until"] is None else float(row["away_until"]),
        away_note=row["away_note"],
        timezone=row["timezone"],
        quiet_from=None if row["quiet_from"] is None else int(row["quiet_from"]),
        quiet_to=None if row["quiet_to"] is None else int(row["quiet_to"]),
    )


def _held_from(row: Row) -> HeldMention:
    return HeldMention(
        table_id=str(row["table_id"]),
        user=str(row["user_id"]),
        version=int(row["version"]),
        due_at=float(row["due_at"]),
    )


class MemberStore:
    """Members' settings and held mentions in the store's database (through its `Sql`)."""

    def __init__(self, sql: Sql) -> None:
        self._sql = sql

    async def get(self, user: str) -> MemberSettings:
        """The member's settings (all None when they never set any)."""
        found = await self.of([user])
        return found.get(user, MemberSettings(user))

    async def of(self, users: Sequence[str]) -> dict[str, MemberSettings]:
        """The settings of those of `users` who have any."""
        if not users:
            return {}
        rows = await self._sql.rows(
            f"SELECT {_COLUMNS} FROM member_settings "
            f"WHERE user_id IN ({', '.join('?' * len(users))})",
            *users,
        )
        return {str(row["user_id"]): _settings_from(row) for row in rows}

    async def put(self, settings: MemberSettings) -> None:
        params = (
            settings.user,
            settings.away_until,
            settings.away_note,
            settings.timezone,
            settings.quiet_from,
            settings.quiet_to,
        )
        await self._sql.write(
            [
                Step(
                    f"INSERT INTO member_settings ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (user_id) DO UPDATE SET away_until = excluded.away_until, "
                    "away_note = excluded.away_note, timezone = excluded.timezone, "
                    "quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to",
                    [params],
                )
            ]
        )

    async def all(self) -> list[MemberSettings]:
        """Every member's settings (for copying a database)."""
        rows = await self._sql.rows(f"SELECT {_COLUMNS} FROM member_settings ORDER BY user_id")
        return [_settings_from(row) for row in rows]

    # ---------------------------------------------------------------- tables of a member

    async def seated_at(self, user: str, finished_since: float, limit: int = 100) -> list[SeatedAt]:
        """The open tables that seat `user`, and those finished since `finished_since`, the
        most recently changed first."""
        rows = await self._sql.rows(
            "SELECT DISTINCT t.id, t.guild, t.updated_at FROM seats AS s "
            "JOIN tables AS t ON t.id = s.table_id WHERE s.user_id = ? "
            "AND (t.status IN ('lobby', 'playing') "
            "OR (t.status = 'finished' AND t.finished_at >= ?)) "
            "ORDER BY t.updated_at DESC LIMIT ?",
            user,
            float(finished_since),
            int(limit),
        )
        return [SeatedAt(str(row["id"]), row["guild"]) for row in rows]

    async def waiting_on(self, user: str) -> int:
        """How many running tables, on any server, wait for `user`'s move."""
        rows = await self._sql.rows(
            "SELECT COUNT(DISTINCT t.id) AS n FROM seats AS s "
            "JOIN tables AS t ON t.id = s.table_id WHERE s.user_id = ? "
            "AND s.kind = 'human' AND t.status = 'playing' AND s.waiting_since IS NOT NULL",
            user,
        )
        return int(rows[0]["n"])

    # ---------------------------------------------------------------- held mentions

    async def hold(self, mention: HeldMention) -> None:
        """Hold a mention until `due_at` (a later board of the same table replaces it)."""
        params = (mention.table_id, mention.user, mention.version, mention.due_at)
        await self._sql.write(
            [
                Step(
                    "INSERT INTO mentions_held (table_id, user_id, version, due_at) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT (table_id, user_id) DO UPDATE SET "
                    "version = excluded.version, due_at = excluded.due_at",
                    [params],
                )
            ]
        )

    async def held(self, due_by: float | None = None) -> list[HeldMention]:
        """Held mentions due by `due_by` (all of them without), the earliest first."""
        where = "" if due_by is None else "WHERE due_at <= ? "
        rows = await self._sql.rows(
            f"SELECT table_id, user_id, version, due_at FROM mentions_held {where}"
            "ORDER BY due_at, table_id, user_id",
            *([] if due_by is None else [float(due_by)]),
        )
        return [_held_from(row) for row in rows]

    async def release_for(self, table_id: str, user: str) -> None:
        """Drop whatever mention is held for `user` at that table (a board just pinged them)."""
        await self._sql.write(
            [
                Step(
                    "DELETE FROM mentions_held WHERE table_id = ? AND user_id = ?",
                    [(table_id, user)],
                )
            ]
        )

    async def release(self, mention: HeldMention) -> None:
        """Take a held mention out: delivered, or no longer owed."""
        await self._sql.write(
            [
                Step(
                    "DELETE FROM mentions_held WHERE table_id = ? AND user_id = ? AND version = ?",
                    [(mention.table_id, mention.user, mention.version)],
                )
            ]
        )
