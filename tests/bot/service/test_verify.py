"""Replaying the move log from the seed equals the stored snapshot after every move of random games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.service.store import SqliteStore
from bot.service.tables import TableService
from tests.bot.conftest import ServiceFactory, dump


async def random_game(
    service: TableService, channel: str, game: str, humans: int, bots: int, seed: int
) -> int:
    """Random legal moves by every human seat; verify after each. Returns the moves logged."""
    rng = random.Random(seed)
    for n in range(humans):
        await service.join(channel, f"{channel}-u{n}", name=f"P{n}")
    kind = rng.choice(["random", "greedy"])
    update = await service.start(channel, f"{channel}-u0", game=game, bots=bots, bot_kind=kind)
    table_id = update.table.id
    assert (await service.verify(table_id)).ok
    while not update.finished:
        seat = rng.choice(update.to_act)
        assert seat.user is not None
        hand = await service.hand(table_id, seat.user)
        update = await service.act(table_id, seat.user, rng.choice(hand.legal_moves))
        check = await service.verify(table_id)
        assert check.ok, check.problem
        assert check.moves == update.version
    return update.version


@pytest.mark.parametrize("seed", range(12))
async def test_small_random_games_replay_to_their_snapshot(
    service: TableService, seed: int
) -> None:
    rng = random.Random(seed)
    game = rng.choice(["tally", "sealed"])
    humans = rng.randint(1, 3) if game == "tally" else rng.randint(1, 2)
    bots = rng.randint(0, 4 - humans) if game == "tally" else rng.randint(2 - humans, 4 - humans)
    assert await random_game(service, "c1", game, humans, bots, seed) > 0


@pytest.mark.parametrize(("humans", "bots"), [(1, 0), (2, 1), (4, 0)])
async def test_stpetersburg_random_games_replay_to_their_snapshot(
    service: TableService, humans: int, bots: int
) -> None:
    assert await random_game(service, "c1", "stpetersburg", humans, bots, humans * 10 + bots) > 50


async def test_verify_notices_a_snapshot_that_differs_from_the_log(
    service: TableService, db_path: Path
) -> None:
    update = await service.start("c1", "u1", game="tally", name="A", options={"target": 9})
    await service.act(update.table.id, "u1", "add 2")
    import sqlite3

    with sqlite3.connect(db_path) as connection:
        connection.execute(
            "UPDATE snapshots SET state = replace(state, '\"total\":2', '\"total\":3')"
        )
    check = await service.verify(update.table.id)
    assert not check.ok and check.problem == "the replayed state differs from the snapshot"


async def test_verify_works_on_a_fresh_store(db_path: Path, make_service: ServiceFactory) -> None:
    store = await SqliteStore.open(db_path)
    await random_game(make_service(store), "c1", "tally", 2, 1, 3)
    await store.close()
    rows = dump(db_path)
    store = await SqliteStore.open(db_path)
    fresh = make_service(store)
    assert (await fresh.verify("t1")).ok
    assert dump(db_path) == rows  # verifying writes nothing
    await store.close()
