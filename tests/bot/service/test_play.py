"""Playing through TableService: whole games with AI seats, restarts, races and secret choices."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.service import errors
from bot.service.store import SqliteStore
from bot.service.tables import TableService
from bot.service.updates import Update
from tests.bot.conftest import ServiceFactory


async def play_out(
    service: TableService, update: Update, rng: random.Random, limit: int = 2000
) -> Update:
    """Let every human seat pick random legal moves until the game ends."""
    table_id = update.table.id
    for _ in range(limit):
        if update.finished:
            return update
        seat = update.to_act[0]
        assert seat.user is not None
        hand = await service.hand(table_id, seat.user)
        update = await service.act(table_id, seat.user, rng.choice(hand.legal_moves))
    raise AssertionError("the game did not end")


async def test_stpetersburg_with_ai_seats_is_played_to_the_end(service: TableService) -> None:
    update = await service.start(
        "c1", "u1", game="stpetersburg", bots=2, bot_kind="greedy", name="Alice"
    )
    assert [s.seat for s in update.table.seats] == ["Alice", "Bot 1", "Bot 2"]
    assert [s.kind for s in update.table.seats] == ["human", "greedy", "greedy"]
    assert update.to_act and all(not s.is_ai for s in update.to_act)  # AIs moved already
    final = await play_out(service, update, random.Random(3))
    assert final.table.status == "finished"
    assert final.outcome is not None
    assert sorted(s.seat for s in final.outcome.standings) == ["Alice", "Bot 1", "Bot 2"]
    assert any("The game is over." in line for line in final.public_lines())
    log = await service.log(final.table.id)
    assert len(log) == final.version > 50
    assert {e.by for e in log} == {"player", "ai"}
    assert (await service.verify(final.table.id)).ok
    with pytest.raises(errors.GameFinished):
        await service.act(final.table.id, "u1", "pass")


async def play_with_restarts(
    db_path: Path, make_service: ServiceFactory, restart_every: int | None
) -> list[tuple[int, str, str]]:
    """A 2-human + 1-bot St Petersburg game; optionally a fresh store and service every N acts."""
    store = await SqliteStore.open(db_path)
    service = make_service(store)
    update = await service.join("c1", "u2", name="Bob")
    update = await service.start("c1", "u2", game="stpetersburg", bots=1)
    table_id = update.table.id
    rng = random.Random(11)
    acts = 0
    while not update.finished:
        seat = update.to_act[0]
        assert seat.user is not None
        if restart_every and acts and acts % restart_every == 0:
            await store.close()
            store = await SqliteStore.open(db_path)
            service = make_service(store)
        hand = await service.hand(table_id, seat.user)
        update = await service.act(table_id, seat.user, rng.choice(hand.legal_moves))
        acts += 1
    assert (await service.verify(table_id)).ok
    log = [(e.seq, e.seat, e.notation or "") for e in await service.log(table_id)]
    await store.close()
    return log


async def test_a_restart_in_the_middle_loses_nothing(
    tmp_path: Path, make_service: ServiceFactory
) -> None:
    straight = await play_with_restarts(tmp_path / "a.sqlite3", make_service, None)
    restarted = await play_with_restarts(tmp_path / "b.sqlite3", make_service, 7)
    # The same choices and seeded AI give the same game, restarts or not.
    assert restarted == straight
    assert len(straight) > 100


async def test_a_new_service_continues_where_the_old_one_stopped(
    db_path: Path, make_service: ServiceFactory
) -> None:
    store = await SqliteStore.open(db_path)
    first = make_service(store)
    update = await first.start("c1", "u1", game="tally", bots=1, name="Alice")
    update = await first.act(update.table.id, "u1", "add 2")
    version = update.version
    await store.close()

    store = await SqliteStore.open(db_path)
    second = make_service(store)
    found = await second.find("c1")
    assert found is not None and found.id == update.table.id and found.version == version
    status = await second.status(found.id)
    assert status.view == update.view
    after = await second.act(found.id, "u1", "add 1")
    assert after.version == version + 2  # Alice's move and the bot's answer
    await store.close()


async def test_two_concurrent_requests_for_the_same_move_apply_once(
    service: TableService, db_path: Path
) -> None:
    update = await service.start("c1", "u1", game="tally", name="Alice", options={"target": 50})
    table_id = update.table.id
    results = await asyncio.gather(
        service.act(table_id, "u1", "add 1"),
        service.act(table_id, "u1", "add 1"),
        return_exceptions=True,
    )
    applied = [r for r in results if isinstance(r, Update)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(applied) == 1 and len(refused) == 1
    assert isinstance(refused[0], errors.AlreadyPlayed)
    assert "already played" in refused[0].message("en")
    assert "add 1" in refused[0].message("en")
    assert (await service.info(table_id)).version == 1
    assert len(await service.log(table_id)) == 1
    # Afterwards, the same move asked for again is a new move, as a player would expect.
    assert (await service.act(table_id, "u1", "add 1")).version == 2


async def test_a_double_click_on_a_board_button_applies_once(service: TableService) -> None:
    update = await service.start("c1", "u1", game="tally", name="Alice", options={"target": 50})
    table_id, board_version = update.table.id, update.version
    await service.act(table_id, "u1", "add 2", version=board_version)
    with pytest.raises(errors.AlreadyPlayed):
        await service.act(table_id, "u1", "add 2", version=board_version)
    with pytest.raises(errors.StaleBoard):  # another button of the same old board
        await service.act(table_id, "u1", "add 3", version=board_version)
    assert (await service.info(table_id)).version == 1


async def test_a_button_of_an_old_board_is_refused_once_others_moved(
    service: TableService,
) -> None:
    await service.join("c1", "u1", name="Alice")
    await service.join("c1", "u2", name="Bob")
    update = await service.start("c1", "u1", game="tally")
    table_id = update.table.id
    old = update.version
    await service.act(table_id, "u1", "add 1")
    await service.act(table_id, "u2", "add 1")
    with pytest.raises(errors.StaleBoard):
        await service.act(table_id, "u1", "add 1", version=old + 1)


async def test_two_processes_on_one_database_never_apply_a_move_twice(
    db_path: Path, make_service: ServiceFactory
) -> None:
    store_a = await SqliteStore.open(db_path)
    store_b = await SqliteStore.open(db_path)
    a, b = make_service(store_a), make_service(store_b)
    update = await a.start("c1", "u1", game="tally", name="Alice", options={"target": 50})
    table_id = update.table.id
    await b.status(table_id)  # b now holds version 0 in its cache
    await a.act(table_id, "u1", "add 1")
    with pytest.raises(errors.AlreadyPlayed):
        await b.act(table_id, "u1", "add 1")  # b's copy is stale: refused by the revision guard
    assert (await b.act(table_id, "u1", "add 2", version=1)).version == 2
    assert (await a.status(table_id)).table.version == 2  # a notices b's write
    assert (await a.verify(table_id)).ok
    await store_a.close()
    await store_b.close()


async def test_simultaneous_choices_stay_secret_until_revealed(service: TableService) -> None:
    for user, name in (("u1", "Ann"), ("u2", "Ben"), ("u3", "Cid")):
        await service.join("c1", user, name=name)
    update = await service.start("c1", "u1", game="sealed", options={"rounds": 2})
    table_id = update.table.id
    assert {s.seat for s in update.to_act} == {"Ann", "Ben", "Cid"}

    ann = await service.act(table_id, "u1", "bid 3")
    public = " ".join(ann.public_lines("en") + ann.public_lines("ja"))
    assert "3" not in public and "Ann has bid." in public
    assert all(m.notation is None for m in ann.moves)
    assert "3" not in ann.view.model_dump_json()
    assert [n.user for n in ann.private] == ["u1"]
    assert ann.private[0].text.en == "You chose: bid 3"
    assert {s.seat for s in ann.to_act} == {"Ben", "Cid"}  # who has chosen, never what
    assert "3" not in (await service.status(table_id)).view.model_dump_json()
    assert "3" not in (await service.hand(table_id, "u2")).view.model_dump_json()
    assert (await service.hand(table_id, "u1")).view.model_dump_json().count("3") == 1
    assert [e.notation for e in await service.log(table_id)] == [None]
    assert [e.notation for e in await service.log(table_id, "u1")] == ["bid 3"]
    with pytest.raises(errors.NotYourTurn):
        await service.act(table_id, "u1", "bid 0")

    # The other two choose at the same moment: both are taken, neither is refused.
    ben, cid = await asyncio.gather(
        service.act(table_id, "u2", "bid 1"), service.act(table_id, "u3", "bid 2")
    )
    last = cid if cid.version > ben.version else ben
    assert all(m.notation is None for m in ben.moves + cid.moves)
    assert "Bids revealed" in " ".join(last.public_lines())
    assert last.view.round == 2  # type: ignore[attr-defined]
    assert {s.seat for s in last.to_act} == {"Ann", "Ben", "Cid"}


async def test_ai_seats_submit_their_secret_choices_at_once(service: TableService) -> None:
    update = await service.start("c1", "u1", game="sealed", bots=3, name="Ann")
    assert [s.seat for s in update.to_act] == ["Ann"]
    assert update.view.submitted == ("Bot 1", "Bot 2", "Bot 3")  # type: ignore[attr-defined]
    assert update.private == ()  # nobody reads an AI seat's notices
    assert all(m.notation is None for m in update.moves)
    final = await play_out(service, update, random.Random(5))
    assert final.outcome is not None
    assert [e.notation is not None for e in await service.log(final.table.id)] == [True] * 12


async def test_a_move_chosen_from_the_hand_is_the_one_typing_it_plays(
    store: SqliteStore, make_service: ServiceFactory, tmp_path: Path
) -> None:
    """`act` finds a notation `hand` listed by its place in the list; the game must come out
    move for move as when the same notations are typed without asking for the hand first."""
    listed = make_service(store)
    other_store = await SqliteStore.open(tmp_path / "typed.sqlite3")
    try:
        typed = make_service(other_store)
        first = await listed.start("c1", "u1", game="stpetersburg", bots=1, name="A")
        second = await typed.start("c1", "u1", game="stpetersburg", bots=1, name="A")
        rng = random.Random(5)
        for _ in range(60):
            if first.finished:
                break
            hand = await listed.hand(first.table.id, "u1")
            move = rng.choice(hand.legal_moves)
            first = await listed.act(first.table.id, "u1", move)
            second = await typed.act(second.table.id, "u1", move)
            assert first.version == second.version
        own = [(e.seat, e.notation) for e in await listed.log(first.table.id)]
        assert own == [(e.seat, e.notation) for e in await typed.log(second.table.id)]
        assert len(own) > 60
    finally:
        await other_store.close()


async def test_a_listed_notation_from_an_older_revision_is_not_used(
    service: TableService,
) -> None:
    """The list `hand` made belongs to its revision: after a move the same text is judged
    afresh (here: refused as a move the new position does not allow, not played blindly)."""
    update = await service.start("c1", "u1", game="stpetersburg", bots=1, name="A")
    hand = await service.hand(update.table.id, "u1")
    update = await service.act(update.table.id, "u1", hand.legal_moves[0])
    now = await service.hand(update.table.id, "u1")
    stale = next((m for m in hand.legal_moves if m not in now.legal_moves), None)
    assert stale is not None
    with pytest.raises((errors.MoveNotAllowed, errors.MoveNotUnderstood)):
        await service.act(update.table.id, "u1", stale)
