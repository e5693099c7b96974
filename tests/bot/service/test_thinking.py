"""Slow AI kinds think off the event loop: other tables move meanwhile, failures fall back to greedy,
and the search AI in a real spawn process pool plays the same moves again under the same seed."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import games
from bot.service import errors
from bot.service.store import SqliteStore
from bot.service.thinking import Thinker, ThinkingSettings
from games.adapters import AiKind
from tests.bot.conftest import Clock, ServiceFactory
from tests.bot.testgames import LargestAdd, Tally

HOUR = 3600.0
STARTED = threading.Event()  # the slow AI has begun to think
RELEASE = threading.Event()  # the test lets it answer


class Pondering:
    """A slow AI for the test game: waits until the test releases it, then adds 1 (not greedy's 3)."""

    def __init__(self, *, seconds: float | None = None, iterations: int | None = None) -> None:
        self.budget = (seconds, iterations)

    def choose(self, game: Any, state: Any, seat: str, rng: Any) -> Any:
        STARTED.set()
        if not RELEASE.wait(timeout=10):
            raise RuntimeError("never released")
        return next(m for m in game.legal_moves(state, seat) if getattr(m, "amount", 0) == 1)


class Broken(Pondering):
    def choose(self, game: Any, state: Any, seat: str, rng: Any) -> Any:
        raise RuntimeError("the search blew up")


class Ponder(Tally):
    """Tally with two slow AI kinds."""

    id = "ponder"

    def ai_kinds(self) -> tuple[AiKind, ...]:
        return (
            AiKind("greedy", {"en": "adds the most", "ja": "最大を加える"}, LargestAdd),
            AiKind("pondering", {"en": "slow", "ja": "遅い"}, Pondering, slow=True),
            AiKind("broken", {"en": "fails", "ja": "失敗"}, Broken, slow=True),
        )


@pytest.fixture
def ponder() -> Iterator[None]:
    games.register(Ponder())
    STARTED.clear()
    RELEASE.clear()
    yield
    RELEASE.set()
    games.unregister("ponder")


@pytest.fixture
def threads() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(max_workers=2) as executor:
        yield executor


async def test_another_table_moves_while_an_ai_thinks(
    ponder: None, store: SqliteStore, make_service: ServiceFactory, threads: ThreadPoolExecutor
) -> None:
    service = make_service(store, thinker=Thinker(executor=threads))
    slow = await service.start("c1", "u1", game="ponder", bots=1, bot_kind="pondering", name="Ann")
    other = await service.start("c2", "u2", game="tally", name="Bo")
    thinking = asyncio.create_task(service.act(slow.table.id, "u1", "add 2"))
    await asyncio.to_thread(STARTED.wait, 10)
    # The AI of the first table is thinking now; the second table answers at once.
    moved = await service.act(other.table.id, "u2", "add 3")
    assert moved.moves[0].notation == "add 3"
    assert not thinking.done()
    RELEASE.set()
    update = await thinking
    assert [m.notation for m in update.moves] == ["add 2", "add 1"]


async def test_a_failing_or_late_slow_ai_falls_back_to_greedy(
    ponder: None,
    store: SqliteStore,
    make_service: ServiceFactory,
    threads: ThreadPoolExecutor,
    caplog: pytest.LogCaptureFixture,
) -> None:
    late = Thinker(ThinkingSettings(seconds=0.0, margin=0.05), executor=threads)
    service = make_service(store, thinker=late)
    table = await service.start("c1", "u1", game="ponder", bots=1, bot_kind="pondering", name="Ann")
    with caplog.at_level(logging.WARNING, logger="bot.service.thinking"):
        update = await service.act(table.table.id, "u1", "add 2")
    assert [m.notation for m in update.moves] == ["add 2", "add 3"]  # greedy's move
    assert "timed out; greedy moves instead" in caplog.text
    RELEASE.set()

    service = make_service(store, thinker=Thinker(executor=threads))
    table = await service.start("c3", "u3", game="ponder", bots=1, bot_kind="broken", name="Cy")
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="bot.service.thinking"):
        update = await service.act(table.table.id, "u3", "add 1")
    assert [m.notation for m in update.moves] == ["add 1", "add 3"]
    assert "the search blew up" in caplog.text


