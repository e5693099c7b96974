"""Copying every table of one store into another (SQLite into PostgreSQL, as a server grows)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.replay import verify
from bot.service.store.records import DuplicateId, Store
from games.base import counted


@dataclass(frozen=True)
class CopyReport:
    """What a copy did: tables written, tables the target had already, tables whose replay
    failed, members' choices of notices by direct message, and members' own settings."""

    copied: int
    already_there: int
    moves: int
    not_replaying: tuple[str, ...]
    dm_wishes: int = 0
    member_settings: int = 0


async def copy_tables(source: Store, target: Store) -> CopyReport:
    """Copy each table with its whole move log, snapshot and messages, one transaction per table.

    Tables the target already has are left alone, so an interrupted copy can simply be run
    again. Every copied table is then replayed on the target and compared with its snapshot.
    """
    copied = already = moves = 0
    failing: list[str] = []
    for table_id in await source.table_ids():
        stored = await source.load(table_id, history=True)
        if stored is None:
            continue
        try:
            await target.import_table(stored, await source.messages(table_id))
        except DuplicateId:
            already += 1
            continue
        await _copy_extras(source, target, table_id)
        copied += 1
        moves += len(stored.moves)
        try:
            replays = (await verify(target, table_id)).ok
        except KeyError:  # a game this program does not have: it cannot be replayed here
            replays = False
        if not replays:
            failing.append(table_id)
    # Members' own choices, not any table's: copied whole (again, when the copy is run again).
    wishes = await source.dm_wishes()
    for user in wishes:
        await target.set_notices_by_dm(user, True)
    settings = await source.members.all()
    for each in settings:
        await target.members.put(each)
    return CopyReport(copied, already, moves, tuple(failing), len(wishes), len(settings))


async def _copy_extras(source: Store, target: Store, table_id: str) -> None:
    """What else belongs to a copied table: its results, a pending undo request, seen notices,
    reminders recorded but not yet sent, mentions held over quiet hours.

    Should a copy stop between the table and these, `rebuild-ratings` (run by `migrate`) records
    the missing results again from the move log.
    """
    results = await source.stats.results(tables=[table_id])
    if results:
        await target.stats.record(results, [])
    request = await source.undo.get(table_id)
    if request is not None:
        await target.undo.put(request)
    for seat, version in (await source.seen_versions(table_id)).items():
        await target.mark_seen(table_id, seat, version)
    await target.owe_reminders(await source.owed_reminders(table_id))
    rematch = await source.rematches.get(table_id)
    if rematch is not None:
        await target.rematches.put(rematch)
    for held in await source.members.held():
        if held.table_id == table_id:
            await target.members.hold(held)


def database_of(text: str) -> str:
    """A database named on the command line: `sqlite:PATH`, a plain path, or a PostgreSQL URL."""
    return text.removeprefix("sqlite:")


async def migrate(database: str, source: str | None = None) -> list[str]:
    """`python -m bot migrate`: bring `database` to the current schema; with `source`, also copy
    every table of `source` into it. The lines to print."""
    from bot.service.stats import StatsService
    from bot.service.store import open_store

    target = await open_store(database_of(database))
    lines = [f"{database}: schema version {await target.migrate()}"]
    try:
        if source is not None:
            origin = await open_store(database_of(source))
            try:
                report = await copy_tables(origin, target)
            finally:
                await origin.close()
            # Ratings are a cache of the results: computed again on the target.
            ratings = await StatsService(target).rebuild()
            lines.append(
                f"copied {counted(report.copied, 'table')} ({counted(report.moves, 'move')}) from {source}; "
                f"{report.already_there} were there already; {len(ratings)} ratings rebuilt; "
                f"{report.dm_wishes} members' notices by direct message; "
                f"{report.member_settings} members' own settings"
            )
            if report.not_replaying:
                lines.append(
                    f"these do not replay on the target: {', '.join(report.not_replaying)}"
                )
    finally:
        await target.close()
    return lines
