"""Game reviews (bot.service.review): their SQL, on both backends.

A review is a row per finished table: its budget, how many parts it has, and once done the
whole review as JSON. While it runs, each finished part (a chart point, a judged decision) is a
row of `review_parts`, written as soon as it is computed, so a restart loses no finished part
and the review resumes where it stopped. Reached as `store.reviews`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from bot.service.store.db import Sql, Step

REVIEW_MIGRATION: tuple[str, ...] = (
    """CREATE TABLE reviews (
        table_id TEXT PRIMARY KEY REFERENCES tables (id),
        status TEXT NOT NULL CHECK (status IN ('running', 'done')),
        budget TEXT NOT NULL,
        seed TEXT NOT NULL,
        total INTEGER NOT NULL,
        result TEXT,
        chart_posted INTEGER NOT NULL DEFAULT 0,
        started_at REAL NOT NULL,
        updated_at REAL NOT NULL
    )""",
    "CREATE INDEX reviews_running ON reviews (status) WHERE status = 'running'",
    """CREATE TABLE review_parts (
        table_id TEXT NOT NULL REFERENCES tables (id),
        part TEXT NOT NULL,
        result TEXT NOT NULL,
        PRIMARY KEY (table_id, part)
    )""",
)


@dataclass(frozen=True, slots=True)
class ReviewRecord:
    """A table's review: running (its parts in `review_parts`) or done (`result` holds it)."""

    table_id: str
    status: str  # "running" or "done"
    budget: str  # JSON of the budget it runs with (kept, so a resumed review is the same one)
    seed: str
    total: int  # parts in all
    result: str | None = None
    chart_posted: bool = False

    @property
    def done(self) -> bool:
        return self.status == "done"


_COLUMNS = "table_id, status, budget, seed, total, result, chart_posted"


class ReviewStore:
    """Reviews in the store's database (SQLite or PostgreSQL, through its `Sql`)."""

    def __init__(self, sql: Sql) -> None:
        self._sql = sql

    async def get(self, table_id: str) -> ReviewRecord | None:
        rows = await self._sql.rows(f"SELECT {_COLUMNS} FROM reviews WHERE table_id = ?", table_id)
        if not rows:
            return None
        row = rows[0]
        return ReviewRecord(
            table_id=row["table_id"],
            status=row["status"],
            budget=row["budget"],
            seed=row["seed"],
            total=int(row["total"]),
            result=row["result"],
            chart_posted=bool(row["chart_posted"]),
        )

    async def start(self, review: ReviewRecord) -> bool:
        """Record a new running review; False (nothing written) if the table has one already."""
        now = time.time()
        return await self._sql.write(
            [
                Step(
                    "INSERT INTO reviews (table_id, status, budget, seed, total, started_at, "
                    "updated_at) VALUES (?, 'running', ?, ?, ?, ?, ?) "
                    "ON CONFLICT (table_id) DO NOTHING",
                    [(review.table_id, review.budget, review.seed, review.total, now, now)],
                    needed=True,
                )
            ]
        )

    async def parts(self, table_id: str) -> dict[str, str]:
        """The finished parts of a running review: part key -> its JSON."""
        rows = await self._sql.rows(
            "SELECT part, result FROM review_parts WHERE table_id = ?", table_id
        )
        return {str(row["part"]): str(row["result"]) for row in rows}

    async def add_part(self, table_id: str, part: str, result: str) -> None:
        """Keep one finished part (a second process computing the same one changes nothing:
        parts are deterministic)."""
        await self._sql.write(
            [
                Step(
                    "INSERT INTO review_parts (table_id, part, result) VALUES (?, ?, ?) "
                    "ON CONFLICT (table_id, part) DO NOTHING",
                    [(table_id, part, result)],
                ),
                Step(
                    "UPDATE reviews SET updated_at = ? WHERE table_id = ?",
                    [(time.time(), table_id)],
                ),
            ]
        )

    async def finish(self, table_id: str, result: str) -> None:
        """The review is done: keep its result, drop its parts, in one transaction."""
        await self._sql.write(
            [
                Step(
                    "UPDATE reviews SET status = 'done', result = ?, updated_at = ? "
                    "WHERE table_id = ?",
                    [(result, time.time(), table_id)],
                ),
                Step("DELETE FROM review_parts WHERE table_id = ?", [(table_id,)]),
            ]
        )

    async def unfinished(self) -> list[str]:
        """The tables whose review was running when the process stopped, oldest first."""
        rows = await self._sql.rows(
            "SELECT table_id FROM reviews WHERE status = 'running' ORDER BY started_at"
        )
        return [str(row["table_id"]) for row in rows]

    async def claim_chart(self, table_id: str) -> bool:
        """True once per review: whoever gets True posts the chart to the table."""
        return await self._sql.write(
            [
                Step(
                    "UPDATE reviews SET chart_posted = 1 WHERE table_id = ? AND chart_posted = 0",
                    [(table_id,)],
                    needed=True,
                )
            ]
        )
