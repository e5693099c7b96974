"""Issue 10: forged, huge or racing requests are refused with typed errors and change nothing."""

from __future__ import annotations

import asyncio
import math
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.service import errors, lobby, thinking
from bot.service.limits import RateLimiter
from bot.service.store import SqliteStore
from bot.service.tables import TableDefaults, TableService
from tests.bot.conftest import Clock, ServiceFactory, dump


async def tally_with_a_bot(service: TableService) -> str:
    """Alice (u1) alone with a greedy AI seat at Tally, her turn."""
    update = await service.start("c1", "u1", game="tally", name="Alice", bots=1)
    return update.table.id


async def test_a_move_before_the_ai_failed_is_written_and_reported_done(
    service: TableService, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding 6: the AI fails to answer; the player's move stands and is reported."""
    table = await tally_with_a_bot(service)

    def broken_ai(*args: Any) -> Any:
        raise RuntimeError("the AI crashed")

    monkeypatch.setattr(thinking, "choose_move", broken_ai)
    update = await service.act(table, "u1", "add 1")
    assert [m.seat for m in update.moves] == ["Alice"]
    assert update.version == 1
    assert (await service.info(table)).version == 1  # written, not only reported
    monkeypatch.undo()
    # The AI moves at the next tick (its seat counts as stalled after `stalled_after`).
    clock.advance(service.stalled_after + 1)
    tick = await service.tick()
    assert [m.seat for u in tick.updates for m in u.moves] == ["Bot 1"]
    assert (await service.info(table)).version == 2


async def test_a_failed_write_of_a_move_and_the_ai_answer_leaves_neither(
    service: TableService, db_path: Path
) -> None:
    """Finding 6, now that a move and the AI's answers are written in one transaction: a failed
    write leaves neither, so no move is ever written but reported failed; a retry plays both."""
    table = await tally_with_a_bot(service)
    real_append = service.store.append

    async def failing(*args: Any, **kwargs: Any) -> None:
        raise errors.StorageFull()

    before = dump(db_path)
    service.store.append = failing  # type: ignore[method-assign]
    with pytest.raises(errors.StorageFull):
        await service.act(table, "u1", "add 1")
    assert dump(db_path) == before
    service.store.append = real_append  # type: ignore[method-assign]
    update = await service.act(table, "u1", "add 1")
    assert [m.seat for m in update.moves] == ["Alice", "Bot 1"]
    assert update.version == 2


@pytest.mark.parametrize("hours", [math.nan, math.inf, -math.inf])
async def test_reminder_hours_that_are_no_number_are_refused(
    service: TableService, db_path: Path, hours: float
) -> None:
    """Finding 8: NaN and infinite hours get BadSetting, not a crash."""
    table = await tally_with_a_bot(service)
    before = dump(db_path)
    for settings in ({"remind_after": hours}, {"takeover_after": hours, "takeover": "ai"}):
        with pytest.raises(errors.BadSetting) as raised:
            await service.set_reminders(table, "u1", **settings)  # type: ignore[arg-type]
        assert raised.value.message("ja")
    assert dump(db_path) == before


@pytest.mark.parametrize("version", [2**63, 2**70, -1, 10**10])
async def test_a_version_no_board_showed_is_a_stale_board(
    service: TableService, db_path: Path, version: int
) -> None:
    """Finding 8: a huge or negative version is refused, not an OverflowError."""
    table = await tally_with_a_bot(service)
    before = dump(db_path)
    with pytest.raises(errors.StaleBoard):
        await service.act(table, "u1", "add 1", version=version)
    assert dump(db_path) == before


async def test_a_typed_move_sent_out_of_turn_is_refused_even_if_the_turn_came_meanwhile(
    service: TableService,
) -> None:
    """Finding 10: Bob types while Alice's move is being processed; his move is not played."""
    await service.join("c1", "u1", name="Alice")
    await service.join("c1", "u2", name="Bob")
    table = (await service.start("c1", "u1", game="tally")).table.id
    alice, bob = await asyncio.gather(
        service.act(table, "u1", "add 1"),
        service.act(table, "u2", "add 1"),
        return_exceptions=True,
    )
    assert not isinstance(alice, BaseException)
    assert isinstance(bob, errors.NotYourTurn)
    assert [m.seat for m in await service.log(table)] == ["Alice"]
    # Typed again, now that it is his turn, it is played.
    assert (await service.act(table, "u2", "add 1")).version == 2


async def test_a_double_submit_still_applies_once(service: TableService) -> None:
    table = await tally_with_a_bot(service)
    first, second = await asyncio.gather(
        service.act(table, "u1", "add 1"),
        service.act(table, "u1", "add 1"),
        return_exceptions=True,
    )
    assert not isinstance(first, BaseException)
    assert isinstance(second, errors.AlreadyPlayed)
    assert [m.seat for m in await service.log(table)] == ["Alice", "Bot 1"]


async def test_start_with_a_bad_reminder_time_starts_nothing(
    store: SqliteStore, make_service: ServiceFactory, db_path: Path
) -> None:
    """Finding 11: remind_after beyond the takeover time is refused before the game starts."""
    defaults = TableDefaults(remind_after=3600.0, takeover_after=48 * 3600.0, takeover="ai")
    service = make_service(store, defaults=defaults)
    await service.join("c1", "u1", name="Alice")
    before = dump(db_path)
    with pytest.raises(errors.BadSetting):
        await service.start("c1", "u1", game="tally", bots=1, remind_after=100 * 3600.0)
    assert dump(db_path) == before
    assert (await service.find("c1")) is not None and (await service.find("c1")).status == "lobby"  # type: ignore[union-attr]
    update = await service.start("c1", "u1", game="tally", bots=1, remind_after=12 * 3600.0)
    assert update.table.remind_after == 12 * 3600.0


async def test_a_huge_move_is_refused_with_a_short_error(
    service: TableService, db_path: Path
) -> None:
    """Finding 13: a 100 KB move gets a short error quoting a clipped piece of it."""
    table = await tally_with_a_bot(service)
    before = dump(db_path)
    for text in ("x" * 100_000, "add " + "9" * 400, "frob " * 90):
        with pytest.raises((errors.MoveNotUnderstood, errors.MoveNotAllowed)) as raised:
            await service.act(table, "u1", text)
        assert len(raised.value.message("en")) < 400
        assert len(raised.value.message("ja")) < 400
    for name in ("x" * 10_000, "y" * 500):
        with pytest.raises(errors.UnknownSeat) as unknown:
            await service.replace_with_ai(table, "u1", name)
        assert len(unknown.value.message("en")) < 200
    with pytest.raises(errors.UnknownGame) as game:
        await service.start("c2", "u1", game="z" * 10_000, name="Alice")
    assert len(game.value.message("en")) < 300
    assert dump(db_path) == before


@pytest.mark.parametrize("value", ["5", "yes", 5.0, True])
async def test_option_values_are_checked_by_type(
    service: TableService, db_path: Path, value: object
) -> None:
    """Finding 13: `target: "5"` is refused by the service, not stored as a string."""
    await service.join("c1", "u1", name="Alice")
    before = dump(db_path)
    with pytest.raises(errors.BadOptions):
        await service.choose_game("c1", "u1", "tally", {"target": value})
    with pytest.raises(errors.BadOptions):
        await service.start("c1", "u1", game="tally", options={"target": value})
    assert dump(db_path) == before
    update = await service.start("c1", "u1", game="tally", options={"target": 5})
    assert update.table.options == {"target": 5}


async def test_too_many_bots_are_refused_before_any_seat_is_built(
    service: TableService, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding 16: `bots:2000` is refused by the game's seat limit before seats are made."""
    await service.join("c1", "u1", name="Alice")
    before = dump(db_path)
    named: list[str] = []
    real = lobby.seat_name

    def counting(name: str, taken: Sequence[str]) -> str:
        named.append(name)
        return real(name, taken)

    monkeypatch.setattr(lobby, "seat_name", counting)
    with pytest.raises(errors.TooManyPlayers) as raised:
        await service.start("c1", "u1", game="tally", bots=2_000)
    assert named == []
    assert "2001" in raised.value.message("en")
    assert dump(db_path) == before


async def test_finished_tables_do_not_fill_the_cache(store: SqliteStore) -> None:
    """Finding 17: the cache keeps at most its size in tables, however many were played."""
    service = TableService(store, cache_size=50)
    for n in range(service._cache_size + 20):
        options = {"target": 3}
        update = await service.start(f"c{n}", f"u{n}", game="tally", name="A", options=options)
        assert (await service.act(update.table.id, f"u{n}", "add 3")).finished
    assert len(service._cache) == 50


@pytest.mark.parametrize(
    ("display", "seat"),
    [
        ("Alice\u200b", "Alice 2"),  # zero-width space: a look-alike of Alice
        ("\u202eecilA", "ecilA"),  # right-to-left override
        ("Al\u2066ice\u2069", "Alice 2"),  # bidi isolates
        ("  Bob \n\t the\u00a0Builder ", "Bob the Builder"),
        ("x" * 100, "x" * 24),
        ("\u200b\u200d\ufeff", "Player"),
        ("Ｂｏｂ", "Bob"),  # full-width letters read as the same name
        ("<@123456789>", "<@123456789>"),  # kept here; the Discord adapter escapes it
    ],
)
async def test_seat_names_are_cleaned_and_look_alikes_told_apart(
    service: TableService, display: str, seat: str
) -> None:
    """Finding 1: control/format characters go, whitespace collapses, length is clipped."""
    await service.join("c1", "u1", name="Alice")
    lobby = await service.join("c1", "u2", name=display)
    assert [s.seat for s in lobby.table.seats] == ["Alice", seat]


async def test_a_member_sits_at_no_more_open_tables_than_the_cap(
    store: SqliteStore, make_service: ServiceFactory, db_path: Path
) -> None:
    """Finding 16: any member could /start in every channel; the cap is configurable."""
    service = make_service(store, defaults=TableDefaults(open_tables_per_member=2))
    await service.start("c1", "u1", game="tally", name="Alice")
    await service.join("c2", "u1", name="Alice")
    before = dump(db_path)
    with pytest.raises(errors.TooManyTables) as raised:
        await service.start("c3", "u1", game="tally", name="Alice")
    assert "2" in raised.value.message("en") and "2" in raised.value.message("ja")
    with pytest.raises(errors.TooManyTables):
        await service.join("c1x", "u1", name="Alice")
    assert dump(db_path) == before
    await service.join("c3", "u2", name="Bob")  # others are not held back
    await service.abandon((await service.find("c1")).id, "u1")  # type: ignore[union-attr]
    assert (await service.join("c3", "u1", name="Alice")).table.channel == "c3"


def test_the_rate_limiter_counts_per_key_in_a_sliding_window() -> None:
    now = [0.0]
    limiter = RateLimiter(3, 60.0, clock=lambda: now[0], max_keys=2)
    assert [limiter.allow("a") for _ in range(4)] == [True, True, True, False]
    assert limiter.allow("b")
    now[0] = 59.0
    assert not limiter.allow("a")
    now[0] = 60.0
    assert limiter.allow("a")
    limiter.allow("c")
    assert len(limiter._seen) == 2  # memory stays bounded


FUZZ_TEXT = [
    "",
    " ",
    "\x00",
    "\u202e\u200b",
    "add -1",
    "add 99999999999999999999",
    "<@1> @everyone",
    "[x](https://e.example)",
    "ｐａｓｓ" * 50,
    "x" * 100_000,
    "add 1" * 200,
    "\ud800",
]


async def test_fuzzed_requests_are_refused_with_typed_errors_and_change_nothing(
    service: TableService, db_path: Path
) -> None:
    """The issue's figure: fuzzed inputs get typed errors and leave the database byte-identical."""
    await service.join("c1", "u1", name="Alice")
    await service.join("c1", "u2", name="Bob")
    table = (await service.start("c1", "u1", game="tally")).table.id
    await service.act(table, "u1", "add 1")
    rng = random.Random(10)
    requests: list[Any] = []
    for text in FUZZ_TEXT:
        requests += [
            lambda t=text: service.act(table, "u1", t),  # not u1's turn
            lambda t=text: service.act(table, "u2", t, version=1 + rng.randrange(-3, 3) * 2),
            lambda t=text: service.replace_with_ai(table, "u1", t, t or "?"),
            lambda t=text: service.start("c9", "u9", game=t or "?", name=t),
            lambda t=text: service.set_reminders(table, "u1", takeover=t),
        ]
    for value in (math.nan, math.inf, -1.0, 0.0, 1e308, 2**70):
        requests.append(lambda v=value: service.set_reminders(table, "u1", remind_after=v))
    before = dump(db_path)
    for request in requests:
        try:
            await request()
        except errors.TableError as error:
            assert 0 < len(error.message("en")) < 600 and 0 < len(error.message("ja")) < 600
        else:
            raise AssertionError("a fuzzed request was accepted")
        assert dump(db_path) == before
