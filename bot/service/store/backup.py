"""Backups of a SQLite database while the bot runs, restores, and the lock that tells them apart.

`backup` copies a running database with SQLite's backup API (one step, so the copy is the
database as of one commit: every move acknowledged before it began is in it), checks the copy
(`integrity_check`, then every game replayed from its seed with `verify`) and only then gives it
its name. `restore` refuses while any process has the database open: every `SqliteStore` holds
a shared advisory lock on `<database>.lock` for as long as it is open, and a restore takes that
lock exclusively, so a bot or console started meanwhile waits for the restore to finish.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from bot.service.store.migrations import SCHEMA_VERSION
from bot.service.store.records import CannotOpen

try:  # advisory locks: every system the bot is run on has them; elsewhere restore cannot tell
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


class BackupFailed(Exception):
    """A backup or restore that did not happen; the message says why and what to do."""


def lock_path(database: Path) -> Path:
    return database.with_name(database.name + ".lock")


# How long opening a database waits for a restore (or `doctor`'s look) to let go of it.
RESTORE_WAIT = 10.0


def hold_in_use(database: Path) -> IO[str] | None:
    """Mark `database` as open by this process until the returned file is closed.

    Waits up to RESTORE_WAIT seconds while the database is held alone (a restore replacing it,
    or `doctor` looking whether it is in use); CannotOpen if it still is.
    """
    if fcntl is None:
        return None
    handle = open(lock_path(database), "a+", encoding="utf-8")  # noqa: SIM115 - held open
    deadline = time.monotonic() + RESTORE_WAIT
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
            return handle
        except BlockingIOError:
            if time.monotonic() >= deadline:
                handle.close()
                raise CannotOpen(
                    f"{database}: a restore is replacing this database; "
                    "start again once it has finished"
                ) from None
            time.sleep(0.05)


def release(handle: IO[str] | None) -> None:
    if handle is not None:
        handle.close()  # closing the file drops the lock


@contextlib.contextmanager
def _exclusive(database: Path) -> Iterator[None]:
    """Hold `database` alone, or BackupFailed if a bot, console or other tool has it open."""
    if fcntl is None:  # pragma: no cover - Windows
        yield
        return
    with open(lock_path(database), "a+", encoding="utf-8") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BackupFailed(
                f"{database} is open in a running bot or console: stop it first "
                "(e.g. systemctl stop spieltisch), then restore"
            ) from None
        yield


def in_use(database: Path) -> bool:
    """Whether a process has `database` open as a store (a serving bot, a console)."""
    try:
        with _exclusive(database):
            return False
    except BackupFailed:
        return True


@dataclass(frozen=True)
class Checked:
    """What checking a copy found: its schema version, its games and their moves."""

    schema: int
    tables: int
    moves: int


def _copy(source: Path, target: Path) -> None:
    """A consistent copy of `source` (possibly in use) into a new file `target`."""
    origin = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        copy = sqlite3.connect(target)
        try:
            origin.backup(copy)  # all pages in one step: the database as of one commit
            copy.execute("PRAGMA journal_mode = DELETE")  # a single file, whatever the source
        except sqlite3.DatabaseError as error:
            raise BackupFailed(f"{source}: not a usable SQLite database: {error}") from None
        finally:
            copy.close()
    finally:
        origin.close()


def _integrity_and_schema(path: Path) -> int:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        problems = [row[0] for row in connection.execute("PRAGMA integrity_check")]
        if problems != ["ok"]:
            raise BackupFailed(f"{path}: integrity_check failed: {'; '.join(problems[:3])}")
        return schema_version(connection)
    except sqlite3.DatabaseError as error:
        raise BackupFailed(f"{path}: not a usable SQLite database: {error}") from None
    finally:
        connection.close()


def schema_version(connection: sqlite3.Connection) -> int:
    """The schema version recorded in a database (0 for one never migrated)."""
    found = connection.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    ).fetchone()
    if found is None:
        return 0
    return int(
        connection.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()[0]
    )


async def check_copy(path: Path) -> Checked:
    """integrity_check, then every game of the copy replayed; BackupFailed naming what is wrong.

    The copy is opened as a store, which migrates it: a copy of an older schema is checked on a
    scratch copy, so that the file itself keeps the schema it was taken with.
    """
    from bot.service.replay import verify
    from bot.service.store.sqlite import SqliteStore

    schema = await asyncio.to_thread(_integrity_and_schema, path)
    if schema > SCHEMA_VERSION:
        raise BackupFailed(
            f"{path}: schema version {schema}, newer than this program knows ({SCHEMA_VERSION})"
        )
    scratch = path if schema == SCHEMA_VERSION else path.with_name(path.name + ".check")
    if scratch != path:
        await asyncio.to_thread(shutil.copyfile, path, scratch)
    try:
        store = await SqliteStore.open(scratch)
        try:
            failing: list[str] = []
            moves = 0
            table_ids = await store.table_ids()
            for table_id in table_ids:
                try:
                    result = await verify(store, table_id)
                except KeyError:  # a game this program does not have
                    failing.append(f"{table_id} (unknown game)")
                    continue
                moves += result.moves
                if not result.ok:
                    failing.append(f"{table_id} ({result.problem})")
        finally:
            await store.close()
    finally:
        if scratch != path:
            _remove(scratch)
        for leftover in (lock_path(scratch), _sidecar(scratch, "-wal"), _sidecar(scratch, "-shm")):
            with contextlib.suppress(FileNotFoundError):
                leftover.unlink()
    if failing:
        raise BackupFailed(f"{path}: these games do not replay: {', '.join(failing[:10])}")
    return Checked(schema, len(table_ids), moves)


async def backup(database: Path, target: Path) -> Checked:
    """Copy the (possibly running) `database` to `target`, checked before it gets its name."""
    if not database.is_file():
        raise BackupFailed(f"{database}: no such database file")
    if target.exists():
        raise BackupFailed(f"{target} exists already: give the backup a new name")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    _remove(partial)
    try:
        await asyncio.to_thread(_copy, database, partial)
        checked = await check_copy(partial)
        await asyncio.to_thread(_finish, partial)
        os.replace(partial, target)
    except sqlite3.Error as error:
        raise BackupFailed(f"{database}: cannot be copied: {error}") from None
    finally:
        _remove(partial)
    return checked


async def restore(backup_file: Path, database: Path) -> tuple[Checked, Path | None]:
    """Put `backup_file` in place of `database` once checked; the old database is kept beside it
    (returned), never deleted. BackupFailed while a bot or console has the database open."""
    if not backup_file.is_file():
        raise BackupFailed(f"{backup_file}: no such backup file")
    database.parent.mkdir(parents=True, exist_ok=True)
    with _exclusive(database):
        incoming = database.with_name(database.name + ".restoring")
        _remove(incoming)
        try:
            await asyncio.to_thread(_copy, backup_file, incoming)
            checked = await check_copy(incoming)
            await asyncio.to_thread(_finish, incoming)
            kept = _move_aside(database)
            os.replace(incoming, database)
        finally:
            _remove(incoming)
    return checked, kept


def _move_aside(database: Path) -> Path | None:
    """Rename the database and its WAL out of the way (a WAL left beside another database
    would be applied to it); None when there was no database."""
    if not database.exists():
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = database.with_name(f"{database.name}.before-restore-{stamp}")
    os.replace(database, kept)
    wal = _sidecar(database, "-wal")
    if wal.exists():
        os.replace(wal, _sidecar(kept, "-wal"))
    _remove(_sidecar(database, "-shm"))
    return kept


def _sidecar(database: Path, suffix: str) -> Path:
    return database.with_name(database.name + suffix)


def _remove(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


def _finish(path: Path) -> None:
    """Make the checked copy one self-contained file (checking it as a store put it in WAL
    mode), and flush it to the disk before it is given its name."""
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA journal_mode = DELETE")
    finally:
        connection.close()
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())
