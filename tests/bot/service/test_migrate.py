"""`python -m bot migrate`: the schema on both backends, and a SQLite database copied into PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bot.service.store import SCHEMA_VERSION, OwedReminder, SqliteStore, open_store
from bot.service.store.copy import copy_tables
from bot.service.store.stats import ResultRow
from bot.service.store.undo import UndoRecord
from tests.bot.conftest import ServiceFactory

ROOT = Path(__file__).resolve().parents[3]


def _migrate(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "migrate", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


async def test_a_sqlite_database_is_copied_into_postgresql_with_every_game(
    db_path: Path, postgres_dsn: str, make_service: ServiceFactory
) -> None:
    store = await SqliteStore.open(db_path)
    service = make_service(store)
    versions = {}
    for n in range(3):  # a shipped game: the copying process knows only those
        update = await service.start(f"c{n}", "u1", game="stpetersburg", bots=1, name="Ann")
        for _ in range(n + 1):
            hand = await service.hand(update.table.id, "u1")
            update = await service.act(update.table.id, "u1", hand.legal_moves[0])
        await service.record_message(update.table.id, f"m{n}", f"c{n}")
        versions[update.table.id] = update.version
    await service.join("lobby", "u2", name="Ben")  # a lobby without a game travels too
    await service.set_notices_by_dm("u1", True)  # a member's own choice, not a table's
    await service.set_notices_by_dm("u3", True)
    await service.set_notices_by_dm("u3", False)
    await service.set_quiet("u1", timezone="Asia/Tokyo", quiet="23-08")  # also the member's own
    await store.close()

    result = _migrate("--from", f"sqlite:{db_path}", "--to", postgres_dsn)
    assert result.returncode == 0, result.stderr
    assert "copied 4 tables" in result.stdout and "do not replay" not in result.stdout
    again = _migrate("--from", f"sqlite:{db_path}", "--to", postgres_dsn)
    assert "copied 0 tables" in again.stdout and "4 were there already" in again.stdout

    target = await open_store(postgres_dsn)
    moved = make_service(target)
    for n, (table_id, version) in enumerate(versions.items()):
        assert (await moved.verify(table_id)).ok
        assert (await moved.info(table_id)).version == version
        assert [m.message_id for m in await moved.messages(table_id)] == [f"m{n}"]
        hand = await moved.hand(table_id, "u1")
        after = await moved.act(table_id, "u1", hand.legal_moves[0])  # play goes on there
        assert after.version > version
    lobby = await moved.find("lobby")
    assert lobby is not None and [s.seat for s in lobby.seats] == ["Ben"]
    assert "1 members' notices by direct message" in result.stdout
    assert await moved.notices_by_dm(["u1", "u2", "u3"]) == {"u1"}
    assert "1 members' own settings" in result.stdout
    quiet = await moved.member("u1")
    assert (quiet.timezone, quiet.quiet_from, quiet.quiet_to) == ("Asia/Tokyo", 23, 8)
    await target.close()


async def test_migrate_brings_either_backend_to_the_schema(
    tmp_path: Path, postgres_dsn: str
) -> None:
    for database in (str(tmp_path / "fresh.sqlite3"), postgres_dsn):
        result = _migrate("--to", database)
        assert result.returncode == 0, result.stderr
        assert f"schema version {SCHEMA_VERSION}" in result.stdout


async def test_copy_between_two_sqlite_files(tmp_path: Path, make_service: ServiceFactory) -> None:
    source = await SqliteStore.open(tmp_path / "a.sqlite3")
    update = await make_service(source).start("c1", "u1", game="tally", name="Ann")
    table_id = update.table.id
    result = ResultRow(table_id, 0, "g1", "tally", "c1", 5.0, "Ann", "user:u1", 1, 3, 1)
    assert await source.stats.record([result], [])
    await source.undo.put(UndoRecord(table_id, "u1", "Ann", 1, 2, (), {}, 60.0))
    await source.mark_seen(table_id, "Ann", 2)
    owed = OwedReminder(table_id, 0, "u1", 1000.0, 90.0)
    await source.owe_reminders([owed])
    target = await SqliteStore.open(tmp_path / "b.sqlite3")
    report = await copy_tables(source, target)
    assert (report.copied, report.not_replaying) == (1, ())
    assert await target.get(table_id) == await source.get(table_id)
    # What belongs to the table travels with it.
    assert await target.stats.results() == [result]
    assert await target.undo.get(table_id) == await source.undo.get(table_id)
    assert await target.seen_versions(table_id) == {"Ann": 2}
    assert await target.owed_reminders() == [owed]
    await source.close()
    await target.close()