async def strong_game(store: SqliteStore, make_service: ServiceFactory, thinker: Thinker) -> Any:
    """Two strong AIs play a few moves of Sankt Petersburg for a human who only passes."""
    service = make_service(store, thinker=thinker)
    update = await service.start(
        "c1", "u1", game="stpetersburg", bots=1, bot_kind="strong", name="Di"
    )
    for _ in range(3):
        update = await service.act(update.table.id, "u1", "pass")
    return [(m.seat, m.notation) for m in await service.log(update.table.id)]


async def test_strong_thinks_in_a_spawned_pool_and_replays_the_same_moves(
    tmp_path: Any, make_service: ServiceFactory
) -> None:
    settings = ThinkingSettings(iterations=12, margin=60.0)
    logs = []
    for attempt in range(2):
        store = await SqliteStore.open(tmp_path / f"{attempt}.sqlite3")
        thinker = Thinker(settings)
        try:
            logs.append(await strong_game(store, make_service, thinker))
        finally:
            thinker.close()
            await store.close()
    assert logs[0] == logs[1]
    assert sum(1 for seat, _ in logs[0] if seat == "Bot 1") >= 3


async def test_the_takeover_moves_with_the_configured_kind_where_the_game_offers_it(
    ponder: None,
    store: SqliteStore,
    make_service: ServiceFactory,
    threads: ThreadPoolExecutor,
    clock: Clock,
) -> None:
    RELEASE.set()
    settings = ThinkingSettings(takeover_kind="pondering")
    service = make_service(store, thinker=Thinker(settings, executor=threads))
    slow = await service.start("c1", "u1", game="ponder", bots=1, name="Ann")
    plain = await service.start("c2", "u2", game="tally", bots=1, name="Bo")
    for table in (slow, plain):
        await service.set_reminders(
            table.table.id, table.table.host, takeover_after=HOUR, takeover="ai"
        )
    clock.advance(HOUR)
    updates = {u.table.id: u for u in (await service.tick()).updates}
    # Ann's move is the slow kind's (add 1); tally offers no such kind, so greedy adds 3 for Bo.
    assert [m.notation for m in updates[slow.table.id].moves][:1] == ["add 1"]
    assert [m.notation for m in updates[plain.table.id].moves][:1] == ["add 3"]


async def test_strong_seats_through_start_kick_and_refusals(
    store: SqliteStore, make_service: ServiceFactory, threads: ThreadPoolExecutor
) -> None:
    """`strong` where the game offers it: /start bots, /kick; elsewhere refused with the game's
    own kinds."""
    tiny = ThinkingSettings(iterations=4)
    service = make_service(store, thinker=Thinker(tiny, executor=threads))
    await service.join("c1", "u2", name="Bob")
    update = await service.start(
        "c1", "u2", game="stpetersburg", bots=1, bot_kind="strong", name="Bob"
    )
    assert [s.kind for s in update.table.seats] == ["human", "strong"]
    table_id = update.table.id
    kicked = await service.replace_with_ai(table_id, "u2", "Bob", "strong", moderator=True)
    assert kicked.headline[0].en == "Bob is now played by a strong bot."
    assert kicked.table.status == "abandoned"  # nobody human is left: the table closes
    with pytest.raises(errors.BadBotKind) as refused:
        await service.start("c2", "u3", game="tally", bots=1, bot_kind="strong", name="Cy")
    assert str(refused.value) == (
        "There is no computer player strong; choose one of: random, greedy."
    )


async def test_kick_hands_a_seat_to_strong_and_the_game_goes_on(
    store: SqliteStore, make_service: ServiceFactory, threads: ThreadPoolExecutor
) -> None:
    service = make_service(store, thinker=Thinker(ThinkingSettings(iterations=4), executor=threads))
    await service.join("c1", "u1", name="Ann")
    await service.join("c1", "u2", name="Bob")
    update = await service.start("c1", "u1", game="stpetersburg")
    kicked = await service.replace_with_ai(update.table.id, "u1", "Bob", "strong")
    assert kicked.headline[0].en == "Bob is now played by a strong bot."
    update = kicked
    for _ in range(6):
        update = await service.act(update.table.id, "u1", "pass")
    by_bob = [m for m in await service.log(update.table.id) if m.seat == "Bob"]
    assert len(by_bob) >= 6 and {m.by for m in by_bob} <= {"ai", "player"}
