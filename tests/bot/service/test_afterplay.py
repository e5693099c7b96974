"""A finished game looked back at through the service: its chart and its board at any move."""

from __future__ import annotations

import pytest

import games
from bot.service import afterplay
from bot.service.after_errors import NoSuchMove, NotFinished
from bot.service.tables import TableService
from tests.bot.conftest import Clock
from tests.bot.service.test_stats import finished_game


async def test_the_board_at_any_move_of_a_finished_game(
    service: TableService, clock: Clock
) -> None:
    table_id = await finished_game(service, clock, "c1", ["u1", "u2"], seed=4)
    log = await service.log(table_id)
    start = await afterplay.board_at(service.store, table_id, 0)
    game = games.get("handful")
    record = await service.store.get(table_id)
    assert record is not None
    assert start.view == game.view(game.new(["U1", "U2", "Bot 1"], seed=record.seed), None)
    assert start.title("en") == "The board at the start"
    second = await afterplay.board_at(service.store, table_id, 2)
    assert (
        second.title("en") == f"Board after move 2 of {len(log)}: {log[1].seat} {log[1].notation}"
    )
    assert second.view.viewer is None and all(h is None for h in second.view.hands.values())
    end = await afterplay.board_at(service.store, table_id, None)
    assert end.move == len(log) and end.view == (await service.status(table_id)).view
    with pytest.raises(NoSuchMove) as refused:
        await afterplay.board_at(service.store, table_id, len(log) + 1)
    assert f"from 0 (the setup) to {len(log)}" in refused.value.message("en")
    assert "0（開始時）" in refused.value.message("ja")


async def test_a_running_game_is_not_replayed(service: TableService) -> None:
    await service.join("c1", "u1", name="A")
    await service.join("c1", "u2", name="B")
    update = await service.start("c1", "u1", game="handful")
    with pytest.raises(NotFinished):
        await afterplay.board_at(service.store, update.table.id, 0)


async def test_the_chart_of_a_finished_game(service: TableService, clock: Clock) -> None:
    table_id = await finished_game(service, clock, "c1", ["u1", "u2"], seed=5)
    found = await afterplay.chart(service.store, table_id)
    assert found is not None
    chart, seats = found
    assert seats == ("U1", "U2", "Bot 1")
    outcome = (await service.status(table_id)).outcome
    assert outcome is not None
    final = {line.seat: line.values[-1] for line in chart.panels[0].lines}
    assert final == {s.seat: abs(s.score) for s in outcome.standings}
