"""Storage faults (issue 10): unusable files, a busy or full or damaged database, a newer schema,
a bounded WAL, reads beside a stuck write. Each fault is made for real on a file, never mocked."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.service import errors
from bot.service.store import SCHEMA_VERSION, CannotOpen, SqliteStore
from tests.bot.conftest import MANY_TABLES, ServiceFactory

ROOT = Path(__file__).resolve().parents[3]


def _bot(*arguments: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot ...` with no config and no token; the timeout catches a hang."""
    return subprocess.run(
        [sys.executable, "-m", "bot", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
        env={
            **{k: v for k, v in os.environ.items() if not k.startswith("SPIELTISCH_")},
            "PYTHONPATH": str(ROOT),
        },
    )


@pytest.fixture
def read_only(tmp_path: Path) -> Iterator[Path]:
    """A database file nobody may write (root ignores permissions, but not the immutable flag)."""
    path = tmp_path / "read-only.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE t (x)")
    connection.close()
    if os.geteuid() == 0:
        if shutil.which("chattr") is None:
            pytest.skip("running as root without chattr: no way to make a file read-only")
        subprocess.run(["chattr", "+i", str(path)], check=True)
        yield path
        subprocess.run(["chattr", "-i", str(path)], check=True)
    else:
        path.chmod(0o444)
        tmp_path.chmod(0o555)  # nor may a journal be created beside it
        yield path
        tmp_path.chmod(0o755)


def _garbage(path: Path) -> Path:
    path.write_bytes(b"this is no database, just some text " * 200)
    return path


async def _thirty_tables(path: Path, make_service: ServiceFactory) -> None:
    store = await SqliteStore.open(path)
    service = make_service(store, defaults=MANY_TABLES)
    for n in range(30):
        await service.start(f"c{n}", "u1", game="tally", name="Alice", options={"target": 50})
    await store.close()


async def _truncated(path: Path, make_service: ServiceFactory) -> Path:
    await _thirty_tables(path, make_service)
    with path.open("r+b") as file:
        file.truncate(2 * 4096)  # the header says more pages than there are
    return path


async def _scribbled(path: Path, make_service: ServiceFactory) -> Path:
    """Issue 24, finding 10: 64 bytes scribbled past offset 4,096, over a statement of the schema
    (where SQLite's complaint quotes them, and they are no UTF-8: a UnicodeDecodeError)."""
    await _thirty_tables(path, make_service)
    data = bytearray(path.read_bytes())
    where = data.index(b"CREATE TABLE", 4096) + len(b"CREATE ")
    data[where : where + 64] = b"\xff" * 64
    path.write_bytes(bytes(data))
    return path


@pytest.mark.parametrize("kind", ["garbage", "truncated", "read-only", "newer schema", "scribbled"])
async def test_an_unusable_database_ends_the_process_with_one_clear_line(
    kind: str, tmp_path: Path, make_service: ServiceFactory, request: pytest.FixtureRequest
) -> None:
    """Finding 4 (and 9 from the command line): no hang, no traceback, a non-zero status."""
    if kind == "garbage":
        path = _garbage(tmp_path / "garbage.sqlite3")
    elif kind == "truncated":
        path = await _truncated(tmp_path / "truncated.sqlite3", make_service)
    elif kind == "read-only":
        path = request.getfixturevalue("read_only")
    elif kind == "scribbled":
        path = await _scribbled(tmp_path / "scribbled.sqlite3", make_service)
    else:
        path = tmp_path / "newer.sqlite3"
        await _write_newer_schema(path)
    result = await asyncio.to_thread(_bot, "console", "--db", str(path))
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 3, result.stderr
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert str(path) in lines[0]
    if kind == "newer schema":
        assert f"version {SCHEMA_VERSION + 1}" in lines[0]
        assert f"knows ({SCHEMA_VERSION})" in lines[0]


async def _write_newer_schema(path: Path) -> None:
    store = await SqliteStore.open(path)
    await store.close()
    with sqlite3.connect(path) as connection:
        connection.execute(
            "INSERT INTO schema_migrations (version, applied_at) VALUES (?, 0)",
            (SCHEMA_VERSION + 1,),
        )
    connection.close()


async def test_a_database_from_a_newer_schema_is_refused(db_path: Path) -> None:
    """Finding 9: say which version the file has and which this program knows."""
    await _write_newer_schema(db_path)
    with pytest.raises(CannotOpen) as raised:
        await SqliteStore.open(db_path)
    message = str(raised.value)
    assert str(db_path) in message
    assert f"schema version {SCHEMA_VERSION + 1}" in message
    assert f"this program knows ({SCHEMA_VERSION})" in message


async def test_a_lock_held_past_the_busy_timeout_is_a_typed_error_and_passes(
    db_path: Path, make_service: ServiceFactory
) -> None:
    """Finding 5 (busy) and 15: a stuck write is refused politely and reads carry on meanwhile."""
    store = await SqliteStore.open(db_path, busy_timeout=0.3)
    service = make_service(store, defaults=MANY_TABLES)
    first = await service.start("c1", "u1", game="tally", name="Alice", options={"target": 50})
    other = await service.start("c2", "u2", game="tally", name="Bob", options={"target": 50})
    intruder = sqlite3.connect(db_path, isolation_level=None)
    intruder.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    try:
        stuck = asyncio.create_task(service.act(first.table.id, "u1", "add 1"))
        reading = asyncio.create_task(service.status(other.table.id))
        done, _ = await asyncio.wait({stuck, reading}, return_when=asyncio.FIRST_COMPLETED)
        assert reading in done and not stuck.done()  # the read did not queue behind the write
        assert (await reading).table.version == 0
        with pytest.raises(errors.StorageBusy) as refused:
            await stuck
        assert "busy" in refused.value.message("en")
        assert "混み合って" in refused.value.message("ja")
        hand = await service.hand(other.table.id, "u2")
        assert hand.to_act
    finally:
        intruder.execute("ROLLBACK")
        intruder.close()
    # The cause has gone: the same request now succeeds and nothing was half-written.
    update = await service.act(first.table.id, "u1", "add 1")
    assert update.version == 1
    assert (await service.verify(first.table.id)).ok
    await store.close()


