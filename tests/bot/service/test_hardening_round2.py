"""Issue 24: what the second attack found (caps, undo votes, hidden moves), on both backends."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import games
from bot.service import errors
from bot.service.after_errors import UndoRefused
from bot.service.store import SqliteStore, Store
from bot.service.store.postgres import PostgresStore
from bot.service.tables import TableDefaults, TableService
from tests.bot.conftest import ServiceFactory, dump
from tests.bot.testgames import Sealed, SealedState

Opener = Callable[[], Awaitable[Store]]


@pytest.fixture(params=["sqlite", "postgresql"])
async def open_database(request: pytest.FixtureRequest, db_path: Path) -> AsyncIterator[Opener]:
    """Opens stores on one database (each like another process's); closes them after the test."""
    opened: list[Store] = []
    dsn = request.getfixturevalue("postgres_dsn") if request.param == "postgresql" else None

    async def open_one() -> Store:
        store: Store = await (
            PostgresStore.open(dsn) if dsn is not None else SqliteStore.open(db_path)
        )
        opened.append(store)
        return store

    yield open_one
    for store in opened:
        await store.close()


CAP = 5


async def test_concurrent_joins_cannot_walk_past_the_open_table_cap(
    open_database: Opener, make_service: ServiceFactory
) -> None:
    """Finding 1: 100 joins by one member at once, from two services on one database, in new
    channels and in others' lobbies, leave the member at no more open tables than the cap."""
    defaults = TableDefaults(remind_after=3600.0, open_tables_per_member=CAP)
    first, second = await open_database(), await open_database()
    services = [make_service(first, defaults=defaults), make_service(second, defaults=defaults)]

    async def join(n: int, channel: str) -> Any:
        try:
            return await services[n % 2].join(channel, "u1", name="Alice")
        except errors.TooManyTables:
            return None

    joined = await asyncio.gather(*(join(n, f"new{n}") for n in range(100)))
    assert sum(1 for j in joined if j is not None) == CAP
    assert await first.open_tables_of("u1") == CAP
    for n in range(40):  # others' lobbies to sit down at
        await services[n % 2].join(f"lobby{n}", f"host{n}", name="Host")
    await services[0].abandon(next(j for j in joined if j is not None).table.id, "u1")
    joined = await asyncio.gather(*(join(n, f"lobby{n}") for n in range(40)))
    assert sum(1 for j in joined if j is not None) == 1
    assert await second.open_tables_of("u1") == CAP


async def test_a_refused_start_opens_no_lobby(
    store: SqliteStore, make_service: ServiceFactory, db_path: Path
) -> None:
    """Finding 2: `/start` with a bad reminder time, where no lobby was, writes nothing; five such
    refusals do not use up the member's open tables."""
    defaults = TableDefaults(
        remind_after=3600.0, takeover_after=48 * 3600.0, takeover="ai", open_tables_per_member=5
    )
    service = make_service(store, defaults=defaults)
    before = dump(db_path)
    for n in range(6):
        with pytest.raises(errors.BadSetting):
            await service.start(
                f"c{n}", "u1", game="tally", name="Alice", bots=1, remind_after=100 * 3600.0
            )
        assert await service.find(f"c{n}") is None
    assert dump(db_path) == before
    update = await service.start("c9", "u1", game="tally", name="Alice", bots=1)
    assert update.table.status == "playing"


# ---------------------------------------------------------------- undo votes


async def three_at_st_petersburg(service: TableService) -> tuple[str, str, list[str]]:
    """Three people at Sankt Petersburg, the first has bought and asks to take it back.

    Returns the table, the asker and the voters, the one who acts next first."""
    for user, name in (("u1", "Anna"), ("u2", "Boris"), ("u3", "Clara")):
        await service.join("c1", user, name=name)
    start = await service.start("c1", "u1", game="stpetersburg", options={"public_money": True})
    table_id, asker = start.table.id, start.to_act[0].user
    assert asker is not None
    hand = await service.hand(table_id, asker)
    moved = await service.act(table_id, asker, next(m for m in hand.legal_moves if "buy" in m))
    asked = await service.ask_undo(table_id, asker)
    assert asked.status == "asked"
    acting = [s.user for s in moved.to_act]
    return table_id, asker, sorted(asked.waiting, key=lambda v: v not in acting)


async def test_a_replaced_members_undo_vote_does_not_count(service: TableService) -> None:
    """Finding 4: after a moderator hands voter X's seat to an AI, X's answer is refused; the
    AI seat agrees, so the other voter's agreement alone takes the move back."""
    table_id, _, (other, replaced) = await three_at_st_petersburg(service)
    handed = await service.replace_with_ai(table_id, "mod", replaced, moderator=True)
    assert not handed.moves  # not the AI seat's turn: the request stands
    with pytest.raises(UndoRefused) as refused:
        await service.answer_undo(table_id, replaced, True)
    assert refused.value.reason == "undo.not_asked"
    with pytest.raises(UndoRefused):
        await service.answer_undo(table_id, replaced, False)  # nor can X refuse for the seat
    accepted = await service.answer_undo(table_id, other, True)
    assert accepted.status == "accepted"
    assert (await service.log(table_id))[-1].notation == "undo 1"


async def test_two_processes_answering_at_once_lose_no_vote(
    open_database: Opener, make_service: ServiceFactory
) -> None:
    """Finding 5: process B reads the request, A records a's agreement, then B records c's; B's
    write must not drop a's vote: the undo happens."""
    store_a, store_b = await open_database(), await open_database()
    service_a, service_b = make_service(store_a), make_service(store_b)
    table_id, _, (voter_a, voter_c) = await three_at_st_petersburg(service_a)
    read, go = asyncio.Event(), asyncio.Event()
    real_get = store_b.undo.get

    async def get_then_wait(table: str) -> Any:
        request = await real_get(table)
        if not read.is_set():  # only B's first read waits for A's write
            read.set()
            await go.wait()
        return request

    store_b.undo.get = get_then_wait  # type: ignore[method-assign]
    answer_b = asyncio.create_task(service_b.answer_undo(table_id, voter_c, True))
    await read.wait()
    answer_a = await service_a.answer_undo(table_id, voter_a, True)
    go.set()
    answers = [answer_a, await answer_b]
    assert "accepted" in [a.status for a in answers]
    assert [e.notation for e in await service_a.log(table_id)][-1] == "undo 1"
    assert await store_a.undo.get(table_id) is None


# ---------------------------------------------------------------- hidden information


class QuietSealed(Sealed):
    """Sealed bids whose single bid reveals nothing (only a round's last bid shows them all), so
    a secret bid may be taken back, as a Catherine placement may be."""

    id = "quiet_sealed"

    def reveals(self, before: SealedState, after: SealedState) -> bool:
        return before.round != after.round


@pytest.fixture
def quiet_sealed() -> Iterator[str]:
    games.register(QuietSealed())
    yield QuietSealed.id
    games.unregister(QuietSealed.id)


async def three_bidders(service: TableService, game: str) -> str:
    for user, name in (("u1", "Anna"), ("u2", "Boris"), ("u3", "Clara")):
        await service.join("c1", user, name=name)
    return (await service.start("c1", "u1", game=game)).table.id


async def test_the_public_undo_request_does_not_name_a_secret_move(
    service: TableService, quiet_sealed: str
) -> None:
    """Finding 6: "Anna asks to take back their move 1 (bid 3)" named a secret bid the public
    log shows as a secret choice; the request and the undo describe it as the log does."""
    table_id = await three_bidders(service, quiet_sealed)
    await service.act(table_id, "u1", "bid 3")
    public_line = (await service.log(table_id))[0]
    assert public_line.notation is None
    asked = await service.ask_undo(table_id, "u1")
    await service.answer_undo(table_id, "u2", True)
    accepted = await service.answer_undo(table_id, "u3", True)
    assert accepted.status == "accepted"
    for lang in ("en", "ja"):
        hidden = public_line.line(lang).split(": ", 1)[1]
        for said in (asked.text.get(lang), accepted.text.get(lang)):
            assert hidden in said
            assert "bid 3" not in said and "入札 3" not in said


async def test_a_replaced_member_sees_no_secret_of_the_seat_after_it_left_them(
    service: TableService, quiet_sealed: str
) -> None:
    """Finding 7: the host hands Clara's seat to an AI, which bids at once; Clara's log shows her
    own earlier bid but the AI's bid only as the public sees it."""
    table_id = await three_bidders(service, quiet_sealed)
    for user in ("u1", "u2", "u3"):
        await service.act(table_id, user, "bid 1")  # round 1: Clara's own bid
    await service.act(table_id, "u1", "bid 2")
    handed = await service.replace_with_ai(table_id, "u1", "u3")
    assert [m.seat for m in handed.moves] == ["Clara"]  # the AI bid at once
    ai_bid = len(await service.log(table_id))
    clara = {e.seq: e for e in await service.log(table_id, "u3")}
    public = {e.seq: e for e in await service.log(table_id)}
    assert clara[3].notation == "bid 1"  # her own, made while she held the seat
    assert clara[ai_bid].notation is None
    assert clara[ai_bid].line("en") == public[ai_bid].line("en")
    assert clara[4].notation is None  # Anna's secret bid, as before
