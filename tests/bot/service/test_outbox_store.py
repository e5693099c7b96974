"""The store's part of the outbox: which boards are owed, what each seat has seen, DM wishes."""

from __future__ import annotations

from bot.service.store import MessageRecord, SqliteStore
from bot.service.tables import TableService


async def test_a_board_is_owed_until_one_of_its_version_is_recorded(
    service: TableService, store: SqliteStore
) -> None:
    update = await service.start("c1", "u1", game="tally", name="Ann", options={"target": 50})
    table = update.table.id
    assert await store.board_version(table) is None
    assert await store.unposted(0.0) == [table]
    await store.add_message(table, MessageRecord("m1", "c1", "board", 0, 1.0))
    await store.add_message(table, MessageRecord("x1", "c1", "notice", 5, 1.0))  # not a board
    assert await store.board_version(table) == 0 and await store.unposted(0.0) == []
    await service.act(table, "u1", "add 1")
    assert await store.unposted(0.0) == [table]
    assert await store.unposted(service.clock() + 1) == []  # beyond the horizon
    await store.add_message(table, MessageRecord("m1", "c1", "board", 1, 2.0))  # edited in place
    assert await store.board_version(table) == 1 and await store.unposted(0.0) == []


async def test_seen_versions_only_grow_and_dm_wishes_are_kept(
    service: TableService, store: SqliteStore
) -> None:
    update = await service.start("c1", "u1", game="tally", name="Ann")
    table = update.table.id
    await store.mark_seen(table, "Ann", 4)
    await store.mark_seen(table, "Ann", 2)  # a slower reader never moves it back
    assert await store.seen_versions(table) == {"Ann": 4}
    await store.set_notices_by_dm("u1", True)
    await store.set_notices_by_dm("u2", True)
    await store.set_notices_by_dm("u2", False)
    assert await store.notices_by_dm(["u1", "u2", "u3"]) == {"u1"}
    assert await store.notices_by_dm([]) == set()