async def test_a_full_disk_is_a_typed_error_and_nothing_is_half_written(
    db_path: Path, make_service: ServiceFactory
) -> None:
    """Finding 5 (full): SQLite's page limit stands in for a full disk (both are SQLITE_FULL)."""
    store = await SqliteStore.open(db_path)
    service = make_service(store, defaults=MANY_TABLES)
    update = await service.start("c1", "u1", game="tally", name="Alice", options={"target": 50})
    table_id = update.table.id
    pages = await store._writer.run(lambda c: c.execute("PRAGMA page_count").fetchone()[0])
    await store._writer.run(lambda c: c.execute(f"PRAGMA max_page_count = {pages}").fetchall())
    with pytest.raises(errors.StorageFull):
        for n in range(200):  # until the file must grow
            await service.start(f"x{n}", "u9", game="tally", name="Zed" * 8, options={"target": 50})
    with pytest.raises(errors.StorageFull):
        for _ in range(50):
            await service.act(table_id, "u1", "add 1")
    await store._writer.run(lambda c: c.execute("PRAGMA max_page_count = 1000000").fetchall())
    version = (await service.info(table_id)).version
    after = await service.act(table_id, "u1", "add 1")
    assert after.version == version + 1
    assert (await service.verify(table_id)).ok
    await store.close()


async def test_a_damaged_page_is_a_typed_error_and_other_tables_keep_working(
    db_path: Path, make_service: ServiceFactory
) -> None:
    """Finding 5 (damaged): only what lives on the damaged page is refused."""
    store = await SqliteStore.open(db_path)
    service = make_service(store, defaults=MANY_TABLES)
    game = await service.start("c1", "u1", game="tally", name="Alice", options={"target": 50})
    await service.join("c2", "u2", name="Bob")
    await store.close()
    with sqlite3.connect(db_path) as connection:
        root = connection.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'snapshots'"
        ).fetchone()[0]
        page_size = connection.execute("PRAGMA page_size").fetchone()[0]
    connection.close()
    with db_path.open("r+b") as file:
        file.seek((root - 1) * page_size)
        file.write(b"\xff" * page_size)

    store = await SqliteStore.open(db_path)
    service = make_service(store, defaults=MANY_TABLES)
    with pytest.raises(errors.StorageDamaged) as refused:
        await service.status(game.table.id)
    assert "damaged" in refused.value.message("en")
    lobby = await service.find("c2")  # the tables and seats pages are intact
    assert lobby is not None and lobby.seats[0].seat == "Bob"
    await store.close()


async def test_the_wal_stays_bounded_under_writes_that_never_pause(
    db_path: Path, make_service: ServiceFactory
) -> None:
    """Finding 14: a short soak; without resets the WAL would hold everything written."""
    limit = 256 * 1024
    store = await SqliteStore.open(db_path, wal_limit=limit, checkpoint_every=0.02)
    service = make_service(store, defaults=MANY_TABLES)
    tables = [
        (await service.start(f"c{n}", "u1", game="tally", name="A", options={"target": 200}))
        for n in range(20)
    ]
    largest = 0
    written = 0
    for round_ in range(150):
        # Writes back to back, with reads among them (each read holds a WAL snapshot briefly).
        await asyncio.gather(
            *(service.act(t.table.id, "u1", "add 1") for t in tables),
            *(service.status(t.table.id) for t in tables[:5]),
        )
        written += len(tables)
        largest = max(largest, store.wal_size())
        assert round_ < 5 or largest < 8 * limit, f"WAL at {largest} bytes after {round_} rounds"
    frames = await store._writer.run(lambda c: c.execute("PRAGMA page_size").fetchone()[0])
    assert written * frames > 16 * limit  # far more went through the WAL than it ever held
    await store.close()


async def test_the_wal_starts_over_instead_of_growing_to_its_limit(
    db_path: Path, make_service: ServiceFactory
) -> None:
    """Under writes that never pause the checkpoints alone keep the WAL small: it restarts from
    its beginning, so the writer never has to truncate it (a stall of 10-50 ms on a real disk)."""
    limit = 64 * 2**20
    store = await SqliteStore.open(db_path, wal_limit=limit, checkpoint_every=0.02)
    truncations = 0
    reset = store._reset_wal

    def counted_reset(c: sqlite3.Connection) -> None:
        nonlocal truncations
        truncations += 1
        reset(c)

    store._reset_wal = counted_reset  # type: ignore[method-assign]
    service = make_service(store, defaults=MANY_TABLES)
    tables = [
        (await service.start(f"c{n}", "u1", game="tally", name="A", options={"target": 200}))
        for n in range(20)
    ]
    largest = 0
    for _ in range(150):
        await asyncio.gather(
            *(service.act(t.table.id, "u1", "add 1") for t in tables),
            *(service.status(t.table.id) for t in tables[:5]),
        )
        largest = max(largest, store.wal_size())
    page = await store._writer.run(lambda c: c.execute("PRAGMA page_size").fetchone()[0])
    # 3,000 moves wrote well over a thousand pages; appended, the WAL would hold them all.
    assert largest < 1_000 * page, f"the WAL grew to {largest} bytes"
    assert truncations == 0
    await store.close()
