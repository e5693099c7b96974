"""The stores (SQLite and PostgreSQL, same tests): migrations, the revision guard, the append-only
log, one table per channel, consistent loads, the outbox and notices, results and undo requests."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot.service.store import (
    MIGRATIONS,
    SCHEMA_VERSION,
    CannotOpen,
    ChannelBusy,
    DuplicateId,
    MessageRecord,
    MoveRecord,
    OwedReminder,
    SeatRecord,
    SqliteStore,
    StaleRevision,
    Store,
    TableRecord,
)
from bot.service.store.migrations import MIGRATIONS_TABLE, for_postgres
from bot.service.store.postgres import PostgresStore
from bot.service.store.stats import RatingRow, ResultRow
from bot.service.store.undo import UndoRecord


@pytest.fixture(params=["sqlite", "postgresql"])
async def store(request: pytest.FixtureRequest, db_path: Path) -> AsyncIterator[Store]:
    """Each test below runs on both backends."""
    opened: Store
    if request.param == "sqlite":
        opened = await SqliteStore.open(db_path)
    else:
        opened = await PostgresStore.open(request.getfixturevalue("postgres_dsn"))
    yield opened
    await opened.close()


def table(table_id: str = "t1", channel: str = "c1") -> TableRecord:
    return TableRecord(
        id=table_id,
        channel=channel,
        guild="g1",
        thread=None,
        host="u1",
        game="tally",
        options={"target": 5},
        seed=7,
        status="playing",
        version=0,
        revision=0,
        lang="en",
        remind_after=3600.0,
        takeover_after=None,
        takeover="off",
        created_at=1.0,
        updated_at=1.0,
        seats=(SeatRecord(0, "Alice", "human", "u1", "en", 1.0, waiting_since=1.0),),
    )


def move(seq: int) -> MoveRecord:
    return MoveRecord(
        seq=seq,
        seat="Alice",
        notation="add 1",
        move='{"kind":"add","amount":1}',
        secret=False,
        by="player",
        played_at=float(seq),
        acting=("Alice",),
    )


async def test_migrations_run_once_and_the_journal_is_wal(db_path: Path) -> None:
    store = await SqliteStore.open(db_path)
    assert await store.journal_mode() == "wal"
    assert await store.migrate() == len(MIGRATIONS)
    await store.close()
    store = await SqliteStore.open(db_path)  # opening again applies nothing twice
    await store.close()
    with sqlite3.connect(db_path) as connection:
        versions = connection.execute("SELECT version FROM schema_migrations").fetchall()
        tables = {r[0] for r in connection.execute("SELECT name FROM sqlite_master")}
    assert versions == [(n,) for n in range(1, len(MIGRATIONS) + 1)]
    assert {"tables", "seats", "moves", "snapshots", "messages"} <= tables


async def test_seats_of_any_ai_kind_survive_the_migration_that_allows_them(db_path: Path) -> None:
    with sqlite3.connect(db_path) as connection:  # a database as the first version left it
        connection.execute(
            "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
        )
        for statement in MIGRATIONS[0]:
            connection.execute(statement)
        connection.execute("INSERT INTO schema_migrations VALUES (1, 0)")
        connection.execute(
            "INSERT INTO tables (id, guild, channel, host, game, options, seed, status, lang, "
            "remind_after, takeover, created_at, updated_at) "
            "VALUES ('t1', 'g1', 'c1', 'u1', 'tally', '{}', 7, 'playing', 'en', 60, 'off', 1, 1)"
        )
        connection.execute(
            "INSERT INTO seats (table_id, position, seat, kind, lang, joined_at) "
            "VALUES ('t1', 0, 'Bot 1', 'greedy', 'en', 1)"
        )
    store = await SqliteStore.open(db_path)
    kept = await store.get("t1")
    assert kept is not None and [s.kind for s in kept.seats] == ["greedy"]
    bot = SeatRecord(0, "Bot 1", "cautious", None, "en", 1.0)
    cautious = replace(table("t2", "c2"), seats=(bot,))
    await store.create(cautious)
    assert (await store.get("t2")) == cautious
    await store.close()


async def test_a_table_round_trips(store: Store) -> None:
    await store.create(table())
    assert await store.get("t1") == table()
    assert await store.open_in("c1") == table()
    assert await store.get("t2") is None
    assert await store.revision("t1") == 0


async def test_one_open_table_per_channel_and_unique_ids(store: Store) -> None:
    await store.create(table())
    with pytest.raises(ChannelBusy):
        await store.create(table("t2"))
    with pytest.raises(DuplicateId):
        await store.create(table("t1", "c2"))
    finished = replace(table(), status="finished", revision=1)
    await store.save(finished, expected_revision=0)
    await store.create(table("t2"))  # a finished table no longer holds the channel
    assert (await store.open_in("c1")) == table("t2")


async def test_a_move_and_its_state_are_written_together_under_the_revision_guard(
    store: Store,
) -> None:
    await store.create(table())
    after = replace(table(), version=1, revision=1)
    await store.append(after, [move(1)], '{"s":1}', expected_revision=0, changed_seats=())
    assert await store.snapshot("t1") == (1, '{"s":1}')
    assert [m.seq for m in await store.moves("t1")] == [1]
    # A second writer still holding revision 0 is refused, and nothing of it is kept.
    with pytest.raises(StaleRevision):
        await store.append(after, [move(1)], '{"s":"other"}', expected_revision=0, changed_seats=())
    later = replace(table(), version=2, revision=2)
    with pytest.raises(StaleRevision):
        await store.append(later, [move(2)], '{"s":2}', expected_revision=0, changed_seats=())
    assert await store.snapshot("t1") == (1, '{"s":1}')
    assert await store.moves("t1") == [move(1)]
    assert await store.get("t1") == after


async def test_a_move_keeps_every_column_it_does_not_change_and_writes_those_it_does(
    store: Store,
) -> None:
    """A move that changes only counters and waiting times, then one that changes the status, the
    thread and a seat's player (SQLite writes those two kinds differently), then a stale one."""
    await store.create(table())
    alice = table().seats[0]
    plain = replace(table(), version=1, revision=1, updated_at=2.0)
    waited = replace(alice, waiting_since=2.0, reminded_at=1.5)
    await store.append(
        replace(plain, seats=(waited,)),
        [move(1)],
        "{}",
        expected_revision=0,
        changed_seats=[waited],
    )
    assert await store.get("t1") == replace(plain, seats=(waited,))
    taken = replace(waited, kind="greedy", user=None, replaced_user="u1", waiting_since=None)
    ended = replace(
        plain,
        version=2,
        revision=2,
        status="finished",
        thread="th1",
        finished_at=3.0,
        updated_at=3.0,
    )
    await store.append(
        replace(ended, seats=(taken,)), [move(2)], "{}", expected_revision=1, changed_seats=[taken]
    )
    assert await store.get("t1") == replace(ended, seats=(taken,))
    with pytest.raises(StaleRevision):
        await store.append(
            replace(ended, revision=3), [move(3)], "{}", expected_revision=1, changed_seats=()
        )
    assert await store.revision("t1") == 2


