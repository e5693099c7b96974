"""A table started from a position text: its log replays from that position (verify), and the
service's `position` shows a running game as the asking seat's view, a finished one whole."""

from __future__ import annotations

import pytest

import games
from bot.service import errors
from bot.service.tables import TableService
from tests.bot.console.test_position_console import real_position
from tests.games.test_positions import with_part

G = games.get("stpetersburg")


async def test_a_table_from_a_position_plays_on_and_replays_to_its_snapshot(
    service: TableService,
) -> None:
    await service.join("c1", "u1", name="A")
    await service.join("c1", "u2", name="B")
    update = await service.start("c1", "u1", game="stpetersburg", position=real_position())
    table = update.table.id
    for _ in range(6):
        seat = update.to_act[0]
        assert seat.user is not None
        hand = await service.hand(table, seat.user)
        update = await service.act(table, seat.user, hand.legal_moves[0])
    check = await service.verify(table)
    assert check.ok, check.problem
    assert check.moves == 6
    running = await service.position(table, "u1")
    assert running.startswith("stpetersburg/1 view; viewer=1; seats=A,B; ")
    assert (await service.position(table)).startswith("stpetersburg/1 view; viewer=-; ")


async def test_a_refused_position_starts_nothing(service: TableService) -> None:
    await service.join("c1", "u1", name="A")
    await service.join("c1", "u2", name="B")
    text = with_part(real_position(), "discard", "Lumberjack*9")  # only 6 exist
    with pytest.raises(errors.BadPosition, match=r"duplicated Lumberjack: more than the 6"):
        await service.start("c1", "u1", game="stpetersburg", position=text)
    table = await service.find("c1")
    assert table is not None and table.status == "lobby"
