"""What the metrics and `doctor` read from a database: open tables by game, boards owed, and a
look at a database's file and schema that changes nothing (no migration, no WAL mode)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from bot.service.store.backup import in_use, schema_version
from bot.service.store.db import Sql

# A board is owed while a table's version is ahead of its latest posted board (catchup.py).
_BOARDS_OWED = """SELECT COUNT(*) AS n FROM tables AS t
    WHERE t.status IN ('playing', 'finished')
    AND t.version > COALESCE((SELECT MAX(m.version) FROM messages AS m
        WHERE m.table_id = t.id AND m.kind = 'board'), -1)"""
_OPEN_BY_GAME = """SELECT COALESCE(game, '') AS game, COUNT(*) AS n FROM tables
    WHERE status IN ('lobby', 'playing') GROUP BY COALESCE(game, '')"""


class HealthQueries:
    """The counts a metrics scrape shows, written once for both backends."""

    def __init__(self, sql: Sql) -> None:
        self._sql = sql

    async def open_tables_by_game(self) -> dict[str, int]:
        """Lobbies and running games per game id ('' for a lobby whose game is not chosen)."""
        rows = await self._sql.rows(_OPEN_BY_GAME)
        return {str(row["game"]): int(row["n"]) for row in rows}

    async def boards_owed(self) -> int:
        rows = await self._sql.rows(_BOARDS_OWED)
        return int(rows[0]["n"])


@dataclass(frozen=True)
class Inspection:
    """A database as found: whether it exists, its schema version, whether it is in use."""

    exists: bool
    schema: int = 0
    problem: str | None = None
    in_use: bool = False


def inspect_sqlite(path: Path) -> Inspection:
    """Open `path` read-only: its schema version and a quick_check; nothing is written."""
    if not path.exists():
        return Inspection(exists=False)
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=2.0)
    except sqlite3.Error as error:
        return Inspection(exists=True, problem=str(error))
    try:
        checked = [row[0] for row in connection.execute("PRAGMA quick_check")]
        problem = None if checked == ["ok"] else "quick_check: " + "; ".join(checked[:3])
        return Inspection(True, schema_version(connection), problem, in_use(path))
    except sqlite3.Error as error:
        return Inspection(exists=True, problem=str(error))
    finally:
        connection.close()


async def inspect_postgres(url: str, timeout: float = 5.0) -> Inspection:
    """Connect to `url` and read its schema version; nothing is written."""
    import asyncpg

    try:
        connection = await asyncpg.connect(url, timeout=timeout)
    except (TimeoutError, OSError, asyncpg.PostgresError) as error:
        return Inspection(exists=False, problem=f"cannot connect: {type(error).__name__}")
    try:
        found = await connection.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL")
        schema = 0
        if found:
            schema = int(
                await connection.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
            )
        return Inspection(True, schema)
    except asyncpg.PostgresError as error:
        return Inspection(exists=True, problem=str(error))
    finally:
        await connection.close()