async def test_a_sqlite_move_rewrites_no_index_whose_columns_it_keeps(db_path: Path) -> None:
    """SQLite rewrites an index entry whenever an UPDATE assigns one of its columns, even to the
    same value: a plain move must write the waiting-time index, not the player or channel ones."""
    store = await SqliteStore.open(db_path, checkpoint_every=3600)
    await store.create(replace(table(), thread="th1"))
    await store._writer.run(lambda c: c.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall())
    waited = replace(table().seats[0], waiting_since=2.0)
    after = replace(table(), thread="th1", version=1, revision=1, seats=(waited,))
    await store.append(after, [move(1)], "{}", expected_revision=0, changed_seats=[waited])
    wal = Path(f"{db_path}-wal").read_bytes()
    page_size = int.from_bytes(wal[8:12], "big")
    frame = 24 + page_size
    pages = {int.from_bytes(wal[at : at + 4], "big") for at in range(32, len(wal), frame)}
    await store.close()
    c = sqlite3.connect(db_path)
    names = c.execute("SELECT pageno, name FROM dbstat").fetchall()
    c.close()
    written = {name for page, name in names if page in pages}
    assert {"tables", "seats", "seats_waiting", "moves", "snapshots"} <= written
    assert not written & {"seats_user", "tables_open_channel", "tables_thread"}


async def test_the_move_log_never_takes_a_sequence_number_twice(store: Store) -> None:
    await store.create(table())
    await store.append(
        replace(table(), version=1, revision=1),
        [move(1)],
        "{}",
        expected_revision=0,
        changed_seats=(),
    )
    # Even with a matching revision, seq 1 cannot be logged again: the primary key refuses it.
    with pytest.raises(StaleRevision):
        await store.append(
            replace(table(), version=1, revision=2),
            [move(1)],
            "{}",
            expected_revision=1,
            changed_seats=(),
        )
    assert await store.revision("t1") == 1


