"""The lobby of a channel and the host's and moderators' actions."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import errors
from bot.service.store import SqliteStore
from bot.service.tables import TableService
from bot.service.updates import Lobby, Update
from tests.bot.conftest import ServiceFactory


async def test_the_first_to_join_opens_the_lobby_and_hosts_it(service: TableService) -> None:
    lobby = await service.join("c1", "u1", name="  Alice   Liddell ", lang="ja", guild="g1")
    assert lobby.table.host == "u1" and lobby.table.status == "lobby"
    assert lobby.table.lang == "ja" and lobby.table.guild == "g1"
    assert [s.seat for s in lobby.table.seats] == ["Alice Liddell"]
    assert lobby.text.en == "Alice Liddell joined the table."
    second = await service.join("c1", "u2", name="alice liddell")
    assert [s.seat for s in second.table.seats] == ["Alice Liddell", "alice liddell 2"]
    assert "Alice Liddell" in second.summary("en") and "未選択" in second.summary("ja")


async def test_the_host_passes_on_and_the_last_to_leave_closes_the_lobby(
    service: TableService,
) -> None:
    await service.join("c1", "u1", name="Alice")
    await service.join("c1", "u2", name="Bob")
    await service.add_bot("c1", "u1", "random")
    left = await service.leave("c1", "u1")
    assert isinstance(left, Lobby)
    assert left.table.host == "u2"
    assert [s.seat for s in left.table.seats] == ["Bob", "Bot 1"]
    closed = await service.leave("c1", "u2")
    assert isinstance(closed, Lobby) and closed.table.status == "abandoned"
    assert await service.find("c1") is None
    reopened = await service.join("c1", "u3", name="Cy")
    assert reopened.table.id != left.table.id and reopened.table.host == "u3"


async def test_game_options_and_bots_are_chosen_before_the_start(service: TableService) -> None:
    await service.join("c1", "u1", name="Alice")
    chosen = await service.choose_game("c1", "u1", "tally", {"target": 7})
    assert chosen.table.game == "tally" and chosen.table.options == {"target": 7}
    await service.add_bot("c1", "u1", "random")
    await service.add_bot("c1", "u1", "greedy")
    removed = await service.remove_bot("c1", "u1")
    assert [s.seat for s in removed.table.seats] == ["Alice", "Bot 1"]
    update = await service.start("c1", "u1")
    assert update.table.game == "tally" and update.table.options == {"target": 7}
    assert update.view.target == 7  # type: ignore[attr-defined]
    assert update.headline[0].en == "Tally begins. Seats in order: Alice, Bot 1 (random bot)."
    assert update.headline[0].ja.startswith("タリーを開始します")


async def test_start_alone_opens_a_solo_table_in_one_step(service: TableService) -> None:
    update = await service.start("c1", "u1", game="stpetersburg", name="Alice")
    assert [s.seat for s in update.table.seats] == ["Alice"]
    assert [s.seat for s in update.to_act] == ["Alice"]
    assert update.table.version == 0 and update.moves == ()


async def test_any_number_of_channels_play_at_once(service: TableService) -> None:
    updates = await asyncio.gather(
        *(service.start(f"c{n}", f"u{n}", game="tally", bots=1, name=f"P{n}") for n in range(20))
    )
    assert len({u.table.id for u in updates}) == 20
    moved = await asyncio.gather(
        *(service.act(u.table.id, u.to_act[0].user or "", "add 1") for u in updates)
    )
    assert all(m.version >= 2 for m in moved)
    for update in updates:
        assert (await service.verify(update.table.id)).ok


async def test_one_open_table_per_channel_even_across_processes(
    store: SqliteStore, make_service: ServiceFactory
) -> None:
    other_store = await SqliteStore.open(store.path)
    a, b = make_service(store), make_service(other_store)
    await a.join("c1", "u1", name="Alice")
    joined = await b.join("c1", "u2", name="Bob")  # b finds a's lobby instead of opening one
    assert [s.seat for s in joined.table.seats] == ["Alice", "Bob"]
    await other_store.close()


async def test_the_game_gets_a_thread_and_commands_there_find_it(service: TableService) -> None:
    update = await service.start("c1", "u1", game="tally", name="Alice")
    await service.set_thread(update.table.id, "thread-9")
    found = await service.find("thread-9")
    assert found is not None and found.id == update.table.id


async def test_leaving_a_running_game_hands_the_seat_to_an_ai(service: TableService) -> None:
    await service.join("c1", "u1", name="Alice")
    await service.join("c1", "u2", name="Bob")
    update = await service.start("c1", "u1", game="tally", options={"target": 30})
    left = await service.leave("c1", "u1")  # Alice is to act: the AI plays for her at once
    assert isinstance(left, Update)
    assert left.headline[0].en == "Alice left the game; a greedy bot takes the seat."
    assert [m.seat for m in left.moves] == ["Alice"] and left.moves[0].by == "ai"
    assert left.table.host == "u2"
    assert [s.seat for s in left.to_act] == ["Bob"]
    with pytest.raises(errors.NotSeated):
        await service.hand(update.table.id, "u1")
    closed = await service.leave("c1", "u2")  # no human left: the table closes
    assert isinstance(closed, Update) and closed.table.status == "abandoned"
    assert await service.find("c1") is None


async def test_the_host_hands_a_seat_to_an_ai_and_abandons(service: TableService) -> None:
    await service.join("c1", "u1", name="Alice")
    await service.join("c1", "u2", name="Bob")
    update = await service.start("c1", "u1", game="tally", options={"target": 30})
    table_id = update.table.id
    await service.act(table_id, "u1", "add 1")
    replaced = await service.replace_with_ai(table_id, "u1", "Bob", "random")
    assert replaced.headline[0].en == "Bob is now played by a random bot."
    assert [m.seat for m in replaced.moves] == ["Bob"]
    assert [s.seat for s in replaced.to_act] == ["Alice"]
    with pytest.raises(errors.NotHumanSeat):
        await service.replace_with_ai(table_id, "u1", "Bob")
    log = await service.log(table_id, "u2")  # Bob may still read his own past
    assert len(log) == 2
    closed = await service.abandon(table_id, "u1")
    assert closed.table.status == "abandoned" and closed.text.en == "Alice abandoned the table."
    with pytest.raises(errors.TableClosed):
        await service.abandon(table_id, "u1")


async def test_a_moderator_may_act_for_the_host(service: TableService) -> None:
    update = await service.start("c1", "u1", game="tally", name="Alice", options={"target": 30})
    changed = await service.set_reminders(update.table.id, "mod", remind_after=7200, moderator=True)
    assert changed.table.remind_after == 7200
    assert changed.text.en == "Reminders every 2 h; no automatic moves."
    closed = await service.abandon(update.table.id, "mod", moderator=True)
    assert closed.table.status == "abandoned"


async def test_board_messages_are_remembered(service: TableService) -> None:
    update = await service.start("c1", "u1", game="tally", name="Alice")
    await service.record_message(update.table.id, "m1", "c1")
    await service.act(update.table.id, "u1", "add 1")
    await service.record_message(update.table.id, "m2", "c1")
    messages = await service.messages(update.table.id)
    assert [(m.message_id, m.version) for m in messages] == [("m1", 0), ("m2", 1)]
