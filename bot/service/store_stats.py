"""Persistence of finished games' results and the ratings cache: the SQL behind /stats and friends.

The store delegates to `SqliteStats` (`SqliteStore.stats`); the migration is `STATS_MIGRATION`,
the last entry of the store's MIGRATIONS. Results are written once per finished table (idempotent);
ratings are a cache that `bot.service.stats` can rebuild from the results at any time.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

import aiosqlite

STATS_MIGRATION: tuple[str, ...] = (
    # One row per seat of a finished game; `player` is "user:<id>" or "ai:<kind>".
    """CREATE TABLE results (
        table_id TEXT NOT NULL REFERENCES tables (id),
        position INTEGER NOT NULL,
        guild TEXT NOT NULL,
        game TEXT NOT NULL,
        channel TEXT NOT NULL,
        finished_at REAL NOT NULL,
        seat TEXT NOT NULL,
        player TEXT NOT NULL,
        rank INTEGER NOT NULL,
        score INTEGER NOT NULL,
        players INTEGER NOT NULL,
        PRIMARY KEY (table_id, position)
    )""",
    "CREATE INDEX results_player ON results (guild, player, finished_at)",
    "CREATE INDEX results_game ON results (guild, game, finished_at)",
    """CREATE TABLE ratings (
        guild TEXT NOT NULL,
        game TEXT NOT NULL,
        player TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        PRIMARY KEY (guild, game, player)
    )""",
)


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One seat's result in one finished game."""

    table_id: str
    position: int
    guild: str
    game: str
    channel: str
    finished_at: float
    seat: str
    player: str
    rank: int
    score: int
    players: int


@dataclass(frozen=True, slots=True)
class RatingRow:
    """A player's rating at one game in one server (openskill mu and sigma)."""

    guild: str
    game: str
    player: str
    mu: float
    sigma: float


_RESULT_COLUMNS = (
    "table_id, position, guild, game, channel, finished_at, seat, player, rank, score, players"
)


def _result(row: sqlite3.Row) -> ResultRow:
    return ResultRow(**{k: row[k] for k in row.keys()})  # noqa: SIM118 (sqlite3.Row)


class SqliteStats:
    """Results and ratings in the store's SQLite database, on the store's connection and lock."""

    def __init__(self, db: aiosqlite.Connection, lock: asyncio.Lock) -> None:
        self._db = db
        self._lock = lock

    async def record(self, rows: Sequence[ResultRow], ratings: Sequence[RatingRow]) -> bool:
        """Write a finished game's results and its players' new ratings in one transaction.

        False (and nothing written) when that table's results are there already.
        """
        if not rows:
            return False
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                found = await self._db.execute_fetchall(
                    "SELECT 1 FROM results WHERE table_id = ? LIMIT 1", (rows[0].table_id,)
                )
                if list(found):
                    await self._db.execute("ROLLBACK")
                    return False
                await self._db.executemany(
                    f"INSERT INTO results ({_RESULT_COLUMNS}) VALUES ({', '.join('?' * 11)})",
                    [
                        (
                            r.table_id,
                            r.position,
                            r.guild,
                            r.game,
                            r.channel,
                            r.finished_at,
                            r.seat,
                            r.player,
                            r.rank,
                            r.score,
                            r.players,
                        )
                        for r in rows
                    ],
                )
                await self._write_ratings(ratings)
                await self._db.execute("COMMIT")
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
        return True

    async def _write_ratings(self, ratings: Sequence[RatingRow]) -> None:
        await self._db.executemany(
            "INSERT INTO ratings (guild, game, player, mu, sigma) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (guild, game, player) DO UPDATE SET mu = excluded.mu, "
            "sigma = excluded.sigma",
            [(r.guild, r.game, r.player, r.mu, r.sigma) for r in ratings],
        )

    async def replace_ratings(self, ratings: Sequence[RatingRow]) -> None:
        """Replace the whole ratings cache (after a rebuild)."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                await self._db.execute("DELETE FROM ratings")
                await self._write_ratings(ratings)
                await self._db.execute("COMMIT")
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise

    async def ratings(self, guild: str, game: str, players: Sequence[str]) -> list[RatingRow]:
        """The stored ratings of some players (those never rated are absent)."""
        if not players:
            return []
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT guild, game, player, mu, sigma FROM ratings WHERE guild = ? AND game = ? "
                f"AND player IN ({', '.join('?' * len(players))})",
                (guild, game, *players),
            )
        return [RatingRow(**{k: row[k] for k in row.keys()}) for row in rows]  # noqa: SIM118

    async def all_ratings(self) -> list[RatingRow]:
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT guild, game, player, mu, sigma FROM ratings ORDER BY guild, game, player"
            )
        return [RatingRow(**{k: row[k] for k in row.keys()}) for row in rows]  # noqa: SIM118

    async def top(self, guild: str, game: str) -> list[RatingRow]:
        """Every rated player of a game in a server (the service ranks them)."""
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT guild, game, player, mu, sigma FROM ratings WHERE guild = ? AND game = ?",
                (guild, game),
            )
        return [RatingRow(**{k: row[k] for k in row.keys()}) for row in rows]  # noqa: SIM118

    async def results(
        self,
        *,
        guild: str | None = None,
        player: str | None = None,
        game: str | None = None,
        tables: Sequence[str] | None = None,
    ) -> list[ResultRow]:
        """Result rows in the order the games finished, filtered as asked."""
        where, params = [], []
        for column, value in (("guild", guild), ("player", player), ("game", game)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        if tables is not None:
            if not tables:
                return []
            where.append(f"table_id IN ({', '.join('?' * len(tables))})")
            params.extend(tables)
        clause = f"WHERE {' AND '.join(where)} " if where else ""
        async with self._lock:
            rows = await self._db.execute_fetchall(
                f"SELECT {_RESULT_COLUMNS} FROM results {clause}"
                "ORDER BY finished_at, table_id, position",
                tuple(params),
            )
        return [_result(row) for row in rows]

    async def unrecorded(self) -> list[str]:
        """Finished tables whose results are missing (a crash right after the last move)."""
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT id FROM tables WHERE status = 'finished' AND game IS NOT NULL "
                "AND id NOT IN (SELECT table_id FROM results) ORDER BY finished_at, id"
            )
        return [row["id"] for row in rows]

    async def recent_tables(self, guild: str, player: str, limit: int) -> list[str]:
        """The ids of a player's latest finished games in a server, newest first."""
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT table_id FROM results WHERE guild = ? AND player = ? "
                "ORDER BY finished_at DESC, table_id DESC LIMIT ?",
                (guild, player, limit),
            )
        return [row["table_id"] for row in rows]
