"""The few database operations the backend-neutral queries need (outbox, stats, undo requests).

Each store hands these queries a `Sql` of its own: SQLite runs them on its reader and writer
threads, PostgreSQL on its pool. Statements use SQLite's `?` placeholders and SQL both dialects
accept; the PostgreSQL side numbers the placeholders.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.service.store.sql import Row


@dataclass(frozen=True, slots=True)
class Step:
    """One statement of a write transaction, run once per parameter row.

    `needed`: the transaction is rolled back (and the write answers False) when this step
    changed no row, e.g. an insert that found everything there already.
    """

    statement: str
    rows: Sequence[Sequence[Any]] = ((),)
    needed: bool = False


class Unchanged(Exception):
    """A needed step changed nothing: roll the transaction back."""


class Sql(Protocol):
    async def rows(self, statement: str, *params: Any) -> list[Row]:
        """The rows of one SELECT."""

    async def write(self, steps: Sequence[Step]) -> bool:
        """Run the steps in one transaction: True if committed, False if a needed step
        changed nothing (then nothing is written)."""
