"""Living with many tables: /mygames, away, time zones and quiet hours, through the service."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import errors
from bot.service.members import (
    AWAY_TRUSTED,
    BadAwayDays,
    BadQuietHours,
    BadTimezone,
    QuietNeedsZone,
)
from bot.service.quiet import awake_seconds, parse_quiet, quiet_until
from bot.service.store import Store, open_store
from bot.service.store.copy import copy_tables
from bot.service.store.members import HeldMention, MemberSettings
from bot.service.tables import TableDefaults, TableService
from bot.service.updates import Reminder
from tests.bot.conftest import START, Clock, ServiceFactory

HOUR = 3600.0
DAY = 86400.0
# START is 2023-11-14 22:13:20 UTC: 07:13:20 on the 15th in Tokyo, inside quiet hours 23-08,
# which end at 08:00 JST (23:00 UTC), 2,800 seconds later.
TOKYO_QUIET_ENDS = START + 2800


async def tally(service: TableService, channel: str, first: str, second: str, **kw: str) -> str:
    """A tally game between two members (the first to act is `first`)."""
    await service.join(channel, first, name=first.upper(), **kw)
    await service.join(channel, second, name=second.upper(), **kw)
    update = await service.start(channel, first, game="tally", options={"target": 30})
    return update.table.id


async def reminded(service: TableService) -> list[str]:
    return [r.seat.seat for r in (await service.tick()).reminders]


# ---------------------------------------------------------------- /mygames


async def test_my_games_lists_the_members_tables_those_waiting_on_them_first(
    service: TableService, clock: Clock
) -> None:
    theirs = await tally(service, "c1", "bob", "ann", guild="g1")  # waits on bob
    clock.advance(HOUR)
    mine = await tally(service, "c2", "ann", "cy", guild="g1")  # waits on ann, for less long
    clock.advance(HOUR)
    await service.join("c3", "ann", name="ANN", guild="g1")  # a lobby
    done = await tally(service, "c4", "ann", "bob", guild="g1")
    await service.act(done, "ann", "add 3")
    await service.act(done, "bob", "add 3")
    for _ in range(9):
        info = await service.status(done)
        if info.outcome is not None:
            break
        await service.act(done, info.to_act[0].user or "", "add 3")
    await tally(service, "c5", "ann", "dee", guild="g2")  # another server: counted, not named
    clock.advance(HOUR)

    listed = await service.my_games("ann", "g1")
    assert [m.table.id for m in listed.tables if m.yours] == [mine]
    assert {m.table.id for m in listed.tables} >= {theirs, mine, done}
    assert listed.waiting_everywhere == 2  # c2 here and c5 on the other server
    en = listed.lines("en", link=lambda m: f"<{m.table.id}>")
    assert en[0] == "**Waiting for you:**"
    assert en[1].startswith("• Tally (ANN, CY): you to act, waiting 2 h") and f"<{mine}>" in en[1]
    assert any(line.startswith("• Tally (BOB, ANN): BOB to act, waiting 3 h") for line in en)
    assert "**Lobbies:**" in en and "**Finished lately:**" in en
    assert any("finished 60 min ago: 1." in line for line in en)
    assert en[-1] == "Tables waiting for your move on all servers: 2"
    assert all("DEE" not in line for line in en)  # the other server's table is not named
    ja = listed.lines("ja")
    assert ja[0] == "**あなたの手番：**" and "あなた の手番、2時間経過" in ja[1]
    assert ja[-1] == "全サーバーであなたの手番のテーブル：2"

    nothing = await service.my_games("zed", "g1")
    assert nothing.lines("ja") == [
        "このサーバーで参加中のテーブルはありません。",
        "全サーバーであなたの手番のテーブル：0",
    ]


# ---------------------------------------------------------------- away


async def test_an_away_member_is_neither_reminded_nor_taken_over_and_is_marked(
    service: TableService, clock: Clock
) -> None:
    table_id = await tally(service, "c1", "ann", "bob")
    await service.set_reminders(table_id, "ann", takeover_after=3 * HOUR, takeover="pass")
    said = await service.set_away("ann", 2, note="hiking\u202e in the Alps")
    assert said.en.startswith("You are away until 2023-11-16 22:13 UTC.")
    assert said.en.endswith("Note: hiking in the Alps")  # the bidi override is gone
    assert "まで不在にしました" in said.ja
    assert await service.away_marks(await service.info(table_id)) == {"ANN": START + 2 * DAY}
    clock.advance(2 * DAY - 1)
    tick = await service.tick()
    assert tick.reminders == () and tick.updates == ()
    assert (await service.info(table_id)).version == 0
    # The away ends by itself; the clocks restart from then.
    clock.now = START + 2 * DAY + HOUR - 1
    assert await reminded(service) == []
    assert await service.away_marks(await service.info(table_id)) == {}
    clock.now = START + 2 * DAY + HOUR
    assert await reminded(service) == ["ANN"]


async def test_away_ends_at_the_members_move_or_when_they_say_so(
    service: TableService, clock: Clock
) -> None:
    table_id = await tally(service, "c1", "ann", "bob")
    await service.set_away("ann", 3)
    await service.set_away("bob", 3)
    clock.advance(HOUR)
    await service.act(table_id, "ann", "add 1")
    assert (await service.member("ann")).away_until == START + HOUR
    assert (await service.away_marks(await service.info(table_id))) == {"BOB": START + 3 * DAY}
    assert (await service.end_away("bob")).en == "Welcome back: you are no longer away."
    assert (await service.end_away("bob")).ja == "不在ではありません。"
    clock.advance(HOUR)  # bob's clock started again when he came back
    assert await reminded(service) == ["BOB"]


async def test_a_game_whose_every_human_is_away_simply_waits(
    service: TableService, clock: Clock
) -> None:
    table_id = await tally(service, "c1", "ann", "bob")
    await service.set_reminders(table_id, "ann", takeover_after=HOUR, takeover="ai")
    await service.set_away("ann", 14)
    await service.set_away("bob", 14)
    clock.advance(13 * DAY)
    tick = await service.tick()
    assert tick.reminders == () and tick.updates == ()


@pytest.mark.parametrize("days", [0, 15, -1, True])
async def test_away_is_capped_by_the_servers_setting(service: TableService, days: int) -> None:
    with pytest.raises(BadAwayDays) as refused:
        await service.set_away("ann", days)
    assert refused.value.message("en") == "Away is for 1 to 14 days."
    assert refused.value.message("ja") == "不在は1日から14日までです。"
    assert (await service.member("ann")).away_until is None


async def test_the_cap_comes_from_the_defaults(store: Store, make_service: ServiceFactory) -> None:
    service = make_service(store, defaults=TableDefaults(away_days_max=30))
    await service.set_away("ann", 30)
    with pytest.raises(BadAwayDays):
        await service.set_away("ann", 31)


# ---------------------------------------------------------------- quiet hours


def test_quiet_hours_are_read_and_checked() -> None:
    assert parse_quiet("23-08") == (23, 8)
    assert parse_quiet("22:00-7:00") == (22, 7)
    assert parse_quiet(" 9 - 17 ") == (9, 17)
    assert parse_quiet("0-24") == (0, 0) or parse_quiet("0-24") is None
    for bad in ("23", "8-8", "25-03", "a-b", "23-08-01"):
        assert parse_quiet(bad) is None, bad


def test_quiet_windows_follow_the_members_zone() -> None:
    tokyo = MemberSettings("u", timezone="Asia/Tokyo", quiet_from=23, quiet_to=8)
    assert quiet_until(tokyo, START) == TOKYO_QUIET_ENDS
    assert quiet_until(tokyo, TOKYO_QUIET_ENDS) is None
    assert quiet_until(MemberSettings("u"), START) is None
    # A whole day holds nine quiet hours: a clock runs 15 hours in 24.
    assert awake_seconds(tokyo, START, START + DAY) == pytest.approx(15 * HOUR)
    berlin = MemberSettings("u", timezone="Europe/Berlin", quiet_from=23, quiet_to=8)
    # 23:13 in Berlin: quiet until 08:00 there, 07:00 UTC; at 22:53 not yet quiet.
    assert quiet_until(berlin, START) == START + 8 * HOUR + 46 * 60 + 40
    assert quiet_until(berlin, START - 20 * 60) is None


async def test_quiet_hours_are_set_and_bad_ones_refused_in_both_languages(
    service: TableService,
) -> None:
    said = await service.set_quiet("ann", timezone="Asia/Tokyo", quiet="23-08")
    assert said.en.startswith("Your time zone: Asia/Tokyo. Quiet hours: 23:00–08:00")
    assert said.ja.startswith("タイムゾーン：Asia/Tokyo。静かな時間：23時～08時")
    for call, error, ja in (
        ({"timezone": "Mars/Olympus"}, BadTimezone, "タイムゾーンではありません"),
        ({"quiet": "late"}, BadQuietHours, "静かな時間"),
    ):
        with pytest.raises(error) as refused:
            await service.set_quiet("ann", **call)
        assert ja in refused.value.message("ja") and refused.value.message("en")
    with pytest.raises(QuietNeedsZone):
        await service.set_quiet("bob", quiet="23-08")
    settings = await service.member("ann")
    assert (settings.timezone, settings.quiet_from, settings.quiet_to) == ("Asia/Tokyo", 23, 8)
    off = await service.set_quiet("ann", quiet="off")
    assert off.en == "Your time zone: Asia/Tokyo. Quiet hours: none."
    assert isinstance(BadTimezone(zone="x"), errors.TableError)


async def test_a_board_in_quiet_hours_holds_the_mention_until_they_end(
    service: TableService, clock: Clock
) -> None:
    table_id = await tally(service, "c1", "ann", "bob")
    await service.set_quiet("ann", timezone="Asia/Tokyo", quiet="23-08")
    table = await service.info(table_id)
    assert await service.mention_now(table, table.seats[:1]) == ()
    assert await service.quiet_now(["ann", "bob"]) == {"ann"}
    sent: list[Reminder] = []

    async def send(reminder: Reminder) -> bool:
        sent.append(reminder)
        return True

    clock.now = TOKYO_QUIET_ENDS - 1
    assert await service.release_mentions(send) == [] and sent == []
    clock.now = TOKYO_QUIET_ENDS
    assert await service.release_mentions(send) == [table_id]
    (reminder,) = sent
    assert reminder.seat.user == "ann"
    assert reminder.text.en == "ANN, your quiet hours are over: Tally is waiting for your move."
    assert "静かな時間が終わりました" in reminder.text.ja
    assert await service.release_mentions(send) == []  # once only
    assert await service.mention_now(table, table.seats[:1]) == table.seats[:1]


async def test_a_held_mention_no_longer_owed_is_dropped(
    service: TableService, clock: Clock
) -> None:
    table_id = await tally(service, "c1", "ann", "bob")
    await service.set_quiet("ann", timezone="Asia/Tokyo", quiet="23-08")
    table = await service.info(table_id)
    await service.mention_now(table, table.seats[:1])
    await service.act(table_id, "ann", "add 1")  # she moved anyway, at night
    clock.now = TOKYO_QUIET_ENDS

    async def send(reminder: Reminder) -> bool:
        raise AssertionError("nothing is owed")

    assert await service.release_mentions(send) == []
    assert await service.store.members.held() == []


async def test_reminder_and_takeover_clocks_stand_still_in_quiet_hours(
    service: TableService, clock: Clock
) -> None:
    table_id = await tally(service, "c1", "ann", "bob")
    await service.set_reminders(table_id, "ann", takeover_after=2 * HOUR, takeover="pass")
    await service.set_quiet("ann", timezone="Asia/Tokyo", quiet="23-08")
    clock.now = TOKYO_QUIET_ENDS + HOUR - 1
    assert await reminded(service) == []
    clock.now = TOKYO_QUIET_ENDS + HOUR
    assert await reminded(service) == ["ANN"]
    clock.now = TOKYO_QUIET_ENDS + 2 * HOUR - 1
    assert (await service.tick()).updates == ()
    clock.now = TOKYO_QUIET_ENDS + 2 * HOUR
    (update,) = (await service.tick()).updates
    assert update.moves[0].by == "auto"


# ---------------------------------------------------------------- kept and copied


async def _settings_kept(database: str | Path, make_service: ServiceFactory) -> None:
    store = await open_store(database)
    service = make_service(store)
    table_id = await tally(service, "c1", "ann", "bob")
    await service.set_quiet("ann", timezone="Asia/Tokyo", quiet="23-08")
    await service.set_away("bob", 5, note="away")
    await service.mention_now(await service.info(table_id), (await service.info(table_id)).seats)
    await store.close()
    store = await open_store(database)
    fresh = make_service(store)
    ann, bob = await fresh.member("ann"), await fresh.member("bob")
    assert (ann.timezone, ann.quiet_from, ann.quiet_to) == ("Asia/Tokyo", 23, 8)
    assert (bob.away_until, bob.away_note) == (START + 5 * DAY, "away")
    assert await store.members.held() == [HeldMention(table_id, "ann", 0, TOKYO_QUIET_ENDS)]
    await store.close()


async def test_settings_survive_a_restart_on_sqlite(
    db_path: Path, make_service: ServiceFactory
) -> None:
    await _settings_kept(db_path, make_service)


async def test_settings_survive_a_restart_on_postgresql(
    postgres_dsn: str, make_service: ServiceFactory
) -> None:
    await _settings_kept(postgres_dsn, make_service)


async def test_migrate_copies_the_settings_and_held_mentions(
    db_path: Path, postgres_dsn: str, make_service: ServiceFactory
) -> None:
    source = await open_store(db_path)
    service = make_service(source)
    table_id = await tally(service, "c1", "ann", "bob")
    await service.set_quiet("ann", timezone="Asia/Tokyo", quiet="23-08")
    await service.set_away("cy", 2)
    await service.mention_now(await service.info(table_id), (await service.info(table_id)).seats)
    await service.join("c2", "ann", name="ANN")
    await service.join("c2", "bob", name="BOB")
    done = await service.start("c2", "ann", game="tally", options={"target": 3})
    await service.act(done.table.id, "ann", "add 3")
    await service.rematch_after(done.table.id, "ann", HOUR)  # waits for bob
    target = await open_store(postgres_dsn)
    report = await copy_tables(source, target)
    assert report.member_settings == 2
    assert await target.members.all() == await source.members.all()
    assert await target.members.held() == await source.members.held() != []
    rematch = await target.rematches.get(done.table.id)
    assert rematch == await source.rematches.get(done.table.id)
    assert rematch is not None and rematch.accepted == ("ann",)
    await source.close()
    await target.close()


async def test_a_later_board_that_pings_drops_the_held_mention(
    service: TableService, clock: Clock
) -> None:
    table_id = await tally(service, "c1", "ann", "bob")
    await service.set_quiet("ann", timezone="Asia/Tokyo", quiet="23-08")
    table = await service.info(table_id)
    await service.mention_now(table, table.seats[:1])
    assert len(await service.store.members.held()) == 1
    clock.now = TOKYO_QUIET_ENDS - 60  # the hold is not due yet; a board now is still quiet
    await service.mention_now(table, table.seats[:1])
    assert len(await service.store.members.held()) == 1
    clock.now = TOKYO_QUIET_ENDS + 60  # awake: this board pings her, so nothing stays held
    assert await service.mention_now(table, table.seats[:1]) == table.seats[:1]
    assert await service.store.members.held() == []


async def test_a_move_in_another_process_ends_the_away_once_its_knowledge_is_fresh(
    store: Store, make_service: ServiceFactory, clock: Clock
) -> None:
    here, there = make_service(store), make_service(store)
    table_id = await tally(here, "c1", "ann", "bob")
    await there.act(table_id, "ann", "add 1")  # `there` now knows ann is not away
    await here.act(table_id, "bob", "add 1")
    await here.set_away("ann", 3)
    clock.advance(AWAY_TRUSTED + 1)  # what `there` read has aged out
    await there.act(table_id, "ann", "add 1")
    assert (await here.member("ann")).away_until == clock.now
    assert await here.away_marks(await here.info(table_id)) == {}
