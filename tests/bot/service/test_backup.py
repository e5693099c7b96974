"""`backup`, `restore` and `verify`: a copy taken while moves stream in holds every move
acknowledged before it began and replays; restore refuses while the database is open."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import subprocess
from pathlib import Path

import pytest

from bench.tables import open_table
from bot.__main__ import main
from bot.service.replay import verify
from bot.service.store import CannotOpen, SqliteStore, open_store
from bot.service.store.backup import BackupFailed, backup, hold_in_use, in_use, restore
from bot.service.tables import TableService


async def stream_moves(service: TableService, tables: list, stop: asyncio.Event) -> None:
    """Keep every table moving (a random legal move of its human seat) until `stop`."""

    async def drive(table, seed: int) -> None:
        rng = random.Random(seed)
        while not stop.is_set():
            hand = await service.hand(table.table_id, table.user)
            if not hand.legal_moves:
                return
            update = await service.act(table.table_id, table.user, rng.choice(hand.legal_moves))
            table.saw(update)
            if update.finished:
                return
            await asyncio.sleep(0)

    await asyncio.gather(*(drive(t, n) for n, t in enumerate(tables)))


async def versions(store) -> dict[str, int]:
    found = {}
    for table_id in await store.table_ids():
        record = await store.get(table_id)
        found[table_id] = record.version
    return found


async def test_a_backup_taken_while_moves_stream_in_restores_every_acknowledged_move(
    tmp_path: Path,
) -> None:
    database = tmp_path / "live.sqlite3"
    copy = tmp_path / "backups" / "copy.sqlite3"
    async with await SqliteStore.open(database) as store:
        service = TableService(store)
        tables = [await open_table(service, f"c{n}") for n in range(8)]
        stop = asyncio.Event()
        streaming = asyncio.create_task(stream_moves(service, tables, stop))
        await asyncio.sleep(0.3)  # moves are flowing
        # Every act that returned before this point is acknowledged: its version is the floor.
        acknowledged = await versions(store)
        checked = await backup(database, copy)
        await asyncio.sleep(0.2)  # moves went on after the backup
        stop.set()
        await streaming
        after = await versions(store)
    assert sum(after.values()) > sum(acknowledged.values()) > 0  # it really was running
    assert checked.tables == len(tables) and checked.moves >= sum(acknowledged.values())
    assert not copy.with_name(copy.name + ".partial").exists()
    assert not copy.with_name(copy.name + "-wal").exists()  # one self-contained file

    restored = tmp_path / "restored.sqlite3"
    await restore(copy, restored)
    async with await SqliteStore.open(restored) as store:
        present = await versions(store)
        for table_id, version in acknowledged.items():
            assert present[table_id] >= version, table_id
            assert (await verify(store, table_id)).ok
    assert sum(present.values()) == checked.moves


async def test_restore_refuses_while_the_database_is_open_and_keeps_the_old_one(
    tmp_path: Path,
) -> None:
    database = tmp_path / "db.sqlite3"
    async with await SqliteStore.open(database) as store:
        service = TableService(store)
        await open_table(service, "c1")
        assert in_use(database)
        await backup(database, tmp_path / "b.sqlite3")
        with pytest.raises(BackupFailed, match="stop it first"):
            await restore(tmp_path / "b.sqlite3", database)
    assert not in_use(database)
    async with await SqliteStore.open(database) as store:
        await open_table(TableService(store), "c2")  # the live database moves on
    checked, kept = await restore(tmp_path / "b.sqlite3", database)
    assert checked.tables == 1 and kept is not None and kept.exists()
    async with await SqliteStore.open(database) as store:
        assert len(await store.table_ids()) == 1  # the backup's state
    async with await SqliteStore.open(kept) as store:
        assert len(await store.table_ids()) == 2  # the replaced database, kept whole


async def test_a_store_opened_during_a_restore_waits_then_refuses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import fcntl

    from bot.service.store import backup as backup_module

    monkeypatch.setattr(backup_module, "RESTORE_WAIT", 0.2)
    database = tmp_path / "db.sqlite3"
    with open(tmp_path / "db.sqlite3.lock", "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # what a restore holds
        with pytest.raises(CannotOpen, match="a restore is replacing"):
            hold_in_use(database)
        with pytest.raises(CannotOpen, match="a restore is replacing"):
            await SqliteStore.open(database)
    async with await SqliteStore.open(database):  # once it is done, the database opens
        assert in_use(database)


async def test_a_damaged_copy_or_a_game_that_does_not_replay_is_no_backup(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    async with await SqliteStore.open(database) as store:
        table = await open_table(TableService(store), "c1")
    with sqlite3.connect(database) as connection:  # a snapshot that the log does not give
        connection.execute(
            "UPDATE snapshots SET state = '{}' WHERE table_id = ?", (table.table_id,)
        )
    target = tmp_path / "b.sqlite3"
    with pytest.raises(BackupFailed, match="do not replay"):
        await backup(database, target)
    assert not target.exists()
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a database" * 100)
    with pytest.raises(BackupFailed, match="not a usable SQLite database"):
        await restore(garbage, tmp_path / "new.sqlite3")
    assert not (tmp_path / "new.sqlite3").exists()


def test_the_commands_report_what_they_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "db.sqlite3"

    async def one_game() -> None:
        async with await SqliteStore.open(database) as store:
            await open_table(TableService(store), "c1")

    asyncio.run(one_game())
    target = tmp_path / "b.sqlite3"
    assert main(["backup", str(target), "--db", str(database)]) == 0
    out = capsys.readouterr().out
    assert "integrity_check ok" in out and "1 table and" in out
    assert main(["backup", str(target), "--db", str(database)]) == 1  # never overwritten
    assert "exists already" in capsys.readouterr().err
    assert main(["verify", "--db", str(database)]) == 0
    assert "1 of 1 tables replay" in capsys.readouterr().out
    assert main(["restore", str(target), "--db", str(database)]) == 0
    assert "kept as" in capsys.readouterr().out
    url = "postgresql://nobody@127.0.0.1:1/none"
    assert main(["backup", str(tmp_path / "x"), "--db", url]) == 2
    assert "pg_dump" in capsys.readouterr().err


async def test_a_postgres_dump_restored_into_a_fresh_database_replays_every_game(
    postgres_server, tmp_path: Path
) -> None:
    source = postgres_server.new_database("dumped")
    async with await open_store(source) as store:
        service = TableService(store)
        tables = [await open_table(service, f"c{n}") for n in range(3)]
        stop = asyncio.Event()
        streaming = asyncio.create_task(stream_moves(service, tables, stop))
        await asyncio.sleep(0.3)
        stop.set()
        await streaming
        before = await versions(store)
    dump = tmp_path / "spieltisch.dump"
    tool = postgres_server.bin
    subprocess.run(
        [str(tool / "pg_dump"), "--format=custom", f"--file={dump}", source],
        check=True,
        capture_output=True,
    )
    fresh = postgres_server.new_database("restored")
    subprocess.run(
        [str(tool / "pg_restore"), "--no-owner", f"--dbname={fresh}", str(dump)],
        check=True,
        capture_output=True,
    )
    async with await open_store(fresh) as store:
        assert await versions(store) == before and sum(before.values()) > 0
        for table_id in before:
            assert (await verify(store, table_id)).ok
