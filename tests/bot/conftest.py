"""Fixtures for the bot tests: a controllable clock, a store on a temporary file, services on it."""

from __future__ import annotations

import itertools
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import tests.bot.testgames  # noqa: F401  (registers the test games)
from bot.service.store import SqliteStore
from bot.service.tables import TableDefaults, TableService
from tests.bot import postgres

START = 1_700_000_000.0


class Clock:
    """Time that moves only when a test says so."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tables.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(db_path)
    yield opened
    await opened.close()


ServiceFactory = Callable[..., TableService]
# For tests that open many tables for one member as their load (not testing the per-member cap).
MANY_TABLES = TableDefaults(remind_after=3600.0, open_tables_per_member=1000)


@pytest.fixture
def make_service(clock: Clock) -> ServiceFactory:
    """Services with predictable ids ('t1', 't2', ...) and seed 7, on the store given."""
    counter = itertools.count(1)

    def make(store: SqliteStore, **overrides: Any) -> TableService:
        options: dict[str, Any] = {
            "clock": clock,
            "new_id": lambda: f"t{next(counter)}",
            "new_seed": lambda: 7,
            "defaults": TableDefaults(remind_after=3600.0),
        }
        options.update(overrides)
        return TableService(store, **options)

    return make


@pytest.fixture
def service(store: SqliteStore, make_service: ServiceFactory) -> TableService:
    return make_service(store)


def dump(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the database file, read through a separate connection."""
    with sqlite3.connect(path) as connection:
        names = [
            row[0]
            for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        return {
            name: sorted(connection.execute(f"SELECT * FROM {name}").fetchall(), key=repr)
            for name in names
        }


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[postgres.Server]:
    """One throwaway PostgreSQL server for the session; skipped (saying why) where there is none."""
    try:
        server = postgres.start()
    except FileNotFoundError as missing:
        pytest.skip(f"PostgreSQL tests skipped: {missing}")
    yield server
    server.stop()


_databases = itertools.count(1)


@pytest.fixture
def postgres_dsn(postgres_server: postgres.Server) -> str:
    """A fresh, empty database on the throwaway server."""
    return postgres_server.new_database(f"test_{next(_databases)}")
