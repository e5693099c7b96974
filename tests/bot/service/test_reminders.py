"""Reminders and automatic moves fire at the right (injected) times, and survive restarts."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service.store import SqliteStore, open_store
from bot.service.tables import TableService
from bot.service.updates import Reminder
from tests.bot.conftest import START, Clock, ServiceFactory

HOUR = 3600.0


async def alice_and_bob(service: TableService, target: int = 30) -> str:
    await service.join("c1", "u1", name="Alice")
    await service.join("c1", "u2", name="Bob")
    update = await service.start("c1", "u1", game="tally", options={"target": target})
    return update.table.id


async def reminded(service: TableService) -> list[str]:
    return [r.seat.seat for r in (await service.tick()).reminders]


async def test_a_waiting_player_is_reminded_once_per_interval(
    service: TableService, clock: Clock
) -> None:
    table_id = await alice_and_bob(service)  # remind_after is one hour (conftest)
    clock.now = START + HOUR - 1
    assert await reminded(service) == []
    clock.now = START + HOUR
    tick = await service.tick()
    assert [(r.seat.seat, r.seat.user, r.waited) for r in tick.reminders] == [("Alice", "u1", HOUR)]
    assert tick.reminders[0].text.en == "Alice, Tally has been waiting for your move for 60 min."
    assert "タリー" in tick.reminders[0].text.ja
    assert tick.updates == ()
    assert await reminded(service) == []  # not twice for the same wait
    clock.now = START + 2 * HOUR - 1
    assert await reminded(service) == []
    clock.now = START + 2 * HOUR
    assert await reminded(service) == ["Alice"]

    clock.now = START + 2 * HOUR + 100
    await service.act(table_id, "u1", "add 1")  # now Bob waits, from this moment
    clock.now = START + 3 * HOUR + 99
    assert await reminded(service) == []
    clock.now = START + 3 * HOUR + 100
    assert await reminded(service) == ["Bob"]


async def test_the_interval_is_the_tables_own(service: TableService, clock: Clock) -> None:
    table_id = await alice_and_bob(service)
    await service.set_reminders(table_id, "u1", remind_after=6 * HOUR)
    clock.now = START + 6 * HOUR - 1
    assert await reminded(service) == []
    clock.now = START + 6 * HOUR
    assert await reminded(service) == ["Alice"]


async def test_reminders_survive_a_restart(
    db_path: Path, make_service: ServiceFactory, clock: Clock
) -> None:
    store = await SqliteStore.open(db_path)
    await alice_and_bob(make_service(store))
    clock.now = START + HOUR
    assert await reminded(make_service(store)) == ["Alice"]
    await store.close()
    store = await SqliteStore.open(db_path)
    fresh = make_service(store)
    assert await reminded(fresh) == []  # it remembers that Alice was reminded
    clock.now = START + 2 * HOUR
    assert await reminded(fresh) == ["Alice"]
    await store.close()


async def test_automatic_pass_after_the_takeover_time(service: TableService, clock: Clock) -> None:
    table_id = await alice_and_bob(service)
    await service.set_reminders(table_id, "u1", takeover_after=3 * HOUR, takeover="pass")
    clock.now = START + 3 * HOUR - 1
    tick = await service.tick()
    assert tick.updates == () and [r.seat.seat for r in tick.reminders] == ["Alice"]
    clock.now = START + 3 * HOUR
    tick = await service.tick()
    assert tick.reminders == ()
    (update,) = tick.updates
    assert [(m.seat, m.by, m.notation) for m in update.moves] == [("Alice", "auto", "pass")]
    assert update.public_lines()[0] == "Alice did not move for 3 h; played for them: pass"
    assert [s.seat for s in update.to_act] == ["Bob"]
    assert (await service.tick()).updates == ()
    assert (await service.verify(table_id)).ok


async def test_ai_takeover_moves_for_the_absent_and_the_ai_answers(
    service: TableService, clock: Clock
) -> None:
    update = await service.start("c1", "u1", game="sealed", bots=1, name="Ann")
    table_id = update.table.id
    await service.set_reminders(table_id, "u1", takeover_after=2 * HOUR, takeover="ai")
    clock.now = START + 2 * HOUR
    (update,) = (await service.tick()).updates
    # Ann's bid was a secret choice: the channel is told one was made for her, not which.
    assert update.moves[0].seat == "Ann" and update.moves[0].notation is None
    assert update.public_lines()[0] == "Ann did not move for 2 h; a choice was made for them."
    assert [n.user for n in update.private] == ["u1"]
    assert update.view.round == 2  # type: ignore[attr-defined]


async def test_without_takeover_nobody_moves_for_the_absent(
    service: TableService, clock: Clock
) -> None:
    table_id = await alice_and_bob(service)
    clock.now = START + 30 * 86400
    tick = await service.tick()
    assert tick.updates == () and len(tick.reminders) == 1
    assert (await service.info(table_id)).version == 0


async def test_finished_and_abandoned_tables_send_no_reminders(
    service: TableService, clock: Clock
) -> None:
    table_id = await alice_and_bob(service, target=3)
    await service.act(table_id, "u1", "add 3")
    other = await service.start("c2", "u3", game="tally", name="Cy")
    await service.abandon(other.table.id, "u3")
    clock.now = START + 10 * HOUR
    assert await reminded(service) == []


async def test_recover_finishes_ai_moves_a_crash_left_undone(
    db_path: Path, make_service: ServiceFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await SqliteStore.open(db_path)
    service = make_service(store)
    await service.join("c1", "u1", name="Ann")
    await service.add_bot("c1", "u1")
    update = await service.start("c1", "u1", game="tally", options={"target": 30})

    async def crash_before_the_ai_moves(*args: object) -> None:
        return None

    # As if the process died right after writing Ann's move, before the bot's answer.
    monkeypatch.setattr(service, "_ai_moves", crash_before_the_ai_moves)
    await service.act(update.table.id, "u1", "add 1")
    await store.close()

    store = await SqliteStore.open(db_path)
    restarted = make_service(store)
    (recovered,) = await restarted.recover()
    assert [(m.seat, m.by) for m in recovered.moves] == [("Bot 1", "ai")]
    assert [s.seat for s in recovered.to_act] == ["Ann"]
    assert await restarted.recover() == ()
    await store.close()


# ---------------------------------------------------------------- the reminder outbox


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, db_path: Path) -> str:
    if request.param == "postgresql":
        return str(request.getfixturevalue("postgres_dsn"))
    return str(db_path)


class Sender:
    """What the adapter does with an owed reminder: here, keeps it (or fails, when told to)."""

    def __init__(self, works: bool = True) -> None:
        self.works = works
        self.sent: list[Reminder] = []

    async def __call__(self, reminder: Reminder) -> bool:
        if self.works:
            self.sent.append(reminder)
        return self.works


async def test_a_reminder_recorded_before_a_crash_is_sent_once_after_it(
    database: str, make_service: ServiceFactory, clock: Clock
) -> None:
    store = await open_store(database)
    table_id = await alice_and_bob(make_service(store))
    clock.now = START + HOUR
    (recorded,) = (await make_service(store).tick()).reminders
    await store.close()  # the process dies before sending it

    store = await open_store(database)
    restarted = make_service(store)
    assert await restarted.owed_reminder_tables() == [table_id]
    sender = Sender()
    assert await restarted.send_reminders(table_id, sender)
    assert sender.sent == [recorded]  # the same reminder, with the same key (Discord's nonce)
    assert await restarted.owed_reminder_tables() == []
    assert await restarted.send_reminders(table_id, sender) and len(sender.sent) == 1
    assert await reminded(restarted) == []  # and the tick does not record it again
    await store.close()


async def test_an_unsent_reminder_waits_and_one_no_longer_true_is_dropped(
    service: TableService, clock: Clock
) -> None:
    table_id = await alice_and_bob(service)
    clock.now = START + HOUR
    assert await reminded(service) == ["Alice"]
    assert not await service.send_reminders(table_id, Sender(works=False))  # Discord is down
    assert await service.owed_reminder_tables() == [table_id]
    await service.act(table_id, "u1", "add 1")  # Alice moved meanwhile: nothing to remind
    sender = Sender()
    assert await service.send_reminders(table_id, sender)
    assert sender.sent == [] and await service.owed_reminder_tables() == []
    clock.now = START + 2 * HOUR + 1
    assert await reminded(service) == ["Bob"]
    clock.now = START + 3 * HOUR + 2  # Bob reminded again before the first could be sent
    assert await reminded(service) == ["Bob"]
    assert await service.send_reminders(table_id, sender)
    assert [r.waited for r in sender.sent] == [2 * HOUR + 2]  # only the latest still holds


async def test_a_table_another_process_is_reminding_is_left_to_it(
    postgres_dsn: str, make_service: ServiceFactory, clock: Clock
) -> None:
    import asyncpg

    store = await open_store(postgres_dsn)
    service = make_service(store)
    table_id = await alice_and_bob(service)
    clock.now = START + HOUR
    assert await reminded(service) == ["Alice"]
    other = await asyncpg.connect(postgres_dsn)  # another process, sending it right now
    assert await other.fetchval("SELECT pg_try_advisory_lock(74657432, hashtext($1))", table_id)
    sender = Sender()
    assert not await service.send_reminders(table_id, sender) and sender.sent == []
    await other.close()  # it died before taking it out of the outbox: this process sends it
    assert await service.send_reminders(table_id, sender) and len(sender.sent) == 1
    await store.close()


async def test_the_story_of_a_first_move_made_for_the_absent_names_no_made_up_wait(
    service: TableService, clock: Clock
) -> None:
    # A board rebuilt from the log does not know when the wait for the game's first move began:
    # it says "in time" rather than a duration counted from nothing.
    table_id = await alice_and_bob(service)
    await service.set_reminders(table_id, "u1", takeover_after=3 * HOUR, takeover="pass")
    clock.now = START + 3 * HOUR
    (live,) = (await service.tick()).updates
    assert live.public_lines()[0] == "Alice did not move for 3 h; played for them: pass"
    rebuilt = await service.board(table_id)
    assert "Alice did not move in time; played for them: pass" in rebuilt.public_lines()
    assert not any("did not move for" in line for line in rebuilt.public_lines())
