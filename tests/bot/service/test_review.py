"""Game reviews through the service: run in the pool, stored, answered at once the second time,
resumed after a restart, several tables taking turns; on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bot.service.after_errors import NotFinished
from bot.service.afterplay import replay
from bot.service.review import (
    NoReview,
    assemble,
    budget_from,
    budget_json,
    plan,
    review_part,
)
from bot.service.review_text import answer_lines, seat_of
from bot.service.store import SqliteStore, Store
from bot.service.store.postgres import PostgresStore
from bot.service.tables import TableService
from bot.service.thinking import Thinker, ThinkingSettings
from games.review import ReviewBudget
from tests.bot.conftest import ServiceFactory
from tests.bot.service.test_play import play_out

BUDGET = ReviewBudget(worlds=4, max_worlds=8, screen_worlds=2, chart_worlds=2)


@pytest.fixture(params=["sqlite", "postgresql"])
async def store(request: pytest.FixtureRequest, db_path: Path) -> AsyncIterator[Store]:
    """Each test below runs on both backends."""
    opened: Store
    if request.param == "sqlite":
        opened = await SqliteStore.open(db_path)
    else:
        opened = await PostgresStore.open(request.getfixturevalue("postgres_dsn"))
    yield opened
    await opened.close()


class Recording(Executor):
    """Runs submitted work in a thread and notes which table's part ran, in order; after
    `fail_after` parts every further one fails (a process that dies mid-review)."""

    def __init__(self, fail_after: int | None = None, gate: threading.Event | None = None) -> None:
        self.threads = ThreadPoolExecutor(max_workers=1)
        self.ran: list[str] = []
        self.fail_after = fail_after
        self.gate = gate  # when given, the first part waits for it

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self.fail_after is not None and len(self.ran) >= self.fail_after:
            failed: Future[Any] = Future()
            failed.set_exception(RuntimeError("the worker died"))
            return failed
        self.ran.append(f"{args[2]}{args[3]}")
        gate = self.gate
        if gate is not None and len(self.ran) == 1:
            return self.threads.submit(lambda: gate.wait(10) and fn(*args, **kwargs))
        return self.threads.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, **kwargs: Any) -> None:
        self.threads.shutdown(wait=wait)


def reviewing(make_service: ServiceFactory, store: Store, executor: Executor) -> TableService:
    thinker = Thinker(ThinkingSettings(workers=1), executor=executor)
    return make_service(store, thinker=thinker, review_budget=BUDGET)


async def finished_keen(service: TableService, channel: str = "c1", seed: int = 3) -> str:
    """A finished game of `keen` (handful with the strong AI): two people and a greedy bot."""
    await service.join(channel, "u1", name="Ann")
    await service.join(channel, "u2", name="Ben")
    update = await service.start(channel, "u1", game="keen", bots=1, bot_kind="greedy")
    final = await play_out(service, update, random.Random(seed))
    return final.table.id


async def test_a_review_is_computed_stored_and_shown_at_once_the_second_time(
    store: Store, make_service: ServiceFactory
) -> None:
    executor = Recording()
    service = reviewing(make_service, store, executor)
    table_id = await finished_keen(service)
    seen: list[tuple[int, int]] = []

    async def progress(done: int, total: int) -> None:
        seen.append((done, total))

    first = await service.reviews.review(table_id, progress)
    total = seen[-1][1]
    assert seen[0] == (0, total) and seen[-1] == (total, total) and len(executor.ran) == total
    # The chart has a point per turn and every human decision with a choice is judged.
    replayed = await replay(store, table_id)
    parts = plan(replayed, BUDGET)
    assert len(parts) == total
    humans = [m for m in replayed.moves if m.seat in ("Ann", "Ben")]
    assert [v.seq for v in first.review.verdicts] == [m.seq for m in humans]
    assert first.review.points[-1].move == len(replayed.moves)
    # The second request is answered from the store: no work in the pool.
    again = await service.reviews.review(table_id)
    assert again.review == first.review and len(executor.ran) == total
    record = await store.reviews.get(table_id)
    assert record is not None and record.done and await store.reviews.parts(table_id) == {}
    # The private answer speaks the player's language; someone who did not play gets no verdicts.
    ann = seat_of(first, "u1")
    assert ann == "Ann" and seat_of(first, "u9") is None
    assert "Review of Keen" in answer_lines(first, ann, "en")[0]
    assert "振り返り" in answer_lines(first, ann, "ja")[0]
    assert "did not play" in answer_lines(first, None, "en")[-1]
    executor.shutdown()


async def test_a_restart_keeps_finished_parts_and_resumes_the_review(
    store: Store, make_service: ServiceFactory
) -> None:
    dying = Recording(fail_after=3)
    service = reviewing(make_service, store, dying)
    table_id = await finished_keen(service)
    with pytest.raises(RuntimeError):
        await service.reviews.review(table_id)
    assert len(await store.reviews.parts(table_id)) == 3
    assert await store.reviews.unfinished() == [table_id]
    # A new process on the same database carries on from the three parts it finds.
    fresh = Recording()
    restarted = reviewing(make_service, store, fresh)
    assert await restarted.reviews.resume() == [table_id]
    await restarted.reviews.wait()
    record = await store.reviews.get(table_id)
    assert record is not None and record.done and record.result is not None
    replayed = await replay(store, table_id)
    parts = plan(replayed, BUDGET)
    assert len(fresh.ran) == len(parts) - 3
    # ... and the result is the review an uninterrupted run gives.
    budget = (await store.reviews.get(table_id)).budget  # type: ignore[union-attr]
    expected = assemble(
        parts,
        {
            p.key: review_part(
                "keen",
                replayed.states[p.state].model_dump_json(),
                p.kind,
                p.index,
                p.seat,
                p.move,
                budget,
                record.seed,
            )
            for p in parts
        },
    )
    assert (await restarted.reviews.review(table_id)).review == expected
    assert await store.reviews.unfinished() == []
    dying.shutdown()
    fresh.shutdown()


async def test_reviews_of_several_tables_take_turns(
    store: Store, make_service: ServiceFactory
) -> None:
    gate = threading.Event()
    executor = Recording(gate=gate)
    service = reviewing(make_service, store, executor)
    first = await finished_keen(service, "c1", seed=1)
    second = await finished_keen(service, "c2", seed=2)
    one = asyncio.create_task(service.reviews.review(first))
    two = asyncio.create_task(service.reviews.review(second))
    # The first table's first part holds the pool until the second table waits for its turn.
    while service.reviews.progress(second) is None:
        await asyncio.sleep(0.01)
    gate.set()
    await asyncio.gather(one, two)
    # Recording notes the part, not the table: tell them apart by the order of submission.
    total_first = len(plan(await replay(store, first), BUDGET))
    total_second = len(plan(await replay(store, second), BUDGET))
    assert len(executor.ran) == total_first + total_second
    # While both run, neither gets two parts in a row ahead of the other (FIFO turns): the
    # first table's parts are every other one until the shorter review is done.
    shorter = min(total_first, total_second)
    interleaved = executor.ran[: 2 * shorter]
    firsts = plan(await replay(store, first), BUDGET)
    seconds = plan(await replay(store, second), BUDGET)
    assert interleaved[0::2] == [p.key for p in firsts][:shorter]
    assert interleaved[1::2] == [p.key for p in seconds][:shorter]
    executor.shutdown()


async def test_a_game_without_the_strong_ai_or_not_over_is_not_reviewed(
    store: Store, make_service: ServiceFactory
) -> None:
    service = reviewing(make_service, store, Recording())
    await service.join("c1", "u1", name="Ann")
    update = await service.start("c1", "u1", game="handful", bots=1, bot_kind="greedy")
    finished = await play_out(service, update, random.Random(1))
    with pytest.raises(NoReview) as refused:
        await service.reviews.review(finished.table.id)
    assert "no strong AI" in refused.value.message("en")
    assert "強いAI" in refused.value.message("ja")
    await service.join("c2", "u1", name="Ann")
    running = await service.start("c2", "u1", game="keen", bots=1, bot_kind="greedy")
    with pytest.raises(NotFinished):
        await service.reviews.review(running.table.id)


def test_the_review_budget_comes_from_the_config() -> None:
    from pydantic import ValidationError

    from bot.service.config import Settings, review_budget

    assert review_budget(Settings()) == ReviewBudget()
    chosen = review_budget(Settings.model_validate({"review": {"worlds": 40, "z": 2.5}}))
    assert chosen.worlds == 40 and chosen.z == 2.5 and chosen.chart_worlds == 12
    with pytest.raises(ValidationError):
        Settings.model_validate({"review": {"worlds": 1}})


def test_a_budget_stored_before_max_worlds_keeps_its_fixed_worlds():
    # A review started by an older version and resumed now: its parts must be judged as its
    # first parts were, over `worlds` paired worlds and no more.
    stored = {k: v for k, v in dataclasses.asdict(ReviewBudget()).items() if k != "max_worlds"}
    assert budget_from(json.dumps(stored)).max_worlds == stored["worlds"]
    assert budget_from(budget_json(ReviewBudget())) == ReviewBudget()


def test_a_budget_stored_before_screen_to_end_keeps_screening_as_it_began():
    # Its first parts screened the candidates with the strong AI's cut playouts: so do the rest.
    stored = {k: v for k, v in dataclasses.asdict(ReviewBudget()).items() if k != "screen_to_end"}
    assert budget_from(json.dumps(stored)).screen_to_end is False
    assert ReviewBudget().screen_to_end is True
