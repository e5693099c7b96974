"""Narrating the move log again (boards, unseen notices): concurrent narrations of one table, a
narration that fails, and who a board pings when several seats owe a choice at once."""

from __future__ import annotations

import asyncio
import logging
import random

import pytest

import games
from bot.service.i18n import Text
from bot.service.players import choose_move
from bot.service.tables import TableService
from bot.service.updates import Update


async def catherine_for_three(service: TableService) -> Update:
    for user, name in (("u1", "Ann"), ("u2", "Ben"), ("u3", "Cid")):
        await service.join("c1", user, name=name)
    return await service.start("c1", "u1", game="catherine")


async def first_legal(service: TableService, user: str) -> str:
    return (await service.hand("t1", user)).legal_moves[0]


async def test_a_board_and_a_panel_narrated_at_once_over_a_simultaneous_step(
    service: TableService,
) -> None:
    """The crash members met: a placement arrived while panels were being refreshed, and two
    narrations of the table replayed the same new choice onto one cached state
    (NotYourTurn: "You have made your choice")."""
    await catherine_for_three(service)
    await service.board("t1")  # the narration of the start is cached
    await service.act("t1", "u3", await first_legal(service, "u3"))
    # The board and Ann's and Ben's panels are narrated at the same moment.
    board, *_panels = await asyncio.gather(
        service.board("t1"), service.unseen("t1", "u1"), service.unseen("t1", "u2")
    )
    assert [m.seat for m in board.moves] == ["Cid"]
    assert sorted(s.seat for s in board.to_act) == ["Ann", "Ben"]
    # The cache still tells the story once: a later board narrates each move once.
    await service.act("t1", "u2", await first_legal(service, "u2"))
    again = await service.board("t1")
    assert [m.seat for m in again.moves] == ["Cid", "Ben"]


async def test_a_narration_that_fails_still_gives_the_board_with_a_shorter_text(
    service: TableService, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    await catherine_for_three(service)
    await service.act("t1", "u3", await first_legal(service, "u3"))

    async def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("narration broke")

    monkeypatch.setattr(service, "_replayed", broken)
    with caplog.at_level(logging.ERROR):
        board = await service.board("t1")
    assert board.moves == () and board.version == (await service.info("t1")).version == 1
    assert sorted(s.seat for s in board.to_act) == ["Ann", "Ben"]
    assert any("narration broke" in r.getMessage() or r.exc_info for r in caplog.records)


@pytest.mark.parametrize("game_id", ["stpetersburg", "catherine", "catan", "venedig"])
async def test_the_final_board_says_the_game_is_over_once(
    service: TableService, game_id: str
) -> None:
    update = await service.start("c1", "u1", game=game_id, bots=1, name="Ann")
    game = games.get(game_id)
    rng = random.Random(2)
    for _ in range(3000):
        if update.finished:
            break
        stored = await service.store.load("t1")
        assert stored is not None
        move = choose_move(game, game.load(stored.state), "Ann", "greedy", rng)
        update = await service.act("t1", "u1", game.format(move))
    final = await service.board("t1")
    for lang in ("en", "ja"):
        said = final.public_lines(lang)
        over = Text.of("game.over").get(lang)
        assert said.count(over) == 1, said[-8:]
