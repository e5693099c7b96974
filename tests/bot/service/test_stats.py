"""Ratings and statistics through TableService: recorded at the end, rebuilt to the same numbers."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.service.stats import fold, player_key
from bot.service.store import SqliteStore
from bot.service.store.db import Step
from bot.service.store.stats import ResultRow
from bot.service.tables import TableService
from tests.bot.conftest import Clock
from tests.bot.service.test_play import play_out


async def finished_game(
    service: TableService, clock: Clock, channel: str, users: list[str], seed: int, bots: int = 1
) -> str:
    """A handful game of `users` (the first hosts) and AI seats, played at random to the end."""
    for user in users:
        await service.join(channel, user, name=user.upper(), guild="g1")
    update = await service.start(
        channel, users[0], game="handful", bots=bots, bot_kind="greedy", guild="g1"
    )
    final = await play_out(service, update, random.Random(seed))
    clock.advance(60)
    return final.table.id


async def test_stats_after_two_finished_games(service: TableService, clock: Clock) -> None:
    first = await finished_game(service, clock, "c1", ["u1", "u2"], seed=1)
    await finished_game(service, clock, "c2", ["u1", "u3"], seed=2)
    mine = await service.stats.player("g1", "u1")
    assert [s.game for s in mine] == ["handful"]
    assert mine[0].played == 2
    rows = await service.store.stats.results(guild="g1", player="user:u1")
    assert mine[0].wins == sum(1 for r in rows if r.rank == 1)
    assert mine[0].best_score == max(r.score for r in rows)
    assert mine[0].average_rank == sum(r.rank for r in rows) / 2
    assert mine[0].mu is not None and mine[0].sigma is not None
    assert mine[0].sigma < 25 / 3  # two games made it surer than a newcomer's
    assert (await service.stats.player("g1", "u2"))[0].played == 1
    assert await service.stats.player("other guild", "u1") == []
    # The AI kind is a player of its own.
    ai_rows = await service.store.stats.results(player="ai:greedy")
    assert len(ai_rows) == 2
    history = await service.stats.history("g1", "u1")
    assert len(history) == 2
    assert history[-1].table_id == first
    assert history[0].finished_at > history[1].finished_at
    assert {name for name, *_ in history[-1].standings} == {"U1", "U2", "Bot 1"}


async def test_the_leaderboard_ranks_by_conservative_rating(
    service: TableService, clock: Clock
) -> None:
    for index in range(3):
        await finished_game(service, clock, f"c{index}", ["u1", "u2"], seed=index)
    board = await service.stats.leaderboard("g1", "handful")
    assert [row.place for row in board] == [1, 2, 3]
    assert {row.player for row in board} == {"user:u1", "user:u2", "ai:greedy"}
    ordinals = [row.ordinal for row in board]
    assert ordinals == sorted(ordinals, reverse=True)
    assert all(row.played == 3 for row in board)
    assert sum(row.wins for row in board) >= 3


async def test_rebuilding_the_ratings_gives_the_same_numbers(
    service: TableService, clock: Clock, store: SqliteStore
) -> None:
    for index in range(4):
        users = ["u1", "u2"] if index % 2 else ["u2", "u3"]
        await finished_game(service, clock, f"c{index}", users, seed=index)
    incremental = await store.stats.all_ratings()
    assert len(incremental) == 4
    rebuilt = await service.stats.rebuild()
    assert [(r.player, r.mu, r.sigma) for r in rebuilt] == [
        (r.player, r.mu, r.sigma) for r in incremental
    ]
    assert await store.stats.all_ratings() == incremental


async def test_abandoned_games_do_not_count(service: TableService) -> None:
    await service.join("c1", "u1", name="A", guild="g1")
    await service.join("c1", "u2", name="B", guild="g1")
    update = await service.start("c1", "u1", game="handful", guild="g1")
    await service.abandon(update.table.id, "u1")
    assert await service.stats.player("g1", "u1") == []
    assert await service.store.stats.results() == []


async def test_a_result_is_recorded_once(service: TableService, clock: Clock) -> None:
    table_id = await finished_game(service, clock, "c1", ["u1"], seed=3)
    record = await service.store.get(table_id)
    assert record is not None
    before = await service.store.stats.all_ratings()
    loaded = await service._read(table_id)
    assert loaded.game is not None
    outcome = loaded.game.outcome(loaded.state)
    assert outcome is not None
    assert await service.stats.record(record, outcome) is False
    assert await service.store.stats.all_ratings() == before


def result(table: str, at: float, player: str, rank: int) -> ResultRow:
    return ResultRow(table, rank, "g", "x", "c", at, player, player, rank, 10 - rank, 3)


def test_ratings_fold_in_the_order_games_finished() -> None:
    games = [
        [result("a", 1.0, "p", 1), result("a", 1.0, "q", 2), result("a", 1.0, "r", 2)],
        [result("b", 2.0, "p", 3), result("b", 2.0, "q", 1), result("b", 2.0, "r", 2)],
    ]
    forward = fold([row for game in games for row in game])
    shuffled = fold([row for game in reversed(games) for row in game])
    assert forward == shuffled  # the finishing time orders them, not the order they are read
    by_player = {r.player: r for r in forward}
    assert by_player["q"].mu > by_player["r"].mu  # q won the second game, r came second


@pytest.mark.parametrize(
    ("kind", "user", "key"), [("human", "9", "user:9"), ("greedy", None, "ai:greedy")]
)
def test_player_keys(kind: str, user: str | None, key: str) -> None:
    from bot.service.store import SeatRecord

    assert player_key(SeatRecord(0, "S", kind, user, "en", 0.0)) == key


async def test_a_rebuild_records_a_game_whose_result_was_lost(
    service: TableService, clock: Clock, store: SqliteStore
) -> None:
    await finished_game(service, clock, "c1", ["u1", "u2"], seed=1)
    second = await finished_game(service, clock, "c2", ["u1", "u2"], seed=2)
    expected = await store.stats.all_ratings()
    # As after a crash between the last move and its result: the second result is missing.
    await store._sql.write(
        [Step("DELETE FROM results WHERE table_id = ?", [(second,)]), Step("DELETE FROM ratings")]
    )
    assert await store.stats.unrecorded() == [second]
    assert await service.stats.rebuild() == expected
    assert (await service.stats.player("g1", "u2"))[0].played == 2


async def test_the_rebuild_command_recomputes_the_ratings(
    service: TableService, clock: Clock, store: SqliteStore, db_path: Path
) -> None:
    from bot.__main__ import rebuild_ratings

    await finished_game(service, clock, "c1", ["u1", "u2"], seed=1)
    expected = await store.stats.all_ratings()
    await store._sql.write([Step("UPDATE ratings SET mu = 0")])
    assert await rebuild_ratings(db_path) == expected
