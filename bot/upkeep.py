"""`python -m bot backup PATH`, `restore PATH` and `verify`: the server owner's care of the database."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.service.config import Settings, is_postgres
from bot.service.store.backup import BackupFailed, backup, restore
from games.base import counted

PG_BACKUP = (
    "The database is PostgreSQL: back it up with pg_dump, e.g. "
    "pg_dump --format=custom --file=spieltisch.dump 'postgresql://...', and restore with "
    "pg_restore into a new, empty database (see docs/operations.md); then run "
    "python -m bot verify with that database to replay every game."
)


def add_parsers(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    taken = commands.add_parser(
        "backup", help="copy the running SQLite database to PATH, checked (every game replayed)"
    )
    taken.add_argument("path", type=Path, help="the backup file to write (must not exist)")
    taken.add_argument("--db", help="database file (default: from the settings)")
    back = commands.add_parser(
        "restore", help="put the backup PATH in place of the database (the bot must be stopped)"
    )
    back.add_argument("path", type=Path, help="a backup written by `backup`")
    back.add_argument("--db", help="database file (default: from the settings)")
    verify = commands.add_parser(
        "verify", help="replay every game of the database from its seed and compare"
    )
    verify.add_argument("--db", help="database file or URL (default: from the settings)")


def run(arguments: argparse.Namespace, settings: Settings) -> int:
    """Run the command `arguments` name; its exit status."""
    if arguments.command == "verify":
        return asyncio.run(verify_all(arguments.db or settings.database))
    named = arguments.db or settings.database
    if is_postgres(named):
        print(PG_BACKUP, file=sys.stderr)
        return 2
    database = Path(named)
    try:
        if arguments.command == "backup":
            checked = asyncio.run(backup(database, arguments.path))
            size = arguments.path.stat().st_size
            print(
                f"✓ backup of {database} written to {arguments.path} ({size:,} bytes): "
                f"integrity_check ok, schema version {checked.schema}, "
                f"{counted(checked.tables, 'table')} and {counted(checked.moves, 'move')} replayed"
            )
            return 0
        checked, kept = asyncio.run(restore(arguments.path, database))
    except BackupFailed as error:
        print(f"✗ {error}", file=sys.stderr)
        return 1
    print(
        f"✓ {database} restored from {arguments.path}: {counted(checked.tables, 'table')} and "
        f"{counted(checked.moves, 'move')} replayed (schema version {checked.schema}; migrations, if any, "
        "run at the next start)"
    )
    if kept is not None:
        print(f"  the database it replaced is kept as {kept}")
    return 0


async def verify_all(database: str | Path) -> int:
    """Replay every table; one line per table that does not replay, then a summary."""
    from bot.service.replay import verify
    from bot.service.store import open_store

    if not is_postgres(database) and not Path(database).is_file():
        print(f"✗ {database}: no such database file", file=sys.stderr)
        return 1
    failing = 0
    async with await open_store(database) as store:
        table_ids = await store.table_ids()
        moves = 0
        for table_id in table_ids:
            try:
                result = await verify(store, table_id)
            except KeyError:
                print(f"✗ {table_id}: a game this program does not have")
                failing += 1
                continue
            moves += result.moves
            if not result.ok:
                print(f"✗ {table_id}: {result.problem}")
                failing += 1
    mark = "✗" if failing else "✓"
    print(
        f"{mark} {len(table_ids) - failing} of {len(table_ids)} tables replay ({counted(moves, 'move')})"
    )
    return 1 if failing else 0
