"""A stored snapshot that fails its game's `check` is reported by table and violation, and not
played on (verify, and the load of a table)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.service import errors
from bot.service.store import SqliteStore
from bot.service.tables import TableService
from tests.bot.conftest import ServiceFactory


async def broken_table(service: TableService, db_path: Path) -> str:
    """A solo Sankt Petersburg table whose snapshot then gets negative money (a valid model)."""
    update = await service.start("c1", "u1", game="stpetersburg", name="A")
    with sqlite3.connect(db_path) as connection:
        changed = connection.execute(
            "UPDATE snapshots SET state = replace(state, '\"money\":25', '\"money\":-5')"
        ).rowcount
    assert changed == 1
    return update.table.id


async def test_verify_reports_a_snapshot_that_fails_a_check(
    service: TableService, db_path: Path
) -> None:
    table = await broken_table(service, db_path)
    check = await service.verify(table)
    assert (check.table_id, check.ok) == (table, False)
    assert check.problem == "the snapshot fails a check: money not negative: A has -5"


async def test_a_table_whose_snapshot_fails_a_check_is_not_played_on(
    service: TableService, db_path: Path, make_service: ServiceFactory
) -> None:
    table = await broken_table(service, db_path)
    store = await SqliteStore.open(db_path)
    fresh = make_service(store)  # its cache is empty: it reads the snapshot
    try:
        with pytest.raises(errors.SnapshotFailsCheck) as raised:
            await fresh.hand(table, "u1")
        assert raised.value.message("en").startswith(f"Table {table}: the saved game fails")
        assert "money not negative: A has -5" in raised.value.message("ja")
        with pytest.raises(errors.SnapshotFailsCheck):
            await fresh.act(table, "u1", "pass")
        assert (await store.load(table)).record.version == 0  # nothing was played
    finally:
        await store.close()
