"""Finished games' results and the ratings cache: the SQL behind /stats and friends, both backends.

Reached as `store.stats`; the migration is `STATS_MIGRATION` (number 4 of the store's MIGRATIONS).
Results are written once per finished table (idempotent); ratings are a cache that
`bot.service.stats` can rebuild from the results at any time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.store.db import Sql, Step
from bot.service.store.sql import Row

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
_RATING_COLUMNS = "guild, game, player, mu, sigma"
_UPSERT_RATING = (
    f"INSERT INTO ratings ({_RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?) "
    "ON CONFLICT (guild, game, player) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma"
)


def _result(row: Row) -> ResultRow:
    return ResultRow(**{k: row[k] for k in row.keys()})  # noqa: SIM118 (sqlite3.Row)


def _rating(row: Row) -> RatingRow:
    return RatingRow(**{k: row[k] for k in row.keys()})  # noqa: SIM118 (sqlite3.Row)


def _rating_params(ratings: Sequence[RatingRow]) -> list[tuple[object, ...]]:
    return [(r.guild, r.game, r.player, float(r.mu), float(r.sigma)) for r in ratings]


def _in(values: Sequence[object]) -> str:
    return f"({', '.join('?' * len(values))})"


class StatsStore:
    """Results and ratings in the store's database (SQLite or PostgreSQL, through its `Sql`)."""

    def __init__(self, sql: Sql) -> None:
        self._sql = sql

    async def record(self, rows: Sequence[ResultRow], ratings: Sequence[RatingRow]) -> bool:
        """Write a finished game's results and its players' new ratings in one transaction.

        False (and nothing written) when that table's results are there already.
        """
        if not rows:
            return False
        results = [
            (
                r.table_id,
                r.position,
                r.guild,
                r.game,
                r.channel,
                float(r.finished_at),
                r.seat,
                r.player,
                r.rank,
                r.score,
                r.players,
            )
            for r in rows
        ]
        insert = (
            f"INSERT INTO results ({_RESULT_COLUMNS}) VALUES {_in(results[0])} "
            "ON CONFLICT (table_id, position) DO NOTHING"
        )
        steps = [Step(insert, results, needed=True)]
        if ratings:
            steps.append(Step(_UPSERT_RATING, _rating_params(ratings)))
        return await self._sql.write(steps)

    async def replace_ratings(self, ratings: Sequence[RatingRow]) -> None:
        """Replace the whole ratings cache (after a rebuild)."""
        steps = [Step("DELETE FROM ratings")]
        if ratings:
            steps.append(Step(_UPSERT_RATING, _rating_params(ratings)))
        await self._sql.write(steps)

    async def ratings(self, guild: str, game: str, players: Sequence[str]) -> list[RatingRow]:
        """The stored ratings of some players (those never rated are absent)."""
        if not players:
            return []
        rows = await self._sql.rows(
            f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild = ? AND game = ? "
            f"AND player IN {_in(players)}",
            guild,
            game,
            *players,
        )
        return [_rating(row) for row in rows]

    async def all_ratings(self) -> list[RatingRow]:
        rows = await self._sql.rows(
            f"SELECT {_RATING_COLUMNS} FROM ratings ORDER BY guild, game, player"
        )
        return [_rating(row) for row in rows]

    async def top(self, guild: str, game: str) -> list[RatingRow]:
        """Every rated player of a game in a server (the service ranks them)."""
        rows = await self._sql.rows(
            f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild = ? AND game = ?", guild, game
        )
        return [_rating(row) for row in rows]

    async def results(
        self,
        *,
        guild: str | None = None,
        player: str | None = None,
        game: str | None = None,
        tables: Sequence[str] | None = None,
    ) -> list[ResultRow]:
        """Result rows in the order the games finished, filtered as asked."""
        where: list[str] = []
        params: list[object] = []
        for column, value in (("guild", guild), ("player", player), ("game", game)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        if tables is not None:
            if not tables:
                return []
            where.append(f"table_id IN {_in(tables)}")
            params.extend(tables)
        clause = f"WHERE {' AND '.join(where)} " if where else ""
        rows = await self._sql.rows(
            f"SELECT {_RESULT_COLUMNS} FROM results {clause}ORDER BY finished_at, table_id, position",
            *params,
        )
        return [_result(row) for row in rows]

    async def unrecorded(self) -> list[str]:
        """Finished tables whose results are missing (a crash right after the last move)."""
        rows = await self._sql.rows(
            "SELECT id FROM tables WHERE status = 'finished' AND game IS NOT NULL "
            "AND id NOT IN (SELECT table_id FROM results) ORDER BY finished_at, id"
        )
        return [str(row["id"]) for row in rows]

    async def recent_tables(self, guild: str, player: str, limit: int) -> list[str]:
        """The ids of a player's latest finished games in a server, newest first."""
        rows = await self._sql.rows(
            "SELECT table_id FROM results WHERE guild = ? AND player = ? "
            "ORDER BY finished_at DESC, table_id DESC LIMIT ?",
            guild,
            player,
            int(limit),
        )
        return [str(row["table_id"]) for row in rows]