async def test_saving_a_stale_copy_is_refused(store: Store) -> None:
    await store.create(table())
    await store.save(replace(table(), revision=1, host="u2"), expected_revision=0)
    with pytest.raises(StaleRevision):
        await store.save(replace(table(), revision=1, host="u3"), expected_revision=0)
    record = await store.get("t1")
    assert record is not None and record.host == "u2"


async def test_due_finds_tables_with_a_seat_to_remind(store: Store) -> None:
    await store.create(table())
    assert await store.due(3600.0, stalled_after=30) == []
    assert await store.due(3601.0, stalled_after=30) == ["t1"]
    reminded = replace(table(), revision=1, seats=(replace(table().seats[0], reminded_at=3601.0),))
    await store.save(reminded, expected_revision=0)
    assert await store.due(3602.0, stalled_after=30) == []
    assert await store.due(7201.0, stalled_after=30) == ["t1"]


async def test_a_load_is_the_row_its_state_and_its_moves_together(store: Store) -> None:
    await store.create(table())
    for seq in (1, 2):
        after = replace(table(), version=seq, revision=seq)
        await store.append(
            after, [move(seq)], f'{{"s":{seq}}}', expected_revision=seq - 1, changed_seats=()
        )
    loaded = await store.load("t1")
    assert loaded is not None and loaded.record.version == 2
    assert (loaded.state_version, loaded.state) == (2, '{"s":2}')
    assert loaded.moves == (move(2),)
    whole = await store.load("t1", history=True)
    assert whole is not None and whole.moves == (move(1), move(2))
    assert await store.load("t9") is None


async def test_postgres_migrates_once_and_refuses_a_newer_schema(postgres_dsn: str) -> None:
    import asyncpg

    store = await PostgresStore.open(postgres_dsn)
    assert await store.migrate() == SCHEMA_VERSION
    await store.close()
    connection = await asyncpg.connect(postgres_dsn)
    versions = await connection.fetch("SELECT version FROM schema_migrations ORDER BY version")
    assert [r["version"] for r in versions] == list(range(1, SCHEMA_VERSION + 1))
    await connection.execute(
        "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, 0)", SCHEMA_VERSION + 1
    )
    await connection.close()
    with pytest.raises(CannotOpen) as refused:
        await PostgresStore.open(postgres_dsn)
    assert f"schema version {SCHEMA_VERSION + 1}" in str(refused.value)


async def test_the_outbox_owes_a_board_until_one_at_the_table_version_is_posted(
    store: Store,
) -> None:
    await store.create(replace(table(), version=2))
    assert await store.board_version("t1") is None
    assert await store.unposted(0.0) == ["t1"]
    assert await store.unposted(2.0) == []  # changed before the horizon: not looked at
    await store.add_message("t1", MessageRecord("m1", "c1", "board", 1, 5.0))
    await store.add_message("t1", MessageRecord("m2", "c1", "notice", 2, 6.0))
    assert await store.board_version("t1") == 1  # a notice is not a board
    assert await store.unposted(0.0) == ["t1"]
    await store.add_message("t1", MessageRecord("m3", "c1", "board", 2, 7.0))
    assert await store.board_version("t1") == 2
    assert await store.unposted(0.0) == []


async def test_seen_notices_never_go_back_and_dm_wishes_are_per_user(store: Store) -> None:
    await store.create(table())
    assert await store.seen_versions("t1") == {}
    await store.mark_seen("t1", "Alice", 3)
    await store.mark_seen("t1", "Alice", 2)  # a late, older answer changes nothing
    await store.mark_seen("t1", "Bob", 1)
    assert await store.seen_versions("t1") == {"Alice": 3, "Bob": 1}
    await store.set_notices_by_dm("u1", True)
    await store.set_notices_by_dm("u1", True)
    await store.set_notices_by_dm("u2", True)
    await store.set_notices_by_dm("u2", False)
    assert await store.notices_by_dm(["u1", "u2", "u3"]) == {"u1"}
    assert await store.notices_by_dm([]) == set()


async def test_a_reminder_is_owed_from_the_guarded_write_that_marks_its_seat_until_done(
    store: Store,
) -> None:
    await store.create(table())
    (seat,) = table().seats
    reminded = replace(table(), revision=1, seats=(replace(seat, reminded_at=50.0),))
    owed = OwedReminder("t1", 0, "u1", 50.0, 49.0)
    with pytest.raises(StaleRevision):  # written by another process meanwhile: nothing written
        await store.record_reminders(
            reminded, expected_revision=5, changed_seats=reminded.seats, owed=[owed]
        )
    assert await store.owed_reminders() == [] and await store.get("t1") == table()
    await store.record_reminders(
        reminded, expected_revision=0, changed_seats=reminded.seats, owed=[owed]
    )
    assert await store.get("t1") == reminded
    assert await store.owed_reminders("t1") == [owed] and await store.owed_reminders("t2") == []
    await store.owe_reminders([owed])  # put there again (a copy run twice): still one
    assert await store.owed_reminders() == [owed]
    await store.reminder_done(owed)
    assert await store.owed_reminders() == []


