"""Rematch: same game, options and seats; every human accepts, or the host lets AI sit in."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import errors
from bot.service.rematch import RematchDone, RematchNotFinished
from bot.service.store import open_store
from bot.service.tables import TableService
from tests.bot.conftest import START, Clock, ServiceFactory

HOUR = 3600.0


async def finished_tally(service: TableService, channel: str = "c1") -> str:
    """Ann and Bob with a greedy AI, target 4: played to its end."""
    await service.join(channel, "ann", name="Ann")
    await service.join(channel, "bob", name="Bob")
    await service.add_bot(channel, "ann")
    update = await service.start(channel, "ann", game="tally", options={"target": 4})
    while not update.finished:
        update = await service.act(update.table.id, update.to_act[0].user or "", "add 1")
    return update.table.id


async def test_a_rematch_starts_when_every_human_has_accepted(service: TableService) -> None:
    old = await finished_tally(service)
    first = await service.rematch(old, "bob")
    assert first.started is None
    assert first.text.en.startswith("Bob is in for a rematch. Waiting for: Ann.")
    assert "再戦に参加します" in first.text.ja
    again = await service.rematch(old, "bob")  # a second click changes nothing
    assert again.rematch.accepted == ("bob",) and again.started is None
    done = await service.rematch(old, "ann")
    assert done.started is not None and done.text.en.startswith("The rematch has started")
    new = done.started.table
    assert new.id != old and new.game == "tally" and dict(new.options) == {"target": 4}
    assert [(s.seat, s.kind, s.user) for s in new.seats] == [
        (s.seat, s.kind, s.user) for s in (await service.info(old)).seats
    ]
    assert (await service.rematch_of(old)).new_table == new.id  # linked from the old table
    with pytest.raises(RematchDone) as refused:
        await service.rematch(old, "ann")
    assert new.id in refused.value.message("en") and "すでに再戦" in refused.value.message("ja")


async def test_the_host_starts_it_with_the_computer_after_a_time_they_choose(
    service: TableService, clock: Clock
) -> None:
    old = await finished_tally(service)
    with pytest.raises(errors.NotHost):
        await service.rematch_after(old, "bob", HOUR)
    said = await service.rematch_after(old, "ann", 2 * HOUR)
    assert said.started is None and said.text.en.startswith("The rematch starts in 2 h,")
    clock.now = START + 2 * HOUR - 1
    assert await service.start_due_rematches() == []
    clock.now = START + 2 * HOUR
    (started,) = await service.start_due_rematches()
    assert started.started is not None
    seats = {s.seat: (s.kind, s.user) for s in started.started.table.seats}
    assert seats["Ann"] == ("human", "ann")
    assert seats["Bob"][1] is None and seats["Bob"][0] != "human"  # the computer sits in
    assert await service.start_due_rematches() == []


async def test_the_host_may_start_at_once(service: TableService) -> None:
    old = await finished_tally(service)
    said = await service.rematch_after(old, "ann", 0)
    assert said.started is not None and said.started.table.status == "playing"


async def test_a_running_game_has_no_rematch_and_strangers_cannot_accept(
    service: TableService,
) -> None:
    await service.join("c1", "ann", name="Ann")
    await service.join("c1", "bob", name="Bob")
    update = await service.start("c1", "ann", game="tally", options={"target": 30})
    with pytest.raises(RematchNotFinished) as refused:
        await service.rematch(update.table.id, "ann")
    assert "ゲームが終わってから" in refused.value.message("ja")
    old = await finished_tally(service, "c2")
    with pytest.raises(errors.NotSeated):
        await service.rematch(old, "zed")
    with pytest.raises(errors.BadSetting):
        await service.rematch_after(old, "ann", -1)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_a_rematch_in_waiting_survives_a_restart(
    backend: str,
    tmp_path: Path,
    make_service: ServiceFactory,
    request: pytest.FixtureRequest,
) -> None:
    database = (
        str(request.getfixturevalue("postgres_dsn")) if backend == "postgresql" else tmp_path / "db"
    )
    store = await open_store(database)
    old = await finished_tally(make_service(store))
    await make_service(store).rematch(old, "bob")
    await store.close()
    store = await open_store(database)
    fresh = make_service(store)
    assert (await fresh.rematch_of(old)).accepted == ("bob",)
    done = await fresh.rematch(old, "ann")
    assert done.started is not None
    await store.close()
