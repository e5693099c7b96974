"""What a player missed, through the service: boards owed, narration since a seat's last turn,
private notices kept until their seat looks, and the texts of logs, stale clicks and settings."""

from __future__ import annotations

import pytest

from bot.service import errors
from bot.service.tables import TableService


async def three_at_tally(service: TableService, target: int = 30) -> str:
    await service.join("c1", "u1", name="Ann")
    await service.join("c1", "u2", name="Ben")
    await service.join("c1", "u3", name="Cat")
    update = await service.start("c1", "u1", game="tally", options={"target": target})
    return update.table.id


async def test_the_board_owed_says_everything_since_the_next_players_last_turn(
    service: TableService,
) -> None:
    table = await three_at_tally(service)
    first = await service.board(table)  # nothing posted yet: the start heads it
    assert first.public_lines()[0] == "Tally begins. Seats in order: Ann, Ben, Cat."
    await service.record_message(table, "m0", "c1", version=0)
    assert await service.unposted() == []
    await service.act(table, "u1", "add 1")
    await service.act(table, "u2", "add 2")
    assert await service.unposted() == [table]  # the outbox: version 2, board 0
    owed = await service.board(table)
    assert [s.seat for s in owed.to_act] == ["Cat"]
    lines = owed.public_lines()
    assert any("Ann added 1" in line for line in lines)  # before Cat's turn, not only the last
    assert any("Ben added 2" in line for line in lines)
    await service.record_message(table, "m2", "c1", version=2)
    await service.act(table, "u3", "add 3")
    owed = await service.board(table)
    lines = owed.public_lines()
    assert [s.seat for s in owed.to_act] == ["Ann"]
    assert not any("Ann added 1" in line for line in lines)  # Ann's own last move is known
    assert any("Ben added 2" in line for line in lines) and any(
        "Cat added 3" in line for line in lines
    )
    assert not owed.private  # no private notice on a public board


async def test_private_notices_wait_for_their_seat_and_only_theirs(service: TableService) -> None:
    table = await three_at_tally(service)
    await service.act(table, "u1", "add 1")
    await service.act(table, "u2", "add 2")
    ann = await service.unseen(table, "u1")
    ben = await service.unseen(table, "u2")
    assert len(ann.texts) == 1 and len(ben.texts) == 1
    assert ann.texts[0].get("en") != ben.texts[0].get("en") or ann.seat != ben.seat
    await service.mark_seen(table, ann.seat, ann.version)
    assert (await service.unseen(table, "u1")).texts == ()
    assert len((await service.unseen(table, "u2")).texts) == 1  # Ben has not looked yet
    await service.act(table, "u3", "add 1")
    await service.act(table, "u1", "add 1")
    assert len((await service.unseen(table, "u1")).texts) == 1  # only the new one
    assert (await service.unseen(table, "u3")).seat == "Cat"


async def test_the_log_is_in_words_of_each_language(service: TableService) -> None:
    table = await three_at_tally(service)
    await service.act(table, "u1", "add 1")
    (entry,) = await service.log(table, "u2")
    assert entry.line("en") == "1. Ann: add 1" and entry.words is not None


async def test_another_option_on_a_stale_board_is_not_called_already_played(
    service: TableService,
) -> None:
    table = await three_at_tally(service)
    await service.act(table, "u1", "add 1", version=0)
    with pytest.raises(errors.AlreadyPlayed) as same:
        await service.act(table, "u1", "add 1", version=0)
    assert "add 1" in same.value.message("en")
    with pytest.raises(errors.StaleBoard):
        await service.act(table, "u1", "pass", version=0)


async def test_no_moves_offered_after_abandon(service: TableService) -> None:
    table = await three_at_tally(service)
    await service.abandon(table, "u1")
    hand = await service.hand(table, "u1")
    assert not hand.to_act and hand.legal_moves == ()


async def test_takeover_without_a_time_names_what_is_missing(service: TableService) -> None:
    table = await three_at_tally(service)
    with pytest.raises(errors.TakeoverNeedsTime) as refused:
        await service.set_reminders(table, "u1", takeover="ai")
    assert "takeover_hours" in refused.value.message("en")
