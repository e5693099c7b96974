"""Undo with consent through the service: accepted, refused, refused because something was revealed."""

from __future__ import annotations

import pytest

from bot.service.after_errors import UndoRefused
from bot.service.tables import TableService
from bot.service.updates import Update
from tests.bot.conftest import Clock


async def two_players(service: TableService) -> tuple[Update, str, str]:
    """A Sankt Petersburg game of two people; returns the start and (who moves, the other)."""
    await service.join("c1", "u1", name="Anna")
    await service.join("c1", "u2", name="Boris")
    update = await service.start("c1", "u1", game="stpetersburg", options={"public_money": True})
    first = update.to_act[0].user
    assert first is not None
    return update, first, "u2" if first == "u1" else "u1"


async def buy_something(service: TableService, table_id: str, user: str) -> Update:
    hand = await service.hand(table_id, user)
    buy = next(m for m in hand.legal_moves if m.startswith("buy"))
    return await service.act(table_id, user, buy)


async def test_an_undo_the_other_player_accepts(service: TableService) -> None:
    start, first, other = await two_players(service)
    table_id = start.table.id
    before = (await service.status(table_id)).view
    await buy_something(service, table_id, first)
    asked = await service.ask_undo(table_id, first)
    assert asked.status == "asked" and asked.waiting == (other,)
    assert "asks to take back their move 1" in asked.text.get("en")
    assert "取り消し" in asked.text.get("ja")
    with pytest.raises(UndoRefused) as twice:
        await service.ask_undo(table_id, first)
    assert "already waiting" in twice.value.message("en")
    with pytest.raises(UndoRefused):
        await service.answer_undo(table_id, first, True)  # the asker does not vote
    accepted = await service.answer_undo(table_id, other, True)
    assert accepted.status == "accepted" and accepted.update is not None
    assert "took back move 1" in accepted.text.get("en")
    assert accepted.update.view == before
    assert [s.user for s in accepted.update.to_act] == [first]
    log = await service.log(table_id)
    assert [e.notation for e in log][1:] == ["undo 1"]
    assert log[0].notation is not None and log[0].notation.startswith("buy")
    assert (await service.verify(table_id)).ok
    # The game goes on from there, and the log still replays.
    await buy_something(service, table_id, first)
    assert (await service.verify(table_id)).ok


async def test_one_refusal_cancels_the_undo(service: TableService) -> None:
    start, first, other = await two_players(service)
    table_id = start.table.id
    moved = await buy_something(service, table_id, first)
    await service.ask_undo(table_id, first)
    refused = await service.answer_undo(table_id, other, False)
    assert refused.status == "refused" and "move 1 stands" in refused.text.get("en")
    assert (await service.status(table_id)).view == moved.view
    assert len(await service.log(table_id)) == 1
    with pytest.raises(UndoRefused) as gone:
        await service.answer_undo(table_id, other, True)
    assert "no undo request" in gone.value.message("en")


async def test_a_timeout_or_a_move_cancels_the_undo(service: TableService, clock: Clock) -> None:
    start, first, other = await two_players(service)
    table_id = start.table.id
    await buy_something(service, table_id, first)
    await service.ask_undo(table_id, first)
    clock.advance(service.undo_timeout + 1)
    with pytest.raises(UndoRefused) as late:
        await service.answer_undo(table_id, other, True)
    assert "ran out of time" in late.value.message("en")
    await service.ask_undo(table_id, first)  # a new request once the old one is over
    await buy_something(service, table_id, other)
    with pytest.raises(UndoRefused) as moved:
        await service.answer_undo(table_id, other, True)
    assert "moved on" in moved.value.message("en")


async def test_an_undo_is_refused_once_a_card_was_revealed(service: TableService) -> None:
    start, first, other = await two_players(service)
    table_id = start.table.id
    await service.act(table_id, first, "pass")
    # The second pass ends the phase: the next phase's cards are dealt from a hidden stack.
    await service.act(table_id, other, "pass")
    with pytest.raises(UndoRefused) as refused:
        await service.ask_undo(table_id, first)
    message = refused.value.message("en")
    assert "Move 2 (" in message and "revealed hidden information" in message
    assert "明らか" in refused.value.message("ja")
    with pytest.raises(UndoRefused) as nothing:
        await service.ask_undo(table_id, other)
    assert "revealed" in nothing.value.message("en")


async def test_alone_the_undo_needs_nobody(service: TableService) -> None:
    update = await service.start(
        "c1", "u1", game="stpetersburg", name="Solo", options={"public_money": True}
    )
    table_id = update.table.id
    before = update.view
    await buy_something(service, table_id, "u1")
    accepted = await service.ask_undo(table_id, "u1")
    assert accepted.status == "accepted" and accepted.update is not None
    assert accepted.update.view == before
    with pytest.raises(UndoRefused) as again:
        await service.ask_undo(table_id, "u1")
    assert "no move to take back" in again.value.message("en")


async def test_ai_seats_agree_and_their_answers_are_taken_back_too(service: TableService) -> None:
    update = await service.start(
        "c1", "u1", game="stpetersburg", name="Anna", bots=1, options={"public_money": True}
    )
    table_id = update.table.id
    before = update.view
    moved = await buy_something(service, table_id, "u1")
    assert [m.by for m in moved.moves] == ["player", "ai"]  # the AI answered at once
    accepted = await service.ask_undo(table_id, "u1")
    assert accepted.status == "accepted" and accepted.update is not None
    assert accepted.update.view == before
    log = await service.log(table_id)
    mine = [e.seq for e in log if e.by == "player" and e.notation != log[-1].notation]
    assert log[-1].notation == f"undo {mine[-1]}" and log[-2].by == "ai"
    assert (await service.verify(table_id)).ok


async def two_at(service: TableService, game: str) -> tuple[str, str, str]:
    """A game of two people; returns the table and (who moves, the other)."""
    await service.join("c1", "u1", name="Anna")
    await service.join("c1", "u2", name="Boris")
    update = await service.start("c1", "u1", game=game)
    first = update.to_act[0].user
    assert first is not None
    return update.table.id, first, "u2" if first == "u1" else "u1"


@pytest.mark.parametrize(
    ("game", "quiet", "loud"), [("venedig", "done", "drain"), ("catan", "end", "pile")]
)
async def test_a_move_that_reveals_nothing_is_taken_back(
    service: TableService, game: str, quiet: str, loud: str
) -> None:
    """Venedig ending step 1, Catan ending the exchanges: undone; a drain or a draw: refused."""
    table_id, first, other = await two_at(service, game)
    before = (await service.status(table_id)).view
    await service.act(table_id, first, quiet)
    await service.ask_undo(table_id, first)
    accepted = await service.answer_undo(table_id, other, True)
    assert accepted.status == "accepted" and accepted.update is not None
    assert accepted.update.view == before
    assert (await service.verify(table_id)).ok
    # Now a move that shows a hidden card or tile to its player cannot be taken back.
    hand = await service.hand(table_id, first)
    if game == "venedig":
        await service.act(table_id, first, quiet)
        hand = await service.hand(table_id, first)
    revealing = next(m for m in hand.legal_moves if m.startswith(loud))
    await service.act(table_id, first, revealing)
    with pytest.raises(UndoRefused) as refused:
        await service.ask_undo(table_id, first)
    assert "revealed hidden information" in refused.value.message("en")