async def test_open_tables_of_counts_lobbies_and_games_not_finished_ones(store: Store) -> None:
    await store.create(table("t1", "c1"))
    await store.create(replace(table("t2", "c2"), status="lobby"))
    await store.create(replace(table("t3", "c3"), status="finished"))
    assert await store.open_tables_of("u1") == 2
    assert await store.open_tables_of("u9") == 0


async def test_any_ai_kind_a_game_offers_is_stored(store: Store) -> None:
    bot = SeatRecord(1, "Bot", "cautious", None, "en", 1.0, replaced_user="u2")
    seated = replace(table(), seats=(*table().seats, bot))
    await store.create(seated)
    assert await store.get("t1") == seated


def result(table_id: str, position: int, player: str, rank: int) -> ResultRow:
    return ResultRow(
        table_id, position, "g1", "tally", "c1", 9.0, f"S{position}", player, rank, 5, 2
    )


async def test_results_are_written_once_with_their_ratings(store: Store) -> None:
    await store.create(replace(table(), status="finished", finished_at=9.0))
    assert await store.stats.unrecorded() == ["t1"]
    rows = [result("t1", 0, "user:u1", 1), result("t1", 1, "ai:greedy", 2)]
    ratings = [RatingRow("g1", "tally", "user:u1", 27.5, 7.0)]
    assert await store.stats.record(rows, ratings)
    again = [RatingRow("g1", "tally", "user:u1", 99.0, 1.0)]
    assert not await store.stats.record(rows, again)  # nothing written the second time
    assert await store.stats.unrecorded() == []
    assert await store.stats.results(player="user:u1") == rows[:1]
    assert await store.stats.results(tables=["t1"]) == rows
    assert await store.stats.results(tables=[]) == []
    assert await store.stats.ratings("g1", "tally", ["user:u1", "user:u2"]) == ratings
    assert await store.stats.top("g1", "tally") == ratings
    assert await store.stats.recent_tables("g1", "ai:greedy", 5) == ["t1"]
    rebuilt = [RatingRow("g1", "tally", "ai:greedy", 20.0, 8.0)]
    await store.stats.replace_ratings(rebuilt)
    assert await store.stats.all_ratings() == rebuilt


async def test_an_undo_request_is_kept_replaced_and_deleted(store: Store) -> None:
    await store.create(table())
    assert await store.undo.get("t1") is None
    request = UndoRecord("t1", "u1", "Alice", 3, 4, ("u2",), {}, 100.0)
    await store.undo.put(request)
    assert await store.undo.get("t1") == request
    voted = replace(request, votes={"u2": True})
    await store.undo.put(voted)
    assert await store.undo.get("t1") == voted
    await store.undo.delete("t1")
    assert await store.undo.get("t1") is None


async def test_a_postgres_database_at_the_first_schema_is_brought_up_to_date(
    postgres_dsn: str,
) -> None:
    import asyncpg

    connection = await asyncpg.connect(postgres_dsn)  # as the first version left it
    await connection.execute(for_postgres(MIGRATIONS_TABLE))
    for statement in MIGRATIONS[0]:
        await connection.execute(for_postgres(statement))
    await connection.execute("INSERT INTO schema_migrations VALUES (1, 0)")
    await connection.execute(
        "INSERT INTO tables (id, guild, channel, host, game, options, seed, status, lang, "
        "remind_after, takeover, created_at, updated_at) "
        "VALUES ('t1', 'g1', 'c1', 'u1', 'tally', '{}', 7, 'playing', 'en', 60, 'off', 1, 1)"
    )
    await connection.execute(
        "INSERT INTO seats (table_id, position, seat, kind, lang, joined_at) "
        "VALUES ('t1', 0, 'Bot 1', 'greedy', 'en', 1)"
    )
    await connection.close()
    store = await PostgresStore.open(postgres_dsn)
    kept = await store.get("t1")
    assert kept is not None and [s.kind for s in kept.seats] == ["greedy"]
    assert await store.migrate() == SCHEMA_VERSION
    await store.add_message("t1", MessageRecord("m1", "c1", "board", 0, 2.0))
    assert await store.board_version("t1") == 0
    await store.close()
